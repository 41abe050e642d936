%! return {
%!   doc = "the row's values v replaced by src + gate * v (with a gate) or v + src, in fp32; the sum optionally written to an output as it is made",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "src", "operand", doc = "the addend: the residual stream [B?, L, C], a row per batch, a scalar" },
%!     { "gate", "operand", optional = true, doc = "the factor of v (the gated residual form)" },
%!     { "to", "tensor", access = "out", optional = true,
%!       doc = "an output the sum is written to, rounded once, chunk by chunk (the new residual stream)" },
%!     { "keep", "choice", values = { "fp32", "rounded" }, default = "fp32",
%!       doc = "rounded: later stages see the sum as `to`'s dtype holds it (the sum rounded to it)" },
%!   },
%!   uses = { "values" },
%!   check = function(c)
%!     if c.bind.keep and c.bind.keep.value == "rounded" and not c.bind.to then return "`to` with keep = \"rounded\"", "keep" end
%!     return c.operand("src") or c.operand("gate") or c.row_tensor("to")
%!   end,
%! }
% -- Stage add: v = src + gate * v, or v + src without a gate; with `to`, each
% -- chunk of the sum is stored rounded as soon as it is made (and with keep
% -- rounded, v becomes the stored value). Each operand's loads have its
% -- prefetch level (1 for a row read once): "issue" loads them raw, "use" (or
% -- "all") adds.
% local src = operand(arg.src, "src")
% local gate = arg.gate and operand(arg.gate, "gate")
% local ops = { src, gate or nil }
% local to = arg.to
% if phase == "pointers" then
%   for _, o in ipairs(ops) do
% put(o.declare())
%   end
% elseif phase == "issue" then
%   for _, o in ipairs(ops) do
% put(o.issue())
%   end
% elseif computes(phase) then
{
%   for _, o in ipairs(ops) do
  % put(o.open())
%   end
%   if to then
  $(to.ctype)* to_row = $(row_of(to));
%   end
%   for k = 0, m.K - 1 do
  $(chunk_open(k))  // chunk slot $(k)
%     if to or src.uses_e or (gate and gate.uses_e) then
    $(chunk_first(k))
%     end
    % put(src.fetch(k, "a"))
%     if gate then
    % put(gate.fetch(k, "g"))
%     end
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] = $(gate and ("fmaf(%s, v[%d][j], %s)"):format(gate.at("g"), k, src.at("a")) or ("v[%d][j] + %s"):format(k, src.at("a")));
%     if to then
    % put(store(("v[%d]"):format(k), "to_row + e", to.dtype, to))
%       if arg.keep == "rounded" then
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] = fg_round_to<$(to.ctype)>(v[$(k)][j]);
%       end
%     end
  }
%   end
}
% end
