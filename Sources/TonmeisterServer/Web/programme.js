// The programme panel of Layout mode: each piece with its bars, numbering and playing order. The producer numbers the
// bars (first bar, upbeat, a restart), accepts or edits the order the score's repeat signs propose, and adds, renames,
// moves and removes pieces. Every change is one undoable action (Undo takes it back); the bar numbers drawn on the
// score follow at once.
import { confirmDialog } from './popups.js';

const $ = (id) => document.getElementById(id);

let app = null;
const panel = { programme: null, proposals: new Map(), editing: null };

function escape(text) {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

/** Binds the panel's button (Layout mode's palette) and builds the panel. */
export function bindProgramme(theApp) {
  app = theApp;
  const aside = document.createElement('aside');
  aside.id = 'programme';
  aside.hidden = true;
  aside.setAttribute('aria-label', 'bars and pieces');
  document.body.append(aside);
  aside.addEventListener('click', onClick);
  aside.addEventListener('submit', onSubmit);
  $('programme-button').onclick = () => toggleProgramme();
}

/** Opens (or with false closes) the panel; the score narrows beside it. */
export async function toggleProgramme(open = $('programme').hidden) {
  $('programme').hidden = !open;
  document.body.classList.toggle('programme-open', open);
  $('programme-button').classList.toggle('selected', open);
  app.showPage(app.state.page);
  if (open) await refreshProgramme();
}

/** Reads the programme again and redraws the panel (when it is open). */
export async function refreshProgramme() {
  if ($('programme').hidden) return;
  if (app.state.mode !== 'layout') { toggleProgramme(false); return; }
  const programme = await app.attempt('GET', 'programme');
  if (programme) { panel.programme = programme; renderProgramme(); }
}

/** Sends a change; on success the page reloads (new bar numbers drawn) and the panel shows the answer. */
async function change(method, path, body, done) {
  const answer = await app.attempt(method, path, body);
  if (!answer) return false;
  panel.programme = answer;
  panel.editing = null;
  await app.load();
  renderProgramme();
  if (done) app.toast(done);
  return true;
}

/** The number of the first full bar and whether an upbeat comes before it. */
function numbering(firstBar) {
  const upbeat = firstBar === '0';
  return { first: upbeat ? 1 : Number.parseInt(firstBar, 10) || 1, upbeat };
}

function numberingRow(firstBar, piece) {
  const { first, upbeat } = numbering(firstBar);
  const data = piece === null ? '' : ` data-piece="${piece}"`;
  return `<div class="prog-row numbering"${data} data-first="${first}" data-upbeat="${upbeat}">
      <span class="prog-label">first bar</span>
      <button data-act="first-down"${data} aria-label="first bar one less">−</button>
      <b class="prog-first">${first}</b>
      <button data-act="first-up"${data} aria-label="first bar one more">+</button>
      <button data-act="upbeat"${data} class="toggle${upbeat ? ' selected' : ''}" aria-pressed="${upbeat}">upbeat (bar 0)</button>
    </div>`;
}

function orderText(order) {
  return order ? order.join(', ') : 'score order';
}

function pieceCard(p) {
  const n = p.piece, count = panel.programme.pieces.length;
  const proposal = panel.proposals.get(n);
  const editing = panel.editing;
  let html = `<section class="prog-piece" data-piece="${n}">
    <div class="prog-row head"><b class="prog-title">${n}. ${escape(p.title)}</b>
      <button data-act="up" data-piece="${n}" aria-label="move up"${n === 1 ? ' disabled' : ''}>↑</button>
      <button data-act="down" data-piece="${n}" aria-label="move down"${n === count ? ' disabled' : ''}>↓</button>
      <button data-act="edit" data-piece="${n}" aria-label="rename, bars, key">✎</button>
      <button data-act="remove" data-piece="${n}" aria-label="remove the piece">✕</button></div>
    <div class="prog-row info">bars <b>${escape(p.firstBar)}–${escape(p.lastBar)}</b> · ${p.bars} bar${p.bars === 1 ? '' : 's'}${p.key ? ` · ${escape(p.key)}` : ''}${p.played && p.played !== p.bars ? ` · ${p.played} played` : ''}</div>`;
  if (editing && editing.kind === 'piece' && editing.piece === n) html += pieceForm(p);
  html += numberingRow(p.firstBar, n);
  html += `<div class="prog-row order"><span class="prog-label">order</span><span class="prog-order">${escape(orderText(p.order))}</span></div>
    <div class="prog-row"><button data-act="detect" data-piece="${n}">Detect order</button>
      <button data-act="edit-order" data-piece="${n}">Edit order</button>
      <button data-act="score-order" data-piece="${n}"${p.order ? '' : ' disabled'}>Score order</button></div>`;
  if (proposal) {
    const signs = proposal.signs.map((s) => `${s.sign} at ${s.bar}`).concat(proposal.endings.map((e) => `ending ${e.passes.join('.')}. over ${e.first}`));
    html += `<div class="prog-row proposal"><span>proposed: <b>${escape(orderText(proposal.proposal))}</b>
      <small>${signs.length ? escape(signs.join(', ')) : 'no repeat signs found'}</small></span>
      <button data-act="accept" data-piece="${n}" class="action"${proposal.proposal ? '' : ' disabled'}>Accept</button></div>`;
  }
  if (editing && editing.kind === 'order' && editing.piece === n) {
    html += `<form class="prog-row" data-form="order" data-piece="${n}"><input name="order" value="${escape(p.order ? p.order.join(',') : '')}" placeholder="1-8,1-8,9-24" aria-label="playing order">
      <button class="action">Save</button></form>`;
  }
  return html + '</section>';
}

function pieceForm(p) {
  const v = p || { title: '', firstBar: panel.programme.firstBar ?? '1', lastBar: panel.programme.lastBar ?? '1', key: '' };
  return `<form class="prog-form" data-form="piece"${p ? ` data-piece="${p.piece}"` : ''}>
    <label>title <input name="title" value="${escape(v.title)}" required></label>
    <label>bars <input name="firstBar" value="${escape(v.firstBar)}" size="4" required> – <input name="lastBar" value="${escape(v.lastBar)}" size="4" required></label>
    <label>key <input name="key" value="${escape(v.key || '')}" placeholder="D major"></label>
    <div class="prog-row"><button class="action">${p ? 'Save' : 'Add piece'}</button><button type="button" data-act="cancel">Cancel</button></div></form>`;
}

/** Draws the panel from `panel.programme`. */
function renderProgramme() {
  const p = panel.programme;
  if (!p) return;
  const pieces = p.pieces;
  let html = `<div class="prog-row head"><b>Bars &amp; pieces</b><button data-act="close" aria-label="close">✕</button></div>
    <section class="prog-score"><div class="prog-row info">whole score: bars <b>${escape(p.firstBar ?? '–')}–${escape(p.lastBar ?? '–')}</b> · ${p.barCount} bars</div>
    ${pieces.length ? '' : numberingRow(p.firstBar ?? '1', null)}
    <form class="prog-row" data-form="restart"><span class="prog-label">restart at bar</span><input name="bar" size="4" aria-label="the bar now numbered" required>
      <span class="prog-label">as</span><input name="to" size="3" value="1" aria-label="its new number"><button class="action">Restart</button></form>`;
  if (!pieces.length) {
    html += `<div class="prog-row order"><span class="prog-label">order</span><span class="prog-order">score order</span></div>
      <div class="prog-row"><button data-act="detect" data-piece="0">Detect order</button><button data-act="edit-order" data-piece="0">Edit order</button></div>`;
    const proposal = panel.proposals.get(0) || panel.proposals.get(1);
    if (proposal) {
      html += `<div class="prog-row proposal"><span>proposed: <b>${escape(orderText(proposal.proposal))}</b></span>
        <button data-act="accept" data-piece="0" class="action"${proposal.proposal ? '' : ' disabled'}>Accept</button></div>`;
    }
    if (panel.editing && panel.editing.kind === 'order') {
      html += `<form class="prog-row" data-form="order" data-piece="0"><input name="order" placeholder="1-8,1-8,9-24" aria-label="playing order"><button class="action">Save</button></form>`;
    }
  }
  html += '</section>' + pieces.map(pieceCard).join('');
  html += panel.editing && panel.editing.kind === 'new' ? pieceForm(null) : '<div class="prog-row"><button data-act="add">+ piece</button></div>';
  $('programme').innerHTML = html;
}

function pieceOf(target) {
  const n = Number(target.dataset.piece);
  return Number.isFinite(n) && n > 0 ? n : null;
}

async function onClick(event) {
  const button = event.target.closest('button[data-act]');
  if (!button || button.disabled) return;
  const act = button.dataset.act, piece = pieceOf(button);
  const row = button.closest('.numbering');
  const where = piece ? { piece } : {};
  switch (act) {
    case 'close': toggleProgramme(false); break;
    case 'first-down': case 'first-up': {
      const first = Math.max(0, Number(row.dataset.first) + (act === 'first-up' ? 1 : -1));
      await change('POST', 'numbering', { ...where, first, pickup: row.dataset.upbeat === 'true' }, `bars numbered from ${first}`);
      break;
    }
    case 'upbeat': {
      const pickup = row.dataset.upbeat !== 'true';
      await change('POST', 'numbering', { ...where, first: Number(row.dataset.first), pickup }, pickup ? 'the first bar is an upbeat (bar 0)' : 'no upbeat');
      break;
    }
    case 'up': case 'down':
      await change('POST', `pieces/${piece}/move`, { to: piece + (act === 'up' ? -1 : 1) }, 'piece moved');
      break;
    case 'remove': {
      const title = panel.programme.pieces[piece - 1].title;
      const choice = await confirmDialog('Remove the piece', `Remove "${title}" from the programme? Its takes stay.`, ['Remove']);
      if (choice === 0) await change('DELETE', `pieces/${piece}`, {}, 'piece removed');
      break;
    }
    case 'edit': panel.editing = { kind: 'piece', piece }; renderProgramme(); break;
    case 'edit-order': panel.editing = { kind: 'order', piece }; renderProgramme(); break;
    case 'add': panel.editing = { kind: 'new' }; renderProgramme(); break;
    case 'cancel': panel.editing = null; renderProgramme(); break;
    case 'score-order': await change('POST', 'form', { ...where, order: 'score' }, 'score order'); break;
    case 'detect': {
      const answer = await app.attempt('GET', piece ? `form/detect?piece=${piece}` : 'form/detect');
      if (!answer) break;
      for (const d of answer.detected) panel.proposals.set(piece ? d.piece : 0, d);
      if (!answer.detected.length) app.toast('no proposal: the piece\'s bars are not in the layout', true);
      renderProgramme();
      break;
    }
    case 'accept': {
      const proposal = panel.proposals.get(piece ?? 0);
      if (proposal && await change('POST', 'form', { ...where, order: proposal.proposal }, `order accepted: ${orderText(proposal.proposal)}`)) {
        panel.proposals.delete(piece ?? 0);
        renderProgramme();
      }
      break;
    }
    default: break;
  }
}

async function onSubmit(event) {
  event.preventDefault();
  const form = event.target, data = Object.fromEntries(new FormData(form).entries());
  const piece = pieceOf(form), where = piece ? { piece } : {};
  if (form.dataset.form === 'restart') {
    await change('POST', 'numbering', { restartAt: [{ bar: data.bar.trim(), to: Number(data.to || 1) }] }, `numbering restarts at bar ${data.bar}`);
  } else if (form.dataset.form === 'order') {
    const text = data.order.trim();
    await change('POST', 'form', { ...where, order: text === '' ? 'score' : text }, `order: ${text || 'score order'}`);
  } else if (form.dataset.form === 'piece') {
    const body = { title: data.title.trim(), firstBar: data.firstBar.trim(), lastBar: data.lastBar.trim(), key: data.key.trim() };
    if (piece) await change('POST', `pieces/${piece}`, body, 'piece changed');
    else await change('POST', 'pieces', body, 'piece added');
  }
}
