"""Benchmark driver for a GPU machine with PyTorch: every op on the bench shapes
of ops.md, through fusegen's Python binding, PyTorch eager and torch.compile of
the same math, on the same tensors. Checks that all three agree with a float64
reference, then times each (CUDA events, median of --runs, L2 flushed before
every run) against the device-to-device copy bandwidth measured in the same run.
A call, its eager and torch.compile forms and a copy of its own bytes are timed
in interleaved rounds, so that their ratios do not carry the GPU's drift.

Writes results.csv, results.md and chart.png (percent of copy bandwidth per op
and shape) into --out (default bench/results/<gpu>_<date>).

Host time per call (`--only host`, and in every full run): each op on tiny
tensors, called as a function, as torch.ops.fusegen.<op> and inside a
torch.compile'd function, against torch.add in the same process; written to
host.csv and host.md.

    ninja && pip install . && python3 bench/driver.py
"""

import argparse
import csv
import datetime
import os
import re
import statistics
import time

import torch

import fusegen  # the installed package: pip install .
import fusegen.testing

HERE = os.path.dirname(os.path.abspath(__file__))

# --- timing ----------------------------------------------------------------------

_flush = None


def flush_l2():
    """Read a buffer 4x the L2 size: the cache then holds clean lines of other data."""
    global _flush
    if _flush is None:
        l2 = torch.cuda.get_device_properties(0).L2_cache_size
        _flush = torch.ones(4 * l2 // 4, dtype=torch.float32, device="cuda")
    _flush.sum()


def median_ms(fn, runs):
    """Median time of fn() in ms: L2 flushed, then the GPU kept busy while the host
    enqueues fn, so that the events measure the GPU's time and not Python's."""
    return median_ms_interleaved([fn], runs)[0]


def median_ms_interleaved(fns, runs):
    """Median times of each of fns in ms, each run timed as median_ms says, in
    rounds (times_ms_interleaved)."""
    return [statistics.median(t) for t in times_ms_interleaved(fns, runs)]


def times_ms_interleaved(fns, runs):
    """Each of fns' run times in ms, in round order, each run timed as median_ms
    says: each round runs every fn once, in an order that turns by one each
    round, so that a drift of the GPU's clocks or temperature during the run
    falls on all of them and their ratios hold (a call against its same-size
    copy, against torch.compile)."""
    for fn in fns:
        for _ in range(5):
            fn()
    events = [[(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(runs)]
              for _ in fns]
    for i in range(runs):
        for j in range(len(fns)):
            k = (i + j) % len(fns)
            flush_l2()
            torch.cuda._sleep(1_000_000)  # ~0.5 ms: longer than the host needs to enqueue fns[k]
            events[k][i][0].record()
            fns[k]()
            events[k][i][1].record()
    torch.cuda.synchronize()
    return [[s.elapsed_time(e) for s, e in ev] for ev in events]


SETS = 5  # consecutive sets of a row's rounds, for the spread of its ratios


def ratio_sets(num, den, sets=SETS):
    """The lowest and highest, over `sets` consecutive sets of the rounds, of
    median(num) / median(den) within a set: how far a row's ratio (a call's
    share of its same-size copy, its speed against torch.compile) moves within
    one run. (None, None) with fewer than 2 rounds a set."""
    n = min(len(num), len(den)) // sets
    if n < 2:
        return None, None
    r = [statistics.median(num[i * n:(i + 1) * n]) / statistics.median(den[i * n:(i + 1) * n]) for i in range(sets)]
    return min(r), max(r)


def rounded(x, scale, digits):
    """scale * x rounded to digits, or "" for None (a ratio not measured)."""
    return "" if x is None else round(scale * x, digits)


_same = {"runs": 100, "src": None, "dst": None}


def same_size_copy_ms(nbytes):
    """A device-to-device copy that moves nbytes (half read, half written), timed as
    the calls are: the floor of a call of that size, its launch, ramp and tail included."""
    copy = same_size_copy(nbytes)
    return median_ms(copy, _same["runs"]) if copy else 0.0


def same_size_copy(nbytes):
    """The copy same_size_copy_ms times, as a function (None under 8 KiB)."""
    # a whole number of 4 KiB: a device-to-device copy of any other size takes
    # about 2.5 us more (H100, H200), which would make it no floor
    n = (nbytes // 2) // 4096 * 4096
    if n == 0:
        return None
    if _same["src"] is None or _same["src"].numel() < n:
        _same["src"] = _same["dst"] = None
        _same["src"] = torch.ones(n, dtype=torch.uint8, device="cuda")
        _same["dst"] = torch.empty_like(_same["src"])
    src, dst = _same["src"][:n], _same["dst"][:n]
    return lambda: dst.copy_(src)


def copy_bandwidth(runs):
    n = 1 << 30
    src = torch.empty(n, dtype=torch.uint8, device="cuda").fill_(1)
    dst = torch.empty_like(src)
    ms = median_ms(lambda: dst.copy_(src), min(runs, 50))
    del src, dst
    return 2 * n / (ms * 1e-3) / 1e9


# --- rope: the same math in PyTorch ------------------------------------------------


def rope_torch(x, cos, sin, pairing):
    """x [B, S, H, D] or [T, H, D]; cos, sin [S, R/2]; fp32 math, one rounding."""
    r2 = cos.shape[-1]
    c = cos.float()[:, None, :]  # broadcast over heads (and batch)
    s = sin.float()[:, None, :]
    xf = x.float()
    rot, rest = xf[..., : 2 * r2], xf[..., 2 * r2:]
    if pairing == "interleaved":
        a, b = rot[..., 0::2], rot[..., 1::2]
        out = torch.stack((a * c - b * s, b * c + a * s), dim=-1).flatten(-2)
    else:
        a, b = rot[..., :r2], rot[..., r2:]
        out = torch.cat((a * c - b * s, b * c + a * s), dim=-1)
    return torch.cat((out, rest), dim=-1).to(x.dtype)


def rope_reference(x, cos, sin, pairing):
    return rope_torch(x.double(), cos.double(), sin.double(), pairing)


ROPE_SHAPES = [
    # name, x shape, pairing
    ("hunyuan [1,115200,24,128]", (1, 115200, 24, 128), "interleaved"),
    ("wan [1,32760,12,128]", (1, 32760, 12, 128), "interleaved"),
    ("[2,4096,24,128]", (2, 4096, 24, 128), "interleaved"),
    ("[1,4096,32,64]", (1, 4096, 32, 64), "interleaved"),
    ("[4096,24,128]", (4096, 24, 128), "interleaved"),
    ("half [1,115200,24,128]", (1, 115200, 24, 128), "half"),
    ("half [2,4096,24,128]", (2, 4096, 24, 128), "half"),
]


def rel_error(out, ref):
    out, ref = out.double(), ref.double()
    return (torch.linalg.vector_norm(out - ref) / torch.linalg.vector_norm(ref)).item()


def bench_rope(runs, copy_gbs, rows):
    compiled = torch.compile(rope_torch, dynamic=False)
    for name, shape, pairing in ROPE_SHAPES:
        torch.manual_seed(0)
        x = torch.empty(shape, dtype=torch.bfloat16, device="cuda").uniform_(-2, 2)
        S, D = shape[-3], shape[-1]
        theta = torch.empty(S, D // 2, device="cuda").uniform_(-3.2, 3.2)
        cos, sin = torch.cos(theta), torch.sin(theta)
        out = torch.empty_like(x)
        ref = rope_reference(x, cos, sin, pairing)
        fusegen.rope(x, cos, sin, pairing=pairing, out=out)
        kernel = fusegen.last_kernel()
        eager_out = rope_torch(x, cos, sin, pairing)
        comp_out = compiled(x, cos, sin, pairing)
        errors = {k: rel_error(v, ref) for k, v in (("fusegen", out), ("eager", eager_out), ("compile", comp_out))}
        for k, e in errors.items():
            if not e < 1e-2:
                raise SystemExit(f"rope {name}: {k} disagrees with the float64 reference: relative error {e:.3g}")
        nbytes = fusegen.rope.bytes_moved(x, cos, sin, out=out)
        calls = (lambda: fusegen.rope(x, cos, sin, pairing=pairing, out=out),
                 lambda: rope_torch(x, cos, sin, pairing),
                 lambda: compiled(x, cos, sin, pairing))
        add_row(rows, "rope", name, "bf16 x, fp32 tables", kernel, nbytes, calls, runs, copy_gbs,
                errors["fusegen"], errors["compile"])
        del x, cos, sin, out, ref, eager_out, comp_out


def rope_per_head_eager_bf16(x, cos, sin):
    """LTX-2's eager math: x [B, S, H, D] bf16, cos/sin [B, H, S, D/2] bf16 views;
    out = addcmul(x * cos, rotate_half(x), sin), all in bf16 tensors."""
    c = torch.cat((cos, cos), -1).transpose(1, 2)
    s_ = torch.cat((sin, sin), -1).transpose(1, 2)
    x1, x2 = x.chunk(2, -1)
    return torch.addcmul(x * c, torch.cat((-x2, x1), -1), s_)


def rope_cache_torch(x, cache, positions):
    cs = cache[positions]  # [T, R]
    r2 = cs.shape[-1] // 2
    return rope_torch(x, cs[:, :r2], cs[:, r2:], "interleaved")


def bench_more_rope(runs, copy_gbs, rows):
    """LTX-2 per-head tables in eager bf16 rounding; Flux's packed cos_sin_cache."""
    eager_c = torch.compile(rope_per_head_eager_bf16, dynamic=False)
    for name, (B, S, H, D) in (("ltx2 video [4,1152,32,128]", (4, 1152, 32, 128)),
                               ("ltx2 audio [4,25,32,64]", (4, 25, 32, 64)),
                               ("ltx2 large [2,24576,32,128]", (2, 24576, 32, 128))):
        torch.manual_seed(1)
        x = torch.empty(B, S, H, D, dtype=torch.bfloat16, device="cuda").uniform_(-2, 2)
        th = torch.empty(B, S, H, D // 2, device="cuda").uniform_(-3.2, 3.2)
        cos = th.cos().to(torch.bfloat16).transpose(1, 2)  # [B, H, S, D/2] view, as LTX-2 passes it
        sin = th.sin().to(torch.bfloat16).transpose(1, 2)
        out = torch.empty_like(x)
        fusegen.rope_per_head(x, cos, sin, pairing="half", rounding="eager_bf16", out=out)
        kernel = fusegen.last_kernel()
        ref = rope_per_head_eager_bf16(x, cos, sin)
        if not torch.equal(out, ref):
            raise SystemExit(f"rope_per_head {name}: not bit-exact with eager PyTorch")
        comp = eager_c(x, cos, sin)
        calls = (lambda: fusegen.rope_per_head(x, cos, sin, pairing="half", rounding="eager_bf16", out=out),
                 lambda: rope_per_head_eager_bf16(x, cos, sin),
                 lambda: eager_c(x, cos, sin))
        nbytes = fusegen.rope_per_head.bytes_moved(x, cos, sin, "half", "eager_bf16", out=out)
        add_row(rows, "rope_per_head", name, "bf16 x, bf16 tables, eager_bf16", kernel, nbytes, calls, runs,
                copy_gbs, 0.0, rel_error(comp, ref.double()))
    cache_c = torch.compile(rope_cache_torch, dynamic=False)
    for name, (T, H, D) in (("flux cache [4608,24,128]", (4608, 24, 128)),):
        torch.manual_seed(2)
        x = torch.empty(T, H, D, dtype=torch.bfloat16, device="cuda").uniform_(-2, 2)
        P = 2 * T
        th = torch.empty(P, D // 2, device="cuda", dtype=torch.float64).uniform_(-3.2, 3.2)
        cache = torch.cat((th.cos(), th.sin()), -1).float()
        positions = torch.randint(0, P, (T,), device="cuda")
        out = torch.empty_like(x)
        fusegen.rope_cos_sin_cache(x, cache, positions, "interleaved", 0, out=out)
        kernel = fusegen.last_kernel()
        ref = rope_cache_torch(x.double(), cache.double(), positions)
        errs = [rel_error(v, ref) for v in (out, rope_cache_torch(x, cache, positions), cache_c(x, cache, positions))]
        if not max(errs) < 1e-2:
            raise SystemExit(f"rope_cos_sin_cache {name}: errors {errs}")
        calls = (lambda: fusegen.rope_cos_sin_cache(x, cache, positions, "interleaved", 0, out=out),
                 lambda: rope_cache_torch(x, cache, positions),
                 lambda: cache_c(x, cache, positions))
        nbytes = fusegen.rope_cos_sin_cache.bytes_moved(x, cache, positions, "interleaved", 0, out=out)
        add_row(rows, "rope_cos_sin_cache", name, "bf16 x, fp32 cache, int64 positions", kernel, nbytes, calls,
                runs, copy_gbs, errs[0], errs[2])


def rope_qk_torch(q, k, cos, sin):
    return rope_torch(q, cos, sin, "interleaved"), rope_torch(k, cos, sin, "interleaved")


def bench_rope_qk(runs, copy_gbs, rows):
    """GQA: q [T, 32, 128] and k [T, 8, 128] as views of one qkv tensor, in place."""
    compiled = torch.compile(rope_qk_torch, dynamic=False)
    T, HQ, HK, D = 4096, 32, 8, 128
    torch.manual_seed(3)
    qkv = torch.empty(T, HQ + 2 * HK, D, dtype=torch.bfloat16, device="cuda").uniform_(-2, 2)
    q, k = qkv[:, :HQ], qkv[:, HQ:HQ + HK]
    th = torch.empty(T, D // 2, device="cuda").uniform_(-3.2, 3.2)
    cos, sin = th.cos(), th.sin()
    ref_q, ref_k = rope_reference(q, cos, sin, "interleaved"), rope_reference(k, cos, sin, "interleaved")
    keep = qkv.clone()
    fusegen.rope_qk(q, k, cos, sin, "interleaved")
    kernel = fusegen.last_kernel()
    err = max(rel_error(q, ref_q), rel_error(k, ref_k))
    cq, ck = compiled(keep[:, :HQ], keep[:, HQ:HQ + HK], cos, sin)
    err_c = max(rel_error(cq, ref_q), rel_error(ck, ref_k))
    if not max(err, err_c) < 1e-2:
        raise SystemExit(f"rope_qk: errors {err}, {err_c}")
    qkv.copy_(keep)
    nbytes = fusegen.rope_qk.bytes_moved(q, k, cos, sin, "interleaved")
    calls = (lambda: fusegen.rope_qk(q, k, cos, sin, "interleaved"),
             lambda: rope_qk_torch(q, k, cos, sin),
             lambda: compiled(q, k, cos, sin))
    add_row(rows, "rope_qk", "gqa 32/8 [4096,*,128] qkv", "bf16 q/k views, fp32 tables", kernel, nbytes, calls,
            runs, copy_gbs, err, err_c)


# --- qknorm_rope: RMSNorm of each head, then rope from a packed cache by position --


def qknorm_rope_torch(q, k, wq, wk, cache, positions, eps):
    """q, k [T, H, D]; w [D]; cache [P, R] (cos then sin); positions [T]: fp32 math, one rounding."""
    cs = cache[positions]
    r2 = cs.shape[-1] // 2

    def one(x, w):
        xf = x.float() if x.dtype != torch.float64 else x
        y = xf * (torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + eps) * w.to(xf.dtype))
        return rope_torch(y, cs[:, :r2], cs[:, r2:], "interleaved").to(x.dtype)

    return one(q, wq), one(k, wk)


QKNORM_SHAPES = [
    # name, B, S, H, R (D = 128)
    ("flux_1024 N=4096 H=24", 1, 4096, 24, 128),
    ("qwen_1024 N=4096 H=32", 1, 4096, 32, 128),
    ("qwen_partial N=4096 H=32 R=64", 1, 4096, 32, 64),
    ("zimage_1024 N=4096 H=30", 1, 4096, 30, 128),
    ("batch2 2x2048 H=24", 2, 2048, 24, 128),
    ("flux2 N=4096 H=48", 1, 4096, 48, 128),
    ("hunyuan N=115200 H=24", 1, 115200, 24, 128),
]


def bench_qknorm_rope(runs, copy_gbs, rows):
    """q and k in place in one qkv [B, S, 3H, 128] (bf16), fp32 weights, fp32 cache [T, R], int64 positions."""
    compiled = torch.compile(qknorm_rope_torch, dynamic=False)
    D, eps = 128, 1e-6
    for name, B, S, H, R in QKNORM_SHAPES:
        torch.manual_seed(4)
        T = B * S
        qkv = torch.empty(B, S, 3 * H, D, dtype=torch.bfloat16, device="cuda").uniform_(-2, 2)
        q, k = qkv[:, :, :H], qkv[:, :, H:2 * H]
        wq = torch.empty(D, device="cuda").uniform_(0.5, 1.5)
        wk = torch.empty(D, device="cuda").uniform_(0.5, 1.5)
        th = torch.empty(T, R // 2, device="cuda", dtype=torch.float64).uniform_(-3.2, 3.2)
        cache = torch.cat((th.cos(), th.sin()), -1).float()
        positions = torch.arange(T, device="cuda").reshape(B, S)
        flat = positions.reshape(T)
        qf, kf = q.reshape(T, H, D), k.reshape(T, H, D)  # torch's side: [T, H, D] views
        ref_q, ref_k = qknorm_rope_torch(qf.double(), kf.double(), wq.double(), wk.double(), cache.double(), flat, eps)
        keep = qkv.clone()
        fusegen.qknorm_rope_cos_sin_cache(q, k, wq, wk, cache, positions, "interleaved", eps, 0)
        kernel = fusegen.last_kernel()
        err = max(rel_error(qf, ref_q), rel_error(kf, ref_k))
        qkv.copy_(keep)
        cq, ck = compiled(qf, kf, wq, wk, cache, flat, eps)
        err_c = max(rel_error(cq, ref_q), rel_error(ck, ref_k))
        if not max(err, err_c) < 1e-2:
            raise SystemExit(f"qknorm_rope {name}: errors {err}, {err_c}")
        nbytes = fusegen.qknorm_rope_cos_sin_cache.bytes_moved(q, k, wq, wk, cache, positions, "interleaved", eps, 0)
        calls = (lambda: fusegen.qknorm_rope_cos_sin_cache(q, k, wq, wk, cache, positions, "interleaved", eps, 0),
                 lambda: qknorm_rope_torch(qf, kf, wq, wk, cache, flat, eps),
                 lambda: compiled(qf, kf, wq, wk, cache, flat, eps))
        add_row(rows, "qknorm_rope", name, "bf16 q/k in place, fp32 weights and cache", kernel, nbytes, calls,
                runs, copy_gbs, err, err_c)
        del qkv, keep, cache, ref_q, ref_k, cq, ck


def qknorm_per_head_torch(q, k, wq, wk, cos, sin, eps):
    """LTX-2: RMSNorm over each token's H * D (weights [H * D]) in fp32, then the
    half-pairing rotation with per-head tables cos/sin [B, H, S, D/2]; one rounding."""

    def one(x, w):
        B, S, H, D = x.shape
        xf = x.float() if x.dtype != torch.float64 else x
        flat = xf.reshape(B, S, H * D)
        y = (flat * (torch.rsqrt(flat.pow(2).mean(-1, keepdim=True) + eps) * w.to(xf.dtype))).reshape(B, S, H, D)
        c, s_ = cos.to(xf.dtype).transpose(1, 2), sin.to(xf.dtype).transpose(1, 2)
        y1, y2 = y[..., :D // 2], y[..., D // 2:]
        return torch.cat((y1 * c - y2 * s_, y2 * c + y1 * s_), -1).to(x.dtype)

    return one(q, wq), one(k, wk)


def bench_qknorm_per_head(runs, copy_gbs, rows):
    """q and k in place in one qkv [B, S, 3H, 128] (bf16), fp32 weights [H * 128], bf16 per-head tables."""
    compiled = torch.compile(qknorm_per_head_torch, dynamic=False)
    D, eps = 128, 1e-6
    for name, (B, S, H) in (("ltx2 video [4,1152,32,128]", (4, 1152, 32)),
                            ("ltx2 large [2,24576,32,128]", (2, 24576, 32))):
        torch.manual_seed(5)
        qkv = torch.empty(B, S, 3 * H, D, dtype=torch.bfloat16, device="cuda").uniform_(-2, 2)
        q, k = qkv[:, :, :H], qkv[:, :, H:2 * H]
        wq = torch.empty(H * D, device="cuda").uniform_(0.5, 1.5)
        wk = torch.empty(H * D, device="cuda").uniform_(0.5, 1.5)
        th = torch.empty(B, S, H, D // 2, device="cuda").uniform_(-3.2, 3.2)
        cos = th.cos().to(torch.bfloat16).transpose(1, 2)  # [B, H, S, D/2] views, as LTX-2 passes them
        sin = th.sin().to(torch.bfloat16).transpose(1, 2)
        ref_q, ref_k = qknorm_per_head_torch(q.double(), k.double(), wq.double(), wk.double(), cos, sin, eps)
        keep = qkv.clone()
        fusegen.qknorm_across_heads_rope_per_head(q, k, wq, wk, cos, sin, "half", eps)
        kernel = fusegen.last_kernel()
        err = max(rel_error(q, ref_q), rel_error(k, ref_k))
        qkv.copy_(keep)
        cq, ck = compiled(q, k, wq, wk, cos, sin, eps)
        err_c = max(rel_error(cq, ref_q), rel_error(ck, ref_k))
        if not max(err, err_c) < 1e-2:
            raise SystemExit(f"qknorm_across_heads_rope_per_head {name}: errors {err}, {err_c}")
        nbytes = fusegen.qknorm_across_heads_rope_per_head.bytes_moved(q, k, wq, wk, cos, sin, "half", eps)
        calls = (lambda: fusegen.qknorm_across_heads_rope_per_head(q, k, wq, wk, cos, sin, "half", eps),
                 lambda: qknorm_per_head_torch(q, k, wq, wk, cos, sin, eps),
                 lambda: compiled(q, k, wq, wk, cos, sin, eps))
        add_row(rows, "qknorm_across_heads_rope_per_head", name, "bf16 q/k in place, fp32 weights, bf16 tables",
                kernel, nbytes, calls, runs, copy_gbs, err, err_c)
        del qkv, keep, ref_q, ref_k, cq, ck


# --- norm + modulation: the same math in PyTorch ----------------------------------

# (op, form name, source, residual form, norm); the forms bench/bench.c times too
NM_FORMS = [
    ("norm_modulate_select01", "layer", "select01", False, "layer"),
    ("norm_modulate_select01", "layer residual", "select01", True, "layer"),
    ("norm_modulate", "layer per batch", "batch", False, "layer"),
    ("norm_modulate", "rms per batch residual", "batch", True, "rms"),
    ("norm_modulate_per_token", "layer per token", "token", False, "layer"),
    ("norm_modulate_per_frame", "layer per frame F=16", "frame", False, "layer"),
    ("norm_modulate_scalar", "layer scalar", "scalar", False, "layer"),
]
NM_SHAPES = [(2, 2048, 3072), (1, 4096, 3072), (2, 8192, 3072), (1, 4096, 5120)]
NM_SCALAR = (0.5, 0.25)  # scale, shift of the scalar source


def nm_torch(x, mod, residual, residual_gate, source, norm, eps=1e-6):
    """ops.md section 3 in fp32, one rounding per output: returns out, then gate_out
    (select01), then residual_out (residual form). mod: the source's tensors."""
    B, L, C = x.shape
    r = x.float()
    outs = []
    if residual is not None:
        r = residual.float() + residual_gate.float() * r
    if norm == "layer":
        n = torch.nn.functional.layer_norm(r, (C,), eps=eps)
    else:
        n = r * torch.rsqrt(r.square().mean(-1, keepdim=True) + eps)
    if source == "select01":
        index, sc0, sh0, g0, sc1, sh1, g1 = mod
        pick = (index != 0)[..., None]
        scale = torch.where(pick, sc1[:, None].float(), sc0[:, None].float())
        shift = torch.where(pick, sh1[:, None].float(), sh0[:, None].float())
        out = n * (1 + scale) + shift
        outs = [out.to(x.dtype), torch.where(pick, g1[:, None], g0[:, None])]
    elif source == "frame":
        scale, shift = mod
        F = scale.shape[1]
        out = (n.view(B, F, L // F, C) * (1 + scale.float()) + shift.float()).view(B, L, C)
        outs = [out.to(x.dtype)]
    elif source == "scalar":
        outs = [(n * (1 + mod[0]) + mod[1]).to(x.dtype)]
    else:
        scale, shift = mod
        if source == "batch":
            scale, shift = scale[:, None], shift[:, None]
        outs = [(n * (1 + scale.float()) + shift.float()).to(x.dtype)]
    if residual is not None:
        outs.append(r.to(x.dtype))
    return tuple(outs)


def nm_inputs(shape, source, residual):
    B, L, C = shape
    bf = dict(dtype=torch.bfloat16, device="cuda")
    x = torch.empty(B, L, C, **bf).uniform_(-2, 2) + torch.empty(B, L, 1, **bf).uniform_(-1, 1)
    if source == "select01":
        mod = (torch.randint(0, 2, (B, L), device="cuda"),) + tuple(torch.empty(B, C, **bf).uniform_(-1, 1)
                                                                    for _ in range(6))
    elif source == "batch":
        mod = tuple(torch.empty(B, C, **bf).uniform_(-1, 1) for _ in range(2))
    elif source == "token":
        mod = tuple(torch.empty(B, L, C, **bf).uniform_(-1, 1) for _ in range(2))
    elif source == "frame":
        mod = tuple(torch.empty(B, 16, 1, C, **bf).uniform_(-1, 1) for _ in range(2))
    else:
        mod = NM_SCALAR
    res = (torch.empty(B, L, C, **bf).uniform_(-2, 2), torch.empty(B, L, C, **bf).uniform_(-1, 1)) if residual \
        else (None, None)
    return x, mod, res


def nm_call(op, x, mod, res, outs, source, norm):
    """fusegen's call for one form, writing into outs (out [, gate_out] [, residual_out])."""
    kw = dict(norm=norm, eps=1e-6, scale_offset=1.0)
    if res[0] is not None:
        kw.update(residual=res[0], residual_gate=res[1], residual_out=outs[-1])
    f = getattr(fusegen, op)
    if source == "select01":
        return f(x, outs[0], outs[1], *mod, **kw)
    if source == "scalar":
        return f(x, outs[0], scale=mod[0], shift=mod[1], **kw)
    return f(x, outs[0], *mod, **kw)


def bench_norm_modulate(runs, copy_gbs, rows):
    cfg = torch._dynamo.config
    for knob in ("cache_size_limit", "recompile_limit"):  # one graph per form and shape
        if hasattr(cfg, knob):
            setattr(cfg, knob, 256)
    compiled = torch.compile(nm_torch, dynamic=False)
    for shape in NM_SHAPES:
        for op, form, source, residual, norm in NM_FORMS:
            name = f"{form} [{shape[0]},{shape[1]},{shape[2]}]"
            torch.manual_seed(4)
            x, mod, res = nm_inputs(shape, source, residual)
            n_out = 1 + (source == "select01") + residual
            outs = [torch.empty_like(x) for _ in range(n_out)]
            nm_call(op, x, mod, res, outs, source, norm)
            kernel = fusegen.last_kernel()
            ref = nm_torch(x.double(), tuple(m.double() if torch.is_tensor(m) and m.is_floating_point() else m
                                             for m in mod) if source != "scalar" else mod,
                           *(r.double() if r is not None else None for r in res), source, norm)
            eager = nm_torch(x, mod, *res, source, norm)
            comp = compiled(x, mod, *res, source, norm)
            err_fg = max(rel_error(o, r) for o, r in zip(outs, ref))
            err_c = max(rel_error(o, r) for o, r in zip(comp, ref))
            err_e = max(rel_error(o, r) for o, r in zip(eager, ref))
            if not max(err_fg, err_c, err_e) < 1e-2:
                raise SystemExit(f"{op} {name}: errors fusegen {err_fg:.3g}, eager {err_e:.3g}, compile {err_c:.3g}")
            nbytes = nm_bytes(op, x, mod, res, outs, source, norm)
            calls = (lambda: nm_call(op, x, mod, res, outs, source, norm),
                     lambda: nm_torch(x, mod, *res, source, norm),
                     lambda: compiled(x, mod, *res, source, norm))
            add_row(rows, op, name, "bf16", kernel, nbytes, calls, runs, copy_gbs, err_fg, err_c)
            del x, mod, res, outs, ref, eager, comp


def nm_bytes(op, x, mod, res, outs, source, norm):
    kw = dict(norm=norm, eps=1e-6, scale_offset=1.0)
    if res[0] is not None:
        kw.update(residual=res[0], residual_gate=res[1], residual_out=outs[-1])
    f = getattr(fusegen, op).bytes_moved
    if source == "select01":
        return f(x, outs[0], outs[1], *mod, **kw)
    if source == "scalar":
        return f(x, outs[0], scale=mod[0], shift=mod[1], **kw)
    return f(x, outs[0], *mod, **kw)


def bench_serving(runs, copy_gbs, rows):
    """The serving catalogue (ops.md section 4): the cases of bench/serving_torch.py
    (those of bench/cases.c), fusegen against the eager math and its
    torch.compile, each checked against the float64 reference first."""
    import serving_torch
    for case in serving_torch.CASES:
        t = case.make()
        ref = case.reference(t)
        args = case.args(t)
        # every case's eager math is one Python function: without a reset its
        # ninth shape would pass dynamo's recompile limit and run uncompiled
        torch._dynamo.reset()
        compiled = torch.compile(case.eager, dynamic=False)
        errors = {"eager": case.error(case.eager(*args), ref), "compile": case.error(compiled(*args), ref),
                  "fusegen": case.error(case.fusegen(fusegen, case.make()), ref)}
        # fusegen must agree; the baselines' errors go into the table (an fp8
        # output sits a step away wherever their fp32 rounds otherwise)
        if not errors["fusegen"] < 1e-2:
            raise SystemExit(f"{case.op} {case.name}: fusegen disagrees with the float64 reference: "
                             f"relative error {errors['fusegen']:.3g}")
        for k in ("eager", "compile"):
            if not errors[k] < 1e-2:
                print(f"note: {case.op} {case.name}: {k} is {errors[k]:.3g} from the float64 reference")
        case.fusegen(fusegen, t)
        kernel = fusegen.last_kernel()
        nbytes = case.bytes_moved(fusegen, t)
        calls = (lambda: case.fusegen(fusegen, t),
                 lambda: case.eager(*args),
                 lambda: compiled(*args))
        add_row(rows, case.op, case.name, "bf16", kernel, nbytes, calls, runs, copy_gbs,
                errors["fusegen"], errors["compile"])
        del t, ref, args, compiled


def add_row(rows, op, name, dtype, kernel, nbytes, calls, runs, copy_gbs, err_fg, err_comp):
    """Time calls (fusegen's, eager's, torch.compile's) and the same-size copy
    of nbytes together (median_ms_interleaved), and add the row."""
    copy = same_size_copy(nbytes)
    runs_ms = times_ms_interleaved(list(calls) + ([copy] if copy else []), runs)
    t_fg, t_eager, t_comp = (statistics.median(t) for t in runs_ms[:3])
    t_same = statistics.median(runs_ms[3]) if copy else 0.0
    same_lo, same_hi = ratio_sets(runs_ms[3], runs_ms[0]) if copy else (None, None)
    comp_lo, comp_hi = ratio_sets(runs_ms[2], runs_ms[0])
    gbs = nbytes / (t_fg * 1e-3) / 1e9
    rows.append({
        "op": op, "shape": name, "dtype": dtype, "kernel": kernel,
        "bytes": nbytes, "fusegen_us": round(t_fg * 1e3, 2), "gbps": round(gbs, 1),
        "pct_copy": round(100 * gbs / copy_gbs, 1),
        "same_copy_us": round(t_same * 1e3, 2), "pct_same_copy": round(100 * t_same / t_fg, 1),
        "eager_us": round(t_eager * 1e3, 2), "compile_us": round(t_comp * 1e3, 2),
        "speedup_eager": round(t_eager / t_fg, 2), "speedup_compile": round(t_comp / t_fg, 2),
        "err_fusegen": f"{err_fg:.2e}", "err_compile": f"{err_comp:.2e}", "copy_gbps": round(copy_gbs, 1),
        # the spread of the two ratios over SETS sets of the rounds (ratio_sets); "" where not measured
        "pct_same_copy_lo": rounded(same_lo, 100, 1), "pct_same_copy_hi": rounded(same_hi, 100, 1),
        "speedup_compile_lo": rounded(comp_lo, 1, 2), "speedup_compile_hi": rounded(comp_hi, 1, 2),
    })
    print(f"{op} {name:36s} {t_fg * 1e3:9.1f} us {gbs:7.0f} GB/s {100 * gbs / copy_gbs:5.1f}% "
          f"(same-size copy {t_same * 1e3:.1f} us) eager {t_eager * 1e3:9.1f} us compile {t_comp * 1e3:9.1f} us",
          flush=True)


# --- host time per call -------------------------------------------------------------


def host_us(fn, calls=400, repeats=21):
    """Host time of one call in us: the median over `repeats` of the wall time of
    `calls` back-to-back calls, divided by `calls` (tiny tensors: the GPU keeps up,
    so this is the time the host takes to issue a call)."""
    for _ in range(50):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - t0) / calls * 1e6)
        torch.cuda.synchronize()
    return statistics.median(times)


def bench_host(rows, only=None):
    """Every op (or those named in `only`) on tiny tensors (an example call found
    from its spec), eager as the function and as torch.ops, and compiled;
    torch.add likewise."""
    cfg = torch._dynamo.config
    for knob in ("cache_size_limit", "recompile_limit"):
        if hasattr(cfg, knob):
            setattr(cfg, knob, 256)
    a = torch.randn(16, device="cuda")
    b = torch.randn(16, device="cuda")
    add_c = torch.compile(lambda x, y: torch.add(x, y), dynamic=False)
    add = {"eager": host_us(lambda: torch.add(a, b)), "compiled": host_us(lambda: add_c(a, b))}
    add["torch_ops"] = host_us(lambda: torch.ops.aten.add.Tensor(a, b))
    rows.append({"op": "torch.add", "call": "torch.add(a, b), [16] fp32", "function_us": round(add["eager"], 2),
                 "torch_ops_us": round(add["torch_ops"], 2), "compiled_us": round(add["compiled"], 2)})
    print(f"host per call: torch.add {add['eager']:.2f} us eager, {add['torch_ops']:.2f} us torch.ops.aten, "
          f"{add['compiled']:.2f} us compiled", flush=True)
    for op in fusegen.OPS:
        if only and op not in only:
            continue
        found = fusegen.testing.example_call(op, sizes=fusegen.testing.TINY)
        if found is None:
            print(f"host per call: {op}: no example call found", flush=True)
            continue
        tensors, scalars = found
        fn = getattr(fusegen, op)
        inplace = [t[0] for t in fusegen.OPS[op]["tensors"] if t[3]]  # in place where the op can
        tensors = {k: v for k, v in tensors.items() if k not in inplace}
        form = getattr(torch.ops.fusegen, op + ("_" if inplace else "")).default
        t_fn = host_us(lambda: fn(**tensors, **scalars))
        t_ops = host_us(lambda: fusegen.testing.schema_call(form, {**tensors, **scalars}))
        positional = [a.name for a in form._schema.arguments if not a.kwarg_only and a.name in {**tensors, **scalars}]
        args = [{**tensors, **scalars}[n] for n in positional]
        kwargs = {k: v for k, v in {**tensors, **scalars}.items() if k not in positional}
        t_direct_ops = host_us(lambda: form(*args, **kwargs))
        compiled = torch.compile(lambda t: fn(**t, **scalars), dynamic=False, fullgraph=True)
        t_comp = host_us(lambda: compiled(tensors))
        shapes = ", ".join(f"{k} {list(v.shape)}" for k, v in tensors.items() if v is not None)
        rows.append({"op": op, "call": shapes + (" (in place)" if inplace else ""), "function_us": round(t_fn, 2),
                     "torch_ops_us": round(t_direct_ops, 2), "compiled_us": round(t_comp, 2)})
        print(f"host per call: {op:34s} function {t_fn:6.2f} us  torch.ops {t_direct_ops:6.2f} us "
              f"(by name {t_ops:6.2f})  compiled {t_comp:6.2f} us", flush=True)
    return add


def write_host(out_dir, rows, gpu, date):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "host.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    with open(os.path.join(out_dir, "host.md"), "w") as f:
        f.write(f"# fusegen host time per call: {gpu}, {date}\n\n"
                "Each op on tiny tensors (the example call that fusegen.testing finds from its spec), so that "
                "only the host's time counts: the median over 21 runs of the wall time of 400 back-to-back "
                "calls, per call. function: `fusegen.<op>(...)` in eager mode (the compiled layer, the "
                "library's checks, the launch); torch.ops: `torch.ops.fusegen.<op>.default(...)` (PyTorch's "
                "dispatcher, then the same); compiled: a `torch.compile(fullgraph=True)` function holding the "
                "one call (guards, Inductor's wrapper, the dispatcher). torch.add on the same machine, in the "
                f"same process, for scale. PyTorch {torch.__version__}.\n\n")
        f.write("| op | call | function (us) | torch.ops (us) | compiled (us) |\n|---|---|---:|---:|---:|\n")
        for r in rows:
            f.write(f"| {r['op']} | {r['call']} | {r['function_us']} | {r['torch_ops_us']} | {r['compiled_us']} |\n")


# --- output ----------------------------------------------------------------------


def tiles_of_device():
    """Whose tuned tiles the kernels of device 0 have (docs/tuning.md, "GPU models")."""
    model = fusegen.gpu_model(0) if hasattr(fusegen, "gpu_model") else None
    if model is None:
        return "tiles not reported by this build"
    return f"the tiles of the GPU model {model}, where they differ" if model else "the target's tiles"


def read_rows(out_dir):
    """The rows of an earlier run's results.csv in out_dir (numbers as numbers), or []."""
    path = os.path.join(out_dir, "results.csv")
    if not os.path.exists(path):
        return []
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            for k, v in r.items():
                if k not in ("err_fusegen", "err_compile"):
                    try:
                        r[k] = int(v) if re.fullmatch(r"-?[0-9]+", v) else float(v)
                    except ValueError:
                        pass
            rows.append(r)
    return rows


def spread(row, key, unit=""):
    """A ratio's sets (ratio_sets) as " [lo, hi]", or "" where the row has none."""
    lo, hi = row.get(key + "_lo", ""), row.get(key + "_hi", "")
    return f" [{lo}{unit}, {hi}{unit}]" if lo != "" and hi != "" else ""


def write_outputs(out_dir, rows, gpu, copy_gbs, date):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "results.csv"), "w", newline="") as f:
        fields = list(dict.fromkeys(k for r in rows for k in r))  # rows of an older run may lack some
        w = csv.DictWriter(f, fieldnames=fields, restval="")
        w.writeheader()
        for r in rows:
            w.writerow(r)
    copies = sorted({r["copy_gbps"] for r in rows})
    copy_text = f"{copies[0]:.0f} GB/s" if copies[-1] - copies[0] < 0.5 else \
        f"{copies[0]:.0f} to {copies[-1]:.0f} GB/s in the runs these rows come from (each row's % of copy is of its own run's)"
    with open(os.path.join(out_dir, "results.md"), "w") as f:
        f.write(f"# fusegen benchmark: {gpu}, {date}\n\n")
        f.write(f"Device-to-device copy (1 GiB, read + write): {copy_text}. Times are medians of "
                "CUDA-event timings with the L2 flushed before each run, a row's four timings (fusegen, eager, "
                "torch.compile, same-size copy) in interleaved rounds; bytes are each input read once and "
                "each output written once. Same-size copy: a device-to-device copy moving the call's bytes "
                "(half read, half written), timed the same way; % of it is that copy's time over the call's, "
                "so over 100 where the call beats it. PyTorch " + torch.__version__ + ". Kernels: "
                + tiles_of_device() + ".\n\n")
        f.write("In brackets: the lowest and highest of the ratio over " + str(SETS) + " consecutive sets of a "
                "row's rounds, how far it moves within the run (a row timed by an older driver has none).\n\n")
        f.write("| op | shape | fusegen (us) | GB/s | % of copy | same-size copy (us) | % of it | eager (us) "
                "| torch.compile (us) | vs eager | vs compile | kernel |\n"
                "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
        for r in rows:
            f.write(f"| {r['op']} | {r['shape']} | {r['fusegen_us']} | {r['gbps']} | {r['pct_copy']} | "
                    f"{r['same_copy_us']} | {r['pct_same_copy']}{spread(r, 'pct_same_copy')} | "
                    f"{r['eager_us']} | {r['compile_us']} | {r['speedup_eager']}x | "
                    f"{r['speedup_compile']}x{spread(r, 'speedup_compile', 'x')} | `{r['kernel']}` |\n")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no chart")
        return
    labels = [f"{r['op']} {r['shape']}" for r in rows]
    fig, ax = plt.subplots(figsize=(10, 0.45 * len(rows) + 1.5))
    y = range(len(rows))
    ax.barh(y, [r["pct_copy"] for r in rows], color="#3b7dd8", label="fusegen")
    ax.barh(y, [100 * r["bytes"] / (r["compile_us"] * 1e-6) / 1e9 / r["copy_gbps"] for r in rows], height=0.3,
            color="#e08a2c", label="torch.compile")
    ax.set_yticks(list(y))
    ax.set_yticklabels(labels, fontsize=8)
    ax.invert_yaxis()
    ax.axvline(100, color="gray", linewidth=0.8)
    ax.set_xlabel(f"% of device copy bandwidth ({copy_gbs:.0f} GB/s)")
    ax.set_title(f"fusegen on {gpu}, {date}")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "chart.png"), dpi=120)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--out", default=None)
    ap.add_argument("--only", default=None,
                    help="families of ops, comma-separated (rope, qknorm_rope, norm_modulate, serving), or host: "
                         "only the host time per call")
    ap.add_argument("--append", action="store_true",
                    help="keep the rows of the results already in the output folder (those of other families), "
                         "replacing those this run measures again")
    ap.add_argument("--host-ops", default=None, help="the ops of the host time table, comma-separated (default: all)")
    args = ap.parse_args()
    families = {"rope", "qknorm_rope", "norm_modulate", "serving"}
    only = set(args.only.split(",")) if args.only else None
    if only and not (only <= families or only == {"host"}):
        ap.error(f"--only: families of {sorted(families)}, comma-separated, or host; got {args.only}")
    if not torch.cuda.is_available():
        raise SystemExit("bench/driver.py needs a CUDA GPU")
    gpu = torch.cuda.get_device_name(0)
    date = datetime.date.today().isoformat()
    out_dir = args.out or os.path.join(HERE, "results", re.sub(r"[^A-Za-z0-9]+", "_", gpu).strip("_") + "_" + date)
    if only is None or only == {"host"}:
        host_rows = []
        bench_host(host_rows, args.host_ops.split(",") if args.host_ops else None)
        write_host(out_dir, host_rows, gpu, date)
        print(f"wrote {out_dir}/host.csv, host.md")
        if only == {"host"}:
            return
    copy_gbs = copy_bandwidth(args.runs)
    _same["runs"] = args.runs
    print(f"{gpu}: copy {copy_gbs:.0f} GB/s; fusegen {fusegen.version()}; torch {torch.__version__}", flush=True)
    rows = []
    if only is None or "rope" in only:
        bench_rope(args.runs, copy_gbs, rows)
        bench_more_rope(args.runs, copy_gbs, rows)
        bench_rope_qk(args.runs, copy_gbs, rows)
    if only is None or "qknorm_rope" in only:
        bench_qknorm_rope(args.runs, copy_gbs, rows)
        bench_qknorm_per_head(args.runs, copy_gbs, rows)
    if only is None or "norm_modulate" in only:
        bench_norm_modulate(args.runs, copy_gbs, rows)
    if only is None or "serving" in only:
        bench_serving(args.runs, copy_gbs, rows)
    if args.append:  # the other families' rows first, in their order
        measured = {(r["op"], r["shape"]) for r in rows}
        rows = [r for r in read_rows(out_dir) if (r["op"], r["shape"]) not in measured] + rows
    write_outputs(out_dir, rows, gpu, copy_gbs, date)
    print(f"wrote {out_dir}/results.csv, results.md, chart.png")


if __name__ == "__main__":
    main()
