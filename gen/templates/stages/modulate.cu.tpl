% -- Stage modulate: v = v * (scale_offset + scale) + shift, with scale and shift
% -- from the source stage before it: row pointers (shared.mod_rows) or scalars
% -- (shared.mod_scalar). scale_offset is the op's f32 scalar (1, or 0 for plain scale).
% if shared.mod_scalar then
{
    const float a = p.scale_offset + $(shared.mod_scalar.scale), c = $(shared.mod_scalar.shift);
%   for k = 0, m.K - 1 do
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] = fmaf(v[$(k)][j], a, c);
%   end
}
% else
%   local rows = shared.mod_rows
%   for k = 0, m.K - 1 do
$(chunk_open(k))  // chunk slot $(k)
    $(chunk_first(k))
    float sc[$(m.V)] = {}, sh[$(m.V)] = {};
    % put(load("sc", rows.scale .. " + e", rows.dtype, "keep"))
    % put(load("sh", rows.shift .. " + e", rows.dtype, "keep"))
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] = fmaf(v[$(k)][j], p.scale_offset + sc[j], sh[j]);
}
%   end
% end
