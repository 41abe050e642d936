"""Example calls of any op, found from its spec data (fusegen.OPS): the symbols
of its dims drawn from small sizes, its dtypes from its dtype groups, optional
tensors given or not, and the library's own checks as the judge of what is a
valid call. For tests and benchmarks that must cover every op, including ops
added later. Needs PyTorch and a GPU.

    tensors, scalars = fusegen.testing.example_call("rope")
    fusegen.rope(**tensors, **scalars)
"""
import random

import torch

from . import ENUMS, OPS, FusegenError
from . import fusegen_api as _api

DTYPES = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16, "i32": torch.int32,
          "i64": torch.int64, "i8": torch.int8, "u8": torch.uint8}
SIZES = (1, 2, 3, 4, 8, 16, 32, 64, 96, 128, 256)
TINY = (1, 2, 4, 8, 16, 64)


def torch_dtype(name):
    """The PyTorch dtype of a spec's dtype name (fp8 names: float8_e4m3fn, float8_e5m2)."""
    if name in DTYPES:
        return DTYPES[name]
    if "e4m3" in name:
        return torch.float8_e4m3fn
    if "e5m2" in name:
        return torch.float8_e5m2
    raise KeyError(f"no PyTorch dtype for the spec dtype {name!r}")


def parse_dim(d):
    """A spec dim: (symbol or None, divisor, multiplier, broadcast, optional):
    "S", "B?" (an optional leading dim), "B|1" (the size or 1), "B|1?", "R/2",
    "C*2", "1" (always 1)."""
    if d == "1":
        return None, 1, 1, False, False
    optional = d.endswith("?")
    d = d.rstrip("?")
    broadcast = d.endswith("|1")
    if broadcast:
        d = d[:-2]
    div = mul = 1
    if "/" in d:
        d, div = d.split("/")
    elif "*" in d:
        d, mul = d.split("*")
    return d, int(div), int(mul), broadcast, optional


def draw(op, rng, sizes=SIZES, device="cuda"):
    """One random call of op: its tensors by name (every output allocated, each
    optional input given or None) and its scalars by name."""
    desc = OPS[op]
    divs = {}
    for t in desc["tensors"]:
        for d in t[4]:
            s, div, _, _, _ = parse_dim(d)
            if s is not None:
                divs[s] = max(divs.get(s, 1), div)
    vals = {s: rng.choice(sizes) * div for s, div in divs.items()}
    lead = {s: rng.random() < 0.5 for s in divs}
    given = rng.random() < 0.5  # optional inputs: all given or none (residual forms)
    groups, tensors = {}, {}
    for name, access, optional, inplace_of, dims, group, dtypes in desc["tensors"]:
        dt = groups.setdefault(group, rng.choice(dtypes))
        shape = []
        for d in dims:
            s, div, mul, broadcast, opt = parse_dim(d)
            if s is None:
                shape.append(1)
            elif opt and not lead[s]:
                continue
            elif broadcast and rng.random() < 0.3:
                shape.append(1)
            else:
                shape.append(vals[s] // div * mul)
        if optional and not inplace_of and not (given if rng.random() < 0.9 else not given):
            tensors[name] = None
            continue
        td = torch_dtype(dt)
        if td.is_floating_point:  # positive: a valid scale for the quantising ops too
            t = (torch.rand(shape, device=device) * 0.9 + 0.1).to(td)
        else:
            t = torch.zeros(shape, device=device, dtype=td)  # a valid index for any table
        tensors[name] = t
    scalars = {}
    for name, typ, default in desc["scalars"]:
        if typ in ENUMS:
            scalars[name] = rng.choice(ENUMS[typ])
        elif default is not None:
            scalars[name] = default
        else:
            scalars[name] = 0.5 if typ == "f32" else 0
    return tensors, scalars


def clone_all(tensors):
    return {k: (v.clone() if v is not None else None) for k, v in tensors.items()}


def example_call(op, seed=None, sizes=SIZES, tries=4000):
    """A call of op that the library accepts: (tensors, scalars), by name; None
    if none was found in `tries` draws."""
    rng = random.Random(op if seed is None else seed)
    fn = _api.FUNCTIONS[op]
    for _ in range(tries):
        tensors, scalars = draw(op, rng, sizes)
        try:
            fn(**clone_all(tensors), **scalars)
        except FusegenError:
            continue
        return tensors, scalars
    return None


def schema_call(opoverload, values):
    """Call a torch op with its arguments by name, placed as its schema orders them."""
    args, kwargs = [], {}
    for a in opoverload._schema.arguments:
        if a.name not in values:
            continue
        if a.kwarg_only:
            kwargs[a.name] = values[a.name]
        else:
            args.append(values[a.name])
    return opoverload(*args, **kwargs)
