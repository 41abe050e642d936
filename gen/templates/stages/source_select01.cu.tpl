% -- Stage source_select01: the row's modulation comes from one of two branches,
% -- picked by index[b, l] (nonzero: branch 1). Only the chosen branch is read:
% -- the stage sets row pointers for modulate (scale, shift) and gate_copy (gate).
% -- Phases: it runs in "issue" (or "all"): later stages load through its rows.
% if phase ~= "use" then
% local T = act_ctype
% local IT = tensors[roles.index].ctype
% shared.mod_rows = { scale = "scale_row", shift = "shift_row", dtype = v.act }
% shared.gate_row = "gate_row"
const $(T)* scale_row;
const $(T)* shift_row;
const $(T)* gate_row;
{
    const bool one = live && ((const $(IT)*)p.$(roles.index))[b * p.$(roles.index)_stride[0] + l * p.$(roles.index)_stride[1]] != 0;
%   -- the chosen branch's row b of a [B|1, C] tensor pair, in the form of the path
%   local select_form = "(const %s*)(one ? p.%s : p.%s) + b * (one ? p.%s_stride[0] : p.%s_stride[0])"
%   local branch_form = "one ? (const %s*)p.%s + b * p.%s_stride[0] : (const %s*)p.%s + b * p.%s_stride[0]"
%   local function chosen(t0, t1) if m.vec then return select_form:format(T, t1, t0, t1, t0) end return branch_form:format(T, t1, t1, T, t0, t0) end
%   if m.vec then
    // operand selects rather than a branch on the index: nothing waits for its
    // load until the first access through these pointers
%   else
    // the element path: the branch costs fewer registers than the selects
%   end
    scale_row = $(chosen(roles.scale0, roles.scale1));
    shift_row = $(chosen(roles.shift0, roles.shift1));
    gate_row = $(chosen(roles.gate0, roles.gate1));
}
% end
