%! return {
%!   doc = "the row's values divided by an operand (times its reciprocal, correctly rounded): a per-call scale [1], a per-row value, a scalar",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "by", "operand", doc = "the divisor" },
%!   },
%!   uses = { "values" },
%!   check = function(c) return c.operand("by") end,
%! }
% -- Stage div: v = v * (1 / by), in fp32, the reciprocal correctly rounded
% -- (__frcp_rn): within one unit in the last place of v / by, and no slow
% -- path of an IEEE division in the kernel.
% local by = operand(arg.by, "by")
% if phase == "pointers" then
% put(by.declare())
% elseif phase == "issue" then
% put(by.issue())
% elseif computes(phase) then
{
  % put(by.open())
%   if by.uniform then
  const float rcp = __frcp_rn($(by.value));
%   end
%   for k = 0, m.K - 1 do
%     if by.uniform then
#pragma unroll
  for (int j = 0; j < $(m.V); j++) v[$(k)][j] *= rcp;
%     else
  $(chunk_open(k))  // chunk slot $(k)
%       if by.uses_e then
    $(chunk_first(k))
%       end
    % put(by.fetch(k, "d"))
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] *= __frcp_rn(d[j]);
  }
%     end
%   end
}
% end
