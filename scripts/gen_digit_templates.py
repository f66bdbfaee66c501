#!/usr/bin/env python3
"""Writes Sources/ScoreDocument/OCR/DigitTemplates.swift: the digits 0-9 of the fonts engravers print bar numbers in,
rendered and drawn on DigitGlyph's grid (needs Pillow and numpy, and the fonts: Debian's fonts-urw-base35,
fonts-liberation, fonts-freefont-ttf, fonts-cmu):
   python3 scripts/gen_digit_templates.py > Sources/ScoreDocument/OCR/DigitTemplates.swift

Each digit is rendered large (200 px), cropped to its ink, scaled (bilinear) to 32 px tall as ScannedNumberReader
scales a group, and its largest piece (ink darker than mid-grey) drawn as DigitGlyph draws a scan's piece: its box
scaled to 16 cells on its longer edge, centred, 2 x 2 samples a pixel, smoothed by 1 2 1 along each edge, mean 0 and
length 1. The cells are written as signed bytes (x 127 / the largest magnitude), with the piece's width over its height.

Beside the digits, the same fonts' characters that a group over a staff may be and that look like digits on the grid
(OTHERS: I and l beside 1, parentheses and slashes like slur pieces, letters of dynamics and text) are templates of no
digit: a digit must match its digit better than any of them."""
import numpy as np
from PIL import Image, ImageDraw, ImageFont

G = 16
OTHERS = 'IlJ()[]/|!ftrpacsgonemz'
# (name, file, what engraves with it)
FONTS = [
    ('C059 Roman', '/usr/share/fonts/opentype/urw-base35/C059-Roman.otf', "Century Schoolbook: LilyPond, MuseScore's Edwin"),
    ('C059 Italic', '/usr/share/fonts/opentype/urw-base35/C059-Italic.otf', 'Century Schoolbook italic'),
    ('C059 Bold', '/usr/share/fonts/opentype/urw-base35/C059-Bold.otf', 'Century Schoolbook bold'),
    ('Nimbus Roman', '/usr/share/fonts/opentype/urw-base35/NimbusRoman-Regular.otf', 'Times: abcm2ps, Verovio, Finale'),
    ('Nimbus Roman Italic', '/usr/share/fonts/opentype/urw-base35/NimbusRoman-Italic.otf', "Times italic: abcm2ps's measure numbers"),
    ('Nimbus Roman Bold', '/usr/share/fonts/opentype/urw-base35/NimbusRoman-Bold.otf', 'Times bold'),
    ('Liberation Serif', '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf', 'Times-metric'),
    ('FreeSerif', '/usr/share/fonts/truetype/freefont/FreeSerif.ttf', "MuseScore 3's FreeSerif"),
    ('FreeSerif Italic', '/usr/share/fonts/truetype/freefont/FreeSerifItalic.ttf', 'FreeSerif italic'),
    ('CMU Serif', '/usr/share/fonts/truetype/cmu/cmunrm.ttf', "Computer Modern: MusiXTeX"),
    ('CMU Serif Italic', '/usr/share/fonts/truetype/cmu/cmunti.ttf', 'Computer Modern italic'),
    ('CMU Serif Bold', '/usr/share/fonts/truetype/cmu/cmunbx.ttf', 'Computer Modern bold'),
]


def render(path, digit, height=32):
    """The digit's (or character's) pixels, 0 black, cropped to its ink, `height` px tall, in a 12 px white margin."""
    font = ImageFont.truetype(path, 200)
    image = Image.new('L', (300, 300), 255)
    ImageDraw.Draw(image).text((50, 20), str(digit), font=font, fill=0)
    a = np.array(image)
    ys, xs = np.where(a < 128)
    a = a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    scale = height / a.shape[0]
    a = np.array(Image.fromarray(a).resize((max(1, round(a.shape[1] * scale)), height), Image.BILINEAR))
    out = np.full((a.shape[0] + 24, a.shape[1] + 24), 255, np.uint8)
    out[12:-12, 12:-12] = a
    return out


def largest_piece(pixels):
    """The points (y, x) of the largest eight-connected piece darker than half way to the darkest pixel."""
    limit = (int(pixels.min()) + 255) // 2
    mask = pixels.astype(int) < limit
    h, w = mask.shape
    seen = np.zeros_like(mask)
    best = []
    for y in range(h):
        for x in range(w):
            if mask[y, x] and not seen[y, x]:
                seen[y, x] = True
                stack, points = [(y, x)], []
                while stack:
                    cy, cx = stack.pop()
                    points.append((cy, cx))
                    for ny in range(max(0, cy - 1), min(h, cy + 2)):
                        for nx in range(max(0, cx - 1), min(w, cx + 2)):
                            if mask[ny, nx] and not seen[ny, nx]:
                                seen[ny, nx] = True
                                stack.append((ny, nx))
                if len(points) > len(best):
                    best = points
    return np.array(best)


def cells(points):
    """DigitGlyph's grid of the piece at `points`: covered shares, smoothed, mean 0, length 1."""
    ys, xs = points[:, 0], points[:, 1]
    x0, y0 = xs.min(), ys.min()
    w, h = xs.max() - x0 + 1, ys.max() - y0 + 1
    s = G / max(w, h)
    ox, oy = (G - w * s) / 2, (G - h * s) / 2
    g = np.zeros((G, G))
    for sy in (0.25, 0.75):
        for sx in (0.25, 0.75):
            gx = np.floor(ox + (xs - x0 + sx) * s).astype(int).clip(0, G - 1)
            gy = np.floor(oy + (ys - y0 + sy) * s).astype(int).clip(0, G - 1)
            np.add.at(g, (gy, gx), 1)
    g *= s * s / 4
    p = np.pad(g, 1)
    k = np.zeros_like(g)
    for dy in range(3):
        for dx in range(3):
            k += (2 if dy == 1 else 1) * (2 if dx == 1 else 1) * p[dy:dy + G, dx:dx + G]
    v = (k / 16).ravel()
    v = v - v.mean()
    return v / np.linalg.norm(v)


def main():
    print('/// The digits 0–9 of the fonts engravers print bar numbers in, and characters that look like them, drawn on')
    print('/// ``DigitGlyph``\'s grid: written by')
    print('/// scripts/gen_digit_templates.py (do not edit). Each template\'s cells are signed bytes in hexadecimal (two')
    print('/// characters a cell, row by row), read once into normalised vectors.')
    print('enum DigitTemplates {')
    print('    /// One rendered digit or character.')
    print('    struct Template: Sendable {')
    print('        var font: String')
    print('        /// The digit, nil for a character that is none (``DigitReader`` weighs a digit against them).')
    print('        var digit: Int?')
    print('        /// Width over height of the rendered piece.')
    print('        var aspect: Double')
    print('        var cells: [Double]')
    print('    }')
    print()
    print('    /// Every template, font by font: 0 to 9, then the characters that are no digit.')
    print('    static let all: [Template] = encoded.map { font, digit, aspect, hex in')
    print('        Template(font: font, digit: digit, aspect: aspect, cells: cells(hex: hex))')
    print('    }')
    print()
    print('    /// The cells written in `hex` (two lowercase hexadecimal characters a signed byte), mean 0 and length 1.')
    print('    static func cells(hex: String) -> [Double] {')
    print('        var values: [Double] = []')
    print('        values.reserveCapacity(hex.utf8.count / 2)')
    print('        var high: UInt8?')
    print('        for c in hex.utf8 {')
    print('            let nibble = c <= 57 ? c &- 48 : c &- 87')
    print('            if let h = high {')
    print('                values.append(Double(Int8(bitPattern: h << 4 | nibble & 15)))')
    print('                high = nil')
    print('            } else {')
    print('                high = nibble & 15')
    print('            }')
    print('        }')
    print('        return DigitGlyph.normalised(values)')
    print('    }')
    print()
    print('    /// (font, digit or nil, aspect, cells), digits then the other characters (' + OTHERS + '): the fonts and what')
    print('    /// engraves with them:')
    for name, _, use in FONTS:
        print(f'    /// - {name}: {use}.')
    print('    static let encoded: [(String, Int?, Double, String)] = [')
    for name, path, _ in FONTS:
        for d in [str(d) for d in range(10)] + list(OTHERS):
            points = largest_piece(render(path, d))
            aspect = (points[:, 1].max() - points[:, 1].min() + 1) / (points[:, 0].max() - points[:, 0].min() + 1)
            v = cells(points)
            q = np.round(v * 127 / np.abs(v).max()).astype(int)
            hexs = ''.join('%02x' % (x & 0xff) for x in q)
            print(f'        ("{name}", {d if d.isdigit() else "nil"}, {aspect:.4f}, "{hexs}"),')
    print('    ]')
    print('}')


if __name__ == '__main__':
    main()
