// The take counter: new take, end, the previous take, and the take panel (go to a take, pin it or follow the
// session, its note, renumber, delete). Every device follows the session's current take — the newest started on any
// device — unless the producer pinned another one here.
import { confirmDialog, closePopup, openPanel, popupOpen } from './popups.js';
import { endAt } from './actions.js';

let app = null;
const $ = (id) => document.getElementById(id);

export function bindTakes(page) { app = page; }

/** The newest take (the session's current one). */
export function latestTake() {
  const numbers = [...app.state.takes.keys()];
  return numbers.length ? Math.max(...numbers) : null;
}

/** A take event from the server: a take started on another device becomes this one's current take unless pinned. */
export function takeArrived(take, isNew) {
  const { state } = app;
  if (take.deleted) {
    if (state.pinned === take.number) state.pinned = null;
    return;
  }
  if (!isNew || state.current === take.number) return;
  if (state.pinned !== null) {
    app.toast(`take ${take.label} started on another tablet; this one stays on take ${state.takes.get(state.pinned)?.label ?? state.pinned} (pinned)`);
    return;
  }
  state.current = take.number;
  state.newTake = null;
  app.toast(`take ${take.label} started: following it`);
  app.follow(take.start);
}

/** Makes `number` this device's take: pinned unless it is the session's current one. */
export function chooseTake(number) {
  const { state } = app;
  state.newTake = null;
  state.current = number;
  state.pinned = number === latestTake() ? null : number;
  showTakePage();
}

export async function newTake() {
  const { state } = app;
  closePopup();
  const take = state.takes.get(state.current);
  if (take && !take.end && !state.newTake) {
    const choice = await confirmDialog(`Take ${take.label} has no end`,
      'Its end is missing: it would run to the end of the score.', ['Set the end now', `Leave it open, start take ${state.highest + 1}`]);
    if (choice === 0) { state.awaitingEnd = true; app.render(); return; }
    if (choice !== 1) return;
  }
  state.awaitingEnd = false;
  state.newTake = { number: state.highest + 1, typed: false };
  app.render();
}

export function previousTake() {
  const { state } = app;
  if (state.newTake) { state.newTake = null; app.render(); return; }
  const numbers = [...state.takes.keys()].sort((a, b) => a - b);
  const index = numbers.indexOf(state.current);
  if (index > 0) chooseTake(numbers[index - 1]);
  else if (index === -1 && numbers.length) chooseTake(numbers.at(-1));
}

export function showTakePage() {
  const { state } = app;
  const take = state.takes.get(state.current);
  if (take && take.start.page !== state.page) app.showPage(take.start.page); else app.render();
}

/** End: tap where the take ended (or, from the keyboard, the place of the last tap). */
export function endTake(at) {
  const { state } = app;
  if (state.awaitingEnd) { state.awaitingEnd = false; app.render(); return; }
  if (state.current === null) { app.toast('no take to end', true); return; }
  state.newTake = null;
  if (at) { endAt(at); return; }
  state.awaitingEnd = true;
  app.render();
}

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

/** The take panel: go to (or start) a take by number, follow or pin, the note, renumber, delete. */
export function showTakePanel() {
  const { state } = app;
  const take = state.takes.get(state.current);
  const marks = take ? [...state.marks.values()].filter((m) => m.take === take.number).length : 0;
  const head = take ? `Take ${escape(take.label)}` : 'Takes';
  const about = take ? `bars ${escape(take.fromBar ?? '?')}–${escape(take.toBar ?? '…')} · ${marks} mark${marks === 1 ? '' : 's'}`
    + (take.device ? ` · started on ${escape(take.device)}` : '') : 'no take yet';
  const following = state.pinned === null ? 'following the session\'s newest take' : `pinned to take ${escape(take ? take.label : state.pinned)}`;
  let html = `<h3 id="take-panel-title">${head}</h3><p class="hint-line">${about}<br>${following}</p>`
    + `<form id="take-go-form" class="row"><input id="take-go-input" inputmode="numeric" autocomplete="off" placeholder="take number" aria-label="take number">`
    + `<button id="take-go" class="primary">Go</button></form>`;
  if (state.pinned !== null) html += `<div class="row"><button id="take-follow">Follow the session (take ${escape(state.takes.get(latestTake())?.label ?? '')})</button></div>`;
  if (take) {
    html += `<form id="take-note-form" class="row"><input id="take-note-input" value="${escape(take.note || '')}" placeholder="note on the take" autocomplete="off" aria-label="note">`
      + `<button id="take-note-save">Save note</button></form>`
      + (take.source ? `<div class="row"><button id="take-place">${take.placed ? 'Place again from its audio' : 'Place from its audio'}</button></div>`
        + (take.placed ? `<p class="hint-line">placed from audio: ${take.placed.downbeats.length} downbeats, confidence ${take.placed.confidence}</p>` : '') : '')
      + `<form id="take-renumber-form" class="row"><input id="take-renumber-input" inputmode="numeric" autocomplete="off" placeholder="new number" aria-label="new number">`
      + `<button id="take-renumber">Renumber</button></form>`
      + `<div class="row"><button id="take-delete" class="danger">Delete take ${escape(take.label)}</button><button data-cancel>Close</button></div>`;
  }
  const closed = openPanel(html);
  const form = (id, f) => { const node = $(id); if (node) node.onsubmit = (e) => { e.preventDefault(); f(); }; };
  form('take-go-form', () => {
    const n = Number($('take-go-input').value.trim());
    if (!Number.isInteger(n) || n < 0) { $('take-go-input').classList.add('invalid'); return; }
    closePopup();
    if (state.takes.has(n)) chooseTake(n);
    else { state.newTake = { number: n, typed: true }; app.render(); }
  });
  if ($('take-follow')) $('take-follow').onclick = () => { closePopup(); chooseTake(latestTake()); };
  if (!take) return closed;
  form('take-note-form', async () => {
    const answer = await app.attempt('POST', `takes/${take.number}/note`, { note: $('take-note-input').value.trim() });
    if (answer) { app.upsertTake(answer); app.toast(`note of take ${answer.label} saved`); closePopup(); app.render(); }
  });
  form('take-renumber-form', async () => {
    const n = Number($('take-renumber-input').value.trim());
    if (!Number.isInteger(n) || n < 0) { $('take-renumber-input').classList.add('invalid'); return; }
    const answer = await app.attempt('POST', `takes/${take.number}/renumber`, { number: n });
    if (answer) { app.renumbered(take.number, answer); app.toast(`take ${take.label} is now take ${answer.label}`); closePopup(); app.render(); }
  });
  if ($('take-place')) $('take-place').onclick = () => placeTake(take);
  $('take-delete').onclick = async () => {
    closePopup();
    const choice = await confirmDialog(`Delete take ${take.label}?`, `Its ${marks} mark${marks === 1 ? '' : 's'} go with it (Undo brings it back).`, [`Delete take ${take.label}`]);
    if (choice !== 0) return;
    const answer = await app.attempt('DELETE', `takes/${take.number}`);
    if (answer) { app.upsertTake({ ...answer, deleted: true }); app.toast(`take ${take.label} deleted`); app.render(); }
  };
  popupCancel();
  return closed;
}

/** Takes whose file has arrived since `before` (linked by `session link-audio` while the page is open): when
 *  the session names a score's notes (any score's, in a session of several), the page asks once whether to place
 *  them from their audio (taps kept; a take on a score without notes is then reported as such). */
export async function filesArrived(before) {
  const { state } = app;
  if (!(state.session?.scores || []).some((s) => s.music)) return;
  const arrived = [...state.takes.values()].filter((t) => t.source && !t.placed && before.has(t.number) && !before.get(t.number).source);
  if (!arrived.length) return;
  const names = arrived.map((t) => t.label).join(', ');
  const one = arrived.length === 1;
  // Another question or panel is open: it is not closed under the producer's finger; the take panel offers placing.
  if (popupOpen()) { app.toast(`the file of take${one ? '' : 's'} ${names} arrived: the take panel places ${one ? 'it' : 'them'} from the audio`); return; }
  const choice = await confirmDialog(`The file of take${one ? '' : 's'} ${names} arrived`,
    `Place ${one ? 'it' : 'them'} on the score from ${one ? 'its' : 'their'} audio? Every downbeat is timed from the recording; your tapped start and end are kept.`,
    ['Place from the audio']);
  if (choice !== 0) return;
  for (const take of arrived) await placeTake(take);
}

/** Asks the server to place a take from its linked audio (its file has arrived); the producer's taps are kept. When
 *  the audio matches another score's notes better (a take tapped on the wrong piece's score), the page asks whether
 *  to move it there: then its start, end and downbeats all come from the audio (`moving`), and the page follows it. */
async function placeTake(take, moving = false, replacing = false) {
  closePopup();
  app.toast(`placing take ${take.label} from its audio…`);
  const body = {};
  if (moving) body.move = true;
  if (replacing) body.replace = true;
  const answer = await app.attempt('POST', `takes/${take.number}/place`, body);
  if (!answer) return;
  const placed = answer.placed.find((p) => p.take === take.number);
  if (placed) {
    const fresh = await app.attempt('GET', `takes/${take.number}`);
    if (fresh) app.upsertTake(fresh);
    const moved = placed.movedFrom != null ? ` (moved to ${scoreName(placed.score)})` : '';
    // The same bars played twice: the audio fits both passes, the take's tapped start chose (passFromTap).
    const pass = placed.passFromTap ? '; its bars are played twice, and your tap chose the pass' : '';
    app.toast(`take ${take.label} placed from its audio${moved}: bars ${placed.firstBar}–${placed.lastBar}, ${placed.downbeats} downbeats${pass}`);
    app.render();
    // The take now lies on the score its audio matches: that score's page is shown.
    if (placed.movedFrom != null && fresh && fresh.start.page !== app.state.page) app.showPage(fresh.start.page);
    return;
  }
  const why = answer.skipped.find((s) => s.take === take.number);
  if (why && why.kind === 'other-score' && why.bestScore != null && !moving) {
    const name = scoreName(why.bestScore);
    const choice = await confirmDialog(`Take ${take.label} sounds like ${name}`,
      `Its audio matches the notes of ${name} better than those of the score its start was tapped on. Move it to ${name}? `
        + 'Its start, end and every downbeat are then placed from the recording.', ['Move and place']);
    if (choice === 0) await placeTake(take, true);
    else app.toast(`take ${take.label} left where it was tapped`);
    return;
  }
  // The audio puts the take's music far from its taps: another piece, or another take's file. The producer decides.
  if (why && why.kind === 'far-from-tap' && !replacing) {
    const bars = /bars (\S+)–(\S+),/.exec(why.reason);
    const where = bars ? `bars ${bars[1]}–${bars[2]}` : 'other bars';
    const choice = await confirmDialog(`Take ${take.label} sounds elsewhere`,
      `Its audio places it at ${where}, far from where it was tapped: another piece, or another take's file? `
        + 'Place it there anyway? Its start, end and every downbeat are then set from the recording.', ['Place it there']);
    if (choice === 0) await placeTake(take, moving, true);
    else app.toast(`take ${take.label} left where it was tapped`);
    return;
  }
  app.toast(`take ${take.label} not placed: ${why ? why.reason : 'no answer'}`, true);
}

/** A score's name for a person: its pieces' titles, else its file. */
function scoreName(index) {
  const session = app.state.session || {};
  const titles = (session.pieces || []).filter((p) => p.score === index || (p.score == null && index === 0)).map((p) => p.title);
  if (titles.length) return titles.join(', ');
  const score = (session.scores || []).find((s) => s.score === index);
  return score ? score.file : `score ${index + 1}`;
}

function popupCancel() {
  const cancel = document.querySelector('#popup [data-cancel]');
  if (cancel) cancel.onclick = () => closePopup();
}
