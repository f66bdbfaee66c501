#!/usr/bin/env python3
"""Writes the small scanned-page PDFs the JPEG decoder and PDF reader tests use
(Tests/ScoreDocumentTests/Fixtures/scan/).

Needs Pillow, img2pdf, ImageMagick (`convert`), poppler-utils and qpdf. Every image is a small synthetic "scan": staff-like
lines, blocks, a gradient and noise, so the JPEG has real AC coefficients everywhere.

  fast path (Tonmeister decodes them itself):
    gray-*.pdf          gray JPEG at odd sizes (not multiples of 8 or 16), img2pdf
    ycc-444/422/420/411.pdf   colour JPEG at each chroma sampling, img2pdf
    restart.pdf         gray JPEG with a restart marker every row of blocks, img2pdf
    restart-420.pdf     colour 4:2:0 JPEG with restart markers
    magick-jpeg.pdf     a gray JPEG written by ImageMagick (its PDF writer is disabled by Debian's policy)
    ccitt-*.pdf         bilevel images compressed by libtiff's fax encoders (`tiffcp -c g4`, `-c g3:1d`, `-c g3:2d`,
                        with `:fill` for byte-aligned end-of-line codes), the raw strip in a hand-written PDF:
                        ccitt-g4.pdf (through img2pdf), ccitt-g4-black0.pdf / ccitt-g4-black1.pdf (/BlackIs1 false
                        and true), ccitt-g4-decode.pdf (/Decode [1 0]), ccitt-g4-wide.pdf (runs past 1792 pixels:
                        the extended make-up codes), ccitt-g3-1d.pdf, ccitt-g3-1d-fill.pdf, ccitt-g3-2d.pdf,
                        ccitt-g3-2d-fill.pdf, ccitt-g4-300dpi.pdf and ccitt-g4-600dpi.pdf (pages at
                        300 and 600 dpi)
    cairo.pdf           magick-jpeg.pdf rewritten by pdftocairo -pdf (cairo's PDF writer)
    objstm.pdf          qpdf --object-streams=generate of ycc-420.pdf (xref stream, object streams)
    flate-gray.pdf, flate-rgb.pdf   FlateDecode 8-bit images, hand-written PDF
    margins.pdf         a JPEG covering the middle of a larger page (white around it), hand-written PDF
    progressive.pdf     progressive JPEG (decoded by libjpeg-turbo)
  fallbacks (poppler renders them):
    rotated-placement.pdf   the image drawn with a rotation in its cm
    page-rotate-90.pdf  a page with /Rotate 90
    two-images.pdf      the image drawn twice
    ccitt-mask.pdf      a CCITT stencil mask (/ImageMask true)

Needs libtiff-tools (`tiffcp`) for the CCITT fixtures.
"""
import io
import os
import subprocess
import sys
import tempfile
import zlib

import img2pdf
from PIL import Image, ImageDraw

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "ScoreDocumentTests", "Fixtures", "scan")


def picture(w, h, colour=False, seed=1):
    import random
    rnd = random.Random(seed)
    img = Image.new("RGB", (w, h), (235, 228, 215))
    d = ImageDraw.Draw(img)
    for x in range(w):
        d.line([(x, 0), (x, h)], fill=(235 - x * 40 // w, 228 - x * 30 // w, 215 - x * 20 // w))
    for s in range(3):
        top = 20 + s * (h // 3)
        for k in range(5):
            y = top + k * 7
            d.line([(10, y), (w - 10, y)], fill=(20, 20, 20), width=1)
        for bx in range(10, w - 10, 60):
            d.line([(bx, top), (bx, top + 28)], fill=(10, 10, 10), width=2)
        for n in range(8):
            cx, cy = rnd.randint(15, w - 15), top + rnd.randint(0, 28)
            d.ellipse([cx - 4, cy - 3, cx + 4, cy + 3], fill=(0, 0, 0))
    if colour:
        d.rectangle([w // 3, h // 4, w // 3 + 30, h // 4 + 20], fill=(200, 40, 30))
        d.rectangle([w // 2, h // 2, w // 2 + 25, h // 2 + 25], fill=(30, 60, 190))
    px = img.load()
    for _ in range(w * h // 20):
        x, y = rnd.randrange(w), rnd.randrange(h)
        r, g, b = px[x, y]
        v = rnd.randint(-25, 25)
        px[x, y] = (max(0, min(255, r + v)), max(0, min(255, g + v)), max(0, min(255, b + v)))
    return img if colour else img.convert("L")


def jpeg(img, **kw):
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=kw.pop("quality", 75), dpi=(150, 150), **kw)
    return buf.getvalue()


def wrap(jpg, name, **kw):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(img2pdf.convert([jpg], nodate=True, engine=img2pdf.Engine.internal, **kw))


def hand_pdf(name, width_pt, height_pt, content, images, rotate=None):
    """A minimal PDF: one page, the given image XObjects (name -> (dict string, data)) and content stream."""
    objs = []
    objs.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objs.append(b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    xobj = b" ".join(b"/%s %d 0 R" % (n.encode(), 5 + i) for i, n in enumerate(images))
    rot = b" /Rotate %d" % rotate if rotate else b""
    objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s] /Resources << /XObject << %s >> >> "
                b"/Contents 4 0 R%s >>" % (str(width_pt).encode(), str(height_pt).encode(), xobj, rot))
    objs.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    for n, (d, data) in images.items():
        objs.append(d.encode() % len(data) + b"\nstream\n" + data + b"\nendstream")
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, o in enumerate(objs):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1))
    for o in offsets:
        out.write(b"%010d 00000 n \n" % o)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref))
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(out.getvalue())


def bilevel(w, h, seed):
    """A bilevel "scan": the synthetic picture thresholded, with a dithered band (many short runs)."""
    img = picture(w, h, seed=seed)
    ink = img.point(lambda v: 0 if v < 128 else 255).convert("1", dither=Image.Dither.NONE)
    band = img.crop((0, h // 2, w, h // 2 + h // 6)).point(lambda v: v * 3 // 4).convert("1")
    ink.paste(band, (0, h // 2))
    return ink


def fax_strip(img, compression):
    """The raw CCITT data libtiff's `tiffcp -c COMPRESSION` writes for a mode-"1" image (one strip), and whether
    its 1 bits are black (PhotometricInterpretation MinIsBlack: libtiff codes 0 bits as white runs)."""
    from PIL import TiffImagePlugin
    with tempfile.TemporaryDirectory() as tmp:
        raw, fax = os.path.join(tmp, "raw.tif"), os.path.join(tmp, "fax.tif")
        img.save(raw, compression=None)
        subprocess.run(["tiffcp", "-c", compression, "-r", str(img.height), raw, fax], check=True)
        with Image.open(fax) as t:
            assert isinstance(t, TiffImagePlugin.TiffImageFile)
            offsets, counts, photometric = t.tag_v2[273], t.tag_v2[279], t.tag_v2[262]
            assert len(offsets) == 1, "one strip"
        with open(fax, "rb") as f:
            f.seek(offsets[0])
            return f.read(counts[0]), photometric == 1


def ccitt_pdf(name, img, compression, k, dpi=150, extra="", black_is_1=None, image_extra="", mask=False):
    data, min_is_black = fax_strip(img, compression)
    if black_is_1 is None:
        black_is_1 = min_is_black
    w, h = img.size
    parms = "/K %d /Columns %d /Rows %d /BlackIs1 %s%s" % (k, w, h, "true" if black_is_1 else "false", extra)
    kind = "/ImageMask true" if mask else "/ColorSpace /DeviceGray /BitsPerComponent 1"
    d = "<< /Type /XObject /Subtype /Image /Width %d /Height %d %s " \
        "/Filter /CCITTFaxDecode /DecodeParms << %s >>%s /Length %%d >>" % (w, h, kind, parms, image_extra)
    pw, ph = w * 72 / dpi, h * 72 / dpi
    hand_pdf(name, pw, ph, b"q %s 0 0 %s 0 0 cm /Im0 Do Q" % (str(pw).encode(), str(ph).encode()), {"Im0": (d, data)})


def ccitt_fixtures():
    img = bilevel(331, 217, seed=21)
    with tempfile.TemporaryDirectory() as tmp:
        g4 = os.path.join(tmp, "g4.tif")
        img.save(os.path.join(tmp, "raw.tif"), compression=None, dpi=(150, 150))
        subprocess.run(["tiffcp", "-c", "g4", os.path.join(tmp, "raw.tif"), g4], check=True)
        with open(os.path.join(OUT, "ccitt-g4.pdf"), "wb") as f:
            f.write(img2pdf.convert([g4], nodate=True, engine=img2pdf.Engine.internal))
    ccitt_pdf("ccitt-g4-black0.pdf", img, "g4", -1, black_is_1=False)
    ccitt_pdf("ccitt-g4-black1.pdf", img, "g4", -1, black_is_1=True)
    ccitt_pdf("ccitt-g4-decode.pdf", img, "g4", -1, image_extra=" /Decode [1 0]")
    ccitt_pdf("ccitt-g3-1d.pdf", img, "g3:1d", 0, extra=" /EndOfLine true")
    ccitt_pdf("ccitt-g3-1d-fill.pdf", img, "g3:1d:fill", 0, extra=" /EncodedByteAlign true")
    ccitt_pdf("ccitt-g3-2d.pdf", img, "g3:2d", 4)
    ccitt_pdf("ccitt-g3-2d-fill.pdf", img, "g3:2d:fill", 4, extra=" /EndOfLine true /EncodedByteAlign true")
    wide = Image.new("1", (2700, 40), 1)
    d = ImageDraw.Draw(wide)
    d.rectangle([50, 5, 2650, 12], fill=0)
    d.rectangle([0, 20, 1900, 24], fill=0)
    d.rectangle([10, 28, 2699, 39], fill=0)
    d.line([(0, 0), (2699, 39)], fill=0)
    ccitt_pdf("ccitt-g4-wide.pdf", wide, "g4", -1, dpi=300)
    ccitt_pdf("ccitt-g4-300dpi.pdf", bilevel(600, 420, seed=22), "g4", -1, dpi=300)
    ccitt_pdf("ccitt-g4-600dpi.pdf", bilevel(800, 560, seed=23), "g4", -1, dpi=600)
    ccitt_pdf("ccitt-mask.pdf", img, "g4", -1, mask=True)


def main():
    os.makedirs(OUT, exist_ok=True)
    for w, h in [(203, 131), (240, 160), (97, 211)]:
        wrap(jpeg(picture(w, h, seed=w)), "gray-%dx%d.pdf" % (w, h))
    img = picture(245, 173, colour=True, seed=7)
    for name, sub in [("444", 0), ("422", 1), ("420", 2)]:
        wrap(jpeg(img, subsampling=sub), "ycc-%s.pdf" % name)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "a.png")
        img.save(src)
        out = os.path.join(tmp, "411.jpg")
        subprocess.run(["convert", src, "-sampling-factor", "4:1:1", "-quality", "80", out], check=True)
        wrap(open(out, "rb").read(), "ycc-411.pdf")
        gray = picture(203, 131, seed=3)
        gsrc = os.path.join(tmp, "g.png")
        gray.save(gsrc)
        gj = os.path.join(tmp, "g.jpg")
        subprocess.run(["convert", gsrc, "-quality", "80", gj], check=True)
        wrap(open(gj, "rb").read(), "magick-jpeg.pdf")
        # cairo's PDF writer (through poppler): compressed content stream, the JPEG kept as it is
        subprocess.run(["pdftocairo", "-pdf", os.path.join(OUT, "magick-jpeg.pdf"), os.path.join(OUT, "cairo.pdf")],
                       check=True)
    wrap(jpeg(picture(203, 131, seed=5), restart_marker_rows=1), "restart.pdf")
    wrap(jpeg(img, subsampling=2, restart_marker_blocks=3), "restart-420.pdf")
    subprocess.run(["qpdf", "--object-streams=generate", os.path.join(OUT, "ycc-420.pdf"),
                    os.path.join(OUT, "objstm.pdf")], check=True)
    wrap(jpeg(picture(203, 131, seed=9), progressive=True), "progressive.pdf")
    wrap(jpeg(picture(203, 131, seed=10)), "page-rotate-90.pdf", rotation=img2pdf.Rotation["90"])

    g = picture(120, 90, seed=11)
    gj = jpeg(g)
    dct = "<< /Type /XObject /Subtype /Image /Width 120 /Height 90 /ColorSpace /DeviceGray " \
          "/BitsPerComponent 8 /Filter /DCTDecode /Length %d >>"
    images = {"Im0": (dct, gj)}
    hand_pdf("rotated-placement.pdf", 90, 120, b"q 0 120 -90 0 90 0 cm /Im0 Do Q", images)
    hand_pdf("two-images.pdf", 240, 90, b"q 120 0 0 90 0 0 cm /Im0 Do Q q 120 0 0 90 120 0 cm /Im0 Do Q", images)
    hand_pdf("margins.pdf", 180, 150, b"q 1 0 0 1 30 24 cm 120 0 0 90 0 0 cm /Im0 Do Q", images)
    flate = "<< /Type /XObject /Subtype /Image /Width 120 /Height 90 /ColorSpace /%s " \
            "/BitsPerComponent 8 /Filter /FlateDecode /Length %%d >>"
    hand_pdf("flate-gray.pdf", 120, 90, b"q 120 0 0 90 0 0 cm /Im0 Do Q",
             {"Im0": (flate % "DeviceGray", zlib.compress(g.tobytes()))})
    rgb = picture(120, 90, colour=True, seed=12)
    hand_pdf("flate-rgb.pdf", 120, 90, b"q 120 0 0 90 0 0 cm /Im0 Do Q",
             {"Im0": (flate % "DeviceRGB", zlib.compress(rgb.tobytes()))})
    ccitt_fixtures()
    print("wrote", len(os.listdir(OUT)), "files to", OUT, file=sys.stderr)


if __name__ == "__main__":
    main()
