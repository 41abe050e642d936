%! return {
%!   doc = "every value of the row (rows) or of the head, rotated dims and the rest (heads), multiplied by a run-time scalar",
%!   mappings = { "rows", "heads" }, level = { rows = "row", heads = "head" },
%!   params = {
%!     { "by", "scalar", type = "f32", number = true, doc = "the factor" },
%!   },
%!   uses = { "values" },
%!   needs = { "whole_head" },
%! }
% -- Stage scale: v *= by for every value the thread holds (the heads mapping
% -- gives the stage the whole head, [R, D) too).
% if computes(phase) then
// times $(arg.by.expr)
% put(each_value(function(x) return x .. " *= " .. arg.by.expr .. ";" end))
% end
