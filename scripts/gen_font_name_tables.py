#!/usr/bin/env python3
"""Writes Sources/ScoreDocument/Vector/FontNameTables.swift (needs fontTools and pdfminer.six):
   python3 scripts/gen_font_name_tables.py > Sources/ScoreDocument/Vector/FontNameTables.swift"""
from fontTools.cffLib import cffStandardStrings as std
from fontTools.encodings.StandardEncoding import StandardEncoding
from pdfminer.latin_enc import ENCODING
win = [""] * 256; mac = [""] * 256
for name, s, m, w, p in ENCODING:
    if w is not None and not win[w]: win[w] = name
    if m is not None and not mac[m]: mac[m] = name
# PDF 32000 Annex D notes: WinAnsi 0o240 is also space, 0o255 also hyphen; poppler reads the unused codes from 0x7F on as bullet.
if not win[0o240]: win[0o240] = "space"
if not win[0o255]: win[0o255] = "hyphen"
for c in (0x7f, 0x81, 0x8d, 0x8f, 0x90, 0x9d):
    win[c] = "bullet"   # as poppler's table
se = [n if n != ".notdef" else "" for n in StandardEncoding]
def arr(name, doc, items, per=8):
    out = [f"    /// {doc}", f"    static let {name}: [String] = ["]
    for i in range(0, len(items), per):
        out.append("        " + ", ".join('"%s"' % x for x in items[i:i+per]) + ",")
    out.append("    ]")
    return "\n".join(out)
print("""/// Name tables of fonts and PDF encodings, generated from fontTools (the CFF standard strings, Adobe's
/// StandardEncoding) and pdfminer.six (PDF 32000 Annex D: WinAnsiEncoding, MacRomanEncoding). An empty name is
/// an unused code.
enum FontNameTables {""")
print(arr("cffStandardStrings", "The 391 strings every CFF font shares (string ids 0–390).", list(std)))
print()
print(arr("standardEncoding", "Adobe's StandardEncoding: code → glyph name.", se))
print()
print(arr("winAnsiEncoding", "PDF's WinAnsiEncoding: code → glyph name.", win))
print()
print(arr("macRomanEncoding", "PDF's MacRomanEncoding: code → glyph name.", mac))
print("}")
