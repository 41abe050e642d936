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

local M = {}

local TILE_DEFAULTS = { warps = 8, chunks = 1, heads_in_flight = 2, blocks_per_sm = 32, min_blocks = 1, walk = 0,
  evict_first = 1, flat_waves = 0, lean = 0 }
local TILE_DOC = {
  warps = "warps per block (1 to 32)",
  chunks = "rotate-region chunk slots per lane, at least (1 to 8)",
  heads_in_flight = "heads each lane loads before it computes (1 to 8)",
  blocks_per_sm = "0: a warp per work item, blocks scheduled as others finish; n: a grid of at most n blocks per multiprocessor, under what fits, looping over items (0 to 32)",
  flat_waves = "with blocks_per_sm = n: 0: every call on the grid of what fits; w: a call of more than w such grids of items launches a block per item group instead (0 to 1024)",
  min_blocks = "blocks per multiprocessor the registers must allow (__launch_bounds__; 1 to 32)",
  evict_first = "1: the activations (read once) are loaded evict-first (__ldcs); 0: with plain loads (0 or 1)",
  lean = "1: a second kernel, a lane group per (token, block of heads) with 32-bit offsets, runs the calls the item loop would pass over once (kernel/heads_lean.cu.tpl); 0: none (0 or 1)",
  walk = "0: items of one block of heads; n: a warp walks up to n blocks of one token's heads per item, loading per-token data once (0 to 64); \"token\": all of them",
}
local TILE_LIMITS = { warps = { 1, 32 }, chunks = { 1, 8 }, heads_in_flight = { 1, 8 }, blocks_per_sm = { 0, 32 },
  min_blocks = { 1, 32 }, walk = { 0, 64 }, evict_first = { 0, 1 }, flat_waves = { 0, 1024 }, lean = { 0, 1 } }

-- The flat grid (blocks_per_sm = 0) launches every block at any size, so
-- flat_waves means nothing there; a walk has no lean form: one form, one candidate.
local function normalize(t)
  if t.blocks_per_sm == 0 then t.flat_waves = 0 end
  if t.walk ~= 0 then t.lean = 0 end
end

-- This mapping's tile parameters: defaults, meaning and range
-- (gen/lua/fusegen/tiles.lua resolves a variant's from them).
M.TILE_KINDS = { defaults = TILE_DEFAULTS, doc = TILE_DOC, limits = TILE_LIMITS, special = { walk = { token = true } },
  normalize = normalize }

function M.tiles(spec, v, tuning) return tiles_mod.resolve(spec, v, tuning, M.TILE_KINDS) end

local function ceil_div(a, b) return (a + b - 1) // b end

-- The axes this mapping reads, and what each must hold.
local REQUIRED_AXES = {
  { "act", "the activation dtype (bf16, fp16, fp32)" },
  { "table", "the cos/sin table dtype" },
  { "head_dim", "the head size D" },
  { "pairing", "interleaved or half" },
  { "rot", "full (R = D) or partial" },
  { "access", "vec16 or scalar" },
}

function M.check_axes(spec)
  for _, a in ipairs(REQUIRED_AXES) do
    if not spec.axis_by_name[a[1]] then
      spec_mod.fail(spec.path, "axes", ("an axis named %q (%s): kernel.mapping \"heads\" reads it"):format(a[1], a[2]), nil)
    end
  end
end

-- What a spec's kernel table may hold beyond mapping, stages, roles and files,
-- and its stage levels: token stages run once per work item, head stages per head.
M.KERNEL_KEYS = { "head_sets" }

-- What a head stage needs from the mapping beyond its chunks of the rotate region:
--   whole_head:  every element of the head in fp32 registers, the pass region too
--   lane_reduce: the lanes of a head form an aligned power-of-two group, so that
--                a sum over the head is a few xor shuffles
--   whole_token: a warp per token, walking over all of its heads (a sum over the
--                token's heads, then the head stages): every lane of the warp
--                takes part in each item (tile walk: a run of a token's heads)
local STAGE_NEEDS = {
  norm_rms = { "whole_head", "lane_reduce" },
  rms_across_heads = { "whole_head", "lane_reduce", "whole_token" },
}
M.STAGE_LEVELS = { { name = "token", may_be_empty = true }, { name = "head" } }

-- head_sets: the (input, output, heads) groups one launch walks over (q and k);
-- default: roles input and output with heads symbol H.
function M.check_kernel(spec, symbols)
  local k, path, fail, by_name = spec.kernel, spec.path, spec_mod.fail, spec.tensor_by_name
  local what = "{input = TENSOR, output = TENSOR, heads = SYMBOL}"
  if k.head_sets ~= nil then
    if type(k.head_sets) ~= "table" or #k.head_sets == 0 then fail(path, "kernel.head_sets", "a non-empty list of " .. what, k.head_sets) end
    for j, hs in ipairs(k.head_sets) do
      local f = ("kernel.head_sets[%d]"):format(j)
      if type(hs) ~= "table" then fail(path, f, what, hs) end
      if not by_name[hs.input] or by_name[hs.input].access == "out" then fail(path, f .. ".input", "the name of an input (or inout) tensor", hs.input) end
      if not by_name[hs.output] or by_name[hs.output].access == "in" then fail(path, f .. ".output", "the name of an output (or inout) tensor", hs.output) end
      if type(hs.heads) ~= "string" or not symbols[hs.heads] then fail(path, f .. ".heads", "the symbol of the head count", hs.heads) end
      -- other fields name the set's own tensor for a role (weight = "q_weight")
      for role, name in pairs(hs) do
        if role ~= "input" and role ~= "output" and role ~= "heads" then
          if type(role) ~= "string" or not role:match("^[a-z][a-z0-9_]*$") then fail(path, f, "fields input, output, heads and role = TENSOR", role) end
          if not by_name[name] then fail(path, f .. "." .. role, "the name of a tensor", name) end
        end
      end
    end
  else
    for _, role in ipairs { "input", "output" } do
      if not k.roles[role] then fail(path, "kernel.roles." .. role, "the name of a tensor (or kernel.head_sets)", nil) end
    end
    if not symbols.H then fail(path, "tensors", "a dim H (heads) for the heads mapping (or kernel.head_sets)", nil) end
  end  -- the table stages read R/2 angles a row (cos, sin) or R (the packed cos_sin)
  for _, rl in ipairs { { "cos", "R/2" }, { "sin", "R/2" }, { "cos_sin", "R" } } do
    local role, last = rl[1], rl[2]
    local t = by_name[k.roles[role]]
    if t and t.dims[#t.dims] ~= last then
      fail(path, ("tensors[%d].dims[%d]"):format(t.index + 1, #t.dims),
        ("%q: the table stages read the %s tensor's rows as %s angles"):format(last, role, last), t.dims[#t.dims])
    end
  end
end

function M.plan(spec, v, tuning)
  local act = dtypes.info(v.act)
  local tab = dtypes.info(v.table)
  local D = v.head_dim
  local m = { tiles = M.tiles(spec, v, tuning) }
  -- the general variant: D (and so R) known only at run time, up to any_max
  m.dynD = D == "any"
  if m.dynD then D = spec.axis_by_name.head_dim.any_max end
  m.esize, m.tsize = act.size, tab.size
  m.C = 16 // act.size                      -- elements per chunk
  if not m.dynD and D % m.C ~= 0 then
    spec_mod.fail(spec.path, "axes.head_dim", ("head sizes that are multiples of %d for %s"):format(m.C, v.act), D)
  end
  m.D = D                                  -- the head size, or the most the general variant takes
  m.D_expr = m.dynD and "(int)p.D" or tostring(D) -- in kernel code
  m.vec = v.access == "vec16"
  m.full = v.rot == "full" and not m.dynD
  m.half = v.pairing == "half"
  local needs = {}
  for _, level in ipairs { "token", "head" } do
    for _, name in ipairs(spec.kernel.stages[level]) do
      for _, n in ipairs(STAGE_NEEDS[name] or {}) do needs[n] = true end
    end
  end
  m.whole_head, m.lane_reduce = needs.whole_head or false, needs.lane_reduce or false
  -- walk: a warp walks over a run of m.walk head blocks of one token (m.walk_all:
  -- all of them) rather than items of one block
  m.walk_all = needs.whole_token or m.tiles.walk == "token"
  if m.walk_all then m.walk = 1  -- (the run is the whole token)
  elseif m.tiles.walk > 0 then m.walk = m.tiles.walk
  else m.walk = false end
  -- A whole head with interleaved pairs, partial R and 16-byte chunks: one set
  -- of chunk slots over the whole head (R is a multiple of 2 chunks here, so a
  -- chunk is rotated or not as a whole), rather than a rotate and a pass region
  -- each sized for the worst case.
  m.merged = m.whole_head and not m.half and v.rot ~= "full" and m.vec
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
  -- pass region [R, D): only for partial R, at most D - 2 elements
  if m.full or m.merged then
    m.NP = 0
  else
    m.NP = ceil_div(ceil_div(D - 2, m.C), m.L)
  end
  m.U = m.tiles.heads_in_flight
  m.warps = m.tiles.warps
  m.threads = 32 * m.warps
  m.blocks_per_sm = m.tiles.blocks_per_sm
  m.flat_waves = m.tiles.flat_waves
  m.min_blocks = m.tiles.min_blocks
  -- the lean form: not for a walk (a warp per token, or runs of its heads)
  m.lean = m.tiles.lean == 1 and not m.walk
  m.stream_hint = m.tiles.evict_first == 1 and "stream" or "plain"  -- loads of what is read once
  -- angles per chunk: interleaved C/2 (one per pair), half C
  m.angles = m.half and m.C or m.C // 2
  return m
end

-- What the kernel template (kernel/heads.cu.tpl) and the stages see beyond the
-- common env (emit_kernels.kernel_env): the plan m, head sets, chunk guards.
function M.kernel_env(spec, v, tuning, env)
  local m = M.plan(spec, v, tuning)
  env.m = m
  local prologue = {}
  local nr_expr, span_expr
  if not m.full then
    local C = m.C
    if m.half or not m.vec then
      prologue[#prologue + 1] = "const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant"
    end
    span_expr = m.half and "rhalf" or "(int)p.R"
    if m.vec then
      prologue[#prologue + 1] = ("const int nr = %s / %d;  // rotate chunks (R is a multiple of %d here)"):format(span_expr, C, 2 * C)
      if not m.merged then
        prologue[#prologue + 1] = ("const int np = (%s - (int)p.R) / %d;  // pass chunks"):format(m.D_expr, C)
      end
    else
      prologue[#prologue + 1] = ("const int nr = (%s + %d) / %d;  // rotate chunks, the last one maybe partial"):format(span_expr, C - 1, C)
      prologue[#prologue + 1] = ("const int np = (%s - (int)p.R + %d) / %d;  // pass chunks"):format(m.D_expr, C - 1, C)
    end
    nr_expr = "nr"
    if m.merged and m.dynD then
      prologue[#prologue + 1] = ("const int nd = %s / %d;  // chunks of the head"):format(m.D_expr, C)
    end
  end
  env.kernel_prologue = prologue
  env.half_offset = m.full and tostring(m.D // 2) or "rhalf"
  -- Head sets: the (input, output, head count) groups the kernel walks over;
  -- one for most ops, q and k for an op that rotates both in one launch.
  local sets = {}
  for i, hs in ipairs(spec.kernel.head_sets or { { input = spec.kernel.roles.input, output = spec.kernel.roles.output, heads = "H" } }) do
    sets[i] = { i = i, k = i - 1, bit = ("%du"):format(1 << spec.tensor_by_name[hs.output].index) }
    for key, name in pairs(hs) do sets[i][key] = name end
  end
  env.head_sets = sets
  env.set_names = {}
  for i, hs in ipairs(sets) do env.set_names[i] = hs.input end
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
  -- pick("p.{input}_stride[2]"): that expression for the item's head set
  env.pick = function(template)
    local function fill(hs) return (template:gsub("{(%w+)}", function(k) return tostring(hs[k]) end)) end
    local e = fill(sets[#sets])
    for i = #sets - 1, 1, -1 do e = ("set == %d ? %s : %s"):format(i - 1, fill(sets[i]), e) end
    return #sets == 1 and e or ("(" .. e .. ")")
  end
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
