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
# e1..e3, its neighbouring intersections n1..n3 (0: none), its harbour (0: none)
nbr = {int(v["vertex"]): [] for v in verts}
for e in edges:
    a, b = int(e["v1"]), int(e["v2"])
    nbr[a].append(b); nbr[b].append(a)
with open("links.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["vertex", "h1", "h2", "h3", "e1", "e2", "e3", "n1", "n2", "n3", "harbour"])
    for v in verts:
        vid = int(v["vertex"])
        hs = [int(x) for x in v["hexes"].split()] + [0, 0, 0]
        es = [int(x) for x in v["edges"].split()] + [0, 0, 0]
        ns = sorted(nbr[vid]) + [0, 0, 0]
        w.writerow([vid] + hs[:3] + es[:3] + ns[:3] + [v["harbour"] or 0])

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
