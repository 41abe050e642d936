% -- Stage residual_add (variants with residual = yes): v = residual + residual_gate * v,
% -- stored to residual_out; v keeps the unrounded fp32 sum for the norm.
% -- Prefetch level 1: "issue" loads the residual and gate chunks raw (res_raw,
% -- rgate_raw), "use" adds and stores; "all" loads each chunk where it adds it.
% local mode = mode(phase, 1)
% if m.residual and mode ~= "none" then
% local T = act_ctype
%   if mode == "issue" then
uint4 res_raw[$(m.K)], rgate_raw[$(m.K)];
%   end
{
%   if mode ~= "use" then
    const $(T)* rr = $(row_of(roles.residual));
    const $(T)* gr = $(row_of(roles.residual_gate));
%   end
%   if mode ~= "issue" then
    $(T)* ro = $(row_of(roles.residual_out));
%   end
%   for k = 0, m.K - 1 do
    $(chunk_open(k))  // chunk slot $(k)
        $(chunk_first(k))
%     if mode == "issue" then
        % put(load_raw(("res_raw[%d]"):format(k), "rr + e", m.stream_hint))
        % put(load_raw(("rgate_raw[%d]"):format(k), "gr + e", m.stream_hint))
%     else
        float r[$(m.V)] = {}, g[$(m.V)] = {};
%       if mode == "use" then
        % put(unpack("r", ("res_raw[%d]"):format(k), v.act))
        % put(unpack("g", ("rgate_raw[%d]"):format(k), v.act))
%       else
        % put(load("r", "rr + e", v.act, m.stream_hint))
        % put(load("g", "gr + e", v.act, m.stream_hint))
%       end
#pragma unroll
        for (int j = 0; j < $(m.V); j++) v[$(k)][j] = fmaf(g[j], v[$(k)][j], r[j]);
        % put(store(("v[%d]"):format(k), "ro + e", v.act))
%     end
    }
%   end
}
% end
