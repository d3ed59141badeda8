#!/usr/bin/env python3
"""Derive the tables catan.ordo reads from the copied CSV files.

ordo's table fields hold one int, bool or enum member per cell, so the
space-separated lists of vertices.csv and edges.csv, the empty cells (the
desert's number, a vertex without harbour) and harbour kinds named like
resources are rewritten here. Run from this folder: python3 derive.py
Writes: links.csv, ports.csv, hexmap.csv, trades.csv, offers.csv.
"""
import csv

def rows(name):
    with open(name, newline="") as f:
        return list(csv.DictReader(f))

board, verts, edges, harb = rows("board.csv"), rows("vertices.csv"), rows("edges.csv"), rows("harbours.csv")
RES = ["brick", "lumber", "wool", "grain", "ore"]

# hexmap.csv: board.csv with the desert's empty number written as 0
with open("hexmap.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["hex", "q", "r", "ring", "beginner_terrain", "beginner_number"])
    for b in board:
        w.writerow([b["hex"], b["q"], b["r"], b["ring"], b["beginner_terrain"], b["beginner_number"] or 0])

# links.csv: one row per intersection: its land hexes h1..h3, its paths
# e1..e3, its neighbouring intersections n1..n3 (0: none), its harbour (0: none),
# whether it is on the coast (1/0)
nbr = {int(v["vertex"]): [] for v in verts}
for e in edges:
    a, b = int(e["v1"]), int(e["v2"])
    nbr[a].append(b); nbr[b].append(a)
with open("links.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["vertex", "h1", "h2", "h3", "e1", "e2", "e3", "n1", "n2", "n3", "harbour", "coast"])
    for v in verts:
        vid = int(v["vertex"])
        hs = [int(x) for x in v["hexes"].split()] + [0, 0, 0]
        es = [int(x) for x in v["edges"].split()] + [0, 0, 0]
        ns = sorted(nbr[vid]) + [0, 0, 0]
        w.writerow([vid] + hs[:3] + es[:3] + ns[:3] + [v["harbour"] or 0, v["coast"]])

# ports.csv: harbours.csv with the kind as a member of the ruleset's Port enum
with open("ports.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["harbour", "hex", "side", "v1", "v2", "kind"])
    for h in harb:
        k = h["beginner_kind"]
        w.writerow([h["harbour"], h["hex"], h["side"], h["v1"], h["v2"], "any3" if k == "generic" else k + "2"])

# trades.csv: the 20 maritime trades, give one resource, take another
with open("trades.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["give", "take"])
    for a in RES:
        for b in RES:
            if a != b:
                w.writerow([a, b])

# offers.csv: the domestic offers the ruleset allows: 1 or 2 cards of one
# resource for 1 or 2 cards of another (80 offers)
with open("offers.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["give", "gives", "take", "takes"])
    for a in RES:
        for b in RES:
            if a != b:
                for x in (1, 2):
                    for y in (1, 2):
                        w.writerow([a, x, b, y])

# map.csv: the board drawn as text, cell by cell in reading order, for the
# display "The map". Pointy-top hexes; an intersection at (col, row) of
# vertices.csv is drawn 2 characters wide ending at column 4 * col + 24;
# a path between two rows next to each other is one '/' or '\' halfway
# between its ends, on a line of its own; a path between rows two apart
# is a '|' on the line between, where the hexes' labels (4 characters:
# terrain, number, robber) are drawn at their centres (col 2q + r, row 3r).
# part: gap (n spaces), vertex (ref), path (ref; n: 1 '/', 2 '\', 3 '|'),
# hex (ref), end (of a line).
def col_x(c):
    return 4 * c + 24

vpos = {int(v["vertex"]): (int(v["col"]), int(v["row"])) for v in verts}
vrows = sorted({r for _, r in vpos.values()})
lines = []  # each: a list of (start, width, part, ref, n)
for i, y in enumerate(vrows):
    lines.append([(col_x(c) - 1, 2, "m_vertex", v, 0) for v, (c, r) in vpos.items() if r == y])
    if i + 1 == len(vrows):
        break
    y2 = vrows[i + 1]
    cells = []
    for e in edges:
        (c1, r1), (c2, r2) = vpos[int(e["v1"])], vpos[int(e["v2"])]
        if {r1, r2} != {y, y2}:
            continue
        if r1 > r2:
            (c1, r1), (c2, r2) = (c2, r2), (c1, r1)
        if y2 - y == 1:  # a slant, at its middle
            cells.append((col_x(min(c1, c2)) + 2, 1, "m_path", int(e["edge"]), 1 if c2 < c1 else 2))
        else:            # an upright side, on the centre line
            cells.append((col_x(c1), 1, "m_path", int(e["edge"]), 3))
    if y2 - y == 2:
        for b in board:
            q, r = int(b["q"]), int(b["r"])
            if 3 * r == y + 1:
                cells.append((col_x(2 * q + r) - 1, 4, "m_hex", int(b["hex"]), 0))
    lines.append(cells)
with open("map.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["part", "n", "ref"])
    for cells in lines:
        at = 0
        for start, width, part, ref, n in sorted(cells):
            assert start >= at, (start, at)
            if start > at:
                w.writerow(["m_gap", start - at, 0])
            w.writerow([part, n, ref])
            at = start + width
        w.writerow(["m_end", 0, 0])
