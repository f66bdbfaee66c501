// Draws the session over the page image: an SVG in PDF points laid exactly over the image.
import { systemsOf, systemExtent, ratingColour } from './geometry.js';
import { el, drawTakes, drawMarks, drawSketch } from './drawnotes.js';

/** Redraws the overlay for the state's page and mode. */
export function draw(svg, state) {
  const size = state.pageSize;
  svg.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
  svg.replaceChildren();
  if (state.mode === 'coverage') drawCoverage(svg, state);
  if (state.mode === 'plan') drawPlan(svg, state);
  if (state.mode === 'layout') { drawLayout(svg, state); return; }
  if (state.mode !== 'coverage') { drawTakes(svg, state); drawMarks(svg, state); }
  drawSketch(svg, state);
  if (state.pending) {
    const p = state.pending;
    if (p.page === state.page) svg.append(el('circle', { cx: p.x, cy: p.y, r: 10, class: 'pending' }));
  }
}

function barsOnPage(state) {
  return state.bars.filter((b) => b.page === state.page);
}

function drawCoverage(svg, state) {
  if (!state.coverage) return;
  const byBar = new Map(state.coverage.bars.map((b, i) => [i, b]));
  const gaps = new Map(state.coverage.gaps.map((g) => [g.bar, g]));
  for (const bar of barsOnPage(state)) {
    const c = byBar.get(bar.index);
    if (!c) continue;
    const best = c.best;
    svg.append(el('rect', {
      x: bar.left, y: bar.top, width: bar.right - bar.left, height: bar.bottom - bar.top,
      fill: best ? ratingColour(best) : '#d93025', class: 'coverage' + (best ? '' : ' uncovered'), 'data-bar': bar.bar,
    }));
    const label = best ? `${best} · ${c.takes.length} take${c.takes.length === 1 ? '' : 's'}` : 'no take';
    svg.append(el('text', { x: bar.left + 3, y: bar.top + 10, class: 'coverage-label' }, label));
    // A gap (no take, or none good enough): outlined and labelled, so that the retakes needed stand out.
    if (gaps.has(bar.bar)) {
      svg.append(el('rect', { x: bar.left + 1, y: bar.top + 1, width: bar.right - bar.left - 2, height: bar.bottom - bar.top - 2, class: 'gap', 'data-bar': bar.bar }));
      svg.append(el('text', { x: bar.left + 3, y: bar.bottom - 4, class: 'gap-label' }, gaps.get(bar.bar).reason === 'uncovered' ? 'gap' : 'gap: retake'));
    }
  }
}

function drawPlan(svg, state) {
  if (!state.plan) return;
  const bars = barsOnPage(state);
  const at = (index) => bars.find((b) => b.index === index);
  for (const seg of state.plan.segments) {
    let labelled = new Set();
    for (let i = seg.firstIndex; i <= seg.lastIndex; i++) {
      const bar = at(i);
      if (!bar) continue;
      svg.append(el('rect', { x: bar.left, y: bar.top, width: bar.right - bar.left, height: bar.bottom - bar.top, class: 'plan-bar' }));
      if (!labelled.has(bar.system)) {
        labelled.add(bar.system);
        const text = `take ${seg.label}`;
        svg.append(el('rect', { x: bar.left + 2, y: bar.bottom + 3, width: 8 + text.length * 5.6, height: 13, rx: 6.5, class: 'plan-pill' }));
        svg.append(el('text', { x: bar.left + 6, y: bar.bottom + 13, class: 'plan-label' }, text));
      }
    }
  }
  for (const run of state.plan.uncovered) {
    for (let i = run.firstIndex; i <= run.lastIndex; i++) {
      const bar = at(i);
      if (!bar) continue;
      svg.append(el('rect', { x: bar.left, y: bar.top, width: bar.right - bar.left, height: bar.bottom - bar.top, class: 'plan-retake' }));
      svg.append(el('text', { x: bar.left + 3, y: bar.bottom - 4, class: 'plan-retake-label' }, 'retake'));
    }
  }
  for (const splice of state.plan.spliceList) {
    const bar = at(splice.index);
    if (!bar) continue;
    svg.append(el('line', { x1: bar.left, y1: bar.top - 6, x2: bar.left, y2: bar.bottom + 6, class: 'splice' }));
    svg.append(el('text', { x: bar.left - 2, y: bar.top - 8, class: 'splice-label' }, `✂ ${splice.fromLabel}→${splice.toLabel}`));
  }
}

/** The detection's confidence in a system it doubted (the page's, when the whole page is doubtful), else null. */
export function doubtOf(state, page, system) {
  const report = state.detection && state.detection.pages.find((p) => p.page === page);
  if (!report) return null;
  const doubted = report.doubtfulSystems.find((s) => s.system === system);
  if (doubted) return doubted.confidence;
  return report.doubtful ? report.confidence : null;
}

function drawLayout(svg, state) {
  const systems = systemsOf(state.layout, state.page);
  systems.forEach((system, i) => {
    const [left, right] = systemExtent(system, state.pageSize.width);
    const g = el('g', { class: 'layout-system', 'data-system': i + 1 });
    const doubt = doubtOf(state, state.page, i + 1);
    g.append(el('rect', { x: left - 6, y: system.top, width: right - left + 12, height: system.bottom - system.top,
      class: doubt === null ? 'system-box' : 'system-box doubtful' }));
    for (const edge of ['top', 'bottom']) {
      const y = system[edge];
      g.append(el('line', { x1: left - 14, y1: y, x2: right + 14, y2: y, class: 'edge', 'data-edge': edge, 'data-system': i + 1 }));
    }
    g.append(el('text', { x: left - 10, y: system.top - 3, class: doubt === null ? 'system-label' : 'system-label doubtful' },
      doubt === null ? `system ${i + 1}` : `system ${i + 1}: check (confidence ${doubt})`));
    const bars = system.bars;
    const lines = bars.length ? [bars[0].left, ...bars.map((b) => b.right)] : [];
    lines.forEach((x, k) => {
      g.append(el('line', { x1: x, y1: system.top - 4, x2: x, y2: system.bottom + 4, class: 'barline', 'data-system': i + 1, 'data-barline': k }));
    });
    bars.forEach((b) => g.append(el('text', { x: b.left + 2, y: system.top - 3, class: 'bar-number' }, b.number)));
    svg.append(g);
  });
}
