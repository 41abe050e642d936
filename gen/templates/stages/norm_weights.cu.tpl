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
% if phase == "block" then
%   local ptrs = arg.weight.ptrs
%   local wtype = arg.weight.ctype
// the norm weights [$(m.D)] of the $(#ptrs) head set(s), in fp32 (tile block_phase)
__shared__ __align__(16) float w_shared[$(#ptrs)][$(m.D)];
for (int e = threadIdx.x; e < $(m.D); e += $(m.threads)) {
%   for i, ptr in ipairs(ptrs) do
  w_shared[$(i - 1)][e] = fg_to_f32(((const $(wtype)*)$(ptr))[e]);
%   end
}
% elseif m.block_phase then
% shared.weights_shared = "w_shared"
// the norm weights: in shared memory since the block's start (w_shared)
% else
% shared.weights_loaded = true
% include("kernel/norm_weights.cu.tpl", { weight = arg.weight })
% end
