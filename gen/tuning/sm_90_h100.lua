-- Tile parameters for the GPU model h100 on sm_90 (docs/tuning.md): on a device
-- named in devices, each variant's values are laid over its spec's tiles; {}
-- keeps the spec's tiles. A variant whose tiles equal the target default's
-- (sm_90.lua) shares its kernel; one that differs gets a kernel of its own.
-- Written by fusegen_tune on NVIDIA H100 80GB HBM3 (100 runs per time; times: the spec's tiles -> these).
-- The serving catalogue's entries (rmsnorm ... silu_and_mul) are from a later
-- run of the tuner (60 runs per time) over candidates with the rows tiles slice_warps and
-- spread_below; the rest are from the first.
-- The evict_first = 0 entries are from an A/B run of the C bench, not the tuner
-- (docs/tuning.md, "Plain loads, chosen from an A/B run"); so are the l2_keep = 1
-- entries ("L2 evict-last for the ops in place"), the l2_last = 1 entries
-- ("Evict-last loads of the other inputs"), rope_qk_cos_sin_cache d128's
-- H200 tiles (bench/NOTES.md, "rope_qk_cos_sin_cache on the H100 with the H200's
-- tiles"), rope_qk d128's flat grid and rope_qk_cos_sin_cache d128's even_runs
-- ("Even runs of a token's heads under GQA") and ahead, and the
-- qknorm_rope_cos_sin_cache d128 entries' ahead and block_phase ("The norm
-- weights in shared memory") and tail_walk ("A tail of short runs"; the H200
-- has runs of 3 steps for tokens of more than 24 heads, so it has kernels of
-- its own for those variants).
return {
  gpu = "NVIDIA H100 80GB HBM3",
  devices = { "NVIDIA H100 80GB HBM3" },
  ops = {
    fused_add_rmsnorm = {
      -- fused_add_rmsnorm [32,4096]: 5.2 us -> 5.2 us
      -- fused_add_rmsnorm [4096,4096]: 44.2 us -> 44.2 us
      -- fused_add_rmsnorm [8192,5120]: 111.3 us -> 111.3 us
      -- fused_add_rmsnorm [16384,8192]: 358.5 us -> 358.5 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   fused_add_rmsnorm [32,4096]: 4.96 us -> 4.96 us
      --   fused_add_rmsnorm [4096,4096]: 43.81 us -> 43.65 us
      --   fused_add_rmsnorm [8192,5120]: 111.17 us -> 110.50 us
      --   fused_add_rmsnorm [16384,8192]: 355.81 us -> 354.37 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores): C bench, 60 runs, best of two alternating passes:
      --   fused_add_rmsnorm [32,4096]: 5.02 us -> 4.99 us
      --   fused_add_rmsnorm [4096,4096]: 43.62 us -> 43.20 us
      --   fused_add_rmsnorm [8192,5120]: 110.53 us -> 109.28 us
      --   fused_add_rmsnorm [16384,8192]: 354.94 us -> 351.49 us
      fused_add_rmsnorm_bf16_wbf16_vec16 = { evict_first = 0, l2_keep = 1 },
    },
    fused_add_rmsnorm_quant_fp8 = {
      -- fused_add_rmsnorm_quant_fp8 [32,4096]: 5.2 us -> 5.2 us
      -- fused_add_rmsnorm_quant_fp8 [4096,4096]: 38.2 us -> 38.2 us
      -- fused_add_rmsnorm_quant_fp8 [8192,5120]: 97.3 us -> 97.3 us
      -- fused_add_rmsnorm_quant_fp8 [16384,8192]: 310.5 us -> 310.5 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   fused_add_rmsnorm_quant_fp8 [32,4096]: 4.99 us -> 4.99 us
      --   fused_add_rmsnorm_quant_fp8 [4096,4096]: 37.95 us -> 37.06 us
      --   fused_add_rmsnorm_quant_fp8 [8192,5120]: 97.02 us -> 95.33 us
      --   fused_add_rmsnorm_quant_fp8 [16384,8192]: 310.78 us -> 306.08 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores): C bench, 60 runs, best of two alternating passes:
      --   fused_add_rmsnorm_quant_fp8 [32,4096]: 5.06 us -> 5.06 us
      --   fused_add_rmsnorm_quant_fp8 [4096,4096]: 37.12 us -> 36.86 us
      --   fused_add_rmsnorm_quant_fp8 [8192,5120]: 95.42 us -> 94.91 us
      --   fused_add_rmsnorm_quant_fp8 [16384,8192]: 306.05 us -> 305.06 us
      fused_add_rmsnorm_quant_fp8_bf16_wbf16_vec16 = { evict_first = 0, l2_keep = 1 },
    },
    gated_residual_add = {
      -- gated_residual_add [2,4096,3072] gate [B,C]: 47.4 us -> 47.4 us
      -- gated_residual_add [1,16384,5120] gate [B,C]: 164.5 us -> 164.5 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   gated_residual_add [2,4096,3072] gate [B,C]: 47.17 us -> 46.14 us
      --   gated_residual_add [1,16384,5120] gate [B,C]: 164.32 us -> 160.74 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores): C bench, 60 runs, best of two alternating passes:
      --   gated_residual_add [2,4096,3072] gate [B,C]: 46.05 us -> 45.60 us
      --   gated_residual_add [1,16384,5120] gate [B,C]: 160.83 us -> 160.10 us
      gated_residual_add_bf16_vec16 = { evict_first = 0, l2_keep = 1 },
    },
    gelu_tanh_and_mul = {
      -- gelu_tanh_and_mul [32,28672]: 5.9 us -> 5.4 us
      -- gelu_tanh_and_mul [4096,28672]: 115.6 us -> 116.6 us
      -- gelu_tanh_and_mul [16384,16384]: 264.7 us -> 265.7 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   gelu_tanh_and_mul [32,28672]: 5.15 us -> 5.18 us
      --   gelu_tanh_and_mul [4096,28672]: 114.78 us -> 112.51 us
      --   gelu_tanh_and_mul [16384,16384]: 265.22 us -> 259.62 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   gelu_tanh_and_mul [32,28672]: 4.70 us -> 4.54 us
      --   gelu_tanh_and_mul [4096,28672]: 111.33 us -> 109.66 us
      --   gelu_tanh_and_mul [16384,16384]: 257.15 us -> 255.74 us
      gelu_tanh_and_mul_bf16_vec16 = { chunks = 1, evict_first = 0, l2_last = 1, min_blocks = 4 },
    },
    layernorm = {
      -- layernorm [32,4096]: 6.1 us -> 5.8 us
      -- layernorm [4096,4096]: 23.9 us -> 23.3 us
      -- layernorm [8192,5120]: 58.9 us -> 58.1 us
      -- layernorm [16384,8192]: 182.1 us -> 182.0 us
      -- full_rows = 0: its FULL instance was 5.3% slower on [4096,4096] (bench/NOTES.md)
      layernorm_bf16_vec16 = { chunks = 4, full_rows = 0, min_blocks = 1, spread_below = 2, warps = 16 },
    },
    rmsnorm = {
      -- rmsnorm [32,4096]: 5.2 us -> 5.2 us
      -- rmsnorm [4096,4096]: 22.0 us -> 22.0 us
      -- rmsnorm [8192,5120]: 56.1 us -> 56.1 us
      -- rmsnorm [16384,8192]: 179.4 us -> 179.4 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   rmsnorm [32,4096]: 4.93 us -> 5.12 us
      --   rmsnorm [4096,4096]: 21.66 us -> 21.44 us
      --   rmsnorm [8192,5120]: 55.84 us -> 54.53 us
      --   rmsnorm [16384,8192]: 179.52 us -> 177.09 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   rmsnorm [32,4096]: 4.45 us -> 4.35 us
      --   rmsnorm [4096,4096]: 21.41 us -> 21.22 us
      --   rmsnorm [8192,5120]: 54.43 us -> 53.95 us
      --   rmsnorm [16384,8192]: 176.64 us -> 175.01 us
      rmsnorm_bf16_wbf16_vec16 = { evict_first = 0, l2_last = 1 },
    },
    rmsnorm_dynamic_quant_fp8 = {
      -- rmsnorm_dynamic_quant_fp8 [32,4096]: 5.7 us -> 5.2 us
      -- rmsnorm_dynamic_quant_fp8 [4096,4096]: 21.6 us -> 19.0 us
      -- rmsnorm_dynamic_quant_fp8 [8192,5120]: 47.7 us -> 42.4 us
      -- rmsnorm_dynamic_quant_fp8 [16384,8192]: 145.3 us -> 132.8 us
      -- (evict_first = 0, l2_last = 1, bench/ab.py twice: [16384,8192] 3.3% faster,
      -- [4096,4096] and [8192,5120] up to 1.4% slower: not taken)
      rmsnorm_dynamic_quant_fp8_bf16_wbf16_nores_vec16 = { chunks = 4, min_blocks = 1, warps = 16 },
    },
    rmsnorm_quant_fp8 = {
      -- rmsnorm_quant_fp8 [32,4096]: 4.9 us -> 4.9 us
      -- rmsnorm_quant_fp8 [4096,4096]: 18.0 us -> 18.1 us
      -- rmsnorm_quant_fp8 [8192,5120]: 43.5 us -> 41.6 us
      -- rmsnorm_quant_fp8 [16384,8192]: 135.8 us -> 132.9 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   rmsnorm_quant_fp8 [32,4096]: 4.42 us -> 4.35 us
      --   rmsnorm_quant_fp8 [4096,4096]: 17.89 us -> 17.95 us
      --   rmsnorm_quant_fp8 [8192,5120]: 40.54 us -> 40.48 us
      --   rmsnorm_quant_fp8 [16384,8192]: 131.78 us -> 127.90 us
      rmsnorm_quant_fp8_bf16_wbf16_vec16 = { l2_last = 1, min_blocks = 2, spread_below = 2 },
    },
    rope_qk_cos_sin_cache = {
      -- rope_qk_cos_sin_cache [4096,24/24,128] qkv: 35.9 us -> 35.9 us
      -- rope_qk_cos_sin_cache [4096,32/8,128] qkv: 30.0 us -> 30.0 us
      -- rope_qk_cos_sin_cache [115200,24/24,128] qkv: 1078.6 us -> 1078.6 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores), against no l2_keep: C bench, 60 runs, best of two alternating passes:
      --   rope_qk_cos_sin_cache [4096,24/24,128] qkv: 34.94 us -> 34.72 us
      --   rope_qk_cos_sin_cache [4096,32/8,128] qkv: 29.73 us -> 29.79 us
      --   rope_qk_cos_sin_cache [115200,24/24,128] qkv: 1075.58 us -> 1037.50 us
      -- the H200's tiles (the token walk, 2 heads in flight, a chunk a lane, a block per item group): C bench, 100 runs, best of two alternating passes:
      --   rope_qk_cos_sin_cache [4096,24/24,128] qkv: 35.0 us -> 34.4 us
      --   rope_qk_cos_sin_cache [4096,32/8,128] qkv: 29.9 us -> 30.7 us
      --   rope_qk_cos_sin_cache [115200,24/24,128] qkv: 1034.5 us -> 972.9 us
      -- even_runs = 1 (a token's heads in runs of k's count under GQA), against the tiles above: C bench, 60 runs, best of two alternating passes:
      --   rope_qk_cos_sin_cache [4096,24/24,128] qkv: 34.3 us -> 34.2 us
      --   rope_qk_cos_sin_cache [4096,32/8,128] qkv: 30.5 us -> 29.2 us
      --   rope_qk_cos_sin_cache [115200,24/24,128] qkv: 973.1 us -> 972.7 us
      -- ahead = 1 (each lane's next head step copied into shared memory while it works on this one), against the tiles above: bench/ab.py, 40 runs, best of two alternating passes:
      --   rope_qk_cos_sin_cache [4096,24/24,128] qkv: 34.34 us -> 33.92 us
      --   rope_qk_cos_sin_cache [4096,32/8,128] qkv: 29.15 us -> 28.86 us
      --   rope_qk_cos_sin_cache [115200,24/24,128] qkv: 972.54 us -> 972.38 us
      rope_qk_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16 = { ahead = 1, blocks_per_sm = 0, chunks = 1, even_runs = 1, heads_in_flight = 2, l2_keep = 1, walk = "token" },
      -- rope_qk_cos_sin_cache [4096,32/32,64] qkv: 24.3 us -> 22.7 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores), against no l2_keep: C bench, 60 runs, best of two alternating passes:
      --   rope_qk_cos_sin_cache [4096,32/32,64] qkv: 23.20 us -> 22.94 us
      -- pdl_early = 0 (no early trigger): the H200's measured choice for these tiles, not measured on an H100
      rope_qk_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d64_rotfull_vec16 = { chunks = 1, heads_in_flight = 2, l2_keep = 1, pdl_early = 0, walk = "token", warps = 2 },
    },
    silu_and_mul = {
      -- silu_and_mul [32,28672]: 5.6 us -> 5.2 us
      -- silu_and_mul [4096,28672]: 114.4 us -> 115.0 us
      -- silu_and_mul [16384,16384]: 264.1 us -> 265.1 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   silu_and_mul [32,28672]: 5.12 us -> 5.15 us
      --   silu_and_mul [4096,28672]: 114.46 us -> 112.06 us
      --   silu_and_mul [16384,16384]: 265.12 us -> 259.14 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   silu_and_mul [32,28672]: 4.67 us -> 4.58 us
      --   silu_and_mul [4096,28672]: 111.78 us -> 110.34 us
      --   silu_and_mul [16384,16384]: 258.56 us -> 256.54 us
      silu_and_mul_bf16_vec16 = { chunks = 1, evict_first = 0, l2_last = 1, min_blocks = 4 },
    },
    norm_modulate = {
      -- norm_modulate layer per batch [2,2048,3072]: 19.2 us -> 19.2 us
      -- norm_modulate layer per batch [1,4096,3072]: 19.9 us -> 19.9 us
      -- norm_modulate layer per batch [2,8192,3072]: 70.3 us -> 70.3 us
      -- norm_modulate layer per batch [1,4096,5120]: 31.4 us -> 31.4 us
      -- l2_last = 1 (the ring's bulk copies of x under an L2 evict-last policy): bench/ab.py, 60 runs, best of two alternating passes:
      --   norm_modulate layer per batch [2,2048,3072]: 17.82 us -> 17.60 us
      --   norm_modulate layer per batch [1,4096,3072]: 17.76 us -> 17.70 us
      --   norm_modulate layer per batch [2,8192,3072]: 70.14 us -> 68.83 us
      --   norm_modulate layer per batch [1,4096,5120]: 28.96 us -> 28.03 us
      norm_modulate_bf16_nores_vec16 = { l2_last = 1 },
      -- norm_modulate rms per batch residual [2,2048,3072]: 42.1 us -> 42.1 us
      -- norm_modulate rms per batch residual [1,4096,3072]: 41.4 us -> 41.4 us
      -- norm_modulate rms per batch residual [2,8192,3072]: 168.4 us -> 168.4 us
      -- norm_modulate rms per batch residual [1,4096,5120]: 69.6 us -> 69.6 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   norm_modulate rms per batch residual [2,2048,3072]: 40.19 us -> 39.23 us
      --   norm_modulate rms per batch residual [1,4096,3072]: 40.10 us -> 39.04 us
      --   norm_modulate rms per batch residual [2,8192,3072]: 164.38 us -> 162.75 us
      --   norm_modulate rms per batch residual [1,4096,5120]: 68.45 us -> 67.17 us
      norm_modulate_bf16_res_vec16 = { l2_last = 1 },
    },
    norm_modulate_per_frame = {
      -- norm_modulate_per_frame layer per frame F=16 [2,2048,3072]: 22.2 us -> 22.2 us
      -- norm_modulate_per_frame layer per frame F=16 [1,4096,3072]: 21.4 us -> 21.4 us
      -- norm_modulate_per_frame layer per frame F=16 [2,8192,3072]: 79.9 us -> 79.9 us
      -- norm_modulate_per_frame layer per frame F=16 [1,4096,5120]: 34.2 us -> 34.2 us
      -- l2_last = 1 (the ring's bulk copies of x under an L2 evict-last policy): bench/ab.py, 60 runs, best of two alternating passes:
      --   norm_modulate_per_frame layer per frame F=16 [2,2048,3072]: 18.27 us -> 18.05 us
      --   norm_modulate_per_frame layer per frame F=16 [1,4096,3072]: 18.05 us -> 17.92 us
      --   norm_modulate_per_frame layer per frame F=16 [2,8192,3072]: 69.41 us -> 68.10 us
      --   norm_modulate_per_frame layer per frame F=16 [1,4096,5120]: 28.80 us -> 28.61 us
      norm_modulate_per_frame_bf16_nores_vec16 = { l2_last = 1 },
    },
    norm_modulate_per_token = {
      -- norm_modulate_per_token layer per token [2,2048,3072]: 31.6 us -> 31.6 us
      -- norm_modulate_per_token layer per token [1,4096,3072]: 32.4 us -> 32.4 us
      -- norm_modulate_per_token layer per token [2,8192,3072]: 127.8 us -> 127.8 us
      -- norm_modulate_per_token layer per token [1,4096,5120]: 53.8 us -> 53.8 us
      norm_modulate_per_token_bf16_nores_vec16 = {},
    },
    norm_modulate_scalar = {
      -- norm_modulate_scalar layer scalar [2,2048,3072]: 17.0 us -> 16.5 us
      -- norm_modulate_scalar layer scalar [1,4096,3072]: 17.0 us -> 16.5 us
      -- norm_modulate_scalar layer scalar [2,8192,3072]: 67.1 us -> 66.7 us
      -- norm_modulate_scalar layer scalar [1,4096,5120]: 27.9 us -> 27.2 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   norm_modulate_scalar layer scalar [2,2048,3072]: 16.42 us -> 16.51 us
      --   norm_modulate_scalar layer scalar [1,4096,3072]: 16.38 us -> 16.51 us
      --   norm_modulate_scalar layer scalar [2,8192,3072]: 67.07 us -> 64.77 us
      --   norm_modulate_scalar layer scalar [1,4096,5120]: 27.07 us -> 25.95 us
      norm_modulate_scalar_bf16_nores_vec16 = { chunks = 4, l2_last = 1, min_blocks = 1 },
    },
    norm_modulate_select01 = {
      -- norm_modulate_select01 layer [2,2048,3072]: 27.2 us -> 27.2 us
      -- norm_modulate_select01 layer [1,4096,3072]: 27.1 us -> 27.1 us
      -- norm_modulate_select01 layer [2,8192,3072]: 102.8 us -> 102.8 us
      -- norm_modulate_select01 layer [1,4096,5120]: 43.9 us -> 43.9 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   norm_modulate_select01 layer [2,2048,3072]: 26.75 us -> 26.37 us
      --   norm_modulate_select01 layer [1,4096,3072]: 25.98 us -> 25.76 us
      --   norm_modulate_select01 layer [2,8192,3072]: 102.94 us -> 102.53 us
      --   norm_modulate_select01 layer [1,4096,5120]: 44.03 us -> 43.68 us
      norm_modulate_select01_bf16_idxi64_nores_vec16 = { evict_first = 0 },
      -- norm_modulate_select01 layer residual [2,2048,3072]: 52.0 us -> 52.0 us
      -- norm_modulate_select01 layer residual [1,4096,3072]: 51.4 us -> 51.4 us
      -- norm_modulate_select01 layer residual [2,8192,3072]: 204.9 us -> 204.9 us
      -- norm_modulate_select01 layer residual [1,4096,5120]: 85.7 us -> 85.7 us
      -- l2_last = 1 (the streamed inputs no output overwrites loaded L2 evict-last): bench/ab.py, 60 runs, best of two alternating passes:
      --   norm_modulate_select01 layer residual [2,2048,3072]: 50.05 us -> 49.60 us
      --   norm_modulate_select01 layer residual [1,4096,3072]: 49.41 us -> 48.96 us
      --   norm_modulate_select01 layer residual [2,8192,3072]: 200.29 us -> 198.37 us
      --   norm_modulate_select01 layer residual [1,4096,5120]: 84.51 us -> 82.85 us
      norm_modulate_select01_bf16_idxi64_res_vec16 = { l2_last = 1 },
    },
    qknorm_across_heads_rope_per_head = {
      -- qknorm_across_heads_rope_per_head ltx2 video [4,1152,32,128]: 78.6 us -> 67.2 us
      -- qknorm_across_heads_rope_per_head ltx2 large [2,24576,32,128]: 846.4 us -> 705.9 us
      -- (the spec's block form; then min_blocks = 9, 56 registers rather than 64: video
      -- 67.2 -> 65.1 us, large 706.4 -> 687.0 us, C bench, two alternating passes)
      qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16 = { min_blocks = 9 },
    },
    qknorm_rope_cos_sin_cache = {
      -- qknorm_rope flux_1024 N=4096 H=24: 36.4 us -> 35.7 us
      -- qknorm_rope qwen_1024 N=4096 H=32: 49.1 us -> 48.9 us
      -- qknorm_rope zimage_1024 N=4096 H=30: 46.8 us -> 45.6 us
      -- qknorm_rope batch2 2x2048 H=24: 36.3 us -> 35.9 us
      -- qknorm_rope flux2 N=4096 H=48: 73.7 us -> 72.5 us
      -- qknorm_rope hunyuan N=115200 H=24: 1033.2 us -> 997.1 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24: 35.68 us -> 35.39 us
      --   qknorm_rope qwen_1024 N=4096 H=32: 48.13 us -> 48.13 us
      --   qknorm_rope zimage_1024 N=4096 H=30: 45.73 us -> 45.50 us
      --   qknorm_rope batch2 2x2048 H=24: 35.65 us -> 35.39 us
      --   qknorm_rope flux2 N=4096 H=48: 72.83 us -> 72.42 us
      --   qknorm_rope hunyuan N=115200 H=24: 997.12 us -> 992.00 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores), against no l2_keep: C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24: 36.19 us -> 35.84 us
      --   qknorm_rope qwen_1024 N=4096 H=32: 48.22 us -> 47.74 us
      --   qknorm_rope zimage_1024 N=4096 H=30: 45.92 us -> 45.38 us
      --   qknorm_rope batch2 2x2048 H=24: 36.19 us -> 35.87 us
      --   qknorm_rope flux2 N=4096 H=48: 72.64 us -> 71.52 us
      --   qknorm_rope hunyuan N=115200 H=24: 991.90 us -> 977.47 us
      -- ahead = 1 and block_phase = 1 (the next head step copied into shared memory; the norm weights in shared memory from the block's start, so that 64 registers hold the walk): bench/ab.py, 40 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24: 35.17 us -> 34.82 us
      --   qknorm_rope qwen_1024 N=4096 H=32: 48.58 us -> 47.20 us
      --   qknorm_rope zimage_1024 N=4096 H=30: 44.67 us -> 43.78 us
      --   qknorm_rope batch2 2x2048 H=24: 35.14 us -> 34.59 us
      --   qknorm_rope flux2 N=4096 H=48: 71.33 us -> 70.27 us
      --   qknorm_rope hunyuan N=115200 H=24: 978.37 us -> 979.55 us
      -- tail_walk = 2 (the last wave's worth of tokens in runs of 2 head steps): bench/ab.py, 60 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24: 34.62 us -> 34.30 us
      --   qknorm_rope qwen_1024 N=4096 H=32: 47.30 us -> 46.46 us
      --   qknorm_rope zimage_1024 N=4096 H=30: 43.68 us -> 42.91 us
      --   qknorm_rope batch2 2x2048 H=24: 34.72 us -> 34.34 us
      --   qknorm_rope flux2 N=4096 H=48: 70.53 us -> 68.16 us
      --   qknorm_rope hunyuan N=115200 H=24: 979.84 us -> 978.37 us
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16 = { ahead = 1, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_walk = 2 },
      -- qknorm_rope qwen_partial N=4096 H=32 R=64: 50.8 us -> 48.5 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope qwen_partial N=4096 H=32 R=64: 48.03 us -> 47.84 us
      -- l2_keep = 1 (in place: L2 evict-last loads, evict-normal stores), against no l2_keep: C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope qwen_partial N=4096 H=32 R=64: 48.83 us -> 48.16 us
      -- ahead = 1 and block_phase = 1 (the next head step copied into shared memory; the norm weights in shared memory from the block's start, so that 64 registers hold the walk): bench/ab.py, 40 runs, best of two alternating passes:
      --   qknorm_rope qwen_partial N=4096 H=32 R=64: 47.49 us -> 46.27 us
      -- tail_walk = 2 (the last wave's worth of tokens in runs of 2 head steps): bench/ab.py, 60 runs, best of two alternating passes:
      --   qknorm_rope qwen_partial N=4096 H=32 R=64: 46.30 us -> 45.50 us
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi64_pairinterleaved_d128_rotpartial_vec16 = { ahead = 1, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_walk = 2 },
      -- bf16 weights (the form other engines require) with the fp32 weights' tiles
      -- above, against the spec's: C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24 bf16 w: 36.99 us -> 35.90 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 bf16 w: 50.11 us -> 48.42 us
      --   qknorm_rope hunyuan N=115200 H=24 bf16 w: 1034.11 us -> 978.40 us
      -- ahead = 1 and block_phase = 1 (the next head step copied into shared memory; the norm weights in shared memory from the block's start, so that 64 registers hold the walk): bench/ab.py, 40 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24 bf16 w: 35.81 us -> 35.42 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 bf16 w: 48.42 us -> 46.94 us
      --   qknorm_rope hunyuan N=115200 H=24 bf16 w: 978.11 us -> 979.52 us
      -- tail_walk = 2 (the last wave's worth of tokens in runs of 2 head steps): bench/ab.py, 60 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24 bf16 w: 35.49 us -> 34.88 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 bf16 w: 46.72 us -> 45.86 us
      --   qknorm_rope hunyuan N=115200 H=24 bf16 w: 979.84 us -> 978.43 us
      qknorm_rope_cos_sin_cache_bf16_wbf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16 = { ahead = 1, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_walk = 2 },
      qknorm_rope_cos_sin_cache_bf16_wbf16_tabfp32_posi64_pairinterleaved_d128_rotpartial_vec16 = { ahead = 1, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_walk = 2 },
      -- int32 positions with the int64 positions' tiles above, against the spec's:
      -- C bench, 60 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24 i32 pos: 36.16 us -> 35.14 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 i32 pos: 49.22 us -> 47.52 us
      --   qknorm_rope hunyuan N=115200 H=24 i32 pos: 1035.52 us -> 977.76 us
      -- ahead = 1 and block_phase = 1 (the next head step copied into shared memory; the norm weights in shared memory from the block's start, so that 64 registers hold the walk): bench/ab.py, 40 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24 i32 pos: 35.14 us -> 34.82 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 i32 pos: 47.46 us -> 46.14 us
      --   qknorm_rope hunyuan N=115200 H=24 i32 pos: 977.57 us -> 978.62 us
      -- tail_walk = 2 (the last wave's worth of tokens in runs of 2 head steps): bench/ab.py, 60 runs, best of two alternating passes:
      --   qknorm_rope flux_1024 N=4096 H=24 i32 pos: 34.69 us -> 34.18 us
      --   qknorm_rope qwen_partial N=4096 H=32 R=64 i32 pos: 46.02 us -> 45.06 us
      --   qknorm_rope hunyuan N=115200 H=24 i32 pos: 978.98 us -> 977.95 us
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16 = { ahead = 1, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_walk = 2 },
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi32_pairinterleaved_d128_rotpartial_vec16 = { ahead = 1, block_phase = 1, blocks_per_sm = 0, evict_first = 0, l2_keep = 1, min_blocks = 8, tail_walk = 2 },
    },
    rope = {
      -- rope half [1,115200,24,128]: 526.1 us -> 496.1 us
      -- evict_first = 0 (plain loads, not __ldcs): C bench, 60 runs, best of two alternating passes:
      --   rope half [1,115200,24,128]: 493.44 us -> 485.41 us
      -- pdl_early = 0 (no early trigger): the H200's measured choice for the flat grid's blocks of 2 warps, which the
      -- trigger cost 14 to 20% there with PDL off as well as on; not measured on an H100
      rope_bf16_tabfp32_pairhalf_d128_rotfull_vec16 = { blocks_per_sm = 0, evict_first = 0, pdl_early = 0, warps = 2 },
      -- rope hunyuan [1,115200,24,128]: 532.3 us -> 497.7 us
      -- rope wan [1,32760,12,128]: 75.3 us -> 73.5 us
      -- rope [2,4096,24,128]: 35.0 us -> 34.5 us
      -- rope [4096,24,128]: 17.3 us -> 17.2 us
      -- pdl_early = 0 (no early trigger): the H200's measured choice for the flat grid's blocks of 2 warps, which the
      -- trigger cost 14 to 20% there with PDL off as well as on; not measured on an H100
      rope_bf16_tabfp32_pairinterleaved_d128_rotfull_vec16 = { flat_waves = 8, pdl_early = 0, warps = 2 },
      -- rope [1,4096,32,64]: 13.3 us -> 13.3 us
      rope_bf16_tabfp32_pairinterleaved_d64_rotfull_vec16 = {},
    },
    rope_cos_sin_cache = {
      -- rope_cos_sin_cache flux [1,4608,24,128]: 19.9 us -> 19.9 us
      rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16 = {},
    },
    rope_per_head = {
      -- rope_per_head ltx2 video [4,1152,32,128]: 36.1 us -> 35.6 us
      -- rope_per_head ltx2 large [2,24576,32,128]: 414.9 us -> 392.1 us
      rope_per_head_bf16_tabbf16_roundeager_bf16_pairhalf_d128_rotfull_vec16 = { blocks_per_sm = 0 },
      -- rope_per_head ltx2 audio [4,25,32,64]: 4.7 us -> 4.7 us
      rope_per_head_bf16_tabbf16_roundeager_bf16_pairhalf_d64_rotfull_vec16 = {},
    },
    rope_qk = {
      -- rope_qk gqa 32/8 [4096,*,128] qkv: 30.0 us -> 30.0 us
      -- l2_keep = 1 with evict-normal stores, against no l2_keep: level, not taken (rope_qk gqa 32/8 [4096,*,128] qkv: 29.50 us -> 29.47 us)
      -- a flat grid with l2_keep (the H200's flat grid; l2_keep costs it 2%): C bench, 100 runs, best of four alternating passes:
      --   rope_qk gqa 32/8 [4096,*,128] qkv: 29.0 us -> 28.4 us
      rope_qk_bf16_tabfp32_pairinterleaved_d128_rotfull_vec16 = { blocks_per_sm = 0, l2_keep = 1 },
    },
  },
}
