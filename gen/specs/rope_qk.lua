-- Rotary embedding of q and k in one launch (ops.md section 1): different head
-- counts (GQA/MQA: Hq = 32, Hk = 8 or 1), each with its own strides (views into
-- one fused qkv projection), one per-token cos/sin table for both.
return {
  op = "rope_qk",
  summary = "rotary embedding of q and k in one launch, per-token cos/sin tables",
  doc = [[
As fg_rope, applied to q [.., HQ, D] and k [.., HK, D] in one launch: the same
pairing, tables and R for both; q_out / k_out NULL (or q / k) rotate in place.]],

  tensors = {
    { name = "q",     dims = { "B?", "S", "HQ", "D" }, dtype = "act",   access = "in",
      doc = "queries, last dim contiguous" },
    { name = "k",     dims = { "B?", "S", "HK", "D" }, dtype = "act",   access = "in",
      doc = "keys, last dim contiguous; token strides free" },
    { name = "q_out", dims = { "B?", "S", "HQ", "D" }, dtype = "act",   access = "out",
      optional = true, inplace_of = "q", doc = "rotated q; NULL or q for in place" },
    { name = "k_out", dims = { "B?", "S", "HK", "D" }, dtype = "act",   access = "out",
      optional = true, inplace_of = "k", doc = "rotated k; NULL or k for in place" },
    { name = "cos",   dims = { "S", "R/2" },           dtype = "table", access = "in",
      doc = "cosines, row = token index within its sequence" },
    { name = "sin",   dims = { "S", "R/2" },           dtype = "table", access = "in",
      doc = "sines, same layout as cos" },
  },
  scalars = {
    { name = "pairing", type = "pairing", doc = "which elements form a rotated pair" },
  },
  enums = { pairing = { "interleaved", "half" } },
  constraints = {
    { "R >= 2 && R <= D", "the rotary dims R = 2 * cos.shape[1] must be 2 to the head size D" },
    { "B * S * (HQ + HK) < 2147483648", "at most 2^31 - 1 heads (tokens x heads) per call" },
  },

  axes = {
    { name = "act",      values = { "bf16", "fp16", "fp32" }, from = "dtype q" },
    { name = "table",    values = { "fp32", "bf16", "fp16" }, from = "dtype cos", prefix = "tab" },
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
    stages = { token = { "table_per_token" }, head = { "load", "rotate", "store" } },
    roles = { cos = "cos", sin = "sin" },
    -- q's items, then k's: each set of heads with its own strides and count
    head_sets = {
      { input = "q", output = "q_out", heads = "HQ" },
      { input = "k", output = "k_out", heads = "HK" },
    },
    files = { "pairing", "act", "table" },
  },
  -- As rope's (gen/specs/rope.lua).
  tiles = {
    warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32,
    { when = { pairing = "interleaved" }, chunks = 2 },
    { when = { access = "vec16" }, min_blocks = 3 },
    { when = { head_dim = "any" }, min_blocks = 1 },
  },
  -- the tuner's candidates (fusegen_tune; docs/tuning.md)
  tune = { warps = { 2, 4, 8 }, heads_in_flight = { 1, 2 }, chunks = { 1, 2 }, blocks_per_sm = { 0, 32 } },
}
