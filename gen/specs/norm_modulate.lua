-- Norm + modulation (ops.md section 3): rows of x [B, L, C], an optional gated
-- residual step, LayerNorm, RMSNorm or none chosen at run time, an optional
-- affine weight and bias, then out = n * (scale_offset + scale) + shift. The
-- members differ only in where scale and shift come from: per batch, per token,
-- per video frame, one scalar, or one of two branches per token (select01).

local function rows(name, access, doc, extra)
  local t = { name = name, dims = { "B", "L", "C" }, dtype = "act", access = access, doc = doc }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end
local function row_of_batch(name, doc) return { name = name, dims = { "B|1", "C" }, dtype = "act", access = "in", doc = doc } end
local affine_and_residual = {
  { name = "weight", dims = { "C" }, dtype = "act", access = "in", optional = true, doc = "affine weight, or NULL" },
  { name = "bias",   dims = { "C" }, dtype = "act", access = "in", optional = true, doc = "affine bias, or NULL" },
  rows("residual", "in", "residual form: the residual stream, or NULL", { optional = true }),
  rows("residual_gate", "in", "residual form: the gate of x, or NULL", { optional = true }),
  rows("residual_out", "out", "residual form: r = residual + residual_gate * x, or NULL", { optional = true }),
}

local doc = [[
Per row (token) of x [B, L, C]:
  residual form (residual, residual_gate, residual_out given together):
    r = residual + residual_gate * x, residual_out = r (rounded), then the norm
    reads the unrounded fp32 r; otherwise r = x
  n = LayerNorm(r) (mean, biased variance), RMSNorm(r) or r, per `norm`, with eps;
    then n = n * weight + bias, each only when given
  out = n * (scale_offset + scale) + shift   (scale_offset 1, or 0 for plain scale)
%s
fp32 arithmetic, one rounding at each store. Outputs must not overlap the inputs.]]

-- The row stages, in the order of the loads: x and the residual inputs first,
-- the modulation rows (whose pointers a select stage sets) after them, and a
-- copy of a chosen gate last, once the row's values no longer hold registers.
local function stages(modulation_source, last)
  return { row = join({
    { "load_row", from = "x" },
    { "add", src = "residual", gate = "residual_gate", to = "residual_out", when = { residual = "res" } },
  }, modulation_source, {
    { "norm", kind = "norm", eps = "eps", weight = "weight", bias = "bias" },
    { "modulate", scale = "scale", shift = "shift", offset = "scale_offset" },
    { "store_row", to = "out" },
  }, last) }
end

-- the tiles, then a member's extra `when` entries (applied after them)
local function join_tiles(tiles, extra)
  for _, entry in ipairs(extra or {}) do tiles[#tiles + 1] = entry end
  return tiles
end

local function member(o)
  return {
    op = o.op, summary = o.summary, doc = doc:format(o.doc),
    tensors = join({ rows("x", "in", "activations, last dim contiguous"), rows("out", "out", "result") },
      o.tensors, affine_and_residual),
    scalars = join({
      { name = "norm", type = "norm", doc = "layer, rms or none" },
      { name = "eps", type = "f32", default = 1e-6, doc = "added to the variance (mean square) before the rsqrt" },
      { name = "scale_offset", type = "f32", default = 1, doc = "k in n * (k + scale) + shift: 1, or 0 for plain scale" },
    }, o.scalars),
    enums = { norm = { "layer", "rms", "none" } },
    constraints = join({
      { "C <= 16384", "at most 16384 channels" },
      { "B * L < 2147483648", "at most 2^31 - 1 rows (B x L) per call" },
    }, o.constraints),
    axes = join({ { name = "act", values = { "bf16", "fp16", "fp32" }, from = "dtype x" } }, o.axes, {
      { name = "residual", values = { "nores", "res" }, from = "rule",
        rule = { { "nores", "!residual && !residual_gate && !residual_out" },
                 { "res", "residual && residual_gate && residual_out" } },
        doc = "residual, residual_gate and residual_out are given together or not at all" },
      { name = "access", values = { "vec16", "scalar" }, from = "rule",
        rule = { { "vec16", "aligned16 && C % VEC == 0" }, { "scalar", "1" } } },
    }),
    kernel = { mapping = "rows", rows = "x", max_channels = 16384, stages = o.stages or stages(), files = { "act" } },
    -- Every variant holds a row of 16384 channels in one block (32 * warps *
    -- chunks * elements per chunk). 16-bit dtypes: 32 warps of 2 chunks (C = 3072:
    -- 6 warps per row), one row per block and one block per row (the hardware
    -- schedules blocks as others finish: no tail of rows), in 32 registers, so
    -- that many rows are in flight; the residual form loads its three inputs
    -- before its first store (prefetch 1) in up to 64, with plain loads rather
    -- than evict-first ones (1.8 to 3% faster on an H100: bench/NOTES.md). fp32:
    -- 32 warps of 4 chunks in 64 registers; the element path: 32 warps of 16.
    tiles = join_tiles({
      warps = 32, chunks = 2, blocks_per_sm = 0, min_blocks = 2, rows_per_block = 1, wide_sum = 1,
      -- the partials read four at a time: 0 to 4% faster on an H200, 0 to 3% on an
      -- H100 (bench/NOTES.md); on sm_100 ptxas spills some 32-register forms with it,
      -- and the 16-bit select01 forms with 1 / C from the launcher
      { when = { arch = 100 }, wide_sum = 0, launcher_inv_c = 0 },
      { when = { residual = "res" }, min_blocks = 1, prefetch = 1, evict_first = 0 },
      -- the 32-register forms test each chunk slot: without the tests (the FULL
      -- instance of tile full_rows) ptxas spills them
      { when = { residual = "nores" }, full_rows = 0 },
      { when = { act = "fp32" }, chunks = 4, min_blocks = 1, prefetch = 0, full_rows = 1 },
      { when = { access = "scalar" }, chunks = 16, min_blocks = 1, blocks_per_sm = 32 },
    }, o.ring and {
      -- per batch and per frame (sm_90): x's rows by bulk copies into a ring of 2
      -- rows, scale and shift held in registers while a block's rows share them;
      -- persistent blocks of the row's warps, 4 chunks a thread. Against a block
      -- per row, a ring of 3 rows of 3 chunks was 1 to 11% faster on an H200;
      -- these are up to 8% faster again on both GPUs (two shapes 1 to 2% slower).
      -- The scalar, per-token and select01 forms, whose modulation the ring cannot
      -- hold, were 2 to 8% slower with it (bench/NOTES.md)
      { when = { arch = 90, residual = "nores", access = "vec16", act = "bf16" }, bulk_rows = 2, blocks_per_sm = 16, warps = 16, chunks = 4, min_blocks = 1, full_rows = 1 },
      { when = { arch = 90, residual = "nores", access = "vec16", act = "fp16" }, bulk_rows = 2, blocks_per_sm = 16, warps = 16, chunks = 4, min_blocks = 1, full_rows = 1 },
    }),
    -- the tuner's candidates (fusegen_tune; docs/tuning.md); the inputs' L2
    -- policy and the untested instance (full_rows) tried alone on the tiles a
    -- GPU runs now
    tune = { warps = { 16, 32 }, chunks = { 2, 4 }, min_blocks = { 1, 2 }, blocks_per_sm = { 0, 32 },
      { when = { access = "vec16" }, prefetch = { 0, 1, 2 }, around = { l2_last = { 0, 1 }, full_rows = { 1, 0 } } } },
  }
end

local function scale_shift(dims, layout)
  return {
    { name = "scale", dims = dims, dtype = "act", access = "in", doc = "modulation scale, " .. layout },
    { name = "shift", dims = dims, dtype = "act", access = "in", doc = "modulation shift, same layout as scale" },
  }
end

return {
  member {
    op = "norm_modulate", summary = "norm + modulation, scale and shift per batch", ring = true,
    doc = "  scale, shift: per batch: [B, C] or [1, C]",
    tensors = scale_shift({ "B|1", "C" }, "per batch: [B, C] or [1, C]"),
  },
  member {
    op = "norm_modulate_per_token", summary = "norm + modulation, scale and shift per token",
    doc = "  scale, shift: per token: [B, L, C] (or [1, L, C])",
    tensors = scale_shift({ "B|1", "L", "C" }, "per token: [B, L, C] (or [1, L, C])"),
  },
  member {
    op = "norm_modulate_per_frame", summary = "norm + modulation, scale and shift per video frame (Wan)", ring = true,
    doc = "  scale, shift: per frame: [B, F, 1, C] (or [1, F, 1, C]); token l is in frame l / (L / F)",
    tensors = scale_shift({ "B|1", "F", "1", "C" }, "per frame: [B, F, 1, C] (or [1, F, 1, C]); token l is in frame l / (L / F)"),
    constraints = { { "F >= 1 && L % F == 0", "the frame count F = scale.shape[1] must divide L" } },
  },
  member {
    op = "norm_modulate_scalar", summary = "norm + modulation, one scalar scale and shift",
    doc = "  scale, shift: f32 scalars",
    scalars = {
      { name = "scale", type = "f32", doc = "modulation scale" },
      { name = "shift", type = "f32", doc = "modulation shift" },
    },
  },
  -- Qwen-Image-Edit: branch 0 for target-image tokens, branch 1 for reference-image ones
  member {
    op = "norm_modulate_select01", summary = "norm + modulation, scale/shift/gate of one of two branches per token",
    doc = [=[
  scale, shift = scale1, shift1 [b] where index[b, l] != 0, else scale0, shift0 [b]
    (only the chosen branch is read); gate_out[b, l, :] = gate1 or gate0 [b]]=],
    tensors = {
      rows("gate_out", "out", "the chosen branch's gate"),
      { name = "index", dims = { "B", "L" }, dtype = "index", access = "in", scalar_access = true,
        doc = "branch per token: nonzero picks branch 1" },
      row_of_batch("scale0", "branch 0 scale, [B, C] or [1, C]"),
      row_of_batch("shift0", "branch 0 shift"),
      row_of_batch("gate0", "branch 0 gate"),
      row_of_batch("scale1", "branch 1 scale"),
      row_of_batch("shift1", "branch 1 shift"),
      row_of_batch("gate1", "branch 1 gate"),
    },
    axes = { { name = "index", values = { "i64", "i32" }, from = "dtype index", prefix = "idx" } },
    stages = stages({ { "select", by = "index",
      rows = { scale = { "scale0", "scale1" }, shift = { "shift0", "shift1" }, gate = { "gate0", "gate1" } } } },
      { { "store_row", to = "gate_out", from = "gate" } }),
  },
}
