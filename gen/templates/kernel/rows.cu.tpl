% -- Kernel skeleton of the "rows" thread mapping (gen/lua/fusegen/mapping_rows.lua):
% -- blocks of row groups, one per block or a persistent loop over them; the
% -- spec's row stages fill in the work.
% local one_row = m.rows_per_block == 1
% local per_row_grid = m.blocks_per_sm == 0
% local prefetch_note = ({ [0] = "", "; inputs loaded ahead of the stores", "; inputs and modulation loaded ahead of the stores and reductions" })[m.prefetch]
% if m.bulk > 0 then prefetch_note = ("; rows brought in by bulk copies, %d ahead"):format(m.bulk - 1) end
% if m.bf16_shift then prefetch_note = prefetch_note .. "; bf16 unpacked by a shift and a mask" end
// $(v.base)
//   $(describe)
//   mapping: rows of C channels, chunks of $(m.V), $(m.K) chunk slot(s) per thread,
% if m.slice > 0 then
//            a row cut into slices of up to $(m.slice) warps, one block each (no stage reduces over it); 16-byte accesses
% else
//            $(m.warps) warps per block$(m.rows_per_block > 0 and (" (at most " .. m.rows_per_block .. " row(s): the warps they need)") or ""), C up to $(m.max_C); $(m.vec and "16-byte accesses" or "element accesses")
% end
//            $(m.slice > 0 and "one block per slice" or per_row_grid and "one block per row group" or "a grid of what fits, looping over rows")$(prefetch_note)
% -- the launcher's row constants: 1 / C for a reduction's mean, the divisors
% -- L / X of the row groups and the divisor L of the ring's rows (bulk_rows)
% local const_params, const_args = "", ""
% if m.inv_channels then
%   const_params = ", const float " .. m.inv_channels
%   const_args = ", " .. m.inv_channels
% end
% for _, g in ipairs(m.groups) do
%   const_params = const_params .. ", const fg_udiv " .. g.var
%   const_args = const_args .. ", " .. g.var
% end
% if m.bulk > 0 then
%   const_params = const_params .. ", const fg_udiv rows_div"
%   const_args = const_args .. ", rows_div"
% end
% if m.batch_inner then
%   const_params = const_params .. ", const fg_udiv batch_div"
%   const_args = const_args .. ", batch_div"
% end
% -- the kernel: written once, and again as the short form (tile short_rows:
% -- for calls of few rows, where occupancy is no concern)
% local short_name = "FG_ARCH_NAME(fg_" .. v.base .. "_short)"
% local function write_kernel(name, min_blocks)
% local per_row_grid = m.blocks_per_sm == 0  -- (again: the short form beside a ring's kernel sets it)
%   if m.full then
// FULL: the row fills every thread's chunk slots (the launcher's test), so
// that no slot is tested (tile full_rows)
template <bool FULL>
%   end
__global__ void __launch_bounds__($(m.threads), $(min_blocks))
% if m.slice > 0 then
$(name)(const $(params_type) p, const uint32_t slices, const fg_udiv slices_div$(const_params))
% else
$(name)(const $(params_type) p$(const_params))
% end
{
% include("kernel/kernel_start.cu.tpl")
% if m.reduce and m.wide_sum then
  __shared__ __align__(16) float red[2][$(m.warps)];  // partial sums of the row's warps (read as float4)
% elseif m.reduce then
  __shared__ float red[2][$(m.warps)];  // partial sums of the row groups' warps
% end
  const int C = (int)$(dims.channels);
  const int nc = (C + $(m.V - 1)) / $(m.V);               // chunks per row
% if m.slice > 0 then
  const int wr = min($(m.slice), (nc + $(32 * m.K - 1)) / $(32 * m.K));  // warps per slice: fewer for a short row
% elseif m.spread > 0 then
  const int wr = (int)(blockDim.x >> 5);          // warps per row: the launcher's choice ($(m.short and m.short_K > 0 and "short_chunks" or "spread_below"))
% elseif m.vec then
  const int wr = (nc + $(32 * m.K - 1)) / $(32 * m.K);     // warps per row
% else
  const int wr = $(m.warps);  // element path: a row takes the block (constant slot offsets)
% end
% if m.K > 1 or m.slice > 0 or not one_row or m.bulk > 0 then  -- (else no slot after the first)
  const int tpr = 32 * wr;                        // threads per row$(m.slice > 0 and " (per slice)" or "")
% end
% if m.slice > 0 then
  // block = row * slices + slice: the launcher's slice count and its divisor
  // (no division here: a block of one chunk a thread is short, and its
  // divisions before the first load cost the long calls 1%)
  const uint32_t row_of_block = fg_udiv_div31(blockIdx.x, slices_div);
  // this thread's place in the row: its slice's first chunk, then the thread
  const int pos = (int)(blockIdx.x - row_of_block * slices) * ($(m.K) * tpr) + (int)threadIdx.x;
% elseif one_row and m.bulk > 0 then
%   if not m.wide_sum then
  const int group = 0;                            // one row per block and iteration (the ring's)
%   end
  const int pos = threadIdx.x;                    // this thread's place in the row
% elseif one_row then
  const int rpb = 1, group = 0;                   // one row per block: the launcher starts its warps only
  const int pos = threadIdx.x;                    // this thread's place in the row
% else
%   if m.rows_per_block > 0 then
  const int rpb = (int)(blockDim.x >> 5) / wr;    // rows per block: the launcher starts only their warps
%   else
  const int rpb = $(m.warps) / wr;                        // rows per block
%   end
  const int group = (threadIdx.x >> 5) / wr;      // this thread's row slot
  const int pos = threadIdx.x - group * tpr;      // its place in the row
% end
% if #m.l2_pairs > 0 then
  // rows overwritten in place stay in L2 from their load to their store, then go
  // back to the normal priority (tile l2_keep)
%   for _, pair in ipairs(m.l2_pairs) do
  $(cg.l2_load_policy_decl(pair.var, "p." .. pair.input, not pair.always and ("p." .. pair.output) or nil, m.stream_hint == "stream" and "fg_l2_evict_first()" or "fg_l2_evict_normal()"))
%   end
  const unsigned long long $(m.l2_store) = fg_l2_evict_normal();
% end
% if m.l2_last then
  // the other streamed inputs under an L2 evict-last policy (tile l2_last)
  const unsigned long long $(m.l2_last_var) = fg_l2_evict_last();
% end
% if m.reduce then
  int rbuf = 0;
% end
% if m.reduce and m.wide_sum then
  fg_block_sum_init<$(m.warps)>(red, wr);
% end
% -- The "pointers" pass (select's rows, the rows many rows read) runs after
% -- the stages that stream the row in and before the first that reduces over
% -- it or reads such a row: pointers live across the row's loads cost
% -- registers, and the index math after a reduction waits for it.
% local function pointers_at(inst) return needs_of(inst, "row_reduce") or needs_of(inst, "pointers") or reads_shared_rows(inst) end
% local pointers_done = false
% local function pointers(inst)
%   if pointers_done or not pointers_at(inst) then return end
%   pointers_done = true
%   shared.held_rows = {}  -- (the pointers the pass declares: tile hold_rows)
    // the row pointers of the rows many rows read (modulation rows, branches)
%   for _, name in ipairs(stages.row) do
    % stage(name, { phase = "pointers" })
%   end
% end
% -- Tile hold_rows: after the row's last reduction, the pointers the pass
% -- declared pass through an empty asm, so that ptxas cannot hoist the loads
% -- through them above the reductions (registers held across them: select01's
% -- FULL instance spilled at 32 registers without it)
% local last_reduce = nil
% for _, name in ipairs(stages.row) do
%   if needs_of(name, "row_reduce") then last_reduce = name end
% end
% local function hold_rows_after(inst)
%   if not (m.hold_rows and pointers_done and inst == last_reduce) then return end
%   local ptrs = {}
%   for ptr in pairs(shared.held_rows or {}) do ptrs[#ptrs + 1] = ptr end
%   table.sort(ptrs)
%   if #ptrs == 0 then return end
    // the rows many rows read are loaded from here on, not hoisted above the
    // reductions (tile hold_rows)
%   for _, ptr in ipairs(ptrs) do
    fg_hold($(ptr));
%   end
% end
% -- The rows every row reads whole, held in registers: in the short form (tile
% -- short_rows) loaded after the row's issue phase (raw loads: nothing waits
% -- on them before); in the ring's kernel once, before the row loop (whole_block)
% local function held_loads(whole_block)
%   if whole_block then
  // the rows every row reads whole, loaded once and held across the block's
  // rows (as raw chunks where a chunk is one)
%   else
    // the short form: the rows every row reads whole, loaded before the row's
    // reduction (as raw chunks where a chunk is one: no unpacking waits on
    // them) and held until their use
%   end
%     for _, r in ipairs(m.call_rows) do
  $(whole_block and "" or "  ")$(r.raw and "uint4" or "float") $(r.held)[$(m.K)]$(r.raw and "" or ("[" .. m.V .. "]")) = {};  // $(r.name)$(r.raw and ": raw chunks" or "")
%     end
%   if whole_block then
  {
    const bool live = true;  // every thread of the block holds its chunk slots
%   end
%     for k = 0, m.K - 1 do
    $(chunk_open(k))  // chunk slot $(k)
      $(chunk_first(k))
%       for _, r in ipairs(m.call_rows) do
%         local ptr = "(const " .. r.ctype .. "*)" .. r.ptr .. " + e"
%         local lines = r.raw and { load_raw(r.held .. "[" .. k .. "]", ptr, "keep") } or load(r.held .. "[" .. k .. "]", ptr, r.dtype, "keep")
      $(r.optional and ("if (" .. r.ptr .. ") {") or "{")
%         for _, line in ipairs(lines) do
        $(line)
%         end
      }
%       end
    }
%     end
%   if whole_block then
  }
%   end
% end
% -- The work on one row: the row stages, in phases with prefetch
% local function row_body()
%   pointers_done = false
    float v[$(m.K)][$(m.V)] = {};  // the row's values, fp32
%   if m.prefetch > 0 then
    // issue: each stage's loads (raw 16-byte chunks), before any store or reduction
%     for _, name in ipairs(stages.row) do
%       pointers(name)
    % stage(name, { phase = "issue" })
%     end
%     if m.short then held_loads() end
    // use: the stages' arithmetic and stores on what the loads returned
%     for _, name in ipairs(stages.row) do
    % stage(name, { phase = "use" })
%       hold_rows_after(name)
%     end
%   else
%     for _, name in ipairs(stages.row) do
%       pointers(name)
    % stage(name, { phase = "all" })
%       hold_rows_after(name)
%     end
%   end
%   if m.bulk > 0 then
    % include("kernel/rows_ring.cu.tpl", { part = "next" })
%   end
% end
% if per_row_grid then
%   if m.batch_inner then
  // grid (row groups x batch entries, the batch entry innermost: tile
  // batch_inner): every batch entry's rows that many rows read are read from
  // the call's start, not first in its middle; a multiply-high finds the group
%   elseif m.slice > 0 then
  // grid (rows x slices of a batch entry, batch entries as y + 65535 z): a
  // multiply-high finds the row, and no loop over b
%   else
  // grid (row groups of a batch entry, batch entries as y + 65535 z): no
  // division to find b and l, and no loop over b
%   end
  {
%   local row_group = "blockIdx.x"
%   if m.batch_inner then
%     row_group = "row_group"
    const uint32_t row_group = fg_udiv_div31(blockIdx.x, batch_div);  // in 32 bits: B * L < 2^31
    const int64_t b = (int64_t)(blockIdx.x - row_group * (uint32_t)$(dims.batch));
%   else
    const int64_t b = (int64_t)(blockIdx.z * 65535u + blockIdx.y);  // in 32 bits: B * L < 2^31
    if (b >= $(dims.batch)) return;  // the whole block: no sync is left waiting
%   end
%   if m.slice > 0 then
    const int64_t l = (int64_t)row_of_block;
    const bool live = true;  // gridDim.x == L * slices
%   elseif one_row then
    const int64_t l = (int64_t)$(row_group) * rpb + group;
    const bool live = true;  // gridDim.x == $(m.batch_inner and "B * L" or "L")
%   else
    const int64_t l = (int64_t)$(row_group) * rpb + group;
    const bool live = group < rpb && l < $(dims.rows);
%   end
%   row_body()
  }
% elseif m.bulk > 0 then
  const int64_t nrows = $(dims.batch) * $(dims.rows);
  % include("kernel/rows_ring.cu.tpl", { part = "start" })
%   if m.holds_whole then held_loads(true) end
%   for _, kept in ipairs(m.kept) do
  uint4 $(kept.raw)[$(m.K)];  // a row many rows read, held while the block's rows share it
  const $(kept.ctype)* $(kept.row) = nullptr;
%   end
%   -- a choice made at run time (an enum scalar) is tested once, around the row
%   -- loop, with the loop written for each of its values: its tests in the loop
%   -- cost the short calls of the ring's kernels 6% (H200)
%   local choice = runtime_choice()
%   for i, x in ipairs(choice and choice.values or { false }) do
%     if choice then choice.set(x) end
%     if choice and i < #choice.values then
  $(i > 1 and "} else " or "")if ($(choice.is(x))) {  // $(choice.name) = $(x)
%     elseif choice then
  } else {  // $(choice.name) = $(x)
%     end
  // one row per block and iteration; every thread runs every iteration
  uint32_t it = 0;  // the block's iteration: its ring place and barrier phase
  for (int64_t row = blockIdx.x; row < nrows; row += gridDim.x, it++) {
    const bool live = true;
    // row -> (b, l) by the launcher's divisor of L: fewer than 2^31 rows per call
    const int64_t b = (int64_t)fg_udiv_div31((uint32_t)row, rows_div);
    const int64_t l = row - b * $(dims.rows);
    % include("kernel/rows_ring.cu.tpl", { part = "row" })
%     row_body()
  }
%   end
%   if choice then
  }
%     choice.set(nil)
%   end
% else
  const int64_t nrows = $(dims.batch) * $(dims.rows);
  // every thread runs every iteration (the reductions sync the block)
  for (int64_t first = (int64_t)blockIdx.x * rpb; first < nrows; first += (int64_t)gridDim.x * rpb) {
    const int64_t row = first + group;
    const bool live = group < rpb && row < nrows;
    // row -> (b, l); 32-bit division: fewer than 2^31 rows per call
    const int64_t b = live ? (int64_t)((uint32_t)row / (uint32_t)$(dims.rows)) : 0;
    const int64_t l = live ? row - b * $(dims.rows) : 0;
%   row_body()
  }
% end
}

% end
% write_kernel(kernel_name, m.min_blocks)
% -- a second kernel of the variant: written with the fields given, then the
% -- first kernel's fields back
% local function write_form(name, min_blocks, fields)
%   local saved = {}
%   for k, x in pairs(fields) do saved[k] = m[k]; m[k] = x end
%   write_kernel(name, min_blocks)
%   for k in pairs(fields) do m[k] = saved[k] end
% end
% -- the fields of a second form beside a ring's kernel: without the ring, a block per row
% local function no_ring(f) f.bulk, f.rings, f.blocks_per_sm, f.holds_whole = 0, {}, 0, false; return f end
% if m.short_rows > 0 then
%   -- the short form issues the row's streamed inputs raw first (prefetch 1),
%   -- then the held rows: no load waits behind another's unpacking
// $(v.base), short form: for calls of at most $(m.short_rows) rows, the rows every row
// reads whole ($(m.call_names)) loaded with the row, before its reduction
%   local fields = no_ring({ short = true, prefetch = math.max(m.prefetch, 1), spread = m.bulk > 0 and m.short_spread or m.spread })
%   if m.short_K > 0 then
// ($(m.short_K) chunk slot(s) per thread, on the warps a row's chunks need: up to 32)
%     fields.K, fields.warps, fields.threads, fields.spread = m.short_K, 32, 1024, 1
%   end
%   write_form(short_name, 1, fields)
% end
% local flat_name = "FG_ARCH_NAME(fg_" .. v.base .. "_flat)"
% if m.flat_above > 0 then
%   -- the flat form (tile flat_above): the ring's kernel without the ring, on
%   -- the grid of a block per row, with the tile's prefetch
// $(v.base), flat form: for calls of more than $(m.flat_above) rows per multiprocessor, a block
// per row without the ring (the hardware starts blocks as others finish)
%   write_form(flat_name, m.min_blocks, no_ring({ prefetch = m.vec and m.flat_prefetch or 0 }))
% end
% -- warps_now: a row's warps in a call of fewer than n rows per multiprocessor,
% -- up to twice those its chunks need (tile spread_below)
% local function spread_warps(ind, n)
$(ind)int64_t warps_now = wr;
$(ind)if ($(host_dims.batch) * $(host_dims.rows) < (int64_t)$(n) * sm_count) {
$(ind)  warps_now = (nc + $(32 * math.max(m.K // 2, 1) - 1)) / $(32 * math.max(m.K // 2, 1));
$(ind)  if (warps_now > $(m.warps)) warps_now = $(m.warps);
$(ind)}
% end
% -- a launch of kernel `name` (config: grid, block, shared memory, stream; args): with tile full_rows its
% -- FULL instance where the expression `full` holds
% local function launch(ind, name, config, args, full)
%   if m.full then
$(ind)if ($(full)) fg_launch($(name)<true>, $(config), pdl, $(args));
$(ind)else fg_launch($(name)<false>, $(config), pdl, $(args));
%   else
$(ind)fg_launch($(name), $(config), pdl, $(args));
%   end
% end
% -- the short form's launch (tile short_rows), its test included: on the
% -- block's threads, spread beside the ring (spread_below), or with its own chunk
% -- slots (short_chunks) on the warps they need, for rows they hold
% local function short_launch()
%   local threads, full = "(unsigned)threads", "full"
  if ($(host_dims.batch) * $(host_dims.rows) <= $(m.short_rows)$(m.short_K > 0 and (" && nc <= " .. m.short_max_nc) or "")) {  // a short call: the short form$(per_row_grid and "" or ", a block per row")
%   if m.short_K > 0 then
    const unsigned short_threads = (unsigned)(32 * ((nc + $(32 * m.short_K - 1)) / $(32 * m.short_K)));  // $(m.short_K) chunk slot(s) a thread
%     threads, full = "short_threads", ("nc == %d * (int64_t)short_threads"):format(m.short_K)
%   elseif m.short_spread > 0 then
    // under $(m.short_spread) rows per multiprocessor a row takes up to twice the warps (spread_below)
%     spread_warps("    ", m.short_spread)
%     threads, full = "(unsigned)(32 * warps_now)", ("nc == %d * warps_now"):format(32 * m.K)
%   end
%   launch("    ", short_name, "grid, " .. threads .. ", 0, stream", "*p" .. const_args, full)
    return cudaGetLastError();
  }
% end
% -- The launcher: the block's rows and threads, then the grid of the tile's form.
% if m.slice > 0 then
// Grid: one block per slice of a row, as (rows x slices of a batch entry, batch
// entries); blocks are scheduled as others finish, so the last wave is short.
% elseif per_row_grid and m.batch_inner then
// Grid: one block per row group and batch entry, the batch entry innermost;
// blocks are scheduled as others finish, so the last wave is short.
% elseif per_row_grid then
// Grid: one block per row group, as (row groups of a batch entry, batch entries);
// blocks are scheduled as others finish, so the last wave is short.
% else
// Grid: as many blocks as fit on the GPU at once (at most $(m.blocks_per_sm) per
// multiprocessor) or fewer for a small call; the row loop covers the rest.
% end
extern "C" cudaError_t $(launcher_name)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const $(params_type)* p = (const $(params_type)*)params;
  % include("kernel/resident_blocks.cu.tpl")
% if m.inv_channels then
  // 1 / C correctly rounded (an IEEE division), for the mean of a row
  const float $(m.inv_channels) = $(host_dims.channels) > 0 ? 1.0f / (float)$(host_dims.channels) : 0.f;
% end
% if m.bulk > 0 then
  // row r is in batch entry r / L: the kernel divides by a multiply-high
  const fg_udiv rows_div = fg_udiv_make($(host_dims.rows) > 0 ? (uint32_t)$(host_dims.rows) : 1u);
% end
% if m.batch_inner then
  // block i runs batch entry i mod B: the kernel divides by a multiply-high
  const fg_udiv batch_div = fg_udiv_make($(host_dims.batch) > 0 ? (uint32_t)$(host_dims.batch) : 1u);
% end
% for _, g in ipairs(m.groups) do
  // row l is in group l / (L / $(g.sym)): the kernel divides by a multiply-high
  const fg_udiv $(g.var) = fg_udiv_make($(host_dims.rows) > 0 ? (uint32_t)($(host_dims.rows) / p->$(g.sym)) : 1u);
% end
% if m.vec then
  const int64_t nc = ($(host_dims.channels) + $(m.V - 1)) / $(m.V), wr = (nc + $(32 * m.K - 1)) / $(32 * m.K);
% else
  const int64_t wr = $(m.warps);  // a row per block
% end
% if m.slice > 0 then
  // a block per slice: L * slices fits grid.x (2^31 - 1), since each slice
  // but a row's last holds at least 512 bytes: L * slices < 2^31 for any rows under 512 GB
  const int64_t threads = 32 * (wr < $(m.slice) ? wr : $(m.slice)), slices = (nc + $(m.K) * threads - 1) / ($(m.K) * threads);
% elseif m.spread > 0 then
  // a call of few rows (under $(m.spread) per multiprocessor) spreads each row
  // over up to twice the warps, each thread filling half its chunk slots:
  // more threads at work where rows are fewer than multiprocessors can hold
% spread_warps("  ", m.spread)
  const int64_t rpb = 1, threads = 32 * warps_now;  // the warps of one row
% elseif one_row then
  const int64_t rpb = 1, threads = 32 * wr;  // the warps of one row
% elseif m.rows_per_block > 0 then
  // at most $(m.rows_per_block) row(s) per block, and only the warps they need: more,
  // smaller blocks fit (registers scale with the threads), each syncing alone
  const int64_t rpb = $(m.warps) / wr < $(m.rows_per_block) ? $(m.warps) / wr : $(m.rows_per_block);
  const int64_t threads = 32 * wr * rpb;
% else
  const int64_t rpb = $(m.warps) / wr, threads = $(m.threads);
% end
% if m.full then
  const bool full = nc == $(m.spread > 0 and (m.K .. " * threads") or ((32 * m.K) .. " * wr"));  // the row fills every chunk slot of its threads: FULL
% end
% if per_row_grid then
%   local grid_x = m.slice > 0 and (host_dims.rows .. " * slices") or ("(" .. host_dims.rows .. " + rpb - 1) / rpb")
%   if m.batch_inner then
  const dim3 grid((unsigned)($(host_dims.batch) * ($(grid_x))));  // the batch entry innermost
%   else
  const dim3 grid((unsigned)($(grid_x)), (unsigned)($(host_dims.batch) < 65535 ? $(host_dims.batch) : 65535),
          (unsigned)(($(host_dims.batch) + 65534) / 65535));
%   end
%   if m.slice > 0 then
  fg_launch($(kernel_name), grid, (unsigned)threads, 0, stream, pdl, *p, (uint32_t)slices, fg_udiv_make((uint32_t)slices)$(const_args));
%   else
%     if m.short_rows > 0 then short_launch() end
%     launch("  ", kernel_name, "grid, (unsigned)threads, 0, stream", "*p" .. const_args, "full")
%   end
% else
%   if m.short_rows > 0 or m.flat_above > 0 then
  // the second forms' grid: a block per row (the short form, the flat form)
  const dim3 grid((unsigned)$(host_dims.rows), (unsigned)($(host_dims.batch) < 65535 ? $(host_dims.batch) : 65535),
          (unsigned)(($(host_dims.batch) + 65534) / 65535));
%   end
%   if m.short_rows > 0 then short_launch() end
%   if m.flat_above > 0 then
  if ($(host_dims.batch) * $(host_dims.rows) > (int64_t)$(m.flat_above) * sm_count) {  // a long call: the flat form, a block per row
%     launch("    ", flat_name, "grid, (unsigned)threads, 0, stream", "*p" .. const_args, "full")
    return cudaGetLastError();
  }
%   end
%   if m.rows_per_block > 0 then
  int64_t fit = (int64_t)per_sm * $(m.threads) / threads;  // the occupancy asked for full blocks
  if (fit > $(m.blocks_per_sm)) fit = $(m.blocks_per_sm);
%     if m.bulk > 0 then
  % include("kernel/rows_ring.cu.tpl", { part = "launch" })
%     end
  const int64_t cap = (int64_t)sm_count * fit;
%   else
  const int64_t cap = (int64_t)sm_count * per_sm;
%   end
  int64_t blocks = ($(host_dims.batch) * $(host_dims.rows) + rpb - 1) / rpb;
  if (blocks > cap) blocks = cap;
%   launch("  ", kernel_name, "(unsigned)blocks, (unsigned)threads, " .. (m.bulk > 0 and "ring_smem" or "0") .. ", stream", "*p" .. const_args, "full")
% end
  return cudaGetLastError();
}
