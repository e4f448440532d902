"""Our app icon: the favicon's motif (a sun over two ochre peaks on dark earth brown), drawn
as SVG and rasterised to the PNG sizes browsers ask for, with nothing but the standard
library (a small scanline rasteriser and a zlib PNG writer).

  any       rounded square, transparent corners (192, 512, and the SVG)
  maskable  full-bleed square, the motif shrunk into the central safe circle (192, 512)
  apple     full-bleed, no transparency, 180 px (iOS adds its own rounding)
"""

import math
import pathlib
import struct
import zlib

BROWN = (0x3D, 0x2C, 0x1E)
OCHRE = (0xD9, 0xA4, 0x41)
SUN = (0xE8, 0x67, 0x3C)
GROUND = (0x5A, 0x42, 0x2C)

# The motif in a 64-unit square, as web/favicon.svg draws it, plus a strip of ground.
PEAKS = [(10, 50), (28, 18), (38, 34), (44, 26), (56, 50)]
GROUND_STRIP = [(6, 50), (58, 50), (58, 53), (6, 53)]
SUN_CENTRE, SUN_RADIUS = (46, 16), 6
CORNER = 12  # rounding of the "any" icon's square
SAFE_SCALE = 0.72  # maskable: the motif fits the central circle of 40 % radius

SUBROWS = 4  # vertical samples per pixel; horizontal coverage is exact


def _motif(scale, offset):
    """The shapes in pixel units: (colour, spans function) in painting order."""
    def tr(p):
        return (offset + p[0] * scale, offset + p[1] * scale)
    return [
        (GROUND, _polygon_spans([tr(p) for p in GROUND_STRIP])),
        (OCHRE, _polygon_spans([tr(p) for p in PEAKS])),
        (SUN, _circle_spans(tr(SUN_CENTRE), SUN_RADIUS * scale)),
    ]


def _polygon_spans(points):
    edges = list(zip(points, points[1:] + points[:1]))

    def spans(y):
        xs = []
        for (x0, y0), (x1, y1) in edges:
            if (y0 <= y < y1) or (y1 <= y < y0):
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        xs.sort()
        return list(zip(xs[0::2], xs[1::2]))
    return spans


def _circle_spans(centre, r):
    cx, cy = centre

    def spans(y):
        d = r * r - (y - cy) ** 2
        if d <= 0:
            return []
        h = math.sqrt(d)
        return [(cx - h, cx + h)]
    return spans


def _rounded_square_spans(size, radius):
    def spans(y):
        if y < radius:
            dy = radius - y
        elif y > size - radius:
            dy = y - (size - radius)
        else:
            return [(0.0, float(size))]
        inset = radius - math.sqrt(max(0.0, radius * radius - dy * dy))
        return [(inset, size - inset)]
    return spans


def _coverage(size, spans_of):
    """Fraction of each pixel inside the shape: exact across, SUBROWS samples down."""
    cov = [0.0] * (size * size)
    w = 1.0 / SUBROWS
    for j in range(size * SUBROWS):
        row = (j // SUBROWS) * size
        for xa, xb in spans_of((j + 0.5) / SUBROWS):
            xa, xb = max(0.0, xa), min(float(size), xb)
            if xb <= xa:
                continue
            ia, ib = int(xa), int(xb)
            if ia == ib:
                cov[row + ia] += (xb - xa) * w
                continue
            cov[row + ia] += (ia + 1 - xa) * w
            for i in range(ia + 1, min(ib, size)):
                cov[row + i] += w
            if ib < size:
                cov[row + ib] += (xb - ib) * w
    return cov


def render(size, kind):
    """RGBA bytes of one icon: kind is 'any', 'maskable' or 'apple'."""
    if kind == "any":
        scale, offset = size / 64, 0.0
        base = _coverage(size, _rounded_square_spans(size, CORNER * size / 64))
    else:
        scale = size / 64 * SAFE_SCALE
        offset = (size - 64 * scale) / 2
        base = [1.0] * (size * size)
    pixels = [list(BROWN) for _ in range(size * size)]
    for colour, spans in _motif(scale, offset):
        for i, c in enumerate(_coverage(size, spans)):
            if c > 0:
                c = min(1.0, c)
                p = pixels[i]
                for k in range(3):
                    p[k] = p[k] * (1 - c) + colour[k] * c
    out = bytearray()
    for y in range(size):
        out.append(0)  # PNG filter: none
        for x in range(size):
            p = pixels[y * size + x]
            a = min(1.0, base[y * size + x])
            out += bytes((round(p[0]), round(p[1]), round(p[2]), round(a * 255)))
    return bytes(out)


def png(size, rgba_rows):
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rgba_rows, 9)) + chunk(b"IEND", b""))


def svg():
    def pts(ps):
        return " ".join(f"{x},{y}" for x, y in ps)
    hexc = lambda c: "#%02x%02x%02x" % c  # noqa: E731
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            f'<rect width="64" height="64" rx="{CORNER}" fill="{hexc(BROWN)}"/>'
            f'<polygon points="{pts(GROUND_STRIP)}" fill="{hexc(GROUND)}"/>'
            f'<polygon points="{pts(PEAKS)}" fill="{hexc(OCHRE)}"/>'
            f'<circle cx="{SUN_CENTRE[0]}" cy="{SUN_CENTRE[1]}" r="{SUN_RADIUS}" fill="{hexc(SUN)}"/></svg>\n')


ICONS = [  # file name, size, kind (the manifest names the same files)
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("icon-maskable-192.png", 192, "maskable"),
    ("icon-maskable-512.png", 512, "maskable"),
    ("apple-touch-icon.png", 180, "apple"),
]


def write(out_dir: pathlib.Path) -> int:
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "icon.svg").write_text(svg())
    for name, size, kind in ICONS:
        (out_dir / name).write_bytes(png(size, render(size, kind)))
    return len(ICONS) + 1


if __name__ == "__main__":
    print(write(pathlib.Path(__file__).resolve().parent.parent / "web" / "icons"), "icons written")
