"""Where a call's time goes against the copy, by size: each op at one row width
(or head layout) over a sweep of row (token) counts, timed with a copy of the
same bytes in the driver's rounds (L2 flushed, the GPU held busy). A straight
line t = fixed + bytes / rate fitted to each (least squares) splits the time:

- rate:  the bytes per second the call keeps up once it runs, against the copy's;
- fixed: what each call costs on top (launch, the first loads' wait, the tail),
         against the copy's.

A call short of its same-size copy at a mid size but level at the largest has
its gap in `fixed`; one whose rate is short has it in the steady state.
`inplace` sweeps PyTorch's x.mul_(1), the same line for an in-place stream;
`--layouts qkv,qk,separate` sweeps qknorm_rope on q and k laid out three ways.

    ninja && pip install . && python3 bench/scaling.py [--runs N] [--only OP,...]
"""

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import driver  # noqa: E402  (its timing: rounds, flush, the same-size copy)
import fusegen  # noqa: E402
import serving_torch  # noqa: E402

ROWS = (1024, 2048, 4096, 8192, 16384, 32768)
ROW_OPS = ("rmsnorm", "layernorm", "fused_add_rmsnorm", "rmsnorm_quant_fp8", "rmsnorm_dynamic_quant_fp8")
TOKENS = (1024, 2048, 4096, 8192, 16384, 32768)


def row_calls(op, C):
    """(rows, bytes, call) of op on [rows, C] bf16, the driver's tensors."""
    for T in ROWS:
        case = serving_torch.Case(op, f"[{T},{C}]", (T, C))
        t = case.make()
        yield T, case.bytes_moved(fusegen, t), (lambda case=case, t=t: case.fusegen(fusegen, t))


LAYOUTS = ("qkv", "qk", "separate")


def qk_tensors(N, H, D, layout):
    """q and k [1, N, H, D] bf16: views of one qkv [1, N, 3H, D] (the driver's and the
    models' layout: v's heads lie between a token's k and the next token's q), views
    of one [1, N, 2H, D], or two tensors of their own."""
    if layout == "separate":
        return tuple(torch.empty(1, N, H, D, dtype=torch.bfloat16, device="cuda").uniform_(-2, 2) for _ in range(2))
    t = torch.empty(1, N, (3 if layout == "qkv" else 2) * H, D, dtype=torch.bfloat16, device="cuda").uniform_(-2, 2)
    return t[:, :, :H], t[:, :, H:2 * H]


def qknorm_calls(H, layout):
    """(tokens, bytes, call) of qknorm_rope_cos_sin_cache in place on q and k
    (qk_tensors), fp32 weights and cache, int64 positions (the driver's flux case)."""
    D, eps = 128, 1e-6
    for N in TOKENS:
        q, k = qk_tensors(N, H, D, layout)
        wq = torch.empty(D, device="cuda").uniform_(0.5, 1.5)
        wk = torch.empty(D, device="cuda").uniform_(0.5, 1.5)
        th = torch.empty(N, D // 2, device="cuda", dtype=torch.float64).uniform_(-3.2, 3.2)
        cache = torch.cat((th.cos(), th.sin()), -1).float()
        pos = torch.arange(N, device="cuda").reshape(1, N)
        args = (q, k, wq, wk, cache, pos, "interleaved", eps, 0)
        yield N, fusegen.qknorm_rope_cos_sin_cache.bytes_moved(*args), \
            (lambda args=args: fusegen.qknorm_rope_cos_sin_cache(*args))


def inplace_calls():
    """(MB, bytes, call) of PyTorch's x.mul_(1) on bf16 x: an in-place stream with
    no arithmetic to speak of, the reference for the in-place ops (qknorm_rope)."""
    for mb in (25, 50, 100, 200, 400, 800):
        x = torch.empty(mb * (1 << 20) // 4, dtype=torch.bfloat16, device="cuda").uniform_(-2, 2)
        yield mb, 4 * x.numel(), (lambda x=x: x.mul_(1.0))


def fit(xs, ys):
    """Least-squares line y = a + b x: (a, b)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return my - b * mx, b


def sweep(name, calls, runs, kernel_of=fusegen.last_kernel):
    points = []
    for size, nbytes, call in calls:
        call()
        kernel = kernel_of()
        t_fg, t_copy = driver.median_ms_interleaved([call, driver.same_size_copy(nbytes)], runs)
        points.append((size, nbytes, t_fg * 1e3, t_copy * 1e3))
        print(f"{name:44s} {size:6d} {nbytes / 1e6:9.1f} MB {t_fg * 1e3:9.2f} us  copy {t_copy * 1e3:9.2f} us "
              f"{100 * t_copy / t_fg:6.1f}%  {kernel}", flush=True)
    xs = [p[1] for p in points]
    a_fg, b_fg = fit(xs, [p[2] for p in points])
    a_cp, b_cp = fit(xs, [p[3] for p in points])
    return {"name": name, "points": points, "fixed": (a_fg, a_cp), "rate": (1e-3 / b_fg, 1e-3 / b_cp)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--only", default="", help="ops, comma-separated (row ops, qknorm_rope, inplace)")
    ap.add_argument("--C", type=int, default=4096, help="the row ops' row width")
    ap.add_argument("--layouts", default="qkv", help=f"qknorm_rope's q and k, comma-separated: {', '.join(LAYOUTS)}")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    layouts = args.layouts.split(",")
    for name, given, known in (("--only", only, ROW_OPS + ("qknorm_rope", "inplace")), ("--layouts", layouts, LAYOUTS)):
        for v in given:
            if v not in known:
                sys.exit(f"scaling: {name} takes {', '.join(known)}; got '{v}'")
    results = []
    for op in ROW_OPS:
        if not only or op in only:
            results.append(sweep(f"{op} C={args.C}", row_calls(op, args.C), args.runs))
            torch.cuda.empty_cache()
    if not only or "qknorm_rope" in only:
        for layout in layouts:
            for H in (24, 32):
                results.append(sweep(f"qknorm_rope H={H} D=128 {layout}", qknorm_calls(H, layout), args.runs))
                torch.cuda.empty_cache()
    if not only or "inplace" in only:
        results.append(sweep("torch x.mul_(1) in place (MB)", inplace_calls(), args.runs, lambda: "torch"))
    print(f"\n{torch.cuda.get_device_name(0)}; sizes {ROWS[0]} to {ROWS[-1]} rows (tokens); "
          f"t = fixed + bytes / rate, least squares\n")
    print("| op | fixed us: call / copy | rate GB/s: call / copy | rate, % of the copy's | % of the same-size copy by size |")
    print("|---|---:|---:|---:|---|")
    for r in results:
        (af, ac), (rf, rc) = r["fixed"], r["rate"]
        by_size = ", ".join(f"{p[0]}: {100 * p[3] / p[2]:.1f}" for p in r["points"])
        print(f"| {r['name']} | {af:.2f} / {ac:.2f} | {rf:.0f} / {rc:.0f} | {100 * rf / rc:.1f} | {by_size} |")


if __name__ == "__main__":
    main()
