"""Our own drawing of every sammler tile type, generated from the tile data.

For each type (catalogue orientation, a 100 x 100 square, y down) this computes the
geometry of its zones — forest polygons, river lines, lakes, springs, and where the animals
and other symbols sit — and writes one SVG per type plus `geometry.json`, which the page uses
to hit-test zones and highlight whole features. Nothing here copies the published art.
"""

import json
import math
import pathlib

from urzeit.games.sammler import components as T

C = (50.0, 50.0)
# Side endpoints, clockwise: segment k of side s runs from t = k/3 to (k+1)/3.
SIDE_ENDS = [((0, 0), (100, 0)), ((100, 0), (100, 100)), ((100, 100), (0, 100)), ((0, 100), (0, 0))]
INWARD = [(0, 1), (-1, 0), (0, -1), (1, 0)]
MID = [(50, 0), (100, 50), (50, 100), (0, 50)]

COLOURS = {
    "meadow": "#a9cf6e", "meadow_dark": "#8fb85a", "forest": "#2f6b34", "forest_edge": "#1d4521",
    "forest_light": "#3f8645", "river": "#3d8fd1", "river_edge": "#2a6aa3", "lake": "#4fa3e0",
    "lake_edge": "#2a6aa3",
}


def lerp(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def point_on_side(s, t):
    a, b = SIDE_ENDS[s]
    return lerp(a, b, t)


def r1(p):
    return [round(p[0], 1), round(p[1], 1)]


def zone_sides(zone):
    return sorted({seg // 3 for seg in zone.segments})


def forest_polygon(sides):
    """A forest shape over the given sides: bands for single sides, corner or hourglass
    shapes for several; separate forests on one tile never overlap."""
    sset = set(sides)
    if len(sset) == 4:
        return [r1(p) for p in [(0, 0), (100, 0), (100, 100), (0, 100)]]
    # start at a side whose predecessor is not a forest side of this zone
    start = next(s for s in range(4) if s in sset and (s - 1) % 4 not in sset)
    runs, s = [], start
    for _ in range(4):
        if s in sset:
            if runs and (s - 1) % 4 in sset and runs[-1][-1] == (s - 1) % 4:
                runs[-1].append(s)
            else:
                runs.append([s])
        s = (s + 1) % 4
    pts = []
    for i, run in enumerate(runs):
        for side in run:
            a, b = SIDE_ENDS[side]
            if not pts or pts[-1] != a:
                pts.append(a)
            pts.append(b)
        if len(runs) == 1 and len(run) == 1:
            side = run[0]
            n = INWARD[side]
            a, b = SIDE_ENDS[side]
            depth = 30
            pts += [lerp(b, a, 0.2), lerp(b, a, 0.5), lerp(b, a, 0.8)]
            pts[-3] = (pts[-3][0] + n[0] * (depth - 4), pts[-3][1] + n[1] * (depth - 4))
            pts[-2] = (pts[-2][0] + n[0] * (depth + 3), pts[-2][1] + n[1] * (depth + 3))
            pts[-1] = (pts[-1][0] + n[0] * (depth - 4), pts[-1][1] + n[1] * (depth - 4))
        elif len(runs) == 1 and len(run) == 2:
            corner = SIDE_ENDS[run[0]][1]
            pts.append(lerp(C, corner, 0.22))
        elif len(runs) == 1 and len(run) == 3:
            missing = (run[-1] + 1) % 4
            pts.append(lerp(C, MID[missing], 0.22))
        else:  # two runs (opposite sides): an hourglass through the middle
            side_next = runs[(i + 1) % len(runs)][0]
            end = pts[-1]
            nxt = SIDE_ENDS[side_next][0]
            pts.append(lerp(lerp(end, nxt, 0.35), C, 0.68))
            pts.append(lerp(lerp(end, nxt, 0.65), C, 0.68))
    return [r1(p) for p in pts]


def quad(p0, p1, p2, n=14):
    return [r1(((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
                (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]))
            for t in (i / n for i in range(n + 1))]


def lake_positions(tile):
    lakes = [i for i, z in enumerate(tile.zones) if z.kind == "lake"]
    result = {}
    for li in lakes:
        dx = dy = 0.0
        for ri in tile.zones[li].lakes:
            for side in zone_sides(tile.zones[ri]):
                dx -= INWARD[side][0]
                dy -= INWARD[side][1]
        norm = math.hypot(dx, dy)
        shift = (16 if len(lakes) > 1 else 10) if norm else 0
        cx = 50 + (dx / norm * shift if norm else 0)
        cy = 50 + (dy / norm * shift if norm else 0)
        result[li] = (cx, cy, 14 if len(lakes) > 1 else 17)
    return result


def geometry(tile):
    lakes = lake_positions(tile)
    g = {"id": tile.id, "kind": tile.kind, "edges": tile.edges,
         "seg_zone": [tile.zones[z].id for z in tile.rotations[0].seg_zone],
         "zones": [], "forests": [], "rivers": [], "lakes": [], "springs": [], "icons": []}
    for zi, zone in enumerate(tile.zones):
        g["zones"].append({"id": zone.id, "kind": zone.kind})
        if zone.kind == "forest":
            g["forests"].append({"zone": zone.id, "points": forest_polygon(zone_sides(zone))})
        elif zone.kind == "river":
            ends = [MID[side] for side in zone_sides(zone)]
            ends += [lakes[li][:2] for li in zone.lakes]
            if zone.springs:
                side = zone_sides(zone)[0]
                spring = (MID[side][0] + INWARD[side][0] * 34, MID[side][1] + INWARD[side][1] * 34)
                ends.append(spring)
                g["springs"].append({"zone": zone.id, "x": round(spring[0], 1), "y": round(spring[1], 1)})
            if len(ends) == 2:
                a, b = ends
                straight = abs(a[0] - b[0]) < 1 or abs(a[1] - b[1]) < 1
                points = quad(a, lerp(a, b, 0.5) if straight else C, b)
            else:
                points = [r1(e) for e in ends]
            g["rivers"].append({"zone": zone.id, "points": points})
        elif zone.kind == "lake":
            cx, cy, r = lakes[zi]
            g["lakes"].append({"zone": zone.id, "x": round(cx, 1), "y": round(cy, 1), "r": r, "fish": zone.fish})
    g["anchors"] = {}
    place_icons(tile, g)
    place_figure_spots(g)
    return g


def inside(poly, p):
    x, y = p
    result = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            result = not result
    return result


def seg_dist(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ((dx * dx + dy * dy) or 1)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def clearance(g, p, taken):
    """How far p is from rivers, lakes, springs, forest borders and icons already placed."""
    d = 60.0
    for f in g["forests"]:
        pts = f["points"]
        for i in range(len(pts)):
            a, b = pts[i], pts[(i + 1) % len(pts)]
            on_border = (a[0] == b[0] and a[0] in (0, 100)) or (a[1] == b[1] and a[1] in (0, 100))
            if not on_border:
                d = min(d, seg_dist(p, a, b) - 6)
    for r in g["rivers"]:
        for q in r["points"]:
            d = min(d, math.dist(p, q) - 7)
    for lake in g["lakes"]:
        d = min(d, math.dist(p, (lake["x"], lake["y"])) - lake["r"])
    for s in g["springs"]:
        d = min(d, math.dist(p, (s["x"], s["y"])) - 4)
    for q in taken:
        d = min(d, math.dist(p, q) - 14)
    d = min(d, p[0] - 8, 92 - p[0], p[1] - 8, 92 - p[1])
    return d


def candidates(zone, g):
    pts = []
    segs = zone.segments
    for seg in segs:
        s, k = divmod(seg, 3)
        a, b = point_on_side(s, k / 3), point_on_side(s, (k + 1) / 3)
        pts.append(((C[0] + a[0] + b[0]) / 3, (C[1] + a[1] + b[1]) / 3))
        mid = lerp(a, b, 0.5)
        pts.append(lerp(mid, C, 0.35))
    if pts:
        avg = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        pts.insert(0, avg)
    else:
        pts = [C, (40, 40), (60, 60), (40, 60), (60, 40)]
    # a finer grid of points of this zone (by the segment wedge they fall in)
    for gx in range(14, 90, 9):
        for gy in range(14, 90, 9):
            p = (gx, gy)
            dx, dy = gx - 50, gy - 50
            side = (0 if dy < 0 else 2) if abs(dy) >= abs(dx) else (1 if dx > 0 else 3)
            a, b = SIDE_ENDS[side]
            proj = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            t = ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / 10000
            k = min(2, max(0, int(t * 3)))
            if side * 3 + k in segs:
                pts.append(p)
            del proj
    return pts


def place_icons(tile, g):
    """Animals in their meadow, gold and mushrooms in their forest, fish in their lake."""
    forests = {f["zone"]: f["points"] for f in g["forests"]}
    taken = []

    def put(zone, kind, want_forest):
        best, best_score = None, -1e9
        for p in candidates(zone, g):
            in_forest = any(inside(poly, p) for poly in forests.values())
            own = inside(forests[zone.id], p) if zone.id in forests else False
            if want_forest and not own:
                continue
            if not want_forest and in_forest:
                continue
            score = clearance(g, p, taken)
            if score > best_score + 0.01:
                best, best_score = p, score
        if best is None:
            best = C
        taken.append(best)
        g["icons"].append({"kind": kind, "zone": zone.id, "x": round(best[0], 1), "y": round(best[1], 1)})
        g["anchors"].setdefault(zone.id, r1(best))

    for zone in tile.zones:
        if zone.kind == "meadow":
            for animal in ("mammoth", "aurochs", "deer", "tiger"):
                for _ in range(zone.animals[animal]):
                    put(zone, animal, False)
            if zone.fire:
                put(zone, "fire", False)
            if zone.cult_site:
                put(zone, "cult_site", False)
        elif zone.kind == "forest":
            for _ in range(zone.gold):
                put(zone, "gold", True)
            for _ in range(zone.mushrooms):
                put(zone, "mushroom", True)
    if tile.specials.get("volcano"):
        biggest = max((z for z in tile.zones if z.kind == "meadow"), key=lambda z: len(z.segments))
        put(biggest, "volcano", False)
    # anchors for zones without icons: where a figure is drawn and clicked
    for zone in tile.zones:
        if zone.id in g["anchors"]:
            continue
        if zone.kind == "lake":
            lake = next(l for l in g["lakes"] if l["zone"] == zone.id)
            g["anchors"][zone.id] = [lake["x"], lake["y"]]
        elif zone.kind == "river":
            pts = next(r["points"] for r in g["rivers"] if r["zone"] == zone.id)
            g["anchors"][zone.id] = pts[len(pts) // 3] if len(pts) > 2 else r1(lerp(pts[0], pts[-1], 0.4))
        else:
            best, best_score = None, -1e9
            for p in candidates(zone, g):
                in_forest = any(inside(poly, p) for poly in forests.values())
                if (zone.kind == "forest") != (zone.id in forests and inside(forests[zone.id], p)):
                    continue
                if zone.kind == "meadow" and in_forest:
                    continue
                score = clearance(g, p, taken)
                if score > best_score:
                    best, best_score = p, score
            g["anchors"][zone.id] = r1(best or C)


# ---- where a figure stands --------------------------------------------------------------

# Each symbol's box around its point, in tile units (icon_svg draws at scale 1.3).
ICON_BOX = {"deer": (-7, -10, 11.5, 9), "mammoth": (-9.5, -6.5, 11, 9), "aurochs": (-9, -9.5, 10, 9),
            "tiger": (-13, -7, 10, 9), "gold": (-5, -4, 5, 4), "mushroom": (-7, -10, 7, 6),
            "fire": (-9, -10, 11, 9), "cult_site": (-9, -6, 9, 8), "volcano": (-11, -14, 11, 8)}
FISH_OFFSETS = {1: [(0, 0)], 2: [(-3, -3.5), (3, 3.5)], 3: [(-4, -4.5), (4, -1), (-2, 5)],
                4: [(-4, -4.5), (4, -4.5), (-4, 4.5), (4, 4.5)]}
# Half the box a figure covers, in tile units, when the page draws it FIGURE tile units large
# (renderers/sammler/draw.mjs: a standing figure 0.9 x 1.0 of its size, a lying one turned).
FIGURE = 26
FIGURE_HALF = 0.5 * FIGURE


def fish_scale(lake):
    return 1.45 if lake["r"] >= 14 else 1.1


def symbol_boxes(g):
    """Every symbol a figure must leave visible, as [x0, y0, x1, y1] in tile units."""
    boxes = []
    for icon in g["icons"]:
        x0, y0, x1, y1 = ICON_BOX[icon["kind"]]
        boxes.append({"kind": icon["kind"], "box": [round(icon["x"] + 1.3 * x0, 1), round(icon["y"] + 1.3 * y0, 1),
                                                    round(icon["x"] + 1.3 * x1, 1), round(icon["y"] + 1.3 * y1, 1)]})
    for lake in g["lakes"]:
        k = fish_scale(lake)
        for dx, dy in FISH_OFFSETS.get(lake["fish"], []):
            x, y = lake["x"] + dx * k, lake["y"] + dy * k
            boxes.append({"kind": "fish", "box": [round(x - 4 * k, 1), round(y - 3 * k, 1), round(x + 7 * k, 1), round(y + 3 * k, 1)]})
    return boxes


def river_boxes(g):
    """Each river with the box within 7 units of it: (zone, points, x0, y0, x1, y1)."""
    return [(r["zone"], r["points"], min(x for x, _ in r["points"]) - 7, min(y for _, y in r["points"]) - 7,
             max(x for x, _ in r["points"]) + 7, max(y for _, y in r["points"]) + 7) for r in g["rivers"]]


def zone_at(g, p, rivers=None):
    """The zone under tile point p, as the page's zoneAt finds it (renderers/sammler/geometry.mjs);
    rivers: river_boxes(g), when many points are asked."""
    for lake in g["lakes"]:
        if math.dist(p, (lake["x"], lake["y"])) <= lake["r"] + 2:
            return lake["zone"]
    for zone, pts, x0, y0, x1, y1 in rivers or river_boxes(g):
        if x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and \
                any(seg_dist(p, pts[i], pts[i + 1]) <= 7 for i in range(len(pts) - 1)):
            return zone
    for f in g["forests"]:
        if inside(f["points"], p):
            return f["zone"]
    meadows = [z["id"] for z in g["zones"] if z["kind"] == "meadow"]
    for m in meadows:
        if m not in g["seg_zone"] and math.dist(p, g["anchors"][m]) < 16:
            return m
    dx, dy = p[0] - 50, p[1] - 50
    side = (0 if dy < 0 else 2) if abs(dy) >= abs(dx) else (1 if dx > 0 else 3)
    (ax, ay), (bx, by) = SIDE_ENDS[side]
    t = ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / 10000
    zone = g["seg_zone"][side * 3 + min(2, max(0, int(math.floor(t * 3))))]
    if zone in meadows:
        return zone
    return min(meadows, key=lambda m: math.dist(p, g["anchors"][m]), default=None)


def place_figure_spots(g):
    """Where the figure of each zone is drawn, [x, y, size]: in its zone, its box leaving every
    symbol of the tile visible, near the zone's anchor; smaller where the tile has no room for
    a whole figure beside its symbols (else as little of them covered as can be). A lake's
    figure stands on its shore: the fish in the water stay in sight."""
    boxes = symbol_boxes(g)
    g["symbols"] = boxes
    kinds = {z["id"]: z["kind"] for z in g["zones"]}
    # the zones on a 2-unit grid, looked up instead of found again for every candidate
    rivers = river_boxes(g)
    zmap = {(x, y): zone_at(g, (x, y), rivers) for x in range(0, 101, 2) for y in range(0, 101, 2)}
    g["spots"] = {}
    for zone, kind in kinds.items():
        anchor = g["anchors"][zone]
        best = None
        for size in (FIGURE, FIGURE * 0.85, FIGURE * 0.7):
            h = size / 2
            if kind == "lake":
                lake = next(l for l in g["lakes"] if l["zone"] == zone)
                ring = [(lake["x"] + (lake["r"] + 2) * math.cos(a * math.pi / 12),
                         lake["y"] + (lake["r"] + 2) * math.sin(a * math.pi / 12)) for a in range(24)]
                points = [p for p in ring if h <= p[0] <= 100 - h and h <= p[1] <= 100 - h]
            else:
                edge = 2 * math.ceil(h / 2)
                points = [(x, y) for x in range(edge, 101 - edge, 2) for y in range(edge, 101 - edge, 2)
                          if zmap[(x, y)] == zone]
            points = points or [tuple(anchor)]

            def covered(p):
                area = 0.0
                for b in boxes:
                    x0, y0, x1, y1 = b["box"]
                    w = min(p[0] + h, x1 + 1) - max(p[0] - h, x0 - 1)
                    t = min(p[1] + h, y1 + 1) - max(p[1] - h, y0 - 1)
                    area += max(0.0, w) * max(0.0, t)
                return round(area)

            least = min(covered(p) for p in points)
            points = [p for p in points if covered(p) == least]
            # a figure of a forest or a meadow stands on its own ground (grid points around it)
            steps = sorted({2 * round(k * h / 4) for k in range(-2, 3)})

            def foreign(p):
                if kind in ("river", "lake") or p[0] % 2 or p[1] % 2:
                    return 0
                return sum(zmap.get((p[0] + dx, p[1] + dy)) != zone for dx in steps for dy in steps)

            p = min(points, key=lambda p: (foreign(p), round(math.dist(p, anchor), 1), p))
            found = (least, -size, [round(p[0], 1), round(p[1], 1), round(size, 1)])
            best = min(best, found) if best else found
            if least == 0:
                break
        g["spots"][zone] = best[2]


# ---- SVG ---------------------------------------------------------------------------------

def icon_svg(kind, x, y):
    t = f'transform="translate({x} {y}) scale(1.3)"'
    if kind == "deer":
        return (f'<g {t}><ellipse cx="0" cy="2" rx="7" ry="4.2" fill="#8a5a2b" stroke="#3d240e" stroke-width="1"/>'
                f'<circle cx="6.5" cy="-2.5" r="2.6" fill="#8a5a2b" stroke="#3d240e" stroke-width="1"/>'
                f'<path d="M6 -5 L4 -10 M4 -8 L1.5 -9.5 M7.5 -5 L9.5 -10 M9 -8.5 L11.5 -9" stroke="#3d240e" stroke-width="1.3" fill="none"/>'
                f'<path d="M-5 5 L-5.5 9 M-2 5.5 L-2 9 M3 5.5 L3 9 M5.5 5 L6 9" stroke="#3d240e" stroke-width="1.3"/></g>')
    if kind == "mammoth":
        return (f'<g {t}><ellipse cx="-1" cy="0" rx="8.5" ry="6.5" fill="#6b5d52" stroke="#2b231d" stroke-width="1"/>'
                f'<circle cx="6" cy="-2" r="4" fill="#6b5d52" stroke="#2b231d" stroke-width="1"/>'
                f'<path d="M9 0 Q11 6 8 9" stroke="#2b231d" stroke-width="2.2" fill="none"/>'
                f'<path d="M7 2 Q9 7 4 8" stroke="#f4efe2" stroke-width="1.6" fill="none"/>'
                f'<path d="M-6 5 L-6 9 M-1 5.5 L-1 9 M3 5 L3 9" stroke="#2b231d" stroke-width="2"/></g>')
    if kind == "aurochs":
        return (f'<g {t}><ellipse cx="-1" cy="1" rx="8" ry="5" fill="#3b2416" stroke="#140a04" stroke-width="1"/>'
                f'<circle cx="6.5" cy="-1.5" r="3.3" fill="#3b2416" stroke="#140a04" stroke-width="1"/>'
                f'<path d="M4.5 -4 Q2 -8 4.5 -9.5 M8.5 -4 Q11 -8 8.5 -9.5" stroke="#f4efe2" stroke-width="1.5" fill="none"/>'
                f'<path d="M-6 5 L-6 9 M-2 5.5 L-2 9 M2 5.5 L2 9 M5 5 L5 9" stroke="#140a04" stroke-width="1.6"/></g>')
    if kind == "tiger":
        return (f'<g {t}><ellipse cx="-1" cy="1" rx="8" ry="4.5" fill="#e8892b" stroke="#4a2506" stroke-width="1"/>'
                f'<circle cx="6.5" cy="-1.5" r="3.2" fill="#e8892b" stroke="#4a2506" stroke-width="1"/>'
                f'<path d="M-5 -3 L-4 2 M-2 -3.3 L-1 2 M1 -3.3 L2 2 M4 -3 L4.5 1" stroke="#1a0d02" stroke-width="1.3"/>'
                f'<path d="M7 0.5 L8 4 M5.5 0.5 L5 4" stroke="#fff" stroke-width="1.2"/>'
                f'<path d="M-9 0 Q-13 -4 -11 -7" stroke="#4a2506" stroke-width="1.4" fill="none"/></g>')
    if kind == "gold":
        return (f'<g {t}><path d="M-5 2 L-3 -3 L2 -4 L5 0 L3 4 L-2 4 Z" fill="#f2c230" stroke="#7a5a00" stroke-width="1.2"/>'
                f'<path d="M-2 -1 L1 -2" stroke="#fff6c8" stroke-width="1.2"/></g>')
    if kind == "mushroom":
        return (f'<g {t}><rect x="-1.8" y="0" width="3.6" height="6" fill="#f4efe2" stroke="#5a4a3a" stroke-width="0.8"/>'
                f'<path d="M-7 1 Q0 -10 7 1 Z" fill="#d7362b" stroke="#5a1a12" stroke-width="1"/>'
                f'<circle cx="-2.5" cy="-2" r="1.1" fill="#fff"/><circle cx="2" cy="-3" r="1" fill="#fff"/></g>')
    if kind == "fire":
        return (f'<g {t}><path d="M0 9 Q-9 6 -6 -2 Q-4 2 -2 1 Q-4 -6 2 -10 Q1 -4 5 -2 Q6 -5 5 -7 Q11 2 6 7 Q4 9 0 9 Z" '
                f'fill="#f05a1a" stroke="#7a1e00" stroke-width="1"/>'
                f'<path d="M0 8 Q-4 5 -1 0 Q1 4 3 3 Q5 6 0 8 Z" fill="#ffd23a"/></g>')
    if kind == "cult_site":
        return (f'<g {t}><rect x="-7" y="-2" width="3.5" height="10" fill="#8e8a84" stroke="#3c3a36" stroke-width="1"/>'
                f'<rect x="3.5" y="-2" width="3.5" height="10" fill="#8e8a84" stroke="#3c3a36" stroke-width="1"/>'
                f'<rect x="-9" y="-6" width="18" height="4.5" rx="1.5" fill="#a9a59e" stroke="#3c3a36" stroke-width="1"/></g>')
    if kind == "volcano":
        return (f'<g {t}><path d="M-11 8 L-3 -6 L3 -6 L11 8 Z" fill="#7a5a40" stroke="#3a2516" stroke-width="1.2"/>'
                f'<path d="M-3 -6 L3 -6 L1.5 -2 L-1.5 -1 Z" fill="#e8452a"/>'
                f'<path d="M-1 -8 Q-3 -12 0 -14 M2 -8 Q4 -11 2 -13" stroke="#9a9a9a" stroke-width="1.3" fill="none"/></g>')
    raise ValueError(kind)


def fish_svg(x, y, scale=1.0):
    return (f'<g transform="translate({x} {y}) scale({scale})"><path d="M-4 0 Q0 -3 4 0 Q0 3 -4 0 Z M4 0 L7 -2.5 L7 2.5 Z" '
            f'fill="#f7f3e8" stroke="#1f4f7a" stroke-width="0.7"/><circle cx="-2" cy="-0.4" r="0.55" fill="#1f4f7a"/></g>')


def svg(g):
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="200" height="200">',
             f'<rect width="100" height="100" fill="{COLOURS["meadow"]}"/>']
    # faint meadow texture: a few grass ticks
    for i, (x, y) in enumerate([(15, 20), (80, 25), (30, 78), (70, 82), (50, 12), (12, 55), (88, 60)]):
        parts.append(f'<path d="M{x} {y} l1.5 -3 M{x + 3} {y} l0 -3.5 M{x + 6} {y} l-1.5 -3" '
                     f'stroke="{COLOURS["meadow_dark"]}" stroke-width="0.8"/>')
    for f in g["forests"]:
        pts = " ".join(f"{x},{y}" for x, y in f["points"])
        parts.append(f'<polygon points="{pts}" fill="{COLOURS["forest"]}" stroke="{COLOURS["forest_edge"]}" '
                     f'stroke-width="1.6" stroke-linejoin="round"/>')
        # tree crowns inside the forest
        xs = [p[0] for p in f["points"]]
        ys = [p[1] for p in f["points"]]
        for tx in range(int(min(xs)) + 6, int(max(xs)) - 3, 11):
            for ty in range(int(min(ys)) + 6, int(max(ys)) - 3, 11):
                if inside(f["points"], (tx, ty)) and inside(f["points"], (tx + 3, ty + 3)) and inside(f["points"], (tx - 3, ty - 3)):
                    parts.append(f'<circle cx="{tx}" cy="{ty}" r="3.6" fill="{COLOURS["forest_light"]}" '
                                 f'stroke="{COLOURS["forest_edge"]}" stroke-width="0.6"/>')
    for r in g["rivers"]:
        d = "M" + " L".join(f"{x} {y}" for x, y in r["points"])
        parts.append(f'<path d="{d}" stroke="{COLOURS["river_edge"]}" stroke-width="13" fill="none" stroke-linecap="butt" stroke-linejoin="round"/>')
        parts.append(f'<path d="{d}" stroke="{COLOURS["river"]}" stroke-width="10" fill="none" stroke-linecap="butt" stroke-linejoin="round"/>')
        parts.append(f'<path d="{d}" stroke="#8cc4ee" stroke-width="1.4" fill="none" stroke-dasharray="4 5"/>')
    for s in g["springs"]:
        parts.append(f'<circle cx="{s["x"]}" cy="{s["y"]}" r="6" fill="#bfe3fb" stroke="{COLOURS["river_edge"]}" stroke-width="1.5"/>')
        parts.append(f'<circle cx="{s["x"]}" cy="{s["y"]}" r="2.2" fill="{COLOURS["river"]}"/>')
    for lake in g["lakes"]:
        parts.append(f'<circle cx="{lake["x"]}" cy="{lake["y"]}" r="{lake["r"]}" fill="{COLOURS["lake"]}" '
                     f'stroke="{COLOURS["lake_edge"]}" stroke-width="1.8"/>')
        n = lake["fish"]
        scale = 1.45 if lake["r"] >= 14 else 1.1
        offsets = {1: [(0, 0)], 2: [(-3, -3.5), (3, 3.5)], 3: [(-4, -4.5), (4, -1), (-2, 5)],
                   4: [(-4, -4.5), (4, -4.5), (-4, 4.5), (4, 4.5)]}[n] if n else []
        for dx, dy in offsets:
            parts.append(fish_svg(round(lake["x"] + dx * scale, 1), round(lake["y"] + dy * scale, 1), scale))
    for icon in g["icons"]:
        parts.append(icon_svg(icon["kind"], icon["x"], icon["y"]))
    parts.append('<rect x="0.5" y="0.5" width="99" height="99" fill="none" stroke="#00000033" stroke-width="1"/>')
    parts.append("</svg>")
    return "\n".join(parts)


def write(out_dir: pathlib.Path) -> int:
    out_dir.mkdir(parents=True, exist_ok=True)
    geometries = {}
    for tile in T.TYPES:
        g = geometry(tile)
        geometries[tile.id] = g
        (out_dir / f"{tile.id}.svg").write_text(svg(g))
    # one picture per symbol, for the board's legend
    for kind in ("deer", "mammoth", "aurochs", "tiger", "gold", "mushroom", "fire", "cult_site", "volcano"):
        (out_dir / f"icon-{kind}.svg").write_text(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-16 -16 32 32" width="32" height="32">'
            f'<rect x="-16" y="-16" width="32" height="32" rx="5" fill="{COLOURS["meadow"]}"/>{icon_svg(kind, 0, 0)}</svg>')
    (out_dir / "icon-fish.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-16 -16 32 32" width="32" height="32">'
        f'<circle r="14" fill="{COLOURS["lake"]}"/>{fish_svg(-2, 0, 2.0)}</svg>')
    meta = {"types": geometries,
            "rotation_aliases": {t.id: [t.offered_rotation(q) for q in range(4)] for t in T.TYPES}}
    (out_dir / "geometry.json").write_text(json.dumps(meta, separators=(",", ":")))
    return len(geometries)
