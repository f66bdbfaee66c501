// The screen for a long session: the edge drawer (views, jump, fit, follow, pen mode, dark score, filter), full
// screen, and a guard that keeps the browser's back gesture from leaving the page.
import { deviceId } from './status.js';
import { chooseTake } from './takes.js';

const $ = (id) => document.getElementById(id);
let app = null;

export function setUpScreen(page) {
  app = page;
  const { state } = app;
  $('menu').onclick = () => toggleDrawer();
  $('device-label').textContent = deviceId();
  $('fullscreen').onclick = fullScreen;
  document.addEventListener('fullscreenchange', () => $('fullscreen').classList.toggle('selected', !!document.fullscreenElement));
  $('page-label').onclick = openJump;
  $('bar-jump').onsubmit = (e) => { e.preventDefault(); if (jump($('bar-input').value)) { $('bar-input').value = ''; $('bar-input').blur(); toggleDrawer(false); } };
  // Pen mode and the dark score are remembered on this device.
  state.penMode = remembered('pen') === '1';
  state.dark = remembered('dark') || 'auto';
  $('pen-mode').onclick = () => { state.penMode = !state.penMode; remember('pen', state.penMode ? '1' : '0'); applyLook(); app.toast(state.penMode ? 'pen mode: only the pen marks, fingers scroll and turn pages' : 'pen mode off: fingers mark too'); };
  $('dark').onclick = () => { state.dark = { auto: 'dark', dark: 'light', light: 'auto' }[state.dark] || 'auto'; remember('dark', state.dark); applyLook(); };
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyLook);
  $('filter-take').onchange = $('compare-take').onchange = () => {
    const a = Number($('filter-take').value) || null, b = Number($('compare-take').value) || null;
    state.filter = a === null ? null : b === null || b === a ? [a] : [a, b];
    if (a !== null && state.takes.has(a) && state.current !== a) chooseTake(a);
    app.render();
  };
  applyLook();
  guardHistory();
}

function remembered(key) { try { return localStorage.getItem(`tonmeister.${key}`); } catch (e) { return null; } }
function remember(key, value) { try { localStorage.setItem(`tonmeister.${key}`, value); } catch (e) { /* private mode */ } }

/** Dark score (inverted page, by the toggle or the system's dark mode) and pen mode, as body classes. */
export function applyLook() {
  const { state } = app;
  const dark = state.dark === 'dark' || (state.dark === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.body.classList.toggle('dark-score', dark);
  document.body.classList.toggle('pen-mode', !!state.penMode);
  $('pen-mode').classList.toggle('selected', !!state.penMode);
  $('dark').textContent = `◐ score: ${state.dark}`;
  $('dark').classList.toggle('selected', dark);
}

export function toggleDrawer(open) {
  const drawer = $('drawer');
  const show = open === undefined ? drawer.hidden : open;
  drawer.hidden = !show;
  $('menu').classList.toggle('selected', show);
  if (show) fillFilter();
}

/** The take lists of the filter: one take, or two to compare. */
function fillFilter() {
  const { state } = app;
  const numbers = [...state.takes.values()].sort((a, b) => a.number - b.number);
  for (const [id, first] of [['filter-take', 'all takes'], ['compare-take', '—']]) {
    const select = $(id), chosen = state.filter ? String(state.filter[id === 'filter-take' ? 0 : 1] ?? '') : '';
    select.replaceChildren(new Option(first, ''), ...numbers.map((t) => new Option(`take ${t.label}`, String(t.number))));
    select.value = chosen;
  }
}

export function fullScreen() {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(() => app.toast('full screen is not allowed here', true));
}

export function openJump() {
  toggleDrawer(true);
  $('bar-input').focus();
}

/** Jumps to `p3` (a page), `t5` (a take) or `12` (a bar); false with a message when there is no such place. */
export function jump(text) {
  const { state } = app;
  const t = text.trim().toLowerCase();
  let m;
  if ((m = /^p(?:age)?\s*(\d+)$/.exec(t))) {
    const page = Number(m[1]);
    if (page < 1 || page > state.pages.length) { app.toast(`there is no page ${page} (the score has ${state.pages.length})`, true); return false; }
    app.showPage(page, page > state.page ? 1 : -1);
    return true;
  }
  if ((m = /^t(?:ake)?\s*(\d+)$/.exec(t))) {
    const take = Number(m[1]);
    if (!state.takes.has(take)) { app.toast(`there is no take ${take}`, true); return false; }
    chooseTake(take);
    return true;
  }
  const bar = state.bars.find((b) => b.bar === t.replace(/^b(?:ar)?\s*/, ''));
  if (!bar) { app.toast(`there is no bar ${text}`, true); return false; }
  app.showBar(bar);
  return true;
}

/** The browser's back gesture (a swipe from the edge, the back button) stays in the page: an entry of our own is
 *  pushed, and going back to it turns back a page instead of leaving. */
function guardHistory() {
  history.pushState({ tonmeister: 'guard' }, '', location.pathname + location.hash);
  window.addEventListener('popstate', () => {
    history.pushState({ tonmeister: 'guard' }, '', location.pathname + location.hash);
    app.toast('the back gesture stays in the page: use × in the browser to leave');
  });
}
