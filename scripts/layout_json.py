"""Writes layout JSON the way Scores/*.layout.json are stored: compact, one line per system."""
import json


def dump_layout(layout, fp, head=None):
    """Compact but diff-friendly JSON: one line per system; `head` members (a dict) come first, one per line."""
    fp.write("{")
    for k, v in (head or {}).items():
        fp.write("%s:%s,\n" % (json.dumps(k), json.dumps(v, ensure_ascii=False)))
    fp.write('"pages":[\n')
    for i, p in enumerate(layout["pages"]):
        fp.write(' {"page":%d,"systems":[' % p["page"])
        for j, s in enumerate(p["systems"]):
            fp.write("\n  " + json.dumps(s, separators=(",", ":"), ensure_ascii=False))
            if j + 1 < len(p["systems"]):
                fp.write(",")
        fp.write("\n ]}" if p["systems"] else "]}")
        fp.write(",\n" if i + 1 < len(layout["pages"]) else "\n")
    fp.write("]}\n")
