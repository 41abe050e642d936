-- Fused QK RMSNorm across heads + rotary embedding with per-head tables, in
-- place: the pattern of LTX-2's attention (RMS over the whole H * D of a token,
-- weight [H * D], then each head rotated with its own angles cos[b, h, s, :],
-- usually with the half pairing). Written from the stages the library has:
-- docs/tutorial.md walks through this file.
return {
  op = "qknorm_across_heads_rope_per_head",
  summary = "RMSNorm of q and k over all heads of a token, then rotary embedding from per-head cos/sin tables, in place",
  doc = [[
For every token of q [.., H, D] and k [.., H, D] (token strides free: views
into one fused qkv tensor): y = x * (rsqrt(mean(x^2) + eps) * w) in fp32, the
mean over the token's H * D elements, w = q_weight or k_weight [H * D] (head
h's weights at h * D); then head h of token s of batch b rotated with the
angles cos[b, h, s, :] and sin[b, h, s, :] (q and k share the tables), dims
[R, D) normalised only; rounded once and written back. norm_rounding act
rounds y to the dtype of q before the rotation.]],

  tensors = {
    { name = "q",        dims = { "B?", "S", "H", "D" },   dtype = "act",    access = "inout",
      doc = "queries, normalised and rotated in place; last dim contiguous" },
    { name = "k",        dims = { "B?", "S", "HK", "D" },  dtype = "act",    access = "inout",
      doc = "keys, in place, as many heads as q; token and head strides free" },
    { name = "q_weight", dims = { "QW" },                  dtype = "weight", access = "in",
      doc = "RMSNorm weight of q's hidden vector [H * D]" },
    { name = "k_weight", dims = { "KW" },                  dtype = "weight", access = "in",
      doc = "RMSNorm weight of k's hidden vector [H * D]" },
    { name = "cos",      dims = { "B?", "H", "S", "R/2" }, dtype = "table",  access = "in",
      doc = "cosines per batch, head and token (shared by q and k); last dim contiguous" },
    { name = "sin",      dims = { "B?", "H", "S", "R/2" }, dtype = "table",  access = "in",
      doc = "sines, same shape as cos" },
  },
  scalars = {
    { name = "pairing", type = "pairing", doc = "which elements form a rotated pair" },
    { name = "eps", type = "f32", default = 1e-6, doc = "added to mean(x^2) under the square root" },
    { name = "norm_rounding", type = "norm_rounding", doc = "fp32: rotate the fp32 norm; act: round it to the dtype of q first" },
  },
  enums = { pairing = { "interleaved", "half" }, norm_rounding = { "fp32", "act" } },
  constraints = {
    { "HK == H", "k must have as many heads as q: they share the per-head tables" },
    { "QW == H * D", "q_weight must have H * D elements (the weights of all of q's heads)" },
    { "KW == H * D", "k_weight must have H * D elements (the weights of all of k's heads)" },
    { "R >= 2 && R <= D", "the rotary dims R = 2 * cos.shape[-1] must be 2 to the head size D" },
    { "B * S * 2 * H < 2147483648", "at most 2^31 - 1 heads (tokens x heads) per call" },
  },

  axes = {
    { name = "act",      values = { "bf16", "fp16", "fp32" }, from = "dtype q" },
    { name = "weight",   values = { "fp32", "bf16", "fp16" }, from = "dtype q_weight", prefix = "w" },
    { name = "table",    values = { "fp32", "bf16", "fp16" }, from = "dtype cos", prefix = "tab" },
    { name = "pairing",  values = { "half", "interleaved" },  from = "scalar pairing" },
    { name = "head_dim", values = { 64, 128, "any" }, from = "symbol D", prefix = "d",
      any_when = "D % 2 == 0", any_max = 512 },
    { name = "rot",      values = { "full", "partial" },      from = "rule",
      rule = { { "full", "R == D" }, { "partial", "1" } } },
    { name = "access",   values = { "vec16", "scalar" },      from = "rule",
      rule = { { "vec16", "aligned16 && R % (2 * VEC) == 0 && D % VEC == 0" }, { "scalar", "1" } } },
  },
  keep = function(v)
    return (v.weight == "fp32" or v.weight == v.act) and (v.table == "fp32" or v.table == v.act)
  end,
  keep_doc = "weights and tables are fp32 or the dtype of q",

  kernel = {
    mapping = "heads",
    stages = { token = { "rms_across_heads" }, head = { "load", "norm_rms", "table_per_head", "rotate", "store" } },
    roles = { cos = "cos", sin = "sin" },
    head_sets = {
      { input = "q", output = "q", heads = "H", weight = "q_weight" },
      { input = "k", output = "k", heads = "HK", weight = "k_weight" },
    },
    files = { "pairing", "act", "weight" },
  },
  tiles = {
    warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32,
    { when = { pairing = "interleaved" }, chunks = 2 },
    { when = { access = "vec16" }, min_blocks = 3 },
    { when = { head_dim = "any" }, min_blocks = 1 },
  },
  -- the tuner's candidates (fusegen_tune; docs/tuning.md)
  tune = { warps = { 1, 2, 4, 8 }, heads_in_flight = { 1, 2, 4 }, blocks_per_sm = { 0, 6, 32 } },
}
