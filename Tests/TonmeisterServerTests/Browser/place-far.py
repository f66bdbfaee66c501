#!/usr/bin/env python3
"""A take whose audio lies far from its taps, on the live page by finger: take 2 was tapped in bar 1 only, while its
file holds bars 4½–12. When the file arrives the page asks to place it; the server finds its music wholly after the
tapped end and leaves it alone (far-from-tap), so the page names the bars its audio gives and asks before placing it
there. Cancel leaves the take as tapped; asked again from the take panel and agreed, the stored take starts and ends
where its audio says. Real touch events (CDP Input.dispatchTouchEvent), never click().

Usage: place-far.py URL OUT   (exit status 0 when every check passed; needs TONMEISTER_SERVE, the server's command line).
"""
import os
import sys

from browser import driver, check, wait, ready, finger_tap, stored_session, file_arrives

URL, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)

ASKED = "const p = document.getElementById('popup'); return !p.hidden && p.textContent.includes('sounds elsewhere')"

d = driver(1024, 768, touch=True)
try:
    d.get(URL)
    ready(d)
    wait(d, "return window.tonmeisterState.current === 2", message="take 2 is the current take")
    tapped = d.execute_script("const t = window.tonmeisterState.takes.get(2); return [t.start.x, t.end && t.end.x]")
    file_arrives(d)
    finger_tap(d, "#popup [data-choice=\"0\"]")
    wait(d, ASKED, timeout=120, message="the page says take 2's audio lies elsewhere")
    text = d.execute_script("return document.getElementById('popup').textContent")
    check("bars 5–12" in text or "bars 4–12" in text, f"the page names the bars its audio gives: {text!r}")
    check(d.execute_script("return !document.querySelector('g.take.placed[data-take=\"2\"]')"), "take 2 is not placed before the producer agrees")
    d.save_screenshot(os.path.join(OUT, "elsewhere.png"))
    finger_tap(d, "#popup [data-cancel]")
    wait(d, "return document.getElementById('toast').textContent.includes('left where it was tapped')", message="cancel leaves it as tapped")
    take = next(t for t in stored_session(d)["takes"] if t["number"] == 2)
    check("placed" not in take and [take["start"]["x"], take["end"]["x"]] == tapped, f"take 2 is stored as tapped ({take})")
    # Asked again from the take panel, and agreed.
    finger_tap(d, "#take-number")
    wait(d, "return !!document.getElementById('take-place')", timeout=30, message="take 2's panel offers placing")
    finger_tap(d, "#take-place")
    wait(d, ASKED, timeout=120, message="asked again")
    finger_tap(d, "#popup [data-choice=\"0\"]")
    wait(d, "return !!document.querySelector('g.take.placed[data-take=\"2\"]')", timeout=120, message="take 2 drawn as placed from audio")
    take = next(t for t in stored_session(d)["takes"] if t["number"] == 2)
    placed = take.get("placed") or {}
    bars = [b["bar"] for b in placed.get("downbeats", [])]
    check(placed.get("startSource") == "audio" and placed.get("endSource") == "audio", f"its start and end come from the audio ({placed})")
    check(bars[:2] == ["5", "6"] and bars[-1] == "12", f"its downbeats are bars 5–12 ({bars})")
    d.save_screenshot(os.path.join(OUT, "placed.png"))
    print("all far-from-tap checks passed")
finally:
    d.quit()
