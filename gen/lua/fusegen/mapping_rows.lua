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
-- With bulk_rows (sm_90 and later, a grid of what fits, one row per block) the
-- streamed inputs' rows reach each block's shared memory by bulk copies: a
-- ring of n rows, the ones after the row at work in flight, and none of the
-- threads' issue slots spent on their loads. The rows many rows read
-- (modulation) stay in registers while the block's rows share them.

local dtypes = require "fusegen.dtypes"
local spec_mod = require "fusegen.spec"
local tiles_mod = require "fusegen.tiles"
local facts_mod = require "fusegen.facts"
local stages_mod = require "fusegen.stages"
local variants_mod = require "fusegen.variants"

local M = { NAME = "rows" }

local TILE_DEFAULTS = { warps = 16, chunks = 4, blocks_per_sm = 32, min_blocks = 1, rows_per_block = 0, prefetch = 0,
  evict_first = 1, wide_sum = 0, slice_warps = 0, spread_below = 0, l2_keep = 0, launcher_inv_c = 1,
  bulk_rows = 0, ring_holds = 0, short_rows = 0, short_chunks = 0, flat_above = 0, bf16_shift = 0, l2_last = 0, full_rows = 1, hold_rows = 0,
  refill_late = 0, batch_inner = 0, ring_stagger = 0 }
local TILE_DOC = {
  warps = "warps per block (1 to 32); a row takes 1 to all of them",
  chunks = "chunk slots per thread (1 to 32): 16 bytes each, or one element on the element path",
  blocks_per_sm = "0: one block per row group of the call, scheduled as blocks finish; n: a grid of at most n blocks per multiprocessor, under what fits, looping over rows (0 to 32)",
  min_blocks = "blocks per multiprocessor the registers must allow (__launch_bounds__; 1 to 32)",
  rows_per_block = "0: a block takes as many rows as its warps hold; n: at most n rows, launching only the warps they need (0 to 32; 16-byte path)",
  prefetch = "0: each stage loads where it uses the values; 1: the row's streamed inputs are loaded before any store; 2: the modulation rows too, before the norm (raw registers; 16-byte path)",
  evict_first = "1: the streamed inputs (x, the residual and its gate) are loaded evict-first (__ldcs); 0: with plain loads (0 or 1; 16-byte path)",
  wide_sum = "1: a block of one row reads its warps' partial sums four at a time, unrolled; 0: one at a time, in a loop on the warp count (0 or 1; rows_per_block = 1)",
  spread_below = "0: a row takes the warps its chunks need; n: a call of fewer than n rows per multiprocessor spreads each row over up to twice the warps (at most warps), each thread filling half its chunk slots (0 to 64; 16-byte path, rows_per_block = 1, blocks_per_sm = 0 or the short form beside the ring)",
  l2_keep = "1: a streamed input whose rows an output overwrites (in place, or a tensor read and written) is loaded under an L2 evict-last policy and that output stored evict-normal: the lines stay in L2 from the row's load to its store, then go back to the normal priority (out of place, the loads of evict_first; 0 or 1; 16-byte path); 0: not",
  l2_last = "1: the streamed inputs that no output overwrites are loaded (or, under the ring, bulk-copied) under an L2 evict-last policy, over the tile evict_first: RMSNorm of 16384 rows of 8192 ran about 4% faster so on an H200, where other kernels lose by as much (a measured choice per GPU model); 0: not (0 or 1; 16-byte path)",
  launcher_inv_c = "1: a kernel that reduces over the row takes 1 / C from its launcher (a norm's mean: no reciprocal per thread); 0: each thread computes it (0 or 1; 16-byte path)",
  bulk_rows = "0: each thread loads its chunks of the streamed inputs; n: their rows arrive in the block's shared memory by bulk copies (cp.async.bulk), a ring of n rows per input, the rows after the one at work in flight, and the rows many rows read (modulation rows per batch or group) stay in registers while the block's rows share them (0 or 2 to 8; sm_90 and later, 16-byte path, blocks_per_sm > 0, rows_per_block = 1, else ignored; prefetch then 0)",
  refill_late = "with bulk_rows: 1: the ring refills a row's place after the last reduction of the first stage that syncs the row (a LayerNorm's variance sum, not its mean's); 0: after the row's first reduction (0 or 1; else ignored)",
  ring_stagger = "with bulk_rows: n: thread 0 starts the block's first row at once and the rest of the ring's first rows n clock cycles later, so that the first rows of every block (all start together) reach memory before any block's later ones; 0: the block's first rows together (0 to 100000; else ignored)",
  ring_holds = "1: the ring's kernel (bulk_rows) loads the rows every row reads whole (a norm's weight and bias, dims [C]) once, before its row loop, and holds them in registers across the block's rows; 0: it loads them at their use, from L1 (0 or 1; a stage that reduces over the row and reads such a row, else ignored)",
  short_rows = "0: one kernel for every call; n: a call of at most n rows runs a second kernel, the short form, a block per row, which loads the rows every row reads whole (a norm's weight and bias, dims [C]) with the row, before its reduction, and holds them in registers, where the first loads them after the reduction (a second DRAM round trip in a call of few rows) (0 to 65536; 16-byte path, rows_per_block = 1, blocks_per_sm = 0 or the ring (bulk_rows), a stage that reduces over the row and reads such a row, else ignored)",
  short_chunks = "0: the short form (short_rows) has the kernel's chunk slots and warps; n: it has n chunk slots per thread and takes as many warps as the row's chunks need, up to 32, so that each thread of a call of few rows does less of the row's serial work (a short call runs at the latency of one row's loads, reductions and stores); a row of more than 32 * 32 * n chunks runs the first kernel (0 to 32; with short_rows, else ignored)",
  flat_above = "0: the ring's kernel (bulk_rows) runs every call; n: a call of more than n rows per multiprocessor runs a second kernel, the flat form: a block per row without the ring, the grid of blocks_per_sm = 0 with the tile's prefetch, so that short calls keep the ring's rows in flight and long ones the flat grid's many rows (0 to 1024; with the ring, where it keeps no operand across rows, else ignored)",
  bf16_shift = "1: bf16 values are unpacked to fp32 by a shift and a mask, one instruction each, where the intrinsic takes three a pair: fewer instructions for the norms that run at the issue rate (an H200), though ptxas may then hold more values unpacked; 0: by the intrinsic (0 or 1)",
  full_rows = "1: each kernel has a second instance, FULL, without the chunk slots' tests, which the launcher runs where the row fills every thread's chunk slots (C a multiple of 32 * chunks * V elements: 1024 for bf16 at 4 slots); a test around each slot compiles into a branch around its loads and stores, which cost the flat fp8 RMSNorm of an H200 1.2 to 2.4%; 0: one instance, every slot tested (0 or 1; 16-byte path, not with slice_warps)",
  hold_rows = "1: after the row's last reduction, the pointers of the rows many rows read (modulation rows per batch, select's branches) pass through an empty asm (fg_hold), so that ptxas cannot hoist those rows' loads above the reductions, where they would hold registers across them: select01's FULL instance without the residual spilled 84 bytes at 32 registers without it, and ran 0.7 to 2.2% faster with it than one instance on an H200; 0: not (0 or 1)",
  batch_inner = "1: the grid of a block per row group (blocks_per_sm = 0) takes the batch entry innermost: block i runs batch entry i mod B of row group i / B (a launcher-made divisor), so that the rows many rows read of every batch entry (modulation rows per batch, select's branches) are read from the call's start; select01 without the residual on an H200 paid about 0.6 us where those rows changed in the middle of a call (B = 2), whatever was prefetched into L2; 0: the batch entry outermost, a grid dimension of its own (no division) (0 or 1; blocks_per_sm = 0, not with slice_warps, a batch dim, else ignored)",
  slice_warps = "0: a row is held by one row group; n: where no stage reduces over the row, it is cut into slices of up to n warps (32 * n * chunks chunks), one block each, so that many small blocks share a multiprocessor (0 to 32; 16-byte path, blocks_per_sm = 0)",
}
local TILE_LIMITS = { warps = { 1, 32 }, chunks = { 1, 32 }, blocks_per_sm = { 0, 32 }, min_blocks = { 1, 32 },
  rows_per_block = { 0, 32 }, prefetch = { 0, 2 }, evict_first = { 0, 1 }, wide_sum = { 0, 1 }, slice_warps = { 0, 32 }, spread_below = { 0, 64 },
  l2_keep = { 0, 1 }, launcher_inv_c = { 0, 1 }, bulk_rows = { 0, 8 }, refill_late = { 0, 1 }, ring_holds = { 0, 1 }, short_rows = { 0, 65536 }, short_chunks = { 0, 32 },
  flat_above = { 0, 1024 }, bf16_shift = { 0, 1 }, l2_last = { 0, 1 }, full_rows = { 0, 1 }, hold_rows = { 0, 1 },
  batch_inner = { 0, 1 }, ring_stagger = { 0, 100000 } }

-- This mapping's tile parameters: defaults, meaning and range
-- (gen/lua/fusegen/tiles.lua resolves a variant's from them).
M.TILE_KINDS = tiles_mod.kinds { defaults = TILE_DEFAULTS, doc = TILE_DOC, limits = TILE_LIMITS }

function M.tiles(spec, v, tuning) return tiles_mod.resolve(spec, v, tuning, M.TILE_KINDS) end

-- kernel.rows: the tensor whose rows the kernel walks, [B?, L, C] or [L, C];
-- its dtype sets the chunk size. kernel.max_channels: the largest C every
-- variant must hold (checked against the tiles). One stage level: row stages
-- run in list order for each row.
M.KERNEL_KEYS = { "rows", "max_channels" }
M.STAGE_LEVELS = { { name = "row" } }
-- What a stage may need of it: row_reduce (the reduction slots), pointers
-- (the "pointers" pass before the stage)
M.STAGE_NEEDS = { row_reduce = true, pointers = true }

function M.check_kernel(spec)
  local k, path, fail = spec.kernel, spec.path, spec_mod.fail
  local t = spec.tensor_by_name[k.rows]
  if type(k.rows) ~= "string" or not t then
    fail(path, "kernel.rows", "the name of the tensor whose rows the kernel walks ([B?, L, C] or [L, C])", k.rows)
  end
  local d = t.parsed_dims
  local n = #d
  if (n ~= 2 and n ~= 3) or (n == 3 and (d[1].sym == nil or d[1].broadcast)) or d[n - 1].sym == nil or d[n - 1].optional or
      d[n - 1].broadcast or d[n].sym == nil or d[n].div ~= 1 or d[n].broadcast then
    fail(path, ("tensors[%d].dims"):format(t.index + 1),
      "[B?, L, C] or [L, C]: an optional batch, rows and channels (kernel.rows names this tensor)", "a table")
  end
  k.layout = { batch = n == 3 and d[1].sym or nil, rows = d[n - 1].sym, channels = d[n].sym }
  -- the kernels index rows in 32 bits: the spec must bound them
  local bound = k.layout.batch and ("%s * %s < 2147483648"):format(k.layout.batch, k.layout.rows) or
    (k.layout.rows .. " < 2147483648")
  local found = false
  for _, c in ipairs(spec.constraints or {}) do
    if type(c) == "table" and type(c[1]) == "string" then
      for _, part in ipairs(facts_mod.conjuncts(c[1])) do found = found or part == facts_mod.normalize(bound) end
    end
  end
  if not found then
    fail(path, "constraints", ("a constraint { \"%s\", ... }: the rows kernels index rows in 32 bits"):format(bound), nil)
  end
  if math.type(k.max_channels) ~= "integer" or k.max_channels < 1 or k.max_channels > 65536 then
    fail(path, "kernel.max_channels", "the largest C the kernels take (an integer, 1 to 65536)", k.max_channels)
  end
end

-- What the 16-byte path needs of every variant: whole chunks per row.
function M.vec_requires(spec)
  return { (spec.kernel.layout and spec.kernel.layout.channels or "C") .. " % VEC == 0" }
end

-- More checks of the rows stages: operands, select's branches, a quantised output.
local function more_helpers(c)
  local spec, bind = c.spec, c.bind
  local layout = spec.kernel.layout
  -- an operand bound to a tensor: a row along the channels, or one value per
  -- row or per call (no channel dim)
  function c.operand(n)
    local b = bind[n]
    if not b or b.kind ~= "row" then return end
    local d = b.tensor.parsed_dims
    return c.row_tensor(n, d[#d].sym ~= layout.channels and not b.offset)
  end
  -- select's branches: pairs of rows [B|1, C] of one dtype
  function c.branch_rows(n)
    for key, pair in pairs(bind[n].rows) do
      for i = 1, 2 do
        local t = pair[i].tensor
        local d = t.parsed_dims
        if #d ~= 2 or d[2].sym ~= layout.channels or d[2].div ~= 1 or (d[1].sym ~= layout.batch and not d[1].literal) then
          return ("rows [%s|1, %s] (a row per batch, or one for all), not [%s] (%s)"):format(layout.batch or "B",
            layout.channels, table.concat(t.dims, ", "), key), n
        end
      end
      if pair[1].tensor.dtype ~= pair[2].tensor.dtype then return ("branches of one dtype (%s)"):format(key), n end
    end
  end
  -- the output a dynamic scale quantises to: a dtype with a largest value
  function c.quantised(n)
    local t = bind[n].tensor
    local a = spec.axis_by_name[t.dtype]
    for _, dt in ipairs(a and a.values or { t.dtype }) do
      if not dtypes.info(dt).quantised then return ("an output of a quantised dtype (fp8e4m3), not %s"):format(dt), n end
    end
  end
end

-- Checks the rows stages' declarations call: nil, or a message and the parameter.
function M.check_helpers(c)
  local spec, bind = c.spec, c.bind
  local layout = spec.kernel.layout
  -- A tensor read or written along the rows. Its last dim holds the channels
  -- (read from an offset: a multiple of them, "C*2" from offset C); with
  -- per_row, it has no channel dim (a value per row, or one per call). Its
  -- other dims are the batch, the rows, a literal 1, or a symbol X that groups
  -- the rows (row l is in group l / (L / X)), with a constraint L % X == 0.
  more_helpers(c)
  function c.row_tensor(n, per_row, offset)
    local b = bind[n]
    if not b or (b.kind ~= "tensor" and b.kind ~= "row") then return end
    local t = b.tensor
    local d = t.parsed_dims
    local last = d[#d]
    if per_row then
      if last.sym == layout.channels then
        return ("a tensor without the channel dim %s (one value per row, or one per call)"):format(layout.channels), n
      end
    else
      -- the channels, or a multiple of them read from offset 0 or C (the two
      -- halves of a [.., C*2] row)
      offset = b.offset or offset
      local mul = last.mul or 1
      if last.sym ~= layout.channels or last.div ~= 1 then
        return ("a tensor whose last dim is the channel count %s (of kernel.rows) or a multiple of it (\"%s*2\")"):format(
          layout.channels, layout.channels), n
      end
      if offset and (mul < 2 or offset ~= layout.channels) then
        return ("with offset %s, a tensor whose last dim is a multiple of the channels (\"%s*2\")"):format(
          offset, layout.channels), n
      end
    end
    for j = 1, per_row and #d or #d - 1 do
      local x = d[j]
      if x.sym and x.sym ~= layout.batch and x.sym ~= layout.rows then
        if x.div ~= 1 or (x.mul or 1) ~= 1 or x.sym == layout.channels then
          return ("dims of the batch, the rows, their groups or 1, not %q"):format(t.dims[j]), n
        end
        if not c.has_constraint(("%s %% %s == 0"):format(layout.rows, x.sym)) then
          return ("a constraint \"%s %% %s == 0\" (%s groups the rows: row l is in group l / (%s / %s))"):format(
            layout.rows, x.sym, x.sym, layout.rows, x.sym), n
        end
      end
    end
  end
end

-- Whether a tensor has a dim of the rows (symbol L of kernel.rows): a row per
-- token, read once, against a row many rows read.
local function has_rows_dim(t, layout)
  for _, x in ipairs(t.parsed_dims) do if x.sym == layout.rows then return true end end
  return false
end

-- bulk_rows: an operand the ring's kernel holds in registers across the
-- block's rows: a row of a tensor without a rows dim (a modulation row per
-- batch or group), of the activation's element size
local function ring_keeps(p, a, layout, act_size)
  if p.kind ~= "operand" or type(a) ~= "table" or a.kind ~= "row" then return false end
  local d = a.tensor.parsed_dims
  return d[#d].sym == layout.channels and not has_rows_dim(a.tensor, layout) and dtypes.info(a.dtype).size == act_size
end

-- The tensor arguments of a variant's stage instances, in order: fn(param, arg)
-- for each (a tensor, or a row of one).
local function each_tensor_arg(insts, fn)
  for _, inst in ipairs(insts) do
    for _, p in ipairs(inst.decl.params) do
      local a = inst.arg[p.name]
      if type(a) == "table" and (a.kind == "tensor" or a.kind == "row") then fn(p, a) end
    end
  end
end

-- l2_keep: the streamed inputs whose rows an output overwrites, in the spec's
-- order: { input, output, always } (always: a tensor read and written; else an
-- output that is its input when the pointers are equal, in place)
local function overwritten_inputs(spec, insts)
  local read, written = {}, {}
  each_tensor_arg(insts, function(p, a)
    if p.access == "out" then written[a.name] = true else read[a.name] = true end
  end)
  local list = {}
  for _, t in ipairs(spec.tensors) do
    local input = t.access == "inout" and t.name or t.inplace_of
    if input and read[input] and written[t.name] then
      list[#list + 1] = { input = input, output = t.name, always = t.access == "inout" }
    end
  end
  return list
end

-- The symbols that group the rows (row l is in group l / (L / X)) in the
-- tensors the variant's stages read or write, in the order met: the kernel
-- takes each group's divisor L / X from the launcher (fg_udiv), so a row finds
-- its group by a multiply-high, not by two divisions of its own.
local function row_groups(spec, insts)
  local layout, seen, list = spec.kernel.layout, {}, {}
  each_tensor_arg(insts, function(_, a)
    for _, x in ipairs(a.tensor and a.tensor.parsed_dims or {}) do
      local sym = x.sym
      if sym and sym ~= layout.batch and sym ~= layout.rows and sym ~= layout.channels and not seen[sym] then
        seen[sym] = true
        list[#list + 1] = { sym = sym, var = "rows_per_" .. sym }
      end
    end
  end)
  return list
end

-- bulk_rows: the streamed inputs whose rows the ring brings in, in the order
-- met: a stage's tensor parameter declared streamed, bound to a tensor with a
-- row per (b, l) and the activation's element size (a chunk is 16 bytes of
-- it), in an instance that binds no symbol (a symbol moves the first channel
-- read: that input keeps its loads). One slot per input and ring place.
local function ring_inputs(spec, insts, act)
  local layout, list, seen = spec.kernel.layout, {}, {}
  for _, inst in ipairs(insts) do
    local moved = false
    for _, p in ipairs(inst.decl.params) do moved = moved or (p.kind == "symbol" and inst.arg[p.name]) end
    for _, p in ipairs(inst.decl.params) do
      local a = inst.arg[p.name]
      if p.streamed and not moved and type(a) == "table" and a.kind == "tensor" then
        local d = a.tensor.parsed_dims
        if has_rows_dim(a.tensor, layout) and d[#d].sym == layout.channels and (d[#d].mul or 1) == 1 and
            dtypes.info(a.dtype).size == act.size and not seen[a.name] then
          seen[a.name] = { name = a.name, arg = a, index = #list }
          list[#list + 1] = seen[a.name]
        end
      end
    end
  end
  return list
end

function M.plan(spec, v, tuning)
  local tensors = variants_mod.tensor_types(spec, v)
  local act_name = tensors[spec.kernel.rows].dtype
  local act = dtypes.info(act_name)
  local m = { tiles = M.tiles(spec, v, tuning), layout = spec.kernel.layout, act = act_name }
  m.vec = facts_mod.of(spec, v):holds("aligned16")
  -- a stage that reduces over the row (a norm) needs the reduction slots
  local insts = stages_mod.for_variant(spec, v, tensors)
  m.reduce = stages_mod.needs(insts).row_reduce or false
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
  -- tile l2_keep (16-byte path): the inputs overwritten in place, their loads'
  -- policy variables (kernel_env names them) and the outputs stored over them
  m.l2_pairs = (m.vec and m.tiles.l2_keep == 1) and overwritten_inputs(spec, insts) or {}
  m.l2_last = m.vec and m.tiles.l2_last == 1  -- tile l2_last: the other streamed inputs evict-last
  m.l2_by_input, m.l2_outputs = {}, {}
  for _, pair in ipairs(m.l2_pairs) do
    m.l2_by_input[pair.input] = pair
    m.l2_outputs[pair.output] = true
  end
  -- a stage that reduces over the row divides by C: 1 / C from the launcher
  -- (tile launcher_inv_c, 16-byte path; else the kernel computes it, stages/norm.cu.tpl)
  m.inv_channels = (m.vec and m.reduce and m.tiles.launcher_inv_c == 1) and "inv_C" or nil
  m.groups, m.group_by_sym = row_groups(spec, insts), {}
  for _, g in ipairs(m.groups) do m.group_by_sym[g.sym] = g end
  m.wide_sum = m.rows_per_block == 1 and m.tiles.wide_sum == 1  -- fg_block_sum (fusegen_device.cuh)
  -- slices: a row that no stage reduces over needs no block of its own; a
  -- block of a few warps takes a slice of it, and more blocks fit per
  -- multiprocessor (more loads in flight, and no wait for a whole row's block)
  m.slice = (m.vec and not m.reduce and m.blocks_per_sm == 0) and m.tiles.slice_warps or 0
  if m.slice > 0 then
    m.rows_per_block = 1
    m.warps = m.slice
    m.threads = 32 * m.slice
  end
  tiles_mod.check_min_blocks(spec, v, m.threads, m.min_blocks)
  -- spread: few rows take more warps each (the launcher's choice; one row per block)
  m.spread = (m.vec and m.slice == 0 and m.rows_per_block == 1 and m.blocks_per_sm == 0 and m.K > 1) and m.tiles.spread_below or 0
  -- bulk_rows: the streamed inputs' ring (sm_90 and later: bulk copies and
  -- their barriers), on a grid of what fits with one row per block; other
  -- tiles (a tuning file's, the tuner's candidates) leave it out
  m.bulk, m.rings = 0, {}
  if m.tiles.bulk_rows == 1 then
    spec_mod.fail(spec.path, "tiles", ("bulk_rows of 0 or 2 to 8 (%s): a ring of one row has none in flight"):format(v.name), 1)
  end
  if m.vec and m.tiles.bulk_rows > 1 and (v.arch or 0) >= 90 and m.blocks_per_sm > 0 and m.rows_per_block == 1 then
    m.rings = ring_inputs(spec, insts, act)
    if #m.rings > 0 then
      m.bulk = m.tiles.bulk_rows
      m.prefetch = 0  -- the ring brings the row in ahead; the modulation rows stay in registers
      -- a place holds the row's chunk slots (K per thread of the row's warps):
      -- that of the widest row must fit a block's shared memory (227 KB on sm_90)
      local chunks = (spec.kernel.max_channels + m.V - 1) // m.V
      local wr_max = (chunks + 32 * m.K - 1) // (32 * m.K)
      local bytes = #m.rings * m.bulk * m.K * 16 * 32 * wr_max
      m.ring_max_bytes = bytes
      if bytes > 227 * 1024 then
        spec_mod.fail(spec.path, "tiles", ("bulk_rows whose ring holds kernel.max_channels = %d in 227 KB (%s: %d inputs)"):format(
          spec.kernel.max_channels, v.name, #m.rings), ("bulk_rows = %d: %d bytes"):format(m.bulk, bytes))
      end
    end
  end
  -- short_rows: the inputs of one row every row reads whole (a norm's weight
  -- and bias, dims [C]) are loaded after the row's reduction, which a call of
  -- few rows waits on DRAM for; its short form loads them with the row. The
  -- ring's kernel (bulk_rows) loads them once, before its row loop, and holds
  -- them across the block's rows (m.holds_whole)
  m.call_rows, m.call_row_of, m.short = {}, {}, false
  if m.vec and m.reduce and m.slice == 0 and m.rows_per_block == 1 and (m.bulk > 0 or m.blocks_per_sm == 0) then
    each_tensor_arg(insts, function(p, a)
      local d = a.tensor.parsed_dims
      if a.kind == "tensor" and p.access == "in" and #d == 1 and d[1].sym == m.layout.channels and
          (d[1].mul or 1) == 1 and not m.call_row_of[a.name] then
        -- held as raw 16-byte chunks where a chunk is one (its unpacking then
        -- waits until the use, not before the row's reduction)
        m.call_row_of[a.name] = { name = a.name, ptr = a.ptr, ctype = a.ctype, dtype = a.dtype,
          optional = a.tensor.optional, held = a.name .. "_held", raw = dtypes.info(a.dtype).size == act.size }
        m.call_rows[#m.call_rows + 1] = m.call_row_of[a.name]
      end
    end)
  end
  m.holds_whole = m.bulk > 0 and #m.call_rows > 0 and m.tiles.ring_holds == 1
  -- ring_stagger: the ring's first fill, its later rows a wait after the first
  m.ring_stagger = m.bulk > 0 and m.tiles.ring_stagger or 0
  m.bf16_shift = m.vec and m.tiles.bf16_shift == 1  -- (the 16-byte path's loads and raw chunks)
  -- full_rows: each kernel a template on FULL, the launcher's test that the
  -- row fills every thread's chunk slots (then none is tested)
  m.full = m.vec and m.slice == 0 and m.tiles.full_rows == 1
  m.instances = m.full and { "<false>", "<true>" } or { "" }  -- (a tuning build checks each one's spills)
  m.hold_rows = m.tiles.hold_rows == 1
  -- batch_inner: the flat grid's blocks in (row group, batch entry) order, the
  -- batch entry fastest (a 1-D grid and the launcher's divisor of B)
  m.batch_inner = m.tiles.batch_inner == 1 and m.blocks_per_sm == 0 and m.slice == 0 and m.layout.batch ~= nil
  -- (the short form beside the ring's kernel: where the ring keeps no operand,
  -- which its kernel declares outside the row loop)
  local keeps = false
  each_tensor_arg(insts, function(p, a) keeps = keeps or ring_keeps(p, a, m.layout, act.size) end)
  m.short_rows = (#m.call_rows > 0 and not (m.bulk > 0 and keeps)) and m.tiles.short_rows or 0
  -- flat_above: the long calls' kernel beside the ring's, a block per row with
  -- the tile's prefetch (the ring's kernel takes 0); the same rule as the short form
  m.flat_above = (m.bulk > 0 and not keeps) and m.tiles.flat_above or 0
  -- the short form beside the ring's kernel runs a block per row: it spreads
  -- the few rows of its calls as the flat grid's kernel would (spread_below)
  m.short_spread = (m.bulk > 0 and m.short_rows > 0 and m.K > 1) and m.tiles.spread_below or 0
  m.flat_prefetch = m.tiles.prefetch
  -- short_chunks: the short form's own chunk slots, on up to 32 warps a row;
  -- a row of more chunks than they hold runs the first kernel
  m.short_K = m.short_rows > 0 and m.tiles.short_chunks or 0
  m.short_max_nc = 32 * 32 * m.short_K
  m.second_kernels = {}  -- (a tuning build checks their spills too)
  if m.short_rows > 0 then m.second_kernels[#m.second_kernels + 1] = "_short" end
  if m.flat_above > 0 then m.second_kernels[#m.second_kernels + 1] = "_flat" end
  local names = {}
  for i, r in ipairs(m.call_rows) do names[i] = r.name end
  m.call_names = table.concat(names, ", ")
  m.max_C = m.slice > 0 and math.huge or m.threads * m.K * m.V  -- a row that takes every warp of the block
  if m.max_C < spec.kernel.max_channels then
    spec_mod.fail(spec.path, "tiles", ("tiles that hold kernel.max_channels = %d channels of %s (32 * warps * chunks * %d)"):format(
      spec.kernel.max_channels, act_name, m.V), m.max_C)
  end
  return m
end

-- What kernel/rows.cu.tpl and the row stages see beyond the common env.
function M.kernel_env(spec, v, tuning, env)
  local m = M.plan(spec, v, tuning)
  env.m = m
  local cg, layout = env.cg, m.layout
  env.act_ctype = env.tensors[spec.kernel.rows].ctype
  env.act_dtype = m.act
  -- the call's dims in kernel and launcher code (no batch dim: 1)
  env.dims = { batch = layout.batch and ("p." .. layout.batch) or "1", rows = "p." .. layout.rows,
    channels = "p." .. layout.channels }
  env.host_dims = { batch = layout.batch and ("p->" .. layout.batch) or "1", rows = "p->" .. layout.rows,
    channels = "p->" .. layout.channels }
  -- A row pointer the "pointers" pass declares, recorded for the tile
  -- hold_rows, which holds it after the row's reductions (kernel/rows.cu.tpl)
  env.hold_row = function(ptr)
    env.shared.held_rows = env.shared.held_rows or {}
    env.shared.held_rows[ptr] = true
  end
  -- The pointer to row (b, l) of tensor argument a (from a stage's arg): each
  -- dim but the channels' adds the batch, the row, or the row's group; a
  -- broadcast dim has stride 0. per_row: a tensor without a channel dim.
  env.row_of = function(a, offset, per_row)
    local t = a.tensor
    local d = t.parsed_dims
    local terms = {}
    for j = 1, per_row and #d or #d - 1 do
      local x = d[j]
      if x.sym == layout.batch and x.sym then terms[#terms + 1] = "b * " .. a.stride(j - 1)
      elseif x.sym == layout.rows then terms[#terms + 1] = "l * " .. a.stride(j - 1)
      elseif x.sym then
        -- the row's group: l / (L / X) by the launcher's divisor (l < L < 2^31,
        -- the constraint above): the two 32-bit divisions it replaces cost the
        -- issue-bound per-frame kernels of an H200 about 60 instructions a thread
        local g = m.group_by_sym[x.sym]
        assert(g, "rows mapping: group " .. x.sym .. " of a tensor no stage of the variant binds")
        terms[#terms + 1] = ("(int64_t)fg_udiv_div31((uint32_t)l, %s) * %s"):format(g.var, a.stride(j - 1))
      end
    end
    local const = t.access == "in" and "const " or ""
    local e = ("(%s%s*)%s"):format(const, a.ctype, a.ptr)
    for _, term in ipairs(terms) do e = e .. " + " .. term end
    if offset then e = e .. " + p." .. offset end
    return e
  end
  -- chunk slot k of the thread: `if (...) {` with e its first element
  -- (with full_rows, none where the template's FULL says the row fills them all)
  env.chunk_open = function(k)
    local test = k == 0 and "pos < nc" or ("pos + %d * tpr < nc"):format(k)
    if m.full then test = "(FULL || " .. test .. ")" end
    return ("if (live && %s) {"):format(test)
  end
  -- the kernel instances of kernel `name` (its FULL instances with full_rows)
  env.instances = function(name)
    local list = {}
    for i, suffix in ipairs(m.instances) do list[i] = name .. suffix end
    return list
  end
  env.chunk_first = function(k)
    return k == 0 and ("const int e = pos * %d;"):format(m.V) or ("const int e = (pos + %d * tpr) * %d;"):format(k, m.V)
  end
  env.load = function(dst, ptr, dtype, hint, policy)
    return cg.load_f32(dst, ptr, m.V, dtype, { vec = m.vec, hint = hint, policy = policy, shift = m.bf16_shift })
  end
  -- chunk slot k of a row every row reads whole (stage argument a, dims [C]:
  -- a norm's weight or bias) as fp32 dst[V]: in the short form (tile
  -- short_rows) from the registers it was loaded into before the row's
  -- reduction, in the ring's kernel from those loaded before the row loop
  -- (holds(a): no pointer or chunk_first needed), else loaded here from ptr
  -- (after chunk_first)
  local function held(a) return (m.short or m.holds_whole) and m.call_row_of[a.name] end
  env.holds = function(a) return held(a) and true or false end
  env.load_whole = function(dst, a, ptr, k)
    local r = held(a)
    if r and r.raw then return { ("float %s[%d];"):format(dst, m.V), env.unpack(dst, ("%s[%d]"):format(r.held, k), a.dtype) } end
    if r then return { ("const float* %s = %s[%d];  // loaded with the row"):format(dst, r.held, k) } end
    local out = { ("float %s[%d] = {};"):format(dst, m.V) }
    for _, l in ipairs(env.load(dst, ptr, a.dtype, "keep")) do out[#out + 1] = l end
    return out
  end
  -- stores to output `to` (a stage's tensor argument): under the store policy
  -- where it overwrites a streamed input (tile l2_keep)
  env.store_hint = function(to)
    if to and m.l2_outputs[to.name] then return "policy", m.l2_store end
    return nil
  end
  env.store = function(src, ptr, dtype, to)
    local hint, policy = env.store_hint(to)
    return cg.store_f32(src, ptr, m.V, dtype, { vec = m.vec, hint = hint, policy = policy })
  end
  -- a raw 16-byte chunk to output `to`
  env.store_raw = function(ptr, raw, to)
    local hint, policy = env.store_hint(to)
    return ("fg_st16%s(%s, %s%s);"):format(cg.store_suffix(hint), ptr, raw, cg.store_extra(hint, policy))
  end
  -- the hint (and policy variable) of the loads of streamed input a (a stage's
  -- tensor argument): its policy where an output overwrites it (tile l2_keep)
  env.stream_hint = function(a)
    local pair = a and m.l2_by_input[a.name]
    if pair then return "policy", pair.var end
    if m.l2_last and a then return "policy", m.l2_last_var end
    return m.stream_hint
  end
  -- prefetch levels of the stages' loads: 1 streamed inputs, 2 rows read by
  -- every row of a batch (modulation); what a stage with loads of that level
  -- does in a phase: "issue" (load raw), "use" (use the raw chunks), "all"
  -- (load where used) or "none"
  env.mode = function(phase, level)
    if phase == "pointers" then return "none" end
    if phase == "all" then return "all" end
    if m.prefetch >= level then return phase end
    return phase == "use" and "all" or "none"
  end
  -- 16-byte path: a chunk as one raw access (uint4), converted later
  env.load_raw = function(dst, ptr, hint, policy)
    return ("%s = fg_ld16_%s(%s%s);"):format(dst, hint, ptr, cg.load_extra(hint, policy))
  end
  env.unpack = function(dst, raw, dtype)
    return ("fg_unpack_%sx%d%s(%s, &%s[0]);"):format(dtype, m.V, cg.unpack_form(dtype, m.bf16_shift), raw, dst)
  end
  -- each_value(f): a line f(x) for every value x of the row the thread holds
  env.each_value = function(f)
    local out = {}
    for k = 0, m.K - 1 do
      out[#out + 1] = "#pragma unroll"
      out[#out + 1] = ("for (int j = 0; j < %d; j++) %s"):format(m.V, f(("v[%d][j]"):format(k)))
    end
    return out
  end
  -- operand(a, what): stage argument a as an operand (M.operand), with the
  -- prefetch level its parameter declares, if any
  env.operand = function(a, what) return M.operand(env, a, what, a.level) end
  -- needs_of(inst, need): whether a stage instance declares that need
  env.needs_of = function(inst, need)
    for _, n in ipairs(inst.decl.needs) do if n == need then return true end end
    return false
  end
  -- reads_shared_rows(inst): whether the instance reads a row that many rows
  -- read (an operand of level 2), whose pointer the "pointers" pass declares
  env.reads_shared_rows = function(inst)
    for _, p in ipairs(inst.decl.params) do
      local a = inst.arg[p.name]
      if p.kind == "operand" and type(a) == "table" and a.kind == "row" then
        local d = a.tensor.parsed_dims
        local per_row = has_rows_dim(a.tensor, m.layout)
        if d[#d].sym ~= m.layout.channels or (a.level or (per_row and 1 or 2)) >= 2 then return true end
      end
    end
    return false
  end
  -- unique_name(base): base, or base2, base3, ... when a stage before took it
  env.unique_name = function(base)
    env.shared.names = env.shared.names or {}
    local n, i = base, 2
    while env.shared.names[n] do n, i = base .. i, i + 1 end
    env.shared.names[n] = true
    return n
  end
  -- bulk_rows: ring_of(a) names the slot (const uint4*) holding the row of
  -- streamed input a, nil for an input the ring does not bring in
  for _, r in ipairs(m.rings) do r.var = env.unique_name("ring_" .. r.name) end
  -- (a read from the ring after row_synced() has refilled its place would read
  -- the next row: refused)
  env.ring_of = function(a)
    for _, r in ipairs(m.rings) do
      if a and r.name == a.name then
        if env.shared.ring_refilled then
          error(("a stage reads input %s from the rows ring after row_synced() gave the row's place to the next row"):format(a.name), 2)
        end
        return r.var
      end
    end
    return nil
  end
  -- bulk_rows: the lines (thread 0's) that bulk-copy row `r` into ring place `s`
  env.ring_fill = function(r, s)
    local out = { ("const int64_t b = (int64_t)fg_udiv_div31((uint32_t)%s, rows_div), l = %s - b * %s;"):format(r, r, env.dims.rows) }
    out[2] = ("fg_ring_expect(&ring_full[%s], %d * ring_bytes);"):format(s, #m.rings)
    for _, ring in ipairs(m.rings) do
      local dst = ("fg_ring + (size_t)(%d + %s) * ring_stride"):format(ring.index * m.bulk, s)
      -- under the input's L2 policy where a tile gives it one (stream_hint)
      local hint, policy = env.stream_hint(ring.arg)
      local suffix = hint == "policy" and "_policy" or ""
      out[#out + 1] = ("fg_ring_copy%s(%s, %s, ring_bytes, &ring_full[%s]%s);  // %s"):format(suffix, dst, env.row_of(ring.arg), s,
        cg.load_extra(hint, policy), ring.name)
    end
    return out
  end
  -- bulk_rows: the row's place refilled (thread 0 copies in the block's row
  -- m.bulk rows on), once every warp has read it, as `why` says (nil: the
  -- line before says it)
  env.ring_refill = function(why)
    local out = why and { "// every warp has read this row's place (" .. why .. "): the place",
      ("// takes the block's row %d rows on"):format(m.bulk) } or { ("// the place takes the block's row %d rows on"):format(m.bulk) }
    out[#out + 1] = "if (threadIdx.x == 0) {"
    out[#out + 1] = ("  const int64_t r = row + (int64_t)%d * gridDim.x;"):format(m.bulk)
    out[#out + 1] = "  if (r < nrows) {"
    for _, line in ipairs(env.ring_fill("r", "slot")) do out[#out + 1] = "    " .. line end
    out[#out + 1] = "  }"
    out[#out + 1] = "}"
    return out
  end
  -- row_synced(): a stage calls it (`% put(row_synced())`) after a statement
  -- whose reduction syncs the row's warps and that every path of the row's code
  -- runs. What waits for that sync goes there: the rows ring refills the row's
  -- place at the row's first such sync, not at its end, so that the next row's
  -- bytes are in flight while this row finishes (4096-row calls of the ring's
  -- kernels 1 to 3.6% faster on an H200, bench/NOTES.md). Lines to put, or none.
  -- A stage that syncs the row again before it ends passes { more = true }:
  -- with the tile refill_late the refill waits for the stage's last sync
  -- (LayerNorm [2,2048,3072] per batch 2.3% faster on an H200, bench/NOTES.md).
  env.row_synced = function(opts)
    -- (ring_refilled is false only in a ring kernel's row before its refill)
    if env.shared.ring_refilled ~= false then return {} end
    if opts and opts.more and m.tiles.refill_late == 1 then return {} end
    env.shared.ring_refilled = true
    return env.ring_refill("the reduction above synced them")
  end
  -- bulk_rows: the operands of a row many rows read (a modulation row per batch
  -- or group, not per row) held in registers across the block's rows, loaded
  -- again only when the row changes (M.operand); the kernel declares them
  -- before its row loop
  m.kept = {}
  if m.bulk > 0 then
    for _, inst in ipairs(env.stages.row) do
      for _, p in ipairs(inst.decl.params) do
        local a = inst.arg[p.name]
        if not (type(a) == "table" and a.kept) and ring_keeps(p, a, layout, dtypes.info(m.act).size) then
          local base = a.name .. (a.offset and ("_from_" .. a.offset:lower()) or "")
          a.kept = { raw = env.unique_name(base .. "_kept"), row = env.unique_name(base .. "_kept_row"), ctype = a.ctype }
          m.kept[#m.kept + 1] = a.kept
        end
      end
    end
  end
  -- bulk_rows: the first choice of a row stage made at run time (an enum
  -- scalar), which the kernel tests once around its row loop (rows.cu.tpl):
  -- { name, values, is(x) its C test, set(x) the value the stage sees, nil: back to the run-time choice }
  env.runtime_choice = function()
    for _, inst in ipairs(env.stages.row) do
      for _, p in ipairs(inst.decl.params) do
        local a = inst.arg[p.name]
        if p.kind == "choice" and type(a) == "table" and a.kind == "enum" then
          return { name = a.name, values = a.values, is = a.is, set = function(x) inst.arg[p.name] = x or a end }
        end
      end
    end
    return nil
  end
  -- tile l2_keep: the policy variables the kernel declares at its start
  for _, pair in ipairs(m.l2_pairs) do pair.var = env.unique_name("l2_" .. pair.input) end
  m.l2_store = #m.l2_pairs > 0 and env.unique_name("l2_store") or nil
  m.l2_last_var = m.l2_last and env.unique_name("l2_last") or nil
  return env
end

-- An operand of a row stage (an arg of kind operand): a row of a tensor (per
-- row, per batch, per group of rows, from an offset), a row an earlier stage
-- gives (shared.rows[name]), a tensor of one value per row or per call, an f32
-- scalar or a number. What a stage writes with it, per phase:
--   o.declare()        "pointers": the row pointer of a row read by many rows
--                      (level 2: a modulation row), ahead of the row's work
--   o.issue()          "issue": its chunks loaded raw (uint4), if o.raw
--   o.open()           at the start of the stage's work: the row pointer of a
--                      row read once (level 1), or the one value of a per-row
--                      or per-call tensor
--   o.fetch(k, dst)    in chunk slot k (after chunk_first): float dst[V]
--   o.at(dst)          element j of it, in a `for (int j ...)` loop
--   o.uniform, o.value one value for the whole row, and its C expression
--   o.level, o.raw     its prefetch level (1 read once, 2 read by many rows)
--                      and whether the issue phase loads it
--   o.uses_e           its loads need the chunk's first element e
function M.operand(env, a, name, level)
  local m, shared = env.m, env.shared
  local none = function() return {} end
  local o = { name = name, issue = none, declare = none, open = none, fetch = none }
  if a.kind == "scalar" or a.kind == "number" then
    o.uniform, o.value = true, a.expr
    o.at = function() return o.value end
    return o
  end
  local ptr, dtype, ctype, per_element
  local given = a.kind == "given"
  if given then
    local g = shared.rows and shared.rows[a.name]
    if not g then error(("operand %s: no stage before gives the row %q"):format(name, a.name), 0) end
    ptr, dtype, ctype, o.level, per_element = g.ptr, g.dtype, g.ctype, g.level, true
    name = a.name
  else
    name = a.name .. (a.offset and ("_from_" .. a.offset:lower()) or "")
    local d = a.tensor.parsed_dims
    per_element = d[#d].sym == m.layout.channels
    ptr = env.row_of(a, a.offset, not per_element)
    dtype, ctype = a.dtype, a.ctype
    o.level = level or (has_rows_dim(a.tensor, m.layout) and 1 or 2)
  end
  o.name, o.dtype, o.ctype = name, dtype, ctype
  if o.level == 1 then o.hint, o.policy = env.stream_hint(not given and a or nil) else o.hint = "keep" end
  -- the names of its raw registers, row pointer or value: the tensor's (or the
  -- given row's; "x_from_c" from an offset), made unique in the kernel, the
  -- same in every phase (kept on the argument)
  a.names = a.names or { raw = env.unique_name(name .. "_raw"), row = not given and env.unique_name(name .. "_row") or nil,
    value = not per_element and env.unique_name(name .. "_v") or nil }
  if not per_element then
    -- one value per row (or per call): read in the "pointers" pass, so that no
    -- load waits behind the row's reductions
    o.uniform, o.value = true, a.names.value
    o.declare = function() return { ("const float %s = fg_to_f32(*(%s));"):format(o.value, ptr) } end
    o.at = function() return o.value end
    return o
  end
  local rawn = a.names.raw
  o.raw = m.vec and m.prefetch >= o.level and dtypes.info(dtype).size == dtypes.info(m.act).size
  local kept = not given and a.kept
  o.uses_e = not o.raw and not kept
  -- a given row is a pointer the giving stage declared; a tensor's row gets one
  o.row = given and ptr or a.names.row
  local early = not given and o.level >= 2  -- declared in the "pointers" phase
  local decl = { ("const %s* %s = %s;"):format(ctype, o.row, ptr) }
  if early then
    o.declare = function()
      env.hold_row(o.row)
      return decl
    end
  end
  -- every chunk slot's raw 16 bytes into raw[k], then the block's closing brace
  local function load_slots(out, raw, hint, policy)
    for k = 0, m.K - 1 do
      out[#out + 1] = ("  %s  // chunk slot %d"):format(env.chunk_open(k), k)
      out[#out + 1] = "    " .. env.chunk_first(k)
      out[#out + 1] = "    " .. env.load_raw(("%s[%d]"):format(raw, k), o.row .. " + e", hint, policy)
      out[#out + 1] = "  }"
    end
    out[#out + 1] = "}"
    return out
  end
  if kept then
    -- bulk_rows: the chunks held since the block's last row, loaded again where
    -- this row reads another row (uniform over the block: one row per block)
    o.declare = function()
      local out = { decl[1], ("if (%s != %s) {  // another row than the block's last row read: load it"):format(o.row, kept.row),
        ("  %s = %s;"):format(kept.row, o.row) }
      return load_slots(out, kept.raw, "keep")
    end
  end
  if not given and not early and not o.raw then o.open = function() return decl end end
  if o.raw then
    o.issue = function()
      local out = { ("uint4 %s[%d];"):format(rawn, m.K), "{" }
      if not given and not early then out[#out + 1] = "  " .. decl[1] end
      return load_slots(out, rawn, o.hint, o.policy)
    end
  end
  o.fetch = function(k, dst)
    local out = { ("float %s[%d] = {};"):format(dst, m.V) }
    if kept then
      out[#out + 1] = env.unpack(dst, ("%s[%d]"):format(kept.raw, k), dtype)
    elseif o.raw then
      out[#out + 1] = env.unpack(dst, ("%s[%d]"):format(rawn, k), dtype)
    else
      for _, l in ipairs(env.load(dst, o.row .. " + e", dtype, o.hint, o.policy)) do out[#out + 1] = l end
    end
    return out
  end
  o.at = function(dst) return dst .. "[j]" end
  return o
end

spec_mod.register_mapping("rows", M)
return M
