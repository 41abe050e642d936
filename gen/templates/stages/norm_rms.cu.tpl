%! return {
%!   doc = "RMSNorm of each head in flight, y = x * (rsqrt(mean(x^2) + eps) * w), over the head (or the token, after rms_across_heads)",
%!   mappings = { "heads" }, level = "head",
%!   params = {
%!     { "weight", "tensor", access = "in", per_set = true,
%!       doc = "the weight of each head set: [D], or [H * D] after rms_across_heads" },
%!     { "eps", "scalar", type = "f32", number = true, doc = "added to mean(x^2) under the square root" },
%!     { "rounding", "choice", values = { "fp32", "act" }, default = "fp32", runtime = true,
%!       doc = "act: y rounded to the activation dtype before later stages, as a separate norm kernel would store it" },
%!   },
%!   uses = { "values" },
%!   needs = { "whole_head", "lane_reduce" },
%!   check = function(c) return c.head_weights("weight", c.giver("token_rms") ~= nil) or c.same_weights("weight") end,
%! }
% -- Stage norm_rms: RMSNorm of each head in flight,
% -- y = x * (rsqrt(mean(x^2) + eps) * w), over the head's D elements, w the
% -- head set's weight [D] (role `weight` of kernel.head_sets); or, after the
% -- token stage rms_across_heads, over all H * D elements of the token, w [H * D].
% -- The weights [D] come from the token stage norm_weights where the spec lists it
% -- (in registers; or, with the tile block_phase, read here from its shared memory).
% -- The mapping gives this stage the whole head in fp32 (xa, xb, xp) and an
% -- aligned power-of-two group of m.L lanes per head, so the sum over a head
% -- is log2(L) xor shuffles. Scalars: eps, and norm_rounding (fp32: y stays
% -- fp32; act: y is rounded to the activation dtype before the rotation, as a
% -- separate norm kernel would store it).
% local across = shared.norm_scale  -- set by rms_across_heads: the token's rsqrt
% local round_act = type(arg.rounding) == "table" and arg.rounding.is("act") or (arg.rounding == "act" and "true" or "false")
% local lanes_mask = m.L == 32 and "0xffffffffu" or ("(0x%xu << (group * %d))"):format((1 << m.L) - 1, m.L)
% local inv_d = m.dynD and ("(1.0f / (float)" .. dims.head .. ")") or ("(1.0f / %d)"):format(m.D)
% local function xname(e, u) return ("x%s[%d][%d][%d]"):format(e[1], u, e[2], e[3]) end
% local function wname(e) return ("w%s[%d][%d]"):format(e[1], e[2], e[3]) end
// RMSNorm $(across and "over the token's heads (rs from above)" or "over each head"): y = x * (rsqrt(mean(x^2) + eps) * w)
const bool round_y = $(round_act);  // rounding act
% -- the weights: loaded by norm_weights (registers); or read here, once for
% -- every head in flight from global memory, or per head after its sum from
% -- shared memory (tile block_phase), so that they are live only where used
% local in_shared = not across and shared.weights_shared
% if not across and not shared.weights_loaded and not in_shared then
% include("kernel/norm_weights.cu.tpl", { weight = arg.weight })  -- one weight row [D] for every head of the item
% end
% for u = 0, m.U - 1 do
%   local head = head_of(u)
if ($(head) < H) {  // head $(head): every lane of its group takes this branch
%   if not across then
  float ss = 0.0f;
%     for _, e in ipairs(head_values(u)) do
  ss = fmaf($(xname(e, u)), $(xname(e, u)), ss);
%     end
%     local off = m.L // 2
%     while off >= 1 do
  ss += __shfl_xor_sync($(lanes_mask), ss, $(off));
%       off = off // 2
%     end
  const float rs = rsqrtf(ss * $(inv_d) + $(arg.eps.expr));
%   end
%   if across then
  % include("kernel/norm_weights.cu.tpl", { weight_head = head, weight = arg.weight })
%   elseif in_shared then
  % include("kernel/norm_weights.cu.tpl", { weight = arg.weight, shared_row = in_shared, shared_raw = shared.weights_raw })
%   end
%   for _, e in ipairs(head_values(u)) do
  $(xname(e, u)) = $(xname(e, u)) * ($(across or "rs") * $(wname(e)));
%   end
  if (round_y) {
%   for _, e in ipairs(head_values(u)) do
    $(xname(e, u)) = fg_round_to<$(act_ctype)>($(xname(e, u)));
%   end
  }
}
% end
