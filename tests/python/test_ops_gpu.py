"""The ops through the installed package (`pip install .`) on a GPU with PyTorch:
results against float64 references, PyTorch eager bit for bit where the op
promises it, objects that only export DLPack, the library's refusals. Run by the
test runner (test_python_binding) when python3 can import torch and fusegen and
sees a GPU; prints `N passed, N failed`."""

import torch

import fusegen

from checks import check, finish  # tests/python/checks.py


def reference(x, cos, sin, pairing):
    r2 = cos.shape[-1]
    xf, c, s = x.double(), cos.double()[:, None, :], sin.double()[:, None, :]
    rot, rest = xf[..., : 2 * r2], xf[..., 2 * r2:]
    if pairing == "interleaved":
        a, b = rot[..., 0::2], rot[..., 1::2]
        out = torch.stack((a * c - b * s, b * c + a * s), -1).flatten(-2)
    else:
        a, b = rot[..., :r2], rot[..., r2:]
        out = torch.cat((a * c - b * s, b * c + a * s), -1)
    return torch.cat((out, rest), -1)


def rel(a, b):
    return (torch.linalg.vector_norm(a.double() - b) / torch.linalg.vector_norm(b)).item()


class OnlyDLPack:
    """An object that exports DLPack and nothing else."""

    def __init__(self, t):
        self.t = t

    def __dlpack__(self, stream=None):
        return self.t.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return self.t.__dlpack_device__()


for pairing in ("interleaved", "half"):
    for shape, R in (((2, 33, 5, 128), 128), ((17, 3, 80), 40), ((9, 4, 64), 64)):
        torch.manual_seed(len(shape) + R)
        x = torch.empty(shape, dtype=torch.bfloat16, device="cuda").uniform_(-1, 1)
        S = shape[-3]
        th = torch.empty(S, R // 2, device="cuda").uniform_(-3, 3)
        cos, sin = th.cos(), th.sin()
        ref = reference(x, cos, sin, pairing)
        out = torch.full_like(x, float("nan"))
        r = fusegen.rope(x, cos, sin, pairing=pairing, out=out)
        torch.cuda.synchronize()
        check(r is out, "out of place returns out")
        check(rel(out, ref) < 1e-2 and not out.isnan().any(), f"{pairing} {shape} R={R}: out of place")
        y = x.clone()
        fusegen.rope(OnlyDLPack(y), OnlyDLPack(cos), OnlyDLPack(sin), pairing=pairing)
        torch.cuda.synchronize()
        check(rel(y, ref) < 1e-2, f"{pairing} {shape} R={R}: in place through __dlpack__ only")
        check(fusegen.last_kernel().startswith("rope_bf16_tabfp32_pair" + pairing), "last_kernel names the variant")
        nb = fusegen.rope.bytes_moved(x, cos, sin, out=out)
        check(nb == 2 * x.numel() * 2 + 2 * cos.numel() * 4, f"bytes_moved {nb}")

# bad calls raise FusegenError with the library's status and message, and write nothing
x = torch.randn(8, 2, 64, device="cuda", dtype=torch.float16)
keep = x.clone()
big = torch.randn(8, 48, device="cuda")
try:
    fusegen.rope(x, big, big)
    check(False, "R > D accepted")
except fusegen.FusegenError as e:
    check(e.status_name == "FG_ERR_SHAPE" and "R = 96" in e.message, f"R > D: {e}")
check(torch.equal(x, keep), "a refused call wrote nothing")
try:
    fusegen.rope(x.cpu(), big[:, :32].cpu(), big[:, :32].cpu())
    check(False, "host tensors accepted")
except fusegen.FusegenError as e:
    check(e.status_name == "FG_ERR_DEVICE", f"host tensors: {e}")
try:
    fusegen.rope(x, big[:, :32], big[:, :32], pairing="sideways")
    check(False, "bad pairing accepted")
except ValueError:
    check(True, "")
try:
    fusegen.rope([1, 2], big, big)
    check(False, "a list accepted")
except TypeError:
    check(True, "")
# on a stream, capturable in a graph
s = torch.cuda.Stream()
xs = torch.randn(4, 2, 64, device="cuda", dtype=torch.bfloat16)
c = torch.rand(4, 32, device="cuda")
g = torch.cuda.CUDAGraph()
with torch.cuda.graph(g, stream=s):
    o = torch.empty_like(xs)
    fusegen.rope(xs, c, c, out=o)
g.replay()
torch.cuda.synchronize()
check(rel(o, reference(xs, c, c, "interleaved")) < 1e-2, "graph capture through the binding")


# rope_per_head with eager_bf16 rounding: bit for bit PyTorch eager's LTX-2 rotation,
# out = x * cos + rotate_half(x) * sin in bf16 (addcmul), with per-head bf16 tables
# [B, H, S, R/2] (R = D) broadcast to [B, S, H, D]
def rotate_half(t):
    t1, t2 = t.chunk(2, dim=-1)
    return torch.cat((-t2, t1), dim=-1)


for B, S, H, D, transposed in ((2, 37, 4, 128, True), (1, 9, 3, 64, False), (4, 25, 32, 64, True)):
    torch.manual_seed(1000 + B * S + D)
    x = torch.empty(B, S, H, D, device="cuda", dtype=torch.bfloat16).uniform_(-2, 2)
    th = torch.empty(B, S, H, D // 2, device="cuda").uniform_(-3.2, 3.2)
    if transposed:  # [B, H, S, R/2] views of [B, S, H, R/2] memory, as LTX-2 passes them
        cos = th.cos().to(torch.bfloat16).permute(0, 2, 1, 3)
        sin = th.sin().to(torch.bfloat16).permute(0, 2, 1, 3)
    else:
        cos = th.cos().to(torch.bfloat16).permute(0, 2, 1, 3).contiguous()
        sin = th.sin().to(torch.bfloat16).permute(0, 2, 1, 3).contiguous()
    cos_full = torch.cat((cos, cos), dim=-1).permute(0, 2, 1, 3)  # [B, S, H, D]
    sin_full = torch.cat((sin, sin), dim=-1).permute(0, 2, 1, 3)
    eager = torch.addcmul(x * cos_full, rotate_half(x), sin_full)
    what = f"rope_per_head eager_bf16 {(B, S, H, D)}{' transposed tables' if transposed else ''}"
    out = torch.full_like(x, float("nan"))
    r = fusegen.rope_per_head(x, cos, sin, pairing="half", rounding="eager_bf16", out=out)
    torch.cuda.synchronize()
    check(r is out, what + ": out of place returns out")
    check(torch.equal(out, eager), what + ": out of place, bit for bit eager "
          f"({(out != eager).sum().item()} of {out.numel()} differ)")
    check(fusegen.last_kernel().startswith(f"rope_per_head_bf16_tabbf16_roundeager_bf16_pairhalf_d{D}_rotfull_vec16_"),
          what + ": kernel " + fusegen.last_kernel())
    y = x.clone()
    fusegen.rope_per_head(y, cos, sin, pairing="half", rounding="eager_bf16")
    torch.cuda.synchronize()
    check(torch.equal(y, eager), what + ": in place, bit for bit eager")
    # fp32 rounding (one rounding) is close, not necessarily equal
    z = fusegen.rope_per_head(x, cos, sin, pairing="half", rounding="fp32", out=torch.empty_like(x))
    torch.cuda.synchronize()
    ref = torch.addcmul(x.double() * cos_full.double(), rotate_half(x.double()), sin_full.double())
    check(rel(z, ref) < 1e-2, what + ": fp32 rounding against float64")

try:
    h = torch.randn(2, 8, 4, 64, device="cuda", dtype=torch.float16)
    t = torch.rand(2, 4, 8, 32, device="cuda", dtype=torch.float16)
    fusegen.rope_per_head(h, t, t, pairing="half", rounding="eager_bf16")
    check(False, "eager_bf16 with fp16 x accepted")
except fusegen.FusegenError as e:
    check(e.status_name == "FG_ERR_UNSUPPORTED" and "eager_bf16" in e.message, f"eager_bf16 with fp16 x: {e}")

# rope_cos_sin_cache: fp32 packed cache [P, R] (cosines then sines), int64 positions
# [B, S] + position_offset, partial R, against float64
torch.manual_seed(77)
x = torch.empty(2, 50, 6, 128, device="cuda", dtype=torch.bfloat16).uniform_(-1, 1)
P, R, offset = 300, 64, 10
th = torch.empty(P, R // 2, device="cuda", dtype=torch.float64).uniform_(-3.2, 3.2)
cache = torch.cat((th.cos(), th.sin()), dim=-1).float()
positions = torch.randint(-offset, P - offset, (2, 50), device="cuda", dtype=torch.int64)
rows = positions + offset
c = cache.double()[rows][..., : R // 2].unsqueeze(-2)  # [B, S, 1, R/2]
s = cache.double()[rows][..., R // 2:].unsqueeze(-2)
xf = x.double()
a, b = xf[..., 0:R:2], xf[..., 1:R:2]
ref = torch.cat((torch.stack((a * c - b * s, b * c + a * s), -1).flatten(-2), xf[..., R:]), -1)
out = torch.full_like(x, float("nan"))
fusegen.rope_cos_sin_cache(x, cache, positions, pairing="interleaved", position_offset=offset, out=out)
torch.cuda.synchronize()
check(rel(out, ref) < 1e-2 and not out.isnan().any(), f"rope_cos_sin_cache: rel {rel(out, ref):.3g}")
check(torch.equal(out[..., R:], x[..., R:]), "rope_cos_sin_cache: pass-through dims copied")
# R < D: the variant budget builds unrolled partial rotation for the qknorm ops
# only; this call runs the general variant (head_dim any)
check(fusegen.last_kernel().startswith("rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16_"),
      "rope_cos_sin_cache kernel " + fusegen.last_kernel())

# qknorm_rope_cos_sin_cache: q and k in place as views of one qkv tensor, fp32
# weights, keyword scalars (eps, norm_rounding), returns (q, k); against float64
torch.manual_seed(78)
T, HQ, HK, D, R, P = 40, 8, 2, 128, 128, 64
qkv = torch.empty(T, HQ + 2 * HK, D, device="cuda", dtype=torch.bfloat16).uniform_(-2, 2)
q, k = qkv[:, :HQ], qkv[:, HQ:HQ + HK]
wq = torch.empty(D, device="cuda").uniform_(0.5, 1.5)
wk = torch.empty(D, device="cuda").uniform_(0.5, 1.5)
th = torch.empty(P, R // 2, device="cuda", dtype=torch.float64).uniform_(-3.2, 3.2)
cache = torch.cat((th.cos(), th.sin()), dim=-1).float()
positions = torch.randint(0, P, (T,), device="cuda", dtype=torch.int32)


def qk_ref(x, w):
    xf = x.double()
    y = xf * (torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6) * w.double())
    c = cache.double()[positions.long()][:, None, : R // 2]
    s = cache.double()[positions.long()][:, None, R // 2:]
    a, b = y[..., 0::2], y[..., 1::2]
    return torch.stack((a * c - b * s, b * c + a * s), -1).flatten(-2)


ref_q, ref_k, v_before = qk_ref(q, wq), qk_ref(k, wk), qkv[:, HQ + HK:].clone()
rq, rk = fusegen.qknorm_rope_cos_sin_cache(q, k, wq, wk, cache, positions, "interleaved", eps=1e-6)
torch.cuda.synchronize()
check(rq is q and rk is k, "qknorm_rope_cos_sin_cache returns (q, k)")
check(rel(q, ref_q) < 1e-2 and rel(k, ref_k) < 1e-2, f"qknorm_rope_cos_sin_cache: rel {rel(q, ref_q):.3g}, {rel(k, ref_k):.3g}")
check(torch.equal(qkv[:, HQ + HK:], v_before), "qknorm_rope_cos_sin_cache: v unchanged")
check(fusegen.last_kernel().startswith("qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16_"),
      "qknorm kernel " + fusegen.last_kernel())
try:
    fusegen.qknorm_rope_cos_sin_cache(q, k, wq[:64], wk, cache, positions, "interleaved")
    check(False, "short q_weight accepted")
except fusegen.FusegenError as e:
    check(e.status_name == "FG_ERR_SHAPE" and "q_weight" in e.message, f"short q_weight: {e}")

finish()
