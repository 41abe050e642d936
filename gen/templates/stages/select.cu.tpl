%! return {
%!   doc = "rows picked per token by an index: for each name, branch 1's row where index[b, l] != 0, else branch 0's (only the chosen branch is read)",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "by", "tensor", access = "in", doc = "the index [B, L], integer, read one element per row: nonzero picks branch 1" },
%!     { "rows", "branches", doc = "name = { branch 0, branch 1 }: tensors [B|1, C] of one dtype" },
%!   },
%!   gives = function(bind)
%!     local names = {}
%!     for name in pairs(bind.rows.rows) do names[#names + 1] = name end
%!     table.sort(names)
%!     return names
%!   end,
%!   needs = { "pointers" },
%!   check = function(c) return c.row_tensor("by", true) or c.branch_rows("rows") end,
%! }
% -- Stage select: the row's modulation (or any [B|1, C] rows) comes from one of
% -- two branches, picked by index[b, l] (nonzero: branch 1). Only the chosen
% -- branch is read: the stage declares a row pointer per name for the later
% -- stages (shared.rows; prefetch level 2).
% -- Phases: it runs in "pointers", before every other stage's loads.
% if phase == "pointers" then
% local names = {}
% for name in pairs(arg.rows.rows) do names[#names + 1] = name end
% table.sort(names)
% shared.rows = shared.rows or {}
% for _, name in ipairs(names) do
%   local b0 = arg.rows.rows[name][1]
%   shared.rows[name] = { ptr = name .. "_row", dtype = b0.dtype, ctype = b0.ctype, level = 2 }
%   hold_row(name .. "_row")
const $(b0.ctype)* $(name)_row;
% end
{
  const bool one = live && *($(row_of(arg.by, nil, true))) != 0;
%   -- the chosen branch's row b of a [B|1, C] tensor pair, in the form of the path
%   local select_form = "(const %s*)(one ? %s : %s) + b * (one ? %s : %s)"
%   local branch_form = "one ? (const %s*)%s + b * %s : (const %s*)%s + b * %s"
%   local function chosen(t0, t1)
%     if m.vec then return select_form:format(t0.ctype, t1.ptr, t0.ptr, t1.stride(0), t0.stride(0)) end
%     do return branch_form:format(t1.ctype, t1.ptr, t1.stride(0), t0.ctype, t0.ptr, t0.stride(0)) end
%   end
%   if m.vec then
  // operand selects rather than a branch on the index: nothing waits for its
  // load until the first access through these pointers
%   else
  // the element path: the branch costs fewer registers than the selects
%   end
% for _, name in ipairs(names) do
  $(name)_row = $(chosen(arg.rows.rows[name][1], arg.rows.rows[name][2]));
% end
}
% end
