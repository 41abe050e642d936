-- The rotary family (ops.md sections 1, 2 and 4): rotary embeddings of the
-- heads of x, or of q and k in one launch, with the angles from per-token
-- tables, from tables indexed by positions, from one packed cos_sin_cache or
-- per head; and the fused QK RMSNorm + rotary embedding ops, in place. Every
-- member is the heads mapping over library stages: a table stage, load,
-- (a norm,) rotate, store. What the members share is declared once here.

-- Tensors ----------------------------------------------------------------------
local function heads(name, heads_sym, access, doc, extra)
  local t = { name = name, dims = { "B?", "S", heads_sym, "D" }, dtype = "act", access = access, doc = doc }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end
local x = heads("x", "H", "in", "activations, last dim contiguous")
local out = heads("out", "H", "out", "result; NULL or x for in place", { optional = true, inplace_of = "x" })
local q_inout = heads("q", "HQ", "inout", "queries, normalised and rotated in place; last dim contiguous")
local k_inout = heads("k", "HK", "inout", "keys, in place; token and head strides free")
local positions = { name = "positions", dims = { "B?", "S" }, dtype = "pos", access = "in",
  scalar_access = true, doc = "each token's position (any strides)" }
local tables = {
  per_token = {
    { name = "cos", dims = { "S", "R/2" }, dtype = "table", access = "in", doc = "cosines, row = token index within its sequence" },
    { name = "sin", dims = { "S", "R/2" }, dtype = "table", access = "in", doc = "sines, same layout as cos" },
  },
  positions = {
    { name = "cos", dims = { "P", "R/2" }, dtype = "table", access = "in", doc = "cosines by position" },
    { name = "sin", dims = { "P", "R/2" }, dtype = "table", access = "in", doc = "sines, same layout as cos" },
    positions,
  },
  cos_sin_cache = {
    { name = "cos_sin_cache", dims = { "P", "R" }, dtype = "table", access = "in", doc = "cosines then sines, by position" },
    positions,
  },
}
-- Per-head tables [B, H, S, R/2] (free strides but the last): one doc says whose heads they serve
local function per_head_tables(cos_doc)
  return {
    { name = "cos", dims = { "B?", "H", "S", "R/2" }, dtype = "table", access = "in", doc = cos_doc },
    { name = "sin", dims = { "B?", "H", "S", "R/2" }, dtype = "table", access = "in", doc = "sines, same shape as cos" },
  }
end
local function qk_weights(dims_q, dims_k, doc_q, doc_k)
  return {
    { name = "q_weight", dims = { dims_q }, dtype = "weight", access = "in", doc = doc_q },
    { name = "k_weight", dims = { dims_k }, dtype = "weight", access = "in", doc = doc_k },
  }
end
-- The across-heads forms' weights [heads * D] and their sizes, q's heads named hq and k's hk
local function across_weights(hq, hk)
  return qk_weights("QW", "KW", ("RMSNorm weight of q's hidden vector [%s * D]"):format(hq),
    ("RMSNorm weight of k's hidden vector [%s * D]"):format(hk))
end
local function across_sizes(hq, hk, first)
  local c = { first }
  for _, w in ipairs({ { "QW", hq, "q" }, { "KW", hk, "k" } }) do
    c[#c + 1] = { ("%s == %s * D"):format(w[1], w[2]),
      ("%s_weight must have %s * D elements (the weights of all of %s's heads)"):format(w[3], w[2], w[3]) }
  end
  return c
end
local head_weights = qk_weights("D", "D", "RMSNorm weight of q's heads", "RMSNorm weight of k's heads")

-- The table stage of each table kind, and the angles' R in its constraint
local table_stage = {
  per_token = { "table_per_token", cos = "cos", sin = "sin" },
  positions = { "table_positions", cos = "cos", sin = "sin", positions = "positions", offset = "position_offset" },
  cos_sin_cache = { "table_cos_sin_cache", cache = "cos_sin_cache", positions = "positions", offset = "position_offset" },
}
local function rotary_dims(kind, tensor)
  if kind == "cos_sin_cache" then
    return { "R % 2 == 0 && R >= 2 && R <= D", "the rotary dims R = cos_sin_cache.shape[1] must be even, 2 to the head size D" }
  end
  return { "R >= 2 && R <= D", ("the rotary dims R = 2 * %s must be 2 to the head size D"):format(tensor or "cos.shape[1]") }
end

-- Scalars, axes, tiles ------------------------------------------------------------
local pairing = { name = "pairing", type = "pairing", doc = "which elements form a rotated pair" }
local position_offset = { name = "position_offset", type = "i64", default = 0, doc = "added to every position" }
local eps = { name = "eps", type = "f32", default = 1e-6, doc = "added to mean(x^2) under the square root" }
local norm_rounding = { name = "norm_rounding", type = "norm_rounding",
  doc = "fp32: rotate the fp32 norm; act: round it to the dtype of q first" }

-- The head sizes of models (ops.md), each with kernels of its own (an op may
-- list fewer); "any": every other even D up to 512, run-time D.
local head_dim = { name = "head_dim", values = { 64, 80, 96, 128, 256, 320, "any" }, from = "symbol D", prefix = "d",
  any_when = "D % 2 == 0", any_max = 512 }

-- The axes in dispatch-key order: act, [weight], table, [pos or rounding],
-- pairing, head_dim, rot, access.
local function axes(o)
  return join(
    { { name = "act", values = { "bf16", "fp16", "fp32" }, from = "dtype " .. o.input } },
    o.weight and { { name = "weight", values = { "fp32", "bf16", "fp16" }, from = "dtype q_weight", prefix = "w" } },
    { { name = "table", values = { "fp32", "bf16", "fp16" }, from = "dtype " .. o.table, prefix = "tab" } },
    o.positions and { { name = "pos", values = { "i32", "i64" }, from = "dtype positions", prefix = "pos" } },
    o.rounding and { { name = "rounding", values = { "fp32", "eager_bf16" }, from = "scalar rounding", prefix = "round" } },
    { { name = "pairing", values = o.pairings or { "interleaved", "half" }, from = "scalar pairing", prefix = "pair" },
      extend(head_dim, { values = o.head_dims or head_dim.values }),
      { name = "rot", values = { "full", "partial" }, from = "rule", rule = { { "full", "R == D" }, { "partial", "1" } },
        prefix = "rot" },
      { name = "access", values = { "vec16", "scalar" }, from = "rule",
        rule = { { "vec16", "aligned16 && R % (2 * VEC) == 0 && D % VEC == 0" }, { "scalar", "1" } } } })
end

-- 4 warps per block, one head in flight, interleaved: 2 chunks per lane; the
-- fast path keeps registers for 3 blocks per multiprocessor; the general
-- variant holds chunks for the largest head (no register cap). Tuned on an
-- H200 with build/fusegen_bench (bench/NOTES.md). token_block: a block per
-- token on a flat grid, its activations read with plain loads (the second pass
-- re-reads them from L1).
local function tiles(o)
  return {
    warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = o.token_block and 0 or 32,
    walk = o.walk, token_block = o.token_block, evict_first = o.token_block and 0 or nil,
    { when = { pairing = "interleaved" }, chunks = 2 },
    { when = { access = "vec16" }, min_blocks = 3, lean = o.lean },
    { when = { head_dim = "any" }, min_blocks = 1 },
  }
end
-- across heads: the block form's candidates (a warp per token, and grids of 6
-- blocks a multiprocessor, lost to it on both GPUs: bench/NOTES.md); min_blocks
-- 9 of 4 warps, or 18 of 2, bounds the registers to 56; the sum's pass with two
-- head steps in flight is tried alone on the tiles a GPU runs now
local across_tune = { warps = { 2, 4, 8 }, heads_in_flight = { 1, 2 }, evict_first = { 0, 1 }, min_blocks = { 3, 9, 18 },
  around = { sum_steps = { 1, 2 } } }
local rope_tune = { warps = { 2, 4, 8 }, heads_in_flight = { 1, 2 }, chunks = { 1, 2 }, blocks_per_sm = { 0, 32 } }

-- The variant budget: a head size gets its own kernels on the 16-byte path,
-- with R == D (and R < D where `partial` lists the size), activations in bf16
-- or fp16 (the models' dtypes; no bench shape runs fp32) and tables in fp32
-- or the activations' dtype; every other call runs the general variant
-- (head_dim "any", rot "partial", access vec16 or scalar, every table dtype),
-- which the entry point falls back to, so no caller is refused for it.
local budget_doc = "other head sizes, R < D, fp32 x and other tables run the general variant"
local function budget(own_keep, partial)
  return function(v)
    if own_keep and not own_keep(v) then return false end
    if v.head_dim == "any" then return v.rot == "partial" end
    return v.access == "vec16" and v.act ~= "fp32" and (v.table == "fp32" or v.table == v.act) and
      (v.rot == "full" or (partial or {})[v.head_dim] == true)
  end
end

-- rope_*: x (or q and k) rotated into out (or in place) ------------------------------
local function rope_op(o)
  local kind = o.kind
  local head_sets = o.head_sets or { { input = "x", output = "out", heads = "H" } }
  local stages = { token = { table_stage[kind] }, head = { "load", { "rotate", pairing = "pairing", dims = "R" }, "store" } }
  if kind == "per_head" then
    stages = { token = {}, head = { "load", { "table_per_head", cos = "cos", sin = "sin" },
      { "rotate", pairing = "pairing", dims = "R", rounding = "rounding" }, "store" } }
  end
  return {
    op = o.op, summary = o.summary, doc = o.doc,
    tensors = join(o.heads_tensors or { x, out }, o.tables or tables[kind]),
    scalars = join({ pairing }, kind ~= "per_token" and kind ~= "per_head" and { position_offset }, o.scalars),
    enums = extend({ pairing = { "interleaved", "half" } }, o.enums),
    constraints = join({ rotary_dims(kind, o.table_dim), { o.heads_limit or "B * S * H < 2147483648",
      "at most 2^31 - 1 heads (tokens x heads) per call" } },
      (kind == "positions" or kind == "cos_sin_cache") and
        { { "P >= 1 || " .. (o.heads_limit or "B * S * H < 2147483648"):gsub(" < 2147483648", " == 0"), "the table needs at least one row (P >= 1)" } }),
    axes = axes { input = head_sets[1].input, table = kind == "cos_sin_cache" and "cos_sin_cache" or "cos",
      positions = kind == "positions" or kind == "cos_sin_cache", rounding = kind == "per_head",
      head_dims = o.head_dims },
    keep = budget(o.keep), keep_doc = o.keep_doc or budget_doc,
    -- a kernel file per activation dtype: few files (each costs its compiler's
    -- start-up), each of some dozens of variants, so that the build's jobs balance
    kernel = { mapping = "heads", stages = stages, head_sets = head_sets, files = { "act" } },
    tiles = tiles { lean = o.lean },
    tune = o.tune or rope_tune,
  }
end

-- qknorm_*: q and k normalised (per head, or over all heads of a token), then
-- rotated, in place --------------------------------------------------------------------
local function qknorm_op(o)
  local kind = o.kind
  local norm = { "norm_rms", weight = { "q_weight", "k_weight" }, eps = "eps", rounding = "norm_rounding" }
  local token = { table_stage[kind], o.across and { "rms_across_heads", eps = "eps" } or { "norm_weights", weight = { "q_weight", "k_weight" } } }
  local head = { "load", norm, { "rotate", pairing = "pairing", dims = "R" }, "store" }
  if kind == "per_head" then
    token = { { "rms_across_heads", eps = "eps" } }
    head = { "load", norm, { "table_per_head", cos = "cos", sin = "sin" }, { "rotate", pairing = "pairing", dims = "R" }, "store" }
  end
  local limit = o.heads_limit or "B * S * (HQ + HK) < 2147483648"
  return {
    op = o.op, summary = o.summary, doc = o.doc,
    tensors = join({ o.q or q_inout, o.k or k_inout }, o.weights or head_weights, o.tables or tables[kind]),
    scalars = join({ pairing, eps }, (kind == "positions" or kind == "cos_sin_cache") and { position_offset }, { norm_rounding }),
    enums = { pairing = { "interleaved", "half" }, norm_rounding = { "fp32", "act" } },
    constraints = join(o.constraints, { rotary_dims(kind, o.table_dim), { limit, "at most 2^31 - 1 heads (tokens x heads) per call" } },
      (kind == "positions" or kind == "cos_sin_cache") and
        { { "P >= 1 || " .. limit:gsub(" < 2147483648", " == 0"), "the table needs at least one row (P >= 1)" } }),
    axes = axes { input = "q", weight = true, table = kind == "cos_sin_cache" and "cos_sin_cache" or "cos",
      positions = kind == "positions" or kind == "cos_sin_cache", pairings = o.pairings,
      head_dims = o.across and { 64, 128, "any" } or { 64, 80, 96, 128, 256, "any" } },
    -- Qwen-Image's partial rotary: R = 64 of D = 128
    keep = budget(o.keep or function(v) return (v.weight == "fp32" or v.weight == v.act) and v.table == "fp32" end, { [128] = true }),
    keep_doc = o.keep_doc or "weights are fp32 or the dtype of q; the tables are fp32",
    kernel = { mapping = "heads", stages = { token = token, head = head },
      head_sets = { { input = "q", output = "q", heads = o.k_heads and "H" or "HQ" }, { input = "k", output = "k", heads = "HK" } },
      files = { "act" } },
    -- a warp walks all heads of a token: the table row and the weights loaded
    -- once per token; across heads, a block per token and head set, its warps
    -- over the heads: the token's loads go out at once, not a head step a warp
    tiles = tiles { walk = not o.across and "token" or nil, token_block = o.across and 1 or nil },
    -- (a tail of short runs, tail_walk, its bound, tail_above, and the head
    -- steps copied ahead are tried alone on the tiles a GPU runs now)
    tune = o.across and across_tune or { warps = { 4, 8 }, heads_in_flight = { 1, 2 }, blocks_per_sm = { 0, 6, 32 }, min_blocks = { 3, 5, 8 },
      around = { tail_walk = { 0, 2, 3 }, tail_above = { 0, 6 }, ahead = { 1, 2 } } },
  }
end

-- The across-heads members' doc around what differs: the mean, the weights, the angles
local function across_doc(hq, hk, middle)
  return ([[
For every token of q [.., %s, D] and k [.., %s, D] (token strides free: views
into one fused qkv tensor): y = x * (rsqrt(mean(x^2) + eps) * w) in fp32, the
%s,
dims [R, D) normalised only; rounded once and written back. norm_rounding act
rounds y to the dtype of q before the rotation (as a separate norm kernel
followed by a rope kernel would).]]):format(hq, hk, middle)
end

local qknorm_doc = [[
For every head of q [.., HQ, D] and k [.., HK, D] (token strides free: views
into one fused qkv tensor): y = x * (rsqrt(mean(x^2) + eps) * w) in fp32, w =
q_weight or k_weight [D]; then y rotated with the angles of %s, dims [R, D)
normalised only; rounded once and written back. norm_rounding act rounds y to
the dtype of q before the rotation (as a separate norm kernel followed by a
rope kernel would).]]
local qk_doc = "As fg_rope, applied to q [.., HQ, D] and k [.., HK, D] in one launch: the same\n" ..
  "pairing, tables and R for both; q_out / k_out NULL (or q / k) rotate in place."
local qk_tensors = {
  heads("q", "HQ", "in", "queries, last dim contiguous"),
  heads("k", "HK", "in", "keys, last dim contiguous; token strides free"),
  heads("q_out", "HQ", "out", "rotated q; NULL or q for in place", { optional = true, inplace_of = "q" }),
  heads("k_out", "HK", "out", "rotated k; NULL or k for in place", { optional = true, inplace_of = "k" }),
}
local qk_sets = { { input = "q", output = "q_out", heads = "HQ" }, { input = "k", output = "k_out", heads = "HK" } }

return {
  rope_op {
    op = "rope", kind = "per_token",
    summary = "rotary embedding with per-token cos/sin tables",
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
As fg_rope, but the row of cos/sin for token t is positions[t] + position_offset
(positions int32 or int64, [T] or [B, S]). A row outside [0, P) is never read:
that token's rotated dims come out NaN.]],
  },
  rope_op {
    op = "rope_cos_sin_cache", kind = "cos_sin_cache",
    summary = "rotary embedding with a packed cos_sin_cache indexed by positions",
    doc = [[
As fg_rope, with the angles of token t in row positions[t] + position_offset of
cos_sin_cache [P, R]: cosines in its first half, sines in its second. A row
outside [0, P) is never read: that token's rotated dims come out NaN.]],
  },
  rope_op {
    op = "rope_per_head", kind = "per_head",
    summary = "rotary embedding with per-head cos/sin tables",
    doc = [[
As fg_rope, with the angles of head h of token s of batch b in cos[b, h, s, :]
and sin[b, h, s, :]. rounding FG_ROUNDING_EAGER_BF16 (bf16 x only) reproduces
eager PyTorch bit for bit: a' = bf16(bf16(a*cos) - b*sin), b' = bf16(bf16(b*cos) + a*sin).]],
    tables = per_head_tables("cosines per batch, head and token; last dim contiguous"),
    table_dim = "cos.shape[-1]",
    scalars = {
      { name = "rounding", type = "rounding", doc = "fp32 (one rounding) or eager_bf16" },
    },
    enums = { rounding = { "fp32", "eager_bf16" } },
    keep = function(v) return v.rounding == "fp32" or v.act == "bf16" end,
    keep_doc = "eager_bf16 rounding needs bf16 x",
    lean = 1,
  },
  rope_op {
    op = "rope_qk", kind = "per_token",
    summary = "rotary embedding of q and k in one launch, per-token cos/sin tables",
    doc = qk_doc, heads_tensors = qk_tensors, head_sets = qk_sets, heads_limit = "B * S * (HQ + HK) < 2147483648",
  },
  rope_op {
    op = "rope_qk_cos_sin_cache", kind = "cos_sin_cache",
    summary = "rotary embedding of q and k in one launch, from a packed cos_sin_cache indexed by positions",
    doc = [[
As fg_rope_cos_sin_cache, applied to q [.., HQ, D] and k [.., HK, D] in one
launch (GQA/MQA head counts; token strides free: views of one fused qkv
tensor): the angles of token t in row positions[t] + position_offset of
cos_sin_cache [P, R], cosines then sines; q_out / k_out NULL (or q / k) rotate
in place. A row outside [0, P) is never read: that token's rotated dims come
out NaN.]],
    heads_tensors = qk_tensors, head_sets = qk_sets, heads_limit = "B * S * (HQ + HK) < 2147483648",
    head_dims = { 64, 128, 256, "any" },
    keep = function(v) return v.table == "fp32" or v.table == v.act end,
    keep_doc = "the cache is fp32 or the dtype of q",
    -- walk: a warp takes all of a token's heads of q and k, reading its cache row once;
    -- a tail of short runs (tail_walk) tried alone on the tiles a GPU runs now
    tune = extend(rope_tune, { walk = { 0, "token" }, around = { tail_walk = { 0, 2 } } }),
  },

  qknorm_op {
    op = "qknorm_rope", kind = "per_token",
    summary = "RMSNorm of each head of q and k, then rotary embedding from per-token cos/sin tables, in place",
    doc = qknorm_doc:format("row s (the token's place in\nits sequence) of cos and sin [S, R/2]"),
  },
  qknorm_op {
    op = "qknorm_rope_positions", kind = "positions",
    summary = "RMSNorm of each head of q and k, then rotary embedding from cos/sin tables indexed by positions, in place",
    doc = qknorm_doc:format("row positions[t] +\nposition_offset of cos and sin [P, R/2]") ..
      " A row outside [0, P) is never read: that token's rotated\ndims come out NaN.",
  },
  qknorm_op {
    op = "qknorm_rope_cos_sin_cache", kind = "cos_sin_cache",
    summary = "RMSNorm of each head of q and k, then rotary embedding from a packed cos_sin_cache, in place",
    doc = [[
For every head of q [.., HQ, D] and k [.., HK, D] (token strides free: views
into one fused qkv tensor): y = x * (rsqrt(mean(x^2) + eps) * w) in fp32, w =
q_weight or k_weight [D]; then y rotated with the angles of row positions[t] +
position_offset of cos_sin_cache [P, R] (cosines, then sines), dims [R, D)
normalised only; rounded once and written back. norm_rounding act rounds y to
the dtype of q before the rotation (as a separate norm kernel followed by a
rope kernel would). A row outside [0, P) is never read: that token's rotated
dims come out NaN.]],
  },
  qknorm_op {
    op = "qknorm_across_heads_rope", kind = "per_token", across = true,
    summary = "RMSNorm of q and k over all heads of a token, then rotary embedding from per-token cos/sin tables, in place",
    doc = across_doc("HQ", "HK", [=[
mean over the token's HQ * D (or HK * D) elements, w = q_weight [HQ * D] or
k_weight [HK * D] (head h's weights at h * D); then each head's y rotated
with the angles of row s (the token's place in its sequence) of cos and
sin [S, R/2]]=]),
    weights = across_weights("HQ", "HK"),
    constraints = across_sizes("HQ", "HK"),
  },
  -- LTX-2's attention prologue (docs/tutorial.md walks through a member like it)
  qknorm_op {
    op = "qknorm_across_heads_rope_per_head", kind = "per_head", across = true,
    summary = "RMSNorm of q and k over all heads of a token, then rotary embedding from per-head cos/sin tables, in place",
    doc = across_doc("H", "H", [[
mean over the token's H * D elements, w = q_weight or k_weight [H * D] (head
h's weights at h * D); then head h of token s of batch b rotated with the
angles cos[b, h, s, :] and sin[b, h, s, :] (q and k share the tables)]]),
    q = heads("q", "H", "inout", "queries, normalised and rotated in place; last dim contiguous"),
    k = heads("k", "HK", "inout", "keys, in place, as many heads as q; token and head strides free"),
    k_heads = true,
    weights = across_weights("H", "H"),
    tables = per_head_tables("cosines per batch, head and token (shared by q and k); last dim contiguous"),
    table_dim = "cos.shape[-1]",
    constraints = across_sizes("H", "H", { "HK == H", "k must have as many heads as q: they share the per-head tables" }),
    heads_limit = "B * S * 2 * H < 2147483648",
    pairings = { "half", "interleaved" },
    keep = function(v)
      return (v.weight == "fp32" or v.weight == v.act) and (v.table == "fp32" or v.table == v.act)
    end,
    keep_doc = "weights and tables are fp32 or the dtype of q",
  },
}
