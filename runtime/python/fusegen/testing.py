"""Example calls of any op, found from its spec data (fusegen.OPS): the symbols
of its dims drawn from small sizes, its dtypes from its dtype groups, optional
tensors given or not, and the library's own checks as the judge of what is a
valid call. For tests and benchmarks that must cover every op, including ops
added later. Needs PyTorch and a GPU.

    tensors, scalars = fusegen.testing.example_call("rope")
    fusegen.rope(**tensors, **scalars)
"""
import random
import re

import torch

from . import ENUMS, OPS, FusegenError
from . import fusegen_api as _api

DTYPES = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16, "i32": torch.int32,
          "i64": torch.int64, "i8": torch.int8, "u8": torch.uint8}
SIZES = (1, 2, 3, 4, 8, 16, 32, 64, 96, 128, 256)
TINY = (1, 2, 4, 8, 16, 64)
MAX_ELEMENTS = 1 << 22  # per tensor: a draw with a larger one is drawn again


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


_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Z][A-Z0-9_]*)|(.))")


def _arith(expr, vals):
    """The value of an integer expression over symbols (+ - * / % and parentheses,
    C's integer division), or None for anything else. Parsed, never run."""
    tokens = []
    for num, sym, op in _TOKEN.findall(expr):
        if num:
            tokens.append(int(num))
        elif sym:
            if sym not in vals:
                return None
            tokens.append(vals[sym])
        elif op.strip():
            if op not in "+-*/%()":
                return None
            tokens.append(op)
    pos = 0

    def atom():
        nonlocal pos
        t = tokens[pos] if pos < len(tokens) else None
        pos += 1
        if t == "(":
            v = add()
            pos += 1
            return v
        if t == "-":
            return -atom()
        if isinstance(t, int):
            return t
        raise ValueError(expr)

    def mul():
        nonlocal pos
        v = atom()
        while pos < len(tokens) and tokens[pos] in ("*", "/", "%"):
            o = tokens[pos]
            pos += 1
            r = atom()
            v = v * r if o == "*" else (int(v / r) if o == "/" else v - r * int(v / r))
        return v

    def add():
        nonlocal pos
        v = mul()
        while pos < len(tokens) and tokens[pos] in ("+", "-"):
            o = tokens[pos]
            pos += 1
            v = v + mul() if o == "+" else v - mul()
        return v

    try:
        v = add()
        return v if pos == len(tokens) else None
    except (ValueError, ZeroDivisionError, IndexError, TypeError):
        return None


def _satisfy(constraints, vals):
    """Sizes that meet the constraints of the form `SYM == expression`."""
    for _ in range(2):
        for c in constraints:
            for part in c.split("&&"):
                m = re.match(r"^\s*\(?\s*([A-Z][A-Z0-9_]*)\s*==\s*(.+?)\s*\)?\s*$", part)
                if m and "||" not in part and m.group(1) in vals:
                    v = _arith(m.group(2), vals)
                    if v is not None and v > 0:
                        vals[m.group(1)] = v


def draw(op, rng, sizes=SIZES, device="cuda"):
    """One random call of op: its tensors by name (every output allocated, each
    optional input given or None) and its scalars by name; None if a tensor
    would hold more than MAX_ELEMENTS."""
    desc = OPS[op]
    divs = {}
    for t in desc["tensors"]:
        for d in t[4]:
            s, div, _, _, _ = parse_dim(d)
            if s is not None:
                divs[s] = max(divs.get(s, 1), div)
    vals = {s: rng.choice(sizes) * div for s, div in divs.items()}
    _satisfy(desc.get("constraints", ()), vals)
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
        elements = 1
        for n in shape:
            elements *= n
        if elements > MAX_ELEMENTS:
            return None
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
        drawn = draw(op, rng, sizes)
        if drawn is None:
            continue
        tensors, scalars = drawn
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
