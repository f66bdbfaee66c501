// Popups: which takes cover a point, editing a mark, typing a take number or a text, and questions.
import { call } from './api.js';
import { problemShort, barAt } from './geometry.js';

const popup = () => document.getElementById('popup');
const backdrop = () => document.getElementById('dialog-backdrop');
let resolveOpen = null;

// The tap that opens a dialog is followed by the click the browser makes of it (touch: after touchend). That click
// lands on the dialog or its backdrop and must not close or answer it: clicks count only after a pointerdown made
// while the dialog is open.
let openedAt = -Infinity, pressedSinceOpen = false;
document.addEventListener('pointerdown', () => { if (!popup().hidden) pressedSinceOpen = true; }, true);
document.addEventListener('click', (e) => {
  if (popup().hidden || pressedSinceOpen || performance.now() - openedAt > 900) return;
  if (e.target.closest && (e.target.closest('#popup') || e.target.closest('#dialog-backdrop'))) {
    e.stopPropagation();
    e.preventDefault();
  }
}, true);

export function popupOpen() { return !popup().hidden; }

export function closePopup(value = null) {
  popup().hidden = true;
  backdrop().hidden = true;
  if (resolveOpen) { const r = resolveOpen; resolveOpen = null; r(value); }
}

function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

/** Opens the popup near a score point (or centred without one) with the given HTML; resolves when it closes. */
function open(html, point, modal = false) {
  closePopup();
  const box = popup();
  box.innerHTML = html;
  box.hidden = false;
  openedAt = performance.now();
  pressedSinceOpen = false;
  box.querySelectorAll('[data-cancel]').forEach((b) => { b.onclick = () => closePopup(); });
  backdrop().hidden = !modal;
  backdrop().onclick = () => closePopup();
  const width = box.offsetWidth, height = box.offsetHeight;
  let left = (window.innerWidth - width) / 2, top = (window.innerHeight - height) / 2;
  if (point) {
    const sheet = document.getElementById('sheet').getBoundingClientRect();
    const state = window.tonmeisterState;
    const x = sheet.left + (point.x / state.pageSize.width) * sheet.width;
    const y = sheet.top + (point.y / state.pageSize.height) * sheet.height;
    left = Math.min(Math.max(8, x + 14), window.innerWidth - width - 8);
    top = Math.min(Math.max(8, y + 14), window.innerHeight - height - 8);
  }
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
  return new Promise((resolve) => { resolveOpen = resolve; });
}

/** A centred panel (the recorder clock) with the given HTML; resolves when it closes. */
export function openPanel(html) { return open(html, null, true); }

/** Long-press on the score: the bar there and the takes covering it, exactly as `tonmeister covers --bar N` answers. */
export async function showCovers(point, app) {
  const bar = barAt(app.state.bars, app.state.layout, point);
  let answer;
  try {
    answer = await call('GET', bar ? `covers?bar=${encodeURIComponent(bar.bar)}` : `covers?page=${point.page}&x=${point.x}&y=${point.y}`);
  } catch (e) { app.toast(e.message, true); return; }
  const title = bar ? `Bar ${bar.bar}` : 'Takes covering this point';
  const rows = answer.takes.map((t) => `<tr data-take="${t.number}" data-coverage="${t.coverage}" data-rating="${t.rating}">`
    + `<td><b>take ${escape(t.label)}</b></td><td>${t.coverage}</td>`
    + `<td><span class="chip r${t.rating}">${t.rating}</span></td><td>${t.open ? 'open' : ''}</td></tr>`).join('');
  const none = bar ? `No take covers bar ${escape(bar.bar)} yet.` : 'No take covers this point yet.';
  open(`<h3 id="covers-title" data-bar="${bar ? escape(bar.bar) : ''}">${escape(title)}</h3>`
    + (rows ? `<table id="covers-table">${rows}</table>` : `<p id="covers-none">${none}</p>`), point);
}

/** Long-press on a mark: change its rating or problem, its text, move it, or delete it. */
export async function showMarkEditor(mark, point, app) {
  const take = app.state.takes.get(mark.take);
  const what = mark.kind === 'rating' ? `rating ${mark.value}` : mark.kind === 'problem' ? `problem: ${mark.problem}` : mark.kind;
  const ratings = [1, 2, 3, 4, 5].map((v) => `<button data-rating="${v}" class="chip-button r${v}">${v}</button>`).join('');
  const problems = app.state.session.problems.map((p) => `<button data-problem="${p}">! ${problemShort[p] || p}</button>`).join('');
  const range = mark.to ? ` to ${mark.to.page === mark.at.page ? '' : `page ${mark.to.page} `}(drag its round ends to resize it; Move moves it whole)` : '';
  const promise = open(`<h3>Take ${escape(take ? take.label : mark.take)} · ${escape(what)}${mark.bar ? ` · bar ${escape(mark.bar)}` : ''}</h3>`
    + (mark.device || range ? `<p class="hint-line">${mark.device ? `made on ${escape(mark.device)}` : ''}${escape(range)}</p>` : '')
    + (mark.text ? `<p>${escape(mark.text)}</p>` : '')
    + `<div class="row">${ratings}</div><div class="row">${problems}</div>`
    + `<div class="row"><button data-action="edit-point">✂ edit point</button><button data-action="text">✎ text…</button>`
    + `<button data-action="move">Move</button><button data-action="delete" class="danger">Delete</button></div>`, point);
  app.state.selected = mark.id;
  app.render();
  popup().onclick = async (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    let answer = null;
    if (b.dataset.rating) answer = await app.attempt('POST', `marks/${mark.id}/change`, { kind: 'rating', value: Number(b.dataset.rating) });
    else if (b.dataset.problem) answer = await app.attempt('POST', `marks/${mark.id}/change`, { kind: 'problem', problem: b.dataset.problem });
    else if (b.dataset.action === 'edit-point') answer = await app.attempt('POST', `marks/${mark.id}/change`, { kind: 'edit-point' });
    else if (b.dataset.action === 'text') {
      const text = await askText('Text of the mark', mark.text || '');
      if (text === null) return;
      answer = await app.attempt('POST', `marks/${mark.id}/change`, { kind: mark.kind, value: mark.value, problem: mark.problem, text: text || null });
    } else if (b.dataset.action === 'move') {
      closePopup();
      app.state.moving = mark;
      app.render();
      return;
    } else if (b.dataset.action === 'delete') {
      answer = await app.attempt('DELETE', `marks/${mark.id}`);
      if (answer) app.toast(`mark deleted (Undo brings it back)`);
    }
    if (answer) app.upsertMark(answer);
    closePopup();
    app.render();
  };
  await promise;
  popup().onclick = null;
  app.state.selected = null;
  app.render();
}

/** Asks for a take number; resolves with it or null. */
export function askTakeNumber(suggested) {
  const promise = open(`<h3>Take number</h3><p>An existing take is selected; a new number starts that take at the next tap.</p>`
    + `<form id="number-form"><input id="number-input" inputmode="numeric" value="${suggested}" autocomplete="off"></form>`
    + `<div class="row"><button data-go class="primary">OK</button><button data-cancel>Cancel</button></div>`, null, true);
  const input = document.getElementById('number-input');
  input.focus();
  input.select();
  const submit = () => {
    const n = Number(input.value.trim());
    if (!Number.isInteger(n) || n < 0) { input.style.borderColor = '#d93025'; return; }
    closePopup(n);
  };
  document.getElementById('number-form').onsubmit = (e) => { e.preventDefault(); submit(); };
  popup().querySelector('[data-go]').onclick = submit;
  popup().querySelector('[data-cancel]').onclick = () => closePopup();
  return promise;
}

/** Asks for a line of text; resolves with it (possibly empty) or null. */
export function askText(title, initial) {
  const promise = open(`<h3>${escape(title)}</h3><form id="text-form"><input id="text-input" value="${escape(initial)}" autocomplete="off"></form>`
    + `<div class="row"><button data-go class="primary">OK</button><button data-cancel>Cancel</button></div>`, null, true);
  const input = document.getElementById('text-input');
  input.focus();
  const submit = () => closePopup(input.value.trim());
  document.getElementById('text-form').onsubmit = (e) => { e.preventDefault(); submit(); };
  popup().querySelector('[data-go]').onclick = submit;
  popup().querySelector('[data-cancel]').onclick = () => closePopup();
  return promise;
}

/** A question with buttons; resolves with the chosen index or null. */
export function confirmDialog(title, text, choices) {
  const buttons = choices.map((c, i) => `<button data-choice="${i}" class="${i === 0 ? 'primary' : ''}">${escape(c)}</button>`).join('');
  const promise = open(`<h3>${escape(title)}</h3><p>${escape(text)}</p><div class="row">${buttons}<button data-cancel>Cancel</button></div>`, null, true);
  popup().querySelectorAll('[data-choice]').forEach((b) => { b.onclick = () => closePopup(Number(b.dataset.choice)); });
  popup().querySelector('[data-cancel]').onclick = () => closePopup();
  return promise;
}

/** A small menu of actions at a point (layout editing). */
export function showLayoutMenu(point, items) {
  open(`<div class="row">${items.map((item, i) => `<button data-item="${i}" class="${i === 0 ? 'danger' : ''}">${escape(item[0])}</button>`).join('')}</div>`, point);
  popup().querySelectorAll('[data-item]').forEach((b) => { b.onclick = () => { closePopup(); items[Number(b.dataset.item)][1](); }; });
}
