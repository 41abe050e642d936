%! return {
%!   doc = "the angles of row positions[b, s] + offset of tables cos, sin [P, R/2] (a row outside [0, P): NaN)",
%!   mappings = { "heads" }, level = "token",
%!   params = {
%!     { "cos", "tensor", access = "in", angles = 2, doc = "cosines [P, R/2], by position" },
%!     { "sin", "tensor", access = "in", angles = 2, doc = "sines, as cos" },
%!     { "positions", "tensor", access = "in", doc = "each token's position [B?, S], int32 or int64, read one at a time" },
%!     { "offset", "scalar", type = "i64", number = true, doc = "added to every position" },
%!   },
%!   gives = { "angles" },
%!   check = function(c) return c.table_rows({ "cos", "sin" }) or c.positions_of_tokens("positions") end,
%! }
% -- Stage table_positions: cos/sin [P, R/2], row positions[b, s] + position_offset.
% -- A row outside [0, P) is not read: its angles are NaN, so the token's
% -- rotated dims come out NaN rather than from memory out of bounds.
% local T = arg.cos.ctype
% shared.cos_of = function(u, k, j) return ("cs[%d][%d]"):format(k, j) end
% shared.sin_of = function(u, k, j) return ("sn[%d][%d]"):format(k, j) end
// cos/sin of row positions[b, s] + position_offset
float cs[$(m.NV)][$(m.angles)] = {}, sn[$(m.NV)][$(m.angles)] = {};
{
  % include("kernel/position_row.cu.tpl", { angle_table = arg.cos })
  const $(T)* crow = (const $(T)*)$(arg.cos.ptr) + $(ix("row_ok ? row : 0")) * $(ix(arg.cos.stride(0)));
  const $(T)* srow = (const $(T)*)$(arg.sin.ptr) + $(ix("row_ok ? row : 0")) * $(ix(arg.sin.stride(0)));
  % include("kernel/table_row.cu.tpl", { angle_table = arg.cos, crow = "crow", srow = "srow", dst_c = "cs", dst_s = "sn", row_ok = "row_ok" })
}
