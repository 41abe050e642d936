% -- Included by norm_rms: the norm weights at this lane's elements of a head,
% -- as fp32 arrays wa (wb, wp) shaped like the head's registers xa (xb, xp).
% -- weight_head: nil (one weight [D] for every head), or the C expression of the
% -- head whose row of the weight [H * D] to load. weight: the stage's per-set
% -- weight argument. shared_row: nil, or the shared-memory array [sets][D] of
% -- fp32 weights that norm_weights filled once a block (tile block_phase), read
% -- here rather than global memory. shared_raw: nil (shared_row holds fp32),
% -- or the weights' dtype, as shared_row holds them (async copies,
% -- m.block_async).
% local wdtype = shared_raw or shared_row and "fp32" or weight.dtype
% local wtype = dtypes.info(wdtype).cuda
% local hint = shared_row and "plain" or "keep"
% if shared_row then
// w at this lane's elements of a head, from shared memory
const $(wtype)* pw = $(shared_row)[$(#weight.ptrs == 1 and "0" or "set")];
% else
// w at this lane's elements of $(weight_head and "head " .. weight_head or "a head")
const $(wtype)* pw = (const $(wtype)*)$(pick_list(weight.ptrs))$(weight_head and (" + (" .. weight_head .. ") * " .. m.D_expr) or "");
% end
float wa[$(m.NV)][$(m.C)] = {};
% if m.half then
float wb[$(m.NV)][$(m.C)] = {};
% end
% if m.NP > 0 then
float wp[$(m.NP)][$(m.C)] = {};
% end
% for k = 0, m.NV - 1 do
%   local open = cg.open_if(load_guard(k))
%   if open then
$(open)  // $(m.merged and "" or "rotate ")chunk slot $(k)
  const int e = (pos + $(k * m.L)) * $(m.C);
  % put(cg.load_f32(("wa[%d]"):format(k), "pw + e", m.C, wdtype, { vec = m.vec, hint = hint, guard = element_guard }))
%   if m.half then
  % put(cg.load_f32(("wb[%d]"):format(k), "pw + e + " .. half_offset, m.C, wdtype, { vec = m.vec, hint = hint, guard = element_guard }))
%   end
}
%   end
% end
% for k = 0, m.NP - 1 do
if ($(pass_guard(k))) {  // pass chunk slot $(k)
  const int e = $(dims.rot) + (pos + $(k * m.L)) * $(m.C);
  % put(cg.load_f32(("wp[%d]"):format(k), "pw + e", m.C, wdtype, { vec = m.vec, hint = hint, guard = pass_element_guard }))
}
% end
