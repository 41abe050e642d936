"""PyTorch integration of the installed package on a GPU: for every op of the
specs (inputs found from its spec data, the library's checks as the oracle), the
function and torch.ops.fusegen give the same results and torch.library.opcheck
passes; torch.compile(fullgraph=True) of a module calling the ops has no graph
break and gives the eager results; the ops run in CUDA graphs (torch.cuda.graph,
and torch.compile mode="reduce-overhead"); they launch on the current PyTorch
stream in eager mode, under compile and during capture; refused calls raise
FusegenError with the library's status and message. Run by the test runner
(test_python_binding); prints `N passed, N failed`."""
import itertools
import warnings

import torch

import fusegen

warnings.filterwarnings("ignore")
torch._dynamo.config.cache_size_limit = 64
from checks import check, finish  # tests/python/checks.py


from fusegen.testing import clone_all, example_call, schema_call  # noqa: E402


def same(a, b):
    return all((x is None and y is None) or torch.equal(x, y) for x, y in zip(a.values(), b.values()))


def utils_for(tensors):
    """opcheck's tests: all of them, but test_schema where a tensor is fp8: it
    compares the values before and after with arithmetic that PyTorch does not
    implement for float8_e4m3fn ("mul_cuda" not implemented); the others (fake
    tensors, autograd registration, AOT dispatch) still run."""
    fp8 = any(t is not None and t.dtype == torch.float8_e4m3fn for t in tensors.values())
    every = ("test_schema", "test_autograd_registration", "test_faketensor", "test_aot_dispatch_dynamic")
    return tuple(u for u in every if not (fp8 and u == "test_schema"))


for op, desc in fusegen.OPS.items():
    found = example_call(op)
    check(found is not None, f"{op}: found a call the library accepts")
    if found is None:
        continue
    tensors, scalars = found
    inplace = [t[0] for t in desc["tensors"] if t[3]]
    # out form: the function (direct) and torch.ops.fusegen.<op>
    a, b = clone_all(tensors), clone_all(tensors)
    getattr(fusegen, op)(**a, **scalars)
    schema_call(getattr(torch.ops.fusegen, op).default, {**b, **scalars})
    torch.cuda.synchronize()
    check(same(a, b), f"{op}: function and torch.ops agree")
    outs = [t[0] for t in desc["tensors"] if t[1] != "in" and a[t[0]] is not None and a[t[0]].element_size() > 1]
    check(all(a[o].float().isfinite().all() for o in outs), f"{op}: finite outputs")
    try:
        torch.library.opcheck(getattr(torch.ops.fusegen, op).default, (), {**clone_all(tensors), **scalars},
                              test_utils=utils_for(tensors))
        check(True, "")
    except Exception as e:
        check(False, f"{op}: opcheck: {type(e).__name__}: {e}")
    if inplace:  # in place: the function with the outputs None, and <op>_
        c, d = clone_all(tensors), clone_all(tensors)
        for n in inplace:
            c[n] = d[n] = None
        getattr(fusegen, op)(**c, **scalars)
        form = getattr(torch.ops.fusegen, op + "_").default
        schema_call(form, {**{k: v for k, v in d.items() if v is not None}, **scalars})
        torch.cuda.synchronize()
        check(same(c, d), f"{op}_: function and torch.ops agree")
        srcs = {t[0]: t[3] for t in desc["tensors"] if t[3]}
        check(all(torch.equal(c[srcs[n]], a[n]) for n in inplace), f"{op}_: in place = out of place")
        vals = {k: v for k, v in clone_all(tensors).items() if k not in inplace and v is not None}
        try:
            torch.library.opcheck(form, (), {**vals, **scalars}, test_utils=utils_for(tensors))
            check(True, "")
        except Exception as e:
            check(False, f"{op}_: opcheck: {type(e).__name__}: {e}")

    # under torch.compile, some outputs given and the others in place (the given
    # ones start as copies of their inputs): the same values as eager, and the
    # inputs of the given outputs untouched
    for k in range(1, len(inplace)):
        for given in itertools.combinations(inplace, k):
            e = clone_all(tensors)
            srcs = {t[0]: t[3] for t in desc["tensors"] if t[3]}
            for n in inplace:
                if n not in given:
                    e[n] = None
            before = {srcs[n]: e[srcs[n]].clone() for n in given}
            f = torch.compile(lambda kw, op=op: getattr(fusegen, op)(**kw, **scalars), fullgraph=True)
            f(e)
            torch.cuda.synchronize()
            got = [e[n] if n in given else e[srcs[n]] for n in inplace]
            check(all(torch.equal(g, a[n]) for g, n in zip(got, inplace)) and
                  all(torch.equal(e[s], v) for s, v in before.items()),
                  f"{op}: compiled with {', '.join(given)} given and the rest in place = eager")

# --- a block that calls the ops: torch.compile, CUDA graphs, streams ----------------------

B, L, H, D = 2, 64, 4, 128
C = H * D
torch.manual_seed(0)
W = torch.randn(C, 3 * C, device="cuda", dtype=torch.bfloat16) / C ** 0.5
wq = torch.rand(D, device="cuda") + 0.5
wk = torch.rand(D, device="cuda") + 0.5
th = torch.rand(L, D // 2, device="cuda", dtype=torch.float64) * 6
cache = torch.cat((th.cos(), th.sin()), -1).float()
pos = torch.arange(L, device="cuda").repeat(B, 1)


class Block(torch.nn.Module):
    def forward(self, x, scale, shift):
        h = torch.empty_like(x)
        fusegen.norm_modulate(x, h, scale, shift, norm="layer", eps=1e-6)
        qkv = (h @ W).view(B, L, 3 * H, D)
        q, k, v = qkv[:, :, :H], qkv[:, :, H:2 * H], qkv[:, :, 2 * H:]
        fusegen.qknorm_rope_cos_sin_cache(q, k, wq, wk, cache, pos, "interleaved", 1e-6)
        o = torch.nn.functional.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2))
        return x + o.transpose(1, 2).reshape(B, L, C)


def inputs(seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    x = torch.randn(B, L, C, device="cuda", dtype=torch.bfloat16, generator=g)
    return x, torch.randn(B, C, device="cuda", dtype=torch.bfloat16, generator=g) * 0.1, \
        torch.randn(B, C, device="cuda", dtype=torch.bfloat16, generator=g) * 0.1


block = Block()
x, scale, shift = inputs(1)
ref = block(x, scale, shift)
torch.cuda.synchronize()
explained = torch._dynamo.explain(block)(x, scale, shift)
check(explained.graph_count == 1 and explained.graph_break_count == 0,
      f"torch.compile: one graph, no break ({explained.graph_count}, {explained.graph_break_count})")
compiled = torch.compile(block, fullgraph=True)
got = compiled(x, scale, shift)
torch.cuda.synchronize()
check(torch.allclose(got.float(), ref.float(), atol=3e-2, rtol=3e-2),
      f"torch.compile(fullgraph=True) = eager (max diff {(got.float() - ref.float()).abs().max().item():.3g})")

# torch.compile with CUDA graphs
from torch._dynamo.utils import counters  # noqa: E402

counters.clear()
ro = torch.compile(block, mode="reduce-overhead", fullgraph=True)
for seed in (2, 3, 4):
    xi = inputs(seed)
    got = ro(*xi).clone()
    want = block(*xi)
torch.cuda.synchronize()
check(torch.allclose(got.float(), want.float(), atol=3e-2, rtol=3e-2), "reduce-overhead = eager")
check(not counters["inductor"].get("cudagraph_skips"), f"reduce-overhead ran CUDA graphs: {dict(counters['inductor'])}")

# capture and replay, eager functions and torch ops
static = [t.clone() for t in inputs(5)]
s = torch.cuda.Stream()
s.wait_stream(torch.cuda.current_stream())
with torch.cuda.stream(s):
    block(*static)  # warm-up (cuBLAS workspaces) outside the capture
torch.cuda.current_stream().wait_stream(s)
g = torch.cuda.CUDAGraph()
with torch.cuda.graph(g):
    out_static = block(*static)
replayed = []
for seed in (6, 7):
    new = inputs(seed)
    for dst, src in zip(static, new):
        dst.copy_(src)
    g.replay()
    torch.cuda.synchronize()
    want = block(*new)
    replayed.append(out_static.clone())
    check(torch.allclose(out_static.float(), want.float(), atol=1e-2, rtol=1e-2),
          f"CUDA graph replay = eager (seed {seed}, max diff {(out_static.float() - want.float()).abs().max().item():.3g})")
check(not torch.equal(replayed[0], replayed[1]), "the replays computed from their inputs")

# programmatic dependent launch (fusegen.set_pdl): the block's ops launched with it,
# in a CUDA graph and eagerly, give what they give without it
check(fusegen.set_pdl(True) is False, "set_pdl(True): off before")
gp = torch.cuda.CUDAGraph()
with torch.cuda.graph(gp):
    out_pdl = block(*static)
for dst, src in zip(static, inputs(8)):
    dst.copy_(src)
g.replay()
gp.replay()
torch.cuda.synchronize()
check(torch.allclose(out_pdl.float(), out_static.float(), atol=1e-2, rtol=1e-2) and not torch.equal(out_pdl, replayed[1]),
      f"PDL: the graph's replay = the graph without it (max diff {(out_pdl.float() - out_static.float()).abs().max().item():.3g})")
xi = inputs(9)
eager_pdl = block(*xi)
check(fusegen.set_pdl(False) is True, "set_pdl(False): on before")
check(torch.equal(eager_pdl, block(*xi)), "PDL: eager calls = eager calls without it")
xq = torch.randn(16, 4, 64, device="cuda", dtype=torch.bfloat16)
tc = torch.rand(16, 32, device="cuda")
g2 = torch.cuda.CUDAGraph()
with torch.cuda.graph(g2):
    r1 = torch.empty_like(xq)
    torch.ops.fusegen.rope(xq, tc, tc, "half", out=r1)
xq.copy_(torch.randn_like(xq))
g2.replay()
torch.cuda.synchronize()
check(torch.equal(r1, fusegen.rope(xq, tc, tc, "half", out=torch.empty_like(xq))), "torch.ops in a CUDA graph")

# the current stream: the op, after a long kernel on a side stream that writes its
# input, sees the written input only if it runs on that stream
def on_side_stream(fn):
    side = torch.cuda.Stream()
    x0 = torch.randn(512, 8, 128, device="cuda", dtype=torch.bfloat16)
    c0 = torch.rand(512, 64, device="cuda")
    want = fusegen.rope(x0, c0, c0, out=torch.empty_like(x0))
    fn(x0.clone(), c0, torch.empty_like(x0))  # compiled before the timed call
    buf = torch.zeros_like(x0)
    out = torch.zeros_like(x0)
    torch.cuda.synchronize()
    with torch.cuda.stream(side):
        torch.cuda._sleep(50_000_000)
        buf.copy_(x0)
        fn(buf, c0, out)
    torch.cuda.synchronize()
    return torch.equal(out, want)


check(on_side_stream(lambda b, c, o: fusegen.rope(b, c, c, out=o)), "eager: the current stream")
check(on_side_stream(lambda b, c, o: torch.ops.fusegen.rope(b, c, c, out=o)), "torch.ops: the current stream")
rope_compiled = torch.compile(lambda b, c, o: fusegen.rope(b, c, c, out=o), fullgraph=True)
check(on_side_stream(rope_compiled), "torch.compile: the current stream")

# refusals: FusegenError with the library's status and message, everywhere
xb = torch.randn(8, 2, 64, device="cuda", dtype=torch.float16)
big = torch.randn(8, 48, device="cuda")
keep = xb.clone()
for what, fn in (("function", lambda: fusegen.rope(xb, big, big)),
                 ("torch.ops", lambda: torch.ops.fusegen.rope_(xb, big, big)),
                 ("compiled", lambda: torch.compile(lambda a, c: fusegen.rope(a, c, c), fullgraph=True)(xb, big))):
    try:
        fn()
        check(False, what + ": R > D accepted")
    except fusegen.FusegenError as e:
        check(e.status_name == "FG_ERR_SHAPE" and e.status == 3 and "R = 96" in e.message, f"{what}: {e}")
check(torch.equal(xb, keep), "refused calls wrote nothing")

finish()
