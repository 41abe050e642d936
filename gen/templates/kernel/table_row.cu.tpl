% -- Shared by the table stages: load this lane's angles of one table row into
% -- cos/sin arrays. Variables: crow, srow (row pointers in C), dst_c, dst_s
% -- (array prefixes, e.g. "cs" or "cs[1]"), row_ok (C condition or nil:
% -- when false, the angles are NaN, so that a bad row shows in the output),
% -- angle_table (the stage's table argument: its dtype).
% for k = 0, m.NV - 1 do
%   local open = cg.open_if(rotate_guard(k))
%   if open then
$(open)  // chunk slot $(k): angles (pos + $(k * m.L)) * $(m.angles) onwards
  const int a = (pos + $(k * m.L)) * $(m.angles);
%     if row_ok then
  if ($(row_ok)) {
    % put(cg.load_f32(("%s[%d]"):format(dst_c, k), crow .. " + a", m.angles, angle_table.dtype, { vec = m.vec, hint = "keep", guard = angle_guard }))
    % put(cg.load_f32(("%s[%d]"):format(dst_s, k), srow .. " + a", m.angles, angle_table.dtype, { vec = m.vec, hint = "keep", guard = angle_guard }))
  } else {
%       for j = 0, m.angles - 1 do
    $(dst_c)[$(k)][$(j)] = $(dst_s)[$(k)][$(j)] = __int_as_float(0x7fffffff);  // NaN
%       end
  }
%     else
  % put(cg.load_f32(("%s[%d]"):format(dst_c, k), crow .. " + a", m.angles, angle_table.dtype, { vec = m.vec, hint = "keep", guard = angle_guard }))
  % put(cg.load_f32(("%s[%d]"):format(dst_s, k), srow .. " + a", m.angles, angle_table.dtype, { vec = m.vec, hint = "keep", guard = angle_guard }))
%     end
}
%   end
% end
