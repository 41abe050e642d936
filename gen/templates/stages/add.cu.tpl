%! return {
%!   doc = "the row's values v replaced by src + gate * v (with a gate) or v + src, in fp32",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "src", "operand", doc = "the addend: the residual stream [B?, L, C], a row per batch, a scalar" },
%!     { "gate", "operand", optional = true, doc = "the factor of v (the gated residual form)" },
%!   },
%!   uses = { "values" },
%!   check = function(c) return c.operand("src") or c.operand("gate") end,
%! }
% -- Stage add: v = src + gate * v, or v + src without a gate. Each operand's
% -- loads have its prefetch level (1 for a row read once): "issue" loads them
% -- raw, "use" (or "all") adds.
% local src = operand(arg.src, "src")
% local gate = arg.gate and operand(arg.gate, "gate")
% local ops = { src, gate or nil }
% if phase == "issue" then
%   for _, o in ipairs(ops) do
% put(o.issue())
%   end
% else
{
%   for _, o in ipairs(ops) do
    % put(o.open())
%   end
%   for k = 0, m.K - 1 do
    $(chunk_open(k))  // chunk slot $(k)
%     if src.uses_e or (gate and gate.uses_e) then
        $(chunk_first(k))
%     end
        % put(src.fetch(k, "a"))
%     if gate then
        % put(gate.fetch(k, "g"))
%     end
#pragma unroll
        for (int j = 0; j < $(m.V); j++) v[$(k)][j] = $(gate and ("fmaf(%s, v[%d][j], %s)"):format(gate.at("g"), k, src.at("a")) or ("v[%d][j] + %s"):format(k, src.at("a")));
    }
%   end
}
% end
