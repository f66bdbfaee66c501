// The recorder's clock on the page: "sync now" against the recorder's display (the session's clock offset), the
// current take's record start by hand, and the tablet's own time of a take's start tap. Every write goes through
// `attempt` (api.js: outbox and Idempotency-Key), like the marks.
import { openPanel, closePopup } from './popups.js';

const $ = (id) => document.getElementById(id);
const RATES = [23.976, 24, 25, 29.97, 30, 50, 59.94, 60];

/**
 * Reads a timecode as typed: `HH:MM:SS:FF` (`;` before the frames for drop-frame), or eight digits `HHMMSSFF`
 * (a tablet's number pad has no colon). Returns { text } or { error } naming the bad part, the server's rules.
 */
export function readTimecode(typed, fps) {
  let text = String(typed || '').trim();
  if (/^\d{8}$/.test(text)) text = `${text.slice(0, 2)}:${text.slice(2, 4)}:${text.slice(4, 6)}:${text.slice(6)}`;
  if (!text) return { error: 'type the timecode the recorder shows (HH:MM:SS:FF)' };
  const m = /^(\d{2}):(\d{2}):(\d{2})([:;])(\d{2})$/.exec(text);
  if (!m) return { error: `${text} is not a timecode: write HH:MM:SS:FF, such as 10:00:12:10` };
  const [hours, minutes, seconds, frames] = [m[1], m[2], m[3], m[5]].map(Number);
  const limit = Math.ceil(fps);
  if (hours >= 24) return { error: `${text}: hours ${hours} must be below 24` };
  if (minutes >= 60) return { error: `${text}: minutes ${minutes} must be below 60` };
  if (seconds >= 60) return { error: `${text}: seconds ${seconds} must be below 60` };
  if (frames >= limit) return { error: `${text}: frame ${frames} must be below ${limit} at ${fps} fps` };
  return { text };
}

/** The tablet's time as ISO 8601 local time with its UTC offset, to the millisecond (`2026-11-26T10:02:11.250+01:00`),
 *  the way the server compares it with a recorder's time of day. */
export function localISO(date = new Date()) {
  const pad = (n, width = 2) => String(Math.abs(n)).padStart(width, '0');
  const offset = -date.getTimezoneOffset();
  const zone = `${offset >= 0 ? '+' : '-'}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:`
    + `${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}${zone}`;
}

/** The session's clock offset, compact: `TC +4.40 s`, or `TC sync` while there is none. */
export function offsetLabel(offset) {
  if (offset === null || offset === undefined) return 'TC sync';
  const sign = offset < 0 ? '−' : '+';
  const size = Math.abs(offset);
  return `TC ${sign}${size >= 3600 ? `${(size / 3600).toFixed(2)} h` : `${size.toFixed(2)} s`}`;
}

function rate() {
  const stored = Number(localStorage.getItem('tonmeister.fps'));
  return RATES.includes(stored) ? stored : 25;
}

/** Opens the clock panel: sync now, the current take's record start, the frame rate. */
export function showClock(app) {
  const { state } = app;
  const take = state.takes.get(state.current);
  const fps = (take && take.fps) || rate();
  const options = RATES.map((r) => `<option value="${r}"${r === fps ? ' selected' : ''}>${r}</option>`).join('');
  const offset = state.session.clockOffset;
  openPanel(`<h3>Recorder clock <span id="clock-offset" class="muted">${offset === null || offset === undefined ? 'not synced'
      : `offset ${offsetLabel(offset).slice(3)}`}</span></h3>`
    + `<p class="hint-line">Type what the recorder shows, tap <b>Sync now</b> as it shows it.</p>`
    + `<div class="row clock-row"><input id="clock-input" class="timecode" inputmode="numeric" placeholder="HH:MM:SS:FF" autocomplete="off">`
    + `<select id="clock-fps" aria-label="frame rate">${options}</select>`
    + `<button id="sync-now" class="primary">Sync now</button></div>`
    + (take ? `<p class="hint-line">Take ${take.label} record start</p><div class="row clock-row">`
      + `<input id="record-start-input" class="timecode" inputmode="numeric" placeholder="HH:MM:SS:FF" autocomplete="off" value="${take.recordStart || ''}">`
      + `<button id="record-start-set">Set start</button></div>` : '')
    + `<p id="clock-message" class="clock-message" role="alert"></p>`);
  const message = (text) => { $('clock-message').textContent = text; };
  const chosenRate = () => Number($('clock-fps').value);
  $('clock-fps').onchange = () => { try { localStorage.setItem('tonmeister.fps', $('clock-fps').value); } catch (e) { /* private mode */ } };
  // The moment of the tap is when the finger touches, not when the click arrives after it lifts.
  let touched = null;
  $('sync-now').onpointerdown = () => { touched = new Date(); };
  $('sync-now').onclick = async () => {
    const at = touched || new Date();
    touched = null;
    const read = readTimecode($('clock-input').value, chosenRate());
    if (read.error) { message(read.error); return; }
    message('');
    const answer = await app.attempt('POST', 'clock', { sync: read.text, at: localISO(at), fps: chosenRate() });
    if (answer) {
      state.session.clockOffset = answer.clockOffset;
      app.render();
      app.toast(`clock synced: the recorder runs ${offsetLabel(answer.clockOffset).slice(3)} from the tablet`);
      closePopup();
    }
  };
  if (take) {
    $('record-start-set').onclick = async () => {
      const read = readTimecode($('record-start-input').value, chosenRate());
      if (read.error) { message(read.error); return; }
      message('');
      const answer = await app.attempt('POST', `takes/${take.number}/clock`, { recordStart: read.text, fps: chosenRate() });
      if (answer) {
        app.upsertTake(answer);
        app.render();
        app.toast(`take ${answer.label} record start ${answer.recordStart}`);
        closePopup();
      }
    };
  }
  $('clock-input').focus();
}

/** Shows the session's clock offset on the clock button. */
export function renderClock(state) {
  const button = $('clock');
  if (!button || !state.session) return;
  button.textContent = offsetLabel(state.session.clockOffset);
  button.classList.toggle('unsynced', state.session.clockOffset === null || state.session.clockOffset === undefined);
}
