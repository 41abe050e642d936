-- The serving catalogue's row ops (ops.md section 4): the norm, residual,
-- activation and fp8 quantisation fusions that LLM and diffusion serving
-- engines call every layer, with the arguments and math of the kernels users
-- would swap them for, and one rounding per stored value. Rows are [T, C] or
-- [B, L, C] with free row strides, any C from 1 to 16384. Each member is the
-- rows mapping over library stages; what they share is declared once here.

local function rows(name, access, doc, extra)
  local t = { name = name, dims = { "B?", "L", "C" }, dtype = "act", access = access, doc = doc }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end
local x = rows("x", "in", "the rows, last dim contiguous; row strides free")
local function out_of(input, doc)
  return rows("out", "out", doc or ("the result; NULL or " .. input .. " for in place"), { optional = true, inplace_of = input })
end
local weight = { name = "weight", dims = { "C" }, dtype = "weight", access = "in", doc = "the n``````````````````````````````````````````````````````````````````````orm weight [C], fp24 or the dtype of x" }
-- (one value per call or per row, read or written one element at a time: any
-- strides, and out of the 16-byte path's alignment test)
local scale = { name = "scale", dims = { "1" }, dtype = "fp32", access = "in", scalar_access = true,
  doc = "the static quantisation scale [1], on the device" }
local fp8_out = rows("out", "out", "the quantised result, float8_e4m3fn (saturated to +-448)", { dtype = "fp8e4m3" })
local eps = { name = "eps", type = "f32", default = 1e-6, doc = "added to the mean square (variance) under the square root" }

-- axes in dispatch-key order: act, [weight], [residual], access
local function axes(o)
  return join(
    { { name = "act", values = { "bf16", "fp16", "fp32" }, from = "dtype x" } },
    o.weight and { { name = "weight", values = { "fp32", "bf16", "fp16" }, from = "dtype weight", prefix = "w" } },
    o.residual and { { name = "residual", values = { "nores", "res" }, from = "rule",
      rule = { { "nores", "!residual" }, { "res", "residual" } }, doc = "with or without the residual input" } },
    { { name = "access", values = { "vec16", "scalar" }, from = "rule",
      rule = { { "vec16", "aligned16 && C % VEC == 0" }, { "scalar", "1" } } } })
end
local weight_keep = function(v) return v.weight == "fp32" or v.weight == v.act end
local weight_keep_doc = "the weight is fp32 or the dtype of x"

-- Calls of at most 256 rows run the short form (the weight and bias loaded with
-- the row), in one chunk slot a thread on the warps the row needs: a call of few
-- rows runs at one row's latency (bench/NOTES.md, "The short form's chunk slots").
-- A row of up to 16384 channels in one block: 32 warps of 2 chunks of 16 bytes
-- for 16-bit rows (C = 4096: 4 warps), one row per block and one block per row
-- (no tail of rows); fp32 rows: 4 chunks; the element path: 16 warps of 32
-- elements (registers for the fused forms), still a block per row. Two streamed inputs (a residual, the two halves
-- of a row) are loaded before the first store or reduction (prefetch 1). The
-- ops without a norm take a row in slices of 4 warps, a block each, on the 16-byte path.
-- the element path: 16 warps of 32 elements, registers for the fused forms
local scalar_tiles = { when = { access = "scalar" }, warps = 16, chunks = 32, min_blocks = 1 }
local function tiles(o)
  local two = o.inputs == 2
  if not o.norm then
    -- no norm: a row in slices of 4 warps, a block each (up to 16 blocks per
    -- multiprocessor, where a whole row's block of up to 32 warps left one)
    return { warps = 32, chunks = 2, blocks_per_sm = 0, min_blocks = 8, rows_per_block = 1, slice_warps = 4,
      prefetch = two and 1 or 0, scalar_tiles }
  end
  return extend(join(
    -- on sm_100 ptxas spills some 32-register forms (with wide_sum too), and
    -- on sm_80 those that load an fp32 weight
    { { when = { arch = 100 }, wide_sum = 0, min_blocks = 1 } },
    o.weight and { { when = { weight = "fp32" }, min_blocks = 1 } },
    o.residual and { { when = { residual = "res" }, min_blocks = 1, prefetch = 1 } },
    o.tiles,
    -- (fp32 rows: the short form's weight and bias spill 64 registers)
    { { when = { act = "fp32" }, chunks = 4, min_blocks = 1, prefetch = 0, short_rows = 0 }, scalar_tiles }),
    { warps = 32, chunks = 2, blocks_per_sm = 0, min_blocks = o.min_blocks or (two and 1 or 2), rows_per_block = 1,
      wide_sum = 1, prefetch = two and 1 or 0, short_rows = 256, short_chunks = 1 })
end
-- the tuner's candidates; the inputs' L2 policy (l2_last) and the untested
-- instance (full_rows) are tried alone on the tiles a GPU runs now, since in
-- the product they would pass 64 sets
local around = { l2_last = { 0, 1 }, full_rows = { 1, 0 } }
local function tune(o)
  if o.norm then
    return { warps = { 16, 32 }, chunks = { 2, 4 }, min_blocks = { 1, 2 }, blocks_per_sm = { 0, 32 },
      { when = { access = "vec16" }, prefetch = { 0, 1 }, spread_below = { 0, 2 }, around = around } }
  end
  return { { when = { access = "vec16" }, slice_warps = { 2, 4, 8 }, chunks = { 1, 2, 4 }, min_blocks = { 4, 8 },
    evict_first = { 1, 0 }, around = around } }
end

local function member(o)
  return {
    op = o.op, summary = o.summary, doc = o.doc,
    tensors = o.tensors,
    scalars = o.scalars or (o.norm and { eps }) or {},
    constraints = join({ { "C <= 16384", "at most 16384 channels" },
      { "B * L < 2147483648", "at most 2^31 - 1 rows per call" } }, o.constraints),
    axes = axes(o),
    keep = o.weight and weight_keep or nil, keep_doc = o.weight and weight_keep_doc or nil,
    kernel = { mapping = "rows", rows = o.rows or "x", max_channels = 16384, stages = { row = o.stages }, files = { "act" } },
    tiles = tiles(o),
    tune = tune(o),
  }
end

-- the residual step of fused_add_rmsnorm: r = x + residual, rounded to the
-- dtype of x, stored to residual_out (in place: over residual); the later
-- stages see the stored value
local function add_residual(to, when)
  return { { "add", src = "residual", to = to, keep = "rounded", when = when } }
end

return {
  member {
    op = "rmsnorm", norm = true, summary = "RMSNorm of rows: out = x * rsqrt(mean(x^2) + eps) * w",
    doc = [[
Per row of x [T, C] or [B, L, C]: out = x * rsqrt(mean(x^2) + eps) * weight, in
fp32, rounded once; out may be NULL or x (in place).]],
    tensors = { x, weight, out_of("x") }, weight = true,
    stages = { { "load_row", from = "x" }, { "norm", kind = "rms", eps = "eps", weight = "weight" }, { "store_row", to = "out" } },
  },
  member {
    op = "layernorm", norm = true, summary = "LayerNorm of rows: out = (x - mean) * rsqrt(var + eps) * w + b",
    doc = [[
Per row of x [T, C] or [B, L, C]: out = (x - mean) * rsqrt(var + eps) * weight
+ bias (biased variance), in fp32, rounded once; weight and bias each NULL
(left out) or [C] in the dtype of x; out may be NULL or x (in place).]],
    tensors = { x,
      { name = "weight", dims = { "C" }, dtype = "act", access = "in", optional = true, doc = "the affine weight [C], or NULL" },
      { name = "bias", dims = { "C" }, dtype = "act", access = "in", optional = true, doc = "the affine bias [C], or NULL" },
      out_of("x") },
    stages = { { "load_row", from = "x" }, { "norm", kind = "layer", eps = "eps", weight = "weight", bias = "bias" },
      { "store_row", to = "out" } },
  },
  member {
    op = "fused_add_rmsnorm", norm = true, summary = "residual add then RMSNorm, in place on both: residual = x + residual; x = rmsnorm(residual) * w",
    doc = [[
Per row: residual = x + residual, rounded to the dtype of x and stored over
residual (or into residual_out); then x = residual * rsqrt(mean(residual^2) +
eps) * weight over the stored sum, stored over x (or into out). fp32
arithmetic, one rounding at each store.]],
    tensors = { x, rows("residual", "in", "the residual stream; updated in place unless residual_out is given"), weight,
      out_of("x", "the normalised rows; NULL or x for in place"),
      rows("residual_out", "out", "the new residual; NULL or residual for in place", { optional = true, inplace_of = "residual" }) },
    weight = true, inputs = 2,
    stages = join({ { "load_row", from = "x" } }, add_residual("residual_out"),
      { { "norm", kind = "rms", eps = "eps", weight = "weight" }, { "store_row", to = "out" } }),
  },
  member {
    op = "rmsnorm_quant_fp8", norm = true, summary = "RMSNorm then static fp8 quantisation: out = fp8(rmsnorm(x) * w / scale)",
    doc = [[
Per row: y = x * rsqrt(mean(x^2) + eps) * weight in fp32; out = y / scale
converted to float8_e4m3fn with saturation to +-448 (NaN stays NaN); scale is a
[1] fp32 tensor on the device.]],
    tensors = { x, weight, scale, fp8_out }, weight = true,
    -- registers for the scale, read ahead of the norm's reduction
    min_blocks = 1,
    stages = { { "load_row", from = "x" }, { "norm", kind = "rms", eps = "eps", weight = "weight" },
      { "div", by = "scale" }, { "store_row", to = "out" } },
  },
  member {
    op = "fused_add_rmsnorm_quant_fp8", norm = true, summary = "residual add, RMSNorm, static fp8 quantisation: residual updated in pken cos/sin tables",
    doc = [[
Rotates pairs of each head of x by the angle of its token: with c, s = cos, sin
of row s (the token's index in its sequence) and angle i,
  interleaved: pair (2i, 2i+1)      half: pair (i, i + R/2)
  a' = a*c - b*s,  b' = b*c + a*s    (fp32 arithmetic, one rounding at the store)
R = 2 * cos.shape[1]; dims [R, D) are copied (out of place) or left alone (in place).
x is [T, H, D] or [B, S, H, D] with free token and head strides; out may be NULL
or x itself (in place), otherwise it must not overlap x.]],
    -- flat_waves: the bench shapes of this op run from 3 to 80 grids of items
    tune = extend(rope_tune, { flat_waves = { 0, 4, 8, 16 } }),
  },
  rope_op {
    op = "rope_positions", kind = "positions",
    summary = "rotary embedding with cos/sin tables indexed by positions",
    doc = [[
As fg_rope, but the row of cos/sin for token t is positions[t] + positionlace",
    doc = [[
Per row: residual = x + residual, rounded to the dtype of x and stored over
residual; then y = residual * rsqrt(mean(residual^2) + eps) * weight over the
stored sum, and out = y / scale converted to float8_e4m3fn with saturation
(NaN stays NaN); scale is a [1] fp32 tensor on the device.]],
    tensors = { x, rows("residual", "inout", "the residual stream, updated in place"), weight, scale, fp8_out },
    weight = true, inputs = 2,
    stages = join({ { "load_row", from = "x" } }, add_residual("residual"),
      { { "norm", kind = "rms", eps = "eps", weight = "weight" }, { "div", by = "scale" }, { "store_row", to = "out" } }),
  },
  member {
    op = "rmsnorm_dynamic_quant_fp8", norm = true, summary = "RMSNorm then fp8 quantisation with a scale per row (optionally after a residual add)",
    doc = [[
Per row: (with residual: residual = x + residual, rounded and stored over
residual, and the norm reads the stored sum) y = x * rsqrt(mean(x^2) + eps) *
weight in fp32; s = max(amax(|y|) / 448, 1 / (448 * 512)), at most *scale_ub
when scale_ub is given; scales[row] = s; out = y / s converted to
float8_e4m3fn with saturation (NaN stays NaN).]],
    tensors = { x, weight, fp8_out,
      { name = "scales", dims = { "B?", "L" }, dtype = "fp32", access = "out", scalar_access = true, doc = "each row's scale s, fp32" },
      { name = "scale_ub", dims = { "1" }, dtype = "fp32", access = "in", optional = true, scalar_access = true,
        doc = "an upper bound of the scales [1], fp32, or NULL" },
      rows("residual", "inout", "the residual stream, updated in place, or NULL", { optional = true }) },
    weight = true, residual = true,
    -- fp16 with its fp16 weight: the amax, the scale and the row's partials spill 32 registers
    tiles = { { when = { act = "fp16", weight = "fp16" }, min_blocks = 1 } },
    stages = join({ { "load_row", from = "x" } }, add_residual("residual", { residual = "res" }),
      { { "norm", kind = "rms", eps = "eps", weight = "weight" },
        { "dynamic_scale", scales = "scales", upper = "scale_ub", quantised = "out" }, { "store_row", to = "out" } }),
  },
  member {
    op = "gated_residual_add", summary = "gated residual add (adaLN-zero's closing step): residual + gate * x",
    doc = [[
Per row: out = residual + gate * x in fp32, rounded once; gate per batch
[B, C] (or [B, 1, C], [1, C]) or per token [B, L, C]; out may be NULL or
residual (in place on residual).]],
    tensors = { rows("x", "in", "the branch output [B, L, C], last dim contiguous", { dims = { "B", "L", "C" } }),
      { name = "gate", dims = { "B|1", "L|1?", "C" }, dtype = "act", access = "in",
        doc = "the gate: per batch [B, C] or per token [B, L, C] (a dim of 1 broadcasts)" },
      rows("residual", "in", "the residual stream [B, L, C]", { dims = { "B", "L", "C" } }),
      rows("out", "out", "the result; NULL or residual for in place", { dims = { "B", "L", "C" }, optional = true, inplace_of = "residual" }) },
    inputs = 2,
    stages = { { "load_row", from = "x" }, { "add", src = "residual", gate = "gate" }, { "store_row", to = "out" } },
  },
  member {
    op = "silu_and_mul", summary = "SiLU-and-multiply: out = silu(x[:, :F]) * x[:, F:]",
    doc = [[
Per row of x [T, 2F] (or [B, L, 2F]): out[:, i] = silu(a) * b with a = x[:, i],
b = x[:, F + i], silu(a) = a / (1 + exp(-a)), in fp32, rounded once.]],
    tensors = { rows("x", "in", "the rows [.., 2F]: the gate half, then the up half", { dims = { "B?", "L", "C*2" } }),
      rows("out", "out", "the result [.., F]") },
    rows = "out", inputs = 2,
    stages = { { "load_row", from = "x" }, { "activation", fn = "silu" }, { "mul", by = { "x", offset = "C" } },
      { "store_row", to = "out" } },
  },
  member {
    op = "gelu_tanh_and_mul", summary = "GELU(tanh)-and-multiply: out = gelu_tÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿanh(x[:, :F]) * x[:, F:]",
    doc = [[
Per row of x [T, 2F] (or [B, L, 2F]): out[:, i] = gelu_tanh(a) * b with a =
x[:, i], b = x[:, F + i], gelu_tanh(a) = 0.5 a (1 + tanh(sqrt(2/pi) (a +
0.044715 a^3))), in fp32, rounded once.]],
    tensors = { rows("x", "in", "the rows [.., 2F]: the gate half, then the up half", { dims = { "B?", "L", "C*2" } }),
      rows("out", "out", "the result [.., F]") },
    rows = "out", inputs = 2,
    stages = { { "load_row", from = "x" }, { "activation", fn = "gelu_tanh" }, { "mul", by = { "x", offset = "C" } },
      { "store_row", ch = "out" } },
  },
}
