// The history list: the session's actions, newest first, each with the device that made it, its time and what it
// did; this tablet's newest action can be undone from here, another tablet's newest only after an explicit choice.
import { call } from './api.js';
import { openPanel, confirmDialog } from './popups.js';
import { deviceId } from './status.js';

const LIMIT = 40;
let app = null;

function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

/** The local time of an ISO 8601 instant as HH:MM:SS ('–' when unknown). */
function clockTime(iso) {
  if (!iso) return '–';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '–' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

/** The rows of the list; this tablet's newest entry and the newest entry of all (another tablet's) get an undo button. */
function rows(entries) {
  const me = deviceId();
  const own = entries.find((e) => e.device === me);
  return entries.map((e, i) => {
    const mine = e.device === me;
    let button = '';
    if (own && e.id === own.id) button = '<button id="history-undo-own" class="primary">Undo</button>';
    else if (i === 0 && !mine) button = '<button id="history-undo-other">Undo…</button>';
    const who = e.device ? (mine ? `<b>this tablet</b>` : escape(e.device)) : '<i>command line / unknown</i>';
    return `<tr data-id="${e.id}" data-action="${escape(e.action)}" data-device="${escape(e.device || '')}" class="${mine ? 'mine' : ''}">`
      + `<td class="time">${clockTime(e.time)}</td><td class="who">${who}</td><td class="did">${escape(e.did)}</td><td>${button}</td></tr>`;
  }).join('');
}

/** Opens the history list (from the drawer or `H`). */
export async function showHistory(page) {
  app = page;
  openPanel('<h3 id="history-title">History</h3><div class="history-scroll"><table id="history-table"></table></div>'
    + `<p class="hint-line">Newest first. This tablet is <b>${escape(deviceId())}</b>; Undo takes back its newest action, another tablet's only when you say so.</p>`
    + '<div class="row"><button data-cancel class="primary">Close</button></div>');
  await refreshHistory();
}

/** Fills the open list again (after an undo here, or when another device changed the session). */
export async function refreshHistory() {
  const table = document.getElementById('history-table');
  if (!table) return;
  let answer;
  try { answer = await call('GET', `history?limit=${LIMIT}`); } catch (e) { app.toast(e.message, true); return; }
  table.innerHTML = rows(answer.history) || '<tr><td>Nothing done yet.</td></tr>';
  document.getElementById('history-title').textContent = `History (${answer.total} action${answer.total === 1 ? '' : 's'})`;
  // Filled after it opened: centred again for its size now.
  const box = document.getElementById('popup');
  box.style.left = `${Math.max(8, (window.innerWidth - box.offsetWidth) / 2)}px`;
  box.style.top = `${Math.max(8, (window.innerHeight - box.offsetHeight) / 2)}px`;
  const own = document.getElementById('history-undo-own');
  if (own) own.onclick = () => undoFromList(null);
  const other = document.getElementById('history-undo-other');
  if (other) other.onclick = () => undoFromList(answer.history[0]);
}

/** Undoes this tablet's newest action (entry null), or, after asking, the newest entry of another tablet. */
async function undoFromList(entry) {
  let answer;
  if (entry) {
    const who = entry.device || 'the command line';
    const choice = await confirmDialog('Undo another tablet\'s action?', `${who}: ${entry.did} (undo ${entry.description}).`, [`Undo ${who}'s action`]);
    if (choice !== 0) { await showHistory(app); return; }
    answer = await app.attempt('POST', 'undo', entry.device ? { device: entry.device } : { any: true });
    await showHistory(app);
  } else {
    answer = await app.attempt('POST', 'undo', {});
  }
  if (answer && answer.undone) {
    app.toast(`undone: ${answer.undone.description}${answer.undone.device && answer.undone.device !== deviceId() ? ` (made on ${answer.undone.device})` : ''}`);
    await app.load();
  }
  await refreshHistory();
}
