%! return {
%!   doc = "the RMS of the token's whole hidden vector (all H heads of the head set), for norm_rms to scale every head by",
%!   mappings = { "heads" }, level = "token",
%!   params = {
%!     { "eps", "scalar", type = "f32", number = true, doc = "added to the mean square under the square root" },
%!   },
%!   gives = { "token_rms" },
%!   needs = { "whole_head", "lane_reduce", "whole_token" },
%! }
% -- Stage rms_across_heads (a token stage): the RMS of the token's whole
% -- hidden vector, all H heads of the item's head set, for norm_rms to scale
% -- every head by. A first pass over the token's heads sums their squares
% -- (plain loads, so that the second pass, the head stages, finds the lines in
% -- cache); token_sum adds the lanes' sums (a warp's, or with the tile
% -- token_block a block's); shared.norm_scale names the result. The mapping
% -- gives this stage a warp or a block per token (m.walk_all).
% local inv = m.dynD and ("(float)(H * " .. dims.head .. ")") or ("(float)(H * %d)"):format(m.D)
% shared.norm_scale = "rs_token"
// RMS over the token's H * D elements: a first pass over its heads
float rs_token;
{
  float ss = 0.0f;
  for ($(m.head_index) h = group; h - group < H; h += hstep) {
    % include("stages/load.cu.tpl", { load_hint = "keep" })
% for u = 0, m.U - 1 do
%   for _, e in ipairs(head_values(u)) do
    ss = fmaf(x$(e[1])[$(u)][$(e[2])][$(e[3])], x$(e[1])[$(u)][$(e[2])][$(e[3])], ss);
%   end
% end
  }
  ss = $(token_sum("ss"));
  rs_token = rsqrtf(ss / $(inv) + $(arg.eps.expr));
}
