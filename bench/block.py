"""One transformer block of a diffusion model end to end, with fusegen's ops
against the same block in plain PyTorch: per-block time in eager mode, under
torch.compile, and under torch.compile with CUDA graphs (mode="reduce-overhead").

The block is a Flux / Qwen-Image image-stream block (bf16, hidden 3072, 24 heads
of 128, 4608 tokens, MLP 4x), modulated by a timestep embedding:

    shift1, scale1, gate1, shift2, scale2, gate2 = Linear(SiLU(temb))
    h  = LayerNorm(x) * (1 + scale1) + shift1              fusegen.norm_modulate
    q, k, v = h @ Wqkv (views of one qkv tensor)
    q, k = RMSNorm per head, then RoPE (interleaved,        fusegen.qknorm_rope
           per-token cos/sin), in place
    a  = attention(q, k, v);  o = a @ Wo
    x1 = x + gate1 * o;  h2 = LayerNorm(x1) * (1 + scale2) + shift2
                                                            fusegen.norm_modulate, residual form
    out = x1 + gate2 * (GELU(h2 @ W1) @ W2)

The plain block writes each step as diffusers does (LayerNorm, then the
modulation in bf16; RMSNorm in fp32; RoPE as apply_rotary_emb with cos/sin
[L, D]). Times: CUDA events around each block call, median of --runs calls
after warm-up. Writes block.csv and block.md into --out (default
bench/results/<gpu>_<date>).

    pip install . && python3 bench/block.py
"""
import argparse
import csv
import datetime
import os
import re
import statistics

import torch
import torch.nn.functional as F

import fusegen

HERE = os.path.dirname(os.path.abspath(__file__))


class Weights(torch.nn.Module):
    """The block's parameters (parameters, so that CUDA graphs take them as static)."""

    def __init__(self, C, H, D, mlp, seed=0):
        super().__init__()
        g = torch.Generator(device="cuda").manual_seed(seed)

        def w(*shape, scale):
            t = (torch.randn(*shape, device="cuda", generator=g) * scale).to(torch.bfloat16)
            return torch.nn.Parameter(t, requires_grad=False)

        self.mod = w(6 * C, C, scale=C ** -0.5)
        self.mod_b = w(6 * C, scale=0.1)
        self.qkv = w(3 * C, C, scale=C ** -0.5)
        self.qkv_b = w(3 * C, scale=0.02)
        self.o = w(C, C, scale=C ** -0.5)
        self.o_b = w(C, scale=0.02)
        self.fc1 = w(mlp, C, scale=C ** -0.5)
        self.fc1_b = w(mlp, scale=0.02)
        self.fc2 = w(C, mlp, scale=mlp ** -0.5)
        self.fc2_b = w(C, scale=0.02)
        self.wq = torch.nn.Parameter((torch.rand(D, device="cuda", generator=g) + 0.5).to(torch.bfloat16),
                                     requires_grad=False)
        self.wk = torch.nn.Parameter((torch.rand(D, device="cuda", generator=g) + 0.5).to(torch.bfloat16),
                                     requires_grad=False)


def rope_tables(L, D):
    """Per-token angles; fusegen takes cos/sin [L, D/2] (fp32), diffusers [L, D]."""
    inv = 1.0 / (10000 ** (torch.arange(0, D, 2, device="cuda", dtype=torch.float64) / D))
    ang = torch.arange(L, device="cuda", dtype=torch.float64)[:, None] * inv[None]
    cos, sin = ang.cos().float(), ang.sin().float()
    return cos, sin, cos.repeat_interleave(2, -1), sin.repeat_interleave(2, -1)


class PlainBlock(torch.nn.Module):
    def __init__(self, w, H, D, cos_full, sin_full):
        super().__init__()
        self.w, self.H, self.D = w, H, D
        self.register_buffer("cos", cos_full)
        self.register_buffer("sin", sin_full)

    def rms(self, x, weight):
        var = x.float().pow(2).mean(-1, keepdim=True)
        return (x.float() * torch.rsqrt(var + 1e-6)).to(x.dtype) * weight

    def rope(self, x):  # diffusers' apply_rotary_emb, interleaved pairs
        cos, sin = self.cos[:, None, :], self.sin[:, None, :]
        re, im = x.reshape(*x.shape[:-1], -1, 2).unbind(-1)
        rot = torch.stack([-im, re], -1).flatten(-2)
        return (x.float() * cos + rot.float() * sin).to(x.dtype)

    def forward(self, x, temb):
        w, H, D = self.w, self.H, self.D
        B, L, C = x.shape
        mod = F.linear(F.silu(temb), w.mod, w.mod_b)[:, None]
        shift1, scale1, gate1, shift2, scale2, gate2 = mod.chunk(6, -1)
        h = F.layer_norm(x, (C,), eps=1e-6) * (1 + scale1) + shift1
        qkv = F.linear(h, w.qkv, w.qkv_b).view(B, L, 3 * H, D)
        q, k, v = qkv[:, :, :H], qkv[:, :, H:2 * H], qkv[:, :, 2 * H:]
        q = self.rope(self.rms(q, w.wq))
        k = self.rope(self.rms(k, w.wk))
        a = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2))
        o = F.linear(a.transpose(1, 2).reshape(B, L, C), w.o, w.o_b)
        x1 = x + gate1 * o
        h2 = F.layer_norm(x1, (C,), eps=1e-6) * (1 + scale2) + shift2
        m = F.linear(F.gelu(F.linear(h2, w.fc1, w.fc1_b), approximate="tanh"), w.fc2, w.fc2_b)
        return x1 + gate2 * m


class FusegenBlock(torch.nn.Module):
    def __init__(self, w, H, D, cos, sin):
        super().__init__()
        self.w, self.H, self.D = w, H, D
        self.register_buffer("cos", cos)
        self.register_buffer("sin", sin)

    def forward(self, x, temb):
        w, H, D = self.w, self.H, self.D
        B, L, C = x.shape
        mod = F.linear(F.silu(temb), w.mod, w.mod_b)
        shift1, scale1, gate1, shift2, scale2, gate2 = mod.chunk(6, -1)  # [B, C] views
        h = torch.empty_like(x)
        fusegen.norm_modulate(x, h, scale1, shift1, norm="layer", eps=1e-6)
        qkv = F.linear(h, w.qkv, w.qkv_b).view(B, L, 3 * H, D)
        q, k, v = qkv[:, :, :H], qkv[:, :, H:2 * H], qkv[:, :, 2 * H:]
        fusegen.qknorm_rope(q, k, w.wq, w.wk, self.cos, self.sin, "interleaved", 1e-6, "act")
        a = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2))
        o = F.linear(a.transpose(1, 2).reshape(B, L, C), w.o, w.o_b)
        h2, x1 = torch.empty_like(x), torch.empty_like(x)
        fusegen.norm_modulate(o, h2, scale2, shift2, norm="layer", eps=1e-6, residual=x,
                              residual_gate=gate1[:, None].expand(B, L, C), residual_out=x1)
        m = F.linear(F.gelu(F.linear(h2, w.fc1, w.fc1_b), approximate="tanh"), w.fc2, w.fc2_b)
        return x1 + gate2[:, None] * m


def time_ms(fn, args, runs):
    for _ in range(10):
        fn(*args)
    torch.cuda.synchronize()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(runs)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(runs)]
    for i in range(runs):
        starts[i].record()
        fn(*args)
        ends[i].record()
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in zip(starts, ends))


def rel(a, b):
    a, b = a.double(), b.double()
    return (torch.linalg.vector_norm(a - b) / torch.linalg.vector_norm(b)).item()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--tokens", type=int, default=4608)
    ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    gpu = torch.cuda.get_device_name(0)
    date = datetime.date.today().isoformat()
    out_dir = args.out or os.path.join(HERE, "results", re.sub(r"[^A-Za-z0-9]+", "_", gpu).strip("_") + "_" + date)
    torch._dynamo.config.cache_size_limit = 64
    B, L, C, H, D, MLP = args.batch, args.tokens, 3072, 24, 128, 4 * 3072
    w = Weights(C, H, D, MLP)
    cos, sin, cos_full, sin_full = rope_tables(L, D)
    g = torch.Generator(device="cuda").manual_seed(1)
    x = torch.randn(B, L, C, device="cuda", generator=g).to(torch.bfloat16)
    temb = torch.randn(B, C, device="cuda", generator=g).to(torch.bfloat16)
    blocks = {"plain": PlainBlock(w, H, D, cos_full, sin_full), "fusegen": FusegenBlock(w, H, D, cos, sin)}
    with torch.no_grad():
        ref = blocks["plain"](x, temb)
        err = rel(blocks["fusegen"](x, temb), ref)
        print(f"{gpu}, torch {torch.__version__}: block [B={B}, L={L}, C={C}, H={H}], fusegen vs plain: "
              f"relative difference {err:.2e}", flush=True)
        if not err < 2e-2:
            raise SystemExit("the fusegen block disagrees with the plain block")
        rows = []
        for name, block in blocks.items():
            modes = {"eager": block,
                     "compile": torch.compile(block, fullgraph=True),
                     "compile + CUDA graphs": torch.compile(block, fullgraph=True, mode="reduce-overhead")}
            row = {"block": name}
            for mode, fn in modes.items():
                e = rel(fn(x, temb).clone(), ref)
                if not e < 2e-2:
                    raise SystemExit(f"{name} {mode}: relative difference {e:.2e} from the plain eager block")
                row[mode] = time_ms(fn, (x, temb), args.runs)
                print(f"  {name:8s} {mode:22s} {row[mode] * 1e3:9.1f} us  (vs plain eager {e:.1e})", flush=True)
            rows.append(row)
    os.makedirs(out_dir, exist_ok=True)
    modes = ["eager", "compile", "compile + CUDA graphs"]
    with open(os.path.join(out_dir, "block.csv"), "w", newline="") as f:
        wr = csv.writer(f)
        wr.writerow(["block"] + [m.replace(" + ", "_").replace(" ", "_") + "_us" for m in modes])
        for r in rows:
            wr.writerow([r["block"]] + [round(r[m] * 1e3, 1) for m in modes])
    plain, fg = rows
    with open(os.path.join(out_dir, "block.md"), "w") as f:
        f.write(f"# One transformer block end to end: {gpu}, {date}\n\n"
                f"A Flux / Qwen-Image image-stream block (bench/block.py): bf16, B = {B}, {L} tokens, hidden {C}, "
                f"{H} heads of {D}, MLP {MLP}. fusegen's block runs norm + modulation, QK RMSNorm + RoPE and "
                "the gated residual + norm + modulation as fusegen ops; the plain block writes them in PyTorch "
                "as diffusers does. Both share the projections, attention (SDPA) and MLP. Median of "
                f"{args.runs} CUDA-event timings of one block call, after warm-up. PyTorch {torch.__version__}. "
                f"fusegen's output differs from the plain block's by {err:.1e} (relative, bf16).\n\n")
        f.write("| block | eager (us) | torch.compile (us) | torch.compile + CUDA graphs (us) |\n|---|---:|---:|---:|\n")
        for r in rows:
            f.write(f"| {r['block']} | " + " | ".join(f"{r[m] * 1e3:.1f}" for m in modes) + " |\n")
        f.write("| fusegen speedup | " + " | ".join(f"{plain[m] / fg[m]:.3f}x" for m in modes) + " |\n")
    print(f"wrote {out_dir}/block.csv, block.md")
    for m in modes:
        if not fg[m] < plain[m]:
            print(f"NOTE: fusegen's block is not faster {m}")


if __name__ == "__main__":
    main()
