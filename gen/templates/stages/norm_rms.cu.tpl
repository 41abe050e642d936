% -- Stage norm_rms: RMSNorm of each head in flight,
% -- y = x * (rsqrt(mean(x^2) + eps) * w), over the head's D elements, w the
% -- head set's weight [D] (role `weight` of kernel.head_sets); or, after the
% -- token stage rms_across_heads, over all H * D elements of the token, w [H * D].
% -- The weights [D] come from the token stage norm_weights where the spec lists it.
% -- The mapping gives this stage the whole head in fp32 (xa, xb, xp) and an
% -- aligned power-of-two group of m.L lanes per head, so the sum over a head
% -- is log2(L) xor shuffles. Scalars: eps, and norm_rounding (fp32: y stays
% -- fp32; act: y is rounded to the activation dtype before the rotation, as a
% -- separate norm kernel would store it).
% local wtype = tensors[head_sets[1].weight].ctype
% local wdtype = tensors[head_sets[1].weight].dtype
% local across = shared.norm_scale  -- set by rms_across_heads: the token's rsqrt
% local act_index
% for i, name in ipairs(spec.enums.norm_rounding or {}) do if name == "act" then act_index = i - 1 end end
% if not spec.scalar_by_name.eps or not act_index then error("stage norm_rms needs scalars eps (f32) and norm_rounding (an enum with a value act)") end
% local lanes_mask = m.L == 32 and "0xffffffffu" or ("(0x%xu << (group * %d))"):format((1 << m.L) - 1, m.L)
% local inv_d = m.dynD and "(1.0f / (float)p.D)" or ("(1.0f / %d)"):format(m.D)
% local function xname(e, u) return ("x%s[%d][%d][%d]"):format(e[1], u, e[2], e[3]) end
% local function wname(e) return ("w%s[%d][%d]"):format(e[1], e[2], e[3]) end
// RMSNorm $(across and "over the token's heads (rs from above)" or "over each head"): y = x * (rsqrt(mean(x^2) + eps) * w)
const bool round_y = p.norm_rounding == $(act_index);  // norm_rounding act
% if not across and not shared.weights_loaded then
% include("kernel/norm_weights.cu.tpl", {})  -- one weight row [D] for every head of the item
% end
% for u = 0, m.U - 1 do
%   local head = u == 0 and "h" or ("h + %d * hg"):format(u)
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
    const float rs = rsqrtf(ss * $(inv_d) + p.eps);
%   end
%   if across then
    % include("kernel/norm_weights.cu.tpl", { weight_head = head })
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
