"""Tests of the Python binding (runtime/python/fusegen.py) on a GPU with PyTorch.
Run by the test runner (test_python_binding) when python3 can import torch and
sees a GPU; prints `N passed, N failed`."""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "runtime", "python"))
import fusegen  # noqa: E402

passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


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
        check(fusegen.last_kernel().startswith("rope_bf16_tabfp32_" + pairing), "last_kernel names the variant")
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

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
