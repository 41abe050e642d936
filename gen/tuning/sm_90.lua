-- The tile parameters of sm_90 (docs/tuning.md): those tuned on the H100
-- (sm_90_h100.lua), which every sm_90 device runs unless its GPU model has a
-- file of its own (sm_90_<model>.lua) whose tiles differ.
return { default_model = "h100" }
