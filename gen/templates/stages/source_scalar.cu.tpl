% -- Stage source_scalar: one scale and one shift for every element, the f32
% -- scalars `scale` and `shift` of the op.
% shared.mod_scalar = { scale = "p.scale", shift = "p.shift" }
