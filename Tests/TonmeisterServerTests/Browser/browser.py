"""Shared helpers of the browser tests: headless Chromium through Selenium, checks, and real input through the
DevTools protocol — fingers (Input.dispatchTouchEvent) and a pen (Input.dispatchMouseEvent with pointerType pen),
as a tablet sends them; never element.click()."""
import json
import os
import shutil
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.support.ui import WebDriverWait


def driver(width, height, touch=False):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--force-device-scale-factor=1", "--hide-scrollbars"]:
        options.add_argument(argument)
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    d = webdriver.Chrome(options=options, service=service)
    d.set_window_size(width, height)
    # The window size includes no browser chrome in headless mode; make the viewport exact.
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    if touch:
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return d


def check(condition, message):
    if not condition:
        print("FAILED:", message)
        sys.exit(1)
    print("ok:", message)


def skip(message):
    """A check that cannot run against this server (it lacks a newer part of the API): said, not failed."""
    print("skipped:", message)


def wait(d, script, timeout=10, message="condition"):
    try:
        return WebDriverWait(d, timeout).until(lambda d: d.execute_script(script))
    except Exception:
        toast = d.execute_script("const t = document.getElementById('toast'); return t ? t.textContent : ''")
        check(False, f"timed out waiting for {message}: {script} (the page last said: {toast!r})")


def drawer(d, open_it=True):
    """Opens (or closes) the side drawer with a finger on the menu button, as a producer does."""
    if d.execute_script("return document.getElementById('drawer').hidden") == open_it:
        # The tap's click arrives when the browser gets to it (later on a busy machine): wait for the drawer itself,
        # and tap again, as a producer would, if a busy machine lost the first tap (two tries in all).
        shown = f"return document.getElementById('drawer').hidden === {'false' if open_it else 'true'}"
        for attempt in range(2):
            finger_tap(d, "#menu")
            try:
                WebDriverWait(d, 3).until(lambda d: d.execute_script(shown))
                break
            except Exception:
                check(attempt == 0, "the drawer " + ("opens" if open_it else "closes") + " when the menu button is tapped (twice)")
                print("note: the menu button's first tap was lost; tapped again", flush=True)


def ready(d):
    wait(d, "return document.body.dataset.ready === '1' && document.getElementById('score').complete "
            "&& document.getElementById('score').naturalWidth > 0", message="the page and its score image")


def on_screen(d, x, y, scroll=True):
    """Scrolls the score so that (x, y) PDF points are in the middle of the stage; returns their viewport pixels."""
    return json.loads(d.execute_script("""
        const [x, y, scroll] = arguments;
        const s = window.tonmeisterState.pageSize, stage = document.getElementById('stage');
        let r = document.getElementById('sheet').getBoundingClientRect();
        if (scroll) stage.scrollTop += r.top + y / s.height * r.height - (stage.getBoundingClientRect().top + stage.clientHeight / 2);
        r = document.getElementById('sheet').getBoundingClientRect();
        return JSON.stringify([Math.round(r.left + x / s.width * r.width), Math.round(r.top + y / s.height * r.height)]);
    """, x, y, scroll))


def centre(d, selector):
    """The viewport pixels of an element's centre (CSS selector)."""
    return json.loads(d.execute_script("""
        const e = document.querySelector(arguments[0]);
        if (!e) return 'null';
        const r = e.getBoundingClientRect();
        return JSON.stringify([r.left + r.width / 2, r.top + r.height / 2]);""", selector))


def touch(d, kind, points):
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y, "id": 1} for x, y in points]})


def finger_tap_px(d, px, py, hold=0.03):
    touch(d, "touchStart", [(px, py)])
    time.sleep(hold)
    touch(d, "touchEnd", [])


def finger_tap(d, selector):
    """Taps an element with a finger."""
    point = centre(d, selector)
    check(point is not None, f"{selector} is on the page")
    finger_tap_px(d, *point)


def finger_taps(d, x, y, count=1, scroll=True, gap=0.12):
    """`count` quick finger taps at (x, y) PDF points, `gap` seconds apart: one W3C action sequence of a touch
    pointer, which chromedriver sends as touch events in one go (so the timing is the finger's, not the machine's)."""
    px, py = on_screen(d, x, y, scroll)
    actions = ActionBuilder(d, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"), duration=0)
    actions.pointer_action.move_to_location(px, py)
    for _ in range(count):
        actions.pointer_action.pointer_down().pause(0.04).pointer_up().pause(gap)
    actions.perform()


def finger_long_press(d, x, y, scroll=True):
    px, py = on_screen(d, x, y, scroll)
    finger_tap_px(d, px, py, hold=0.9)


def finger_drag_px(d, path, steps=8, pause=0.012):
    """A finger pressed at path[0], moved through the points of `path` (pixels), lifted at the last."""
    touch(d, "touchStart", [path[0]])
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        for i in range(1, steps + 1):
            touch(d, "touchMove", [(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)])
            time.sleep(pause)
    touch(d, "touchEnd", [])


def pen(d, kind, px, py, pressure=0.5):
    d.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": px, "y": py, "button": "left", "buttons": 0 if kind == "mouseReleased" else 1,
                                                   "clickCount": 1, "pointerType": "pen", "force": pressure})


def pen_tap_px(d, px, py):
    pen(d, "mousePressed", px, py)
    time.sleep(0.03)
    pen(d, "mouseReleased", px, py)


def pen_stroke_px(d, path, steps=6):
    pen(d, "mousePressed", *path[0])
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        for i in range(1, steps + 1):
            pen(d, "mouseMoved", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
            time.sleep(0.01)
    pen(d, "mouseReleased", *path[-1])


def state(d):
    return json.loads(d.execute_script("""
        const s = window.tonmeisterState;
        return JSON.stringify({page: s.page, current: s.current, pinned: s.pinned, takes: [...s.takes.keys()],
            marks: [...s.marks.values()].map(m => ({id: m.id, take: m.take, kind: m.kind, value: m.value, problem: m.problem,
                bar: m.bar, time: m.time, text: m.text, at: m.at, to: m.to, points: m.points, device: m.device, segments: m.segments}))});
    """))


def stored_session(d):
    """The session as the server has it now (GET /api/session)."""
    return d.execute_script("return fetch('/api/session').then(r => r.json())")


def marks_of(d, take):
    return [m for m in state(d)["marks"] if m["take"] == take]


def file_arrives(d):
    """Take 2's file arrives while the page is open: the recorder's folder (`audio/` beside the served session) is
    linked by `tonmeister session link-audio` in another process, and the page asks to place the take."""
    serve = json.loads(os.environ["TONMEISTER_SERVE"])
    binary, document = serve[0], serve[2]
    database = os.path.splitext(document)[0] + ".sqlite"
    audio = os.path.join(os.path.dirname(document), "audio")
    linked = subprocess.run([binary, "session", "link-audio", database, audio, "--json"], capture_output=True, text=True)
    check(linked.returncode == 0 and json.loads(linked.stdout)["placeable"] == [2],
          f"link-audio links take 2 and names it placeable: {linked.stdout}{linked.stderr}")
    wait(d, "const p = document.getElementById('popup'); return !p.hidden && p.textContent.includes('arrived')", timeout=30,
         message="the page asks to place take 2 when its file arrives")
