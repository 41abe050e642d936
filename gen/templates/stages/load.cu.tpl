%! return {
%!   doc = "the lane's chunks of each head in flight of the head set's input, as fp32 (rotate region, partner halves, pass region)",
%!   mappings = { "heads" }, level = "head",
%!   gives = { "values" },
%! }
% -- Stage load: the lane's chunks of $(m.U) head(s) of the input, as fp32.
% -- Rotate region into xa (and xb, the partner halves, for half pairing);
% -- the pass region [R, D) is kept raw in xp, only when writing out of place,
% -- or in fp32 always when a later stage needs the whole head (m.whole_head).
% -- With the tile ahead the chunks come from shared memory, where the kernel
% -- copied them steps before.
% local T = act_ctype
float xa[$(m.U)][$(m.NV)][$(m.C)] = {};
% if m.half then
float xb[$(m.U)][$(m.NV)][$(m.C)] = {};
% end
% if m.NP > 0 and m.whole_head then
float xp[$(m.U)][$(m.NP)][$(m.C)] = {};
% elseif m.NP > 0 then
$(m.vec and "uint4" or T) xp[$(m.U)][$(m.NP)]$(m.vec and "" or ("[%d]"):format(m.C));
% end
% if m.ahead > 0 and not load_hint then
%   -- tile ahead: the kernel copied this step's chunks into shared memory
%   -- m.ahead steps before (the mapping's ahead_issue); read them back
%   for u = 0, m.U - 1 do
%     local head = head_of(u)
if ($(head) < H) {  // head $(head): its chunks from shared memory
%     for i, pl in ipairs(m.ahead_places) do
%       if pl.u == u then
  $(pl.open)  // $(pl.what)
    $(ahead_read(i))
  }
%       end
%     end
}
%   end
% else
% for u = 0, m.U - 1 do
%   local head = head_of(u)
if ($(head) < H) {  // head $(head)
  const $(T)* px = xin + ($(head)) * xin_hs;
%   for k = 0, m.NV - 1 do
%     local open = cg.open_if(load_guard(k))
%     if open then
  $(open)  // $(m.merged and "" or "rotate ")chunk slot $(k)
    const int e = (pos + $(k * m.L)) * $(m.C);
    % put(cg.load_f32(("xa[%d][%d]"):format(u, k), "px + e", m.C, act_dtype, { vec = m.vec, hint = load_hint or m.stream_hint, guard = element_guard }))
%       if m.half then
    % put(cg.load_f32(("xb[%d][%d]"):format(u, k), "px + e + " .. half_offset, m.C, act_dtype, { vec = m.vec, hint = load_hint or m.stream_hint, guard = element_guard }))
%       end
  }
%     end
%   end
%   for k = 0, m.NP - 1 do
%     if m.whole_head then
  if ($(pass_guard(k))) {  // pass chunk slot $(k): [R, D), not rotated
    const int e = $(dims.rot) + (pos + $(k * m.L)) * $(m.C);
    % put(cg.load_f32(("xp[%d][%d]"):format(u, k), "px + e", m.C, act_dtype, { vec = m.vec, hint = load_hint or m.stream_hint, guard = pass_element_guard }))
  }
%     else
  if (copy_pass && $(pass_guard(k))) {  // pass chunk slot $(k): [R, D) copied as it is
    const int e = $(dims.rot) + (pos + $(k * m.L)) * $(m.C);
%       if m.vec then
    xp[$(u)][$(k)] = fg_ld16_$(m.stream_hint)(px + e$(cg.load_extra(m.stream_hint)));
%       else
%         for j = 0, m.C - 1 do
    if (e + $(j) < $(m.D_expr)) xp[$(u)][$(k)][$(j)] = px[e + $(j)];
%         end
%       end
  }
%     end
%   end
}
% end
% end
