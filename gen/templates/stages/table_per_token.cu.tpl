% -- Stage table_per_token: this token's cos/sin angles for each of the lane's
% -- rotate chunks, loaded once and kept in registers for all of the token's heads.
% -- Row s of cos/sin [S, R/2]; chunk q covers angles q * $(m.angles) onwards.
% local T = tensors[roles.cos].ctype
// cos/sin of token s: $(m.angles) angle(s) per rotate chunk
float cs[$(m.NV)][$(m.angles)] = {}, sn[$(m.NV)][$(m.angles)] = {};
{
    const $(T)* crow = (const $(T)*)p.$(roles.cos) + s * p.$(roles.cos)_stride[0];
    const $(T)* srow = (const $(T)*)p.$(roles.sin) + s * p.$(roles.sin)_stride[0];
% for k = 0, m.NV - 1 do
%   local open = cg.open_if(rotate_guard(k))
%   if open then
    $(open)  // chunk slot $(k)
        const int a = (pos + $(k * m.L)) * $(m.angles);
        % put(cg.load_f32(("cs[%d]"):format(k), "crow + a", m.angles, v.table, { vec = m.vec, hint = "keep", guard = angle_guard }))
        % put(cg.load_f32(("sn[%d]"):format(k), "srow + a", m.angles, v.table, { vec = m.vec, hint = "keep", guard = angle_guard }))
    }
%   end
% end
}
