% -- Stage source_tensor: the row's scale and shift from tensors laid out as
% -- [B|1, C] (per batch), [B|1, L, C] (per token) or [B|1, F, 1, C] (per frame:
% -- token l is in frame l / (L / F)). Sets the row pointers for modulate.
% -- Phases: it runs in "issue" (or "all"): later stages load through its rows.
% if phase ~= "use" then
% local T = act_ctype
% shared.mod_rows = { scale = "scale_row", shift = "shift_row", dtype = v.act }
% local t = spec.tensor_by_name[roles.scale]
% local second = #t.parsed_dims >= 3 and t.parsed_dims[2].sym or nil
% local function row(name)
%   local e = ("(const %s*)p.%s + b * p.%s_stride[0]"):format(T, name, name)
%   if second == "L" then e = e .. (" + l * p.%s_stride[1]"):format(name)
%   elseif second == "F" then e = e .. (" + (l / (p.L / p.F)) * p.%s_stride[1]"):format(name)
%   elseif second then error("stage source_tensor: " .. roles.scale .. " must be [B|1, C], [B|1, L, C] or [B|1, F, 1, C]") end
%   do return e end
% end
const $(T)* scale_row = $(row(roles.scale));
const $(T)* shift_row = $(row(roles.shift));
% end
