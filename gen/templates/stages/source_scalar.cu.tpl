% -- Stage source_scalar: one scale and one shift for every element, the f32
% -- scalars `scale` and `shift` of the op.
% -- Phases: it runs in "issue" (or "all").
% if phase ~= "use" then
% shared.mod_scalar = { scale = "p.scale", shift = "p.shift" }
% end
