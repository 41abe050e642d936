%! return {
%!   doc = "each pair of the rotate region [0, R) turned by its angle, in fp32 (interleaved or half pairs)",
%!   mappings = { "heads" }, level = "head",
%!   params = {
%!     { "pairing", "choice", values = { "interleaved", "half" }, doc = "which elements pair: (2i, 2i+1) or (i, i + R/2)" },
%!     { "dims", "symbol", doc = "the rotary dims R (the tables' rows hold R/2 angles); [R, D) pass through" },
%!     { "rounding", "choice", values = { "fp32", "eager_bf16" }, default = "fp32",
%!       doc = "eager_bf16: a*cos rounded to bf16 first, as eager PyTorch computes it" },
%!   },
%!   uses = { "angles", "values" },
%!   needs = { pairs = { pairing = "pairing", dims = "dims" } },
%!   vec_requires = { "$dims % (2 * VEC) == 0" },
%!   check = function(c) return c.angles_span() end,
%! }
% -- Stage rotate: rotate each pair by its angle, in fp32.
% --   interleaved: pair (2i, 2i+1) within a chunk, angle i
% --   half:        pair (i, i + R/2): xa holds i, xb holds i + R/2, angle i
% -- The table stage before it says where the angles are (shared.cos_of/sin_of).
% -- rounding eager_bf16: a*cos is rounded to bf16 first, as eager PyTorch does.
% -- Merged slots (m.merged) hold the whole head: only the chunks below R rotate.
% local fn = (arg.rounding == "eager_bf16") and "fg_rotate_eager_bf16" or "fg_rotate"
// rotate ($(arg.pairing) pairs): a' = a*cos - b*sin, b' = b*cos + a*sin$(fn ~= "fg_rotate" and "  (a*cos, b*cos rounded to bf16 first)" or "")
% for u = 0, m.U - 1 do
%   for k = 0, m.NV - 1 do
%     local open = cg.open_if(rotate_guard(k))
%     if open then
%       if m.merged then
$(open)  // chunk slot $(k), where it lies below R
%       end
%       for j = 0, m.angles - 1 do
%         local a = m.half and ("xa[%d][%d][%d]"):format(u, k, j) or ("xa[%d][%d][%d]"):format(u, k, 2 * j)
%         local b = m.half and ("xb[%d][%d][%d]"):format(u, k, j) or ("xa[%d][%d][%d]"):format(u, k, 2 * j + 1)
$(m.merged and "    " or "")$(fn)($(a), $(b), $(shared.cos_of(u, k, j)), $(shared.sin_of(u, k, j)));
%       end
%       if m.merged then
}
%       end
%     end
%   end
% end
