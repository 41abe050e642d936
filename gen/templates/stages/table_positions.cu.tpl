% -- Stage table_positions: cos/sin [P, R/2], row positions[b, s] + position_offset.
% -- A row outside [0, P) is not read: its angles are NaN, so the token's
% -- rotated dims come out NaN rather than from memory out of bounds.
% local T = tensors[roles.cos].ctype
% shared.cos_of = function(u, k, j) return ("cs[%d][%d]"):format(k, j) end
% shared.sin_of = function(u, k, j) return ("sn[%d][%d]"):format(k, j) end
// cos/sin of row positions[b, s] + position_offset
float cs[$(m.NV)][$(m.angles)] = {}, sn[$(m.NV)][$(m.angles)] = {};
{
    % include("kernel/position_row.cu.tpl")
    const $(T)* crow = (const $(T)*)p.$(roles.cos) + $(ix("row_ok ? row : 0")) * $(ix("p." .. roles.cos .. "_stride[0]"));
    const $(T)* srow = (const $(T)*)p.$(roles.sin) + $(ix("row_ok ? row : 0")) * $(ix("p." .. roles.sin .. "_stride[0]"));
    % include("kernel/table_row.cu.tpl", { table_tensor = roles.cos, crow = "crow", srow = "srow", dst_c = "cs", dst_s = "sn", row_ok = "row_ok" })
}
