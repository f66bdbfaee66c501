#!/usr/bin/env python3
"""Placing a take from its audio on the live page, by finger: the take panel offers it once the take's file is
linked; after the server followed the file, the take is drawn as placed from audio (a double rule and a tick at each
downbeat) and the stored session holds the downbeats. Real touch events (CDP Input.dispatchTouchEvent), never click().

Usage: place.py URL OUT   (exit status 0 when every check passed)
"""
import json
import os
import sys
import time

from browser import driver, check, wait, ready, finger_tap, stored_session

URL, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)

d = driver(1024, 768, touch=True)
try:
    d.get(URL)
    ready(d)
    wait(d, "return window.tonmeisterState.current === 2", message="take 2 is the current take")
    check(d.execute_script("return !document.querySelector('g.take.placed')"), "no take is drawn as placed before placing")
    finger_tap(d, "#take-number")
    wait(d, "return !!document.getElementById('take-place')", message="the take panel offers placing take 2 from its audio")
    d.save_screenshot(os.path.join(OUT, "panel.png"))
    finger_tap(d, "#take-place")
    wait(d, "return !!document.querySelector('g.take.placed[data-take=\"2\"]')", timeout=90, message="take 2 drawn as placed from audio")
    ticks = d.execute_script("return document.querySelectorAll('g.take.placed[data-take=\"2\"] .downbeat').length")
    check(ticks >= 5, f"take 2 shows a tick at each downbeat the audio placed ({ticks})")
    check(d.execute_script("return !document.querySelector('g.take.placed[data-take=\"1\"]')"), "take 1 (no file) is drawn as before")
    toast = d.execute_script("return document.getElementById('toast').textContent")
    check("placed from its audio" in toast, f"the page says so: {toast!r}")
    stored = stored_session(d)
    take = next(t for t in stored["takes"] if t["number"] == 2)
    placed = take.get("placed") or {}
    bars = [b["bar"] for b in placed.get("downbeats", [])]
    check(placed.get("source") == "audio" and bars[:3] == ["5", "6", "7"], f"the stored take 2 has its downbeats from bar 5 ({bars})")
    check(placed.get("startSource") == "tap", "the producer's tapped start is kept")
    d.save_screenshot(os.path.join(OUT, "placed.png"))
    print("all place checks passed")
finally:
    d.quit()
