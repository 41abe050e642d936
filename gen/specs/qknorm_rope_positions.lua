-- Fused QK RMSNorm + rotary embedding, in place (ops.md section 2), with the
-- angles in separate cos and sin tables [P, R/2] indexed by positions. Per head: y = x * (rsqrt(mean(x^2) + eps) * w),
-- then y rotated and written back over q and k, rounded once.
return {
  op = "qknorm_rope_positions",
  summary = "RMSNorm of each head of q and k, then rotary embedding from cos/sin tables indexed by positions, in place",
  doc = [[
For every head of q [.., HQ, D] and k [.., HK, D] (token strides free: views
into one fused qkv tensor): y = x * (rsqrt(mean(x^2) + eps) * w) in fp32, w =
q_weight or k_weight [D]; then y rotated with the angles of row positions[t] +
position_offset of cos and sin [P, R/2], dims [R, D)
normalised only; rounded once and written back. norm_rounding act rounds y to
the dtype of q before the rotation (as a separate norm kernel followed by a
rope kernel would). A row outside [0, P) is never read: that token's rotated
dims come out NaN.]],

  tensors = {
    { name = "q",             dims = { "B?", "S", "HQ", "D" }, dtype = "act",    access = "inout",
      doc = "queries, normalised and rotated in place; last dim contiguous" },
    { name = "k",             dims = { "B?", "S", "HK", "D" }, dtype = "act",    access = "inout",
      doc = "keys, in place; token and head strides free" },
    { name = "q_weight",      dims = { "D" },                  dtype = "weight", access = "in",
      doc = "RMSNorm weight of q's heads" },
    { name = "k_weight",      dims = { "D" },                  dtype = "weight", access = "in",
      doc = "RMSNorm weight of k's heads" },
    { name = "cos",           dims = { "P", "R/2" },           dtype = "table",  access = "in",
      doc = "cosines by position" },
    { name = "sin",           dims = { "P", "R/2" },           dtype = "table",  access = "in",
      doc = "sines, same layout as cos" },
    { name = "positions",     dims = { "B?", "S" },            dtype = "pos",    access = "in",
      scalar_access = true, doc = "each token's position (any strides)" },
  },
  scalars = {
    { name = "pairing", type = "pairing", doc = "which elements form a rotated pair" },
    { name = "eps", type = "f32", default = 1e-6, doc = "added to mean(x^2) under the square root" },
    { name = "position_offset", type = "i64", default = 0, doc = "added to every position" },
    { name = "norm_rounding", type = "norm_rounding", doc = "fp32: rotate the fp32 norm; act: round it to the dtype of q first" },
  },
  enums = { pairing = { "interleaved", "half" }, norm_rounding = { "fp32", "act" } },
  constraints = {
    { "R >= 2 && R <= D", "the rotary dims R = 2 * cos.shape[1] must be 2 to the head size D" },
    { "B * S * (HQ + HK) < 2147483648", "at most 2^31 - 1 heads (tokens x heads) per call" },
    { "P >= 1 || B * S * (HQ + HK) == 0", "the table needs at least one row (P >= 1)" },
  },

  axes = {
    { name = "act",      values = { "bf16", "fp16", "fp32" }, from = "dtype q" },
    { name = "weight",   values = { "fp32", "bf16", "fp16" }, from = "dtype q_weight", prefix = "w" },
    { name = "table",    values = { "fp32", "bf16", "fp16" }, from = "dtype cos", prefix = "tab" },
    { name = "pos",      values = { "i32", "i64" },           from = "dtype positions", prefix = "pos" },
    { name = "pairing",  values = { "interleaved", "half" },  from = "scalar pairing" },
    { name = "head_dim", values = { 64, 80, 96, 128, 256, "any" }, from = "symbol D", prefix = "d",
      any_when = "D % 2 == 0", any_max = 512 },  -- "any": every other even D up to 512, run-time D
    { name = "rot",      values = { "full", "partial" },      from = "rule",
      rule = { { "full", "R == D" }, { "partial", "1" } } },
    { name = "access",   values = { "vec16", "scalar" },      from = "rule",
      rule = { { "vec16", "aligned16 && R % (2 * VEC) == 0 && D % VEC == 0" }, { "scalar", "1" } } },
  },
  keep = function(v) return (v.weight == "fp32" or v.weight == v.act) and v.table == "fp32" end,
  keep_doc = "weights are fp32 or the dtype of q; the tables are fp32",

  kernel = {
    mapping = "heads",
    stages = { token = { "table_positions", "norm_weights" }, head = { "load", "norm_rms", "rotate", "store" } },
    roles = { cos = "cos", sin = "sin", positions = "positions" },
    -- q's heads and k's: each set with its own strides, head count and weight
    head_sets = {
      { input = "q", output = "q", heads = "HQ", weight = "q_weight" },
      { input = "k", output = "k", heads = "HK", weight = "k_weight" },
    },
    files = { "pairing", "act", "weight" },
  },
  -- A warp walks all heads of a token (the table row and the weights loaded once
  -- per token); bench/NOTES.md has the measurements.
  tiles = {
    warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32, walk = "token",
    { when = { pairing = "interleaved" }, chunks = 2 },
    { when = { access = "vec16" }, min_blocks = 3 },
    -- the general variant holds chunks for the largest head: no register cap
    { when = { head_dim = "any" }, min_blocks = 1 },
  },
  -- the tuner's candidates (fusegen_tune; docs/tuning.md)
  tune = { warps = { 4, 8 }, heads_in_flight = { 1, 2 }, blocks_per_sm = { 0, 6, 32 }, min_blocks = { 3, 5, 8 } },
}
