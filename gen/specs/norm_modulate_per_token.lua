-- Norm + modulation (ops.md section 3), scale and shift per token.
-- Generated kernels: gen/templates/kernel/rows.cu.tpl (mapping_rows.lua).
return {
  op = "norm_modulate_per_token",
  summary = "norm + modulation, scale and shift per token",
  doc = [[
Per row (token) of x [B, L, C]:
  residual form (residual, residual_gate, residual_out given together):
    r = residual + residual_gate * x, residual_out = r (rounded), then the norm
    reads the unrounded fp32 r; otherwise r = x
  n = LayerNorm(r) (mean, biased variance), RMSNorm(r) or r, per `norm`, with eps;
    then n = n * weight + bias, each only when given
  out = n * (scale_offset + scale) + shift   (scale_offset 1, or 0 for plain scale)
  scale, shift: per token: [B, L, C] (or [1, L, C])
fp32 arithmetic, one rounding at each store. Outputs must not overlap the inputs.]],

  tensors = {
    { name = "x",   dims = { "B", "L", "C" }, dtype = "act", access = "in", doc = "activations, last dim contiguous" },
    { name = "out", dims = { "B", "L", "C" }, dtype = "act", access = "out", doc = "result" },
    { name = "scale", dims = { "B|1", "L", "C" }, dtype = "act", access = "in", doc = "modulation scale, per token: [B, L, C] (or [1, L, C])" },
    { name = "shift", dims = { "B|1", "L", "C" }, dtype = "act", access = "in", doc = "modulation shift, same layout as scale" },
    { name = "weight", dims = { "C" }, dtype = "act", access = "in", optional = true, doc = "affine weight, or NULL" },
    { name = "bias",   dims = { "C" }, dtype = "act", access = "in", optional = true, doc = "affine bias, or NULL" },
    { name = "residual",      dims = { "B", "L", "C" }, dtype = "act", access = "in", optional = true,
      doc = "residual form: the residual stream, or NULL" },
    { name = "residual_gate", dims = { "B", "L", "C" }, dtype = "act", access = "in", optional = true,
      doc = "residual form: the gate of x, or NULL" },
    { name = "residual_out",  dims = { "B", "L", "C" }, dtype = "act", access = "out", optional = true,
      doc = "residual form: r = residual + residual_gate * x, or NULL" },
  },
  scalars = {
    { name = "norm", type = "norm", doc = "layer, rms or none" },
    { name = "eps", type = "f32", default = 1e-6, doc = "added to the variance (mean square) before the rsqrt" },
    { name = "scale_offset", type = "f32", default = 1, doc = "k in n * (k + scale) + shift: 1, or 0 for plain scale" },
  },
  enums = { norm = { "layer", "rms", "none" } },
  constraints = {
    { "C <= 16384", "at most 16384 channels" },
    { "B * L < 2147483648", "at most 2^31 - 1 rows (B x L) per call" },
  },

  axes = {
    { name = "act", values = { "bf16", "fp16", "fp32" }, from = "dtype x" },
    { name = "residual", values = { "no", "yes" }, from = "rule",
      rule = { { "no", "!residual && !residual_gate && !residual_out" },
               { "yes", "residual && residual_gate && residual_out" } },
      doc = "residual, residual_gate and residual_out are given together or not at all" },
    { name = "access", values = { "vec16", "scalar" }, from = "rule",
      rule = { { "vec16", "aligned16 && C % VEC == 0" }, { "scalar", "1" } } },
  },

  kernel = {
    mapping = "rows",
    max_channels = 16384,
    stages = { row = { "load_row", "residual_add", "source_tensor", "norm", "affine", "modulate", "store_row" } },
    roles = { input = "x", output = "out", weight = "weight", bias = "bias",
      residual = "residual", residual_gate = "residual_gate", residual_out = "residual_out",
      scale = "scale", shift = "shift",
    },
    files = { "act" },
  },
  -- Every variant holds a row of 16384 channels in one block (32 * warps *
  -- chunks * elements per chunk). 16-bit dtypes: 32 warps of 2 chunks (C = 3072:
  -- 6 warps per row), one row per block and one block per row (the hardware
  -- schedules blocks as others finish: no tail of rows), in 32 registers, so
  -- that many rows are in flight; the residual form loads its three inputs
  -- before its first store (prefetch 1) in up to 64, with plain loads rather
  -- than evict-first ones (1.8 to 3% faster on an H100: bench/NOTES.md). fp32:
  -- 32 warps of 4 chunks in 64 registers; the element path: 32 warps of 16.
  tiles = {
    warps = 32, chunks = 2, blocks_per_sm = 0, min_blocks = 2, rows_per_block = 1, wide_sum = 1,
    -- the partials read four at a time: 0 to 4% faster on an H200, 0 to 3% on an
    -- H100 (bench/NOTES.md); on sm_100 ptxas spills some 32-register forms with it
    { when = { arch = 100 }, wide_sum = 0 },
    { when = { residual = "yes" }, min_blocks = 1, prefetch = 1, evict_first = 0 },
    { when = { act = "fp32" }, chunks = 4, min_blocks = 1, prefetch = 0 },
    { when = { access = "scalar" }, chunks = 16, min_blocks = 1, blocks_per_sm = 32 },
  },
  -- the tuner's candidates (fusegen_tune; docs/tuning.md)
  tune = { warps = { 16, 32 }, chunks = { 2, 4 }, min_blocks = { 1, 2 }, blocks_per_sm = { 0, 32 },
    { when = { access = "vec16" }, prefetch = { 0, 1, 2 } } },
}
