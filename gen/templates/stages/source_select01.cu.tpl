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
%   if m.vec then
    // operand selects rather than a branch on the index: nothing waits for its
    // load until the first access through these pointers
    scale_row = (const $(T)*)(one ? p.$(roles.scale1) : p.$(roles.scale0)) + b * (one ? p.$(roles.scale1)_stride[0] : p.$(roles.scale0)_stride[0]);
    shift_row = (const $(T)*)(one ? p.$(roles.shift1) : p.$(roles.shift0)) + b * (one ? p.$(roles.shift1)_stride[0] : p.$(roles.shift0)_stride[0]);
    gate_row = (const $(T)*)(one ? p.$(roles.gate1) : p.$(roles.gate0)) + b * (one ? p.$(roles.gate1)_stride[0] : p.$(roles.gate0)_stride[0]);
%   else
    // the element path: the branch costs fewer registers than the selects
    scale_row = one ? (const $(T)*)p.$(roles.scale1) + b * p.$(roles.scale1)_stride[0] : (const $(T)*)p.$(roles.scale0) + b * p.$(roles.scale0)_stride[0];
    shift_row = one ? (const $(T)*)p.$(roles.shift1) + b * p.$(roles.shift1)_stride[0] : (const $(T)*)p.$(roles.shift0) + b * p.$(roles.shift0)_stride[0];
    gate_row = one ? (const $(T)*)p.$(roles.gate1) + b * p.$(roles.gate1)_stride[0] : (const $(T)*)p.$(roles.gate0) + b * p.$(roles.gate0)_stride[0];
%   end
}
% end
