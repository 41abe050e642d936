-- Rotary embedding with a table per head (ops.md section 1, "per_head"):
-- cos/sin [B, H, S, R/2] with free strides on B, H and S (LTX-2 passes a
-- transposed view), optionally in eager PyTorch's bf16 rounding order.
return {
  op = "rope_per_head",
  summary = "rotary embedding with per-head cos/sin tables",
  doc = [[
As fg_rope, with the angles of head h of token s of batch b in cos[b, h, s, :]
and sin[b, h, s, :]. rounding FG_ROUNDING_EAGER_BF16 (bf16 x only) reproduces
eager PyTorch bit for bit: a' = bf16(bf16(a*cos) - b*sin), b' = bf16(bf16(b*cos) + a*sin).]],

  tensors = {
    { name = "x",   dims = { "B?", "S", "H", "D" },   dtype = "act",   access = "in",
      doc = "activations, last dim contiguous" },
    { name = "out", dims = { "B?", "S", "H", "D" },   dtype = "act",   access = "out",
      optional = true, inplace_of = "x", doc = "result; NULL or x for in place" },
    { name = "cos", dims = { "B?", "H", "S", "R/2" }, dtype = "table", access = "in",
      doc = "cosines per batch, head and token; last dim contiguous" },
    { name = "sin", dims = { "B?", "H", "S", "R/2" }, dtype = "table", access = "in",
      doc = "sines, same shape as cos" },
  },
  scalars = {
    { name = "pairing", type = "pairing", doc = "which elements form a rotated pair" },
    { name = "rounding", type = "rounding", doc = "fp32 (one rounding) or eager_bf16" },
  },
  enums = { pairing = { "interleaved", "half" }, rounding = { "fp32", "eager_bf16" } },
  constraints = {
    { "R >= 2 && R <= D", "the rotary dims R = 2 * cos.shape[-1] must be 2 to the head size D" },
    { "B * S * H < 2147483648", "at most 2^31 - 1 heads (tokens x heads) per call" },
  },

  axes = {
    { name = "act",      values = { "bf16", "fp16", "fp32" }, from = "dtype x" },
    { name = "table",    values = { "fp32", "bf16", "fp16" }, from = "dtype cos", prefix = "tab" },
    { name = "rounding", values = { "fp32", "eager_bf16" },   from = "scalar rounding" },
    { name = "pairing",  values = { "interleaved", "half" },  from = "scalar pairing" },
    { name = "head_dim", values = { 64, 80, 96, 128, 256, 320, "any" }, from = "symbol D", prefix = "d",
      any_when = "D % 2 == 0", any_max = 512 },  -- "any": every other even D up to 512, run-time D
    { name = "rot",      values = { "full", "partial" },      from = "rule",
      rule = { { "full", "R == D" }, { "partial", "1" } } },
    { name = "access",   values = { "vec16", "scalar" },      from = "rule",
      rule = { { "vec16", "aligned16 && R % (2 * VEC) == 0 && D % VEC == 0" }, { "scalar", "1" } } },
  },
  keep = function(v) return v.rounding == "fp32" or v.act == "bf16" end,
  keep_doc = "eager_bf16 rounding needs bf16 x",

  kernel = {
    mapping = "heads",
    stages = { token = {}, head = { "load", "table_per_head", "rotate", "store" } },
    roles = { input = "x", output = "out", cos = "cos", sin = "sin" },
    files = { "pairing", "act", "table", "rounding" },
  },
  -- Tuned on an H200 (sm_90): 4 warps per block beat 8 here (93.7% against
  -- 89.2% of copy bandwidth on LTX-2's [2, 24576, 32, 128]).
  tiles = {
    warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32,
    { when = { pairing = "interleaved" }, chunks = 2 },
    { when = { access = "vec16" }, min_blocks = 3, lean = 1 },
    -- the general variant holds chunks for the largest head: no register cap
    { when = { head_dim = "any" }, min_blocks = 1 },
  },
  -- the tuner's candidates (fusegen_tune; docs/tuning.md)
  tune = { warps = { 2, 4, 8 }, heads_in_flight = { 1, 2 }, chunks = { 1, 2 }, blocks_per_sm = { 0, 32 } },
}
