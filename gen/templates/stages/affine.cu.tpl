% -- Stage affine: v = v * weight + bias, each only when given (weight and bias
% -- are optional [C] tensors; the test is uniform over the grid).
% -- Phases: it runs in "use" (or "all"); it issues nothing ahead.
% if phase ~= "issue" then
% local T = act_ctype
if (p.$(roles.weight) || p.$(roles.bias)) {
    const $(T)* wt = (const $(T)*)p.$(roles.weight);
    const $(T)* bs = (const $(T)*)p.$(roles.bias);
% for k = 0, m.K - 1 do
    $(chunk_open(k))  // chunk slot $(k)
        $(chunk_first(k))
        if (wt) {
            float w[$(m.V)] = {};
            % put(load("w", "wt + e", v.act, "keep"))
#pragma unroll
            for (int j = 0; j < $(m.V); j++) v[$(k)][j] *= w[j];
        }
        if (bs) {
            float c[$(m.V)] = {};
            % put(load("c", "bs + e", v.act, "keep"))
#pragma unroll
            for (int j = 0; j < $(m.V); j++) v[$(k)][j] += c[j];
        }
    }
% end
}
% end
