% -- Kernel skeleton of the "heads" thread mapping (gen/lua/fusegen/mapping_heads.lua):
% -- loops over tokens and heads; the spec's stages fill in the work.
// $(v.base)
//   $(describe)
//   mapping: $(m.L) lanes per head, $(m.G) heads per warp, $(m.NV) rotate chunk(s) of $(m.C) per lane,
//            $(m.U) head(s) in flight per lane, $(m.warps) warps per block$(m.token_block and ", a block per item" or "")$(m.ahead > 0 and (",\n//            loads " .. m.ahead .. " head step(s) ahead into shared memory") or "")$(m.block_phase and (",\n//            per-set data in shared memory from the block's start") or "")
% local N = #head_sets
% local grid_type = "FG_ARCH_NAME(fg_" .. v.base .. "_grid)"
struct $(grid_type) {
  fg_heads_set set[$(N)];  // $(table.concat(set_names, ", "))
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
% if m.walk_runs and N > 1 then
  int run;              // heads per run (a set's last run may be shorter)
  int runs;             // runs per token, of all sets
  fg_udiv runs_div;     // divides an item index by runs
% end
% if m.tail then
  int64_t head_items;   // items before the tail (tile tail_walk)
  int64_t tail_tok;     // the tail's first token
  int tail_runs;        // runs of $(m.tail * m.G * m.U) heads per tail token, of all sets
%   if N > 1 then
  int tail_nhb[$(N)];      // of each set
%   end
  fg_udiv tail_runs_div;  // divides a tail item index by tail_runs
% end
};

__global__ void __launch_bounds__($(m.threads), $(m.min_blocks))
$(kernel_name)(const $(params_type) p, const $(grid_type) g)
{
% include("kernel/kernel_start.cu.tpl")
  const int lane = threadIdx.x & 31;
  const int pos = lane % $(m.L);    // this lane's chunk position within its head
% if m.token_block then
  const int group = (threadIdx.x >> 5) * $(m.G) + lane / $(m.L);  // which of the block's $(m.G * m.warps) heads
% else
  const int group = lane / $(m.L);  // which of the warp's $(m.G) heads
% end
% if m.block_phase then
  // once a block, before its items: what the token stages hold for a whole head set
%   for _, inst in ipairs(block_stages) do
  % stage(inst, { phase = "block" })
%   end
%   if m.block_async then
  fg_async_commit();
  // their barrier: in each warp's first item, after its first loads (below)
%   else
  __syncthreads();
%   end
% end
% if m.G * m.L < 32 then
  if (group >= $(m.G)) return;       // lanes $(m.G * m.L)..31 hold no head
% end
% if not m.block_async then  -- (the async block phase's walk needs no token bound: below)
  const int64_t ntok = $(dims.batch) * $(dims.tokens);
% end
% if m.ahead > 0 then
  $(ahead_decl)
% end
% if m.walk then
%   -- the lane groups that share an item: the warp's, or the block's (token_block)
%   local groups, owner = m.token_block and m.G * m.warps or m.G, m.token_block and "block" or "warp"
%   if m.token_block then
  // Work items: (token, head set): a block takes all of the token's heads,
  // $(groups * m.U) at a time (lane group g takes heads g, g + $(groups), ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
%   else
%     local run = m.walk_runs and N > 1 and "a run of the heads (the launcher's length: the fewest heads of a set)" or m.walk_all and "all of its heads" or ("up to " .. m.walk * m.G * m.U .. " heads")
  // Work items: (token, run of heads): a warp walks over $(run) of one token,
  // $(m.G * m.U) at a time (lane group g takes heads g, g + $(m.G), ...)
%   end
%   if m.U > 1 then
  const int hg = $(groups);  // the lane groups of the $(owner), each heads g, g + hg, ...
%   end
  const int tpw = 1, tsub = 0, hstep = $(groups * m.U);
%   if m.token_block then
  __shared__ float red[2][$(m.warps)];
  int rbuf = 0;
%   end
% else
  // Work items: (token, block of heads), $(m.U) head(s) in flight per lane group
%   if N == 1 then
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * $(m.U);  // heads per item
%   end
% end
% if N > 1 and not m.walk_all then
  // $(N) head sets ($(table.concat(set_names, ", "))), each with its own items, one set after the other
%   for i = 1, N - 1 do
  const int64_t nit$(i) = g.set[$(i - 1)].nit;  // items of $(head_sets[i].input)
%   end
% end
  const int64_t nitems = g.nitems;
% for _, line in ipairs(kernel_prologue) do
  $(line)
% end
% local first_item = m.token_block and m.block_first_item or "warp"  -- this warp's first item
% if not m.token_block then
  const int64_t warp = (int64_t)blockIdx.x * $(m.warps) + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * $(m.warps);
% end
% if m.block_async then
  if ($(first_item) >= nitems) {  // a warp without items (and so without copies) meets the block's barrier
    __syncthreads();
    return;
  }
% end
% if m.token_block then
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
% else
  for (int64_t it = warp; it < nitems; it += nwarps) {
% end
% local tail_run = m.tail and m.tail * m.G * m.U
% if m.tail then
    // the items before g.head_items take $(m.walk_runs and N > 1 and "runs of g.run heads" or "whole tokens"); past them, the
    // tail's runs of $(tail_run) heads (tile tail_walk), which the multiprocessors that
    // finish first take, a token's runs neighbours
    const bool in_tail = it >= g.head_items;
    int64_t j;
    int run = 0$(N > 1 and ", set = 0" or "");
    if (!in_tail) {
%   if N == 1 then
      j = it;
%   elseif m.walk_runs then
      j = fg_udiv_div((uint32_t)it, g.runs_div);
      run = (int)(it - j * g.runs);
      % put(set_of_run("g.set[%d].nhb"))
%   else
      set = (int)(it % $(N));
      j = it / $(N);
%   end
    } else {
      const int64_t r = it - g.head_items;
      const int64_t k = fg_udiv_div((uint32_t)r, g.tail_runs_div);
      j = g.tail_tok + k;
      run = (int)(r - k * g.tail_runs);
      % put(set_of_run("g.tail_nhb[%d]"))
    }
% elseif N == 1 then
    const int64_t j = it;
% elseif m.walk_runs then
    // a token's runs of the $(N) head sets are neighbours, so that what they
    // share per token (the table rows) is read from DRAM once
    const int64_t j = fg_udiv_div((uint32_t)it, g.runs_div);
    int run = (int)(it - j * g.runs), set = 0;
    % put(set_of_run("g.set[%d].nhb"))
% elseif m.walk_all then
    // a token's items of the $(N) head sets are neighbours (set = it % $(N)), so that
    // what they share per token (the table rows) is read from DRAM once, not $(N) times
    const int set = (int)(it % $(N));
    const int64_t j = it / $(N);
% else
    // which head set the item belongs to, and its place there
    int set = 0;
    int64_t j = it;
%   for i = 1, N - 1 do
    if (set == $(i - 1) && j >= nit$(i)) { j -= nit$(i); set = $(i); }
%   end
%   if not m.walk then
    const int hg = $(pick("g.set[{k}].hg")), tpw = $(pick("g.set[{k}].tpw"));
    const int tsub = fg_udiv_div(group, $(pick("g.set[{k}].hg_div")));
    if (tsub >= tpw) continue;
    const int hstep = hg * $(m.U);
%   end
% end
% if m.walk_all then
    const int64_t tb = j;  // one item per token
% else
    const int nhb = $(pick("g.set[{k}].nhb"));  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, $(pick("g.set[{k}].nhb_div")));
% end
    const int64_t t = tb * tpw + tsub;
% if m.block_async then
    // (no test of t: a walk's items end at the last token, so every warp's first item reaches the barrier below)
% else
    if (t >= ntok) continue;
% end
% if not m.walk then
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
% end
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * $(dims.tokens);
    const $(act_ctype)* xin = (const $(act_ctype)*)$(pick("p.{input}")) + b * $(pick("p.{input}_stride[0]")) + s * $(pick("p.{input}_stride[1]"));
    const int64_t xin_hs = $(pick("p.{input}_stride[2]"));
    $(act_ctype)* xout = ($(act_ctype)*)$(pick("p.{output}")) + b * $(pick("p.{output}_stride[0]")) + s * $(pick("p.{output}_stride[1]"));
    const int64_t xout_hs = $(pick("p.{output}_stride[2]"));
% if m.stream_hint == "policy" then
    // rows overwritten in place stay in L2 from their load to their store, then
    // go back to the normal priority (tile l2_keep); out of place: evict-first
    % put(l2_policy_decls("xin", "xout"))
% end
    const int64_t H = $(pick("p.{heads}"));
% if has_pass then
    const bool copy_pass = !(p.inplace & $(pick("{bit}")));  // out of place: copy [R, D)
% end
% -- a walk's heads: the run's bounds (where it is not the whole token), its
% -- first head and where it stops
% local run_decl, first, stop, what = nil, "h0 + group", "hend", "the run's heads"
% if m.tail then
%   local whole = m.walk_runs and N > 1 and "g.run" or "H"
%   run_decl = ("const int64_t hrun = in_tail ? %d : %s, h0 = (int64_t)run * hrun, hend = H < h0 + hrun ? H : h0 + hrun;"):format(tail_run, whole)
%   what = "the item's heads"
% elseif m.walk_runs and N > 1 then
%   run_decl = "const int64_t h0 = (int64_t)run * g.run, hend = H < h0 + g.run ? H : h0 + g.run;"
% elseif m.walk_all then
%   first, stop, what = "group", "H", "the token's heads"
% elseif m.walk then
%   local n = m.walk * m.G * m.U
%   run_decl = ("const int64_t h0 = (j - tb * nhb) * %d, hend = H < h0 + %d ? H : h0 + %d;"):format(n, n, n)
% end
% -- tile ahead: the head n steps after `base`, and the loop's test that it
% -- takes the step n after the one of `base` (none where it walks to H: the
% -- head's own test covers it)
% local function step(base, n) return n == 0 and base or n == 1 and (base .. " + hstep") or ("%s + %d * hstep"):format(base, n) end
% local function takes(base, n) return stop ~= "H" and ("%s < %s"):format(step(base, n), stop) or nil end
% if m.ahead > 0 then
%   if run_decl then
    $(run_decl)
%   end
    // tile ahead: each lane's chunks of the walk's first $(m.ahead == 1 and "step" or (m.ahead .. " steps")) on their way to
    // shared memory, before the token stages' loads
%   for j = 0, m.ahead - 1 do
    % put(ahead_issue(step(first, j), takes("h0", j), tostring(j)))
%   end
    int ast = 0;  // the stage of places this step reads
% end
% for _, name in ipairs(stages.token) do
    % stage(name)
% end
% if m.block_async then
    if (it == $(first_item)) {  // the warp's first item: the block phase's copies have landed, for every thread of the block
      fg_async_wait<$(m.ahead)>();
      __syncthreads();
    }
% end
% if m.walk and m.ahead == 0 and run_decl then
    $(run_decl)
% end
% if m.walk then
    for ($(m.head_index) h = $(first); h - group < $(stop); h += hstep) {  // $(what), hstep at a time
%   if m.ahead > 0 then
      // the chunks of the step $(m.ahead == 1 and "after this one" or (m.ahead .. " on")), into the stage the step before read
      % put(ahead_issue(step("h", m.ahead), takes("h - group", m.ahead), m.ahead == 1 and "ast ^ 1" or ("(ast == 0 ? %d : ast - 1)"):format(m.ahead)))
      fg_async_wait<$(m.ahead)>();  // this step's chunks have landed (only the newer groups may be in flight)
%   end
%   for _, name in ipairs(stages.head) do
      % stage(name)
%   end
%   if m.ahead == 1 then
      ast ^= 1;
%   elseif m.ahead > 1 then
      ast = ast == $(m.ahead) ? 0 : ast + 1;
%   end
    }
% else
%   for _, name in ipairs(stages.head) do
    % stage(name)
%   end
% end
  }
}

% if m.lean then
%   include("kernel/heads_lean.cu.tpl")
% end
% if m.blocks_per_sm == 0 then
// Grid: flat, every item's block at once
% else
%   if m.flat_waves > 0 then
// Grid: persistent (at most $(m.blocks_per_sm) blocks per multiprocessor) for calls of up to
// $(m.flat_waves) such grids of items, flat (every item's block) past that
%   else
// Grid: persistent, at most $(m.blocks_per_sm) blocks per multiprocessor
%   end
% end
extern "C" cudaError_t $(launcher_name)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const $(params_type)* p = (const $(params_type)*)params;
  % include("kernel/resident_blocks.cu.tpl")
  $(grid_type) g;
  int64_t items = 0;
% if m.walk_runs and N > 1 then
  // runs of the fewest heads of a set, in whole steps of $(m.G * m.U) heads
  int64_t fewest = p->$(head_sets[1].heads);
%   for i = 2, N do
  if (p->$(head_sets[i].heads) < fewest) fewest = p->$(head_sets[i].heads);
%   end
  g.run = (int)((fewest + $(m.G * m.U - 1)) / $(m.G * m.U) * $(m.G * m.U));
  g.runs = 0;
% end
% for i, hs in ipairs(head_sets) do
  {  // the work items of $(hs.input)
    fg_heads_set& set = g.set[$(i - 1)];
%   if m.walk then
    set.hg = $(m.G);
    set.tpw = 1;
%     if m.walk_runs and N > 1 then
    set.nhb = (int)((p->$(hs.heads) + g.run - 1) / g.run);  // runs per token
    g.runs += set.nhb;
%     elseif m.walk_all then
    set.nhb = 1;  // a run per token
%     else
    set.nhb = (int)((p->$(hs.heads) + $(m.walk * m.G * m.U - 1)) / $(m.walk * m.G * m.U));  // runs per token
%     end
%   else
    set.hg = p->$(hs.heads) < $(m.G) ? (int)p->$(hs.heads) : $(m.G);  // lane groups per token
    set.tpw = $(m.G) / set.hg;  // tokens per warp item
    set.nhb = (int)((p->$(hs.heads) + set.hg * $(m.U) - 1) / (set.hg * $(m.U)));  // head blocks per token
%   end
    set.nit = ($(host_dims.batch) * $(host_dims.tokens) + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
% end
% if m.tail then
  {  // tile tail_walk: the last wave's worth of tokens (a token item per warp that fits) in runs
    const int64_t ntok = $(host_dims.batch) * $(host_dims.tokens);
    int64_t tail = ((int64_t)sm_count * per_sm * $(m.warps) + $(N - 1)) / $(N);
    if (tail > ntok) tail = ntok;
%   if m.tail_above > 0 then
    // tile tail_above: tokens of at most $(m.tail_above) head steps ($(m.tail_above * m.G * m.U) heads) stay whole to the end
    int64_t most = p->$(head_sets[1].heads);
%     for i = 2, N do
    if (p->$(head_sets[i].heads) > most) most = p->$(head_sets[i].heads);
%     end
    if (most <= $(m.tail_above * m.G * m.U)) tail = 0;
%   end
    g.tail_tok = ntok - tail;
    g.tail_runs = 0;
%   for i, hs in ipairs(head_sets) do
    const int nhb$(i - 1) = (int)((p->$(hs.heads) + $(tail_run - 1)) / $(tail_run));  // runs of $(hs.input)
%     if N > 1 then
    g.tail_nhb[$(i - 1)] = nhb$(i - 1);
%     end
    g.tail_runs += nhb$(i - 1);
%   end
    g.tail_runs_div = fg_udiv_make((uint32_t)g.tail_runs);
%   if m.walk_runs and N > 1 then
    g.head_items = g.tail_tok * g.runs;
%   else
    g.head_items = g.tail_tok * $(N);
%   end
    items = g.head_items + tail * g.tail_runs;
  }
% end
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)$(host_dims.tokens));
% if m.walk_runs and N > 1 then
  g.runs_div = fg_udiv_make((uint32_t)g.runs);
% end
% if m.token_block then
  int64_t blocks = items;  // a block per item
% else
  int64_t blocks = (items + $(m.warps) - 1) / $(m.warps);
% end
% if m.blocks_per_sm > 0 then
  const int64_t cap = (int64_t)sm_count * per_sm;
% end
% if m.lean then
%   local one_pass = m.blocks_per_sm == 0 and "true" or m.flat_waves > 0 and ("blocks <= cap || blocks > cap * " .. m.flat_waves) or "blocks <= cap"
  // the lean form where this grid would pass over every item once, if every
  // offset fits in 32 bits
  if (p->index32 && ($(one_pass))) {
    $(lean_grid_type) lg;
    int64_t groups = 0;
%   for i, hs in ipairs(head_sets) do
    lg.nhb[$(i - 1)] = (int)((p->$(hs.heads) + $(m.U - 1)) / $(m.U));  // blocks of $(m.U) heads per token ($(hs.input))
    lg.nhb_div[$(i - 1)] = fg_udiv_make((uint32_t)lg.nhb[$(i - 1)]);
    lg.groups[$(i - 1)] = (int32_t)($(host_dims.batch) * $(host_dims.tokens) * lg.nhb[$(i - 1)]);  // below 2^31: B * S * heads is
    groups += lg.groups[$(i - 1)];
%   end
    lg.s_div = fg_udiv_make((uint32_t)$(host_dims.tokens));
    const int64_t lean_blocks = (groups + $(m.G * m.warps - 1)) / $(m.G * m.warps);
    fg_launch($(lean_kernel_name), (unsigned)lean_blocks, $(m.threads), 0, stream, pdl, *p, lg);
    return cudaGetLastError();
  }
% end
% if m.blocks_per_sm == 0 then
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
% else
%   if m.flat_waves > 0 then
  if (blocks > cap * $(m.flat_waves)) {
    if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  } else if (blocks > cap) {
    blocks = cap;
  }
%   else
  if (blocks > cap) blocks = cap;
%   end
% end
  fg_launch($(kernel_name), (unsigned)blocks, $(m.threads), 0, stream, pdl, *p, g);
  return cudaGetLastError();
}
