#!/usr/bin/env python3
"""Placing a take from its audio on the live page, by finger: while the page is open, take 2's file is linked by
`tonmeister session link-audio` (another process); the page asks whether to place it, and after the server followed
the file the take is drawn as placed from audio (a double rule and a tick at each downbeat) and the stored session
holds the downbeats; the take panel then offers to place it again. Real touch events (CDP Input.dispatchTouchEvent),
never click().

Usage: place.py URL OUT [SCORE|repeat]   (exit status 0 when every check passed; needs TONMEISTER_SERVE, the server's
command line). With SCORE, take 2 lies on that score of a session of several, the only one with notes. With `repeat`,
the piece's bars are played twice and take 2's start was tapped on the second pass: its file fits both passes alike,
and the take must be placed on the pass of the tap, the page saying that the tap chose.
"""
import os
import sys

from browser import driver, check, wait, ready, finger_tap, stored_session, file_arrives

URL, OUT = sys.argv[1], sys.argv[2]
REPEAT = len(sys.argv) > 3 and sys.argv[3] == "repeat"
SCORE = int(sys.argv[3]) if len(sys.argv) > 3 and not REPEAT else None
os.makedirs(OUT, exist_ok=True)

d = driver(1024, 768, touch=True)
try:
    d.get(URL)
    ready(d)
    wait(d, "return window.tonmeisterState.current === 2", message="take 2 is the current take")
    check(d.execute_script("return !document.querySelector('g.take.placed')"), "no take is drawn as placed before placing")
    if SCORE is None:
        check(d.execute_script("return !!window.tonmeisterState.session.score.music"), "the page knows the score's notes")
    else:
        notes = d.execute_script("return window.tonmeisterState.session.scores.map(s => s.music || null)")
        check(notes[SCORE] and not any(n for i, n in enumerate(notes) if i != SCORE),
              f"the page knows that only score {SCORE} has notes ({notes})")
    file_arrives(d)
    d.save_screenshot(os.path.join(OUT, "arrived.png"))
    # The placing answer is held back 6 s in the page, longer than the page's 5 s round of sending waiting changes,
    # as on a busy server (only the first sending is held): the change on the wire is not a waiting one, so it is not sent twice nor announced as sent.
    d.execute_script("""
      const send = window.fetch;
      let held = false;
      window.fetch = async (url, options) => {
        const answer = await send(url, options);
        if (!held && options && options.method === 'POST' && String(url).endsWith('/place')) {
          held = true;
          await new Promise((r) => setTimeout(r, 6000));
        }
        return answer;
      };
      window.tonmeisterToasts.length = 0;""")
    finger_tap(d, "#popup [data-choice=\"0\"]")
    wait(d, "return !!document.querySelector('g.take.placed[data-take=\"2\"]')", timeout=90, message="take 2 drawn as placed from audio")
    ticks = d.execute_script("return document.querySelectorAll('g.take.placed[data-take=\"2\"] .downbeat').length")
    check(ticks >= 5, f"take 2 shows a tick at each downbeat the audio placed ({ticks})")
    check(d.execute_script("return !document.querySelector('g.take.placed[data-take=\"1\"]')"), "take 1 (no file) is drawn as before")
    wait(d, "return window.tonmeisterToasts.some(t => t.message.includes('placed from its audio'))", timeout=30,
         message="the page's answer to placing arrives")
    toasts = d.execute_script("return window.tonmeisterToasts.map(t => t.message)")
    toast = next((t for t in reversed(toasts) if "placed from its audio" in t), "")
    check(toast, f"the page says so: {toasts!r}")
    check(not any("waiting change" in t for t in toasts), f"the slow placing was not sent again as a waiting change: {toasts!r}")
    if REPEAT:
        check("your tap chose the pass" in toast, f"the page says the tap chose between the passes: {toast!r}")
    else:
        check("tap chose" not in toast, f"no pass to choose, none named: {toast!r}")
    stored = stored_session(d)
    take = next(t for t in stored["takes"] if t["number"] == 2)
    placed = take.get("placed") or {}
    bars = [b["bar"] for b in placed.get("downbeats", [])]
    check(placed.get("source") == "audio" and bars[:3] == ["5", "6", "7"], f"the stored take 2 has its downbeats from bar 5 ({bars})")
    check(placed.get("startSource") == "tap", "the producer's tapped start is kept")
    passes = sorted({b["at"].get("pass", 1) for b in placed.get("downbeats", [])})
    check(passes == ([2] if REPEAT else [1]), f"take 2's downbeats lie on pass {2 if REPEAT else 1} ({passes})")
    d.save_screenshot(os.path.join(OUT, "placed.png"))
    finger_tap(d, "#take-number")
    wait(d, "const b = document.getElementById('take-place'); return !!b && b.textContent.includes('again')",
         message="the take panel offers placing take 2 again")
    d.save_screenshot(os.path.join(OUT, "panel.png"))
    print("all place checks passed")
finally:
    d.quit()
