-- The "heads" thread mapping: work items are (token, head) pairs.
--
-- A head of D elements is cut into chunks of C elements, C = 16 bytes of the
-- activation dtype, so that each chunk is one 16-byte load on the fast path.
-- A group of L lanes of a warp holds one head (each lane a few chunk slots),
-- a warp holds G = floor(32 / L) heads at a time, and a lane keeps U heads in
-- flight. A warp stays on one token while it walks over that token's heads,
-- so per-token data (the cos/sin row) is loaded once into registers and reused
-- for every head. The only runtime loops are over tokens and heads.
--
-- Regions of a head:
--   rotate: interleaved pairs: chunks over [0, R); half pairs: chunks over the
--           first half [0, R/2), each paired with the chunk R/2 further on.
--   pass:   [R, D), copied when out of place, untouched in place (partial R only);
--           with a stage that needs the whole head (a norm), held in fp32 and
--           always written.

local dtypes = require "fusegen.dtypes"
local spec_mod = require "fusegen.spec"
local tiles_mod = require "fusegen.tiles"
local stages_mod = require "fusegen.stages"
local facts_mod = require "fusegen.facts"
local variants_mod = require "fusegen.variants"

local M = { NAME = "heads" }

local TILE_DEFAULTS = { warps = 8, chunks = 1, heads_in_flight = 2, blocks_per_sm = 32, min_blocks = 1, walk = 0,
  evict_first = 1, flat_waves = 0, lean = 0, l2_keep = 0, token_block = 0, even_runs = 0, ahead = 0, block_phase = 0, tail_walk = 0, tail_above = 0, walk_index32 = 0,
  sum_steps = 1 }
local TILE_DOC = {
  warps = "warps per block (1 to 32)",
  chunks = "rotate-region chunk slots per lane, at least (1 to 8)",
  heads_in_flight = "heads each lane loads before it computes (1 to 8)",
  blocks_per_sm = "0: a warp per work item, blocks scheduled as others finish; n: a grid of at most n blocks per multiprocessor, under what fits, looping over items (0 to 32)",
  flat_waves = "with blocks_per_sm = n: 0: every call on the grid of what fits; w: a call of more than w such grids of items launches a block per item group instead (0 to 1024)",
  min_blocks = "blocks per multiprocessor the registers must allow (__launch_bounds__; 1 to 32)",
  evict_first = "1: the activations (read once) are loaded evict-first (__ldcs); 0: with plain loads (0 or 1)",
  l2_keep = "1: in place, the activations are loaded under an L2 evict-last policy and stored evict-normal: their lines stay in L2 from a head's load to its store, then go back to the normal priority (out of place, both evict-first; over evict_first; the 16-byte path); 0: not (0 or 1)",
  lean = "1: a second kernel, a lane group per (token, block of heads) with 32-bit offsets, runs the calls the item loop would pass over once (kernel/heads_lean.cu.tpl); 0: none (0 or 1)",
  walk = "0: items of one block of heads; n: a warp walks up to n blocks of one token's heads per item, loading per-token data once (0 to 64); \"token\": all of them",
  even_runs = "with walk = \"token\" over several head sets: 1: the launcher cuts each set's heads into runs of one length per call, the fewest heads of a set (in whole steps), so that a set of more heads is not the call's long pole (GQA: q's 32 heads as 4 runs of k's 8), a token's runs neighbours; 0: a run per set (0 or 1; ignored with the need whole_token or token_block)",
  ahead = "with a walk over a token's heads (walk > 0 or \"token\"), on the 16-byte path: n: each lane copies its chunks of the activations n head steps ahead into shared memory (cp.async), so that n + 1 steps' loads are in flight without registers, the first step's before the token stages; 0: each step loads its own (0 to 3; ignored with the need whole_token)",
  block_phase = "with a walk over a token's heads (walk > 0 or \"token\"): 1: the token stages that can (those that declare the need block_phase) load what is the same for every item of a head set once a block, into shared memory before the item loop (behind one barrier), and read it there at each head step, holding no registers through the walk; 0: each item loads it into registers (0 or 1; ignored where the head size is a run-time value)",
  tail_walk = "with walk = \"token\" and the flat grid (blocks_per_sm = 0): n: the call's last wave's worth of tokens (as many token items as the warps that fit on the device at once) is cut into runs of n head steps, items after the whole tokens, so that the multiprocessors that finish their whole tokens first take the short runs and the call's warps end together; 0: every item a whole token (0 to 64; ignored with the need whole_token or token_block)",
  tail_above = "with tail_walk: s: the launcher cuts the tail only where a token of the head set with the most heads has more than s head steps; shorter tokens keep whole items to the end of the call; 0: every call has its tail (0 to 64)",
  walk_index32 = "with a walk over a token's heads: 1: the walk's head index in 32 bits (unsigned: the mapping requires B * S * heads < 2^31, so h + hstep stays below 2^32), a register fewer; 0: 64 bits, which most walks run faster with (0 or 1; ignored without a walk)",
  sum_steps = "with the need whole_token (a sum over the token's heads before its head stages), on the 16-byte path with a head size fixed at generation: n: that sum's pass over the token issues n head steps' loads, as raw 16-byte chunks, before it sums any, so that n steps' loads are in flight where each step waited for the last; 1: a step at a time (1 to 4; ignored elsewhere)",
  token_block = "with a whole token per item (the need whole_token, or walk = \"token\"): 0: a warp per item; 1: a block per item, its warps' lane groups taking the token's heads together (warps x G at a time) and its sums over the token through shared memory (ignored where a warp's lanes do not all hold heads) (0 or 1)",
}
local TILE_LIMITS = { warps = { 1, 32 }, chunks = { 1, 8 }, heads_in_flight = { 1, 8 }, blocks_per_sm = { 0, 32 },
  min_blocks = { 1, 32 }, walk = { 0, 64 }, evict_first = { 0, 1 }, l2_keep = { 0, 1 }, flat_waves = { 0, 1024 }, lean = { 0, 1 },
  token_block = { 0, 1 }, even_runs = { 0, 1 }, ahead = { 0, 3 }, block_phase = { 0, 1 }, tail_walk = { 0, 64 }, tail_above = { 0, 64 }, walk_index32 = { 0, 1 },
  sum_steps = { 1, 4 } }

-- The flat grid (blocks_per_sm = 0) launches every block at any size, so
-- flat_waves means nothing there; a walk has no lean form, and only a walk
-- loads ahead or has a block phase; runs of even length are of a token walk,
-- and a tail of runs of one on the flat grid, and its bound of a tail: one
-- form, one candidate.
local function normalize(t)
  if t.blocks_per_sm == 0 then t.flat_waves = 0 end
  if t.walk ~= 0 then t.lean = 0 else t.ahead, t.block_phase = 0, 0 end
  if t.walk ~= "token" then t.even_runs = 0 end
  if t.walk ~= "token" or t.blocks_per_sm ~= 0 then t.tail_walk = 0 end
  if t.tail_walk == 0 then t.tail_above = 0 end
end

-- This mapping's tile parameters: defaults, meaning and range
-- (gen/lua/fusegen/tiles.lua resolves a variant's from them).
M.TILE_KINDS = tiles_mod.kinds { defaults = TILE_DEFAULTS, doc = TILE_DOC, limits = TILE_LIMITS,
  special = { walk = { token = true } }, normalize = normalize }

function M.tiles(spec, v, tuning) return tiles_mod.resolve(spec, v, tuning, M.TILE_KINDS) end

local function ceil_div(a, b) return (a + b - 1) // b end

-- What a spec's kernel table may hold beyond mapping, stages and files, and
-- the stage levels: token stages run once per work item, head stages per head.
M.KERNEL_KEYS = { "head_sets" }
M.STAGE_LEVELS = { { name = "token", may_be_empty = true }, { name = "head" } }
M.STAGE_NEEDS = { whole_head = true, lane_reduce = true, whole_token = true, pairs = true, block_phase = true }
-- What a stage may need of this mapping (its declaration's `needs`):
--   whole_head:  every element of the head in fp32 registers, the pass region too
--   lane_reduce: the lanes of a head form an aligned power-of-two group, so that
--                a sum over the head is a few xor shuffles
--   whole_token: a warp per token, walking over all of its heads (a sum over the
--                token's heads, then the head stages): every lane of the warp
--                takes part in each item (tile walk: a run of a token's heads)
--   pairs = {pairing, dims}: the head laid out for rotation: pairs of
--                elements (interleaved or half) over [0, dims), the rest a pass region
--   block_phase: a token stage that can hold what is the same for every item
--                of a head set in shared memory: with the tile block_phase the
--                skeleton renders it once more, with phase = "block", once a block
--                before the item loop (its loads into shared memory, then one
--                barrier); m.block_phase says whether it does. It may hold
--                up to an fp32 row [D] per head set (m.block_bytes).
--                Where m.block_async, it may fill them by async copies
--                (cp.async) of its own group, issued by the block's first warp
--                where the block has an item (m.block_first_item < g.nitems),
--                which the skeleton waits for before the barrier it then
--                places in each warp's first item

-- head_sets: the (input, output, heads) groups one launch walks over (q and k).
-- Each input is [B?, S, H, D] (batch optional, tokens, heads, head size), and
-- every set shares the batch, token and head-size symbols: the mapping reads
-- them from the first set's input (k.layout).
function M.check_kernel(spec, symbols)
  local k, path, fail, by_name = spec.kernel, spec.path, spec_mod.fail, spec.tensor_by_name
  local what = "{input = TENSOR, output = TENSOR, heads = SYMBOL}"
  if type(k.head_sets) ~= "table" or #k.head_sets == 0 then fail(path, "kernel.head_sets", "a non-empty list of " .. what, k.head_sets) end
  for j, hs in ipairs(k.head_sets) do
    local f = ("kernel.head_sets[%d]"):format(j)
    if type(hs) ~= "table" then fail(path, f, what, hs) end
    for key in pairs(hs) do
      if key ~= "input" and key ~= "output" and key ~= "heads" then fail(path, f .. "." .. tostring(key), "input, output or heads", key) end
    end
    if not by_name[hs.input] or by_name[hs.input].access == "out" then fail(path, f .. ".input", "the name of an input (or inout) tensor", hs.input) end
    if not by_name[hs.output] or by_name[hs.output].access == "in" then fail(path, f .. ".output", "the name of an output (or inout) tensor", hs.output) end
    if type(hs.heads) ~= "string" or not symbols[hs.heads] then fail(path, f .. ".heads", "the symbol of the head count", hs.heads) end
    for _, role in ipairs { "input", "output" } do
      local t = by_name[hs[role]]
      local d = t.parsed_dims
      local form = ("[B?, S, %s, D]: an optional batch, tokens, heads and the head size"):format(hs.heads)
      if #d ~= 4 or not d[1].optional or d[2].sym == nil or d[3].sym ~= hs.heads or d[4].sym == nil or d[4].div ~= 1 then
        fail(path, ("tensors[%d].dims"):format(t.index + 1), form .. " (a head set's " .. role .. " in the heads mapping)", "a table")
      end
      local layout = { batch = d[1].sym, tokens = d[2].sym, head = d[4].sym }
      if not k.layout then k.layout = layout
      elseif layout.batch ~= k.layout.batch or layout.tokens ~= k.layout.tokens or layout.head ~= k.layout.head then
        fail(path, ("tensors[%d].dims"):format(t.index + 1), ("[%s?, %s, %s, %s], as the first head set's input"):format(
          k.layout.batch, k.layout.tokens, hs.heads, k.layout.head), "a table")
      end
    end
  end
  M.check_bounds(spec)
end

-- Checks the heads stages' declarations call (their `check`): each returns
-- nil, or a message and the parameter it is about.
function M.check_helpers(c)
  local spec, bind = c.spec, c.bind
  local layout = spec.kernel.layout
  local function dims_text(t) return "[" .. table.concat(t.dims, ", ") .. "]" end
  -- the tables' rows: per token [S, x], by position [P, x], or per head [B?, H, S, x]
  function c.table_rows(names, kind)
    for _, n in ipairs(names) do
      local t = bind[n].tensor
      local d = t.parsed_dims
      if kind == "per_head" then
        if #d ~= 4 or not d[1].optional or d[3].sym ~= layout.tokens then
          return ("a table [%s?, H, %s, R/2] (a row per batch, head and token), not %s"):format(layout.batch, layout.tokens, dims_text(t)), n
        end
      elseif #d ~= 2 or d[1].sym == nil or d[1].broadcast or (kind == "tokens" and d[1].sym ~= layout.tokens) then
        return ("a table [%s, R/2]%s, not %s"):format(kind == "tokens" and layout.tokens or "P",
          kind == "tokens" and " (a row per token of the sequence)" or " (a row per position)", dims_text(t)), n
      end
    end
  end
  function c.positions_of_tokens(n)
    local t = bind[n].tensor
    local d = t.parsed_dims
    if #d ~= 2 or not d[1].optional or d[2].sym ~= layout.tokens then
      return ("positions [%s?, %s] (one per token), not %s"):format(layout.batch, layout.tokens, dims_text(t)), n
    end
    local a = spec.axis_by_name[t.dtype]
    for _, dt in ipairs(a and a.values or { t.dtype }) do
      if dt ~= "i32" and dt ~= "i64" then return "positions of an integer dtype (i32 or i64), not " .. dt, n end
    end
  end
  -- the span of the angles the table stage before gives: its rows hold
  -- dims/2 angles per table (or dims, cosines and sines, in one packed row)
  function c.angles_span()
    local giver = c.giver("angles")
    local dims = bind.dims.name
    for _, p in ipairs(giver.decl.params) do
      if p.angles then
        local t = giver.bind[p.name].tensor
        local last = t.parsed_dims[#t.parsed_dims]
        if last.sym ~= dims or last.div ~= p.angles then
          return ("the rotary dims whose angles the table stage %s loads (%s's last dim is %q, so %s)"):format(giver.name,
            t.name, t.dims[#t.dims], p.angles == 2 and "dims/2 angles a row" or "dims angles a row"), "dims"
        end
      end
    end
  end
  -- norm weights: [D] per head set, or [W] with a constraint W == H * D (the
  -- whole token's weights, across heads)
  function c.head_weights(n, across)
    for i, b in ipairs(bind[n].list) do
      local t, hs = b.tensor, spec.kernel.head_sets[i]
      local d = t.parsed_dims
      if across then
        local ok = #d == 1 and d[1].sym and d[1].div == 1 and c.has_constraint(("%s == %s * %s"):format(d[1].sym, hs.heads, layout.head))
        for _, con in ipairs(spec.constraints) do
          local other = con[1]:match("^%s*" .. hs.heads .. "%s*==%s*([%a_][%w_]*)%s*$")
          if other and #d == 1 and d[1].sym then ok = ok or c.has_constraint(("%s == %s * %s"):format(d[1].sym, other, layout.head)) end
        end
        if not ok then
          return ("a weight [W] of the whole token, with a constraint W == %s * %s (after rms_across_heads)"):format(hs.heads, layout.head), n
        end
      elseif #d ~= 1 or d[1].sym ~= layout.head or d[1].div ~= 1 then
        return ("a weight [%s] per head set (the head size), not %s"):format(layout.head, dims_text(t)), n
      end
    end
  end
  -- the weights norm_weights loaded before must be this stage's own
  function c.same_weights(n)
    local giver = c.giver("weights")
    if not giver then return end
    for i, b in ipairs(bind[n].list) do
      if giver.bind.weight.list[i].name ~= b.name then
        return ("the weights the stage norm_weights before it loads (%s)"):format(giver.bind.weight.list[i].name), n
      end
    end
  end
end

-- The kernels divide token and head indices in 32 bits: the spec must bound
-- the heads of a call (B * S * <heads> < 2^31, any product of the heads).
function M.check_bounds(spec)
  local l = spec.kernel.layout
  local head = facts_mod.normalize(l.batch .. " * " .. l.tokens .. " * ")
  for _, c in ipairs(spec.constraints) do
    for _, part in ipairs(facts_mod.conjuncts(c[1])) do
      if part:sub(1, #head) == head and part:match("<2147483648$") then return end
    end
  end
  spec_mod.fail(spec.path, "constraints", ("a constraint { \"%s * %s * <heads> < 2147483648\", ... }: the heads kernels " ..
    "index tokens and heads in 32 bits"):format(l.batch, l.tokens), nil)
end

-- What the 16-byte path needs of every variant: whole chunks per head.
function M.vec_requires(spec)
  return { (spec.kernel.layout and spec.kernel.layout.head or "D") .. " % VEC == 0" }
end

-- The axis that fixes the head size, if any (symbol axis of the head dim).
local function head_axis(spec)
  for _, a in ipairs(spec.axes) do
    if a.kind == "symbol" and a.arg == spec.kernel.layout.head then return a end
  end
end

function M.plan(spec, v, tuning)
  local layout = spec.kernel.layout
  local tensors = variants_mod.tensor_types(spec, v)
  local F = facts_mod.of(spec, v)
  local act_name = tensors[spec.kernel.head_sets[1].input].dtype
  local act = dtypes.info(act_name)
  local m = { tiles = M.tiles(spec, v, tuning), facts = F, layout = layout }
  -- the head size: fixed by an axis, or a run-time value up to the general
  -- variant's any_max
  local D = F:value(layout.head)
  m.dynD = D == nil
  if m.dynD then D = F:bound(layout.head) end
  local ax = head_axis(spec)
  if not D then
    spec_mod.fail(spec.path, "axes", ("an axis from \"symbol %s\" (the head size, which sizes the heads mapping's registers)"):format(layout.head), nil)
  end
  m.esize = act.size
  m.C = 16 // act.size                      -- elements per chunk
  if not m.dynD and D % m.C ~= 0 then
    spec_mod.fail(spec.path, ax and ("axes[%d].values"):format(ax.index + 1) or "axes",
      ("head sizes that are multiples of %d for %s"):format(m.C, act_name), D)
  end
  m.D = D                                  -- the head size, or the most the general variant takes
  m.D_expr = m.dynD and ("(int)p." .. layout.head) or tostring(D) -- in kernel code
  m.vec = F:holds("aligned16")
  -- what the stages need of the mapping
  local needs = stages_mod.needs(stages_mod.for_variant(spec, v, tensors))
  local pairs_need = needs.pairs
  m.half = pairs_need ~= nil and pairs_need.pairing == "half"
  m.R_sym = pairs_need and pairs_need.dims.name or layout.head  -- the rotate region's span
  m.R_expr = "p." .. m.R_sym
  m.full = not m.dynD and F:equal(m.R_sym, layout.head)
  m.whole_head, m.lane_reduce = needs.whole_head or false, needs.lane_reduce or false
  -- walk: a warp walks over a run of m.walk head blocks of one token (m.walk_all:
  -- all of them) rather than items of one block
  m.walk_all = needs.whole_token or m.tiles.walk == "token"
  if m.walk_all then m.walk = 1  -- (the run is the whole token)
  elseif m.tiles.walk > 0 then m.walk = m.tiles.walk
  else m.walk = false end
  -- the walk's head index: 32 bits with the tile walk_index32 (what it saves is
  -- one register; rope_qk_cos_sin_cache d64 ran 13% slower with it, bench/NOTES.md)
  m.head_index = m.walk and m.tiles.walk_index32 == 1 and "uint32_t" or "int64_t"
  -- sum_steps: the whole-token sum's pass (before the head stages) issues that
  -- many head steps' raw chunks before it sums them; it covers the head as
  -- whole chunks, which a head size fixed at generation and 16-byte accesses give
  m.sum_steps = (needs.whole_token and F:holds("aligned16") and not m.dynD) and m.tiles.sum_steps or 1
  -- A whole head with interleaved pairs, partial R and 16-byte chunks: one set
  -- of chunk slots over the whole head (R is a multiple of 2 chunks here, so a
  -- chunk is rotated or not as a whole), rather than a rotate and a pass region
  -- each sized for the worst case.
  m.merged = m.whole_head and not m.half and not F:equal(m.R_sym, layout.head) and m.vec
  -- chunk positions of the rotate region (at most; fewer at run time for partial
  -- R); merged: of the whole head
  local span = m.half and D // 2 or D
  m.NR_max = ceil_div(span, m.C)
  m.NV = math.max(m.tiles.chunks, ceil_div(m.NR_max, 32))
  m.L = ceil_div(m.NR_max, m.NV)
  if m.lane_reduce then
    local l = 1
    while l < m.L do l = l * 2 end
    m.L = l
  end
  m.G = 32 // m.L
  -- token_block: a block per whole-token item, its W * G lane groups over the
  -- token's heads; a warp with lanes that hold no head returns early, which a
  -- block's barriers cannot allow, so such a variant keeps a warp per item
  m.token_block = m.walk_all and m.tiles.token_block == 1 and m.G * m.L == 32
  -- even_runs: a token walk that needs no whole token, over several head sets,
  -- cut into runs of the fewest heads of a set (the launcher's, per call), so
  -- that a set with more heads (q of GQA) is not the long pole of the call;
  -- sets of equal heads keep a run each, the whole token
  m.walk_runs = m.walk_all and m.tiles.even_runs == 1 and not needs.whole_token and not m.token_block
  -- ahead: a walk's next steps' chunks copied into shared memory while this
  -- step works (16-byte copies); a whole-token item reads its heads twice, the
  -- first pass through L1, which the copies would pass by
  m.ahead = (m.walk and m.vec and not needs.whole_token) and m.tiles.ahead or 0
  -- block_phase: the stages that need it load their per-set data into shared
  -- memory once a block (sized by a fixed head size)
  m.block_phase = m.walk and m.tiles.block_phase == 1 and needs.block_phase and not m.dynD or false
  -- what the block phase may hold: an fp32 row [D] per head set (its share of
  -- the 48 KiB that ahead's places must leave)
  m.block_bytes = m.block_phase and #spec.kernel.head_sets * D * 4 or 0
  -- pass region [R, D): only for partial R, at most D - 2 elements
  if m.full or m.merged then
    m.NP = 0
  else
    m.NP = ceil_div(ceil_div(D - 2, m.C), m.L)
  end
  m.U = m.tiles.heads_in_flight
  m.warps = m.tiles.warps
  m.threads = 32 * m.warps
  -- block_async: with ahead, the block phase's stages start async copies (no
  -- wait), and its barrier moves to each warp's first item, after that item's
  -- first loads have gone out, so that the block's first loads do not wait on
  -- the block phase's; every lane of the block must reach that barrier (a
  -- warp of lane groups without idle lanes)
  m.block_async = m.block_phase and m.ahead > 0 and m.G * m.L == 32
  -- the first item of the block's first warp: the block runs an item if it is
  -- below g.nitems
  m.block_first_item = m.token_block and "(int64_t)blockIdx.x" or ("(int64_t)blockIdx.x * %d"):format(m.warps)
  m.blocks_per_sm = m.tiles.blocks_per_sm
  m.flat_waves = m.tiles.flat_waves
  -- tail_walk: the last wave's worth of tokens in runs of m.tail head steps
  -- (a token walk on the flat grid, whose blocks go to the multiprocessors
  -- that free up first); a whole-token need or a block per item keeps whole tokens
  m.tail = m.walk_all and not needs.whole_token and not m.token_block and m.blocks_per_sm == 0 and m.tiles.tail_walk > 0
    and m.tiles.tail_walk or false
  -- tail_above: tokens of at most that many head steps keep whole items (their
  -- runs would pay more for their position and table row than the tail saves)
  m.tail_above = m.tail and m.tiles.tail_above or 0
  m.min_blocks = m.tiles.min_blocks
  tiles_mod.check_min_blocks(spec, v, m.threads, m.min_blocks)
  -- the lean form: not for a walk (a warp per token, or runs of its heads)
  m.lean = m.tiles.lean == 1 and not m.walk
  m.second_kernels = m.lean and { "_lean" } or {}  -- (a tuning build checks their spills too)
  -- loads of what is read once
  local l2_keep = m.tiles.l2_keep == 1 and m.vec  -- the element path: plain accesses
  m.stream_hint = l2_keep and "policy" or m.tiles.evict_first == 1 and "stream" or "plain"
  m.store_hint = l2_keep and "policy" or nil  -- stores of the activations
  -- angles per chunk: interleaved C/2 (one per pair), half C
  m.angles = m.half and m.C or m.C // 2
  return m
end

-- What the kernel template (kernel/heads.cu.tpl) and the stages see beyond the
-- common env (emit_kernels.kernel_env): the plan m, head sets, chunk guards.
function M.kernel_env(spec, v, tuning, env)
  local m = M.plan(spec, v, tuning)
  env.m = m
  -- tile l2_keep: a work item's L2 policies for rows at input written at output
  -- (in place: loads evict-last, stores evict-normal; out of place: evict-first)
  env.l2_policy_decls = function(input, output)
    local cg = env.cg
    return { cg.l2_load_policy_decl(cg.L2_LOAD_POLICY, input, output, "fg_l2_evict_first()"),
      cg.l2_store_policy_decl(cg.L2_STORE_POLICY, input, output, "fg_l2_evict_first()") }
  end
  local prologue = {}
  local nr_expr, span_expr
  if not m.full then
    local C = m.C
    if m.half or not m.vec then
      prologue[#prologue + 1] = ("const int rhalf = (int)(%s / 2);  // %s is a run-time value in this variant"):format(m.R_expr, m.R_sym)
    end
    span_expr = m.half and "rhalf" or ("(int)" .. m.R_expr)
    if m.vec then
      prologue[#prologue + 1] = ("const int nr = %s / %d;  // rotate chunks (%s is a multiple of %d here)"):format(span_expr, C, m.R_sym, 2 * C)
      if not m.merged then
        prologue[#prologue + 1] = ("const int np = (%s - (int)%s) / %d;  // pass chunks"):format(m.D_expr, m.R_expr, C)
      end
    else
      prologue[#prologue + 1] = ("const int nr = (%s + %d) / %d;  // rotate chunks, the last one maybe partial"):format(span_expr, C - 1, C)
      prologue[#prologue + 1] = ("const int np = (%s - (int)%s + %d) / %d;  // pass chunks"):format(m.D_expr, m.R_expr, C - 1, C)
    end
    nr_expr = "nr"
    if m.merged and m.dynD then
      prologue[#prologue + 1] = ("const int nd = %s / %d;  // chunks of the head"):format(m.D_expr, C)
    end
  end
  env.kernel_prologue = prologue
  -- tile block_phase: the token stages the skeleton renders once more, with
  -- phase = "block", before the item loop (those that declare the need)
  env.block_stages = {}
  if m.block_phase then
    for _, inst in ipairs(env.stages.token) do
      if stages_mod.needs({ inst }).block_phase then env.block_stages[#env.block_stages + 1] = inst end
    end
  end
  env.half_offset = m.full and tostring(m.D // 2) or "rhalf"
  -- Head sets: the (input, output, head count) groups the kernel walks over;
  -- one for most ops, q and k for an op that rotates both in one launch.
  local sets = {}
  for i, hs in ipairs(spec.kernel.head_sets) do
    sets[i] = { i = i, k = i - 1, bit = ("%du"):format(1 << spec.tensor_by_name[hs.output].index) }
    for key, name in pairs(hs) do sets[i][key] = name end
  end
  env.head_sets = sets
  env.set_names = {}
  for i, hs in ipairs(sets) do env.set_names[i] = hs.input end
  -- set_of_run(nhb): the lines that find an item's head set from its run over
  -- a token's runs of every set (nhb: set k's runs per token, with k for %d:
  -- "g.set[%d].nhb")
  env.set_of_run = function(nhb)
    local out = {}
    for i = 1, #sets - 1 do
      local n = nhb:format(i - 1)
      out[i] = ("if (set == %d && run >= %s) { run -= %s; set = %d; }"):format(i - 1, n, n, i)
    end
    return out
  end
  env.act_ctype = env.tensors[sets[1].input].ctype
  -- ix(e): an offset term as the kernel form indexes: 64-bit in the item
  -- kernel, 32-bit in the lean one (heads_lean.cu.tpl renders its stages with
  -- ix = lean_ix, offset = lean_offset)
  env.lean_kernel_name = "FG_ARCH_NAME(fg_" .. v.base .. "_lean)"
  env.lean_grid_type = "FG_ARCH_NAME(fg_" .. v.base .. "_lean_grid)"
  env.ix = function(e) return e:match("^[%w_%.%[%]]+$") and e or ("(" .. e .. ")") end
  env.lean_ix = function(e) return "(int)(" .. e .. ")" end
  -- offset(sum): a sum of offset terms added to a pointer; the lean form adds
  -- it in 32 bits first (one widening), the item kernel term by term
  env.offset = function(e) return e end
  env.lean_offset = function(e) return "(" .. e .. ")" end
  env.has_pass = m.NP > 0 and not m.whole_head -- a pass region copied only out of place
  -- token_sum(x): a C expression, the sum of x over the lanes of the work item
  -- (a whole token): the warp's xor shuffles; in the block form (token_block),
  -- then the warps' sums through shared memory (red, rbuf: kernel/heads.cu.tpl)
  env.token_sum = function(x)
    if m.token_block then return ("fg_row_sum<%d>(%s, red, rbuf, %d, 0)"):format(m.warps, x, m.warps) end
    return ("fg_warp_sum(%s)"):format(x)
  end
  -- pick("p.{input}_stride[2]"): that expression for the item's head set
  env.pick = function(template)
    local function fill(hs) return (template:gsub("{(%w+)}", function(k) return tostring(hs[k]) end)) end
    local e = fill(sets[#sets])
    for i = #sets - 1, 1, -1 do e = ("set == %d ? %s : %s"):format(i - 1, fill(sets[i]), e) end
    return #sets == 1 and e or ("(" .. e .. ")")
  end
  -- pick_list({"p.q_weight", "p.k_weight"}): one expression per head set, as pick
  env.pick_list = function(list)
    local e = list[#list]
    for i = #list - 1, 1, -1 do e = ("set == %d ? %s : %s"):format(i - 1, list[i], e) end
    return #list == 1 and e or ("(" .. e .. ")")
  end
  -- the call's dims: batch (1 when absent), tokens, head size, rotate span
  env.dims = { batch = "p." .. m.layout.batch, tokens = "p." .. m.layout.tokens, head = "p." .. m.layout.head, rot = m.R_expr }
  env.host_dims = { batch = "p->" .. m.layout.batch, tokens = "p->" .. m.layout.tokens }
  env.act_dtype = env.tensors[sets[1].input].dtype
  local cg = env.cg
  env.rotate_guard = function(k)
    return cg.chunk_guard(k, m.L, m.full and m.NR_max or nil, nr_expr, m.NR_max)
  end
  -- the chunk slots that load, norm and store hold: the rotate region's, or,
  -- merged, the whole head's (rotate_guard then says which of them rotate)
  env.load_guard = env.rotate_guard
  if m.merged then
    env.load_guard = function(k)
      return cg.chunk_guard(k, m.L, not m.dynD and m.NR_max or nil, "nd", m.NR_max)
    end
  end
  env.pass_guard = function(k)
    return cg.chunk_guard(k, m.L, nil, "np", m.NP * m.L)
  end
  -- The registers that hold head u's elements in this lane after the load
  -- stage (whole_head): {array suffix "a"/"b"/"p", slot k, element j}, for
  -- xa/xb/xp[u][k][j] and a stage's matching per-lane arrays (wa[k][j], ...).
  env.head_values = function(u)
    local out = {}
    for k = 0, m.NV - 1 do
      if cg.open_if(env.load_guard(k)) then
        for j = 0, m.C - 1 do
          out[#out + 1] = { "a", k, j }
          if m.half then out[#out + 1] = { "b", k, j } end
        end
      end
    end
    for k = 0, m.NP - 1 do
      for j = 0, m.C - 1 do out[#out + 1] = { "p", k, j } end
    end
    return out
  end
  -- head_of(u, step): the C expression of the lane's head in flight u (of
  -- m.U), step head steps on from the step at h (step 0 when nil)
  env.head_of = function(u, step)
    local e = (step or 0) == 0 and "h" or step == 1 and "h + hstep" or ("h + %d * hstep"):format(step)
    return u == 0 and e or ("%s + %d * hg"):format(e, u)
  end
  -- each_value(f): a line f(x) for every value x of the heads in flight that
  -- the lane holds (the whole head: a stage that uses it needs whole_head)
  env.each_value = function(f)
    local out = {}
    for u = 0, m.U - 1 do
      local head = env.head_of(u)
      out[#out + 1] = ("if (%s < H) {  // head %s"):format(head, head)
      for _, e in ipairs(env.head_values(u)) do
        out[#out + 1] = "  " .. f(("x%s[%d][%d][%d]"):format(e[1], u, e[2], e[3]))
      end
      out[#out + 1] = "}"
    end
    return out
  end
  -- tile ahead: the places in shared memory of the chunks the load stage reads
  -- (per head in flight: the rotate region's slots, their half partners, the
  -- pass region's), each with its guard. The kernel copies a step's chunks into
  -- one of m.ahead + 1 stages of places (ahead_issue), m.ahead steps before the
  -- load stage reads them back (ahead_read).
  if m.ahead > 0 then
    local places = {}
    for u = 0, m.U - 1 do
      for k = 0, m.NV - 1 do
        local open = cg.open_if(env.load_guard(k))
        if open then
          local e = ("(pos + %d) * %d"):format(k * m.L, m.C)
          local slot = (m.merged and "chunk slot " or "rotate chunk slot ") .. k
          places[#places + 1] = { u = u, dst = ("xa[%d][%d]"):format(u, k), open = open, e = e, what = slot }
          if m.half then
            places[#places + 1] = { u = u, dst = ("xb[%d][%d]"):format(u, k), open = open, e = e .. " + " .. env.half_offset,
              what = slot .. ", its partners" }
          end
        end
      end
      for k = 0, m.NP - 1 do
        local open = m.whole_head and cg.open_if(env.pass_guard(k)) or cg.open_if("copy_pass", env.pass_guard(k))
        places[#places + 1] = { u = u, dst = ("xp[%d][%d]"):format(u, k), open = open, raw = not m.whole_head,
          e = ("%s + (pos + %d) * %d"):format(env.dims.rot, k * m.L, m.C), what = "pass chunk slot " .. k }
      end
    end
    local bytes = (m.ahead + 1) * #places * m.threads * 16
    if bytes + m.block_bytes > 48 * 1024 then
      spec_mod.fail(spec.path, "tiles", ("ahead steps whose places fit 48 KiB of shared memory a block (%s: %d stages of %d " ..
        "places of 16 bytes for each of %d threads%s)"):format(v.name, m.ahead + 1, #places, m.threads,
        m.block_bytes > 0 and (", beside the block phase's " .. m.block_bytes .. " bytes") or ""), ("%d bytes"):format(bytes + m.block_bytes))
    end
    m.ahead_places = places
    env.ahead_decl = ("__shared__ __align__(16) uint4 ahead[%d][%d][%d];  // tile ahead: %d stages of each thread's chunks of a head step")
      :format(m.ahead + 1, #places, m.threads, m.ahead + 1)
    local copy = ({ plain = "fg_async16(%s, %s);", stream = "fg_async16_policy(%s, %s, fg_l2_evict_first());",
      policy = "fg_async16_policy(%s, %s, " .. cg.L2_LOAD_POLICY .. ");" })[m.stream_hint]
    -- the copies of the chunks of the step whose first head is `head` (the
    -- loop takes it where `cond`, nil: always) into the places of stage
    -- `stage`, as one group
    env.ahead_issue = function(head, cond, stage)
      local out = {}
      for u = 0, m.U - 1 do
        local hu = u == 0 and head or ("%s + %d * hg"):format(head, u)
        out[#out + 1] = ("if (%s%s < H) {  // head %s"):format(cond and (cond .. " && ") or "", hu, hu)
        out[#out + 1] = ("  const %s* pa = xin + (%s) * xin_hs;"):format(env.act_ctype, hu)
        for i, pl in ipairs(places) do
          if pl.u == u then
            out[#out + 1] = ("  %s  // %s"):format(pl.open, pl.what)
            out[#out + 1] = "    " .. copy:format(("&ahead[%s][%d][threadIdx.x]"):format(stage, i - 1), "pa + " .. pl.e)
            out[#out + 1] = "  }"
          end
        end
        out[#out + 1] = "}"
      end
      out[#out + 1] = "fg_async_commit();"
      return out
    end
    -- place i's chunk (of this step's stage, ast) into its registers
    env.ahead_read = function(i)
      local pl, src = places[i], ("ahead[ast][%d][threadIdx.x]"):format(i - 1)
      if pl.raw then return ("%s = %s;"):format(pl.dst, src) end
      return ("fg_unpack_%sx%d(%s, &%s[0]);"):format(env.act_dtype, m.C, src, pl.dst)
    end
  end
  if not m.vec then -- scalar path: the pass region's last chunk may end before C elements
    env.pass_element_guard = function(j) return ("e + %d < %s"):format(j, m.D_expr) end
  end
  if not m.full and not m.vec then
    env.element_guard = function(j) return ("e + %d < %s"):format(j, span_expr) end
    env.angle_guard = function(j) return ("a + %d < rhalf"):format(j) end
  end
  return env
end

spec_mod.register_mapping("heads", M)
return M
