%! return {
%!   doc = "the norm weights [D] of the item's head set at this lane's elements, loaded once per item for norm_rms (tile block_phase: once a block, into shared memory)",
%!   mappings = { "heads" }, level = "token",
%!   params = {
%!     { "weight", "tensor", access = "in", per_set = true, doc = "the weight [D] of each head set" },
%!   },
%!   gives = { "weights" },
%!   needs = { "block_phase" },
%!   check = function(c) return c.head_weights("weight", false) end,
%! }
% -- Stage norm_weights (a token stage): the norm weights [D] of the item's head
% -- set at this lane's elements, loaded once per item rather than once per
% -- block of heads (the mapping's walk makes an item many blocks). norm_rms
% -- then uses them (shared.weights_loaded). With the tile block_phase
% -- (m.block_phase) the skeleton renders this stage once more, with phase =
% -- "block", before the item loop: every head set's weights, in fp32, go into
% -- shared memory once a block, and norm_rms reads them there at each head
% -- step (shared.weights_shared), so that no register holds them through the
% -- walk.
% -- With m.block_async the weights are copied as stored, by async copies
% -- (cp.async) that the skeleton waits for, behind its barrier in each warp's
% -- first item: the block's first loads then go out at once, not behind these.
% local row_bytes = m.D * dtypes.info(arg.weight.dtype).size
% local piece = row_bytes % 16 == 0 and 16 or row_bytes % 8 == 0 and 8 or 4
% local raw = m.block_async and row_bytes % 4 == 0
% if phase == "block" then
%   local ptrs = arg.weight.ptrs
%   local wtype = arg.weight.ctype
%   if raw then
// the norm weights [$(m.D)] of the $(#ptrs) head set(s), as stored, by async copies (tile block_phase)
__shared__ __align__(16) $(wtype) w_shared[$(#ptrs)][$(m.D)];
// by the block's first warp, which runs an item (waiting there for its copies)
// where the block has any
if (threadIdx.x < 32 && $(m.block_first_item) < g.nitems) {
  for (int c = threadIdx.x; c < $(#ptrs * row_bytes // piece); c += 32) {  // $(piece)-byte pieces
    const int set = c / $(row_bytes // piece), at = c - set * $(row_bytes // piece);
    const char* src = (const char*)$(pick_list(ptrs));
    fg_async_l1<$(piece)>((char*)w_shared[set] + at * $(piece), src + at * $(piece));
  }
}
%   else
// the norm weights [$(m.D)] of the $(#ptrs) head set(s), in fp32 (tile block_phase)
__shared__ __align__(16) float w_shared[$(#ptrs)][$(m.D)];
for (int e = threadIdx.x; e < $(m.D); e += $(m.threads)) {
%     for i, ptr in ipairs(ptrs) do
  w_shared[$(i - 1)][e] = fg_to_f32(((const $(wtype)*)$(ptr))[e]);
%     end
}
%   end
% elseif m.block_phase then
% shared.weights_shared = "w_shared"
% shared.weights_raw = raw and arg.weight.dtype or nil
// the norm weights: in shared memory since the block's start (w_shared)
% else
% shared.weights_loaded = true
% include("kernel/norm_weights.cu.tpl", { weight = arg.weight })
% end
