#!/usr/bin/env python3
"""Load and fault check of `tonmeister serve` on loopback (standard library only).

Load: CLIENTS threads, each with its own keep-alive connection and its own open take, add rating marks as fast
as the server answers for SECONDS; one more connection listens to the event stream. Afterwards the session is
read back: every acknowledged mark must be there exactly once (each carries a unique text tag), none twice.
Reports throughput, the latency of POST /api/marks (p50/p95/p99/max) and how long a change takes to reach the
listening client (from the request's start to the event's arrival).

Fault: the same clients add marks to a fresh copy; after KILL_AFTER seconds the server gets SIGKILL mid-run;
the database is checked (PRAGMA integrity_check), the server restarted on it, and every mark acknowledged
before the kill must be there (marks in flight at the kill may or may not be; none may be duplicated).

Writes the `serve` section of docs/benchmarks.md between its BEGIN/END markers.
"""
import argparse
import http.client
import json
import os
import platform
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

parser = argparse.ArgumentParser()
parser.add_argument("--binary", required=True)
parser.add_argument("--build", default="release")
parser.add_argument("--clients", type=int, default=20)
parser.add_argument("--seconds", type=float, default=60)
parser.add_argument("--kill-after", type=float, default=10)
parser.add_argument("--report", default=None, help="docs/benchmarks.md to update")
parser.add_argument("--sizes", default="100,1000,5000", help="session sizes (takes) for the per-size run; empty skips it")
parser.add_argument("--devices", type=int, default=8, help="devices posting marks in the per-size run")
parser.add_argument("--size-seconds", type=float, default=20, help="how long the devices post at each size")
parser.add_argument("--before", default=None, help="another tonmeister binary (the reference) run on the same sizes")
parser.add_argument("--skip-load", action="store_true", help="run only the per-size run")
args = parser.parse_args()

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLE = os.path.join(ROOT, "Examples", "chorale-session.json")
SCORE = os.path.join(ROOT, "Scores", "chorale.pdf")
TAG = "serve-load-"  # the text of every mark the clients add, with the client and a sequence number


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(session, port, binary=None):
    process = subprocess.Popen([binary or args.binary, "serve", session, "--port", str(port), "--score", SCORE, "--no-token"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 600
    while time.time() < deadline:
        line = process.stdout.readline()
        if "http://" in line:
            threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
            return process
        if not line and process.poll() is not None:
            break
    raise SystemExit(f"the server did not start: {line}")


def request(connection, method, path, body=None, device=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    if device:
        headers["X-Tonmeister-Device"] = device
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    return response.status, json.loads(response.read() or b"null")


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Client(threading.Thread):
    """Adds rating marks to its own take until `stop` is set; keeps what was acknowledged."""

    def __init__(self, index, port, stop, device=None):
        super().__init__(daemon=True)
        self.index, self.port, self.stop, self.device = index, port, stop, device
        self.acked, self.latencies, self.errors, self.sent_at = [], [], 0, {}

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        status, take = request(connection, "POST", "/api/takes", {"start": {"page": 2, "x": 60, "y": 100}}, self.device)
        if status != 201:
            self.errors += 1
            return
        sequence = 0
        while not self.stop.is_set():
            sequence += 1
            tag = f"{TAG}{self.index}-{sequence}"
            # Positions sweep pages 2 and 3 (inside the open take), ratings 1-5.
            page = 2 + sequence % 2
            body = {"take": take["number"], "kind": "rating", "value": 1 + sequence % 5, "text": tag,
                    "at": {"page": page, "x": 80 + (sequence * 37) % 440, "y": 120 + (sequence * 53) % 600}}
            started = time.perf_counter()
            self.sent_at[tag] = started
            try:
                status, mark = request(connection, "POST", "/api/marks", body, self.device)
            except (OSError, http.client.HTTPException):
                self.errors += 1
                if self.stop.is_set():
                    break
                time.sleep(0.05)
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
                continue
            if status == 201:
                self.latencies.append(time.perf_counter() - started)
                self.acked.append((mark["id"], tag))
            else:
                self.errors += 1


class Listener(threading.Thread):
    """Reads the event stream and notes when each mark's event arrived."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.arrived = port, {}

    def run(self):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            connection.request("GET", "/api/events")
            response = connection.getresponse()
            for raw in response:
                line = raw.decode().strip()
                if line.startswith("data: "):
                    event = json.loads(line[6:])
                    if event.get("type") == "mark":
                        self.arrived[event["mark"].get("text")] = time.perf_counter()
        except (OSError, http.client.HTTPException, ValueError):
            pass


def session_marks(port):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    status, session = request(connection, "GET", "/api/session")
    assert status == 200, status
    return session["marks"]


def run_clients(port, seconds, kill=None, count=None, devices=False):
    stop = threading.Event()
    clients = [Client(i, port, stop, f"tablet-{i}" if devices else None) for i in range(count or args.clients)]
    for c in clients:
        c.start()
    started = time.time()
    if kill:
        time.sleep(args.kill_after)
        kill()
    time.sleep(max(0, seconds - (time.time() - started)))
    stop.set()
    for c in clients:
        c.join(timeout=30)
    return clients, time.time() - started


def load_phase(folder):
    session = os.path.join(folder, "load.json")
    shutil.copy(EXAMPLE, session)
    port = free_port()
    server = start_server(session, port)
    try:
        listener = Listener(port)
        listener.start()
        time.sleep(0.5)
        clients, elapsed = run_clients(port, args.seconds)
        time.sleep(1.5)
        marks = session_marks(port)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    acked = [a for c in clients for a in c.acked]
    latencies = [l for c in clients for l in c.latencies]
    tags = [m.get("text") for m in marks if (m.get("text") or "").startswith(TAG)]
    stored = {m["id"]: m.get("text") for m in marks}
    lost = [a for a in acked if stored.get(a[0]) != a[1]]
    duplicated = len(tags) - len(set(tags))
    delays = [listener.arrived[tag] - c.sent_at[tag] for c in clients for (_, tag) in c.acked if tag in listener.arrived]
    return {
        "acked": len(acked), "errors": sum(c.errors for c in clients), "elapsed": elapsed,
        "stored": len(tags), "lost": len(lost), "duplicated": duplicated,
        "p50": percentile(latencies, 50), "p95": percentile(latencies, 95), "p99": percentile(latencies, 99),
        "max": max(latencies) if latencies else float("nan"),
        "events": len(delays), "event_p99": percentile(delays, 99), "event_max": max(delays) if delays else float("nan"),
    }


def fault_phase(folder):
    session = os.path.join(folder, "fault.json")
    shutil.copy(EXAMPLE, session)
    database = os.path.join(folder, "fault.sqlite")
    port = free_port()
    server = start_server(session, port)
    killed_at = {}

    def kill():
        killed_at["t"] = time.time()
        os.kill(server.pid, signal.SIGKILL)
        server.wait()

    clients, _ = run_clients(port, args.kill_after + 2, kill=kill)
    acked = [a for c in clients for a in c.acked]
    with sqlite3.connect(database) as db:
        integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
    restarted = start_server(session, port)
    try:
        marks = session_marks(port)
    finally:
        restarted.send_signal(signal.SIGINT)
        restarted.wait(timeout=30)
    stored = {m["id"]: m.get("text") for m in marks}
    tags = [m.get("text") for m in marks if (m.get("text") or "").startswith(TAG)]
    missing = [a for a in acked if stored.get(a[0]) != a[1]]
    return {"acked": len(acked), "stored": len(tags), "missing": len(missing), "duplicated": len(tags) - len(set(tags)),
            "in_flight": len(tags) - len(acked) if len(tags) >= len(acked) else 0, "integrity": integrity,
            "errors": sum(c.errors for c in clients)}


def generate_session(path, takes, seed=27):
    """The chorale session with `takes` closed takes over the score's systems, each with ten rating marks inside it."""
    import random
    rng = random.Random(seed)
    session = json.load(open(EXAMPLE))
    systems = [(p["page"], s) for p in session["layout"]["pages"] for s in p["systems"]]
    made, marks = [], []
    for number in range(1, takes + 1):
        first = rng.randrange(len(systems))
        last = min(len(systems) - 1, first + rng.randrange(3))
        (p1, s1), (p2, s2) = systems[first], systems[last]
        y1, y2 = (s1["top"] + s1["bottom"]) / 2, (s2["top"] + s2["bottom"]) / 2
        made.append({"number": number, "label": str(number), "start": {"page": p1, "x": 70.0, "y": y1},
                     "end": {"page": p2, "x": 520.0, "y": y2}, "note": ""})
        for k in range(10):
            page, system = systems[first + (k % (last - first + 1))]
            marks.append({"take": number, "kind": "rating", "value": 1 + (number + k) % 5,
                          "at": {"page": page, "x": 80.0 + 40 * k, "y": (system["top"] + system["bottom"]) / 2}})
    session["takes"], session["marks"] = made, marks
    session.pop("history", None)
    json.dump(session, open(path, "w"))


def size_phase(folder, takes, binary):
    session = os.path.join(folder, f"size-{takes}-{os.path.basename(binary)}-{time.time_ns()}.json")
    generate_session(session, takes)
    port = free_port()
    server = start_server(session, port, binary)
    try:
        time.sleep(0.5)
        clients, elapsed = run_clients(port, args.size_seconds, count=args.devices, devices=True)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)
    latencies = [l for c in clients for l in c.latencies]
    acked = sum(len(c.acked) for c in clients)
    return {"takes": takes, "acked": acked, "rate": acked / elapsed, "errors": sum(c.errors for c in clients),
            "p50": percentile(latencies, 50), "p99": percentile(latencies, 99)}


def sizes_report(after, before):
    ms = lambda s: "—" if s != s else f"{s * 1000:.1f} ms"
    load_avg = os.getloadavg()[0]
    lines = [
        "<!-- BEGIN: serve-sizes -->",
        "## Live notes server: a tap at 100, 1 000 and 5 000 takes",
        "",
        f"`Benchmarks/ServeLoad/run.sh` ({args.build} build; {os.cpu_count()} cores, load {load_avg:.2f} at the end): a generated "
        "session of N closed takes (ten rating marks each) is served; "
        f"{args.devices} devices (each its own keep-alive connection, `X-Tonmeister-Device` and open take) post rating marks "
        f"as fast as the server answers for {args.size_seconds:.0f} s. The devices (Python threads) run on the same cores as the server. "
        "Goal: p99 below 50 ms and at least 300 marks/s at 5 000 takes, the same as at 100. *Before* is the binary given "
        "with `--before` (the server that read and checked the whole session for every mark), built the same way; "
        "— means no mark was answered within the clients' 10 s timeout.",
        "",
        "| takes | build | marks/s | p50 | p99 | errors |",
        "|---|---|---|---|---|---|",
    ]
    for label, rows in (("before", before), ("after", after)):
        for r in rows:
            lines.append(f"| {r['takes']} | {label} | {r['rate']:.0f} | {ms(r['p50'])} | {ms(r['p99'])} | {r['errors']} |")
    lines.append("<!-- END: serve-sizes -->")
    return "\n".join(lines)


def replace_section(text, section, name):
    begin, end = f"<!-- BEGIN: {name} -->", f"<!-- END: {name} -->"
    if begin in text:
        return text[:text.index(begin)] + section + text[text.index(end) + len(end):]
    return text.rstrip("\n") + "\n\n" + section + "\n"


def report(load, fault):
    ms = lambda s: f"{s * 1000:.1f} ms"
    load_avg = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        "<!-- BEGIN: serve -->",
        "## Live notes server (`tonmeister serve`)",
        "",
        f"`Benchmarks/ServeLoad/run.sh` ({args.build} build; {os.cpu_count()} cores, load {load_avg:.2f} at the end, "
        f"{platform.system()} {platform.machine()}): {args.clients} clients on loopback, each with its own keep-alive "
        f"connection and open take, add rating marks (`POST /api/marks`) as fast as the server answers for "
        f"{args.seconds:.0f} s, while one more client listens to `GET /api/events`. The clients (Python threads) run on "
        "the same two cores as the server.",
        "",
        "| load | result |",
        "|---|---|",
        f"| marks acknowledged | {load['acked']} in {load['elapsed']:.1f} s ({load['acked'] / load['elapsed']:.0f}/s), {load['errors']} errors |",
        f"| marks read back | {load['stored']}: {load['lost']} lost, {load['duplicated']} duplicated |",
        f"| `POST /api/marks` latency | p50 {ms(load['p50'])}, p95 {ms(load['p95'])}, **p99 {ms(load['p99'])}**, max {ms(load['max'])} |",
        f"| change reaches the listening client | {load['events']} events, p99 {ms(load['event_p99'])}, max {ms(load['event_max'])} after the request started |",
        "",
        f"Fault check: the same clients on a fresh copy; after {args.kill_after:.0f} s the server gets SIGKILL mid-run, the "
        "database is checked and the server restarted on it.",
        "",
        "| fault | result |",
        "|---|---|",
        f"| marks acknowledged before the kill | {fault['acked']} |",
        f"| `PRAGMA integrity_check` after the kill | {fault['integrity']} |",
        f"| after the restart | {fault['stored']} stored: {fault['missing']} acknowledged marks missing, "
        f"{fault['duplicated']} duplicated, {fault['in_flight']} committed while their answer was cut off |",
        "<!-- END: serve -->",
    ]
    return "\n".join(lines)


sizes = [int(n) for n in args.sizes.split(",") if n.strip()]
with tempfile.TemporaryDirectory(prefix="serve-load-") as folder:
    after = [size_phase(folder, n, args.binary) for n in sizes]
    print(json.dumps(after, indent=1))
    before = [size_phase(folder, n, args.before) for n in sizes] if args.before else []
    print(json.dumps(before, indent=1))
    if not args.skip_load:
        load = load_phase(folder)
        print(json.dumps(load, indent=1))
        fault = fault_phase(folder)
        print(json.dumps(fault, indent=1))
sections = []
if sizes:
    sections.append((sizes_report(after, before), "serve-sizes"))
if not args.skip_load:
    sections.append((report(load, fault), "serve"))
for section, _ in sections:
    print(section)
if args.report:
    text = open(args.report).read()
    for section, name in sections:
        text = replace_section(text, section, name)
    open(args.report, "w").write(text)
ok = args.skip_load or (load["lost"] == 0 and load["duplicated"] == 0 and fault["missing"] == 0 and fault["duplicated"] == 0
                        and fault["integrity"] == "ok")
sys.exit(0 if ok else 1)
