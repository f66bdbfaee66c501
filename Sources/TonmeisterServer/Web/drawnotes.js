// Takes and marks over the page: each take in its own colour with its label on every system it crosses, point
// marks, ranges along every system they cross (across systems and pages), free-hand ink.
import { systemsOf, takeSegments, ratingColour, problemShort, rangeSegments, takeColour } from './geometry.js';

const NS = 'http://www.w3.org/2000/svg';

export function el(name, attributes = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Whether a take is shown: all are, unless the page shows one take or compares two. */
export function shown(state, take) {
  return !state.filter || state.filter.includes(take);
}

export function drawTakes(svg, state) {
  const takes = [...state.takes.values()].filter((t) => shown(state, t.number)).sort((a, b) => a.number - b.number);
  const systems = systemsOf(state.layout, state.page);
  // Which takes cross each system: each gets a lane above the staff (the current take the nearest), packed tighter
  // when many takes share a system so that every label stays readable.
  const perSystem = new Map();
  const pieces = [];
  for (const take of takes) {
    for (const seg of takeSegments(state.layout, take, state.page, state.pageSize.width)) {
      const list = perSystem.get(seg.system.index) || [];
      list.push(take.number);
      perSystem.set(seg.system.index, list);
      pieces.push({ take, seg });
    }
  }
  for (const { take, seg } of pieces) {
    const current = take.number === state.current;
    const list = perSystem.get(seg.system.index).filter((n) => n !== state.current);
    const lane = current ? 0 : 1 + list.indexOf(take.number);
    const room = Math.max(18, Math.min(48, seg.system.top - (systems[seg.system.index - 1]?.bottom ?? 0) - 4));
    const step = Math.min(7, room / Math.max(1, list.length + 1));
    const y = seg.system.top - 4 - lane * step;
    const colour = takeColour(take.number);
    // A take placed from its audio: a double line and a tick at every downbeat the audio placed on this system.
    const placed = take.placed && take.placed.source === 'audio';
    const g = el('g', { class: 'take' + (current ? ' current' : '') + (placed ? ' placed' : ''), 'data-take': take.number, stroke: colour, fill: colour });
    g.append(el('line', { x1: seg.from, y1: y, x2: seg.to, y2: y }));
    if (placed) {
      g.append(el('line', { x1: seg.from, y1: y + 1.8, x2: seg.to, y2: y + 1.8, class: 'placed-rule' }));
      for (const beat of take.placed.downbeats) {
        const a = beat.at;
        if (a.page !== state.page || a.y < seg.system.top || a.y > seg.system.bottom || a.x < seg.from - 0.5 || a.x > seg.to + 0.5) continue;
        g.append(el('line', { x1: a.x, y1: y - 2.5, x2: a.x, y2: y + 4, class: 'downbeat', 'data-bar': beat.bar }));
      }
    }
    if (seg.starts) g.append(el('path', { d: `M${seg.from + 4},${y - 3} L${seg.from},${y - 3} L${seg.from},${seg.system.top + 8}`, class: 'bracket' }));
    if (seg.ends) g.append(el('path', { d: `M${seg.to - 4},${y - 3} L${seg.to},${y - 3} L${seg.to},${seg.system.top + 8}`, class: 'bracket' }));
    // The label on every system the take crosses, so that no lane is left to guess.
    // Lanes closer than a label's height: the labels step sideways so that they do not print over each other.
    const aside = step < 7 && !current ? (lane % 5) * 11 : 0;
    g.append(el('text', { x: seg.from + (seg.starts ? 6 : 1) + aside, y: y - 1.5, class: 'take-label', 'data-take': take.number }, take.label));
    if (!take.end && seg.system === systems.at(-1)) g.append(el('text', { x: seg.to + 2, y: y + 2, class: 'open-arrow' }, '→'));
    svg.append(g);
  }
}

function markClass(state, mark) {
  const current = mark.take === state.current;
  const selected = state.selected === mark.id || (state.moving && state.moving.id === mark.id);
  return 'mark ' + mark.kind + (mark.unsent ? ' unsent' : current ? ' current' : ' earlier') + (selected ? ' selected' : '')
    + (mark.to ? ' ranged' : '');
}

function colourOf(mark) {
  if (mark.kind === 'rating') return ratingColour(mark.value);
  if (mark.kind === 'problem') return '#d93025';
  if (mark.kind === 'edit-point') return '#00838f';
  return '#5f6368';
}

export function drawMarks(svg, state) {
  // Marks the server has, then changes still on their way (drawn dashed until the server has them).
  const unsent = state.unsentMarks ? [...state.unsentMarks.values()] : [];
  for (const mark of [...state.marks.values(), ...unsent]) {
    if (!state.takes.has(mark.take) || !shown(state, mark.take)) continue;
    if (mark.kind === 'ink') { drawInk(svg, state, mark); continue; }
    if (mark.to) drawRange(svg, state, mark);
    if (mark.at.page !== state.page) continue;
    const g = el('g', { class: markClass(state, mark), 'data-id': mark.id, 'data-take': mark.take });
    drawSymbol(g, mark, mark.at.x, mark.at.y);
    if (mark.text && mark.kind !== 'text') g.append(el('title', {}, mark.text));
    svg.append(g);
  }
}

function drawSymbol(g, mark, x, y) {
  if (mark.kind === 'rating') {
    g.append(el('circle', { cx: x, cy: y, r: 9, fill: ratingColour(mark.value) }));
    g.append(el('text', { x, y: y + 3.8, class: 'rating-value' }, String(mark.value)));
  } else if (mark.kind === 'problem') {
    const label = '! ' + (problemShort[mark.problem] || mark.problem);
    const width = 6 + label.length * 4.6;
    g.append(el('rect', { x: x - width / 2, y: y - 7, width, height: 13, rx: 3 }));
    g.append(el('text', { x, y: y + 3, class: 'problem-label' }, label));
  } else if (mark.kind === 'edit-point') {
    g.append(el('circle', { cx: x, cy: y, r: 7.5 }));
    g.append(el('text', { x, y: y + 3.5, class: 'symbol' }, '✂'));
  } else {
    g.append(el('circle', { cx: x, cy: y, r: 7.5 }));
    g.append(el('text', { x, y: y + 3.5, class: 'symbol' }, '✎'));
  }
}

/** The range's segments: the server's when it sent them, else worked out here from the layout. */
export function segmentsOf(state, mark) {
  if (Array.isArray(mark.segments) && mark.segments.length) return mark.segments;
  return rangeSegments(state.layout, state.pageSize.width, mark.at, mark.to);
}

function drawRange(svg, state, mark) {
  const colour = colourOf(mark);
  const segments = segmentsOf(state, mark);
  segments.forEach((s, i) => {
    if (s.page !== state.page) return;
    const g = el('g', { class: markClass(state, mark) + ' range-part', 'data-id': mark.id, 'data-take': mark.take, 'data-segment': i });
    g.append(el('rect', { x: s.left, y: s.top, width: Math.max(2, s.right - s.left), height: Math.max(4, s.bottom - s.top),
      fill: colour, class: 'range-body', 'data-id': mark.id }));
    g.append(el('line', { x1: s.left, y1: s.bottom + 3, x2: s.right, y2: s.bottom + 3, stroke: colour, class: 'range-line' }));
    if (i === 0) g.append(el('circle', { cx: s.left, cy: (s.top + s.bottom) / 2, r: 6, class: 'range-handle', 'data-end': 'at', 'data-id': mark.id }));
    if (i === segments.length - 1) g.append(el('circle', { cx: s.right, cy: (s.top + s.bottom) / 2, r: 6, class: 'range-handle', 'data-end': 'to', 'data-id': mark.id }));
    svg.append(g);
  });
}

function drawInk(svg, state, mark) {
  if (mark.at.page !== state.page || !Array.isArray(mark.points) || !mark.points.length) return;
  const g = el('g', { class: markClass(state, mark), 'data-id': mark.id, 'data-take': mark.take });
  const points = mark.points.map(([x, y]) => `${x},${y}`).join(' ');
  g.append(el('polyline', { points, class: 'ink-hit' }));
  g.append(el('polyline', { points, class: 'ink-line', stroke: takeColour(mark.take) }));
  svg.append(g);
}

/** A stroke or range being drawn now (before it is sent). */
export function drawSketch(svg, state) {
  const sketch = state.sketch;
  if (!sketch) return;
  if (sketch.points) {
    svg.append(el('polyline', { points: sketch.points.map(([x, y]) => `${x},${y}`).join(' '), class: 'ink-line sketch', stroke: takeColour(state.current ?? 0) }));
  } else if (sketch.at && sketch.to) {
    for (const s of rangeSegments(state.layout, state.pageSize.width, sketch.at, sketch.to)) {
      if (s.page === state.page) svg.append(el('rect', { x: s.left, y: s.top, width: Math.max(2, s.right - s.left), height: s.bottom - s.top, class: 'range-sketch' }));
    }
  }
}
