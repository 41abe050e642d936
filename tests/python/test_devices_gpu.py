"""Calls on a GPU other than the current one, on a machine with two: the ops run
on their tensors' device, as PyTorch's own ops do, whatever the current device,
and leave the current device as it was. With cuda:0 current and the tensors on
cuda:1, each call form (the function, torch.ops.fusegen, torch.compile) gives
what the same call gives on cuda:0, bit for bit, within ops.md's tolerance of a
float64 reference, on cuda:1's current stream; a stream of cuda:0 and tensors
on two devices are refused (FG_ERR_DEVICE), with nothing written. With fewer
than two GPUs there is nothing to test: it says so and passes. Run by the test
runner (test_python_binding); prints `N passed, N failed`."""
import sys
import warnings

import torch

import fusegen

from checks import check, finish  # tests/python/checks.py

warnings.filterwarnings("ignore")


if torch.cuda.device_count() < 2:
    print("0 passed, 0 failed (fewer than two GPUs)")
    sys.exit(0)

torch.cuda.set_device(0)
gen = torch.Generator().manual_seed(2026)
ROWS, C, EPS = 333, 4096, 1e-6
x_host = torch.randn(ROWS, C, generator=gen).to(torch.bfloat16)
w_host = (torch.rand(C, generator=gen) + 0.5).to(torch.bfloat16)
xd, wd = x_host.double(), w_host.double()
ref = xd * torch.rsqrt(xd.pow(2).mean(dim=1, keepdim=True) + EPS) * wd


def on(dev):
    return x_host.to(dev), w_host.to(dev), torch.full((ROWS, C), float("nan"), dtype=torch.bfloat16, device=dev)


# cuda:0's result, made with cuda:0 current: what cuda:1 must give
x0, w0, out0 = on("cuda:0")
fusegen.rmsnorm(x0, w0, EPS, out=out0)
want = out0.cpu()
# ops.md: bf16 output, 2 units in the last place of the float64 value
err = (want.double() - ref).abs() - 2 * 2.0**-8 * ref.abs()
check(bool((err <= 1e-6).all()), f"cuda:0 against the float64 reference: worst excess {err.max().item():.3g}")

compiled = torch.compile(lambda a, b, o: fusegen.rmsnorm(a, b, EPS, out=o), fullgraph=True)
forms = (("function", lambda a, b, o: fusegen.rmsnorm(a, b, EPS, out=o)),
         ("torch.ops", lambda a, b, o: torch.ops.fusegen.rmsnorm(a, b, EPS, out=o)),
         ("torch.compile", compiled))
for name, fn in forms:
    x1, w1, out1 = on("cuda:1")
    torch.cuda.synchronize(1)
    try:
        fn(x1, w1, out1)
        torch.cuda.synchronize(1)
        check(torch.equal(out1.cpu(), want), f"{name}: cuda:1's result, cuda:0 current, equals cuda:0's")
    except fusegen.FusegenError as e:
        check(False, f"{name}: tensors on cuda:1 with cuda:0 current refused: {e}")
    check(torch.cuda.current_device() == 0, f"{name}: the current device after the call is cuda:{torch.cuda.current_device()}")
    check(torch.equal(x1.cpu(), x_host), f"{name}: the input unchanged")

# cuda:1's current stream: the call, after a long kernel on a side stream of
# cuda:1 that writes its input, sees the written input only if it runs there
side = torch.cuda.Stream(device=1)
x1, w1, out1 = on("cuda:1")
buf = torch.zeros_like(x1)
torch.cuda.synchronize(1)
with torch.cuda.stream(side):  # side becomes cuda:1's current stream (and cuda:1 current)
    with torch.cuda.device(1):
        torch.cuda._sleep(50_000_000)
        buf.copy_(x1)
    torch.cuda.set_device(0)
    try:
        fusegen.rmsnorm(buf, w1, EPS, out=out1)
    except fusegen.FusegenError as e:
        check(False, f"side stream: tensors on cuda:1 with cuda:0 current refused: {e}")
    check(torch.cuda.current_device() == 0, "side stream: the current device after the call")
torch.cuda.set_device(0)
torch.cuda.synchronize(1)
check(torch.equal(out1.cpu(), want), "side stream: the call ran on cuda:1's current stream, after the copy")

# a stream of cuda:0 for tensors on cuda:1: refused (FG_ERR_DEVICE), nothing
# written, cuda:0 still current
x1, w1, out1 = on("cuda:1")
try:
    fusegen.rmsnorm(x1, w1, EPS, out=out1, stream=torch.cuda.Stream(device=0))
    check(False, "a stream of cuda:0 for tensors on cuda:1 accepted")
except fusegen.FusegenError as e:
    check(e.status_name == "FG_ERR_DEVICE" and "a stream of cuda:0" in e.message, f"a stream of cuda:0 for tensors on cuda:1: {e}")
torch.cuda.synchronize(1)
check(bool(torch.isnan(out1.float()).all()), "a stream of the other device: nothing written")
check(torch.cuda.current_device() == 0, "a stream of the other device: the current device after the call")

# tensors on two devices: refused, nothing written
x1, _, out1 = on("cuda:1")
for name, fn in forms[:2]:
    try:
        fn(x1, w0, out1)
        check(False, f"{name}: x on cuda:1 and weight on cuda:0 accepted")
    except fusegen.FusegenError as e:
        check(e.status_name == "FG_ERR_DEVICE", f"{name}: {e}")
    torch.cuda.synchronize(1)
    check(bool(torch.isnan(out1.float()).all()), f"{name}: the refused call wrote nothing")
    check(torch.cuda.current_device() == 0, f"{name}: the current device after a refused call")

finish()
