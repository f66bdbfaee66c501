// This device's id (sent with every change as X-Tonmeister-Device) and the connection indicator: live, offline,
// server down, and how many changes wait in the outbox.

let device = null;

/** A short random id made once per browser and kept in localStorage (a new one in private mode per page). */
export function deviceId() {
  if (device) return device;
  try { device = localStorage.getItem('tonmeister.device'); } catch (e) { /* private mode */ }
  if (!device || !/^[a-z0-9-]{4,40}$/.test(device)) {
    const bytes = new Uint8Array(4);
    crypto.getRandomValues(bytes);
    device = 'tab-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    try { localStorage.setItem('tonmeister.device', device); } catch (e) { /* kept for this page only */ }
  }
  return device;
}

const status = { stream: 'connecting', server: true, online: navigator.onLine, waiting: 0 };
const listeners = new Set();

/** Calls `f(status)` whenever the connection or the outbox changes. */
export function watchStatus(f) { listeners.add(f); f(summary()); }

function changed() { const s = summary(); for (const f of listeners) f(s); }

/** Whether the server answered the last request (false: the request failed on the network). */
export function reachable(yes) {
  if (status.server === yes) return;
  status.server = yes;
  changed();
}

/** The event stream's state: 'live' or 'lost'. */
export function streamState(s) {
  status.stream = s;
  if (s === 'live') status.server = true;
  changed();
}

/** The number of changes waiting in the outbox. */
export function waiting(n) { status.waiting = n; changed(); }

window.addEventListener('online', () => { status.online = true; changed(); });
window.addEventListener('offline', () => { status.online = false; changed(); });

/** `{state: 'live'|'offline'|'down'|'connecting', text, waiting}` for the indicator. */
export function summary() {
  const state = !status.online ? 'offline' : !status.server || status.stream === 'lost' ? 'down' : status.stream === 'live' ? 'live' : 'connecting';
  const text = { live: 'live', offline: 'offline', down: 'server down', connecting: 'connecting…' }[state];
  return { state, text, waiting: status.waiting };
}

/** Draws the indicator: the dot's colour, its label and the outbox line ("all saved", "N notes waiting"). */
export function renderStatus(s) {
  const dot = document.getElementById('connection'), label = document.getElementById('net'), outbox = document.getElementById('outbox');
  dot.className = `dot ${s.state}`;
  dot.title = s.text;
  label.textContent = s.state === 'live' ? '' : s.text;
  label.className = `net ${s.state}`;
  outbox.textContent = s.waiting ? `${s.waiting} note${s.waiting === 1 ? '' : 's'} waiting` : 'all saved';
  outbox.classList.toggle('waiting', s.waiting > 0);
  document.body.dataset.connection = s.state;
}

/** While the server seems down, a small request every few seconds notices when it is back. */
export function probe() {
  if (status.server && status.online) return;
  fetch('/static/icon.svg', { cache: 'no-store' }).then((r) => reachable(r.ok)).catch(() => reachable(false));
}
