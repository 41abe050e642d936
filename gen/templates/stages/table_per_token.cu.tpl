% -- Stage table_per_token: cos/sin [S, R/2], row s (the token's place in its
% -- sequence): the lane's angles, loaded once per work item for all its heads.
% local T = tensors[roles.cos].ctype
% shared.cos_of = function(u, k, j) return ("cs[%d][%d]"):format(k, j) end
% shared.sin_of = function(u, k, j) return ("sn[%d][%d]"):format(k, j) end
// cos/sin of row s: $(m.angles) angle(s) per rotate chunk
float cs[$(m.NV)][$(m.angles)] = {}, sn[$(m.NV)][$(m.angles)] = {};
{
    const $(T)* crow = (const $(T)*)p.$(roles.cos) + s * $(ix("p." .. roles.cos .. "_stride[0]"));
    const $(T)* srow = (const $(T)*)p.$(roles.sin) + s * $(ix("p." .. roles.sin .. "_stride[0]"));
    % include("kernel/table_row.cu.tpl", { table_tensor = roles.cos, crow = "crow", srow = "srow", dst_c = "cs", dst_s = "sn" })
}
