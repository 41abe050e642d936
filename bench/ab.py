#!/usr/bin/env python3
"""A/B of two builds' kernels on one GPU, in one run: the C bench of build A and
of build B (each `build/fusegen_bench`, the library linked in) in alternating
passes (A B, then B A, ...), so that a drift of the machine's clocks or
temperature over the run falls on both. Per case, the best (least) median of
the passes, the change from A to B, and B's share of the same-size copy. A
change smaller than the spread of one build's passes (printed) is noise.

usage: python3 bench/ab.py A_BENCH B_BENCH [--passes N] [--runs N] [--csv FILE] [FILTER ...]

FILTER as for fusegen_bench (an op's name start, or part of a case name); one
bench run per filter and pass; none: every case.
"""
import argparse
import csv
import os
import subprocess
import sys
import tempfile


def run_bench(binary, runs, flt, path):
    cmd = [binary, "--runs", str(runs), "--csv", path] + ([flt] if flt else [])
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.exit(f"ab: {' '.join(cmd)} failed ({done.returncode}):\n{done.stderr}")
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("filters", nargs="*")
    ap.add_argument("--passes", type=int, default=2)
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--csv", help="also write every pass's rows here")
    args = ap.parse_intermixed_args()
    for b in (args.a, args.b):
        if not os.access(b, os.X_OK):
            sys.exit(f"ab: {b} is not an executable fusegen_bench")
    filters = args.filters or [""]
    times = {}     # (op, shape) -> {"A": [us, ...], "B": [...]}
    info = {}      # (op, shape) -> {"A": row, "B": row} (the last pass's)
    order = []
    log = []
    with tempfile.TemporaryDirectory() as tmp:
        for p in range(args.passes):
            builds = [("A", args.a), ("B", args.b)]
            if p % 2:
                builds.reverse()
            for flt in filters:
                for label, binary in builds:
                    rows = run_bench(binary, args.runs, flt, os.path.join(tmp, "pass.csv"))
                    if not rows:  # a mistyped filter would print an empty table
                        sys.exit(f"ab: {binary} ran no case for the filter '{flt}': it takes an op's "
                                 f"name start (norm_modulate_select01, not select01) or part of a case's name")
                    for row in rows:
                        key = (row["op"], row["shape"])
                        if key not in times:
                            times[key] = {"A": [], "B": []}
                            order.append(key)
                        times[key][label].append(float(row["time_us"]))
                        info.setdefault(key, {})[label] = row
                        log.append(dict(row, build=label, passno=p))
    if args.csv and log:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(log[0].keys()))
            w.writeheader()
            w.writerows(log)
    print(f"A: {args.a}\nB: {args.b}\n{args.passes} passes of {args.runs} runs; us: best of the passes (spread of the passes)\n")
    print("| op | shape | A | B | change | B: % of same-size copy | variant |")
    print("|---|---|---:|---:|---:|---:|---|")
    for key in order:
        t = times[key]
        if not t["A"] or not t["B"]:
            continue
        a, b = min(t["A"]), min(t["B"])
        spread = lambda v: max(v) - min(v)
        rb = info[key]["B"]
        same = float(rb["same_copy_us"]) / b * 100 if b > 0 else 0.0
        va, vb = info[key]["A"]["variant"], rb["variant"]
        variant = vb if va == vb else f"{va} -> {vb}"
        print(f"| {key[0]} | {key[1]} | {a:.2f} ({spread(t['A']):.2f}) | {b:.2f} ({spread(t['B']):.2f}) | "
              f"{(b - a) / a * 100:+.1f}% | {same:.1f} | `{variant}` |")


if __name__ == "__main__":
    main()
