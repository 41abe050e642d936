-- Rotary embedding with one packed table indexed by position (ops.md section 1,
-- "positions", packed): cos_sin_cache [P, R] whose row is
-- [cos_0 .. cos_{R/2-1}, sin_0 .. sin_{R/2-1}], row = positions[t] + position_offset.
-- The layout Flux, Qwen-Image and Z-Image keep their angles in.
return {
  op = "rope_cos_sin_cache",
  summary = "rotary embedding with a packed cos_sin_cache indexed by positions",
  doc = [[
As fg_rope, with the angles of token t in row positions[t] + position_offset of
cos_sin_cache [P, R]: cosines in its first half, sines in its second. A row
outside [0, P) is never read: that token's rotated dims come out NaN.]],

  tensors = {
    { name = "x",             dims = { "B?", "S", "H", "D" }, dtype = "act",   access = "in",
      doc = "activations, last dim contiguous" },
    { name = "out",           dims = { "B?", "S", "H", "D" }, dtype = "act",   access = "out",
      optional = true, inplace_of = "x", doc = "result; NULL or x for in place" },
    { name = "cos_sin_cache", dims = { "P", "R" },            dtype = "table", access = "in",
      doc = "cosines then sines, by position" },
    { name = "positions",     dims = { "B?", "S" },           dtype = "pos",   access = "in",
      scalar_access = true, doc = "each token's position (any strides)" },
  },
  scalars = {
    { name = "pairing", type = "pairing", doc = "which elements form a rotated pair" },
    { name = "position_offset", type = "i64", default = 0, doc = "added to every position" },
  },
  enums = { pairing = { "interleaved", "half" } },
  constraints = {
    { "R % 2 == 0 && R >= 2 && R <= D", "the rotary dims R = cos_sin_cache.shape[1] must be even, 2 to the head size D" },
    { "B * S * H < 2147483648", "at most 2^31 - 1 heads (tokens x heads) per call" },
    { "P >= 1 || B * S * H == 0", "the table needs at least one row (P >= 1)" },
  },

  axes = {
    { name = "act",      values = { "bf16", "fp16", "fp32" }, from = "dtype x" },
    { name = "table",    values = { "fp32", "bf16", "fp16" }, from = "dtype cos_sin_cache", prefix = "tab" },
    { name = "pos",      values = { "i32", "i64" },           from = "dtype positions", prefix = "pos" },
    { name = "pairing",  values = { "interleaved", "half" },  from = "scalar pairing" },
    { name = "head_dim", values = { 64, 80, 96, 128, 256, 320, "any" }, from = "symbol D", prefix = "d",
      any_when = "D % 2 == 0", any_max = 512 },  -- "any": every other even D up to 512, run-time D
    { name = "rot",      values = { "full", "partial" },      from = "rule",
      rule = { { "full", "R == D" }, { "partial", "1" } } },
    { name = "access",   values = { "vec16", "scalar" },      from = "rule",
      rule = { { "vec16", "aligned16 && R % (2 * VEC) == 0 && D % VEC ==&0" }, { "scalar", "1" } } },
  },

  kernel = {
    mapping = "heads",
    stages = { token = { "table_cos_sin_cache" }, head = { "load", "rotate", "store" } },
    roles = { input = "x", output = "out", cos_sin = "cos_sin_cache", positions = "positions" },
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
