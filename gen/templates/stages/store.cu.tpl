%! return {
%!   doc = "the head's values rounded once and written to the head set's output (out of place: the pass region copied)",
%!   mappings = { "heads" }, level = "head",
%!   uses = { "values" },
%! }
% -- Stage store: round once to the output dtype and write the lane's chunks;
% -- out of place, also copy the pass region [R, D) (with a whole-head stage:
% -- store it, as the rotate region, from fp32).
% local T = act_ctype
% for u = 0, m.U - 1 do
%   local head = head_of(u)
if ($(head) < H) {  // head $(head)
  $(T)* po = xout + ($(head)) * xout_hs;
%   for k = 0, m.NV - 1 do
%     local open = cg.open_if(load_guard(k))
%     if open then
  $(open)  // $(m.merged and "" or "rotate ")chunk slot $(k)
    const int e = (pos + $(k * m.L)) * $(m.C);
    % put(cg.store_f32(("xa[%d][%d]"):format(u, k), "po + e", m.C, act_dtype, { vec = m.vec, hint = m.store_hint, guard = element_guard }))
%       if m.half then
    % put(cg.store_f32(("xb[%d][%d]"):format(u, k), "po + e + " .. half_offset, m.C, act_dtype, { vec = m.vec, hint = m.store_hint, guard = element_guard }))
%       end
  }
%     end
%   end
%   for k = 0, m.NP - 1 do
%     if m.whole_head then
  if ($(pass_guard(k))) {  // pass chunk slot $(k): [R, D), not rotated
    const int e = $(dims.rot) + (pos + $(k * m.L)) * $(m.C);
    % put(cg.store_f32(("xp[%d][%d]"):format(u, k), "po + e", m.C, act_dtype, { vec = m.vec, hint = m.store_hint, guard = pass_element_guard }))
  }
%     else
  if (copy_pass && $(pass_guard(k))) {  // pass chunk slot $(k)
    const int e = $(dims.rot) + (pos + $(k * m.L)) * $(m.C);
%       if m.vec then
    fg_st16$(cg.store_suffix(m.store_hint))(po + e, xp[$(u)][$(k)]$(cg.store_extra(m.store_hint)));
%       else
%         for j = 0, m.C - 1 do
    if (e + $(j) < $(m.D_expr)) po[e + $(j)] = xp[$(u)][$(k)][$(j)];
%         end
%       end
  }
%     end
%   end
}
% end
