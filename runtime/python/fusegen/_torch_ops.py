"""The ops as PyTorch custom ops: torch.ops.fusegen.<op> (outputs as mutated
arguments) and torch.ops.fusegen.<op>_ (in place, where the spec lets an output
alias an input). Schemas and kernels come from the specs
(generated/python/fusegen_api.py); each kernel calls the compiled entry point,
which converts the tensors, takes the current stream and lets the library check
the call. Every output being a mutated argument, the fake implementation
allocates nothing and returns nothing: shapes and dtypes are the caller's
tensors'.
"""

import torch

from . import fusegen_api as _api

_lib = torch.library.Library("fusegen", "DEF")


def _fake(*args, **kwargs):
    return None


for _name, _schema in _api.SCHEMAS.items():
    _lib.define(_schema)
    # CPU too: the library then refuses host tensors with its own status and
    # message (FG_ERR_DEVICE), as it does for C callers
    _lib.impl(_name, _api.KERNELS[_name], "CUDA")
    _lib.impl(_name, _api.KERNELS[_name], "CPU")
    torch.library.register_fake("fusegen::" + _name, _fake, lib=_lib)
