%! return {
%!   doc = "an activation on the row's values, in fp32: silu(a) = a / (1 + exp(-a)), gelu_tanh(a) = 0.5 a (1 + tanh(sqrt(2/pi) (a + 0.044715 a^3)))",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "fn", "choice", values = { "silu", "gelu_tanh" }, doc = "the activation" },
%!   },
%!   uses = { "values" },
%! }
% -- Stage activation: v = fn(v), in fp32 (expf and tanhf: full precision).
% if computes(phase) then
% local f = ({ silu = "fg_silu", gelu_tanh = "fg_gelu_tanh" })[arg.fn]
// $(arg.fn)
% put(each_value(function(x) return ("%s = %s(%s);"):format(x, f, x) end))
% end
