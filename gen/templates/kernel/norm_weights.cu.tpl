% -- Included by norm_rms: the norm weights at this lane's elements of a head,
% -- as fp32 arrays wa (wb, wp) shaped like the head's registers xa (xb, xp).
% -- weight_head: nil (one weight [D] for every head), or the C expression of the
% -- head whose row of the weight [H * D] to load. weight: the stage's per-set
% -- weight argument.
% local wtype = weight.ctype
% local wdtype = weight.dtype
// w at this lane's elements of $(weight_head and "head " .. weight_head or "a head")
const $(wtype)* pw = (const $(wtype)*)$(pick_list(weight.ptrs))$(weight_head and (" + (" .. weight_head .. ") * " .. m.D_expr) or "");
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
  % put(cg.load_f32(("wa[%d]"):format(k), "pw + e", m.C, wdtype, { vec = m.vec, hint = "keep", guard = element_guard }))
%   if m.half then
  % put(cg.load_f32(("wb[%d]"):format(k), "pw + e + " .. half_offset, m.C, wdtype, { vec = m.vec, hint = "keep", guard = element_guard }))
%   end
}
%   end
% end
% for k = 0, m.NP - 1 do
if ($(pass_guard(k))) {  // pass chunk slot $(k)
  const int e = $(dims.rot) + (pos + $(k * m.L)) * $(m.C);
  % put(cg.load_f32(("wp[%d]"):format(k), "pw + e", m.C, wdtype, { vec = m.vec, hint = "keep", guard = pass_element_guard }))
}
% end
