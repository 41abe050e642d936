%! return {
%!   doc = "the row normalised over its C channels: LayerNorm (mean, biased variance) or RMSNorm, then times weight and plus bias, each when given",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "kind", "choice", values = { "layer", "rms", "none" }, runtime = true,
%!       doc = "layer, rms or none: fixed, an axis, or an enum scalar chosen at run time" },
%!     { "eps", "scalar", type = "f32", number = true, doc = "added to the variance (mean square) under the square root" },
%!     { "weight", "tensor", access = "in", optional = true, tested = true, doc = "the affine weight [C] (an optional tensor: when given)" },
%!     { "bias", "tensor", access = "in", optional = true, tested = true, doc = "the affine bias [C] (an optional tensor: when given)" },
%!   },
%!   uses = { "values" },
%!   needs = { "row_reduce" },
%!   check = function(c) return c.row_tensor("weight") or c.row_tensor("bias") end,
%! }
% -- Stage norm: over the C channels of the row, LayerNorm (mean, biased
% -- variance, two passes over the registers), RMSNorm, or none: fixed, or
% -- chosen at run time (uniform over the grid). Slots past C are 0 in v and
% -- are left out of the variance. Then v = v * weight + bias, each when given
% -- (an optional tensor is tested at run time, also uniform).
% -- Phases: it runs in "use" (or "all"); it issues nothing ahead.
% if computes(phase) then
% local kind = arg.kind
% local runtime = type(kind) == "table"
% local function can(x) if runtime then return kind.index[x] ~= nil end return kind == x end
% local function is(x) return runtime and kind.is(x) or tostring(kind == x) end
% -- wide_sum: a block of one row reads the partials four at a time (fg_block_sum)
% local row_sum_form = m.wide_sum and "fg_block_sum<%d>(%s, red, rbuf, wr)" or "fg_row_sum<%d>(%s, red, rbuf, wr, group)"
% -- a reduction of the row syncs its warps: row_synced() after it, where every
% -- path runs it, tells the mapping (the rows ring then needs no barrier of its own)
% local function row_sum(x) return row_sum_form:format(m.warps, x) end
% -- the mean of the row's sum: the sum times 1 / C, correctly rounded, which
% -- the launcher computes (m.inv_channels, tile launcher_inv_c): no reciprocal
% -- or division per thread, whose instructions the issue-bound norms of an H200
% -- feel. Else the kernel computes it: a correctly rounded division (the
% -- run-time kind's form) or the sum times __frcp_rn(C) (within an ulp; no
% -- division's slow path): the element path's fp32 kernels of 16 slots have no
% -- register to spare.
% local in_kernel = runtime and "%s / (float)C" or "%s * __frcp_rn((float)C)"
% local function mean_of(sum) return m.inv_channels and (sum .. " * " .. m.inv_channels) or in_kernel:format(sum) end
% local function each_valid(body)
%   for k = 0, m.K - 1 do
    $(chunk_open(k))
%     for j = 0, m.V - 1 do
      $(body(k, j))
%     end
    }
%   end
% end
% if can("layer") or can("rms") then
%   if runtime and can("none") then
if ($(arg.kind.isnt("none"))) {  // not none
%   else
{  // $(can("layer") and can("rms") and "LayerNorm or RMSNorm" or can("layer") and "LayerNorm" or "RMSNorm")
%   end
  float s = 0.f;
%   if can("layer") then
%     if can("rms") then
  if ($(is("layer"))) {  // LayerNorm: centre first
%     else
  {  // LayerNorm: centre first
%     end
% for k = 0, m.K - 1 do
#pragma unroll
    for (int j = 0; j < $(m.V); j++) s += v[$(k)][j];
% end
    const float mean = $(mean_of(row_sum("s")));
    % if not runtime then put(row_synced({ more = true })) end  -- (a fixed kind: the sum runs on every path; the variance's follows)
% for k = 0, m.K - 1 do
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] -= mean;
% end
    s = 0.f;
    % each_valid(function(k, j) return ("s = fmaf(v[%d][%d], v[%d][%d], s);"):format(k, j, k, j) end)
%     if can("rms") then
  } else {  // RMSNorm
%     else
  }
%     end
%   end
%   if can("rms") then
%     if not can("layer") then
  {  // RMSNorm
%     end
% for k = 0, m.K - 1 do
#pragma unroll
    for (int j = 0; j < $(m.V); j++) s = fmaf(v[$(k)][j], v[$(k)][j], s);
% end
  }
%   end
  const float rstd = rsqrtf($(mean_of(row_sum("s"))) + $(arg.eps.expr));
  % if not (runtime and can("none")) then put(row_synced()) end
% for k = 0, m.K - 1 do
#pragma unroll
  for (int j = 0; j < $(m.V); j++) v[$(k)][j] *= rstd;
% end
}
% end
% -- the affine part: weight and bias, each absent, given always, or optional
% local wt, bs = arg.weight, arg.bias
% if wt or bs then
%   local T = (wt or bs).ctype
%   local tests = {}
%   if wt and wt.tensor.optional then tests[#tests + 1] = wt.ptr end
%   if bs and bs.tensor.optional then tests[#tests + 1] = bs.ptr end
%   local any_required = (wt and not wt.tensor.optional) or (bs and not bs.tensor.optional)
$((#tests > 0 and not any_required) and ("if (" .. table.concat(tests, " || ") .. ") {") or "{")
%   -- (a row the short form holds needs no pointer and no element index here)
%   local loads_w, loads_b = wt and not holds(wt), bs and not holds(bs)
%   if loads_w then
  const $(wt.ctype)* wt = (const $(wt.ctype)*)$(wt.ptr);
%   end
%   if loads_b then
  const $(bs.ctype)* bs = (const $(bs.ctype)*)$(bs.ptr);
%   end
% for k = 0, m.K - 1 do
  $(chunk_open(k))  // chunk slot $(k)
%   if loads_w or loads_b then
    $(chunk_first(k))
%   end
%   if wt then
    $(wt.tensor.optional and ("if (" .. wt.ptr .. ") {") or "{")
      % put(load_whole("w", wt, "wt + e", k))
#pragma unroll
      for (int j = 0; j < $(m.V); j++) v[$(k)][j] *= w[j];
    }
%   end
%   if bs then
    $(bs.tensor.optional and ("if (" .. bs.ptr .. ") {") or "{")
      % put(load_whole("c", bs, "bs + e", k))
#pragma unroll
      for (int j = 0; j < $(m.V); j++) v[$(k)][j] += c[j];
    }
%   end
  }
% end
}
% end
% end
