#!/usr/bin/env python3
"""Writes the small test fixtures of Tests/ScoreFollowingTests/Fixtures (run once; the outputs are committed):
a 9-bar two-part piece in 3/4 with a pickup, a repeat with first and second endings (`volta.musicxml`, also
zipped as `volta.mxl`), performed with varied timing by make_corpus.performance and rendered by fluidsynth
(mono 22050 Hz FLAC, `volta-take.flac`), a partial take of it as AIFF (`volta-partial.aiff`), an insert of two
bars inside the repeat's second pass (`volta-insert.flac`, 0.5 s before bar 2's downbeat to 0.2 s before bar 4's), a second piece
(`other.musicxml`) for the wrong-piece test, and the truth of both takes (`volta-truth.json`); and a 9-bar piece
with a fermata on bar 4's C major chord followed by bar 5 on the same chord (`fermata.musicxml`), held about twice
its length in its rendering (`fermata-take.flac`, truth in `fermata-truth.json`)."""
import json, os, random, subprocess, sys, zipfile
import numpy as np
sys.path.insert(0, os.path.dirname(__file__))
import make_corpus
from music21 import stream, note, chord, meter, bar, spanner, tempo, key, expressions

OUT = sys.argv[1] if len(sys.argv) > 1 else "Tests/ScoreFollowingTests/Fixtures"


def piece(progression, melody, name):
    s = stream.Score()
    upper, lower = stream.Part(), stream.Part()
    for number, (harmony, tune) in enumerate(zip(progression, melody)):
        mu, ml = stream.Measure(number=number), stream.Measure(number=number)
        if number == 0:
            mu.append([meter.TimeSignature("3/4"), tempo.MetronomeMark(number=84)])
            ml.append(meter.TimeSignature("3/4"))
            pickup = 3 - sum(d for _, d in tune)
            mu.paddingLeft, ml.paddingLeft = pickup, pickup
        for p, d in tune:
            mu.append(note.Note(p, quarterLength=d))
        ml.append(chord.Chord(harmony, quarterLength=sum(d for _, d in tune)))
        upper.append(mu)
        lower.append(ml)
    s.insert(0, upper)
    s.insert(0, lower)
    return s


def main():
    os.makedirs(OUT, exist_ok=True)
    prog = [["C3", "G3"], ["C3", "E3", "G3"], ["F2", "A3", "C4"], ["G2", "B3", "D4"], ["A2", "C4", "E4"],
            ["G2", "B3", "D4"], ["C3", "E3", "G3"], ["F2", "A3", "C4"], ["G2", "B3", "D4"], ["C3", "E3", "G3"]]
    mel = [[("G4", 1)], [("C5", 1), ("E5", 1), ("D5", 1)], [("C5", 2), ("A4", 1)], [("B4", 1), ("D5", 1), ("G4", 1)],
           [("A4", 1.5), ("B4", 0.5), ("C5", 1)], [("D5", 3)], [("E5", 1), ("C5", 1), ("G4", 1)],
           [("F5", 2), ("A4", 1)], [("D5", 1), ("B4", 1), ("G4", 1)], [("C5", 3)]]
    s = piece(prog, mel, "volta")
    for part in s.parts:
        ms = list(part.getElementsByClass("Measure"))
        ms[1].leftBarline = bar.Repeat(direction="start")
        ms[5].rightBarline = bar.Repeat(direction="end")
        part.insert(0, spanner.RepeatBracket(ms[5], number=1))
        part.insert(0, spanner.RepeatBracket(ms[6], number=2))
    s.write("musicxml", fp=os.path.join(OUT, "volta.musicxml"))
    with zipfile.ZipFile(os.path.join(OUT, "volta.mxl"), "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("META-INF/container.xml", '<?xml version="1.0"?><container><rootfiles>'
                   '<rootfile full-path="score/volta.musicxml"/></rootfiles></container>')
        z.write(os.path.join(OUT, "volta.musicxml"), "score/volta.musicxml")
    other = piece([["D3", "A3"], ["D3", "F#3", "A3"], ["B2", "D4", "F#4"], ["E3", "G#3", "B3"], ["A2", "C#4", "E4"],
                   ["D3", "F#3", "A3"]] * 1,
                  [[("A4", 1)], [("F#5", 1), ("E5", 1), ("D5", 1)], [("B4", 3)], [("G#4", 1.5), ("A4", 0.5), ("B4", 1)],
                   [("C#5", 3)], [("D5", 3)]], "other")
    other.write("musicxml", fp=os.path.join(OUT, "other.musicxml"))
    rng = random.Random(7)
    events, downbeats, end, voices = make_corpus.performance(s, rng)
    midi = os.path.join(OUT, "volta.mid")
    make_corpus.write_midi(events, midi, "piano", voices)
    take = os.path.join(OUT, "volta-take.flac")
    subprocess.run(["fluidsynth", "-ni", "-q", "-g", "0.6", "-r", "22050", "-T", "flac", "-O", "s16", "-F", take,
                    make_corpus.SOUNDFONTS[1], midi], check=True)
    os.remove(midi)
    # The partial take: bars from the second downbeat of the repeat's second pass, as AIFF through the aiff module.
    subprocess.run([sys.executable, "-c", f"""
import soundfile as sf
data, rate = sf.read({take!r})
a, b = int({downbeats[6][0]} * rate - 0.4 * rate), int({downbeats[10][0]} * rate + 0.3 * rate)
sf.write({os.path.join(OUT, 'volta-partial.aiff')!r}, data[a:b].mean(axis=1), rate, subtype='PCM_16')
"""], check=True)
    # The insert: bars 2 and 3 of the repeat's second pass, the same notes as on its first pass (`follow --near`).
    subprocess.run([sys.executable, "-c", f"""
import soundfile as sf
data, rate = sf.read({take!r})
a, b = int(({downbeats[7][0]} - 0.5) * rate), int(({downbeats[9][0]} - 0.2) * rate)
sf.write({os.path.join(OUT, 'volta-insert.flac')!r}, data[a:b], rate, subtype='PCM_16')
"""], check=True)
    start = downbeats[6][0] - 0.4
    truth = {"take": [{"index": i, "number": n, "time": round(t, 4)} for i, (t, n) in enumerate(downbeats)],
             "partial": [{"index": i, "number": n, "time": round(t - start, 4)} for i, (t, n) in enumerate(downbeats)
                         if start <= t <= downbeats[10][0] + 0.3]}
    with open(os.path.join(OUT, "volta-truth.json"), "w") as f:
        json.dump(truth, f, indent=1)
    fermata_fixture()


def fermata_fixture():
    """A held chord and, after it, the same chord struck again: only the onset tells where bar 5 begins."""
    prog = [["C3", "G3"], ["C3", "E3", "G3"], ["F2", "A3", "C4"], ["G2", "B3", "D4"], ["C3", "E3", "G3"],
            ["C3", "E3", "G3"], ["F2", "A3", "C4"], ["G2", "B3", "D4"], ["C3", "E3", "G3"]]
    mel = [[("G4", 1)], [("C5", 1), ("E5", 1), ("D5", 1)], [("C5", 2), ("A4", 1)], [("B4", 1), ("D5", 1), ("G4", 1)],
           [("C5", 3)], [("E5", 1), ("G5", 1), ("E5", 1)], [("F5", 2), ("A4", 1)], [("D5", 1), ("B4", 1), ("G4", 1)],
           [("C5", 3)]]
    s = piece(prog, mel, "fermata")
    for part in s.parts:
        held = list(part.getElementsByClass("Measure"))[4]
        for n in held.notes:
            n.expressions.append(expressions.Fermata())
    s.write("musicxml", fp=os.path.join(OUT, "fermata.musicxml"))
    events, downbeats, end, voices = make_corpus.performance(s, random.Random(11))
    midi = os.path.join(OUT, "fermata.mid")
    make_corpus.write_midi(events, midi, "piano", voices)
    subprocess.run(["fluidsynth", "-ni", "-q", "-g", "0.6", "-r", "22050", "-T", "flac", "-O", "s16", "-F",
                    os.path.join(OUT, "fermata-take.flac"), make_corpus.SOUNDFONTS[0], midi], check=True)
    os.remove(midi)
    with open(os.path.join(OUT, "fermata-truth.json"), "w") as f:
        json.dump([{"index": i, "number": n, "time": round(t, 4)} for i, (t, n) in enumerate(downbeats)], f, indent=1)


if __name__ == "__main__":
    main()
