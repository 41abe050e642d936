% -- Stage modulate: v = v * (scale_offset + scale) + shift, with scale and shift
% -- from the source stage before it: row pointers (shared.mod_rows) or scalars
% -- (shared.mod_scalar). scale_offset is the op's f32 scalar (1, or 0 for plain
% -- scale). Prefetch level 2: "issue" loads the rows' chunks raw (sc_raw,
% -- sh_raw), "use" applies them; "all" loads each chunk where it applies it.
% local rows = shared.mod_rows
% local mode = mode(phase, 2)
% if mode == "none" then
% elseif mode == "issue" then
%   if rows then
uint4 sc_raw[$(m.K)], sh_raw[$(m.K)];
%     for k = 0, m.K - 1 do
$(chunk_open(k))  // chunk slot $(k)
    $(chunk_first(k))
    % put(load_raw(("sc_raw[%d]"):format(k), rows.scale .. " + e", "keep"))
    % put(load_raw(("sh_raw[%d]"):format(k), rows.shift .. " + e", "keep"))
}
%     end
%   end
% elseif shared.mod_scalar then
{
    const float a = p.scale_offset + $(shared.mod_scalar.scale), c = $(shared.mod_scalar.shift);
%   for k = 0, m.K - 1 do
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] = fmaf(v[$(k)][j], a, c);
%   end
}
% else
%   for k = 0, m.K - 1 do
$(chunk_open(k))  // chunk slot $(k)
    float sc[$(m.V)] = {}, sh[$(m.V)] = {};
%     if mode == "use" then
    % put(unpack("sc", ("sc_raw[%d]"):format(k), rows.dtype))
    % put(unpack("sh", ("sh_raw[%d]"):format(k), rows.dtype))
%     else
    $(chunk_first(k))
    % put(load("sc", rows.scale .. " + e", rows.dtype, "keep"))
    % put(load("sh", rows.shift .. " + e", rows.dtype, "keep"))
%     end
#pragma unroll
    for (int j = 0; j < $(m.V); j++) v[$(k)][j] = fmaf(v[$(k)][j], p.scale_offset + sc[j], sh[j]);
}
%   end
% end
