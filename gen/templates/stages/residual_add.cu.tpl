% -- Stage residual_add (variants with residual = yes): v = residual + residual_gate * v,
% -- stored to residual_out; v keeps the unrounded fp32 sum for the norm.
% if m.residual then
% local T = act_ctype
{
    const $(T)* rr = $(row_of(roles.residual));
    const $(T)* gr = $(row_of(roles.residual_gate));
    $(T)* ro = $(row_of(roles.residual_out));
%   for k = 0, m.K - 1 do
    $(chunk_open(k))  // chunk slot $(k)
        $(chunk_first(k))
        float r[$(m.V)] = {}, g[$(m.V)] = {};
        % put(load("r", "rr + e", v.act, "stream"))
        % put(load("g", "gr + e", v.act, "stream"))
#pragma unroll
        for (int j = 0; j < $(m.V); j++) v[$(k)][j] = fmaf(g[j], v[$(k)][j], r[j]);
        % put(store(("v[%d]"):format(k), "ro + e", v.act))
    }
%   end
}
% end
