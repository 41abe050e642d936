"""The installed package, on any machine (no GPU needed): run after `pip install .`
from outside the checkout's runtime/python. Checks that `fusegen` imports from
where pip put it, carries its library and headers, has every op of the specs,
converts arguments and reports the library's refusals; with PyTorch, that every
torch.ops.fusegen schema is registered as generated, with its mutated arguments
declared, that the fake implementations trace, and that torch.compile with
fullgraph=True turns the functions into the torch ops with no graph break
(run on host tensors, with stand-in kernels, since there is no GPU).
Prints `N passed, N failed`."""
import ctypes
import importlib.util
import os
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from checks import check, finish  # tests/python/checks.py


def raises(fn, exc):
    try:
        fn()
    except exc as e:
        return e
    return None


sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.join(ROOT, "runtime", "python")]
import fusegen  # noqa: E402

here = os.path.dirname(os.path.abspath(fusegen.__file__))
check(not here.startswith(os.path.join(ROOT, "runtime")), f"fusegen imported from the install, not the checkout: {here}")
check(fusegen.version() == fusegen.__version__ and fusegen.version().count(".") == 2, "version " + fusegen.version())
check(os.path.isfile(fusegen.library_path()), "libfusegen.so inside the package")
try:
    model = fusegen.gpu_model(-1)
    check(False, f"gpu_model(-1) gave {model!r}, expected ValueError")
except ValueError as e:
    check("no CUDA device -1" in str(e), f"gpu_model(-1): {e}")
# programmatic dependent launch: a setting of the calling thread, off by default
check(fusegen.pdl() is False, "pdl() is False before set_pdl")
check(fusegen.set_pdl(True) is False and fusegen.pdl() is True, "set_pdl(True) returns the setting before")
check(fusegen.set_pdl(0) is True and fusegen.pdl() is False, "set_pdl(0) turns it off")
lib = ctypes.CDLL(fusegen.library_path())
lib.fg_version.restype = ctypes.c_char_p
check(lib.fg_version().decode() == fusegen.version(), "the package's libfusegen.so loads with ctypes")
check(os.path.isfile(os.path.join(fusegen.include_dir(), "fusegen.h")), "fusegen.h inside the package")

# every op of the specs, as generated in this checkout
spec = importlib.util.spec_from_file_location("generated_api", os.path.join(ROOT, "generated", "python", "fusegen_api.py"))
generated = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generated)
check(fusegen.OPS == generated.OPS, "the package's ops are the checkout's specs")
check(set(generated.OPS) <= set(dir(fusegen)), "a function for every op")
for name in generated.OPS:
    check(callable(getattr(fusegen, name, None)) and callable(getattr(fusegen, name).bytes_moved), name + " callable")

# refusals through DLPack host arrays (numpy): the library's status and message
try:
    import numpy as np
except ImportError:
    np = None
if np is not None:
    x = np.zeros((4, 2, 64), np.float32)
    c = np.zeros((4, 32), np.float32)
    e = raises(lambda: fusegen.rope(x, c, c), fusegen.FusegenError)
    check(e is not None and e.status_name == "FG_ERR_DEVICE" and e.status == 6 and "CUDA" in e.message,
          f"host arrays refused by the library: {e!r}")
    check(fusegen.rope.bytes_moved(x, c, c) == 2 * x.nbytes + 2 * c.nbytes, "bytes_moved")
    check(raises(lambda: fusegen.rope(x, c, c, pairing="sideways"), ValueError) is not None, "bad enum: ValueError")
    check(raises(lambda: fusegen.rope([1, 2], c, c), TypeError) is not None, "a list: TypeError")
    check(raises(lambda: fusegen.rope(x, c, c, out=None, eps=1.0), TypeError) is not None, "unknown argument: TypeError")
    q = np.zeros((4, 2, 64), np.float32)
    w = np.zeros(64, np.float32)
    e = raises(lambda: fusegen.qknorm_rope_cos_sin_cache(q, q, w, w, c, np.zeros(4, np.int64), "half", eps="x"),
               TypeError)
    check(e is not None and "eps" in str(e), f"a string for a float: {e!r}")

try:
    import torch
except ImportError:
    torch = None
if torch is None:
    print("PyTorch not installed: its part skipped")
else:
    from torch._subclasses.fake_tensor import FakeTensorMode

    for name, schema in generated.SCHEMAS.items():
        op = getattr(torch.ops.fusegen, name).default
        check(op._schema == torch._C.parse_schema("fusegen::" + schema), name + ": schema registered as generated")
        written = {a.name for a in op._schema.arguments if a.alias_info is not None and a.alias_info.is_write}
        desc = generated.OPS[name.rstrip("_")]
        inplace = name.endswith("_") and name.rstrip("_") in generated.OPS and name != name.rstrip("_")
        expect = set()
        for tn, access, optional, inplace_of, dims, group, dtypes in desc["tensors"]:
            if inplace and inplace_of:
                expect.add(inplace_of)
            elif access != "in":
                expect.add(tn)
        check(written == expect, f"{name}: mutated arguments {sorted(written)}, expected {sorted(expect)}")
        check(len(op._schema.returns) == 0, name + ": returns nothing (outputs are mutated arguments)")

    # torch.ops on host tensors: refused by the library, with its status
    t = torch.zeros(4, 2, 64)
    tc = torch.zeros(4, 32)
    e = raises(lambda: torch.ops.fusegen.rope_(t, tc, tc), fusegen.FusegenError)
    check(e is not None and e.status_name == "FG_ERR_DEVICE", f"torch.ops refusal: {e!r}")
    e = raises(lambda: fusegen.rope(t, tc, tc), fusegen.FusegenError)
    check(e is not None and e.status_name == "FG_ERR_DEVICE", f"torch tensors, host: {e!r}")

    # a PyTorch without the DLPack C exchange API: plain tensors through __dlpack__
    import subprocess
    code = ("import torch, fusegen\n"
            "class NoExchange: pass\n"
            "fusegen._ext._init(fusegen.FusegenError, NoExchange, lambda d: 0, torch.Tensor)\n"
            "try:\n    fusegen.rope(torch.zeros(4, 2, 64), torch.zeros(4, 32), torch.zeros(4, 32))\n"
            "except fusegen.FusegenError as e:\n    print(e.status_name)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/")
    check(r.stdout.strip() == "FG_ERR_DEVICE", f"without the exchange API: {r.stdout!r} {r.stderr[-300:]!r}")

    # fake implementations: CUDA tensors faked with no GPU
    with FakeTensorMode():
        fx = torch.empty(2, 8, 4, 128, device="cuda", dtype=torch.bfloat16)
        fc = torch.empty(8, 64, device="cuda")
        r = torch.ops.fusegen.rope(fx, fc, fc, "half", out=torch.empty_like(fx))
        check(r is None, "fake rope")
        r = fusegen.rope(fx, fc, fc, pairing="half")  # a fake tensor takes the torch.ops route
        check(r is fx, "the function with fake tensors goes through torch.ops")

    # fusegen.testing finds, from the spec data alone, calls of every op that pass
    # the library's argument checks: host tensors shown to the library as CUDA
    # tensors at addresses never dereferenced, so that its checks run up to the
    # device (where a machine without a GPU, or the fake addresses, stop them)
    import random

    import fusegen.testing

    class DLDevice(ctypes.Structure):
        _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int32)]

    class DLDataType(ctypes.Structure):
        _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]

    class DLTensor(ctypes.Structure):
        _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32),
                    ("dtype", DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                    ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]

    class DLManagedTensor(ctypes.Structure):
        _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]

    codes = {torch.float32: (2, 32), torch.float16: (2, 16), torch.bfloat16: (4, 16), torch.int32: (0, 32),
             torch.int64: (0, 64), torch.int8: (0, 8), torch.uint8: (1, 8), torch.float8_e4m3fn: (10, 8),
             torch.float8_e5m2: (12, 8)}
    capsule_new = ctypes.pythonapi.PyCapsule_New
    capsule_new.restype = ctypes.py_object
    capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    held = []

    class Described:
        """A tensor's descriptor on the GPU, at an address of its own, never read."""
        address = 1 << 40

        def __init__(self, t):
            self.t = t

        def __dlpack_device__(self):
            return (2, 0)

        def __dlpack__(self, stream=None):
            t = self.t
            Described.address += 1 << 36
            shape = (ctypes.c_int64 * max(t.dim(), 1))(*t.shape)
            strides = (ctypes.c_int64 * max(t.dim(), 1))(*t.stride())
            m = DLManagedTensor(DLTensor(Described.address, DLDevice(2, 0), t.dim(), DLDataType(*codes[t.dtype], 1),
                                         shape, strides, 0), None, None)
            held.append((shape, strides, m))
            return capsule_new(ctypes.addressof(m), b"dltensor", None)

    for name in generated.OPS:
        rng = random.Random(name)
        last = None
        for _ in range(2000):
            drawn = fusegen.testing.draw(name, rng, device="cpu")
            if drawn is None:
                continue
            tensors, scalars = drawn
            try:
                getattr(fusegen, name)(**{k: Described(v) if v is not None else None for k, v in tensors.items()},
                                       **scalars)
                last = None
                break
            except fusegen.FusegenError as e:
                last = e
                if e.status_name in ("FG_ERR_DEVICE", "FG_ERR_CUDA") and "DLPack device" not in e.message:
                    last = None
                    break
            finally:
                held.clear()
        check(last is None, f"{name}: an example call passes the argument checks (last refusal: {last})")

    # torch.compile(fullgraph=True): the functions become the torch ops, no graph
    # break; stand-in CPU kernels (each written tensor: its input + 1) check that
    # mutations of intermediates and of views survive functionalization
    def stand_in(name):
        schema = getattr(torch.ops.fusegen, name).default._schema
        src = {t[0]: t[3] for t in generated.OPS[name.rstrip("_")]["tensors"]}

        def kernel(*args, **kwargs):
            named = {a.name: v for a, v in zip(schema.arguments, args)}
            named.update(kwargs)
            for a in schema.arguments:
                v = named.get(a.name)
                if a.alias_info is not None and a.alias_info.is_write and v is not None:
                    if src.get(a.name):
                        v.copy_(named[src[a.name]])
                    v.add_(1)
        return kernel

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        impl = torch.library.Library("fusegen", "IMPL")
        for name in generated.SCHEMAS:
            impl.impl(name, stand_in(name), "CPU")

    def block(x, cos, sin, w, cache, pos):
        y = x * 2
        fusegen.rope(y, cos, sin)  # in place on an intermediate
        out = torch.empty_like(y)
        fusegen.rope(y, cos, sin, out=out)
        qkv = out.reshape(4, 3, 2, 64) * 1
        q, k = qkv[:, 0], qkv[:, 1]  # views, written in place
        fusegen.qknorm_rope_cos_sin_cache(q, k, w, w, cache, pos, "interleaved", 1e-6)
        return out + 1, qkv

    args = (torch.randn(4, 6, 64), torch.randn(4, 32), torch.randn(4, 32), torch.randn(64), torch.randn(8, 64),
            torch.zeros(4, dtype=torch.int64))
    generated_is_compiling = fusegen.fusegen_api._is_compiling
    fusegen.fusegen_api._is_compiling = lambda: True  # eager through torch.ops, on the stand-ins
    try:
        ref = block(*args)
    finally:
        fusegen.fusegen_api._is_compiling = generated_is_compiling
    explained = torch._dynamo.explain(block)(*args)
    check(explained.graph_count == 1 and explained.graph_break_count == 0,
          f"one graph, no break ({explained.graph_count} graphs, {explained.graph_break_count} breaks)")
    torch._dynamo.reset()
    got = torch.compile(block, fullgraph=True, backend="aot_eager")(*args)
    check(all(torch.equal(a, b) for a, b in zip(ref, got)), "compiled (aot_eager) = eager, mutations kept")
    torch._dynamo.reset()
    try:
        from torch._inductor.utils import run_and_get_code
        got, code = run_and_get_code(torch.compile(block, fullgraph=True), *args)
        check(all(torch.allclose(a, b) for a, b in zip(ref, got)), "compiled (inductor) = eager")
        text = "\n".join(code)
        check("torch.ops.fusegen.rope_.default" in text and "torch.ops.fusegen.qknorm_rope_cos_sin_cache.default" in text,
              "inductor calls the torch ops")
    except Exception as e:  # inductor needs a C++ compiler for host code
        check(False, f"inductor: {type(e).__name__}: {e}")

finish()
