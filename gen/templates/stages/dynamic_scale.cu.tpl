%! return {
%!   doc = "a per-row quantisation scale: s = max(amax(|v|) / qmax, 1 / (qmax * 512)), at most upper when given, written to scales[row]; then v * (1 / s)",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "scales", "tensor", access = "out", doc = "the rows' scales [B?, L], fp32: one value per row" },
%!     { "upper", "tensor", access = "in", optional = true, tested = true, doc = "an upper bound of the scales [1], fp32 (an optional tensor: when given)" },
%!     { "quantised", "tensor", access = "out", doc = "the output the scaled values are stored to: its dtype's largest finite value is qmax (448 for fp8 e4m3)" },
%!   },
%!   uses = { "values" },
%!   needs = { "row_reduce" },
%!   check = function(c) return c.row_tensor("scales", true) or c.row_tensor("upper", true) or c.quantised("quantised") end,
%! }
% -- Stage dynamic_scale: the row's largest |v| (a max over the row: warp
% -- shuffles, then the row's warps), its scale s, written by the row's first
% -- thread, and v times 1 / s (the reciprocal correctly rounded). Slots past C
% -- hold 0: they never win the max.
% if computes(phase) then
% local qmax = dtypes.info(arg.quantised.dtype).max
% local row_max_form = m.wide_sum and "fg_block_max<%d>(%s, red, rbuf, wr)" or "fg_row_max<%d>(%s, red, rbuf, wr, group)"
{
  float a = 0.f;
% for k = 0, m.K - 1 do
#pragma unroll
  for (int j = 0; j < $(m.V); j++) a = fmaxf(a, fabsf(v[$(k)][j]));
% end
  a = $(row_max_form:format(m.warps, "a"));
  % put(row_synced())  -- the reduction syncs the row's warps (mapping_rows.lua)
  float s = fmaxf(a * $(c_float(1 / qmax)), $(c_float(1 / (qmax * 512))));
% if arg.upper then
%   if arg.upper.tensor.optional then
  if ($(arg.upper.ptr)) s = fminf(s, *(const float*)$(arg.upper.ptr));
%   else
  s = fminf(s, *(const float*)$(arg.upper.ptr));
%   end
% end
  if (live && pos == 0) *($(row_of(arg.scales, nil, true))) = s;
  const float rcp = __frcp_rn(s);
% for k = 0, m.K - 1 do
#pragma unroll
  for (int j = 0; j < $(m.V); j++) v[$(k)][j] *= rcp;
% end
}
% end
