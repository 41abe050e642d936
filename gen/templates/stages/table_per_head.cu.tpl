% -- Stage table_per_head (a head stage): cos/sin [B, H, S, R/2] with free
% -- strides on B, H and S (the last dim contiguous): each head in flight has
% -- its own row, cos[b, h, s, :].
% local T = tensors[roles.cos].ctype
% shared.cos_of = function(u, k, j) return ("cs[%d][%d][%d]"):format(u, k, j) end
% shared.sin_of = function(u, k, j) return ("sn[%d][%d][%d]"):format(u, k, j) end
// cos/sin of each head in flight: row [b, h, s]
float cs[$(m.U)][$(m.NV)][$(m.angles)] = {}, sn[$(m.U)][$(m.NV)][$(m.angles)] = {};
% for u = 0, m.U - 1 do
%   local head = u == 0 and "h" or ("h + %d * hg"):format(u)
if ($(head) < H) {  // head $(head)
    const $(T)* crow = (const $(T)*)p.$(roles.cos) + $(offset(("b * %s + (%s) * %s + s * %s"):format(ix("p." .. roles.cos .. "_stride[0]"), head, ix("p." .. roles.cos .. "_stride[1]"), ix("p." .. roles.cos .. "_stride[2]"))));
    const $(T)* srow = (const $(T)*)p.$(roles.sin) + $(offset(("b * %s + (%s) * %s + s * %s"):format(ix("p." .. roles.sin .. "_stride[0]"), head, ix("p." .. roles.sin .. "_stride[1]"), ix("p." .. roles.sin .. "_stride[2]"))));
    % include("kernel/table_row.cu.tpl", { table_tensor = roles.cos, crow = "crow", srow = "srow", dst_c = ("cs[%d]"):format(u), dst_s = ("sn[%d]"):format(u) })
}
% end
