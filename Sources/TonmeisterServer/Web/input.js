// Touch, pen and mouse on the score. A tap places (1–5 quick taps: a rating, or the chosen tool), a long press asks
// about the bar or edits a mark, a finger dragging an ink stroke of the current take moves it, a drag pans the score (a quick sideways swipe turns the page), draws a range with a
// tool chosen, or ink with the pen (or a finger with the ink tool). In pen mode only the pen marks; fingers pan and
// turn pages (palm rejection). Two fingers pinch to zoom. The sheet takes every touch itself (touch-action: none),
// so the browser never scrolls, zooms or navigates back under the producer's hand.
import { layoutGestures } from './layoutinput.js';

const LONG_PRESS_MS = 550;
const MULTI_TAP_MS = 420;
const QUIET_MS = 1000;
const MOVE_TOLERANCE_PX = { touch: 12, pen: 6, mouse: 5 };
// A range drawn (or an end dragged) to the left or right edge of the screen and held there turns the page, so that
// a range can run on across a page break; the page-turn keys and pedals turn it too while the finger is down.
const EDGE_PX = 40;
const EDGE_HOLD_MS = 650;

export function attachInput(app) {
  const { state } = app;
  const sheet = document.getElementById('sheet'), stage = document.getElementById('stage');
  const overlay = document.getElementById('overlay');
  const layout = layoutGestures(app, overlay);
  let press = null, taps = null, quiet = null;

  function toPoint(e) {
    const r = sheet.getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * state.pageSize.width;
    const y = ((e.clientY - r.top) / r.height) * state.pageSize.height;
    return { page: state.page, x: round(Math.min(state.pageSize.width, Math.max(0, x))), y: round(Math.min(state.pageSize.height, Math.max(0, y))) };
  }
  const round = (v) => Math.round(v * 10) / 10;

  /** Whether this pointer may mark: in pen mode only a pen does. */
  const marks = (e) => !state.penMode || e.pointerType !== 'touch';

  // ------------------------------------------------------------ two fingers: pinch to zoom
  const fingers = new Map();
  let pinch = null;
  const distance = () => { const [a, b] = [...fingers.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  sheet.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'touch') return;
    // The first finger of a new touch: no other finger is down, whatever a lost pointerup left behind (a ghost
    // finger would turn this touch into a pinch, and a ghost press would swallow it).
    if (e.isPrimary) {
      fingers.clear();
      pinch = null;
      if (press && press.id !== e.pointerId) cancelPress();
    }
    fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (fingers.size === 2) {
      cancelPress();
      taps = null;
      pinch = { start: distance(), zoom: state.zoom || 1, width: sheet.offsetWidth, height: sheet.offsetHeight };
    }
  }, true);
  sheet.addEventListener('pointermove', (e) => {
    if (!fingers.has(e.pointerId)) return;
    fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (!pinch || fingers.size < 2) return;
    const factor = Math.min(4, Math.max(0.5, pinch.zoom * distance() / pinch.start)) / pinch.zoom;
    sheet.style.width = `${Math.floor(pinch.width * factor)}px`;
    sheet.style.height = `${Math.floor(pinch.height * factor)}px`;
    document.body.classList.add('fit-width');
    state.zoom = pinch.zoom * factor;
  }, true);
  function lift(e) {
    fingers.delete(e.pointerId);
    if (pinch && fingers.size < 2) { pinch = null; app.showPage(state.page); }
  }
  sheet.addEventListener('pointerup', lift, true);
  sheet.addEventListener('pointercancel', lift, true);

  // ------------------------------------------------------------ one pointer
  sheet.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || pinch || press) return;
    try { sheet.setPointerCapture(e.pointerId); } catch (err) { /* synthetic */ }
    const target = e.target.closest ? e.target : null;
    const markNode = target && target.closest('.mark');
    press = { id: e.pointerId, type: e.pointerType || 'mouse', x: e.clientX, y: e.clientY, time: performance.now(), point: toPoint(e),
      markId: markNode ? Number(markNode.dataset.id) : null, handle: target && target.closest('.edge, .barline'),
      rangeEnd: target && target.classList.contains('range-handle') ? target.dataset.end : null,
      marks: marks(e), long: false, what: null,
      scroll: { top: stage.scrollTop, left: stage.scrollLeft } };
    if (press.marks) state.lastPoint = press.point;
    press.timer = setTimeout(() => { if (press && !press.what) { press.long = true; onLongPress(press); } }, LONG_PRESS_MS);
    e.preventDefault();
  });

  sheet.addEventListener('pointermove', (e) => {
    if (!press) { if (e.pointerType === 'mouse') state.lastPoint = toPoint(e); return; }
    if (e.pointerId !== press.id || pinch) return;
    const dx = e.clientX - press.x, dy = e.clientY - press.y;
    if (!press.what) {
      if (Math.hypot(dx, dy) <= (MOVE_TOLERANCE_PX[press.type] ?? 8) || press.long) return;
      clearTimeout(press.timer);
      press.what = dragKind(press);
      if (press.what === 'ink') state.sketch = { points: [[press.point.x, press.point.y]] };
    }
    const point = toPoint(e);
    if (press.what === 'pan') {
      stage.scrollTop = press.scroll.top - dy;
      stage.scrollLeft = press.scroll.left - dx;
    } else if (press.what === 'layout') {
      layout.drag(press, point);
    } else if (press.what === 'ink') {
      const last = state.sketch.points.at(-1);
      if (Math.hypot(point.x - last[0], point.y - last[1]) >= 0.8) { state.sketch.points.push([point.x, point.y]); sketchChanged(); }
    } else if (press.what === 'range') {
      state.sketch = { at: press.point, to: point };
      app.render();
      edgeTurn(press, e);
    } else if (press.what === 'move-range') {
      state.sketch = movedRange(press, point);
      app.render();
      edgeTurn(press, e);
    } else if (press.what === 'move-ink') {
      const node = overlay.querySelector(`.mark.ink[data-id='${press.markId}']`);
      if (node) node.setAttribute('transform', `translate(${point.x - press.point.x} ${point.y - press.point.y})`);
    }
  });

  /** Turns the page when a range's moving end is held at the screen's left or right edge (again after each turn). */
  function edgeTurn(p, e) {
    const box = stage.getBoundingClientRect();
    const side = e.clientX >= box.right - EDGE_PX ? 1 : e.clientX <= box.left + EDGE_PX ? -1 : 0;
    if (side === (p.edge ? p.edge.side : 0)) return;
    if (p.edge) clearTimeout(p.edge.timer);
    p.edge = side ? { side, timer: setTimeout(() => {
      if (press !== p) return;
      const from = state.page;
      app.turn(side);
      if (state.page === from) return;
      p.edge = null;
      const point = toPoint({ clientX: e.clientX, clientY: e.clientY });
      state.sketch = p.what === 'range' ? { at: p.point, to: point } : movedRange(p, point);
      app.render();
    }, EDGE_HOLD_MS) } : null;
  }

  sheet.addEventListener('pointerup', (e) => {
    if (!press || e.pointerId !== press.id) return;
    clearTimeout(press.timer);
    if (press.edge) clearTimeout(press.edge.timer);
    const p = press;
    press = null;
    if (pinch || p.long) return;
    const point = toPoint(e), dx = e.clientX - p.x, dy = e.clientY - p.y, elapsed = performance.now() - p.time;
    if (p.what === 'pan') {
      const wide = stage.scrollWidth > stage.clientWidth + 2;
      const atEdge = !wide || (dx < 0 ? p.scroll.left >= stage.scrollWidth - stage.clientWidth - 2 : p.scroll.left <= 2);
      if (Math.abs(dx) > 60 && Math.abs(dx) > 1.5 * Math.abs(dy) && elapsed < 1200 && atEdge) {
        stage.scrollLeft = p.scroll.left;
        app.turn(dx < 0 ? 1 : -1);
      }
      return;
    }
    if (p.what === 'layout') { layout.finish(p, point); return; }
    if (p.what === 'ink') {
      const points = state.sketch ? state.sketch.points : [];
      state.sketch = null;
      if (points.length >= 2) app.placeInk(points, p.point); else app.render();
      return;
    }
    if (p.what === 'range') {
      state.sketch = null;
      const tool = state.tool;
      state.tool = null;
      app.placeRange(tool, p.point, point);
      return;
    }
    if (p.what === 'move-ink') {
      // The whole stroke moves with its first point; the server moves its points (undoable).
      const mark = state.marks.get(p.markId);
      const to = { page: mark.at.page, x: round(Math.max(0, mark.at.x + point.x - p.point.x)), y: round(Math.max(0, mark.at.y + point.y - p.point.y)) };
      if (mark.at.pass) to.pass = mark.at.pass;
      app.moveMark(p.markId, to);
      return;
    }
    if (p.what === 'move-range') {
      const moved = movedRange(p, point);
      state.sketch = null;
      app.moveMark(p.markId, moved.at, moved.to);
      return;
    }
    if (!p.marks) { closeOpenPopup(); return; }
    onTap(p.point);
  });

  sheet.addEventListener('pointercancel', (e) => { if (press && e.pointerId === press.id) { cancelPress(); state.sketch = null; app.render(); } });
  sheet.addEventListener('contextmenu', (e) => e.preventDefault());

  function cancelPress() { if (press) { clearTimeout(press.timer); if (press.edge) clearTimeout(press.edge.timer); } press = null; }

  /** What a drag that has begun does. */
  function dragKind(p) {
    if (!p.marks) return 'pan';
    if (state.mode === 'layout') return p.handle || (state.tool && state.tool.kind === 'system') ? 'layout' : 'pan';
    const mark = p.markId !== null ? state.marks.get(p.markId) : null;
    // A range's end handle resizes it (the current take's ranges have handles; long-press and Move moves it whole).
    // Its body lets touches through, so that a finger pans, taps and long-presses the bars under a range.
    if (mark && mark.to && state.mode === 'notes' && p.rangeEnd) return 'move-range';
    // A finger (or the mouse) dragging an ink stroke of the current take moves it whole; the pen draws on.
    if (mark && mark.kind === 'ink' && state.mode === 'notes' && p.type !== 'pen' && mark.take === state.current
        && !state.newTake && !state.awaitingEnd && (!state.tool || state.tool.kind === 'ink')) return 'move-ink';
    if (state.mode !== 'notes' || state.newTake || state.awaitingEnd) return 'pan';
    const tool = state.tool ? state.tool.kind : null;
    if (tool === 'ink') return 'ink';
    if (tool === 'rating' || tool === 'problem' || tool === 'edit-point' || tool === 'text') return 'range';
    if (p.type === 'pen') return 'ink';
    return 'pan';
  }

  /** A range with one end (a handle) dragged to `point`. */
  function movedRange(p, point) {
    const mark = state.marks.get(p.markId);
    if (p.rangeEnd === 'at') return { at: point, to: mark.to };
    if (p.rangeEnd === 'to') return { at: mark.at, to: point };
    return { at: mark.at, to: point };
  }

  function sketchChanged() {
    const line = overlay.querySelector('.sketch');
    if (line) line.setAttribute('points', state.sketch.points.map(([x, y]) => `${x},${y}`).join(' '));
    else app.render();
  }

  function closeOpenPopup() {
    if (document.getElementById('popup').hidden === false) { document.getElementById('popup').hidden = true; document.getElementById('dialog-backdrop').hidden = true; return true; }
    return false;
  }

  async function onTap(point) {
    if (closeOpenPopup()) return;
    if (state.mode === 'layout') { await layout.tap(point); return; }
    if (state.mode === 'coverage' || state.mode === 'plan') { app.showCovers(point, app); return; }
    // The tap that started or ended a take (or placed a tool) is often followed by a second one (a double tap): for a
    // moment taps near it do nothing, so that no rating 1 is stored beside a take's start or end.
    const now = performance.now();
    if (quiet && now < quiet.until && Math.hypot(point.x - quiet.point.x, point.y - quiet.point.y) < 40) { quiet.until = now + QUIET_MS; return; }
    // (The ink tool stays chosen for stroke after stroke; a tap with it is an ordinary tap.)
    if (state.newTake || state.awaitingEnd || state.moving || (state.tool && state.tool.kind !== 'ink')) {
      if (taps) flushTaps();  // quick taps just before End (or a tool) are their rating; this tap is the End's
      quiet = { point, until: now + QUIET_MS };
      await app.useTap(point);
      return;
    }
    // Quick taps at one place count up a rating: one tap 1 (bad) … five taps 5 (excellent).
    if (taps && Math.hypot(point.x - taps.point.x, point.y - taps.point.y) < 24) {
      taps.count = Math.min(5, taps.count + 1);
    } else {
      if (taps) flushTaps();
      taps = { point, count: 1 };
    }
    state.pending = { ...taps.point, count: taps.count };
    app.render();
    clearTimeout(taps.timer);
    taps.timer = setTimeout(flushTaps, MULTI_TAP_MS);
  }

  function flushTaps() {
    if (!taps) return;
    const t = taps;
    taps = null;
    clearTimeout(t.timer);
    state.pending = null;
    app.placeMark({ kind: 'rating', value: t.count }, t.point);
  }

  function onLongPress(p) {
    if (!p.marks) return;
    if (navigator.vibrate) navigator.vibrate(15);
    if (state.mode === 'layout') { layout.longPress(p); return; }
    if (p.markId !== null && state.marks.has(p.markId)) app.showMarkEditor(state.marks.get(p.markId), p.point, app);
    else app.showCovers(p.point, app);
  }
}
