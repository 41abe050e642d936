% -- The lean form of a "heads" kernel (tile lean = 1; included by kernel/heads.cu.tpl):
% -- the same stages, on a decomposition with less index math before the first
% -- load. Each lane group takes one (token, block of U neighbouring heads), once;
% -- offsets are 32-bit. The launcher runs it for calls that the item kernel's
% -- grid covers in one pass, when every tensor's offsets fit (p.index32).
% local N = #head_sets
// The lean form: a lane group per (token t, $(m.U == 1 and "head h" or ("block of " .. m.U .. " neighbouring heads"))), one
// pass over the call, 32-bit offsets. A call of a few waves waits on the index
// math before its first load, so that math is short here: two divisions by
// the launcher's divisors, no item loop.
struct $(lean_grid_type) {
  int32_t groups[$(N)];     // lane groups of each head set ($(table.concat(set_names, ", "))): tokens x head blocks
  int32_t nhb[$(N)];        // head blocks per token
  fg_udiv nhb_div[$(N)];    // divides a lane group index by nhb
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__($(m.threads), $(m.min_blocks))
$(lean_kernel_name)(const $(params_type) p, const $(lean_grid_type) g)
{
% include("kernel/kernel_start.cu.tpl")
  const int lane = threadIdx.x & 31;
  const int pos = lane % $(m.L);    // this lane's chunk position within its head
  const int group = lane / $(m.L);  // which of the warp's $(m.G) lane groups
% if m.G * m.L < 32 then
  if (group >= $(m.G)) return;       // lanes $(m.G * m.L)..31 hold no head
% end
% if m.U > 1 then
  const int hg = 1;  // a lane group's heads in flight are neighbours: h, h + 1, ...
% end
  // this lane group's index (unsigned: the grid's last block may reach past 2^31 - 1)
  uint32_t q = (blockIdx.x * $(m.warps) + (threadIdx.x >> 5)) * $(m.G) + group;
% if N > 1 then
  int set = 0;
%   for i = 1, N - 1 do
  if (set == $(i - 1) && q >= (uint32_t)g.groups[$(i - 1)]) { q -= g.groups[$(i - 1)]; set = $(i); }
%   end
  if (q >= (uint32_t)$(pick("g.groups[{k}]"))) return;
% else
  if (q >= (uint32_t)g.groups[0]) return;
% end
% for _, line in ipairs(kernel_prologue) do
  $(line)
% end
  // lane group q -> token t (sequence b, position s) and its first head h
  const int t = (int)fg_udiv_div31(q, $(pick("g.nhb_div[{k}]")));
  const int h = ((int)q - t * $(pick("g.nhb[{k}]"))) * $(m.U);
  const int b = (int)fg_udiv_div31((uint32_t)t, g.s_div), s = t - b * (int)$(dims.tokens);
  const $(act_ctype)* xin = (const $(act_ctype)*)$(pick("p.{input}")) + (b * $(lean_ix(pick("p.{input}_stride[0]"))) + s * $(lean_ix(pick("p.{input}_stride[1]"))));
  const int xin_hs = $(lean_ix(pick("p.{input}_stride[2]")));
  $(act_ctype)* xout = ($(act_ctype)*)$(pick("p.{output}")) + (b * $(lean_ix(pick("p.{output}_stride[0]"))) + s * $(lean_ix(pick("p.{output}_stride[1]"))));
  const int xout_hs = $(lean_ix(pick("p.{output}_stride[2]")));
% if m.stream_hint == "policy" then
  // rows overwritten in place stay in L2 from their load to their store, then
  // go back to the normal priority (tile l2_keep); out of place: evict-first
  % put(l2_policy_decls("xin", "xout"))
% end
  const int H = $(lean_ix(pick("p.{heads}")));
  __builtin_assume(h < H);  // the first head of a lane group's block is always there
% if has_pass then
  const bool copy_pass = !(p.inplace & $(pick("{bit}")));  // out of place: copy [R, D)
% end
% for _, name in ipairs(stages.token) do
  % stage(name, { ix = lean_ix, offset = lean_offset })
% end
% for _, name in ipairs(stages.head) do
  % stage(name, { ix = lean_ix, offset = lean_offset })
% end
}

