#!/usr/bin/env python3
"""A take tapped on the wrong piece's score, moved by its audio, on the live page by finger: take 2's start was tapped
on the first score (another piece) while its file is of the second. When the file arrives the page asks to place it;
the server follows it through both scores' notes and finds the second's better, so the page names that score and asks
to move the take there. After the move the stored take starts on the second score, its start and end set from the
audio, and the page shows that score's page. Real touch events (CDP Input.dispatchTouchEvent), never click().

Usage: place-move.py URL OUT   (exit status 0 when every check passed; needs TONMEISTER_SERVE, the server's command line).
"""
import os
import sys

from browser import driver, check, wait, ready, finger_tap, stored_session, file_arrives

URL, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)

d = driver(1024, 768, touch=True)
try:
    d.get(URL)
    ready(d)
    wait(d, "return window.tonmeisterState.current === 2", message="take 2 is the current take")
    check(d.execute_script("return window.tonmeisterState.takes.get(2).start.page") == 1, "take 2 starts on the first score's page")
    file_arrives(d)
    finger_tap(d, "#popup [data-choice=\"0\"]")
    wait(d, "const p = document.getElementById('popup'); return !p.hidden && p.textContent.includes('sounds like Minuet')", timeout=120,
         message="the page names the score take 2's audio matches")
    check(d.execute_script("return !document.querySelector('g.take.placed[data-take=\"2\"]')"), "take 2 is not placed before the producer agrees")
    d.save_screenshot(os.path.join(OUT, "sounds-like.png"))
    finger_tap(d, "#popup [data-choice=\"0\"]")
    wait(d, "return !!document.querySelector('g.take.placed[data-take=\"2\"]')", timeout=120, message="take 2 drawn as placed from audio")
    toast = d.execute_script("return document.getElementById('toast').textContent")
    check("moved to Minuet" in toast, f"the page says it was moved: {toast!r}")
    check(d.execute_script("return window.tonmeisterState.page") == 4, "the page shows the second score's page, where take 2 now lies")
    stored = stored_session(d)
    take = next(t for t in stored["takes"] if t["number"] == 2)
    placed = take.get("placed") or {}
    bars = [b["bar"] for b in placed.get("downbeats", [])]
    check(take["start"]["page"] == 4, f"the stored take 2 starts on the second score, session page 4 ({take['start']})")
    check(placed.get("startSource") == "audio" and placed.get("endSource") == "audio", f"its start and end come from the audio ({placed})")
    check(bars[:3] == ["5", "6", "7"], f"its downbeats from bar 5 ({bars})")
    wait(d, "const s = document.getElementById('score'); return s.getAttribute('src').startsWith('/api/pages/4.png') && s.complete && s.naturalWidth > 0",
         timeout=30, message="the second score's page is drawn")
    d.save_screenshot(os.path.join(OUT, "moved.png"))
    print("all move checks passed")
finally:
    d.quit()
