// Layout editing on the score (Layout mode): tap with a tool to add a barline or split a system, drag the orange
// edges and blue barlines, drag a box to add a system, long-press for a menu.
import { systemsOf, systemAt } from './geometry.js';

/** The layout gestures for the input handler: {tap, drag, finish, longPress}. */
export function layoutGestures(app, overlay) {
  const { state } = app;

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

  return { tap: layoutTap, drag: dragLayout, finish: finishLayoutDrag, longPress: layoutLongPress };
}
