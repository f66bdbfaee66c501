#!/usr/bin/env python3
"""Makes a corpus of takes of two textures the chorales and quartets do not have: vocal polyphony and a solo line.

- *Polyphony*: five-voice madrigals of Monteverdi's third book and a five-voice Agnus Dei of Palestrina (music21's
  corpus, engraved and encoded by other people): voices that enter one after another, ties and suspensions over the
  barline, so that a downbeat often has few or no fresh notes, and bars of a breve where the chorales have four
  quarters. The first performance is sung (a choir's "aahs" in every voice), the second played by viols (strings),
  an organ or winds.
- *A solo line*: fiddle tunes of Ryan's Mammoth Collection (reels, hornpipes, jigs, strathspeys; ABC, read by
  music21): one voice, fast, with pickups and repeats, where a downbeat is one note of a run. The first performance is
  a violin, the second a flute, a voice, a clarinet or an oboe.

Performed with make_corpus.py's tempo model, the mean tempo from the beat of the time signature (the breve's
semibreve for the Renaissance pieces, a reel's half note), rendered through both Debian soundfonts and cut into takes
of every kind by make_chamber_takes.make_takes, which also writes the wrong-piece takes (each short take against the
next piece's score of the same split and texture) and the manifest. Pieces are split into a tuning and a held-out
set; nothing is tuned on the held-out set.

    make_polyphony_takes.py OUT     then   FollowBench OUT --split tune --onset-weight 0.6 --tap --json OUT/run.json

Needs music21, mido and numpy (FollowBench's venv) and fluidsynth with fluid-soundfont-gm and timgm6mb-soundfont.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_chamber_takes as chamber  # noqa: E402
import make_corpus as mc  # noqa: E402

# Only pieces whose parts agree on every bar's length (music21 lets a part that runs over drift from the others).
POLYPHONY_TUNE = ["monteverdi/madrigal.3.1.mxl", "monteverdi/madrigal.3.3.mxl", "monteverdi/madrigal.3.5.mxl",
                  "monteverdi/madrigal.3.8.mxl", "palestrina/Agnus_01.krn"]
POLYPHONY_HELD_OUT = ["monteverdi/madrigal.3.7.mxl", "monteverdi/madrigal.3.9.mxl", "monteverdi/madrigal.3.10.mxl"]
SOLO_TUNE = ["ryansMammoth/AcaciaReel.abc", "ryansMammoth/AcrobatsHornpipe.abc",
             "ryansMammoth/42dHighlandRegimentStrathspey.abc", "ryansMammoth/HasteToTheWeddingJig.abc",
             "ryansMammoth/BelleOfBostonReel.abc", "ryansMammoth/LamsonsHornpipe.abc"]
SOLO_HELD_OUT = ["ryansMammoth/GrapeVineTwiseJig.abc", "ryansMammoth/FlowersOfMichiganReel.abc",
                 "ryansMammoth/CaledonianClubStrathspey.abc", "ryansMammoth/DurangsHornpipe.abc"]

# General MIDI programs per voice from the top.
mc.ENSEMBLES.update({"voices": [52, 52, 52, 52], "violin": [40] * 4, "flute": [73] * 4, "voice": [53] * 4,
                     "clarinet": [71] * 4, "oboe": [68] * 4})


def main(out):
    polyphony, solo = os.path.join(out, "polyphony"), os.path.join(out, "solo")
    chamber.make_takes(polyphony, POLYPHONY_TUNE, POLYPHONY_HELD_OUT, "voices", ["strings", "organ", "winds"], 3333)
    chamber.make_takes(solo, SOLO_TUNE, SOLO_HELD_OUT, "violin", ["flute", "voice", "clarinet", "oboe"], 3334)
    # One corpus of both textures: the files moved up, the manifest joined, each take marked with its texture.
    manifest = []
    for texture, folder in (("polyphony", polyphony), ("solo", solo)):
        for item in json.load(open(os.path.join(folder, "manifest.json"))):
            item["texture"] = texture
            manifest.append(item)
        for name in os.listdir(folder):
            if name != "manifest.json":
                os.replace(os.path.join(folder, name), os.path.join(out, name))
        os.remove(os.path.join(folder, "manifest.json"))
        os.rmdir(folder)
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
