%! return {
%!   doc = "the thread's chunks of row (b, l) of a tensor into the row's values, as fp32 (from an offset: the second half of a [.., C*2] row)",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "from", "tensor", access = "in", streamed = true, doc = "the rows read: [B?, L, C], or [B?, L, C*2] with an offset" },
%!     { "offset", "symbol", optional = true, doc = "the first channel read: C for the second half of a [.., C*2] row" },
%!   },
%!   gives = { "values" },
%!   check = function(c) return c.row_tensor("from", false, c.bind.offset and c.bind.offset.name) end,
%! }
% -- Stage load_row: the thread's chunks of row (b, l) of `from` into v (fp32);
% -- slots past the end of the row stay 0. Prefetch level 1 (the rows mapping):
% -- "issue" loads raw 16-byte chunks (x_raw) and "use" converts them; "all"
% -- loads into v. A dtype of another size than the rows' loads at use.
% local from = arg.from
% local mode = mode(phase, 1)
% if dtypes.info(from.dtype).size ~= dtypes.info(act_dtype).size and mode ~= "all" then mode = phase == "use" and "all" or "none" end
% -- the raw chunks' name, the same in both phases (x_raw for a tensor x)
% from.names = from.names or { raw = unique_name(from.name .. "_raw") }
% local raw = from.names.raw
% local hint, policy = stream_hint(from)
% -- bulk_rows: the row is in a slot of the mapping's ring (shared memory)
% local ring = not arg.offset and ring_of(from)
% if ring then mode = (phase == "all" or phase == "use") and "ring" or "none" end
% if mode == "issue" then
uint4 $(raw)[$(m.K)];
% end
% if mode == "issue" or mode == "all" then
{
  const $(from.ctype)* xr = $(row_of(from, arg.offset and arg.offset.name));
%   for k = 0, m.K - 1 do
  $(chunk_open(k))  // chunk slot $(k)
    $(chunk_first(k))
%     if mode == "issue" then
    % put(load_raw(("%s[%d]"):format(raw, k), "xr + e", hint, policy))
%     else
    % put(load(("v[%d]"):format(k), "xr + e", from.dtype, hint, policy))
%     end
  }
%   end
}
% elseif mode == "ring" then
// from the ring: every chunk slot (the place's tail past C holds 0)
%   for k = 0, m.K - 1 do
$(unpack(("v[%d]"):format(k), ("%s[pos + %d * tpr]"):format(ring, k), from.dtype))
%   end
% elseif mode == "use" then
%   for k = 0, m.K - 1 do
$(chunk_open(k)) $(unpack(("v[%d]"):format(k), ("%s[%d]"):format(raw, k), from.dtype)) }  // chunk slot $(k)
%   end
% end
