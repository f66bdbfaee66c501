// Passes through repeats: which time through the playing order a tap is, set without the producer thinking about it.
//
// The session carries the playing order as `playing` (the bar indices in the order they are played; only when a
// piece has an order). Within a take, a tap goes to the next time its bar is played after the take's previous tap:
// a tap earlier in the score than the previous one therefore means the repeat was taken. A take's start goes to
// the pass the control shows. The control (a small button by the take counter) shows the current pass; tapping it
// corrects the pass the next tap goes to.
import { barAt } from './geometry.js';

const control = { pass: 1, override: null, button: null };

/** The indices in the playing order where a bar (by its index in score order) is played. */
function slotsOf(state, index) {
  const slots = [];
  state.session.playing.forEach((bar, slot) => { if (bar === index) slots.push(slot); });
  return slots;
}

/** The slot of a stored position (its bar and pass), null outside bars. */
function slotOfPosition(state, position) {
  const bar = barAt(state.bars, state.layout, position);
  if (!bar) return null;
  const slots = slotsOf(state, bar.index);
  return slots.length ? slots[Math.min(position.pass || 1, slots.length) - 1] : null;
}

/** The take's latest tap: its newest mark, else its start. */
function latestTap(state, number) {
  let latest = null;
  for (const mark of state.marks.values()) if (mark.take === number && (!latest || mark.id > latest.id)) latest = mark;
  return latest ? latest.at : state.takes.get(number)?.start ?? null;
}

/** The point with the pass it is on: `take` is the take the tap belongs to, null for a take's start. */
export function withPass(state, take, point) {
  if (!state.session?.playing) return point;
  const bar = barAt(state.bars, state.layout, point);
  const slots = bar ? slotsOf(state, bar.index) : [];
  if (slots.length < 2) return point;
  let slot;
  const previous = take === null ? null : latestTap(state, take);
  const after = previous ? slotOfPosition(state, previous) : null;
  if (control.override !== null || after === null) {
    slot = slots[Math.min(control.override ?? control.pass, slots.length) - 1];
  } else {
    slot = slots.find((s) => s >= after) ?? slots[slots.length - 1];
  }
  control.override = null;
  const pass = slots.indexOf(slot) + 1;
  showPass(pass);
  return pass > 1 ? { ...point, pass } : point;
}

function showPass(pass) {
  control.pass = pass;
  if (control.button) control.button.textContent = `pass ${pass}`;
}

/** Adds the pass control after `anchor` when the session has a playing order (again on every load). */
export function attachPassControl(state, anchor) {
  if (!state.session?.playing) { control.button?.remove(); control.button = null; return; }
  if (control.button) return;
  const button = document.createElement('button');
  button.id = 'pass';
  button.className = 'pass';
  Object.assign(button.style, { fontSize: '14px', padding: '0 10px' });
  button.title = 'the time through the repeat the next tap goes to: tap to change it';
  button.addEventListener('click', () => {
    const most = Math.max(1, ...Object.values(state.session.playing.reduce((n, b) => ({ ...n, [b]: (n[b] || 0) + 1 }), {})));
    control.override = control.pass % most + 1;
    showPass(control.override);
  });
  anchor.after(button);
  control.button = button;
  showPass(control.pass);
}
