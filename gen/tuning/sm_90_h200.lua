-- Tile parameters for the GPU model h200 on sm_90 (docs/tuning.md): on a device
-- named in devices, each variant's values are laid over its spec's tiles; {}
-- keeps the spec's tiles. A variant whose tiles equal the target default's
-- (sm_90.lua) shares its kernel; one that differs gets a kernel of its own.
-- Written by fusegen_tune on NVIDIA H200 (60 runs per time; times: the spec's tiles -> these).
-- The serving catalogue's entries (rmsnorm ... silu_and_mul) are from a later
-- run of the tuner (60 runs per time) over candidates with the rows tiles slice_warps and
-- spread_below (gated_residual_add, gelu_tanh_and_mul and silu_and_mul: a third,
-- with evict_first too); the rest are from the first.
-- The evict_first = 0 entries are from an A/B run of the C bench, not the tuner
-- (docs/tuning.md, "Plain loads, chosen from an A/B run"); so are the l2_keep = 1
-- entries ("L2 evict-last for the ops in place"), the l2_last = 1 entries
-- ("Evict-last loads of the other inputs"), the two fp8 norms' rows
-- ring ("The rows ring for the fp8 norms") and rope_qk_cos_sin_cache d128's
-- even_runs ("Even runs of a token's heads under GQA") and ahead ("A head
-- step ahead in shared memory"), and the qknorm_rope_cos_sin_cache d128
-- entries' ahead and block_phase ("The norm weights in shared memory"), their
-- full-rotary entries' tail_walk and tail_above, and select01's bf16_shift and
-- l2_last without the residual ("Tiles from an A/B run, and a bound on the tail"),
-- and the qknorm d128 entries' ahead = 2 (full rotary) and flat grid and tail
-- (partial rotary; "The block phase's weights by async copies"), and
-- rmsnorm_quant_fp8's ring of 3 rows ("A ring of 3 rows for the static fp8 norm"),
-- and select01's full_rows and hold_rows without the residual ("Which of the
-- library's ways cost, in select01's bound"), and the across-heads entry's
-- walk_index32, warps and min_blocks ("The head walk's index in 32 bits") and its
-- sum_steps ("The across-heads sum with two head steps in flight"), and the
-- per-batch and per-frame refill_late ("The ring's refill after LayerNorm's second sum"),
-- and the bf16_shift of fused_add_rmsnorm's two forms and of rmsnorm_dynamic_quant_fp8
-- (with its l2_last: "The late refill elsewhere; the per-frame form's modulation rows"),
-- and rmsnorm_quant_fp8's ring_stagger ("The ring's first rows first").
return {
  gpu = "NVIDIA H200",
  devices = { "NVIDIA H200" },
  ops = {
    fused_add_rmsnorm = {
      -- fused_add_rmsnorm [32,4096]: 4.8 us -> 4.8 us
      -- fused_add_rmsnorm [4096,4096]: 34.4 us -> 34.4 us
      -- fused_add_rmsnorm [8192,5120]: 83.1 us -> 83.1 us
      -- fused_add_rmsnorm [16384,8192]: 271.2 us -> 271.2 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   fused_add_rmsnorm [32,4096]: 4.70 us -> 4.77 us
      --   fused_add_rmsnorm [4096,4096]: 34.43 us -> 33.98 us
      --   fused_add_rmsnorm [8192,5120]: 82.98 us -> 82.11 us
      --   fused_add_rmsnorm [16384,8192]: 263.97 us -> 260.83 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores): C bench, 60 runs, best of two alternating passes:
      --   fused_add_rmsnorm [32,4096]: 4.83 us -> 4.93 us
      --   fused_add_rmsnorm [4096,4096]: 34.27 us -> 33.57 us
      --   fused_add_rmsnorm [8192,5120]: 82.56 us -> 80.51 us
      --   fused_add_rmsnorm [16384,8192]: 263.33 us -> 249.09 us
      -- bf16_shift = 1 (bf16 unpacked by a shift and a mask), against the tiles above: bench/ab.py, 60 runs, best of three alternating passes:
      --   fused_add_rmsnorm [32,4096]: 4.48 us -> 4.45 us
      --   fused_add_rmsnorm [4096,4096]: 33.66 us -> 33.50 us
      --   fused_add_rmsnorm [8192,5120]: 80.16 us -> 80.16 us
      --   fused_add_rmsnorm [16384,8192]: 248.74 us -> 248.80 us
      fused_add_rmsnorm_bf16_wbf16_vec16 = { bf16_shift = 1, evict_first = 0, l2_keep = 1 },
    },
    fused_add_rmsnorm_quant_fp8 = {
      -- fused_add_rmsnorm_quant_fp8 [32,4096]: 4.8 us -> 4.8 us
      -- fused_add_rmsnorm_quant_fp8 [4096,4096]: 30.4 us -> 30.4 us
      -- fused_add_rmsnorm_quant_fp8 [8192,5120]: 73.0 us -> 73.0 us
      -- fused_add_rmsnorm_quant_fp8 [16384,8192]: 230.4 us -> 230.4 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   fused_add_rmsnorm_quant_fp8 [32,4096]: 4.86 us -> 4.83 us
      --   fused_add_rmsnorm_quant_fp8 [4096,4096]: 30.62 us -> 29.47 us
      --   fused_add_rmsnorm_quant_fp8 [8192,5120]: 73.50 us -> 71.04 us
      --   fused_add_rmsnorm_quant_fp8 [16384,8192]: 231.46 us -> 222.37 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores): C bench, 60 runs, best of two alternating passes:
      --   fused_add_rmsnorm_quant_fp8 [32,4096]: 4.90 us -> 4.96 us
      --   fused_add_rmsnorm_quant_fp8 [4096,4096]: 29.57 us -> 29.25 us
      --   fused_add_rmsnorm_quant_fp8 [8192,5120]: 71.20 us -> 70.37 us
      --   fused_add_rmsnorm_quant_fp8 [16384,8192]: 223.55 us -> 219.04 us
      -- bf16_shift = 1 (bf16 unpacked by a shift and a mask), against the tiles above: bench/ab.py, 60 runs, best of three alternating passes:
      --   fused_add_rmsnorm_quant_fp8 [32,4096]: 4.38 us -> 4.29 us
      --   fused_add_rmsnorm_quant_fp8 [4096,4096]: 29.02 us -> 28.96 us
      --   fused_add_rmsnorm_quant_fp8 [8192,5120]: 70.14 us -> 69.95 us
      --   fused_add_rmsnorm_quant_fp8 [16384,8192]: 217.98 us -> 217.41 us
      fused_add_rmsnorm_quant_fp8_bf16_wbf16_vec16 = { bf16_shift = 1, evict_first = 0, l2_keep = 1 },
    },
    gated_residual_add = {
      -- gated_residual_add [2,4096,3072] gate [B,C]: 36.7 us -> 35.5 us
      -- gated_residual_add [1,16384,5120] gate [B,C]: 119.9 us -> 115.2 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores): C bench, 60 runs, best of two alternating passes:
      --   gated_residual_add [2,4096,3072] gate [B,C]: 35.17 us -> 35.10 us
      --   gated_residual_add [1,16384,5120] gate [B,C]: 114.62 us -> 114.08 us
      gated_residual_add_bf16_vec16 = { evict_first = 0, l2_keep = 1, slice_warps = 2 },
    },
    gelu_tanh_and_mul = {
      -- gelu_tanh_and_mul [32,28672]: 5.8 us -> 5.6 us
      -- gelu_tanh_and_mul [4096,28672]: 95.3 us -> 94.7 us
      -- gelu_tanh_and_mul [16384,16384]: 211.6 us -> 210.3 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   gelu_tanh_and_mul [32,28672]: 4.58 us -> 4.42 us
      --   gelu_tanh_and_mul [4096,28672]: 84.45 us -> 81.54 us
      --   gelu_tanh_and_mul [16384,16384]: 190.85 us -> 181.73 us
      gelu_tanh_and_mul_bf16_vec16 = { l2_last = 1, min_blocks = 4, slice_warps = 2 },
    },
    layernorm = {
      -- layernorm [32,4096]: 5.7 us -> 5.4 us
      -- layernorm [4096,4096]: 21.4 us -> 21.0 us
      -- layernorm [8192,5120]: 49.4 us -> 45.5 us
      -- layernorm [16384,8192]: 154.4 us -> 136.7 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   layernorm [32,4096]: 5.57 us -> 5.54 us
      --   layernorm [4096,4096]: 21.18 us -> 21.22 us
      --   layernorm [8192,5120]: 44.96 us -> 43.84 us
      --   layernorm [16384,8192]: 136.54 us -> 134.40 us
      -- bf16_shift = 1 (bf16 unpacked by a shift and a mask), against the tiles above: C bench, 60 runs, best of two alternating passes:
      --   layernorm [32,4096]: 5.4 us -> 5.2 us
      --   layernorm [4096,4096]: 21.2 us -> 21.0 us
      --   layernorm [8192,5120]: 43.9 us -> 43.4 us
      --   layernorm [16384,8192]: 134.4 us -> 132.9 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   layernorm [32,4096]: 5.22 us -> 4.64 us
      --   layernorm [4096,4096]: 20.90 us -> 20.83 us
      --   layernorm [8192,5120]: 43.36 us -> 42.75 us
      --   layernorm [16384,8192]: 132.90 us -> 131.87 us
      -- the rows ring of 4 rows with weight and bias held (bulk_rows = 4, ring_holds = 1, blocks_per_sm = 16,
      -- min_blocks = 1) for calls of up to 48 rows per multiprocessor, the flat form of the tiles above past
      -- them (flat_above = 48): bench/ab.py, 60 runs, best of two alternating passes:
      --   layernorm [32,4096]: 4.64 us -> 4.67 us
      --   layernorm [4096,4096]: 20.93 us -> 19.62 us
      --   layernorm [8192,5120]: 42.78 us -> 43.04 us
      --   layernorm [16384,8192]: 131.84 us -> 131.94 us
      layernorm_bf16_vec16 = { bf16_shift = 1, blocks_per_sm = 16, bulk_rows = 4, chunks = 4, evict_first = 0, flat_above = 48, l2_last = 1, min_blocks = 1, prefetch = 1, ring_holds = 1, spread_below = 2, warps = 16 },
    },
    norm_modulate = {
      -- norm_modulate layer per batch [2,2048,3072]: 18.6 us -> 18.6 us
      -- norm_modulate layer per batch [1,4096,3072]: 18.0 us -> 18.0 us
      -- norm_modulate layer per batch [2,8192,3072]: 59.2 us -> 59.2 us
      -- norm_modulate layer per batch [1,4096,5120]: 27.3 us -> 27.3 us
      -- bf16_shift = 1 (bf16 unpacked by a shift and a mask), against the tiles above: C bench, 60 runs, best of two alternating passes:
      --   norm_modulate layer per batch [2,2048,3072]: 16.0 us -> 15.5 us
      --   norm_modulate layer per batch [1,4096,3072]: 15.8 us -> 15.6 us
      --   norm_modulate layer per batch [2,8192,3072]: 52.2 us -> 51.8 us
      --   norm_modulate layer per batch [1,4096,5120]: 23.9 us -> 23.9 us
      -- refill_late = 1 (LayerNorm's ring place refilled after its variance's sum, not its mean's): bench/ab.py, 60 runs, best of four alternating passes:
      --   norm_modulate layer per batch [2,2048,3072]: 15.07 us -> 14.72 us
      --   norm_modulate layer per batch [1,4096,3072]: 15.55 us -> 15.33 us
      --   norm_modulate layer per batch [2,8192,3072]: 52.54 us -> 52.13 us
      --   norm_modulate layer per batch [1,4096,5120]: 22.72 us -> 22.72 us
      norm_modulate_bf16_nores_vec16 = { bf16_shift = 1, refill_late = 1 },
      -- norm_modulate rms per batch residual [2,2048,3072]: 32.4 us -> 30.9 us
      -- norm_modulate rms per batch residual [1,4096,3072]: 31.9 us -> 30.9 us
      -- norm_modulate rms per batch residual [2,8192,3072]: 118.3 us -> 117.1 us
      -- norm_modulate rms per batch residual [1,4096,5120]: 50.6 us -> 49.6 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   norm_modulate rms per batch residual [2,2048,3072]: 30.62 us -> 30.40 us
      --   norm_modulate rms per batch residual [1,4096,3072]: 30.59 us -> 30.40 us
      --   norm_modulate rms per batch residual [2,8192,3072]: 117.47 us -> 115.52 us
      --   norm_modulate rms per batch residual [1,4096,5120]: 50.40 us -> 49.15 us
      norm_modulate_bf16_res_vec16 = { l2_last = 1, prefetch = 2 },
    },
    norm_modulate_per_frame = {
      -- norm_modulate_per_frame layer per frame F=16 [2,2048,3072]: 20.9 us -> 18.7 us
      -- norm_modulate_per_frame layer per frame F=16 [1,4096,3072]: 20.7 us -> 18.6 us
      -- norm_modulate_per_frame layer per frame F=16 [2,8192,3072]: 68.5 us -> 65.5 us
      -- norm_modulate_per_frame layer per frame F=16 [1,4096,5120]: 31.3 us -> 29.0 us
      -- Since a row finds its frame by the launcher's divisor (no division in the
      -- kernel), the spec's tiles are the faster: C bench, 100 runs, two passes,
      -- the tiles above -> the spec's: [2,2048,3072] 18.4 -> 17.8 us, [1,4096,3072]
      -- 18.9 -> 18.4, [2,8192,3072] 64.8 -> 62.5, [1,4096,5120] 28.3 -> 27.7.
      -- bf16_shift = 1 (bf16 unpacked by a shift and a mask), against the tiles above: C bench, 60 runs, best of two alternating passes:
      --   norm_modulate_per_frame layer per frame F=16 [2,2048,3072]: 17.2 us -> 16.3 us
      --   norm_modulate_per_frame layer per frame F=16 [1,4096,3072]: 17.3 us -> 16.2 us
      --   norm_modulate_per_frame layer per frame F=16 [2,8192,3072]: 54.7 us -> 52.8 us
      --   norm_modulate_per_frame layer per frame F=16 [1,4096,5120]: 25.7 us -> 24.7 us
      -- refill_late = 1 (as per batch): bench/ab.py, 60 runs, best of three alternating passes:
      --   norm_modulate_per_frame layer per frame F=16 [2,2048,3072]: 15.65 us -> 15.36 us
      --   norm_modulate_per_frame layer per frame F=16 [1,4096,3072]: 16.13 us -> 15.84 us
      --   norm_modulate_per_frame layer per frame F=16 [2,8192,3072]: 51.65 us -> 51.49 us
      --   norm_modulate_per_frame layer per frame F=16 [1,4096,5120]: 22.66 us -> 22.82 us
      norm_modulate_per_frame_bf16_nores_vec16 = { bf16_shift = 1, refill_late = 1 },
    },
    norm_modulate_per_token = {
      -- norm_modulate_per_token layer per token [2,2048,3072]: 26.3 us -> 26.3 us
      -- norm_modulate_per_token layer per token [1,4096,3072]: 25.4 us -> 25.4 us
      -- norm_modulate_per_token layer per token [2,8192,3072]: 92.6 us -> 92.6 us
      -- norm_modulate_per_token layer per token [1,4096,5120]: 39.9 us -> 39.9 us
      norm_modulate_per_token_bf16_nores_vec16 = {},
    },
    norm_modulate_scalar = {
      -- norm_modulate_scalar layer scalar [2,2048,3072]: 15.6 us -> 14.6 us
      -- norm_modulate_scalar layer scalar [1,4096,3072]: 15.5 us -> 14.6 us
      -- norm_modulate_scalar layer scalar [2,8192,3072]: 51.2 us -> 50.5 us
      -- norm_modulate_scalar layer scalar [1,4096,5120]: 23.4 us -> 22.1 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   norm_modulate_scalar layer scalar [2,2048,3072]: 14.50 us -> 14.50 us
      --   norm_modulate_scalar layer scalar [1,4096,3072]: 14.56 us -> 14.56 us
      --   norm_modulate_scalar layer scalar [2,8192,3072]: 50.24 us -> 48.48 us
      --   norm_modulate_scalar layer scalar [1,4096,5120]: 22.21 us -> 21.92 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   norm_modulate_scalar layer scalar [2,2048,3072]: 14.43 us -> 14.34 us
      --   norm_modulate_scalar layer scalar [1,4096,3072]: 14.50 us -> 14.34 us
      --   norm_modulate_scalar layer scalar [2,8192,3072]: 48.70 us -> 47.55 us
      --   norm_modulate_scalar layer scalar [1,4096,5120]: 21.73 us -> 21.54 us
      norm_modulate_scalar_bf16_nores_vec16 = { chunks = 4, evict_first = 0, l2_last = 1, min_blocks = 1, prefetch = 2, warps = 16 },
    },
    norm_modulate_select01 = {
      -- norm_modulate_select01 layer [2,2048,3072]: 22.2 us -> 22.2 us
      -- norm_modulate_select01 layer [1,4096,3072]: 22.6 us -> 22.6 us
      -- norm_modulate_select01 layer [2,8192,3072]: 78.0 us -> 78.0 us
      -- norm_modulate_select01 layer [1,4096,5120]: 35.4 us -> 35.4 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   norm_modulate_select01 layer [2,2048,3072]: 22.14 us -> 22.18 us
      --   norm_modulate_select01 layer [1,4096,3072]: 21.22 us -> 21.25 us
      --   norm_modulate_select01 layer [2,8192,3072]: 76.83 us -> 76.48 us
      --   norm_modulate_select01 layer [1,4096,5120]: 34.72 us -> 34.46 us
      -- bf16_shift = 1, l2_last = 1 (bf16 unpacked by a shift and a mask; x loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   norm_modulate_select01 layer [2,2048,3072]: 21.92 us -> 21.73 us
      --   norm_modulate_select01 layer [1,4096,3072]: 21.34 us -> 21.22 us
      --   norm_modulate_select01 layer [2,8192,3072]: 77.34 us -> 75.94 us
      --   norm_modulate_select01 layer [1,4096,5120]: 34.59 us -> 34.08 us
      -- full_rows = 1, hold_rows = 1 (the FULL instance, its modulation and gate rows loaded after the reductions): bench/ab.py, 60 runs, best of three alternating passes:
      --   norm_modulate_select01 layer [2,2048,3072]: 21.57 us -> 21.18 us
      --   norm_modulate_select01 layer [1,4096,3072]: 21.66 us -> 21.18 us
      --   norm_modulate_select01 layer [2,8192,3072]: 75.14 us -> 74.62 us
      --   norm_modulate_select01 layer [1,4096,5120]: 32.99 us -> 32.64 us
      -- batch_inner = 1 (the grid's batch entry innermost: every batch entry's branch rows read from the call's start): bench/ab.py, 60 runs, best of three alternating passes:
      --   norm_modulate_select01 layer [2,2048,3072]: 21.25 us -> 20.70 us
      --   norm_modulate_select01 layer [1,4096,3072]: 20.70 us -> 20.64 us
      --   norm_modulate_select01 layer [2,8192,3072]: 74.53 us -> 74.72 us
      --   norm_modulate_select01 layer [1,4096,5120]: 33.34 us -> 33.41 us
      -- (the residual form with it: +1.5, 0.0, +0.9, +0.1% in the same run; it keeps the batch entry outermost)
      norm_modulate_select01_bf16_idxi64_nores_vec16 = { batch_inner = 1, bf16_shift = 1, evict_first = 0, full_rows = 1, hold_rows = 1, l2_last = 1 },
      -- norm_modulate_select01 layer residual [2,2048,3072]: 38.6 us -> 38.6 us
      -- norm_modulate_select01 layer residual [1,4096,3072]: 39.0 us -> 39.0 us
      -- norm_modulate_select01 layer residual [2,8192,3072]: 145.5 us -> 145.5 us
      -- norm_modulate_select01 layer residual [1,4096,5120]: 63.6 us -> 63.6 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   norm_modulate_select01 layer residual [2,2048,3072]: 38.85 us -> 38.11 us
      --   norm_modulate_select01 layer residual [1,4096,3072]: 37.70 us -> 36.86 us
      --   norm_modulate_select01 layer residual [2,8192,3072]: 145.76 us -> 142.50 us
      --   norm_modulate_select01 layer residual [1,4096,5120]: 62.69 us -> 61.44 us
      norm_modulate_select01_bf16_idxi64_res_vec16 = { l2_last = 1 },
    },
    qknorm_across_heads_rope_per_head = {
      -- qknorm_across_heads_rope_per_head ltx2 video [4,1152,32,128]: 62.3 us -> 56.1 us
      -- qknorm_across_heads_rope_per_head ltx2 large [2,24576,32,128]: 638.5 us -> 551.9 us
      -- (2 warps of the block form; then min_blocks = 18, 56 registers rather than 64:
      -- video 55.3 -> 52.5 us, large 545.6 -> 526.0 us, C bench, two alternating passes)
      -- walk_index32 = 1 with 4 warps at 10 blocks (the head index in 32 bits: 48 registers without a spill, 40 warps a multiprocessor): bench/ab.py, 60 runs, best of three alternating passes:
      --   qknorm_across_heads_rope_per_head ltx2 video [4,1152,32,128]: 52.64 us -> 52.29 us
      --   qknorm_across_heads_rope_per_head ltx2 large [2,24576,32,128]: 530.56 us -> 520.67 us
      -- sum_steps = 2 (the sum's pass with two head steps' loads in flight; 48 registers still): bench/ab.py, 60 runs, best of three alternating passes:
      --   qknorm_across_heads_rope_per_head ltx2 video [4,1152,32,128]: 51.26 us -> 49.28 us
      --   qknorm_across_heads_rope_per_head ltx2 large [2,24576,32,128]: 515.42 us -> 495.84 us
      qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16 = { min_blocks = 10, sum_steps = 2, walk_index32 = 1, warps = 4 },
    },
    qknorm_rope_cos_sin_cache = {
      -- qknorm_rope flux_1024 N=4096 H=24: 30.6 us -> 28.3 us
      -- qknorm_rope qwen_1024 N=4096 H=32: 40.3 us -> 38.1 us
      -- qknorm_rope zimage_1024 N=4096 H=30: 38.8 us -> 36.0 us
      -- qknorm_rope batch2 2x2048 H=24: 30.6 us -> 28.4 us
      -- qknorm_rope flux2 N=4096 H=48: 58.3 us -> 54.7 us
      -- qknorm_rope hunyuan N=115200 H=24: 757.2 us -> 724.5 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24: 28.38 us -> 28.19 us
      --   qknorm_rope qwen_1024 N=4096 H=32: 37.86 us -> 37.66 us
      --   qknorm_rope zimage_1024 N=4096 H=30: 35.81 us -> 35.65 us
      --   qknorm_rope batch2 2x2048 H=24: 28.26 us -> 28.16 us
      --   qknorm_rope flux2 N=4096 H=48: 55.01 us -> 54.46 us
      --   qknorm_rope hunyuan N=115200 H=24: 721.22 us -> 715.65 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores), against no l2_keep: C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24: 28.93 us -> 28.83 us
      --   qknorm_rope qwen_1024 N=4096 H=32: 38.02 us -> 37.54 us
      --   qknorm_rope zimage_1024 N=4096 H=30: 36.35 us -> 36.19 us
      --   qknorm_rope batch2 2x2048 H=24: 28.90 us -> 28.83 us
      --   qknorm_rope flux2 N=4096 H=48: 54.82 us -> 54.30 us
      --   qknorm_rope hunyuan N=115200 H=24: 718.66 us -> 704.93 us
      -- ahead = 1 and block_phase = 1 (the next head step copied into shared memory; the norm weights in shared memory from the block's start, so that 64 registers hold the walk): bench/ab.py, 40 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24: 28.13 us -> 27.36 us
      --   qknorm_rope qwen_1024 N=4096 H=32: 38.02 us -> 37.15 us
      --   qknorm_rope zimage_1024 N=4096 H=30: 35.65 us -> 34.53 us
      --   qknorm_rope batch2 2x2048 H=24: 28.16 us -> 27.30 us
      --   qknorm_rope flux2 N=4096 H=48: 54.08 us -> 53.22 us
      --   qknorm_rope hunyuan N=115200 H=24: 705.09 us -> 696.32 us
      -- tail_walk = 3, tail_above = 6 (the last wave's tokens of more than 24 heads in runs of 12): bench/ab.py, 60 runs, best of two alternating passes (tail_walk = 3 alone; at 24 heads it was 0.4 to 0.8% slower, and tail_above keeps those whole):
      --   qknorm_rope qwen_1024 N=4096 H=32: 37.15 us -> 36.35 us
      --   qknorm_rope zimage_1024 N=4096 H=30: 34.43 us -> 34.30 us
      --   qknorm_rope flux2 N=4096 H=48: 53.02 us -> 50.98 us
      --   qknorm_rope hunyuan N=115200 H=24: 696.29 us -> 695.20 us
      -- ahead = 2 (two head steps copied ahead): bench/ab.py, 60 runs, best of two alternating passes, on the build whose block phase copies asynchronously:
      --   qknorm_rope flux_1024 N=4096 H=24: 27.07 us -> 26.78 us
      --   qknorm_rope qwen_1024 N=4096 H=32: 35.30 us -> 35.07 us
      --   qknorm_rope zimage_1024 N=4096 H=30: 33.73 us -> 33.06 us
      --   qknorm_rope batch2 2x2048 H=24: 27.07 us -> 26.85 us
      --   qknorm_rope flux2 N=4096 H=48: 50.62 us -> 50.72 us
      --   qknorm_rope hunyuan N=115200 H=24: 695.74 us -> 696.61 us
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16 = { ahead = 2, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_above = 6, tail_walk = 3 },
      -- qknorm_rope qwen_partial N=4096 H=32 R=64: 40.5 us -> 37.2 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope qwen_partial N=4096 H=32 R=64: 37.60 us -> 37.41 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores), against no l2_keep: C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope qwen_partial N=4096 H=32 R=64: 37.86 us -> 37.57 us
      -- ahead = 1 and block_phase = 1 (the next head step copied into shared memory; the norm weights in shared memory from the block's start, so that 64 registers hold the walk): bench/ab.py, 40 runs, best of two alternating passes:
      --   qknorm_rope qwen_partial N=4096 H=32 R=64: 37.06 us -> 36.19 us
      -- blocks_per_sm = 0, tail_walk = 3, tail_above = 6 (the full-rotary entries' flat grid and tail): bench/ab.py, 60 runs, best of two alternating passes, on the build whose block phase copies asynchronously (ahead = 2 was 0.8 to 1.7% slower here):
      --   qknorm_rope qwen_partial N=4096 H=32 R=64: 36.26 us -> 35.68 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 bf16 w: 36.48 us -> 35.71 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 i32 pos: 36.10 us -> 35.65 us
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi64_pairinterleaved_d128_rotpartial_vec16 = { ahead = 1, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_above = 6, tail_walk = 3 },
      -- bf16 weights (the form other engines require) with the fp32 weights' tiles
      -- above, against the spec's: C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24 bf16 w: 30.53 us -> 28.74 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 bf16 w: 40.26 us -> 37.63 us
      --   qknorm_rope hunyuan N=115200 H=24 bf16 w: 756.22 us -> 703.30 us
      -- ahead = 1 and block_phase = 1 (the next head step copied into shared memory; the norm weights in shared memory from the block's start, so that 64 registers hold the walk): bench/ab.py, 40 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24 bf16 w: 28.90 us -> 28.19 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 bf16 w: 37.82 us -> 37.06 us
      --   qknorm_rope hunyuan N=115200 H=24 bf16 w: 705.63 us -> 697.28 us
      -- ahead = 2, and the partial entry's flat grid and tail, as with fp32 weights: bench/ab.py, 60 runs, best of two alternating passes, on the build whose block phase copies asynchronously:
      --   qknorm_rope flux_1024 N=4096 H=24 bf16 w: 27.84 us -> 27.68 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 bf16 w: 36.48 us -> 35.71 us
      qknorm_rope_cos_sin_cache_bf16_wbf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16 = { ahead = 2, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_above = 6, tail_walk = 3 },
      qknorm_rope_cos_sin_cache_bf16_wbf16_tabfp32_posi64_pairinterleaved_d128_rotpartial_vec16 = { ahead = 1, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_above = 6, tail_walk = 3 },
      -- int32 positions with the int64 positions' tiles above, against the spec's:
      -- C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24 i32 pos: 29.82 us -> 27.90 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 i32 pos: 39.58 us -> 36.67 us
      --   qknorm_rope hunyuan N=115200 H=24 i32 pos: 754.78 us -> 701.95 us
      -- ahead = 1 and block_phase = 1 (the next head step copied into shared memory; the norm weights in shared memory from the block's start, so that 64 registers hold the walk): bench/ab.py, 40 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24 i32 pos: 28.06 us -> 27.36 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 i32 pos: 36.83 us -> 36.45 us
      --   qknorm_rope hunyuan N=115200 H=24 i32 pos: 704.42 us -> 696.51 us
      -- ahead = 2, and the partial entry's flat grid and tail, as with int64 positions: bench/ab.py, 60 runs, best of two alternating passes, on the build whose block phase copies asynchronously:
      --   qknorm_rope flux_1024 N=4096 H=24 i32 pos: 27.62 us -> 27.46 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 i32 pos: 36.10 us -> 35.65 us
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16 = { ahead = 2, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_above = 6, tail_walk = 3 },
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi32_pairinterleaved_d128_rotpartial_vec16 = { ahead = 1, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_above = 6, tail_walk = 3 },
    },
    rmsnorm = {
      -- rmsnorm [32,4096]: 4.8 us -> 4.6 us
      -- rmsnorm [4096,4096]: 18.8 us -> 18.6 us
      -- rmsnorm [8192,5120]: 43.1 us -> 43.1 us
      -- rmsnorm [16384,8192]: 136.3 us -> 136.0 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   rmsnorm [32,4096]: 4.67 us -> 4.58 us
      --   rmsnorm [4096,4096]: 18.62 us -> 18.46 us
      --   rmsnorm [8192,5120]: 42.56 us -> 40.96 us
      --   rmsnorm [16384,8192]: 136.35 us -> 129.50 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   rmsnorm [32,4096]: 4.51 us -> 4.35 us
      --   rmsnorm [4096,4096]: 18.56 us -> 18.53 us
      --   rmsnorm [8192,5120]: 41.09 us -> 40.19 us
      --   rmsnorm [16384,8192]: 129.86 us -> 125.02 us
      rmsnorm_bf16_wbf16_vec16 = { chunks = 4, evict_first = 0, l2_last = 1, warps = 16 },
    },
    rmsnorm_dynamic_quant_fp8 = {
      -- rmsnorm_dynamic_quant_fp8 [32,4096]: 5.4 us -> 5.1 us
      -- rmsnorm_dynamic_quant_fp8 [4096,4096]: 20.4 us -> 17.4 us
      -- rmsnorm_dynamic_quant_fp8 [8192,5120]: 44.7 us -> 36.8 us
      -- rmsnorm_dynamic_quant_fp8 [16384,8192]: 136.1 us -> 108.1 us
      -- the rows ring with the weight held (bulk_rows = 2, ring_holds = 1): C bench, 60 runs, best of two alternating passes:
      --   rmsnorm_dynamic_quant_fp8 [32,4096]: 4.9 us -> 4.8 us
      --   rmsnorm_dynamic_quant_fp8 [4096,4096]: 16.7 us -> 16.1 us
      --   rmsnorm_dynamic_quant_fp8 [8192,5120]: 35.5 us -> 32.0 us
      --   rmsnorm_dynamic_quant_fp8 [16384,8192]: 106.2 us -> 100.7 us
      -- bf16_shift = 1 and l2_last = 1 (the ring's bulk copies of x under an L2 evict-last policy): bench/ab.py, 60 runs, best of three alternating passes:
      --   rmsnorm_dynamic_quant_fp8 [32,4096]: 4.77 us -> 4.51 us
      --   rmsnorm_dynamic_quant_fp8 [4096,4096]: 15.87 us -> 15.94 us
      --   rmsnorm_dynamic_quant_fp8 [8192,5120]: 32.06 us -> 32.29 us
      --   rmsnorm_dynamic_quant_fp8 [16384,8192]: 98.46 us -> 96.16 us
      rmsnorm_dynamic_quant_fp8_bf16_wbf16_nores_vec16 = { bf16_shift = 1, blocks_per_sm = 16, bulk_rows = 2, chunks = 4, evict_first = 0, l2_last = 1, min_blocks = 1, ring_holds = 1, warps = 16 },
    },
    rmsnorm_quant_fp8 = {
      -- rmsnorm_quant_fp8 [32,4096]: 4.6 us -> 4.6 us
      -- rmsnorm_quant_fp8 [4096,4096]: 16.7 us -> 16.5 us
      -- rmsnorm_quant_fp8 [8192,5120]: 38.0 us -> 35.0 us
      -- rmsnorm_quant_fp8 [16384,8192]: 116.9 us -> 106.5 us
      -- the rows ring with the weight held (bulk_rows = 2, ring_holds = 1): C bench, 60 runs, best of two alternating passes:
      --   rmsnorm_quant_fp8 [32,4096]: 4.3 us -> 4.4 us
      --   rmsnorm_quant_fp8 [4096,4096]: 15.9 us -> 16.1 us
      --   rmsnorm_quant_fp8 [8192,5120]: 33.8 us -> 32.3 us
      --   rmsnorm_quant_fp8 [16384,8192]: 104.6 us -> 96.1 us
      -- bf16_shift = 1 (bf16 unpacked by a shift and a mask), against the tiles above: C bench, 60 runs, best of two alternating passes:
      --   rmsnorm_quant_fp8 [32,4096]: 4.6 us -> 4.4 us
      --   rmsnorm_quant_fp8 [4096,4096]: 16.2 us -> 15.9 us
      --   rmsnorm_quant_fp8 [8192,5120]: 32.1 us -> 32.3 us
      --   rmsnorm_quant_fp8 [16384,8192]: 96.2 us -> 96.1 us
      -- l2_last = 1 (the ring's bulk copies of x under an L2 evict-last policy): bench/ab.py, 80 runs, best of three alternating passes:
      --   rmsnorm_quant_fp8 [32,4096]: 4.61 us -> 4.16 us
      --   rmsnorm_quant_fp8 [4096,4096]: 15.97 us -> 15.81 us
      --   rmsnorm_quant_fp8 [8192,5120]: 32.26 us -> 32.13 us
      --   rmsnorm_quant_fp8 [16384,8192]: 95.94 us -> 94.27 us
      -- a ring of 3 rows, and the flat form past 96 rows a multiprocessor (bulk_rows = 3, flat_above = 96): bench/ab.py, 60 runs, best of three alternating passes:
      --   rmsnorm_quant_fp8 [32,4096]: 4.06 us -> 4.06 us
      --   rmsnorm_quant_fp8 [4096,4096]: 15.74 us -> 15.23 us
      --   rmsnorm_quant_fp8 [8192,5120]: 32.26 us -> 31.87 us
      --   rmsnorm_quant_fp8 [16384,8192]: 94.02 us -> 95.71 us
      -- ring_stagger = 1000 (the block's second and third rows 1000 cycles after its first): bench/ab.py, 60 runs, best of two alternating passes:
      --   rmsnorm_quant_fp8 [32,4096]: 4.10 us -> 3.97 us
      --   rmsnorm_quant_fp8 [4096,4096]: 15.30 us -> 14.72 us
      --   rmsnorm_quant_fp8 [8192,5120]: 31.78 us -> 31.62 us
      --   rmsnorm_quant_fp8 [16384,8192]: 95.62 us -> 95.55 us
      rmsnorm_quant_fp8_bf16_wbf16_vec16 = { bf16_shift = 1, blocks_per_sm = 16, bulk_rows = 3, chunks = 4, evict_first = 0, flat_above = 96, l2_last = 1, min_blocks = 1, ring_holds = 1, ring_stagger = 1000, warps = 16 },
    },
    rope = {
      -- rope half [1,115200,24,128]: 381.6 us -> 360.9 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   rope half [1,115200,24,128]: 357.41 us -> 347.10 us
      -- pdl_early = 0 (no early trigger): with it, a CUDA graph of 20 calls (build/fusegen_pdl_chain, 15 runs, best of
      -- three alternating passes) ran rope hunyuan, half, wan and [2,4096,24,128] 14 to 20% slower with PDL off as well
      -- as on (346.25 -> 416.05 us, 347.40 -> 416.04, 52.48 -> 59.94, 26.61 -> 30.34 with PDL off), the flat grid's many
      -- blocks of 2 warps each paying for the trigger
      rope_bf16_tabfp32_pairhalf_d128_rotfull_vec16 = { blocks_per_sm = 0, evict_first = 0, pdl_early = 0, warps = 2 },
      -- rope hunyuan [1,115200,24,128]: 383.8 us -> 358.5 us
      -- rope wan [1,32760,12,128]: 55.9 us -> 54.2 us
      -- rope [2,4096,24,128]: 27.7 us -> 27.2 us
      -- rope [4096,24,128]: 15.1 us -> 14.8 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   rope hunyuan [1,115200,24,128]: 355.68 us -> 346.18 us
      --   rope wan [1,32760,12,128]: 54.30 us -> 51.97 us
      --   rope [2,4096,24,128]: 26.43 us -> 26.24 us
      --   rope [4096,24,128]: 14.75 us -> 14.88 us
      -- pdl_early = 0 (no early trigger): with it, a CUDA graph of 20 calls (build/fusegen_pdl_chain, 15 runs, best of
      -- three alternating passes) ran rope hunyuan, half, wan and [2,4096,24,128] 14 to 20% slower with PDL off as well
      -- as on (346.25 -> 416.05 us, 347.40 -> 416.04, 52.48 -> 59.94, 26.61 -> 30.34 with PDL off), the flat grid's many
      -- blocks of 2 warps each paying for the trigger
      rope_bf16_tabfp32_pairinterleaved_d128_rotfull_vec16 = { chunks = 1, evict_first = 0, flat_waves = 8, heads_in_flight = 2, pdl_early = 0, warps = 2 },
      -- rope [1,4096,32,64]: 11.9 us -> 11.3 us
      rope_bf16_tabfp32_pairinterleaved_d64_rotfull_vec16 = { chunks = 1, heads_in_flight = 2 },
    },
    rope_cos_sin_cache = {
      -- rope_cos_sin_cache flux [1,4608,24,128]: 17.3 us -> 16.9 us
      rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16 = { chunks = 1, heads_in_flight = 2 },
    },
    rope_per_head = {
      -- rope_per_head ltx2 video [4,1152,32,128]: 28.8 us -> 27.2 us
      -- rope_per_head ltx2 large [2,24576,32,128]: 293.7 us -> 279.3 us
      rope_per_head_bf16_tabbf16_roundeager_bf16_pairhalf_d128_rotfull_vec16 = { blocks_per_sm = 0 },
      -- rope_per_head ltx2 audio [4,25,32,64]: 4.8 us -> 4.6 us
      rope_per_head_bf16_tabbf16_roundeager_bf16_pairhalf_d64_rotfull_vec16 = { blocks_per_sm = 0, warps = 2 },
    },
    rope_qk = {
      -- rope_qk gqa 32/8 [4096,*,128] qkv: 24.0 us -> 23.0 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-first stores): level, not taken (C bench, 60 runs,
      -- best of two alternating passes, two runs: 23.01 us -> 22.72 us, 23.71 us -> 23.94 us)
      rope_qk_bf16_tabfp32_pairinterleaved_d128_rotfull_vec16 = { blocks_per_sm = 0 },
    },
    rope_qk_cos_sin_cache = {
      -- rope_qk_cos_sin_cache [4096,24/24,128] qkv: 29.2 us -> 27.6 us
      -- rope_qk_cos_sin_cache [4096,32/8,128] qkv: 24.5 us -> 24.4 us
      -- rope_qk_cos_sin_cache [115200,24/24,128] qkv: 759.0 us -> 708.6 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores), against no l2_keep: C bench, 60 runs, best of two alternating passes:
      --   rope_qk_cos_sin_cache [4096,24/24,128] qkv: 27.55 us -> 27.49 us
      --   rope_qk_cos_sin_cache [4096,32/8,128] qkv: 25.06 us -> 25.34 us
      --   rope_qk_cos_sin_cache [115200,24/24,128] qkv: 708.51 us -> 693.79 us
      -- even_runs = 1 (a token's heads in runs of k's count under GQA), against the tiles above: C bench, 60 runs, best of two alternating passes:
      --   rope_qk_cos_sin_cache [4096,24/24,128] qkv: 27.2 us -> 27.2 us
      --   rope_qk_cos_sin_cache [4096,32/8,128] qkv: 25.2 us -> 24.1 us
      --   rope_qk_cos_sin_cache [115200,24/24,128] qkv: 692.4 us -> 691.6 us
      -- ahead = 1 (each lane's next head step copied into shared memory while it works on this one), against the
      -- tiles above: C bench (bench/ab.py), 40 runs, best of two alternating passes, two runs:
      --   rope_qk_cos_sin_cache [4096,24/24,128] qkv: 27.20 us -> 26.69 us, 27.20 us -> 26.66 us
      --   rope_qk_cos_sin_cache [4096,32/8,128] qkv: 23.36 us -> 22.82 us, 23.36 us -> 22.82 us
      --   rope_qk_cos_sin_cache [115200,24/24,128] qkv: 692.03 us -> 691.23 us
      rope_qk_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16 = { ahead = 1, blocks_per_sm = 0, chunks = 1, even_runs = 1, heads_in_flight = 2, l2_keep = 1, walk = "token" },
      -- rope_qk_cos_sin_cache [4096,32/32,64] qkv: 20.7 us -> 18.9 us
      -- l2_keep = 1 with evict-normal stores, against no l2_keep: slower, not taken (rope_qk_cos_sin_cache [4096,32/32,64] qkv: 19.20 us -> 19.39 us)
      -- ahead = 1: slower, not taken (bench/ab.py, 40 runs, best of two alternating passes: 18.66 us -> 18.91 us)
      -- pdl_early = 0 (no early trigger): with PDL on, a CUDA graph of 20 calls (build/fusegen_pdl_chain, 15 runs,
      -- best of three alternating passes) took 11.35 -> 13.40 us a call with it, 11.32 -> 11.17 us without
      rope_qk_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d64_rotfull_vec16 = { chunks = 1, heads_in_flight = 2, pdl_early = 0, walk = "token", warps = 2 },
    },
    silu_and_mul = {
      -- the target's tiles (a chunk per thread, 31 registers: every thread slot
      -- of a multiprocessor in use, as torch.compile's kernel), measured against
      -- the spec's in the C bench (two alternating passes of 60 runs, best of two):
      -- silu_and_mul [32,28672]: 5.28 us -> 4.86 us
      -- silu_and_mul [4096,28672]: 84.74 us -> 84.83 us
      -- silu_and_mul [16384,16384]: 191.17 us -> 190.88 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   silu_and_mul [32,28672]: 4.77 us -> 4.83 us
      --   silu_and_mul [4096,28672]: 84.83 us -> 83.55 us
      --   silu_and_mul [16384,16384]: 190.94 us -> 186.72 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   silu_and_mul [32,28672]: 4.45 us -> 4.19 us
      --   silu_and_mul [4096,28672]: 81.15 us -> 80.58 us
      --   silu_and_mul [16384,16384]: 182.94 us -> 180.93 us
      silu_and_mul_bf16_vec16 = { chunks = 1, evict_first = 0, l2_last = 1, min_blocks = 4 },
    },
  },
}
