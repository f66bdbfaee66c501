#!/usr/bin/env python3
"""Checks a Tonmeister hand-off the way an editor's tools would read it.

Usage: check-handoff.py FILE.edl FILE.otio FPS OUTDIR
- reads the EDL with pycmx (events, channels, clip names, source files, transitions);
- reads the .otio with OpenTimelineIO's JSON reader;
- converts the timeline with OpenTimelineIO's own adapters to AAF (otio-aaf-adapter), FCP 7 XML (otio-fcp-adapter)
  and FCPXML (otio-fcpx-xml-adapter), writes each into OUTDIR and reads it back with the same adapter.
Prints a JSON summary; exits 1 when any reader or converter fails (a failure is never skipped).
"""
import json
import os
import sys
import traceback

import opentimelineio as otio
import pycmx


def clips(timeline):
    out = []
    for index, track in enumerate(timeline.tracks):
        for item in track:
            if isinstance(item, otio.schema.Clip):
                r = item.source_range
                ref = item.media_reference
                available = getattr(ref, "available_range", None)
                out.append({
                    "track": index, "name": item.name,
                    "start": round(r.start_time.to_frames()), "duration": round(r.duration.to_frames()),
                    "url": getattr(ref, "target_url", None),
                    "available": [round(available.start_time.to_frames()), round(available.duration.to_frames())] if available else None,
                    "markers": len(item.markers),
                })
    return out


def summary(timeline):
    items = clips(timeline)
    transitions = sum(1 for track in timeline.tracks for item in track if isinstance(item, otio.schema.Transition))
    return {"tracks": len(timeline.tracks), "clips": items, "transitions": transitions}


edl_path, otio_path, fps, outdir = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
result = {"failures": []}
with open(edl_path) as f:
    edl = pycmx.parse_cmx3600(f)
events = []
for event in edl.events:
    for edit in event.edits:
        events.append({
            "event": event.number, "source": edit.source, "channels": sorted(edit.channels.channels),
            "sourceIn": edit.source_in, "sourceOut": edit.source_out, "recordIn": edit.record_in, "recordOut": edit.record_out,
            "transition": edit.transition.kind, "clipName": edit.clip_name, "sourceFile": edit.source_file,
        })
result["pycmx"] = events

timeline = otio.adapters.read_from_file(otio_path, "otio_json")
result["otio"] = summary(timeline)
for name, adapter, ext in [("aaf", "AAF", "aaf"), ("fcp7", "fcp_xml", "xml"), ("fcpx", "fcpx_xml", "fcpxml")]:
    path = os.path.join(outdir, "plan." + ext)
    try:
        otio.adapters.write_to_file(timeline, path, adapter_name=adapter)
        back = otio.adapters.read_from_file(path, adapter_name=adapter)
        if isinstance(back, otio.schema.SerializableCollection):
            back = next(iter(back))
        result[name] = summary(back)
    except Exception:
        result["failures"].append({"format": name, "error": traceback.format_exc(limit=3)})
print(json.dumps(result))
sys.exit(1 if result["failures"] else 0)
