%! return {
%!   doc = "the row's values modulated: v * (offset + scale) + shift (offset 1, or 0 for plain scale)",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "scale", "operand", level = 2, doc = "the scale: a row per batch [B|1, C], per token, per group of rows, a row a stage gives, a scalar" },
%!     { "shift", "operand", level = 2, doc = "the shift, as scale" },
%!     { "offset", "scalar", type = "f32", number = true, doc = "k in v * (k + scale) + shift: 1, or 0 for plain scale" },
%!   },
%!   uses = { "values" },
%!   check = function(c) return c.operand("scale") or c.operand("shift") end,
%! }
% -- Stage modulate: v = v * (offset + scale) + shift. Its operands load at
% -- prefetch level 2 (rows read by many rows): "issue" loads their chunks raw,
% -- "use" applies them; "all" loads each chunk where it applies it.
% local sc = operand(arg.scale, "scale")
% local sh = operand(arg.shift, "shift")
% local k0 = arg.offset.expr
% if phase == "pointers" then
% put(sc.declare())
% put(sh.declare())
% elseif phase == "issue" then
% put(sc.issue())
% put(sh.issue())
% elseif not computes(phase) then
% elseif sc.uniform and sh.uniform then
{
  % put(sc.open())
  % put(sh.open())
  const float a = $(k0) + $(sc.value), c = $(sh.value);
%   for k = 0, m.K - 1 do
#pragma unroll
  for (int j = 0; j < $(m.V); j++) v[$(k)][j] = fmaf(v[$(k)][j], a, c);
%   end
}
% else
{
  % put(sc.open())
  % put(sh.open())
%   for k = 0, m.K - 1 do
  $(chunk_open(k))  // chunk slot $(k)
%     if sc.uses_e or sh.uses_e then
    $(chunk_first(k))
%     end
    % put(sc.fetch(k, "sc"))
    % put(sh.fetch(k, "sh"))
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] = fmaf(v[$(k)][j], $(k0) + $(sc.at("sc")), $(sh.at("sh")));
  }
%   end
}
% end
