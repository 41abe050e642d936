%! return {
%!   doc = "the angles of each head in flight from per-head tables cos, sin [B?, H, S, R/2] (free strides)",
%!   mappings = { "heads" }, level = "head",
%!   params = {
%!     { "cos", "tensor", access = "in", angles = 2, doc = "cosines [B?, H, S, R/2]: a row per batch, head and token; last dim contiguous" },
%!     { "sin", "tensor", access = "in", angles = 2, doc = "sines, as cos" },
%!   },
%!   gives = { "angles" },
%!   check = function(c) return c.table_rows({ "cos", "sin" }, "per_head") end,
%! }
% -- Stage table_per_head (a head stage): cos/sin [B, H, S, R/2] with free
% -- strides on B, H and S (the last dim contiguous): each head in flight has
% -- its own row, cos[b, h, s, :].
% local T = arg.cos.ctype
% local function row(t, head) return offset(("b * %s + (%s) * %s + s * %s"):format(ix(t.stride(0)), head, ix(t.stride(1)), ix(t.stride(2)))) end
% shared.cos_of = function(u, k, j) return ("cs[%d][%d][%d]"):format(u, k, j) end
% shared.sin_of = function(u, k, j) return ("sn[%d][%d][%d]"):format(u, k, j) end
// cos/sin of each head in flight: row [b, h, s]
float cs[$(m.U)][$(m.NV)][$(m.angles)] = {}, sn[$(m.U)][$(m.NV)][$(m.angles)] = {};
% for u = 0, m.U - 1 do
%   local head = head_of(u)
if ($(head) < H) {  // head $(head)
  const $(T)* crow = (const $(T)*)$(arg.cos.ptr) + $(row(arg.cos, head));
  const $(T)* srow = (const $(T)*)$(arg.sin.ptr) + $(row(arg.sin, head));
  % include("kernel/table_row.cu.tpl", { angle_table = arg.cos, crow = "crow", srow = "srow", dst_c = ("cs[%d]"):format(u), dst_s = ("sn[%d]"):format(u) })
}
% end
