"""The serving catalogue's short calls in CUDA graphs, as a serving engine runs
them: fusegen with programmatic dependent launch off and on (fusegen.set_pdl)
against torch.compile of the same math, each captured the same way.

For each case of at most --rows rows (bench/serving_torch.py's cases), a graph
of --calls calls of it one after another on one stream, per implementation;
then one graph of all the selected cases in turn, --calls rounds (a decode
step's mix of ops, with the default 32 rows). Each replay is timed as the
driver times a call (bench/driver.py: L2 flushed before it, the GPU held busy
while the host enqueues, events around it, median of --runs), the three
implementations in interleaved rounds; printed per call. Where the single
calls of the results tables (bench/results/) time a call's own launch and
latency, this times what a call costs among its neighbours.

    ninja && pip install . && python3 bench/graph_calls.py [--rows 32] [--calls 20] [--runs 50]
"""

import argparse
import os
import statistics
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import driver  # noqa: E402  (the timing of the results tables)
import serving_torch  # noqa: E402

import fusegen  # noqa: E402  (the installed package)


def graph_of(fn, calls, pdl=False):
    """A CUDA graph of `calls` calls of fn, warmed up first on the capture's
    side stream (torch.compile compiles there, outside the capture); fusegen's
    calls launched with PDL where pdl is true."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    before = fusegen.set_pdl(pdl)
    try:
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            for _ in range(calls):
                fn()
    finally:
        fusegen.set_pdl(before)
    return g


def per_call_us(graphs, calls, runs, sets):
    """Each graph's replay time per call in us: the median over `sets`
    interleaved sets, each the driver's median of `runs` replays."""
    times = [[] for _ in graphs]
    for _ in range(sets):
        ms = driver.median_ms_interleaved([g.replay for g in graphs], runs)
        for t, m in zip(times, ms):
            t.append(m * 1e3 / calls)
    return [statistics.median(t) for t in times]


def row(name, us):
    off, on, comp = us
    return f"{name:44s} {off:8.2f} {on:8.2f} {comp:8.2f}   {comp / on:5.2f}x  ({100 * (on / off - 1):+.1f}% with PDL)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=32, help="the cases of at most this many rows")
    ap.add_argument("--calls", type=int, default=20, help="calls of a case per graph (rounds of the mix)")
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--sets", type=int, default=3)
    args = ap.parse_args()
    # every case compiles the same function (Case.eager) at its own shapes:
    # past dynamo's default limit of 8 it would run the rest eagerly
    for limit in ("cache_size_limit", "recompile_limit"):
        if hasattr(torch._dynamo.config, limit):
            setattr(torch._dynamo.config, limit, max(getattr(torch._dynamo.config, limit), 4 * len(serving_torch.CASES)))
    print(f"{torch.cuda.get_device_name(0)}; fusegen {fusegen.version()}; torch {torch.__version__}")
    print(f"us per call in a CUDA graph of {args.calls} calls (L2 flushed before each replay; "
          f"median of {args.sets} interleaved sets of the median of {args.runs} replays)")
    print(f"{'case':44s} {'PDL off':>8s} {'PDL on':>8s} {'compile':>8s}   compile / fusegen with PDL")
    mix = []  # (fusegen call, compiled call) of each selected case
    for case in serving_torch.CASES:
        if case.rows() > args.rows:
            continue
        t = case.make()
        a = case.args(t)
        compiled = torch.compile(case.eager, dynamic=False)
        fg = (lambda c, tt: lambda: c.fusegen(fusegen, tt))(case, t)
        comp = (lambda f, aa: lambda: f(*aa))(compiled, a)
        graphs = [graph_of(fg, args.calls), graph_of(fg, args.calls, pdl=True), graph_of(comp, args.calls)]
        print(row(f"{case.op} {case.name}", per_call_us(graphs, args.calls, args.runs, args.sets)), flush=True)
        mix.append((fg, comp))
    if len(mix) > 1:
        def all_of(k):
            return lambda: [m[k]() for m in mix]
        graphs = [graph_of(all_of(0), args.calls), graph_of(all_of(0), args.calls, pdl=True),
                  graph_of(all_of(1), args.calls)]
        us = per_call_us(graphs, args.calls * len(mix), args.runs, args.sets)
        print(row(f"the {len(mix)} cases above in turn", us))


if __name__ == "__main__":
    main()
