%! return {
%!   doc = "the angles of row s (the token's place in its sequence) of per-token tables cos, sin [S, R/2]",
%!   mappings = { "heads" }, level = "token",
%!   params = {
%!     { "cos", "tensor", access = "in", angles = 2, doc = "cosines [S, R/2]: row s is the token's place in its sequence" },
%!     { "sin", "tensor", access = "in", angles = 2, doc = "sines, as cos" },
%!   },
%!   gives = { "angles" },
%!   check = function(c) return c.table_rows({ "cos", "sin" }, "tokens") end,
%! }
% -- Stage table_per_token: cos/sin [S, R/2], row s (the token's place in its
% -- sequence): the lane's angles, loaded once per work item for all its heads.
% local T = arg.cos.ctype
% shared.cos_of = function(u, k, j) return ("cs[%d][%d]"):format(k, j) end
% shared.sin_of = function(u, k, j) return ("sn[%d][%d]"):format(k, j) end
// cos/sin of row s: $(m.angles) angle(s) per rotate chunk
float cs[$(m.NV)][$(m.angles)] = {}, sn[$(m.NV)][$(m.angles)] = {};
{
  const $(T)* crow = (const $(T)*)$(arg.cos.ptr) + s * $(ix(arg.cos.stride(0)));
  const $(T)* srow = (const $(T)*)$(arg.sin.ptr) + s * $(ix(arg.sin.stride(0)));
  % include("kernel/table_row.cu.tpl", { angle_table = arg.cos, crow = "crow", srow = "srow", dst_c = "cs", dst_s = "sn" })
}
