#!/usr/bin/env python3
"""A whole session of 30 takes as a producer works it with two tablets (fingers only, CDP touch events): tablet A
starts and ends every take, both rate bars of it, and tablet B loses the network for takes 10 to 15 and gets it back.
Every tap must be stored exactly once, on the take the tablet showed when it was tapped.

Usage: session.py URL OUT   (exit status 0 when every check passed)
"""
import collections
import os
import sys
import time

from selenium.webdriver.support.ui import WebDriverWait

from browser import driver, check, wait, ready, finger_tap, finger_taps, stored_session

URL, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
TAKES, OFFLINE = 30, range(10, 16)


def bar_xy(d, number, across=0.5):
    return d.execute_script("""
        const b = window.tonmeisterState.bars.find(b => b.bar === arguments[0]);
        return [b.left + (b.right - b.left) * arguments[1], b.top + (b.bottom - b.top) * 0.4];""", number, across)


def current(d):
    return d.execute_script("return window.tonmeisterState.current")


a, b = driver(1024, 768, touch=True), driver(1024, 768, touch=True)
try:
    for d in (a, b):
        d.get(URL)
        ready(d)
        d.execute_script("window.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'}))")  # page 2
        wait(d, "return window.tonmeisterState.page === 2", message="page 2")
    first = None
    expected = collections.Counter()  # (take, bar, value): how often it was tapped
    for i in range(1, TAKES + 1):
        finger_tap(a, "#take-plus")
        time.sleep(0.2)
        if a.execute_script("return !document.getElementById('popup').hidden && !!document.querySelector(\"#popup [data-choice='1']\")"):
            finger_tap(a, "#popup [data-choice='1']")  # the example session's open take 30: leave it open
        wait(a, "return window.tonmeisterState.newTake !== null", message=f"take {i}: a pending new take on A")
        number = a.execute_script("return window.tonmeisterState.newTake.number")
        first = first or number
        finger_taps(a, *bar_xy(a, "1", 0.15))
        wait(a, f"return window.tonmeisterState.current === {number} && window.tonmeisterState.takes.has({number})", message=f"take {number} started on A")
        if i == OFFLINE.start:
            b.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
        if i == OFFLINE.stop:
            b.set_network_conditions(offline=False, latency=0, download_throughput=1024 * 1024, upload_throughput=1024 * 1024)
        if i not in OFFLINE:
            wait(b, f"return window.tonmeisterState.current === {number}", timeout=15, message=f"B follows take {number}")
        else:
            # Offline, B may or may not hear of the take (the event stream can outlive the network): give it time to
            # settle, so that the take B shows when tapped is the one read here.
            try:
                WebDriverWait(b, 4).until(lambda d: current(d) == number)
            except Exception:
                pass
        value_a, value_b = 1 + i % 5, 1 + (i + 2) % 5
        finger_taps(a, *bar_xy(a, "3"), count=value_a)
        expected[(number, "3", value_a)] += 1
        shown = current(b)
        bar_b = "8" if i in OFFLINE else "7"
        finger_taps(b, *bar_xy(b, bar_b), count=value_b)
        expected[(shown, bar_b, value_b)] += 1
        if i in OFFLINE:
            wait(b, "return document.getElementById('outbox').textContent.endsWith('waiting')", message=f"take {number}: B's tap waits offline")
        finger_tap(a, "#end-take")
        wait(a, "return window.tonmeisterState.awaitingEnd", message=f"take {number}: End on A")
        finger_taps(a, *bar_xy(a, "9", 0.8))
        wait(a, f"return !!window.tonmeisterState.takes.get({number}).end", message=f"take {number} ended on A")
        if i == OFFLINE.stop - 1:
            b.save_screenshot(os.path.join(OUT, "s1-tablet-b-offline.png"))
    wait(b, "return document.getElementById('outbox').textContent === 'all saved'", timeout=60, message="B's waiting taps all sent")
    wait(a, f"return window.tonmeisterState.current === {number}", message="A on the last take")
    time.sleep(1)
    session = stored_session(a)
    stored = collections.Counter((m["take"], m["bar"], m["value"]) for m in session["marks"]
                                 if m["kind"] == "rating" and m["take"] >= first and m["bar"] in ("3", "7", "8"))
    missing, doubled = expected - stored, stored - expected
    check(not missing and not doubled, f"{TAKES} takes, {sum(expected.values())} taps on two tablets (B offline for {len(OFFLINE)} takes): "
          f"each stored exactly once on the take its tablet showed (missing {dict(missing)}, extra {dict(doubled)})")
    takes = [t for t in session["takes"] if t["number"] >= first]
    check(len(takes) == TAKES and all(t.get("end") for t in takes), f"{TAKES} takes started and ended on A")
    b.save_screenshot(os.path.join(OUT, "s2-tablet-b-after.png"))
finally:
    a.quit()
    b.quit()
print("all session checks passed")
