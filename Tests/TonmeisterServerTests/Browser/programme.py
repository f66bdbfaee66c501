#!/usr/bin/env python3
"""Layout mode's panel of bars and pieces in real hands (CDP Input.dispatchTouchEvent, never click()) at 768x1024,
1024x768 and 1366x1024, against a running `tonmeister serve`.

Usage: programme.py URL OUT pickup    the chorale: an upbeat set by finger; the numbers drawn on the score, GET /api/session,
                                      /api/programme and /api/covers agree; Undo puts them back.
       programme.py URL OUT repeats   the minuet (no order yet): Detect order, Accept, Undo, Accept; then within a take a
                                      tap earlier in the score goes to the second pass, and the pass control corrects it.
(exit status 0 when every check passed; the failing check is printed otherwise)
"""
import json
import os
import sys
import time


from browser import driver, check, wait, ready, drawer, finger_tap, finger_taps, state, stored_session

URL, OUT, FLOW = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(OUT, exist_ok=True)


def api(d, method, path, body=None):
    """An API call from the page (GET answers, or a change without a device: the page's own undo is not touched)."""
    return d.execute_script("""
        const [method, path, body] = arguments;
        const options = {method, headers: {'Content-Type': 'application/json'}};
        if (body !== null) options.body = JSON.stringify(body);
        return fetch('/api/' + path, options).then(r => r.json());""", method, path, body)


def mode(d, name):
    drawer(d)
    finger_tap(d, f".mode[data-mode='{name}']")
    wait(d, f"return window.tonmeisterState.mode === '{name}'", message=f"{name} mode")


def tap_panel(d, selector):
    """Scrolls a control of the panel into view and taps it with a finger."""
    found = d.execute_script("const e = document.querySelector(arguments[0]); if (e) e.scrollIntoView({block: 'center'}); return !!e", selector)
    check(found, f"{selector} is in the panel")
    time.sleep(0.1)
    finger_tap(d, selector)


def open_panel(d, name):
    mode(d, "layout")
    finger_tap(d, "#programme-button")
    wait(d, "return !document.getElementById('programme').hidden && !!document.querySelector('#programme .prog-row')", message=f"{name}: the panel of bars and pieces")
    seen = json.loads(d.execute_script("""
        const out = [];
        for (const e of document.querySelectorAll('#programme button, #programme input')) {
            if (e.offsetParent === null) continue;
            const r = e.getBoundingClientRect();
            out.push({t: e.dataset.act || e.name || e.textContent.trim(), w: r.width, h: r.height, l: r.left, r: r.right});
        }
        const stage = document.getElementById('stage').getBoundingClientRect(), panel = document.getElementById('programme').getBoundingClientRect();
        return JSON.stringify({controls: out, vw: innerWidth, stage: stage.width, right: stage.right, panel: panel.left});"""))
    small = [f"{c['t']} {c['w']:.0f}x{c['h']:.0f}" for c in seen["controls"] if c["h"] < 43.5 or c["w"] < 43.5]
    off = [c["t"] for c in seen["controls"] if c["l"] < -0.5 or c["r"] > seen["vw"] + 0.5]
    check(not small, f"{name}: every control of the panel at least 44 x 44 px (smaller: {small})")
    check(not off, f"{name}: every control of the panel on screen (off: {off})")
    check(seen["right"] <= seen["panel"] + 0.5 and seen["stage"] >= 300, f"{name}: the score beside the panel, not under it ({seen['stage']:.0f} px wide)")


def drawn_numbers(d):
    """The bar numbers Layout mode draws on the page shown."""
    return d.execute_script("return [...document.querySelectorAll('#overlay .bar-number')].map(t => t.textContent)")


def close_panel(d):
    tap_panel(d, "#programme button[data-act='close']")
    wait(d, "return document.getElementById('programme').hidden", message="the panel closed")


def pickup_run(width, height):
    name = f"{width}x{height}"
    d = driver(width, height, touch=True)
    try:
        d.get(URL)
        ready(d)
        before = [b["bar"] for b in stored_session(d)["bars"]]
        first_takes = [t["number"] for t in api(d, "GET", "covers?bar=1")["takes"]]
        check(before[:2] == ["1", "2"] and first_takes, f"{name}: bars from 1; takes {first_takes} cover bar 1")
        open_panel(d, name)
        first_page = d.execute_script("return window.tonmeisterState.bars[0].page")
        while d.execute_script("return window.tonmeisterState.page") != first_page:
            left = d.execute_script("return window.tonmeisterState.page") > first_page
            d.execute_script("window.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0]}))", "ArrowLeft" if left else "ArrowRight")
            time.sleep(0.1)
        shown = drawn_numbers(d)
        check(shown[:2] == ["1", "2"], f"{name}: the score shows bars {shown[:3]}…")
        upbeat = "#programme .prog-piece[data-piece='1'] button[data-act='upbeat']"
        tap_panel(d, upbeat)
        wait(d, "return window.tonmeisterState.bars[0].bar === '0'", message=f"{name}: the first bar is the upbeat, bar 0")
        wait(d, "return [...document.querySelectorAll('#overlay .bar-number')].map(t => t.textContent)[0] === '0'", message=f"{name}: the score shows bar 0")
        shown = drawn_numbers(d)
        check(shown[:3] == ["0", "1", "2"], f"{name}: the numbers drawn on the score follow at once ({shown[:4]}…)")
        after = [b["bar"] for b in stored_session(d)["bars"]]
        check(after[:12] == [str(n) for n in range(12)] and after[12:] == before[12:], f"{name}: GET /api/session numbers piece 1 from 0, piece 2 as before ({after[:3]}…{after[11:14]})")
        programme = api(d, "GET", "programme")
        check(programme["pieces"][0]["firstBar"] == "0" and programme["pieces"][0]["lastBar"] == "11" and programme["pieces"][0]["pickup"],
              f"{name}: GET /api/programme: piece 1 runs 0–11 with an upbeat")
        covers = [t["number"] for t in api(d, "GET", "covers?bar=0")["takes"]]
        check(covers == first_takes, f"{name}: covers?bar=0 lists the takes that covered bar 1 before ({covers})")
        check(d.execute_script("return document.querySelector(\"" + upbeat.replace('"', '\\"') + "\").getAttribute('aria-pressed')") == "true",
              f"{name}: the panel shows the upbeat on")
        d.save_screenshot(os.path.join(OUT, f"p1-upbeat-{name}.png"))
        # The first bar one more (a stepper): piece 1 from 2 after its upbeat 1.
        tap_panel(d, "#programme .prog-piece[data-piece='1'] button[data-act='first-up']")
        wait(d, "return window.tonmeisterState.bars[0].bar === '1' && window.tonmeisterState.bars[1].bar === '2'", message=f"{name}: the stepper numbers the piece from 2 after its upbeat 1")
        finger_tap(d, "#undo")
        wait(d, "return window.tonmeisterState.bars[0].bar === '0'", message=f"{name}: Undo takes the stepper back")
        finger_tap(d, "#undo")
        wait(d, "return window.tonmeisterState.bars[0].bar === '1'", message=f"{name}: Undo takes the upbeat back")
        check([b["bar"] for b in stored_session(d)["bars"]] == before, f"{name}: the server has the old numbers again")
        wait(d, "return [...document.querySelectorAll('#overlay .bar-number')].map(t => t.textContent)[0] === '1'", message=f"{name}: the score shows bar 1 again")
        check(d.execute_script("return document.querySelector(\"" + upbeat.replace('"', '\\"') + "\").getAttribute('aria-pressed')") == "false",
              f"{name}: the panel shows the upbeat off again")
        # A piece renamed in the panel (its form), and the key given; undo renames it back.
        tap_panel(d, "#programme .prog-piece[data-piece='2'] button[data-act='edit']")
        wait(d, "return !!document.querySelector(\"#programme form[data-form='piece'] input[name='title']\")", message=f"{name}: the piece's form")
        field = d.find_element("css selector", "#programme form[data-form='piece'] input[name='title']")
        field.clear()
        field.send_keys(f"Variations {name}")
        tap_panel(d, "#programme form[data-form='piece'] button.action")
        wait(d, f"return window.tonmeisterState.session.pieces[1].title === 'Variations {name}'", message=f"{name}: piece 2 renamed")
        d.save_screenshot(os.path.join(OUT, f"p2-renamed-{name}.png"))
        finger_tap(d, "#undo")
        wait(d, "return window.tonmeisterState.session.pieces[1].title === 'Variations I and II'", message=f"{name}: Undo gives piece 2 its title back")
        close_panel(d)
    finally:
        d.quit()


def bar_point(d, number, across=0.5):
    return json.loads(d.execute_script("""
        const b = window.tonmeisterState.bars.find(b => b.bar === arguments[0]);
        return JSON.stringify([b.left + (b.right - b.left) * arguments[1], b.top + (b.bottom - b.top) * 0.5]);""", number, across))


def repeats_run(width, height):
    name = f"{width}x{height}"
    d = driver(width, height, touch=True)
    try:
        d.get(URL)
        ready(d)
        check(d.execute_script("return !window.tonmeisterState.session.playing"), f"{name}: no playing order yet")
        open_panel(d, name)
        tap_panel(d, "#programme button[data-act='detect']")
        wait(d, "return !!document.querySelector('#programme .proposal')", timeout=30, message=f"{name}: the proposed order")
        proposal = api(d, "GET", "form/detect")["detected"][0]["proposal"]
        check(proposal and len(proposal) >= 2, f"{name}: the repeat sign proposes a repeat ({proposal})")
        text = d.execute_script("return document.querySelector('#programme .proposal b').textContent")
        check(text == ", ".join(proposal), f"{name}: the panel shows the proposal ({text})")
        d.save_screenshot(os.path.join(OUT, f"p3-proposal-{name}.png"))
        tap_panel(d, "#programme button[data-act='accept']")
        wait(d, "return !!window.tonmeisterState.session.playing", message=f"{name}: the order accepted")
        order = api(d, "GET", "programme")["pieces"][0]["order"]
        check(order == proposal, f"{name}: GET /api/programme has the accepted order ({order})")
        shown = d.execute_script("return document.querySelector('#programme .prog-order').textContent")
        check(shown == ", ".join(proposal), f"{name}: the panel shows the order ({shown})")
        d.save_screenshot(os.path.join(OUT, f"p4-accepted-{name}.png"))
        finger_tap(d, "#undo")
        wait(d, "return !window.tonmeisterState.session.playing", message=f"{name}: Undo takes the order back")
        check(all(p["order"] is None for p in api(d, "GET", "programme")["pieces"]), f"{name}: the server has score order again")
        tap_panel(d, "#programme button[data-act='detect']")
        wait(d, "return !!document.querySelector('#programme .proposal')", timeout=30, message=f"{name}: the proposal again")
        tap_panel(d, "#programme button[data-act='accept']")
        wait(d, "return !!window.tonmeisterState.session.playing", message=f"{name}: the order accepted again")
        close_panel(d)
        # Passes: a take from the first bar of the repeat; a tap at its end, then one earlier in the score: the repeat was taken.
        first, last = proposal[0].split("-")
        mode(d, "notes")
        drawer(d, False)
        finger_tap(d, "#take-plus")
        time.sleep(0.3)
        if d.execute_script("return !document.getElementById('popup').hidden && !!document.querySelector(\"#popup [data-choice='1']\")"):
            finger_tap(d, "#popup [data-choice='1']")
        wait(d, "return window.tonmeisterState.newTake !== null", message=f"{name}: a pending new take")
        take = d.execute_script("return window.tonmeisterState.newTake.number")
        finger_taps(d, *bar_point(d, first, 0.1))
        wait(d, f"return window.tonmeisterState.takes.has({take})", message=f"{name}: take {take} started at bar {first}")
        check(d.execute_script("return !!document.getElementById('pass')"), f"{name}: the pass control is shown with a playing order")
        d.execute_script("document.querySelector(\".tool.rating[data-value='4']\").scrollIntoView({inline: 'center', block: 'nearest'})")
        finger_tap(d, ".tool.rating[data-value='4']")
        time.sleep(0.7)
        finger_taps(d, *bar_point(d, last))
        wait(d, f"return [...window.tonmeisterState.marks.values()].some(m => m.take === {take} && m.bar === '{last}')", message=f"{name}: a rating in bar {last}")
        time.sleep(0.7)
        again = str(int(first) + 1)
        finger_taps(d, *bar_point(d, again))
        wait(d, f"return [...window.tonmeisterState.marks.values()].some(m => m.take === {take} && m.bar === '{again}')", message=f"{name}: a rating in bar {again}")
        mark = next(m for m in state(d)["marks"] if m["take"] == take and m["bar"] == again)
        check(mark["at"].get("pass") == 2, f"{name}: the tap back in bar {again} after bar {last} is on the second pass ({mark['at']})")
        check(d.execute_script("return document.getElementById('pass').textContent") == "pass 2", f"{name}: the control shows pass 2")
        covers = [t for t in api(d, "GET", f"covers?bar={again}/2")["takes"] if t["number"] == take]
        check(covers, f"{name}: covers?bar={again}/2 lists take {take}")
        d.save_screenshot(os.path.join(OUT, f"p5-pass-{name}.png"))
        # The control corrects the pass: tapped, the next tap goes to the first time through.
        finger_tap(d, "#pass")
        check(d.execute_script("return document.getElementById('pass').textContent") == "pass 1", f"{name}: the control, tapped, shows pass 1")
        time.sleep(0.7)
        third = str(int(first) + 2)
        finger_taps(d, *bar_point(d, third))
        wait(d, f"return [...window.tonmeisterState.marks.values()].some(m => m.take === {take} && m.bar === '{third}')", message=f"{name}: a rating in bar {third}")
        mark = next(m for m in state(d)["marks"] if m["take"] == take and m["bar"] == third)
        check(mark["at"].get("pass", 1) == 1, f"{name}: the corrected tap in bar {third} is on the first pass ({mark['at']})")
        # Back to score order for the next size: this size's actions undone, newest first (the marks, the take, the order).
        for _ in range(12):
            if all(p["order"] is None for p in api(d, "GET", "programme")["pieces"]):
                break
            api(d, "POST", "undo", {"any": True})
        check(all(p["order"] is None for p in api(d, "GET", "programme")["pieces"]), f"{name}: undone back to score order")
    finally:
        d.quit()


for width, height in [(768, 1024), (1024, 768), (1366, 1024)]:
    if FLOW == "pickup":
        pickup_run(width, height)
    else:
        repeats_run(width, height)
print(f"all programme checks passed ({FLOW})")
