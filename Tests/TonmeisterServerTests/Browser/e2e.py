#!/usr/bin/env python3
"""Drives the live note-taking page in headless Chromium (Selenium) against a running `tonmeister serve`.

Creates a take by tapping the score, places marks by tapping (three quick taps = rating 3, a palette problem,
a key press), reloads and checks they are still there, long-presses empty score and reads which takes cover
it, and saves screenshots at tablet sizes (1280x800 landscape, 800x1280 portrait) into OUT.

Usage: e2e.py URL OUT   (exit status 0 when every check passed; the failing check is printed otherwise)

With TONMEISTER_SERVE (the server's command line as a JSON list; it is started again on the port and with the
token of URL) and
TONMEISTER_SERVE_PID (the running server), the server is also stopped in the middle of the session and started
again: a tap made while it is down waits in the outbox and arrives exactly once after the restart.
"""
import atexit
import json
import os
import signal
import socket
import subprocess
import sys
import time
from datetime import datetime
from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By

from browser import driver, check, wait, ready, on_screen, stored_session

URL, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
SERVERS = []  # servers this script started: stopped when it ends, whatever happens


@atexit.register
def stop_servers():
    for server in SERVERS:
        if server.poll() is None:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()


def in_drawer(d, selector):
    """Clicks a control of the edge drawer (☰), then closes the drawer again."""
    if d.execute_script("return document.getElementById('drawer').hidden"):
        d.find_element(By.ID, "menu").click()
    d.find_element(By.CSS_SELECTOR, selector).click()
    if not d.execute_script("return document.getElementById('drawer').hidden"):
        d.find_element(By.ID, "menu").click()


def state(d):
    return d.execute_script("""
        const s = window.tonmeisterState;
        return JSON.stringify({page: s.page, current: s.current, takes: [...s.takes.keys()],
            marks: [...s.marks.values()].map(m => ({id: m.id, take: m.take, kind: m.kind, value: m.value, problem: m.problem, bar: m.bar, time: m.time}))});
    """)


def tap(d, x, y, count=1):
    """Taps the score `count` times quickly at (x, y) PDF points."""
    px, py = on_screen(d, x, y)
    actions = ActionBuilder(d, duration=10)
    actions.pointer_action.move_to_location(px, py)
    for _ in range(count):
        actions.pointer_action.click()
        actions.pointer_action.pause(0.08)
    actions.perform()


def long_press(d, x, y):
    px, py = on_screen(d, x, y)
    actions = ActionBuilder(d, duration=10)
    actions.pointer_action.move_to_location(px, py).click_and_hold().pause(0.9).release()
    actions.perform()


def touch_tap(d, element_id):
    """Taps an element with a finger (CDP touch events, as a tablet sends them; not a mouse click)."""
    x, y = json.loads(d.execute_script("""
        const r = document.getElementById(arguments[0]).getBoundingClientRect();
        return JSON.stringify([r.left + r.width / 2, r.top + r.height / 2]);""", element_id))
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def marks_of(d, take):
    return [m for m in json.loads(state(d))["marks"] if m["take"] == take]


d = driver(1280, 800)
try:
    d.get(URL)
    ready(d)
    s = json.loads(state(d))
    check(len(s["takes"]) == 30, f"the page shows the session's 30 takes (it shows {len(s['takes'])})")
    d.find_element(By.TAG_NAME, "body").send_keys("\ue014")  # arrow right: page 3
    wait(d, "return window.tonmeisterState.page === 3", message="page 3 after the arrow key")
    d.find_element(By.ID, "page-prev").click()
    wait(d, "return window.tonmeisterState.page === 2", message="page 2 after the page button")
    ready(d)
    d.save_screenshot(os.path.join(OUT, "01-session-landscape.png"))

    # A new take: +, then the first tap sets its start (page 2, first system, bar 2).
    d.find_element(By.ID, "take-plus").click()
    time.sleep(0.2)
    if d.find_elements(By.CSS_SELECTOR, "#popup:not([hidden]) [data-choice='1']"):
        d.find_element(By.CSS_SELECTOR, "#popup [data-choice='1']").click()  # the open take 30: leave it open
    wait(d, "return window.tonmeisterState.newTake !== null", message="a pending new take")
    number = d.execute_script("return window.tonmeisterState.newTake.number")
    check(number == 31, f"the counter offers take 31 (it offers {number})")
    tap(d, 150, 120)
    wait(d, "return window.tonmeisterState.takes.has(31) && window.tonmeisterState.current === 31", message="take 31 created")
    check(d.execute_script("return window.tonmeisterState.takes.get(31).start.page") == 2, "take 31 starts on page 2")
    # The take carries the tablet's time of its start tap (ISO 8601 local time with its offset), stored by the server.
    started = next(t for t in stored_session(d)["takes"] if t["number"] == 31).get("startedAt")
    check(started is not None and abs(datetime.fromisoformat(started).timestamp() - time.time()) < 60,
          f"take 31 started in the page has startedAt, the tablet's time of the tap ({started})")

    # The recorder's clock: a timecode the recorder could not show is refused in the page, and nothing is posted.
    d.execute_script("""window.e2ePosts = []; const sent = window.fetch;
        window.fetch = (url, options) => { if (options && options.method === 'POST') window.e2ePosts.push(String(url)); return sent(url, options); };""")
    history = stored_session(d)["history"]
    check(stored_session(d)["clockOffset"] is None, "no clock offset before the sync")
    touch_tap(d, "clock")
    wait(d, "return !document.getElementById('popup').hidden && !!document.getElementById('clock-input')", message="the clock panel")
    d.find_element(By.ID, "clock-input").send_keys("10:61:00:00")
    touch_tap(d, "sync-now")
    wait(d, "return document.getElementById('clock-message').textContent.includes('minutes 61 must be below 60')",
         message="the message for an invalid timecode")
    time.sleep(0.5)
    check(d.execute_script("return window.e2ePosts.length") == 0 and stored_session(d)["history"] == history
          and stored_session(d)["clockOffset"] is None, "an invalid timecode posts nothing and leaves the session as it was")
    # Sync now: the producer types what the recorder shows (4.4 s ahead of the tablet, on a number pad without colons)
    # and taps Sync now with a finger while it shows it.
    typed = time.time()
    ahead = datetime.fromtimestamp(typed + 4.4)
    timecode = f"{ahead.hour:02}{ahead.minute:02}{ahead.second:02}{int(ahead.microsecond / 1e6 * 25):02}"
    field = d.find_element(By.ID, "clock-input")
    field.clear()
    field.send_keys(timecode)
    d.save_screenshot(os.path.join(OUT, "02a-clock-panel.png"))
    touch_tap(d, "sync-now")
    tapped = time.time()
    wait(d, "return document.getElementById('popup').hidden", message="the clock panel closes after the sync")
    offset = stored_session(d)["clockOffset"]
    check(offset is not None and 4.4 - (tapped - typed) - 0.05 <= offset <= 4.45,
          f"the stored session has the clock offset of the sync: {offset} s (recorder 4.4 s ahead, tapped {tapped - typed:.2f} s after typing)")
    check(d.execute_script("return window.e2ePosts.filter(u => u.endsWith('/api/clock')).length") == 1, "one POST /api/clock")
    check(d.find_element(By.ID, "clock").text == f"TC +{offset:.2f} s", f"the bar shows the offset ({d.find_element(By.ID, 'clock').text!r})")
    # The current take's record start by hand.
    touch_tap(d, "clock")
    wait(d, "return !!document.getElementById('record-start-input')", message="the record start field")
    d.find_element(By.ID, "record-start-input").send_keys("10:00:05:12")
    touch_tap(d, "record-start-set")
    wait(d, "return document.getElementById('popup').hidden", message="the clock panel closes after setting the record start")
    take = next(t for t in stored_session(d)["takes"] if t["number"] == 31)
    check(take.get("recordStart") == "10:00:05:12" and take.get("fps") == 25, f"take 31 has the record start typed in the page: {take}")
    # A sync made on another device reaches this page through the event stream.
    d.execute_script("""fetch('/api/clock', {method: 'POST', headers: {'Content-Type': 'application/json', 'Idempotency-Key': 'e2e-clock'},
        body: JSON.stringify({offset: 2.5})})""")
    wait(d, "return document.getElementById('clock').textContent === 'TC +2.50 s'", message="the offset set on another device shown in the bar")

    # Three quick taps: rating 3. A problem from the palette. A key: rating 5 where the pointer was.
    tap(d, 230, 120, count=3)
    wait(d, "return [...window.tonmeisterState.marks.values()].some(m => m.take === 31 && m.kind === 'rating' && m.value === 3)",
         message="a rating 3 from three quick taps")
    d.find_element(By.CSS_SELECTOR, ".tool.problem[data-problem='intonation']").click()
    tap(d, 330, 125)
    wait(d, "return [...window.tonmeisterState.marks.values()].some(m => m.take === 31 && m.kind === 'problem')",
         message="an intonation problem from the palette")
    tap(d, 430, 120, count=5)
    wait(d, "return [...window.tonmeisterState.marks.values()].some(m => m.take === 31 && m.kind === 'rating' && m.value === 5)",
         message="a rating 5 from five quick taps")
    # The Wi-Fi drops for ten seconds while the producer taps a rating: the tap waits in the outbox and is sent
    # again with the same Idempotency-Key until the network is back, and arrives exactly once.
    d.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    tap(d, 380, 122, count=2)
    time.sleep(1)
    sent = d.execute_script("return [...window.tonmeisterState.marks.values()].some(m => m.take === 31 && m.kind === 'rating' && m.value === 2)")
    check(not sent, "while the network is down the rating has not reached the server")
    check(len(d.find_elements(By.CSS_SELECTOR, "#overlay .mark.unsent")) == 1, "the waiting tap is drawn dashed on the score")
    time.sleep(9)  # ten seconds without network in all
    d.set_network_conditions(offline=False, latency=0, download_throughput=1024 * 1024, upload_throughput=1024 * 1024)
    wait(d, "return [...window.tonmeisterState.marks.values()].some(m => m.take === 31 && m.kind === 'rating' && m.value === 2)",
         timeout=25, message="the rating tapped while offline arrives once the network is back")
    check(len(d.find_elements(By.CSS_SELECTOR, "#overlay .mark.current[data-take='31']")) == 4, "four bright marks of take 31 on the page")
    # The mark may reach this page by the event stream a moment before the answer to its own request does.
    wait(d, "return document.querySelectorAll('#overlay .mark.unsent').length === 0", timeout=10,
         message="no tap is drawn as waiting once the server has answered it")
    check(len(d.find_elements(By.CSS_SELECTOR, "#overlay .mark.earlier")) > 0, "earlier takes' marks are drawn faded")
    d.find_element(By.ID, "end-take").click()
    tap(d, 300, 330)
    wait(d, "return !!window.tonmeisterState.takes.get(31).end", message="take 31 ended by the End button and a tap")
    time.sleep(0.3)
    d.save_screenshot(os.path.join(OUT, "02-take-31-marked.png"))

    # Reload: everything is still there (read back from the database).
    before = marks_of(d, 31)
    d.refresh()
    ready(d)
    after = marks_of(d, 31)
    check(sorted(m["id"] for m in before) == sorted(m["id"] for m in after) and len(after) == 4,
          f"after a reload take 31 still has its 4 marks, the offline tap once ({[(m['kind'], m.get('value') or m.get('problem')) for m in after]})")
    check(json.loads(state(d))["current"] == 31, "after a reload the counter is on take 31")

    # The tablet goes offline, a rating is tapped, and the tab is closed before the network is back: the tap waits
    # in the outbox (IndexedDB) and is sent, once, when the page is opened again.
    check(d.find_element(By.ID, "outbox").text == "all saved", "the status says all saved")
    d.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    tap(d, 270, 122, count=1)
    wait(d, "return document.getElementById('outbox').textContent === '1 note waiting'", message="the status says 1 note waiting")
    d.get("about:blank")
    d.set_network_conditions(offline=False, latency=0, download_throughput=1024 * 1024, upload_throughput=1024 * 1024)
    d.get(URL)
    ready(d)
    wait(d, "return [...window.tonmeisterState.marks.values()].filter(m => m.take === 31 && m.kind === 'rating' && m.value === 1).length === 1",
         timeout=15, message="the rating tapped before the tab was closed arrives once when the page is opened again")
    wait(d, "return document.getElementById('outbox').textContent === 'all saved'", message="the status says all saved again")
    check(len(marks_of(d, 31)) == 5, f"take 31 has 5 marks, each once ({len(marks_of(d, 31))})")
    times = sorted(m.get("time") or -1 for m in after)
    check(all(t >= 0 for t in times) and times == sorted(times), f"the marks carry the seconds since the take started on this device: {times}")

    # The server stops in the middle of the session (a laptop restarted, the program updated) and starts again on
    # the same port with the same token: a tap made while it is down waits, and arrives once after the restart.
    serve, serve_pid = os.environ.get("TONMEISTER_SERVE"), os.environ.get("TONMEISTER_SERVE_PID")
    if serve and serve_pid:
        port = urlparse(URL).port

        def listening():
            with socket.socket() as probe:
                probe.settimeout(0.5)
                return probe.connect_ex(("127.0.0.1", port)) == 0

        os.kill(int(serve_pid), signal.SIGINT)
        deadline = time.time() + 15
        while listening() and time.time() < deadline:
            time.sleep(0.1)
        check(not listening(), "the server has stopped")
        tap(d, 480, 122, count=2)
        wait(d, "return document.getElementById('outbox').textContent === '1 note waiting'",
             message="the tap made while the server is down waits in the outbox")
        time.sleep(2)
        command = json.loads(serve)  # the first command line: same port and token as the URL it printed
        if "--port" in command:
            command[command.index("--port") + 1] = str(port)
        command += ["--token", parse_qs(urlparse(URL).query)["token"][0]]
        SERVERS.append(subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.time() + 30
        while not listening() and time.time() < deadline:
            time.sleep(0.1)
        check(listening(), "the server is listening again")
        wait(d, "return [...window.tonmeisterState.marks.values()].filter(m => m.take === 31 && m.kind === 'rating' && m.value === 2).length === 2",
             timeout=30, message="the tap made while the server was down arrives after the restart")
        wait(d, "return document.getElementById('outbox').textContent === 'all saved'", timeout=10,
             message="the status says all saved after the restart")
        d.refresh()
        ready(d)
        check(len(marks_of(d, 31)) == 6, f"after the restart and a reload take 31 has 6 marks, each once ({len(marks_of(d, 31))})")

    # Long-press on empty score: which takes cover this point?
    long_press(d, 260, 150)
    wait(d, "return !document.getElementById('popup').hidden && !!document.getElementById('covers-title')", message="the covers popup")
    text = d.find_element(By.ID, "popup").text
    check("take 31" in text and "take 1" in text, f"the covers popup lists take 31 and take 1: {text!r}")
    d.save_screenshot(os.path.join(OUT, "03-covers-long-press.png"))
    d.find_element(By.TAG_NAME, "body").send_keys("\ue00c")  # Escape

    # Long-press on a mark: the editor; change the rating 3 to 4.
    long_press(d, 230, 120)
    wait(d, "return !document.getElementById('popup').hidden && !!document.querySelector('#popup [data-rating]')", message="the mark editor")
    d.save_screenshot(os.path.join(OUT, "04-mark-editor.png"))
    d.find_element(By.CSS_SELECTOR, "#popup [data-rating='4']").click()
    wait(d, "return [...window.tonmeisterState.marks.values()].some(m => m.take === 31 && m.kind === 'rating' && m.value === 4)",
         message="the rating changed to 4")

    # Coverage and plan views.
    in_drawer(d, ".mode[data-mode='coverage']")
    wait(d, "return document.querySelectorAll('#overlay rect.coverage').length > 0", message="coverage colours")
    time.sleep(0.3)
    d.save_screenshot(os.path.join(OUT, "05-coverage.png"))
    in_drawer(d, ".mode[data-mode='plan']")
    wait(d, "return document.querySelectorAll('#overlay rect.plan-bar').length > 0", message="the plan's takes")
    time.sleep(0.3)
    d.save_screenshot(os.path.join(OUT, "06-plan.png"))
    in_drawer(d, ".mode[data-mode='layout']")
    wait(d, "return document.querySelectorAll('#overlay line.barline').length > 0", message="the layout's barlines")
    time.sleep(0.3)
    d.save_screenshot(os.path.join(OUT, "07-layout.png"))
    in_drawer(d, ".mode[data-mode='notes']")
    check(d.execute_script("return document.body.classList.contains('fit-width')"), "the score is fitted to the width by default")
    in_drawer(d, "#fit")
    wait(d, "return !document.body.classList.contains('fit-width')", message="the whole page after the fit button")
    ready(d)
    time.sleep(0.4)
    d.save_screenshot(os.path.join(OUT, "09-fit-page.png"))

    # Half-page turns: fitted to the width, the page button first scrolls half a screen down the same page.
    in_drawer(d, "#fit")
    wait(d, "return document.body.classList.contains('fit-width')", message="fitted to the width again")
    ready(d)
    d.execute_script("document.getElementById('stage').scrollTop = 0")
    page = d.execute_script("return window.tonmeisterState.page")
    d.find_element(By.ID, "page-next").click()
    time.sleep(1)
    check(d.execute_script("return window.tonmeisterState.page") == page and d.execute_script("return document.getElementById('stage').scrollTop") > 50,
          "a half-page turn scrolls down the same page")

    # Pinch to zoom: two fingers moving apart enlarge the score; lifting them fetches the page at that size.
    width = d.execute_script("return document.getElementById('sheet').getBoundingClientRect().width")
    touch = lambda kind, points: d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    touch("touchStart", [{"x": 400, "y": 400, "id": 1}, {"x": 500, "y": 400, "id": 2}])
    for step in range(1, 6):
        touch("touchMove", [{"x": 400 - step * 20, "y": 400, "id": 1}, {"x": 500 + step * 20, "y": 400, "id": 2}])
    touch("touchEnd", [])
    time.sleep(0.5)
    zoom = d.execute_script("return window.tonmeisterState.zoom")
    after = d.execute_script("return document.getElementById('sheet').getBoundingClientRect().width")
    check(zoom > 1.5 and after > 1.5 * width, f"a pinch enlarges the score (zoom {zoom:.2f}, {width} px wide before, {after:.0f} after)")
    check(d.execute_script("return document.querySelectorAll('#overlay .mark.unsent').length") == 0 and
          len(marks_of(d, 31)) == (6 if os.environ.get("TONMEISTER_SERVE") else 5), "a pinch places no mark")
    in_drawer(d, "#fit")
    in_drawer(d, "#fit")  # back to the fitted width, zoom 1

    # Follow mode: a mark of the current take made on another device brings its page and system into view.
    in_drawer(d, "#follow")
    d.find_element(By.TAG_NAME, "body").send_keys("\ue014")  # arrow right: the next page
    wait(d, "return window.tonmeisterState.page === 3", message="page 3 before the mark arrives")
    d.execute_script("""fetch('/api/marks', {method: 'POST', headers: {'Content-Type': 'application/json', 'Idempotency-Key': 'e2e-follow'},
        body: JSON.stringify({take: 31, kind: 'text', text: 'follow me', at: {page: 2, x: 300, y: 330}})})""")
    wait(d, "return window.tonmeisterState.page === 2", timeout=10, message="follow mode shows the page of the take's newest mark")
    in_drawer(d, "#follow")
finally:
    d.quit()

# Portrait tablet: the same session, the marks of take 31 and the bar jump.
d = driver(800, 1280)
try:
    d.get(URL)
    ready(d)
    expected = 7 if os.environ.get("TONMEISTER_SERVE") else 6  # with the text mark of the follow check
    check(len(marks_of(d, 31)) == expected, "a second browser (portrait) sees take 31's marks")
    d.find_element(By.ID, "menu").click()
    box = d.find_element(By.ID, "bar-input")
    box.send_keys("27\n")
    wait(d, "return window.tonmeisterState.page === 3", message="bar 27 is on page 3")
    ready(d)
    time.sleep(0.4)
    d.save_screenshot(os.path.join(OUT, "08-portrait-bar-jump.png"))
finally:
    d.quit()
# Tablet sizes (touch.py checks the controls there): the score fitted to the width, bars twice as wide as a whole
# page fitted into the same screen.
for (width, height, name) in [(1024, 768, "landscape-1024x768"), (768, 1024, "portrait-768x1024"), (1366, 1024, "landscape-1366x1024")]:
    d = driver(width, height)
    try:
        d.get(URL)
        ready(d)
        time.sleep(0.3)
        # The first bar of the first system on page 2 (a four-staff chorale system), fitted to the width, against the
        # whole page fitted into the same stage (the old default).
        ratio = d.execute_script("""
            const s = window.tonmeisterState, stage = document.getElementById('stage');
            const page = s.pages[s.page - 1], sheet = document.getElementById('sheet').getBoundingClientRect();
            const fitPage = Math.min((stage.clientWidth - 16) / page.width, (stage.clientHeight - 16) / page.height);
            return (sheet.width / page.width) / fitPage;
        """)
        if width > height:
            check(ratio >= 2.0, f"{name}: bars are {ratio:.2f} times as wide as with the whole page fitted")
        d.save_screenshot(os.path.join(OUT, f"10-{name}.png"))
    finally:
        d.quit()
print("all browser checks passed")
