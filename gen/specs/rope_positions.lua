-- Rotary embedding with tables indexed by position (ops.md section 1,
-- "positions"): cos/sin [P, R/2], row = positions[t] + position_offset.
-- Flux gives text tokens offset 0 and image tokens offset text_len.
return {
  op = "rope_positions",
  summary = "rotary embedding with cos/sin tables indexed by positions",
  doc = [[
As fg_rope, but the row of cos/sin for token t is positions[t] + position_offset
(positions int32 or int64, [T] or [B, S]). A row outside [0, P) is never read:
that token's rotated dims come out NaN.]],

  tensors = {
    { name = "x",         dims = { "B?", "S", "H", "D" }, dtype = "act",   access = "in",
      doc = "activations, last dim contiguous" },
    { name = "out",       dims = { "B?", "S", "H", "D" }, dtype = "act",   access = "out",
      optional = true, inplace_of = "x", doc = "result; NULL or x for in place" },
    { name = "cos",       dims = { "P", "R/2" },          dtype = "table", access = "in",
      doc = "cosines by position" },
    { name = "sin",       dims = { "P", "R/2" },          dtype = "table", access = "in",
      doc = "sines, same layout as cos" },
    { name = "positions", dims = { "B?", "S" },           dtype = "pos",   access = "in",
      scalar_access = true, doc = "each token's position (any strides)" },
  },
  scalars = {
    { name = "pairing", type = "pairing", doc = "which elements form a rotated pair" },
    { name = "position_offset", type = "i64", default = 0, doc = "added to every position" },
  },
  enums = { pairing = { "interleaved", "half" } },
  constraints = {
    { "R >= 2 && R <= D", "the rotary dims R = 2 * cos.shape[1] must be 2 to the head size D" },
    { "B * S * H < 2147483648", "at most 2^31 - 1 heads (tokens x heads) per call" },
    { "P >= 1 || B * S * H == 0", "the table needs at least one row (P >= 1)" },
  },

  axes = {
    { name = "act",      values = { "bf16", "fp16", "fp32" }, from = "dtype x" },
    { name = "table",    values = { "fp32", "bf16", "fp16" }, from = "dtype cos", prefix = "tab" },
    { name = "pos",      values = { "i32", "i64" },           from = "dtype positions", prefix = "pos" },
    { name = "pairing",  values = { "interleaved", "half" },  from = "scalar pairing" },
    { name = "head_dim", values = { 64, 80, 96, 128, 256, 320, "any" }, from = "symbol D", prefix = "d",
      any_when = "D % 2 == 0", any_max = 512 },  -- "any": every other even D up to 512, run-time D
    { name = "rot",      values = { "full", "partial" },      from = "rule",
      rule = { { "full", "R == D" }, { "partial", "1" } } },
    { name = "access",   values = { "vec16", "scalar" },      from = "rule",
      rule = { { "vec16", "aligned16 && R % (2 * VEC) == 0 && D % VEC == 0" }, { "scalar", "1" } } },
  },

  kernel = {
    mapping = "heads",
    stages = { token = { "table_positions" }, head = { "load", "rotate", "store" } },
    roles = { input = "x", output = "out", cos = "cos", sin = "sin", positions = "positions" },
    files = { "pairing", "act", "table" },
  },
  -- As rope's (gen/specs/rope.lua).
  tiles = {
    warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32,
    { when = { pairing = "interleaved" }, chunks = 2 },
    { when = { access = "vec16" }, min_blocks = 3 },
    -- the general variant holds chunks for the largest head: no register cap
    { when = { head_dim = "any" }, min_blocks = 1 },
  },
  -- the tuner's candidates (fusegen_tune; docs/tuning.md)
  tune = { warps = { 2, 4, 8 }, heads_in_flight = { 1, 2 }, chunks = { 1, 2 }, blocks_per_sm = { 0, 32 } },
}
