-- The "rows" thread mapping: a work item is one row (token) of C channels.
--
-- A row is cut into chunks of V elements, V = 16 bytes of the activation dtype,
-- so that each chunk is one 16-byte access on the fast path (access = vec16);
-- on the element path (any C, any alignment) a chunk is one element. A row group of wr
-- warps holds one row, each thread `chunks` (K) chunk slots in registers:
-- chunk q = pos + k * (32 * wr). wr = ceil(chunks of the row / (32 K)) is
-- computed at run time from C, so one kernel takes every C up to 32 * warps *
-- K * V; a block of `warps` warps holds floor(warps / wr) rows at once and
-- loops over rows (a grid of what fits at once), or takes one row group only
-- (blocks_per_sm = 0: one block per row group). Reductions over a row: warp
-- shuffles, then shared memory across the group's warps (fg_row_sum in
-- fusegen_device.cuh). With prefetch (16-byte path) the row stages run in two
-- phases: "issue" (each stage's loads, as raw 16-byte chunks) then "use" (the
-- arithmetic and stores). A store may alias a later load, so the compiler
-- cannot move a load above it: each load left after a store, or after a
-- reduction, is one more memory round trip in the row's critical path.
-- prefetch = 1 issues the row's streamed inputs (x, the residual and its gate)
-- ahead; 2 also the modulation rows (scale, shift, the select01 gate), which
-- costs registers for the whole norm.

local dtypes = require "fusegen.dtypes"
local spec_mod = require "fusegen.spec"
local tiles_mod = require "fusegen.tiles"

local M = {}

local TILE_DEFAULTS = { warps = 16, chunks = 4, blocks_per_sm = 32, min_blocks = 1, rows_per_block = 0, prefetch = 0,
  evict_first = 1, wide_sum = 0 }
local TILE_DOC = {
  warps = "warps per block (1 to 32); a row takes 1 to all of them",
  chunks = "chunk slots per thread (1 to 32): 16 bytes each, or one element on the element path",
  blocks_per_sm = "0: one block per row group of the call, scheduled as blocks finish; n: a grid of at most n blocks per multiprocessor, under what fits, looping over rows (0 to 32)",
  min_blocks = "blocks per multiprocessor the registers must allow (__launch_bounds__; 1 to 32)",
  rows_per_block = "0: a block takes as many rows as its warps hold; n: at most n rows, launching only the warps they need (0 to 32; 16-byte path)",
  prefetch = "0: each stage loads where it uses the values; 1: the row's streamed inputs are loaded before any store; 2: the modulation rows too, before the norm (raw registers; 16-byte path)",
  evict_first = "1: the streamed inputs (x, the residual and its gate) are loaded evict-first (__ldcs); 0: with plain loads (0 or 1; 16-byte path)",
  wide_sum = "1: a block of one row reads its warps' partial sums four at a time, unrolled; 0: one at a time, in a loop on the warp count (0 or 1; rows_per_block = 1)",
}
local TILE_LIMITS = { warps = { 1, 32 }, chunks = { 1, 32 }, blocks_per_sm = { 0, 32 }, min_blocks = { 1, 32 },
  rows_per_block = { 0, 32 }, prefetch = { 0, 2 }, evict_first = { 0, 1 }, wide_sum = { 0, 1 } }

-- This mapping's tile parameters: defaults, meaning and range
-- (gen/lua/fusegen/tiles.lua resolves a variant's from them).
M.TILE_KINDS = { defaults = TILE_DEFAULTS, doc = TILE_DOC, limits = TILE_LIMITS }

function M.tiles(spec, v, tuning) return tiles_mod.resolve(spec, v, tuning, M.TILE_KINDS) end

local REQUIRED_AXES = {
  { "act", "the activation dtype (bf16, fp16, fp32)" },
  { "access", "vec16 or scalar" },
}

function M.check_axes(spec)
  for _, a in ipairs(REQUIRED_AXES) do
    if not spec.axis_by_name[a[1]] then
      spec_mod.fail(spec.path, "axes", ("an axis named %q (%s): kernel.mapping \"rows\" reads it"):format(a[1], a[2]), nil)
    end
  end
  local r = spec.axis_by_name.residual
  if r then
    for j, val in ipairs(r.values) do
      if val ~= "yes" and val ~= "no" then
        spec_mod.fail(spec.path, ("axes[%d].values[%d]"):format(r.index + 1, j), "\"yes\" or \"no\" (axis residual of the rows mapping)", val)
      end
    end
  end
end

-- kernel.max_channels: the largest C every variant must hold (checked against
-- the tiles); one stage level: row stages run in list order for each row.
M.KERNEL_KEYS = { "max_channels" }
M.STAGE_LEVELS = { { name = "row" } }

function M.check_kernel(spec, symbols)
  local k, path, fail = spec.kernel, spec.path, spec_mod.fail
  for _, role in ipairs { "input", "output" } do
    if not k.roles[role] then fail(path, "kernel.roles." .. role, "the name of a tensor [B, L, C]", nil) end
  end
  for _, sym in ipairs { "B", "L", "C" } do
    if not symbols[sym] then fail(path, "tensors", "a dim " .. sym .. " ([B, L, C] rows) for the rows mapping", nil) end
  end
  if math.type(k.max_channels) ~= "integer" or k.max_channels < 1 then
    fail(path, "kernel.max_channels", "the largest C the kernels take (a positive integer)", k.max_channels)
  end
end

function M.plan(spec, v, tuning)
  local act = dtypes.info(v.act)
  local m = { tiles = M.tiles(spec, v, tuning) }
  m.vec = v.access == "vec16"
  -- elements per chunk: 16 bytes, or one element on the element path (where
  -- neighbouring threads then read neighbouring elements)
  m.V = m.vec and 16 // act.size or 1
  m.K = m.tiles.chunks
  m.warps = m.tiles.warps
  m.threads = 32 * m.warps
  m.blocks_per_sm = m.tiles.blocks_per_sm
  m.min_blocks = m.tiles.min_blocks
  m.rows_per_block = m.vec and m.tiles.rows_per_block or 0  -- the element path: a row takes the block
  m.prefetch = m.vec and m.tiles.prefetch or 0  -- the element path loads at use
  m.stream_hint = m.tiles.evict_first == 1 and "stream" or "plain"  -- loads of the streamed inputs
  m.wide_sum = m.rows_per_block == 1 and m.tiles.wide_sum == 1  -- fg_block_sum (fusegen_device.cuh)
  m.max_C = m.threads * m.K * m.V       -- a row that takes every warp of the block
  if m.max_C < spec.kernel.max_channels then
    spec_mod.fail(spec.path, "tiles", ("tiles that hold kernel.max_channels = %d channels of %s (32 * warps * chunks * %d)"):format(
      spec.kernel.max_channels, v.act, m.V), m.max_C)
  end
  m.residual = v.residual == "yes"
  return m
end

-- What kernel/rows.cu.tpl and the row stages see beyond the common env.
function M.kernel_env(spec, v, tuning, env)
  local m = M.plan(spec, v, tuning)
  env.m = m
  local cg = env.cg
  env.act_ctype = env.tensors[spec.kernel.roles.input].ctype
  -- the row of token (b, l) of a [B, L, C] tensor (B may be broadcast: stride 0)
  env.row_of = function(name)
    local t = spec.tensor_by_name[name]
    local T = env.tensors[name].ctype
    local c = t.access == "in" and "const " or ""
    return ("(%s%s*)p.%s + b * p.%s_stride[0] + l * p.%s_stride[1]"):format(c, T, name, name, name)
  end
  -- chunk slot k of the thread: `if (...) {` with e its first element
  env.chunk_open = function(k)
    return k == 0 and "if (live && pos < nc) {" or ("if (live && pos + %d * tpr < nc) {"):format(k)
  end
  env.chunk_first = function(k)
    return k == 0 and ("const int e = pos * %d;"):format(m.V) or ("const int e = (pos + %d * tpr) * %d;"):format(k, m.V)
  end
  env.load = function(dst, ptr, dtype, hint)
    return cg.load_f32(dst, ptr, m.V, dtype, { vec = m.vec, hint = hint })
  end
  env.store = function(src, ptr, dtype)
    return cg.store_f32(src, ptr, m.V, dtype, { vec = m.vec })
  end
  -- prefetch levels of the stages' loads: 1 streamed inputs, 2 modulation rows;
  -- what a stage with loads of that level does in a phase: "issue" (load raw),
  -- "use" (use the raw chunks), "all" (load where used) or "none"
  env.mode = function(phase, level)
    if phase == "all" then return "all" end
    if m.prefetch >= level then return phase end
    return phase == "use" and "all" or "none"
  end
  -- 16-byte path: a chunk as one raw access (uint4), converted later
  env.load_raw = function(dst, ptr, hint)
    return ("%s = fg_ld16_%s(%s);"):format(dst, hint, ptr)
  end
  env.unpack = function(dst, raw, dtype)
    return ("fg_unpack_%sx%d(%s, &%s[0]);"):format(dtype, m.V, raw, dst)
  end
  return env
end

spec_mod.register_mapping("rows", M)
return M
