%! return {
%!   doc = "the angles of row positions[b, s] + offset of one packed table [P, R]: R/2 cosines, then R/2 sines",
%!   mappings = { "heads" }, level = "token",
%!   params = {
%!     { "cache", "tensor", access = "in", angles = 1, doc = "cos_sin_cache [P, R]: a row is cos_0..cos_{R/2-1}, sin_0..sin_{R/2-1}" },
%!     { "positions", "tensor", access = "in", doc = "each token's position [B?, S], int32 or int64, read one at a time" },
%!     { "offset", "scalar", type = "i64", number = true, doc = "added to every position" },
%!   },
%!   gives = { "angles" },
%!   check = function(c) return c.table_rows({ "cache" }) or c.positions_of_tokens("positions") end,
%! }
% -- Stage table_cos_sin_cache: one packed table [P, R] whose row is
% -- [cos_0 .. cos_{R/2-1}, sin_0 .. sin_{R/2-1}], row positions[b, s] + position_offset.
% -- A row outside [0, P) is not read: its angles are NaN.
% local T = arg.cache.ctype
% shared.cos_of = function(u, k, j) return ("cs[%d][%d]"):format(k, j) end
% shared.sin_of = function(u, k, j) return ("sn[%d][%d]"):format(k, j) end
// cos/sin of row positions[b, s] + position_offset of the packed cache
float cs[$(m.NV)][$(m.angles)] = {}, sn[$(m.NV)][$(m.angles)] = {};
{
  % include("kernel/position_row.cu.tpl", { angle_table = arg.cache })
  const $(T)* crow = (const $(T)*)$(arg.cache.ptr) + $(ix("row_ok ? row : 0")) * $(ix(arg.cache.stride(0)));
  const $(T)* srow = crow + $(m.full and tostring(m.D // 2) or (dims.rot .. " / 2"));
  % include("kernel/table_row.cu.tpl", { angle_table = arg.cache, crow = "crow", srow = "srow", dst_c = "cs", dst_s = "sn", row_ok = "row_ok" })
}
