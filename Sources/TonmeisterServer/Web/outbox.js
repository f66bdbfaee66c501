// The outbox: every change waits here (IndexedDB, so it survives a reload, a closed tab or a crash) until the
// server has answered it. Each entry keeps its Idempotency-Key, so sending it again never makes a second mark.

const DB = 'tonmeister-outbox', STORE = 'changes';
let opening = null;

function open() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }).catch(() => null); // private mode without IndexedDB: the outbox lives in memory only
  }
  return opening;
}

const memory = new Map();

async function transact(mode, body) {
  const db = await open();
  if (!db) return body(null);
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const result = body(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(result && 'result' in result ? result.result : undefined);
    tx.onerror = () => reject(tx.error);
  });
}

/** Keeps a change until `remove(key)`: { key, method, path, body, made, scope }. */
export async function put(entry) {
  memory.set(entry.key, entry);
  await transact('readwrite', (store) => store && store.put(entry));
  notify();
}

/** Forgets a change the server answered. */
export async function remove(key) {
  memory.delete(key);
  await transact('readwrite', (store) => store && store.delete(key));
  notify(true);
}

/** Every change still waiting, oldest first (those of this page and those left by an earlier one). */
export async function pending(scope) {
  const stored = (await transact('readonly', (store) => store && store.getAll())) || [...memory.values()];
  return stored.filter((e) => !scope || e.scope === scope).sort((a, b) => a.made - b.made);
}

/** Whether a change still waits. */
export async function has(key) {
  return (await pending()).some((e) => e.key === key);
}

/** Waits `ms`, or less when the network comes back or a waiting change was answered meanwhile. */
export function nap(ms) {
  return new Promise((resolve) => {
    const wake = () => { clearTimeout(timer); window.removeEventListener('online', wake); naps.delete(wake); resolve(); };
    const timer = setTimeout(wake, ms);
    window.addEventListener('online', wake);
    naps.add(wake);
  });
}
const naps = new Set();

const listeners = new Set();
/** Calls `f(entries)` (oldest first) whenever the waiting changes may have changed. */
export function watch(f) { listeners.add(f); notify(); }
function notify(answered = false) {
  pending().then((all) => { for (const f of listeners) f(all); }).catch(() => {});
  if (answered) for (const wake of [...naps]) wake();
}
