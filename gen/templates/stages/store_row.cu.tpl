%! return {
%!   doc = "the row's values (or a row an earlier stage gives) rounded once to an output's dtype (fp8: saturated) and written to row (b, l); later stages go on",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "to", "tensor", access = "out", doc = "the output [B?, L, C]" },
%!     { "from", "operand", optional = true, level = 2,
%!       doc = "what to write instead of the values: a row an earlier stage gives (select's gate), copied" },
%!     { "keep", "choice", values = { "fp32", "rounded" }, default = "fp32",
%!       doc = "rounded: later stages see the values as stored (rounded to the output's dtype)" },
%!   },
%!   uses = { "values" },
%!   check = function(c)
%!     if c.bind.from and c.bind.from.kind ~= "given" then return "a row an earlier stage gives (as select's)", "from" end
%!     return c.row_tensor("to")
%!   end,
%! }
% -- Stage store_row: write v rounded once to the output's dtype to to[b, l, :];
% -- v stays as it was (keep fp32) or becomes the stored value (keep rounded).
% -- With `from`, copy that row instead (prefetch level 2: "issue" loads its
% -- chunks raw, "use" stores them; with prefetch 1, "all" loads every chunk
% -- before the first store, registers for the row; without prefetch each chunk
% -- is loaded and stored in turn).
% local to = arg.to
% if not arg.from then
%   if computes(phase) then
{
  $(to.ctype)* orow = $(row_of(to));
% for k = 0, m.K - 1 do
  $(chunk_open(k))  // chunk slot $(k)
    $(chunk_first(k))
    % put(store(("v[%d]"):format(k), "orow + e", to.dtype, to))
%   if arg.keep == "rounded" then
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] = fg_round_to<$(to.ctype)>(v[$(k)][j]);
%   end
  }
% end
}
%   end
% else
% local src = operand(arg.from, "from")
% local same = src.dtype == to.dtype
% local mode = mode(phase, 2)
% local batched = m.vec and same and (mode == "issue" or (mode == "all" and m.prefetch >= 1))
% local raw = src.name .. "_raw"
% if batched then
uint4 $(raw)[$(m.K)];
%   for k = 0, m.K - 1 do
$(chunk_open(k))  // chunk slot $(k)
  $(chunk_first(k))
  % put(load_raw(("%s[%d]"):format(raw, k), src.row .. " + e", "keep"))
}
%   end
% end
% if mode == "use" or mode == "all" then
{
  % put(src.open())
  $(to.ctype)* orow = $(row_of(to));
%   for k = 0, m.K - 1 do
  $(chunk_open(k))  // chunk slot $(k)
    $(chunk_first(k))
%     if batched or (mode == "use" and same and m.vec) then
    $(store_raw("orow + e", raw .. "[" .. k .. "]", to))
%     elseif m.vec and same then
    $(store_raw("orow + e", "fg_ld16_keep(" .. src.row .. " + e)", to))
%     else
    float g[$(m.V)];
    % put(load("g", src.row .. " + e", src.dtype, "keep"))
    % put(store("g", "orow + e", to.dtype, to))
%     end
  }
%   end
}
% end
% end
