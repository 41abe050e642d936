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
% if m.sum_steps > 1 then
%   -- tile sum_steps: the pass loads m.sum_steps head steps' chunks raw, each
%   -- head as whole chunks (the lane's slots pos, pos + L, ...), and sums
%   -- them once every load has gone out: unpacked at each load, a step's sums
%   -- would wait for its loads before the next step's loads could go
%   local S, nch = m.sum_steps, m.D // m.C
%   local slots = (nch + m.L - 1) // m.L
// RMS over the token's H * D elements: a first pass over its heads, $(S) head
// steps' loads in flight (tile sum_steps)
float rs_token;
{
  float ss = 0.0f;
  for ($(m.head_index) h = group; h - group < H; h += $(S) * hstep) {
    uint4 raw[$(S * m.U)][$(slots)] = {};  // each head's chunks, raw
%   for st = 0, S - 1 do
%     for u = 0, m.U - 1 do
%       local head = head_of(u, st)
    if ($(head) < H) {  // head $(head)
      const $(act_ctype)* px = xin + ($(head)) * xin_hs;
%       for k = 0, slots - 1 do
%         local load = ("raw[%d][%d] = fg_ld16_keep(px + (pos + %d) * %d);"):format(st * m.U + u, k, k * m.L, m.C)
%         if (k + 1) * m.L <= nch then
      $(load)
%         else
      if (pos + $(k * m.L) < $(nch)) $(load)
%         end
%       end
    }
%     end
%   end
    #pragma unroll
    for (int i = 0; i < $(S * m.U); i++) {
      #pragma unroll
      for (int k = 0; k < $(slots); k++) {
        float f[$(m.C)];
        fg_unpack_$(act_dtype)x$(m.C)(raw[i][k], f);
        #pragma unroll
        for (int j = 0; j < $(m.C); j++) ss = fmaf(f[j], f[j], ss);
      }
    }
  }
% else
// RMS over the token's H * D elements: a first pass over its heads
float rs_token;
{
  float ss = 0.0f;
  for ($(m.head_index) h = group; h - group < H; h += hstep) {
    % include("stages/load.cu.tpl", { load_hint = "keep" })
%   for u = 0, m.U - 1 do
%     for _, e in ipairs(head_values(u)) do
    ss = fmaf(x$(e[1])[$(u)][$(e[2])][$(e[3])], x$(e[1])[$(u)][$(e[2])][$(e[3])], ss);
%     end
%   end
  }
% end
  ss = $(token_sum("ss"));
  rs_token = rsqrtf(ss / $(inv) + $(arg.eps.expr));
}
