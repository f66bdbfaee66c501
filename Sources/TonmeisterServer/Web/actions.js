// What a tap or a stroke does to the session: start or end a take, place a mark, a range or ink, move a mark, undo.
import { localISO } from './clock.js';
import { askText, confirmDialog } from './popups.js';
import { deviceId } from './status.js';
import { withPass } from './passes.js';

let app = null;
/** Binds the page (state, attempt, render, toast, upsertTake, upsertMark, load). */
export function bindActions(page) { app = page; }

/** The tap that starts a take, ends it, moves a mark, or places the selected tool. Returns true when it was used. */
export async function useTap(point) {
  const { state } = app;
  if (state.newTake) {
    // The tablet's time of the start tap: with the session's clock offset it places the take on the recorder's clock.
    const body = { start: withPass(state, null, point), startedAt: localISO() };
    if (state.newTake.typed) body.number = state.newTake.number;
    const pending = state.newTake;
    state.newTake = null;
    app.render();
    const take = await app.attempt('POST', 'takes', body);
    if (take) {
      app.upsertTake(take);
      state.current = take.number;
      state.pinned = null;
      rememberStart(take.number);
      app.toast(`take ${take.label} started at bar ${take.fromBar ?? '?'}`);
    } else {
      state.newTake = pending;
    }
    app.render();
    return true;
  }
  if (state.awaitingEnd) {
    state.awaitingEnd = false;
    app.render();
    await endAt(point);
    return true;
  }
  if (state.moving) {
    const mark = state.moving;
    state.moving = null;
    await moveMark(mark.id, point, mark.to ? shifted(mark, point) : undefined);
    return true;
  }
  if (state.tool && state.tool.kind !== 'ink') {
    const tool = state.tool;
    state.tool = null;
    await placeTool(tool, point);
    app.render();
    return true;
  }
  return false;
}

/** Ends the current take at a point. */
export async function endAt(point) {
  const { state } = app;
  const take = await app.attempt('POST', `takes/${state.current}/end`, { at: withPass(state, state.current, point) });
  if (take) { app.upsertTake(take); app.toast(`take ${take.label} ends at bar ${take.toBar ?? '?'}`); }
  app.render();
}

function shifted(mark, point) {
  if (mark.to.page !== mark.at.page || point.page !== mark.at.page) return mark.to;
  return { page: point.page, x: Math.round((mark.to.x + point.x - mark.at.x) * 10) / 10, y: Math.round((mark.to.y + point.y - mark.at.y) * 10) / 10 };
}

/** The fields of a mark the tool places. */
async function fieldsOf(tool) {
  if (tool.kind === 'rating') return { kind: 'rating', value: tool.value };
  if (tool.kind === 'problem') return { kind: 'problem', problem: tool.problem };
  if (tool.kind === 'edit-point') return { kind: 'edit-point' };
  if (tool.kind === 'text') {
    const text = await askText('Text note', '');
    return text ? { kind: 'text', text } : null;
  }
  return null;
}

async function placeTool(tool, point) {
  const fields = await fieldsOf(tool);
  if (fields) await placeMark(fields, point);
}

/** A range dragged with a tool: a problem, edit region, rating or note over the bars from `at` to `to`. */
export async function placeRange(tool, at, to) {
  const fields = tool ? await fieldsOf(tool) : null;
  if (!fields) { app.render(); return; }
  await placeMark({ ...fields, to }, at);
}

/** A free-hand stroke: points in page points, stored as an ink mark of the current take. */
export async function placeInk(points, at) {
  await placeMark({ kind: 'ink', points }, { page: at.page, x: points[0][0], y: points[0][1] });
}

/** Moves a mark (and a range's other end). */
export async function moveMark(id, at, to) {
  const body = to ? { at, to } : { at };
  const moved = await app.attempt('POST', `marks/${id}/move`, body);
  if (moved) app.upsertMark(moved);
  app.render();
}

/** Adds a mark of the current take at a point. Drawn at once, dashed, from the outbox until the server has it. */
export async function placeMark(fields, point) {
  const { state } = app;
  if (state.current === null || !state.takes.has(state.current)) {
    app.toast('press + to start a take first', true);
    app.render();
    return;
  }
  const body = { take: state.current, at: withPass(state, state.current, point), ...fields };
  const started = startedAt()[`${state.session.score.sha256}/${state.current}`];
  if (started) body.time = Math.max(0, Math.round((Date.now() - started) / 10) / 100);
  const mark = await app.attempt('POST', 'marks', body);
  if (mark) {
    if (mark.warnings && mark.warnings.length) app.toast(mark.warnings[0].message);
    delete mark.warnings;
    if (mark.kind === 'ink' && !mark.points) mark.points = fields.points;
    app.upsertMark(mark);
  }
  app.render();
}

/** When this device started each take (ms since 1970), so that its marks carry the seconds since the take's start. */
function startedAt() {
  try { return JSON.parse(localStorage.getItem('tonmeister.started') || '{}'); } catch (e) { return {}; }
}

function rememberStart(number) {
  const all = startedAt();
  all[`${app.state.session.score.sha256}/${number}`] = Date.now();
  const keys = Object.keys(all);
  for (const key of keys.slice(0, Math.max(0, keys.length - 200))) delete all[key];
  try { localStorage.setItem('tonmeister.started', JSON.stringify(all)); } catch (e) { /* private mode: no times */ }
}

/** Undoes this device's newest action; another device's only when the producer says so. */
export async function undo() {
  // The server undoes the newest action of the device named by the X-Tonmeister-Device header; it refuses (4xx) when
  // this device has none left, and then the producer may choose to undo another device's.
  let answer = await app.attempt('POST', 'undo', {}, true);
  if (answer && answer.error) {
    const choice = await confirmDialog('Nothing of this tablet to undo', `${answer.error} Undo the newest action of another tablet?`,
      ['Undo another tablet\'s action']);
    if (choice !== 0) return;
    answer = await app.attempt('POST', 'undo', { any: true });
  }
  if (answer && answer.undone) {
    const by = answer.undone.device && answer.undone.device !== deviceId() ? ` (made on ${answer.undone.device})` : '';
    app.toast(`undone: ${answer.undone.description}${by}`);
    await app.load();
  }
}
