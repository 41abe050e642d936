"""Python binding of libfusegen, through ctypes: no compilation needed.

Tensors are PyTorch tensors or any object with __dlpack__ (CuPy, JAX, ...);
the library itself checks every argument, exactly as for C callers, and a
bad call raises FusegenError with the library's status and message.

    import fusegen
    fusegen.rope(q, cos, sin, pairing="interleaved")            # in place
    out = torch.empty_like(q); fusegen.rope(q, cos, sin, out=out)

The ops and their arguments come from generated/python/fusegen_ops.py (written
by the generator from gen/specs/). The library is found through FUSEGEN_LIB,
or next to this file's checkout (build/libfusegen.so).
"""

import ctypes
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(os.path.dirname(_HERE))
sys.path.insert(0, os.path.join(_ROOT, "generated", "python"))
import fusegen_ops  # noqa: E402  (generated)

STATUS_NAMES = {
    0: "FG_OK", 1: "FG_ERR_INVALID_ARGUMENT", 2: "FG_ERR_DTYPE", 3: "FG_ERR_SHAPE",
    4: "FG_ERR_STRIDE", 5: "FG_ERR_ALIGNMENT", 6: "FG_ERR_DEVICE", 7: "FG_ERR_UNSUPPORTED",
    8: "FG_ERR_CUDA",
}


class FusegenError(RuntimeError):
    """A call the library refused (or a CUDA error): .status, .status_name, .message."""

    def __init__(self, status, message):
        self.status = status
        self.status_name = STATUS_NAMES.get(status, str(status))
        self.message = message
        super().__init__(f"{self.status_name}: {message}")


# --- DLPack structures (dlpack/dlpack.h) -------------------------------------------
class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32),
        ("dtype", DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64),
    ]


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


KDLCUDA = 2
_TORCH_DTYPES = None  # torch dtype -> (code, bits), filled on first use


def _load_library():
    path = os.environ.get("FUSEGEN_LIB") or os.path.join(_ROOT, "build", "libfusegen.so")
    lib = ctypes.CDLL(path)
    _sym(lib, "last_error").restype = ctypes.c_char_p
    _sym(lib, "version").restype = ctypes.c_char_p
    _sym(lib, "_last_kernel").restype = ctypes.c_char_p
    _sym(lib, "_bytes_moved").restype = ctypes.c_int64
    _sym(lib, "_bytes_moved").argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    return lib


def _sym(lib, name):
    """The library's function `name` under the prefix it was generated with."""
    return getattr(lib, fusegen_ops.SYMBOL_PREFIX + name)


_lib = None


def library():
    """The loaded libfusegen (ctypes.CDLL)."""
    global _lib
    if _lib is None:
        _lib = _load_library()
    return _lib


def version():
    return _sym(library(), "version")().decode()


def last_kernel():
    """Name of the kernel the last successful call on this thread launched."""
    return _sym(library(), "_last_kernel")().decode()


class _View:
    """A DLTensor for one argument, with whatever keeps its memory alive."""

    def __init__(self, name, obj):
        self.keep = obj
        if _is_torch(obj):
            self._from_torch(obj)
        elif hasattr(obj, "__dlpack__"):
            self._from_dlpack(name, obj)
        else:
            raise TypeError(f"{name}: expected a tensor (PyTorch or any object with __dlpack__), "
                            f"got {type(obj).__name__}")

    def _from_torch(self, t):
        global _TORCH_DTYPES
        import torch
        if _TORCH_DTYPES is None:
            _TORCH_DTYPES = {
                torch.float32: (2, 32), torch.float16: (2, 16), torch.bfloat16: (4, 16),
                torch.float64: (2, 64), torch.int32: (0, 32), torch.int64: (0, 64),
                torch.int8: (0, 8), torch.uint8: (1, 8), torch.int16: (0, 16), torch.bool: (6, 8),
            }
        code, bits = _TORCH_DTYPES.get(t.dtype, (255, t.element_size() * 8))
        nd = t.dim()
        self.shape = (ctypes.c_int64 * max(nd, 1))(*t.shape)
        self.strides = (ctypes.c_int64 * max(nd, 1))(*t.stride())
        dev = DLDevice(KDLCUDA if t.is_cuda else 1, t.device.index if t.is_cuda else 0)
        self.t = DLTensor(t.data_ptr() or None, dev, nd, DLDataType(code, bits, 1),
                          self.shape, self.strides, 0)
        self.ptr = ctypes.pointer(self.t)

    def _from_dlpack(self, name, obj):
        try:
            capsule = obj.__dlpack__(stream=-1)  # no producer/consumer stream sync: the caller orders
        except TypeError:
            capsule = obj.__dlpack__()
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype = ctypes.c_void_p
        get.argtypes = [ctypes.py_object, ctypes.c_char_p]
        addr = get(capsule, b"dltensor")
        if not addr:
            raise TypeError(f"{name}: __dlpack__ did not return a DLPack capsule")
        self.capsule = capsule  # its destructor releases the tensor after the call
        self.ptr = ctypes.cast(addr, ctypes.POINTER(DLTensor))


def _is_torch(obj):
    mod = type(obj).__module__
    return mod.startswith("torch") and hasattr(obj, "data_ptr")


def _stream_of(stream, tensors):
    if stream is not None:
        return getattr(stream, "cuda_stream", stream)
    for t in tensors:
        if t is not None and _is_torch(t) and t.is_cuda:
            import torch
            return torch.cuda.current_stream(t.device).cuda_stream
    return 0


def _make_op(op_name, desc):
    tensors = desc["tensors"]
    scalars = desc["scalars"]
    fn = _sym(library(), op_name)
    fn.restype = ctypes.c_int
    sig_addr = ctypes.addressof(ctypes.c_char.in_dll(library(), fusegen_ops.SYMBOL_PREFIX + "_" + op_name + "_sig"))
    required = [t[0] for t in tensors if not t[2]]
    optional = [t[0] for t in tensors if t[2]]

    def bind(args, kwargs):
        values = {}
        names = required + [s[0] for s in scalars]
        if len(args) > len(names):
            raise TypeError(f"{op_name}() takes at most {len(names)} positional arguments")
        for name, value in zip(names, args):
            values[name] = value
        for name, value in kwargs.items():
            if name in values:
                raise TypeError(f"{op_name}() got two values for {name}")
            if name not in names and name not in optional and name != "stream":
                raise TypeError(f"{op_name}() got an unexpected argument {name}")
            values[name] = value
        for name in required:
            if name not in values:
                raise TypeError(f"{op_name}() missing tensor {name}")
        return values

    def call(*args, **kwargs):
        values = bind(args, kwargs)
        views = [None if values.get(t[0]) is None else _View(t[0], values[t[0]]) for t in tensors]
        cargs = [v.ptr if v is not None else None for v in views]
        for sname, stype, default in scalars:
            value = values.get(sname)
            if value is None:
                value = default
            if stype in fusegen_ops.ENUMS:
                names = fusegen_ops.ENUMS[stype]
                if value is None:
                    value = names[0]
                if isinstance(value, str):
                    if value not in names:
                        raise ValueError(f"{op_name}: {sname} = {value!r}; one of {names}")
                    value = names.index(value)
                cargs.append(ctypes.c_int(int(value)))
            elif value is None:
                raise TypeError(f"{op_name}() missing scalar {sname}")
            elif stype == "f32":
                cargs.append(ctypes.c_float(float(value)))
            else:
                cargs.append(ctypes.c_int64(int(value)))
        stream = _stream_of(values.get("stream"), [values.get(t[0]) for t in tensors])
        cargs.append(ctypes.c_void_p(stream))
        status = fn(*cargs)
        if status != 0:
            raise FusegenError(status, _sym(library(), "last_error")().decode())
        out = [values.get(t[0]) for t in tensors if t[1] != "in"]
        out = [o for o in out if o is not None]
        if not out:  # in place: the input it writes
            src = [t[0] for t in tensors if t[1] == "in"][0]
            return values[src]
        return out[0] if len(out) == 1 else tuple(out)

    def bytes_moved(*args, **kwargs):
        """Bytes the call must move (each input read once, each output written once)."""
        values = bind(args, kwargs)
        views = [None if values.get(t[0]) is None else _View(t[0], values[t[0]]) for t in tensors]
        arr = (ctypes.c_void_p * len(tensors))(*[ctypes.cast(v.ptr, ctypes.c_void_p) if v else None for v in views])
        return _sym(library(), "_bytes_moved")(ctypes.c_void_p(sig_addr), arr)

    args_doc = ", ".join(required + [s[0] for s in scalars] + [o + "=None" for o in optional] + ["stream=None"])
    call.__name__ = op_name
    call.__doc__ = f"{op_name}({args_doc}): {desc['summary']}. Raises FusegenError on a bad call."
    call.bytes_moved = bytes_moved
    return call


def __getattr__(name):
    if name in fusegen_ops.OPS:
        f = _make_op(name, fusegen_ops.OPS[name])
        globals()[name] = f
        return f
    raise AttributeError(name)
