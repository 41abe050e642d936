% -- Stage norm: over the C channels of the row, chosen at run time by p.norm
% -- (uniform over the grid): LayerNorm (mean, biased variance, two passes over
% -- the registers), RMSNorm, or none. Slots past C are 0 in v and are left out
% -- of the variance.
% -- Phases: it runs in "use" (or "all"); it issues nothing ahead.
% if phase ~= "issue" then
% local NORM = {}
% for i, n in ipairs(spec.enums.norm) do NORM[n] = i - 1 end
% -- wide_sum: a block of one row reads the partials four at a time (fg_block_sum)
% local row_sum_form = m.wide_sum and "fg_block_sum<%d>(%s, red, rbuf, wr)" or "fg_row_sum<%d>(%s, red, rbuf, wr, group)"
% local function row_sum(x) return row_sum_form:format(m.warps, x) end
% local function each_valid(body)
%   for k = 0, m.K - 1 do
        $(chunk_open(k))
%     for j = 0, m.V - 1 do
            $(body(k, j))
%     end
        }
%   end
% end
if (p.norm != $(NORM.none)) {  // not none
    float s = 0.f;
    if (p.norm == $(NORM.layer)) {  // LayerNorm: centre first
% for k = 0, m.K - 1 do
#pragma unroll
        for (int j = 0; j < $(m.V); j++) s += v[$(k)][j];
% end
        const float mean = $(row_sum("s")) / (float)C;
% for k = 0, m.K - 1 do
#pragma unroll
        for (int j = 0; j < $(m.V); j++) v[$(k)][j] -= mean;
% end
        s = 0.f;
        % each_valid(function(k, j) return ("s = fmaf(v[%d][%d], v[%d][%d], s);"):format(k, j, k, j) end)
    } else {  // RMSNorm
% for k = 0, m.K - 1 do
#pragma unroll
        for (int j = 0; j < $(m.V); j++) s = fmaf(v[$(k)][j], v[$(k)][j], s);
% end
    }
    const float rstd = rsqrtf($(row_sum("s")) / (float)C + p.eps);
% for k = 0, m.K - 1 do
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] *= rstd;
% end
}
% end
