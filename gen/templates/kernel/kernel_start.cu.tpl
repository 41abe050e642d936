% -- Every kernel's first statements (included at the top of each kernel body by
% -- kernel/heads.cu.tpl, kernel/heads_lean.cu.tpl and kernel/rows.cu.tpl): the
% -- wait for the kernel before, then, with tile pdl_early, the early trigger.
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
% if m.tiles.pdl_early == 1 then
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
% end
