#!/usr/bin/env python3
"""The Sync Toolbox (Müller et al., `synctoolbox` on PyPI) on FollowBench's takes, as its audio–score tutorial
uses it: the score's notes (music21, repeats expanded, at 100 quarters per minute as Tonmeister assumes without a
metronome mark) to pitch/chroma and DLNCO features, the take to IIR-filterbank pitch features and pitch onsets,
then memory-restricted multiscale DTW (MrMsDTW) with chroma and onsets. MrMsDTW aligns whole sequences, so
it is given two chances: the whole score (what it would be given in practice), and an oracle excerpt of the
score cut to the take's true first and last bars (more than Tonmeister is given). It has no refusal.

With `--own-order` (the string quartets of make_chamber_takes.py) the score is unfolded by that script's own playing
order, since music21's expandRepeats goes back to bar 1 for a second section and plays a first ending of two bars
again, and laid out at its metronome mark where it has one.

Usage: synctoolbox_bench.py CORPUS_DIR [--split tune|held-out|all] [--own-order] [--json OUT]"""
import json, sys, time, wave
import numpy as np
import pandas as pd
from music21 import converter
from synctoolbox.dtw.mrmsdtw import sync_via_mrmsdtw
from synctoolbox.feature.chroma import pitch_to_chroma, quantize_chroma
from synctoolbox.feature.csv_tools import df_to_pitch_features, df_to_pitch_onset_features
from synctoolbox.feature.dlnco import pitch_onset_features_to_DLNCO
from synctoolbox.feature.pitch import audio_to_pitch_features
from synctoolbox.feature.pitch_onset import audio_to_pitch_onset_features
import librosa
from music21 import tempo

RATE = 50
SPQ = 0.6  # seconds per quarter at 100 quarters per minute


def score_notes(path, own_order=False):
    s = converter.parse(path)
    spq = SPQ
    if own_order:
        import make_chamber_takes
        marks = list(s.flatten().getElementsByClass(tempo.MetronomeMark))
        if marks and marks[0].getQuarterBPM():
            spq = 60.0 / marks[0].getQuarterBPM()
        s = make_chamber_takes.played(s)
    else:
        s = s.expandRepeats()
    first = s.parts[0].getElementsByClass("Measure")
    downbeats = [float(m.offset) * spq for m in first]
    rows = []
    for part in s.parts:
        for n in part.flatten().notes:
            if n.tie and n.tie.type in ("stop", "continue"):
                continue
            for p in (n.pitches if n.isChord else [n.pitch]):
                rows.append({"start": float(n.offset) * spq, "duration": float(n.duration.quarterLength) * spq,
                             "pitch": p.midi, "velocity": 80, "instrument": "piano"})
    end = float(first[-1].offset + first[-1].duration.quarterLength) * spq
    return pd.DataFrame(rows), downbeats, end


def features_score(df):
    f_pitch = df_to_pitch_features(df, feature_rate=RATE)
    chroma = quantize_chroma(pitch_to_chroma(f_pitch=f_pitch))
    onsets = df_to_pitch_onset_features(df)
    dlnco = pitch_onset_features_to_DLNCO(f_peaks=onsets, feature_rate=RATE, feature_sequence_length=chroma.shape[1])
    return chroma, dlnco


def features_audio(path):
    audio, _ = librosa.load(path, sr=22050, mono=True)
    f_pitch = audio_to_pitch_features(f_audio=audio, Fs=22050, feature_rate=RATE)
    chroma = quantize_chroma(pitch_to_chroma(f_pitch=f_pitch))
    onsets = audio_to_pitch_onset_features(f_audio=audio, Fs=22050)
    dlnco = pitch_onset_features_to_DLNCO(f_peaks=onsets, feature_rate=RATE, feature_sequence_length=chroma.shape[1])
    return chroma, dlnco


def main():
    directory = sys.argv[1]
    split = sys.argv[sys.argv.index("--split") + 1] if "--split" in sys.argv else "all"
    manifest = json.load(open(directory + "/manifest.json"))
    own_order = "--own-order" in sys.argv
    cache = {}
    audio_cache = {}
    results = {}
    for mode in ("whole score", "oracle excerpt"):
        n = w10 = w25 = tp = fp = fn = 0
        seconds = audio_seconds = 0.0
        for item in manifest:
            if item["kind"] == "wrong-piece" or (split != "all" and item["split"] != split):
                continue
            if item["score"] not in cache:
                cache[item["score"]] = score_notes(directory + "/" + item["score"], own_order)
            df, downbeats, end = cache[item["score"]]
            truth = {t["index"]: t["time"] for t in item["truth"]}
            clock = time.time()
            if mode == "oracle excerpt":
                lo, hi = min(truth), max(truth)
                t0 = downbeats[lo]
                t1 = downbeats[hi + 1] if hi + 1 < len(downbeats) else end
                part = df[(df.start >= t0 - 1e-6) & (df.start < t1 - 1e-6)].copy()
                part["start"] -= t0
                offset = t0
            else:
                part, offset = df, 0.0
            sc, so = features_score(part)
            if item["take"] not in audio_cache:  # the take's features made once, their time counted in both modes
                started = time.time()
                audio_cache[item["take"]] = (features_audio(directory + "/" + item["take"]), time.time() - started)
            (ac, ao), feature_seconds = audio_cache[item["take"]]
            if mode == "oracle excerpt":
                seconds += feature_seconds
            wp = sync_via_mrmsdtw(f_chroma1=sc, f_onset1=so, f_chroma2=ac, f_onset2=ao, input_feature_rate=RATE,
                                  step_weights=np.array([1.5, 1.5, 2.0]), threshold_rec=10 ** 6, verbose=False)
            seconds += time.time() - clock
            audio_seconds += item["duration"]
            # A downbeat is reported where the path reaches it, if it lies within the aligned score.
            score_frames, audio_frames = wp[0].astype(float), wp[1].astype(float)
            found = {}
            for i, d in enumerate(downbeats):
                f = (d - offset) * RATE
                if score_frames[0] <= f <= score_frames[-1]:
                    found[i] = float(np.interp(f, score_frames, audio_frames)) / RATE
            for i, t in truth.items():
                n += 1
                if i in found:
                    tp += 1
                    e = abs(found[i] - t)
                    w10 += e <= 0.1
                    w25 += e <= 0.25
                else:
                    fn += 1
            fp += sum(1 for i in found if i not in truth)
        precision, recall = tp / max(1, tp + fp), tp / max(1, tp + fn)
        results[mode] = {"downbeats": n, "within_0.1": w10 / max(1, n), "within_0.25": w25 / max(1, n),
                         "f1": 2 * precision * recall / max(1e-9, precision + recall),
                         "wrong_piece_refused": 0, "seconds_per_audio_second": seconds / max(1e-9, audio_seconds)}
        print(mode, json.dumps(results[mode]), flush=True)
    if "--json" in sys.argv:
        json.dump(results, open(sys.argv[sys.argv.index("--json") + 1], "w"), indent=1)


if __name__ == "__main__":
    main()
