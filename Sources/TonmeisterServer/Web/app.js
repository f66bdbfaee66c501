// The live note-taking page: state, loading, drawing, the take counter, palette, keys and server events.
import { call, listen, flush, watchOutbox } from './api.js';
import { draw } from './draw.js';
import { problemShort, systemsOf, systemAt } from './geometry.js';
import { attachInput } from './input.js';
import { showClock, renderClock } from './clock.js';
import { attachPassControl } from './passes.js';
import { bindProgramme, refreshProgramme, toggleProgramme } from './programme.js';
import { showCovers, showMarkEditor, showLayoutMenu, confirmDialog } from './popups.js';
import { bindActions, useTap, placeMark, placeInk, placeRange, moveMark, undo } from './actions.js';
import { bindTakes, latestTake, takeArrived, filesArrived, newTake, previousTake, endTake, showTakePanel } from './takes.js';
import { keyHandler, showHelp } from './keys.js';
import { showHistory, refreshHistory } from './history.js';
import { setUpScreen, toggleDrawer, fullScreen, openJump } from './screen.js';
import { watchStatus, renderStatus, streamState, waiting, probe } from './status.js';

const $ = (id) => document.getElementById(id);

export const state = {
  session: null, layout: null, bars: [], pages: [], takes: new Map(), marks: new Map(),
  page: 1, current: null, mode: 'notes', tool: null, newTake: null, awaitingEnd: false, moving: null,
  fit: 'width', zoom: 1, follow: false, coverage: null, plan: null, pageSize: { width: 595, height: 842 }, pending: null, lastPoint: null, event: 0, highest: 0,
  pinned: null, filter: null, sketch: null, penMode: false, dark: 'auto', unsentMarks: new Map(),
};
window.tonmeisterState = state;
const toasts = [];
window.tonmeisterToasts = toasts;

// ---------------------------------------------------------------- loading and drawing

export async function load() {
  const session = await call('GET', 'session');
  const repairs = (session.warnings || []).filter((w) => w.kind !== 'untimed-take' && w.kind !== 'no-timecode');
  if (repairs.length) toast(`${repairs.length} repair${repairs.length === 1 ? '' : 's'} on reading: ${repairs[0].message}`);
  const before = state.session ? state.takes : null;
  state.session = session;
  state.layout = session.layout;
  state.detection = session.detection || null;
  state.bars = session.bars;
  state.pages = session.score.pages;
  state.takes = new Map(session.takes.map((t) => [t.number, t]));
  if (before) filesArrived(before);
  state.marks = new Map(session.marks.map((m) => [m.id, m]));
  state.event = session.event;
  state.highest = Math.max(session.nextTake.number - 1, ...session.takes.map((t) => t.number), 0);
  if (state.pinned !== null && !state.takes.has(state.pinned)) state.pinned = null;
  if (state.pinned === null || !state.takes.has(state.current)) state.current = latestTake();
  $('title').textContent = session.title;
  document.title = `${session.title} — Tonmeister`;
  if (state.page > state.pages.length) state.page = 1;
  if (state.page === 1 && state.current !== null && !hasSystems(1)) state.page = state.takes.get(state.current).start.page;
  else if (state.page === 1 && !hasSystems(1)) state.page = firstPageWithSystems();
  attachPassControl(state, $('take-status'));
  if (state.mode === 'coverage' || state.mode === 'plan') await refreshQuery();
  showPage(state.page);
  if (document.getElementById('programme')) await refreshProgramme();
  document.body.dataset.ready = '1';
}

function hasSystems(page) {
  return !!state.layout && (state.layout.pages.find((p) => p.page === page)?.systems.length ?? 0) > 0;
}

function firstPageWithSystems() {
  for (const p of state.pages) if (hasSystems(p.page)) return p.page;
  return 1;
}

/** Shows a page (1-based), sized to fill the stage, at the device's resolution. */
export function showPage(page, direction) {
  page = Math.min(Math.max(1, page), state.pages.length || 1);
  const info = state.pages[page - 1] || { width: 595, height: 842 };
  state.page = page;
  state.pageSize = { width: info.width, height: info.height };
  const stage = $('stage').getBoundingClientRect();
  const fitPage = Math.min((stage.width - 16) / info.width, (stage.height - 16) / info.height);
  const base = state.fit === 'width' ? Math.max(fitPage, (stage.width - 28) / info.width) : fitPage;
  const scale = base * (state.zoom || 1);
  document.body.classList.toggle('fit-width', scale > fitPage);
  const sheet = $('sheet');
  sheet.style.width = `${Math.floor(info.width * scale)}px`;
  sheet.style.height = `${Math.floor(info.height * scale)}px`;
  const pixels = Math.round(info.width * scale * (window.devicePixelRatio || 1));
  const src = `/api/pages/${page}.png?width=${pixels}`;
  if ($('score').getAttribute('src') !== src) $('score').src = src;
  for (const next of [page - 1, page + 1]) if (next >= 1 && next <= state.pages.length) new Image().src = `/api/pages/${next}.png?width=${pixels}`;
  if (direction) {
    $('stage').scrollTop = 0;
    sheet.classList.remove('turn-left', 'turn-right');
    void sheet.offsetWidth;
    sheet.classList.add(direction > 0 ? 'turn-left' : 'turn-right');
  }
  // A page the detection doubted says so until its layout is checked (edited) or detected again.
  const doubted = state.detection ? state.detection.doubtfulPages : [];
  $('page-label').textContent = `${page} / ${state.pages.length}${doubted.includes(page) ? ' ⚠' : ''}`;
  $('page-label').classList.toggle('doubtful', doubted.includes(page));
  $('page-label').title = doubted.length ? `check the layout of page${doubted.length === 1 ? '' : 's'} ${doubted.join(', ')} (Layout)` : '';
  render();
}

/** Redraws the overlay and the controls. */
export function render() {
  draw($('overlay'), state);
  const take = state.takes.get(state.current);
  const label = state.newTake ? String(state.newTake.number) : take ? take.label : '–';
  $('take-label').textContent = label;
  $('take-word').textContent = state.newTake ? 'new take' : state.pinned !== null ? 'pinned' : 'take';
  $('take-number').classList.toggle('pending', !!state.newTake);
  $('take-number').classList.toggle('pinned', state.pinned !== null && !state.newTake);
  $('end-take').textContent = state.awaitingEnd ? 'Cancel' : 'End';
  $('end-take').classList.toggle('warn', state.awaitingEnd);
  $('take-status').innerHTML = statusText(take);
  renderClock(state);
  document.querySelectorAll('.tool').forEach((b) => b.classList.toggle('selected', isSelected(b)));
  renderLegend();
}

function isSelected(button) {
  const tool = state.tool;
  if (!tool) return false;
  if (tool.kind !== button.dataset.tool) return false;
  if (tool.kind === 'rating') return String(tool.value) === button.dataset.value;
  if (tool.kind === 'problem') return tool.problem === button.dataset.problem;
  return true;
}

function statusText(take) {
  if (state.newTake) return `tap the score where <b>take ${state.newTake.number}</b> starts`;
  if (state.awaitingEnd && take) return `tap where <b>take ${take.label}</b> ended`;
  if (state.moving) return 'tap the new place of the mark';
  if (state.tool && state.tool.kind === 'ink') return 'draw with a finger';
  if (state.tool) return 'tap to place, <b>drag for a range</b>';
  if (!take) return 'press + to start a take';
  const marks = [...state.marks.values()].filter((m) => m.take === take.number).length;
  const bars = take.end ? `bars ${take.fromBar ?? '?'}–${take.toBar ?? '?'}` : `from bar ${take.fromBar ?? '?'}, <b>no end yet</b>`;
  return `${bars} · ${marks} mark${marks === 1 ? '' : 's'}`;
}

function renderLegend() {
  const legend = $('legend');
  if (state.mode === 'coverage') {
    const gaps = state.coverage ? state.coverage.gaps.length : 0;
    legend.innerHTML = [1, 2, 3, 4, 5].map((v) => `<span><i class="r${v}"></i>${v}</span>`).join('')
      + `<span><i class="none"></i>no take</span><span>best rating per bar · ${gaps} gap${gaps === 1 ? '' : 's'}</span>`;
  } else if (state.mode === 'plan' && state.plan) {
    const p = state.plan;
    legend.innerHTML = `<span><i class="plan"></i>${p.segments.length} segments</span>`
      + `<span><i class="splice"></i>${p.splices} splices</span>`
      + `<span><i class="none"></i>${p.uncovered.length} to retake</span><span>total ${p.total}</span>`;
  } else {
    legend.innerHTML = '';
  }
}

/** Shows a short message at the foot of the page; the page keeps the last 50 (window.tonmeisterToasts), so a message
 *  replaced by the next one can still be read back. */
export function toast(message, error = false) {
  toasts.push({ message, error, at: Date.now() });
  if (toasts.length > 50) toasts.shift();
  const t = $('toast');
  t.textContent = message;
  t.classList.toggle('error', error);
  t.classList.add('show');
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => t.classList.remove('show'), error ? 4200 : 2400);
}

/** Runs an API call, showing its error as a toast; returns the answer or null (with `quiet`, a refusal is returned
 *  as {error, status} instead). */
export async function attempt(method, path, body, quiet = false) {
  try {
    return await call(method, path, body, (n) => { if (n === 0) toast('the network dropped: sending again…'); });
  } catch (e) {
    if (quiet && e.status >= 400 && e.status < 500) return { error: e.message, status: e.status };
    toast(e.message, true);
    return null;
  }
}

// ---------------------------------------------------------------- editing

export function upsertTake(take) {
  const isNew = !take.deleted && !state.takes.has(take.number);
  const before = new Map(state.takes);
  if (take.deleted) state.takes.delete(take.number); else state.takes.set(take.number, take);
  filesArrived(before);
  state.highest = Math.max(state.highest, take.number);
  takeArrived(take, isNew);
  if (!state.takes.has(state.current)) state.current = latestTake();
}

/** A take renumbered (here or on another device): its marks, the current and pinned take follow it. */
export function renumbered(from, take) {
  state.takes.delete(from);
  for (const mark of state.marks.values()) if (mark.take === from) mark.take = take.number;
  if (state.current === from) state.current = take.number;
  if (state.pinned === from) state.pinned = take.number;
  if (state.filter) state.filter = state.filter.map((n) => (n === from ? take.number : n));
  state.takes.set(take.number, take);
  state.highest = Math.max(state.highest, take.number);
}

export function upsertMark(mark) {
  if (mark.deleted) state.marks.delete(mark.id); else state.marks.set(mark.id, mark);
  if (!mark.deleted && mark.take === state.current) follow(mark.at);
}

// ---------------------------------------------------------------- modes and navigation

export async function setMode(mode) {
  state.mode = mode;
  state.tool = null;
  if (mode !== 'layout' && document.body.classList.contains('programme-open')) toggleProgramme(false);
  document.body.classList.remove('mode-notes', 'mode-coverage', 'mode-plan', 'mode-layout');
  document.body.classList.add(`mode-${mode}`);
  document.querySelectorAll('.mode').forEach((b) => b.classList.toggle('active', b.dataset.mode === mode));
  await refreshQuery();
  render();
}

async function refreshQuery() {
  if (state.mode === 'coverage') state.coverage = await attempt('GET', 'coverage');
  if (state.mode === 'plan') state.plan = await attempt('GET', 'plan');
}

/** Turns a whole page (the arrow keys, a swipe). */
export function turn(delta) {
  const page = Math.min(Math.max(1, state.page + delta), state.pages.length);
  if (page !== state.page) showPage(page, delta);
}

/** The page buttons: while the page runs on below (or above) the screen, a half-page turn scrolls half a screen;
 *  at its end the next page comes, at its top (or, going back, at its bottom). */
export function halfTurn(delta) {
  const stage = $('stage');
  const below = stage.scrollHeight - stage.clientHeight - stage.scrollTop, above = stage.scrollTop;
  if (delta > 0 && below > 4) { stage.scrollBy({ top: Math.min(below, stage.clientHeight / 2), behavior: 'smooth' }); return; }
  if (delta < 0 && above > 4) { stage.scrollBy({ top: -Math.min(above, stage.clientHeight / 2), behavior: 'smooth' }); return; }
  const page = state.page;
  turn(delta);
  if (delta < 0 && state.page !== page) stage.scrollTop = stage.scrollHeight;
}

/** Follow mode: keeps the place of the newest mark or take start of the current take in view (its page shown,
 *  scrolled so the system sits in the upper part of the screen). */
export function follow(at) {
  if (!state.follow || !at) return;
  if (at.page !== state.page) showPage(at.page, at.page > state.page ? 1 : -1);
  const stage = $('stage'), sheet = $('sheet');
  const systems = systemsOf(state.layout, at.page);
  const index = systems.length ? systemAt(systems, at.y) : -1;
  const y = index >= 0 ? systems[index].top : at.y;
  const pixels = (y / state.pageSize.height) * sheet.getBoundingClientRect().height;
  const wanted = Math.max(0, sheet.offsetTop + pixels - stage.clientHeight * 0.25);
  if (Math.abs(stage.scrollTop - wanted) > stage.clientHeight * 0.2) stage.scrollTo({ top: wanted, behavior: 'smooth' });
}

/** Shows a bar's page, scrolls its system into view and flashes the bar. */
export function showBar(bar) {
  showPage(bar.page);
  const stage = $('stage'), sheet = $('sheet');
  const pixels = (bar.top / state.pageSize.height) * sheet.getBoundingClientRect().height;
  stage.scrollTop = Math.max(0, sheet.offsetTop + pixels - stage.clientHeight * 0.25);
  const svg = $('overlay');
  const flash = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  Object.entries({ x: bar.left, y: bar.top, width: bar.right - bar.left, height: bar.bottom - bar.top, class: 'flash' })
    .forEach(([k, v]) => flash.setAttribute(k, v));
  svg.append(flash);
}

// ---------------------------------------------------------------- events from the server

let refreshTimer = null;
function onEvent(event, id) {
  if (event.type === 'hello') {
    if (event.event !== state.event) load();
    return;
  }
  if (id && id > state.event + 1 && state.event > 0) { state.event = id; load(); return; }
  if (id) state.event = Math.max(state.event, id);
  if (event.type === 'clock') state.session.clockOffset = event.clockOffset;
  if (event.type === 'undo' && event.action && ['clock', 'programme'].includes(event.action.action)) { load(); return; }
  if (event.type === 'take') upsertTake(event.take);
  if (event.type === 'mark') upsertMark(event.mark);
  if (event.type === 'renumber') renumbered(event.from, event.take);
  if (event.type === 'layout' || event.type === 'programme' || event.type === 'reload') { load(); return; }
  if (event.type !== 'hello') refreshHistory();
  if (state.mode === 'coverage' || state.mode === 'plan') {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => refreshQuery().then(render), 300);
  }
  render();
}

// ---------------------------------------------------------------- controls

function setUpControls() {
  $('take-plus').onclick = newTake;
  $('take-minus').onclick = previousTake;
  $('take-number').onclick = showTakePanel;
  $('end-take').onclick = () => endTake();
  $('undo').onclick = undo;
  $('help-button').onclick = () => { toggleDrawer(false); showHelp(); };
  $('history-button').onclick = () => { toggleDrawer(false); showHistory(app); };
  $('clock').onclick = () => showClock({ state, attempt, render, toast, upsertTake });
  $('page-prev').onclick = () => halfTurn(-1);
  $('page-next').onclick = () => halfTurn(1);
  $('follow').onclick = () => {
    state.follow = !state.follow;
    $('follow').classList.toggle('selected', state.follow);
    const take = state.takes.get(state.current);
    const newest = [...state.marks.values()].filter((m) => m.take === state.current).sort((a, b) => b.id - a.id)[0];
    if (state.follow) follow(newest ? newest.at : take && take.start);
  };
  $('fit').onclick = () => { state.fit = state.fit === 'page' ? 'width' : 'page'; state.zoom = 1; $('fit').classList.toggle('selected', state.fit === 'width'); showPage(state.page); };
  $('detect').onclick = async () => {
    const choice = await confirmDialog('Detect the layout', 'Replace the layout with the systems and bars found in the PDF?', ['Detect and replace']);
    if (choice === 0) {
      const answer = await attempt('POST', 'layout/detect', { save: true });
      if (answer) {
        const doubted = answer.detection ? answer.detection.doubtfulPages : [];
        toast(doubted.length ? `layout detected: check page${doubted.length === 1 ? '' : 's'} ${doubted.join(', ')} (split, merge, barlines)` : 'layout detected: every page read confidently');
        await load();
      }
    }
  };
  document.querySelectorAll('.mode').forEach((b) => { b.onclick = () => { setMode(b.dataset.mode); toggleDrawer(false); }; });
  const problems = $('problems');
  for (const name of state.session.problems) {
    const b = document.createElement('button');
    b.className = 'tool problem';
    b.dataset.tool = 'problem';
    b.dataset.problem = name;
    b.textContent = '! ' + (problemShort[name] || name);
    b.title = name;
    problems.append(b);
  }
  document.querySelectorAll('.tool').forEach((b) => {
    b.onclick = () => pickTool({ kind: b.dataset.tool, value: Number(b.dataset.value), problem: b.dataset.problem }, b);
  });
  window.addEventListener('resize', () => showPage(state.page));
  window.addEventListener('keydown', keyHandler(app));
}

/** Chooses a palette tool (again: none); the next tap places it, a drag makes a range (ink: a stroke). */
export function pickTool(tool, button) {
  const same = state.tool && state.tool.kind === tool.kind && state.tool.problem === tool.problem && (tool.kind !== 'rating' || state.tool.value === tool.value);
  state.tool = same && (!button || isSelected(button)) ? null : tool;
  document.body.classList.toggle('drawing', !!state.tool);
  render();
}

/** The page as the other modules see it. */
const app = {
  state, load, showPage, showBar, render, turn, halfTurn, follow, toast, attempt, upsertTake, upsertMark, renumbered, setMode, pickTool,
  useTap, placeMark, placeInk, placeRange, moveMark, undo, newTake, previousTake, endTake, fullScreen, openJump,
  showCovers, showMarkEditor, showLayoutMenu, showHistory,
};
bindActions(app);
bindTakes(app);

/** The changes waiting in the outbox: their count for the indicator, and the marks among them drawn dashed. */
function outboxChanged(entries) {
  waiting(entries.length);
  const unsent = new Map();
  for (const e of entries) {
    if (e.method !== 'POST' || e.path !== 'marks') continue;
    try { unsent.set(e.key, { ...JSON.parse(e.body), id: `unsent-${e.key}`, unsent: true }); } catch (err) { /* not JSON */ }
  }
  const changed = unsent.size !== state.unsentMarks.size || [...unsent.keys()].some((k) => !state.unsentMarks.has(k));
  state.unsentMarks = unsent;
  if (changed && document.body.dataset.ready === '1') render();
}

async function start() {
  // The token came in the URL once; the cookie carries it from now on. Keep it out of the history and the address bar.
  if (new URLSearchParams(location.search).has('token')) history.replaceState(null, '', location.pathname + location.hash);
  watchStatus(renderStatus);
  try {
    await load();
  } catch (e) {
    document.body.innerHTML = `<p class="fatal">${e.message}</p>`;
    return;
  }
  setUpControls();
  bindProgramme(app);
  setUpScreen(app);
  watchOutbox(outboxChanged);
  // Changes an earlier page left in the outbox (closed or reloaded while the network was down) are sent now,
  // with their own keys, and again whenever the network comes back.
  const resend = async () => {
    probe();
    const { sent, refused } = await flush();
    if (refused.length) toast(`a waiting change was refused: ${refused[0]}`, true);
    else if (sent) toast(`${sent} waiting change${sent === 1 ? '' : 's'} sent`);
    if (sent || refused.length) { await load(); render(); }
  };
  await resend();
  window.addEventListener('online', resend);
  setInterval(resend, 5000);
  attachInput(app);
  listen(onEvent, streamState);
  render();
}

start();
