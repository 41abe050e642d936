%! return {
%!   doc = "an activation on the row's values, in fp32: silu(a) = a / (1 + exp(-a)), gelu_tanh(a) = 0.5 a (1 + tanh(sqrt(2/pi) (a + 0.044715 a^3))), computed as a / (1 + exp(-2 sqrt(2/pi) (a + 0.044715 a^3)))",
%!   mappings = { "rows" }, level = "row",
%!   params = {
%!     { "fn", "choice", values = { "silu", "gelu_tanh" }, doc = "the activation" },
%!   },
%!   uses = { "values" },
%! }
% -- Stage activation: v = fn(v), in fp32 (fusegen_device.cuh: the hardware's
% -- exp2 and reciprocal); gelu_tanh a chunk at a time (fg_gelu_tanh_n tests
% -- once per chunk whether a value needs the full expf).
% if computes(phase) then
// $(arg.fn)
%   if arg.fn == "gelu_tanh" then
%     for k = 0, m.K - 1 do
fg_gelu_tanh_n<$(m.V)>(v[$(k)]);
%     end
%   else
% put(each_value(function(x) return ("%s = fg_silu(%s);"):format(x, x) end))
%   end
% end
