"""fusegen: fused, memory-bound GPU kernels of diffusion transformers (rotary
embeddings, QK norm + rotary, norm + modulation), generated ahead of time.

Every op of the library is a function here and, with PyTorch installed, a
PyTorch custom op (torch.ops.fusegen.<op>, and <op>_ for the in-place form of
ops whose output may alias an input):

    import torch, fusegen
    fusegen.rope(q, cos, sin, pairing="interleaved")           # in place
    fusegen.rope(q, cos, sin, out=torch.empty_like(q))          # out of place
    torch.ops.fusegen.rope_(q, cos, sin, "interleaved")         # the same, as a torch op

Tensors are PyTorch tensors or any object with __dlpack__. The library checks
every argument, as for C callers; a call it refuses raises FusegenError with
its status and message. Calls launch on the current PyTorch stream (or the
stream= given) and can be captured in CUDA graphs; under torch.compile the
functions become the torch ops, so graphs have no break.
"""

import os as _os

from . import _ext
from . import fusegen_api as _api

__all__ = ["FusegenError", "OPS", "ENUMS", "version", "last_kernel", "gpu_model", "set_pdl", "pdl", "library_path",
           "include_dir"]

STATUS_NAMES = {s: _ext.status_name(s) for s in range(9)}


class FusegenError(RuntimeError):
    """A call the library refused, or a CUDA error: .status (int), .status_name
    ("FG_ERR_SHAPE"), .message (the library's fg_last_error())."""

    def __init__(self, status, message):
        self.status = status
        self.status_name = _ext.status_name(status)
        self.message = message
        super().__init__(f"{self.status_name}: {message}")

    def __reduce__(self):
        return (type(self), (self.status, self.message))


OPS = _api.OPS  # every op's tensors and scalars, from its spec
ENUMS = _api.ENUMS


def version():
    """The library's version, "0.1.0"."""
    return _ext.version()


def gpu_model(device=0):
    """The GPU model whose tuned kernels run on CUDA device `device` ("h200"),
    or "" where it runs its target's default ones (docs/tuning.md)."""
    return _ext.gpu_model(int(device))


def set_pdl(on):
    """Programmatic dependent launch (compute capability 9.0 and later) for
    this thread's later calls: each kernel may be scheduled while the kernel
    before it on the stream is still running, and waits for that kernel's
    writes before it touches memory (fg_set_pdl in fusegen.h). Returns the
    setting before. Results are the same either way."""
    return _ext.set_pdl(bool(on))


def pdl():
    """This thread's programmatic dependent launch setting (False by default)."""
    return _ext.pdl()


def last_kernel():
    """The kernel that the last successful call on this thread launched."""
    return _ext.last_kernel()


_HERE = _os.path.dirname(_os.path.abspath(__file__))


def library_path():
    """The package's libfusegen.so, for C callers (ctypes, or linking)."""
    return _os.path.join(_HERE, "libfusegen.so")


def include_dir():
    """The folder of fusegen.h and fusegen_ops.h."""
    return _os.path.join(_HERE, "include")


try:
    import torch as _torch
except ImportError:
    _torch = None

_api._ext = _ext
if _torch is not None:
    def _current_stream(device_index):
        return _torch.cuda.current_stream(device_index).cuda_stream

    # torch.Tensor and Parameter take the DLPack C exchange API (PyTorch 2.10 on)
    FAST_PATH = _ext._init(FusegenError, _torch.Tensor, _current_stream, _torch.Tensor, _torch.nn.Parameter)
    from . import _torch_ops  # noqa: E402,F401  (registers torch.ops.fusegen.*)

    _api._ops = _torch.ops.fusegen
    _api._is_compiling = _torch.compiler.is_compiling
else:
    FAST_PATH = False
    _ext._init(FusegenError)

globals().update(_api.FUNCTIONS)
__all__ += sorted(_api.FUNCTIONS)
__version__ = version()
