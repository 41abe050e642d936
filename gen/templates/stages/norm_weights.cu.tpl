%! return {
%!   doc = "the norm weights [D] of the item's head set at this lane's elements, loaded once per item for norm_rms",
%!   mappings = { "heads" }, level = "token",
%!   params = {
%!     { "weight", "tensor", access = "in", per_set = true, doc = "the weight [D] of each head set" },
%!   },
%!   gives = { "weights" },
%!   check = function(c) return c.head_weights("weight", false) end,
%! }
% -- Stage norm_weights (a token stage): the norm weights [D] of the item's head
% -- set at this lane's elements, loaded once per item rather than once per
% -- block of heads (the mapping's walk makes an item many blocks). norm_rms
% -- then uses them (shared.weights_loaded).
% shared.weights_loaded = true
% include("kernel/norm_weights.cu.tpl", { weight = arg.weight })
