#!/usr/bin/env python3
"""Reads a Tonmeister EDL with OpenTimelineIO's CMX3600 reader and a .otio timeline with OTIO's JSON reader.

Usage: check-otio.py FILE.edl FILE.otio FPS
Prints a JSON summary of both (clips with names and source ranges in frames, markers); any warning is an error.
"""
import json
import sys
import warnings

warnings.simplefilter("error")
import opentimelineio as otio  # noqa: E402


def summary(timeline):
    tracks = []
    for track in timeline.tracks:
        clips = []
        for item in track:
            if isinstance(item, otio.schema.Clip):
                r = item.source_range
                clips.append({
                    "name": item.name,
                    "start": round(r.start_time.value), "duration": round(r.duration.value),
                    "rate": r.start_time.rate,
                    "markers": [m.name for m in item.markers],
                    "reference": getattr(item.media_reference, "target_url", None),
                })
        tracks.append({"kind": str(track.kind), "clips": clips})
    return tracks


edl_path, otio_path, fps = sys.argv[1], sys.argv[2], float(sys.argv[3])
with open(edl_path) as f:
    edl = otio.adapters.read_from_string(f.read(), "cmx_3600", rate=fps)
with open(otio_path) as f:
    timeline = otio.adapters.read_from_string(f.read(), "otio_json")
print(json.dumps({"edl": summary(edl), "otio": summary(timeline),
                  "otioStart": timeline.global_start_time.value if timeline.global_start_time else None}))
