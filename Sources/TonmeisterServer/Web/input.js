// Touch, pen and mouse on the score: taps (1–5 quick taps place a rating), long-presses, swipes, and layout drags.
import { systemsOf, systemAt } from './geometry.js';

const LONG_PRESS_MS = 550;
const MULTI_TAP_MS = 420;
const MOVE_TOLERANCE_PX = 12;

export function attachInput(app) {
  const { state } = app;
  const sheet = document.getElementById('sheet');
  const overlay = document.getElementById('overlay');
  let press = null;
  let taps = null;

  function toPoint(e) {
    const r = sheet.getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * state.pageSize.width;
    const y = ((e.clientY - r.top) / r.height) * state.pageSize.height;
    return { page: state.page, x: round(Math.max(0, x)), y: round(Math.max(0, y)) };
  }

  function round(v) { return Math.round(v * 10) / 10; }

  // Pinch to zoom: two fingers on the score scale it (a half to four times the fitted size); the page is fetched
  // again at the new resolution when the fingers lift. Two fingers never make a tap.
  const fingers = new Map();
  let pinch = null;
  function distance() { const [a, b] = [...fingers.values()]; return Math.hypot(a.x - b.x, a.y - b.y); }
  sheet.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'touch') return;
    fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (fingers.size === 2) {
      if (press) { clearTimeout(press.timer); press = null; }
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

  sheet.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || pinch) return;
    sheet.setPointerCapture(e.pointerId);
    const target = e.target.closest ? e.target : null;
    const markNode = target && target.closest('.mark');
    const handle = target && target.closest('.edge, .barline');
    press = { x: e.clientX, y: e.clientY, time: performance.now(), point: toPoint(e), markId: markNode ? Number(markNode.dataset.id) : null,
      handle, long: false, moved: false, dragBox: null };
    state.lastPoint = press.point;
    press.timer = setTimeout(() => { if (press && !press.moved) { press.long = true; onLongPress(press); } }, LONG_PRESS_MS);
  });

  sheet.addEventListener('pointermove', (e) => {
    if (!press) { if (e.pointerType === 'mouse') state.lastPoint = toPoint(e); return; }
    const dx = e.clientX - press.x, dy = e.clientY - press.y;
    if (Math.hypot(dx, dy) > MOVE_TOLERANCE_PX) { press.moved = true; clearTimeout(press.timer); }
    if (state.mode === 'layout' && press.moved) dragLayout(press, toPoint(e));
  });

  sheet.addEventListener('pointerup', (e) => {
    if (!press || pinch) return;
    clearTimeout(press.timer);
    const p = press;
    press = null;
    if (p.long) return;
    const dx = e.clientX - p.x, dy = e.clientY - p.y, elapsed = performance.now() - p.time;
    if (state.mode === 'layout' && p.moved) { finishLayoutDrag(p, toPoint(e)); return; }
    if (p.moved) {
      if (Math.abs(dx) > 60 && Math.abs(dx) > 1.5 * Math.abs(dy) && elapsed < 800) app.turn(dx < 0 ? 1 : -1);
      return;
    }
    onTap(p.point);
  });

  sheet.addEventListener('pointercancel', () => { if (press) clearTimeout(press.timer); press = null; });
  sheet.addEventListener('contextmenu', (e) => e.preventDefault());

  async function onTap(point) {
    if (document.getElementById('popup').hidden === false) { document.getElementById('popup').hidden = true; document.getElementById('dialog-backdrop').hidden = true; return; }
    if (state.mode === 'layout') { await layoutTap(point); return; }
    if (state.mode === 'coverage' || state.mode === 'plan') { app.showCovers(point, app); return; }
    if (taps === null && await app.useTap(point)) return;
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
    if (navigator.vibrate) navigator.vibrate(15);
    if (state.mode === 'layout') { layoutLongPress(p); return; }
    if (p.markId !== null && state.marks.has(p.markId)) app.showMarkEditor(state.marks.get(p.markId), p.point, app);
    else app.showCovers(p.point, app);
  }

  // ------------------------------------------------------------ layout editing

  async function edit(body) {
    const answer = await app.attempt('POST', 'layout/edit', { page: state.page, ...body });
    if (answer) { await app.load(); }
  }

  function systemIndexAt(point) {
    const systems = systemsOf(state.layout, state.page);
    const i = systemAt(systems, point.y);
    return i < 0 ? null : { index: i, system: systems[i] };
  }

  async function layoutTap(point) {
    const tool = state.tool ? state.tool.kind : null;
    const found = systemIndexAt(point);
    if (tool === 'barline' && found) await edit({ op: 'add-barline', system: found.index + 1, x: point.x });
    else if (tool === 'split') await edit({ op: 'split-system', y: point.y });
    else app.toast('drag the orange lines to move a system\'s edges and the blue ones to move barlines; long-press one to delete it');
  }

  function dragLayout(p, point) {
    if (p.handle) {
      p.handle.classList.add('dragging');
      if (p.handle.classList.contains('edge')) { p.handle.setAttribute('y1', point.y); p.handle.setAttribute('y2', point.y); }
      else { p.handle.setAttribute('x1', point.x); p.handle.setAttribute('x2', point.x); }
    } else if (state.tool && state.tool.kind === 'system') {
      if (!p.dragBox) {
        p.dragBox = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
        p.dragBox.setAttribute('class', 'drag-box');
        overlay.append(p.dragBox);
      }
      const top = Math.min(p.point.y, point.y), bottom = Math.max(p.point.y, point.y);
      Object.entries({ x: 20, y: top, width: state.pageSize.width - 40, height: bottom - top }).forEach(([k, v]) => p.dragBox.setAttribute(k, v));
    }
  }

  async function finishLayoutDrag(p, point) {
    if (p.handle) {
      const system = Number(p.handle.dataset.system);
      if (p.handle.classList.contains('edge')) await edit({ op: 'move-system-edge', system, edge: p.handle.dataset.edge, y: point.y });
      else await edit({ op: 'move-barline', system, barline: Number(p.handle.dataset.barline), x: point.x });
    } else if (p.dragBox) {
      state.tool = null;
      await edit({ op: 'add-system', top: Math.min(p.point.y, point.y), bottom: Math.max(p.point.y, point.y) });
    }
  }

  function layoutLongPress(p) {
    if (p.handle && p.handle.classList.contains('barline')) {
      app.showLayoutMenu(p.point, [[`Delete this barline`, () => edit({ op: 'remove-barline', system: Number(p.handle.dataset.system), barline: Number(p.handle.dataset.barline) })]]);
      return;
    }
    const found = systemIndexAt(p.point);
    if (!found) return;
    const n = found.index + 1;
    app.showLayoutMenu(p.point, [
      [`Delete system ${n}`, () => edit({ op: 'remove-system', system: n })],
      [`Merge system ${n} with the next`, () => edit({ op: 'merge-systems', system: n })],
      [`Split system ${n} here`, () => edit({ op: 'split-system', y: p.point.y })],
    ]);
  }
}
