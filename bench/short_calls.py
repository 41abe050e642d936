"""Short calls of the serving catalogue (the cases of bench/serving_torch.py of
at most --rows rows, 32 by default): fusegen against torch.compile of the
same math, where a call's time is mostly latency.

For each case, interleaved sets of the driver's event timing (bench/driver.py:
L2 flushed, the GPU held busy while the host enqueues, median of --runs), so
that a drift of the machine falls on both; then the kernels' own durations from
CUPTI (torch.profiler) in the same flow, which leave out the launch and the
events. A gap in the events that the kernels' durations also show is in the
kernel; one they do not show is outside it.

    ninja && pip install . && python3 bench/short_calls.py [--rows 32] [--sets 3] [--runs 100]
"""

import argparse
import os
import statistics
import sys

import torch
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import driver  # noqa: E402  (the timing of the results tables)
import serving_torch  # noqa: E402

import fusegen  # noqa: E402  (the installed package)


def kernel_us(fn, runs):
    """Median CUPTI duration of each kernel fn launches, by name, in the driver's flow."""
    for _ in range(5):
        fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(runs):
            driver.flush_l2()
            torch.cuda._sleep(1_000_000)
            fn()
        torch.cuda.synchronize()
    times = {}
    for ev in prof.events():
        if ev.device_type == torch.autograd.DeviceType.CUDA and ("fg_" in ev.name or "triton" in ev.name):
            times.setdefault(ev.name.split("(")[0], []).append(ev.device_time)
    return {name: statistics.median(v) for name, v in times.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=32, help="the cases of at most this many rows")
    ap.add_argument("--sets", type=int, default=3)
    ap.add_argument("--runs", type=int, default=100)
    args = ap.parse_args()
    print(f"{torch.cuda.get_device_name(0)}; fusegen {fusegen.version()}; torch {torch.__version__}", flush=True)
    print("case | fusegen us (sets) | torch.compile us (sets) | same-size copy us | kernels us: fusegen, Triton")
    for case in serving_torch.CASES:
        if case.rows() > args.rows:
            continue
        t = case.make()
        a = case.args(t)
        torch._dynamo.reset()
        compiled = torch.compile(case.eager, dynamic=False)
        compiled(*a)
        case.fusegen(fusegen, t)
        nbytes = case.bytes_moved(fusegen, t)
        fg, comp, copy = [], [], []
        for _ in range(args.sets):
            fg.append(driver.median_ms(lambda: case.fusegen(fusegen, t), args.runs) * 1e3)
            comp.append(driver.median_ms(lambda: compiled(*a), args.runs) * 1e3)
            copy.append(driver.same_size_copy_ms(nbytes) * 1e3)
        k_fg = kernel_us(lambda: case.fusegen(fusegen, t), args.runs // 2)
        k_comp = kernel_us(lambda: compiled(*a), args.runs // 2)
        sets = lambda v: f"{statistics.median(v):.2f} ({' '.join(f'{x:.2f}' for x in v)})"
        kernels = lambda d: " + ".join(f"{x:.2f}" for x in d.values()) or "-"
        print(f"{case.op} {case.name} | {sets(fg)} | {sets(comp)} | {statistics.median(copy):.2f} | "
              f"{kernels(k_fg)}, {kernels(k_comp)}", flush=True)
        del t, a, compiled


if __name__ == "__main__":
    main()
