% -- Stage norm_weights (a token stage): the norm weights [D] of the item's head
% -- set at this lane's elements, loaded once per item rather than once per
% -- block of heads (the mapping's walk makes an item many blocks). norm_rms
% -- then uses them (shared.weights_loaded).
% shared.weights_loaded = true
% include("kernel/norm_weights.cu.tpl", {})
