#!/usr/bin/env python3
"""Peak memory and time of `tonmeister follow` on long recorder files: a human piano take (ASAP's longest complete
take, made by make_asap_takes.py) alone, and inside a file that rolls 12 minutes before and after it (room noise at
about -70 dBFS, or other pieces' takes). Usage: long_files.py ASAP_DIR OUT_DIR BINARY [BINARY ...]"""
import json, os, subprocess, sys, wave
import numpy as np

asap, out, binaries = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(out, exist_ok=True)
manifest = [t for t in json.load(open(os.path.join(asap, "manifest.json"))) if t["kind"] == "complete"]
manifest.sort(key=lambda t: -t["duration"])
main, others = manifest[0], [t for t in manifest[1:] if t["score"] != manifest[0]["score"]][:8]

def read(name):
    w = wave.open(os.path.join(asap, name))
    frames = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).reshape(-1, w.getnchannels())
    return frames, w.getframerate()

take, rate = read(main["take"])
rng = np.random.default_rng(7)
def noise(seconds):
    return (rng.normal(0, 10, (seconds * rate, take.shape[1]))).astype(np.int16)
def music(seconds, parts):
    pieces, n = [], 0
    for t in parts:
        p, r = read(t["take"])
        if r != rate or p.shape[1] != take.shape[1]: continue
        pieces.append(p); n += len(p)
        if n >= seconds * rate: break
    return np.concatenate(pieces)[: seconds * rate]

files = {"the take alone": os.path.join(asap, main["take"])}
for label, before, after in [("12 min of room noise either side", noise(720), noise(720)),
                             ("12 min of other pieces either side", music(720, others[:4]), music(720, others[4:]))]:
    path = os.path.join(out, label.replace(" ", "-") + ".wav")
    w = wave.open(path, "wb"); w.setnchannels(take.shape[1]); w.setsampwidth(2); w.setframerate(rate)
    w.writeframes(np.concatenate([before, take, after]).tobytes()); w.close()
    files[label] = path

score = os.path.join(asap, main["score"])
print(f"| file | binary | exit | confidence | first downbeat | peak memory | processor time |")
print("|---|---|---:|---:|---:|---:|---:|")
for label, path in files.items():
    for binary in binaries:
        run = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", binary, "follow", score, path, "--json"],
                             capture_output=True, text=True)
        peak, user, system = run.stderr.strip().splitlines()[-1].split()
        answer = json.loads(run.stdout) if run.returncode == 0 else {}
        first = answer.get("measures", [{}])[0].get("time", "–") if answer else "–"
        confidence = f"{answer['confidence']:.2f}" if answer else "refused"
        print(f"| {label} | {os.path.basename(binary)} | {run.returncode} | {confidence} | {first} | "
              f"{int(peak) / 1024:.0f} MiB | {float(user) + float(system):.1f} s |")
