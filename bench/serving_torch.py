"""The serving catalogue's bench cases (ops.md section 4) in PyTorch, for the
benchmark driver: the cases of bench/cases.c (same ops, names and shapes, bf16),
each with

- make():       its tensors on the GPU, laid out and called as bench/cases.c
                calls the library (fresh random inputs, a seeded generator);
- args(t):      the positional arguments of eager(), from those tensors;
- eager(*a):    the op's math in eager PyTorch, fp32 arithmetic and one rounding
                per output, written as a pure function: the form torch.compile
                compiles (outputs returned, never written in place);
- reference(t): float64 outputs from the same inputs (residual sums rounded to
                the activation dtype, as the op stores them; fp8 outputs before
                their conversion); take it before anything runs in place;
- fusegen(fg, t), bytes_moved(fg, t): fusegen's call on the tensors (in place
                where bench/cases.c runs it in place) and its bytes;
- error(outs, ref): the largest relative L2 error of ops.md "Accuracy" over the
                outputs; an fp8 output is compared with the reference converted
                to fp8 the same way (saturated to +-448, nearest even).

Outputs, in order: rmsnorm, layernorm, silu_and_mul, gelu_tanh_and_mul:
(out,); fused_add_rmsnorm: (x, residual) as updated; rmsnorm_quant_fp8: (out,);
fused_add_rmsnorm_quant_fp8: (out, residual); rmsnorm_dynamic_quant_fp8:
(out, scales); rope_qk_cos_sin_cache: (q, k); gated_residual_add: (residual,).
`mutated` names the tensors of make() that fusegen's call updates in place.

    import serving_torch
    for case in serving_torch.CASES:
        t = case.make()
        ref = case.reference(t)
        eager = case.eager(*case.args(t))
        compiled = torch.compile(case.eager, dynamic=False)(*case.args(t))
        outs = case.fusegen(fusegen, t)
        print(case.op, case.name, case.error(outs, ref), case.error(eager, ref))
"""

import torch

EPS = 1e-6
FP8 = torch.float8_e4m3fn
FP8_MAX = 448.0


def _acc(t):
    """The arithmetic's dtype: fp32, or float64 for the reference."""
    return torch.float64 if t.dtype == torch.float64 else torch.float32


def _to_fp8(v):
    """An fp8 output: saturated to +-448, then to nearest (even); float64 (the
    reference) stays as it is, converted only when compared."""
    return v if v.dtype == torch.float64 else v.clamp(-FP8_MAX, FP8_MAX).to(FP8)


def _fp8_settled(out, ref):
    """(out, ref) in float64 for comparing an fp8 output with its float64
    reference: ref converted to fp8 (saturated, nearest even), and out with
    each element that is one step from it next to a rounding boundary (within
    1e-6 relative) taken as equal."""
    q = ref.clamp(-FP8_MAX, FP8_MAX).to(FP8)
    ob, qb = out.view(torch.uint8).int(), q.view(torch.uint8).int()
    neighbour = (((ob ^ qb) & 0x80) == 0) & ((ob - qb).abs() == 1)
    boundary = (out.double() + q.double()) / 2
    near = (ref - boundary).abs() <= 1e-6 * ref.abs()
    return torch.where(neighbour & near, q.double(), out.double()), q.double()


def _rms(v, w, eps):
    return v * torch.rsqrt(v.square().mean(-1, keepdim=True) + eps) * w.to(v.dtype)


# --- the ops' math: fp32 (float64 for the reference), one rounding per output ----


def rmsnorm(x, weight, eps=EPS):
    return _rms(x.to(_acc(x)), weight, eps).to(x.dtype)


def layernorm(x, weight, bias, eps=EPS):
    v = x.to(_acc(x))
    mean = v.mean(-1, keepdim=True)
    var = (v - mean).square().mean(-1, keepdim=True)  # biased
    return ((v - mean) * torch.rsqrt(var + eps) * weight.to(v.dtype) + bias.to(v.dtype)).to(x.dtype)


def _add_residual(x, residual, act):
    """residual + x rounded to act (what the op stores over residual), in the arithmetic's dtype."""
    c = _acc(x)
    return (x.to(c) + residual.to(c)).to(act).to(c)


def fused_add_rmsnorm(x, residual, weight, eps=EPS, act=None):
    """(x, residual) as the op leaves them: residual = act(x + residual), x = rmsnorm(residual) * w."""
    r = _add_residual(x, residual, act or x.dtype)
    return _rms(r, weight, eps).to(x.dtype), r.to(x.dtype)


def rmsnorm_quant_fp8(x, weight, scale, eps=EPS):
    v = _rms(x.to(_acc(x)), weight, eps)
    return (_to_fp8(v * (1 / scale.to(v.dtype))),)


def fused_add_rmsnorm_quant_fp8(x, residual, weight, scale, eps=EPS, act=None):
    r = _add_residual(x, residual, act or x.dtype)
    v = _rms(r, weight, eps)
    return _to_fp8(v * (1 / scale.to(v.dtype))), r.to(x.dtype)


def rmsnorm_dynamic_quant_fp8(x, weight, eps=EPS):
    """(out, scales): s = max(amax(|y|) / 448, 1 / (448 * 512)) per row, out = fp8(y / s)."""
    v = _rms(x.to(_acc(x)), weight, eps)
    s = (v.abs().amax(-1, keepdim=True) / FP8_MAX).clamp(min=1 / (FP8_MAX * 512))
    return _to_fp8(v * (1 / s)), s.squeeze(-1)


def silu_and_mul(x):
    a, b = x.to(_acc(x)).chunk(2, -1)
    return torch.nn.functional.silu(a).mul(b).to(x.dtype)


def gelu_tanh_and_mul(x):
    a, b = x.to(_acc(x)).chunk(2, -1)
    return torch.nn.functional.gelu(a, approximate="tanh").mul(b).to(x.dtype)


def _rotate_interleaved(x, cos, sin):
    """x [T, H, D]; cos, sin [T, D/2]: pairs (2i, 2i+1) by angle i."""
    v = x.to(_acc(x))
    c, s = cos.to(v.dtype)[:, None, :], sin.to(v.dtype)[:, None, :]
    a, b = v[..., 0::2], v[..., 1::2]
    return torch.stack((a * c - b * s, b * c + a * s), dim=-1).flatten(-2).to(x.dtype)


def rope_qk_cos_sin_cache(q, k, cos_sin_cache, positions):
    """(q, k) rotated by the rows positions of cos_sin_cache [P, D] (cosines, then sines)."""
    cs = cos_sin_cache[positions]
    half = cs.shape[-1] // 2
    return _rotate_interleaved(q, cs[:, :half], cs[:, half:]), _rotate_interleaved(k, cs[:, :half], cs[:, half:])


def gated_residual_add(x, gate, residual):
    """residual + gate * x, gate per batch [B, C]."""
    c = _acc(x)
    return (residual.to(c) + gate.to(c)[:, None, :] * x.to(c)).to(x.dtype)


# --- the cases ----------------------------------------------------------------------


class Case:
    """One bench case: op, name (as bench/cases.c prints it) and dims
    (rows: T, C; *_and_mul: T, 2F; rope: T, HQ, HK, D; gated: B, L, C)."""

    def __init__(self, op, name, dims):
        self.op, self.name, self.dims = op, name, dims
        self.mutated = {"fused_add_rmsnorm": ("x", "residual"), "fused_add_rmsnorm_quant_fp8": ("residual",),
                        "rope_qk_cos_sin_cache": ("qkv",), "gated_residual_add": ("residual",)}.get(op, ())

    def rows(self):
        """The case's rows: T, or B * L for gated_residual_add ([B, L, C])."""
        return self.dims[0] * self.dims[1] if self.op == "gated_residual_add" else self.dims[0]

    def make(self, seed=0, device="cuda"):
        g = torch.Generator(device=device).manual_seed(seed)
        bf = dict(dtype=torch.bfloat16, device=device)

        def uniform(shape, lo, hi, dtype=torch.bfloat16):
            return torch.rand(shape, generator=g, device=device, dtype=torch.float32).mul_(hi - lo).add_(lo).to(dtype)

        op, d = self.op, self.dims
        if op == "rope_qk_cos_sin_cache":
            T, HQ, HK, D = d
            qkv = uniform((T, HQ + 2 * HK, D), -2, 2)
            theta = torch.rand((T, D // 2), generator=g, device=device, dtype=torch.float64) * 6.4 - 3.2
            cache = torch.cat((theta.cos(), theta.sin()), -1).float()  # [P = T, D]
            positions = torch.randint(0, T, (T,), generator=g, device=device, dtype=torch.int64)
            return dict(qkv=qkv, q=qkv[:, :HQ], k=qkv[:, HQ:HQ + HK], cos_sin_cache=cache, positions=positions)
        if op == "gated_residual_add":
            B, L, C = d
            return dict(x=uniform((B, L, C), -2, 2), gate=uniform((B, C), -1, 1), residual=uniform((B, L, C), -2, 2))
        T, W = d
        t = dict(x=uniform((T, W), -2, 2))
        if op in ("silu_and_mul", "gelu_tanh_and_mul"):
            t["out"] = torch.empty((T, W // 2), **bf)
            return t
        t["weight"] = uniform((W,), 0.5, 1.5)
        if op == "layernorm":
            t["bias"] = uniform((W,), -0.5, 0.5)
        if op in ("fused_add_rmsnorm", "fused_add_rmsnorm_quant_fp8"):
            t["residual"] = uniform((T, W), -2, 2)
        if op in ("rmsnorm_quant_fp8", "fused_add_rmsnorm_quant_fp8"):
            t["scale"] = torch.full((1,), 1 / 64, dtype=torch.float32, device=device)
        if op == "rmsnorm_dynamic_quant_fp8":
            t["scales"] = torch.empty((T,), dtype=torch.float32, device=device)
        if op != "fused_add_rmsnorm":
            t["out"] = torch.empty((T, W), dtype=FP8 if "quant" in op else torch.bfloat16, device=device)
        return t

    def args(self, t):
        """The positional arguments of eager() (and of reference's math)."""
        return tuple(t[n] for n in self._arg_names())

    def _arg_names(self):
        return {
            "rmsnorm": ("x", "weight"), "layernorm": ("x", "weight", "bias"),
            "fused_add_rmsnorm": ("x", "residual", "weight"), "rmsnorm_quant_fp8": ("x", "weight", "scale"),
            "fused_add_rmsnorm_quant_fp8": ("x", "residual", "weight", "scale"),
            "rmsnorm_dynamic_quant_fp8": ("x", "weight"), "silu_and_mul": ("x",), "gelu_tanh_and_mul": ("x",),
            "rope_qk_cos_sin_cache": ("q", "k", "cos_sin_cache", "positions"),
            "gated_residual_add": ("x", "gate", "residual"),
        }[self.op]

    def eager(self, *a):
        """The op in eager PyTorch: a tuple of its outputs (see the module's doc)."""
        out = _MATH[self.op](*a)
        return out if isinstance(out, tuple) else (out,)

    def reference(self, t):
        """float64 outputs from t's current values (residual sums rounded to bf16)."""
        a = tuple(v if v.dtype == torch.int64 else v.double() for v in self.args(t))
        if self.op in ("fused_add_rmsnorm", "fused_add_rmsnorm_quant_fp8"):
            out = _MATH[self.op](*a, act=torch.bfloat16)
        else:
            out = _MATH[self.op](*a)
        return out if isinstance(out, tuple) else (out,)

    def _call(self, fg, t, bytes_only=False):
        f = getattr(fg, self.op)
        f = f.bytes_moved if bytes_only else f
        op = self.op
        if op == "rmsnorm":
            return f(t["x"], t["weight"], EPS, out=t["out"])
        if op == "layernorm":
            return f(t["x"], EPS, weight=t["weight"], bias=t["bias"], out=t["out"])
        if op == "fused_add_rmsnorm":
            return f(t["x"], t["residual"], t["weight"], EPS)
        if op == "rmsnorm_quant_fp8":
            return f(t["x"], t["weight"], t["scale"], t["out"], EPS)
        if op == "fused_add_rmsnorm_quant_fp8":
            return f(t["x"], t["residual"], t["weight"], t["scale"], t["out"], EPS)
        if op == "rmsnorm_dynamic_quant_fp8":
            return f(t["x"], t["weight"], t["out"], t["scales"], EPS)
        if op in ("silu_and_mul", "gelu_tanh_and_mul"):
            return f(t["x"], t["out"])
        if op == "rope_qk_cos_sin_cache":
            return f(t["q"], t["k"], t["cos_sin_cache"], t["positions"], "interleaved", 0)
        return f(t["x"], t["gate"], t["residual"])

    def fusegen(self, fg, t):
        """fusegen's call (fg: the fusegen module); its outputs, in the module's order."""
        self._call(fg, t)
        return {
            "fused_add_rmsnorm": lambda: (t["x"], t["residual"]),
            "fused_add_rmsnorm_quant_fp8": lambda: (t["out"], t["residual"]),
            "rmsnorm_dynamic_quant_fp8": lambda: (t["out"], t["scales"]),
            "rope_qk_cos_sin_cache": lambda: (t["q"], t["k"]),
            "gated_residual_add": lambda: (t["residual"],),
        }.get(self.op, lambda: (t["out"],))()

    def bytes_moved(self, fg, t):
        return self._call(fg, t, bytes_only=True)

    @staticmethod
    def error(outs, ref):
        """The largest relative L2 error over the outputs; an fp8 output against
        the reference converted to fp8, one step apart counting as equal where
        the reference lies within 1e-6 of the rounding boundary between them
        (ops.md: with bf16 inputs, dynamic scales put some values on the ties)."""
        worst = 0.0
        for o, r in zip(outs, ref):
            r = r.double()
            if o.dtype == FP8:
                o, r = _fp8_settled(o, r)
            o = o.double()
            if torch.isnan(o).any():
                return float("nan")
            worst = max(worst, (torch.linalg.vector_norm(o - r) / torch.linalg.vector_norm(r)).item())
        return worst


_MATH = {
    "rmsnorm": rmsnorm, "layernorm": layernorm, "fused_add_rmsnorm": fused_add_rmsnorm,
    "rmsnorm_quant_fp8": rmsnorm_quant_fp8, "fused_add_rmsnorm_quant_fp8": fused_add_rmsnorm_quant_fp8,
    "rmsnorm_dynamic_quant_fp8": rmsnorm_dynamic_quant_fp8, "silu_and_mul": silu_and_mul,
    "gelu_tanh_and_mul": gelu_tanh_and_mul, "rope_qk_cos_sin_cache": rope_qk_cos_sin_cache,
    "gated_residual_add": gated_residual_add,
}

_ROWS = ((32, 4096), (4096, 4096), (8192, 5120), (16384, 8192))
_ACT = ((32, 28672), (4096, 28672), (16384, 16384))
_ROPE = ((4096, 24, 24, 128), (4096, 32, 8, 128), (4096, 32, 32, 64), (115200, 24, 24, 128))
_GATED = ((2, 4096, 3072), (1, 16384, 5120))

# bench/cases.c's serving cases, in its order and with its names
CASES = (
    [Case(op, f"[{T},{C}]", (T, C)) for op in ("rmsnorm", "layernorm", "fused_add_rmsnorm", "rmsnorm_quant_fp8",
                                               "fused_add_rmsnorm_quant_fp8", "rmsnorm_dynamic_quant_fp8")
     for T, C in _ROWS]
    + [Case(op, f"[{T},{W}]", (T, W)) for op in ("silu_and_mul", "gelu_tanh_and_mul") for T, W in _ACT]
    + [Case("rope_qk_cos_sin_cache", f"[{T},{HQ}/{HK},{D}] qkv", (T, HQ, HK, D)) for T, HQ, HK, D in _ROPE]
    + [Case("gated_residual_add", f"[{B},{L},{C}] gate [B,C]", (B, L, C)) for B, L, C in _GATED]
)
