%! return {
%!   doc = "the row's values multiplied by an operand: a weight [C], the second half of the row, a per-row or per-call value, a scalar",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "by", "operand", offset = true, doc = "the factor" },
%!   },
%!   uses = { "values" },
%!   check = function(c) return c.operand("by") end,
%! }
% -- Stage mul: v = v * by, in fp32.
% local by = operand(arg.by, "by")
% if phase == "pointers" then
% put(by.declare())
% elseif phase == "issue" then
% put(by.issue())
% elseif computes(phase) then
{
  % put(by.open())
%   for k = 0, m.K - 1 do
%     if by.uniform then
#pragma unroll
  for (int j = 0; j < $(m.V); j++) v[$(k)][j] *= $(by.value);
%     else
  $(chunk_open(k))  // chunk slot $(k)
%       if by.uses_e then
    $(chunk_first(k))
%       end
    % put(by.fetch(k, "f"))
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] *= f[j];
  }
%     end
%   end
}
% end
