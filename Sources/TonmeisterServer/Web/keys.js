// Hardware keyboard shortcuts (a tablet's keyboard cover, a laptop, a page-turn pedal) and the help overlay that
// lists them.
import { closePopup, popupOpen, openPanel } from './popups.js';

/** Letters that pick a problem kind (the next tap places it, a drag makes it a range). */
export const problemKeys = { i: 'intonation', b: 'balance', e: 'ensemble', x: 'noise', r: 'false-start', w: 'wrong-note', t: 'tempo', o: 'other' };

/** Every shortcut, as the help overlay lists it: [keys, what]. */
export const shortcuts = [
  ['1 … 5', 'rate the bar of the last tap (1 bad … 5 excellent)'],
  ...Object.entries(problemKeys).map(([k, p]) => [k.toUpperCase(), `problem: ${p} (then tap, or drag for a range)`]),
  ['C', 'edit point tool'], ['M', 'text note tool'], ['K', 'ink tool (draw with a finger)'],
  ['N or +', 'new take (tap where it starts)'], ['Enter', 'end the take (at the last tap, or tap where it ended)'],
  ['−', 'previous take (pins it)'], ['U or Ctrl+Z', 'undo this tablet\'s last action'], ['H', 'history: who did what, when; undo from there'],
  ['→ ←', 'next / previous page'], ['PageDown, Space, ↓', 'half a page on (page-turn pedal)'], ['PageUp, ↑', 'half a page back'],
  ['G or /', 'jump to a page, bar or take'], ['F', 'fit the width / the whole page'], ['Shift+F', 'full screen'],
  ['L', 'follow the current take'], ['P', 'pen mode: only the pen marks'], ['D', 'dark score'], ['?', 'this help'], ['Esc', 'cancel, close'],
];

export function showHelp() {
  const rows = shortcuts.map(([k, what]) => `<tr><td><kbd>${k}</kbd></td><td>${what}</td></tr>`).join('');
  return openPanel(`<h3 id="help-title">Keyboard shortcuts</h3><div class="help-scroll"><table id="help-table">${rows}</table></div>`
    + '<p class="hint-line">Touch: tap 1–5 times for a rating, long-press for the bar\'s takes or to edit a mark, drag with a tool for a range, '
    + 'swipe sideways to turn the page, pinch to zoom. Pen mode: the pen marks and draws, fingers scroll and turn pages.</p>'
    + '<div class="row"><button data-cancel class="primary">Close</button></div>');
}

/** The keydown handler for the page. */
export function keyHandler(app) {
  const { state } = app;
  const click = (id) => document.getElementById(id).click();
  return (e) => {
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT' || e.target.tagName === 'TEXTAREA') { if (e.key === 'Escape') e.target.blur(); return; }
    if (popupOpen()) { if (e.key === 'Escape') closePopup(); return; }
    if (e.altKey || (e.metaKey && e.key !== 'z')) return;
    const key = e.key;
    const handled = () => e.preventDefault();
    if (key === 'ArrowRight') { app.turn(1); handled(); }
    else if (key === 'ArrowLeft') { app.turn(-1); handled(); }
    else if (key === 'PageDown' || key === ' ' || key === 'ArrowDown') { app.halfTurn(1); handled(); }  // page-turn pedals
    else if (key === 'PageUp' || key === 'ArrowUp') { app.halfTurn(-1); handled(); }
    else if (/^[1-5]$/.test(key) && state.mode === 'notes') {
      if (state.lastPoint) app.placeMark({ kind: 'rating', value: Number(key) }, state.lastPoint);
      else app.toast('tap the score first, then the key places the rating there');
    }
    else if (key === 'z' && (e.ctrlKey || e.metaKey)) { app.undo(); handled(); }
    else if (e.ctrlKey) return;
    else if (problemKeys[key] && state.mode === 'notes') app.pickTool({ kind: 'problem', problem: problemKeys[key] });
    else if (key === 'c' && state.mode === 'notes') app.pickTool({ kind: 'edit-point' });
    else if (key === 'm' && state.mode === 'notes') app.pickTool({ kind: 'text' });
    else if (key === 'k' && state.mode === 'notes') app.pickTool({ kind: 'ink' });
    else if (key === 'Enter') { app.endTake(state.lastPoint && state.lastPoint.page === state.page ? state.lastPoint : null); handled(); }
    else if (key === '+' || key === 'n') app.newTake();
    else if (key === '-') app.previousTake();
    else if (key === 'F') app.fullScreen();
    else if (key === 'f') click('fit');
    else if (key === 'l') click('follow');
    else if (key === 'p') click('pen-mode');
    else if (key === 'd') click('dark');
    else if (key === 'u') app.undo();
    else if (key === '?') showHelp();
    else if (key === 'h') app.showHistory(app);
    else if (key === 'g' || key === '/') { app.openJump(); handled(); }
    else if (key === 'Escape') { state.tool = null; state.newTake = null; state.awaitingEnd = false; state.moving = null; state.sketch = null; app.render(); }
  };
}
