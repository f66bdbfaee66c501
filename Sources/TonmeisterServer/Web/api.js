// The JSON API and the event stream (see docs/serve.md). The token travels in a cookie set when the
// page was opened as /?token=…, so requests here need nothing extra. Every change is sent as JSON
// (the server refuses writes of any other content type, which is what a foreign page could send).

/** A random key for one change, so that the server makes it once however often it is sent (Idempotency-Key). */
export function changeKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes); // works on plain http too, unlike crypto.randomUUID
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

import * as outbox from './outbox.js';
import { deviceId, reachable } from './status.js';

/** The outbox entries of this session only (a tablet may open several sessions). */
export const scope = () => location.host;

/** Keys of the changes this page has on the wire right now: a flush leaves them to their own call, which will hear
 *  the answer (a slow change, such as placing a take from its audio, is not a waiting one). */
const sending = new Set();
let flushing = false;

/**
 * Calls the API; resolves with the JSON answer or rejects with an Error whose message is the server's.
 * A change carries an Idempotency-Key and is sent again with the same key while the network is down (for up to
 * about 30 s), so a tap made during a short drop arrives once, not never and not twice.
 */
export async function call(method, path, body, onWaiting, key) {
  const options = { method, headers: {} };
  let entry = null;
  if (method !== 'GET') {
    options.headers['Content-Type'] = 'application/json';
    options.headers['Idempotency-Key'] = key || changeKey();
    options.headers['X-Tonmeister-Device'] = deviceId();
    options.body = JSON.stringify(body === undefined ? {} : body);
    entry = { key: options.headers['Idempotency-Key'], method, path, body: options.body, made: Date.now(), scope: scope() };
    await outbox.put(entry);
  }
  let response;
  for (let attempt = 0; ; attempt++) {
    try {
      if (entry) sending.add(entry.key);
      response = await fetch('/api/' + path, options);
      reachable(response.status < 500 || response.status === 501);
      break;
    } catch (e) {
      reachable(false);
      // The change stays in the outbox: a later flush (this page, or the next one after a reload) sends it.
      if (method === 'GET' || attempt >= 8) throw new Error('the server is not reachable: the change waits in the outbox');
      if (onWaiting) onWaiting(attempt);
      await outbox.nap(Math.min(500 * 2 ** attempt, 8000));
      // Sent meanwhile by a flush (the network came back): ask again once, the key makes it the same change.
      if (entry && !(await outbox.has(entry.key))) attempt = 7;
    } finally {
      if (entry) sending.delete(entry.key);
    }
  }
  if (entry && response.status < 500) await outbox.remove(entry.key);
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch (e) { /* not JSON */ }
  if (!response.ok) {
    const message = json && json.error ? json.error.message : `${response.status} ${response.statusText}`;
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  return json;
}

/**
 * Sends every change still waiting in the outbox (left by a reload or an earlier drop), each with its own key,
 * oldest first; resolves with { sent, refused } (the server's messages for changes the session refused, such as a
 * mark on a take deleted on another device meanwhile). Stops at the first one the network still refuses.
 */
export async function flush() {
  let sent = 0;
  const refused = [], answers = [];
  if (flushing) return { sent, refused, answers };
  flushing = true;
  try {
    for (const e of await outbox.pending(scope())) {
      if (sending.has(e.key)) continue;
      const outcome = await sendWaiting(e, refused, answers);
      if (outcome === 'stop') break;
      if (outcome === 'sent') sent++;
    }
  } finally {
    flushing = false;
  }
  return { sent, refused, answers };
}

/** Sends one waiting change: 'sent' (its answer pushed to `answers`), 'refused' (the message pushed to `refused`),
 *  or 'stop' when the network or the server is still down (the change keeps waiting). */
async function sendWaiting(e, refused, answers) {
  try {
    const response = await fetch('/api/' + e.path, { method: e.method, body: e.body,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': e.key, 'X-Tonmeister-Device': deviceId() } });
    reachable(response.status < 500);
    if (response.status >= 500) return 'stop';
    let outcome = 'sent';
    if (!response.ok) {
      let message = `${response.status}`;
      try { message = (await response.json()).error.message; } catch (err) { /* not JSON */ }
      refused.push(message);
      outcome = 'refused';
    } else {
      try { answers.push({ entry: e, answer: await response.json() }); } catch (err) { /* not JSON */ }
    }
    await outbox.remove(e.key);
    return outcome;
  } catch (err) {
    reachable(false);
    return 'stop';
  }
}

/** Calls `f(entries)` whenever the changes waiting in the outbox may have changed. */
export const watchOutbox = outbox.watch;

/** Listens to the server's events; `onEvent(json, id)` for each, `onState('live'|'lost')` for the connection. */
export function listen(onEvent, onState) {
  let source = null;
  function open() {
    source = new EventSource('/api/events');
    source.onopen = () => onState('live');
    source.onmessage = (message) => {
      let data = null;
      try { data = JSON.parse(message.data); } catch (e) { return; }
      onEvent(data, Number(message.lastEventId || 0));
    };
    source.onerror = () => {
      onState('lost');
      // EventSource reconnects by itself (retry: 1000); if it gave up, open a new one.
      if (source.readyState === EventSource.CLOSED) setTimeout(open, 1500);
    };
  }
  open();
  return () => source && source.close();
}
