% -- Stage table_cos_sin_cache: one packed table [P, R] whose row is
% -- [cos_0 .. cos_{R/2-1}, sin_0 .. sin_{R/2-1}], row positions[b, s] + position_offset.
% -- A row outside [0, P) is not read: its angles are NaN.
% local T, K = tensors[roles.cos_sin].ctype, roles.cos_sin
% shared.cos_of = function(u, k, j) return ("cs[%d][%d]"):format(k, j) end
% shared.sin_of = function(u, k, j) return ("sn[%d][%d]"):format(k, j) end
// cos/sin of row positions[b, s] + position_offset of the packed cache
float cs[$(m.NV)][$(m.angles)] = {}, sn[$(m.NV)][$(m.angles)] = {};
{
    % include("kernel/position_row.cu.tpl")
    const $(T)* crow = (const $(T)*)p.$(K) + $(ix("row_ok ? row : 0")) * $(ix("p." .. K .. "_stride[0]"));
    const $(T)* srow = crow + $(m.full and tostring(m.D // 2) or "p.R / 2");
    % include("kernel/table_row.cu.tpl", { table_tensor = K, crow = "crow", srow = "srow", dst_c = "cs", dst_s = "sn", row_ok = "row_ok" })
}
