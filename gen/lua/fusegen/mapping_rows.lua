-- The "rows" thread mapping: a work item is one row (token) of C channels.
--
-- A row is cut into chunks of V elements, V = 16 bytes of the activation dtype,
-- so that each chunk is one 16-byte access on the fast path (access = vec16);
-- on the element path (any C, any alignment) a chunk is one element. A row group of wr
-- warps holds one row, each thread `chunks` (K) chunk slots in registers:
-- chunk q = pos + k * (32 * wr). wr = ceil(chunks of the row / (32 K)) is
-- computed at run time from C, so one kernel takes every C up to 32 * warps *
-- K * V; a block of `warps` warps holds floor(warps / wr) rows at once and
-- loops over rows (persistent grid). Reductions over a row: warp shuffles, then
-- shared memory across the group's warps (fg_row_sum in fusegen_device.cuh).

local dtypes = require "fusegen.dtypes"
local spec_mod = require "fusegen.spec"
local tiles_mod = require "fusegen.tiles"

local M = {}

local TILE_DEFAULTS = { warps = 16, chunks = 4, blocks_per_sm = 32, min_blocks = 1, rows_per_block = 0 }
local TILE_DOC = {
  warps = "warps per block (1 to 32); a row takes 1 to all of them",
  chunks = "chunk slots per thread (1 to 32): 16 bytes each, or one element on the element path",
  blocks_per_sm = "most blocks per multiprocessor in the grid, under what fits (1 to 32)",
  min_blocks = "blocks per multiprocessor the registers must allow (__launch_bounds__; 1 to 32)",
  rows_per_block = "0: a block takes as many rows as its warps hold; n: at most n rows, launching only the warps they need (0 to 32; 16-byte path)",
}
local TILE_LIMITS = { warps = { 1, 32 }, chunks = { 1, 32 }, blocks_per_sm = { 1, 32 }, min_blocks = { 1, 32 },
  rows_per_block = { 0, 32 } }

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
  return env
end

spec_mod.register_mapping("rows", M)
return M
