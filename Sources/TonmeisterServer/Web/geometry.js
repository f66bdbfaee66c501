// Score geometry on the client: systems of a page, score order, where a take runs, which bar a point is in.
// Coordinates are PDF points from the top-left of the page, as in the session (DESIGN §5).

/** The systems of a page from the layout, sorted top to bottom: [{top, bottom, bars:[{number,left,right}], index}]. */
export function systemsOf(layout, page) {
  if (!layout) return [];
  const p = layout.pages.find((q) => q.page === page);
  if (!p) return [];
  return p.systems.map((s, index) => ({ top: s.top, bottom: s.bottom, bars: s.bars || [], index }));
}

/** The index of the system containing y, else the nearest one; -1 without systems. */
export function systemAt(systems, y) {
  let best = -1, distance = Infinity;
  systems.forEach((s, i) => {
    const d = y < s.top ? s.top - y : y > s.bottom ? y - s.bottom : 0;
    if (d < distance) { distance = d; best = i; }
  });
  return best;
}

/** A comparable key for score order: page, then system, then x. */
export function orderKey(layout, p) {
  const systems = systemsOf(layout, p.page);
  const s = systems.length ? systemAt(systems, p.y) : 0;
  return [p.page, s, systems.length ? p.x : p.y * 10000 + p.x];
}

/** Negative, 0 or positive as a comes before, with or after b in score order. */
export function compare(layout, a, b) {
  const ka = orderKey(layout, a), kb = orderKey(layout, b);
  for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
  return 0;
}

/** The horizontal extent of a system: its bars' extent, else the page's margins. */
export function systemExtent(system, pageWidth) {
  if (system.bars.length) return [system.bars[0].left, system.bars[system.bars.length - 1].right];
  return [pageWidth * 0.08, pageWidth * 0.92];
}

/** The pieces of a take on one page: [{system, from, to, starts, ends}] with x-ranges in points. */
export function takeSegments(layout, take, page, pageWidth) {
  const systems = systemsOf(layout, page);
  const out = [];
  const start = orderKey(layout, take.start);
  const end = take.end ? orderKey(layout, take.end) : [Infinity, Infinity, Infinity];
  systems.forEach((system, i) => {
    const [left, right] = systemExtent(system, pageWidth);
    const first = [page, i, -Infinity], last = [page, i, Infinity];
    if (lessKey(last, start) || lessKey(end, first)) return;
    const starts = start[0] === page && start[1] === i;
    const ends = take.end && end[0] === page && end[1] === i;
    out.push({ system, from: starts ? take.start.x : left, to: ends ? take.end.x : right, starts, ends: !!ends });
  });
  return out;
}

function lessKey(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/** The bar (from the session's bar list) containing a point, else the nearest on its system; null without bars. */
export function barAt(bars, layout, p) {
  const systems = systemsOf(layout, p.page);
  if (!systems.length) return null;
  const s = systemAt(systems, p.y);
  const candidates = bars.filter((b) => b.page === p.page && b.system === s + 1);
  let best = null, distance = Infinity;
  for (const b of candidates) {
    const d = p.x < b.left ? b.left - p.x : p.x > b.right ? p.x - b.right : 0;
    if (d < distance) { distance = d; best = b; }
  }
  return best;
}

/** The colour of a rating 1–5 (red, orange, amber, green, dark green), grey for none. */
export function ratingColour(value) {
  return ['#9aa0a6', '#d93025', '#f28b00', '#e6b800', '#34a853', '#137333'][value ?? 0] ?? '#9aa0a6';
}

/** Short names for problems, as on the annotated score. */
export const problemShort = {
  intonation: 'int', balance: 'bal', ensemble: 'ens', noise: 'noise', 'false-start': 'f-s',
  'wrong-note': 'w-n', tempo: 'tempo', other: 'other',
};

/** The pieces of a range from `at` to `to` (either order) along every system it crosses, across pages:
 *  [{page, left, right, top, bottom}] in points, as the server's `segments` of a range mark. */
export function rangeSegments(layout, pageWidth, at, to) {
  let [a, b] = compare(layout, at, to) <= 0 ? [at, to] : [to, at];
  const out = [];
  for (let page = a.page; page <= b.page; page++) {
    const systems = systemsOf(layout, page);
    if (!systems.length) {
      if (page === a.page && page === b.page) out.push({ page, left: Math.min(a.x, b.x), right: Math.max(a.x, b.x), top: Math.min(a.y, b.y) - 8, bottom: Math.max(a.y, b.y) + 8 });
      continue;
    }
    const first = page === a.page ? systemAt(systems, a.y) : 0;
    const last = page === b.page ? systemAt(systems, b.y) : systems.length - 1;
    for (let i = first; i <= last; i++) {
      const [left, right] = systemExtent(systems[i], pageWidth);
      out.push({ page, left: page === a.page && i === first ? a.x : left, right: page === b.page && i === last ? b.x : right,
        top: systems[i].top, bottom: systems[i].bottom });
    }
  }
  return out;
}

/** A take's own colour: twelve hues far apart, the same take always the same colour. */
export function takeColour(number) {
  const hues = ['#1a73e8', '#c2185b', '#00897b', '#f4511e', '#6a1b9a', '#2e7d32', '#ad1457', '#0277bd', '#ef6c00', '#5d4037', '#00838f', '#7b1fa2'];
  return hues[((number % hues.length) + hues.length) % hues.length];
}
