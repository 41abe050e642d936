-- Tile parameters for sm_90 (docs/tuning.md): each variant's values are laid
-- over its spec's tiles when the library is generated for sm_90; {} keeps the
-- spec's tiles. The variants named here are the ones a tuning build tunes.
-- Written by fusegen_tune on NVIDIA H100 80GB HBM3 (100 runs per time; times: the spec's tiles -> these).
return {
  gpu = "NVIDIA H100 80GB HBM3",
  ops = {
    norm_modulate = {
      -- norm_modulate layer per batch [2,2048,3072]: 24.1 us -> 24.1 us
      -- norm_modulate layer per batch [1,4096,3072]: 22.5 us -> 22.5 us
      -- norm_modulate layer per batch [2,8192,3072]: 79.6 us -> 79.6 us
      -- norm_modulate layer per batch [1,4096,5120]: 35.3 us -> 35.3 us
      norm_modulate_bf16_no_vec16 = {},
      -- norm_modulate rms per batch residual [2,2048,3072]: 47.3 us -> 47.3 us
      -- norm_modulate rms per batch residual [1,4096,3072]: 48.0 us -> 48.0 us
      -- norm_modulate rms per batch residual [2,8192,3072]: 178.8 us -> 178.8 us
      -- norm_modulate rms per batch residual [1,4096,5120]: 77.2 us -> 77.2 us
      norm_modulate_bf16_yes_vec16 = {},
    },
    norm_modulate_per_frame = {
      -- norm_modulate_per_frame layer per frame F=16 [2,2048,3072]: 25.5 us -> 25.5 us
      -- norm_modulate_per_frame layer per frame F=16 [1,4096,3072]: 26.4 us -> 26.4 us
      -- norm_modulate_per_frame layer per frame F=16 [2,8192,3072]: 90.0 us -> 90.0 us
      -- norm_modulate_per_frame layer per frame F=16 [1,4096,5120]: 40.4 us -> 40.4 us
      norm_modulate_per_frame_bf16_no_vec16 = {},
    },
    norm_modulate_per_token = {
      -- norm_modulate_per_token layer per token [2,2048,3072]: 37.3 us -> 37.3 us
      -- norm_modulate_per_token layer per token [1,4096,3072]: 36.8 us -> 36.8 us
      -- norm_modulate_per_token layer per token [2,8192,3072]: 137.7 us -> 137.7 us
      -- norm_modulate_per_token layer per token [1,4096,5120]: 58.8 us -> 58.8 us
      norm_modulate_per_token_bf16_no_vec16 = {},
    },
    norm_modulate_scalar = {
      -- norm_modulate_scalar layer scalar [2,2048,3072]: 18.8 us -> 18.8 us
      -- norm_modulate_scalar layer scalar [1,4096,3072]: 18.7 us -> 18.7 us
      -- norm_modulate_scalar layer scalar [2,8192,3072]: 71.8 us -> 71.8 us
      -- norm_modulate_scalar layer scalar [1,4096,5120]: 29.4 us -> 29.4 us
      norm_modulate_scalar_bf16_no_vec16 = {},
    },
    norm_modulate_select01 = {
      -- norm_modulate_select01 layer [2,2048,3072]: 33.7 us -> 33.7 us
      -- norm_modulate_select01 layer [1,4096,3072]: 34.3 us -> 34.3 us
      -- norm_modulate_select01 layer [2,8192,3072]: 115.4 us -> 115.4 us
      -- norm_modulate_select01 layer [1,4096,5120]: 51.1 us -> 51.1 us
      norm_modulate_select01_bf16_idxi64_no_vec16 = {},
      -- norm_modulate_select01 layer residual [2,2048,3072]: 60.4 us -> 60.4 us
      -- norm_modulate_select01 layer residual [1,4096,3072]: 63.4 us -> 63.4 us
      -- norm_modulate_select01 layer residual [2,8192,3072]: 220.0 us -> 220.0 us
      -- norm_modulate_select01 layer residual [1,4096,5120]: 98.0 us -> 98.0 us
      norm_modulate_select01_bf16_idxi64_yes_vec16 = {},
    },
    qknorm_across_heads_rope_per_head = {
      -- qknorm_across_heads_rope_per_head ltx2 video [4,1152,32,128]: 103.2 us -> 102.2 us
      -- qknorm_across_heads_rope_per_head ltx2 large [2,24576,32,128]: 1098.7 us -> 1007.7 us
      qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_half_d128_full_vec16 = { heads_in_flight = 2, warps = 2 },
    },
    qknorm_rope_cos_sin_cache = {
      -- qknorm_rope flux_1024 N=4096 H=24: 36.8 us -> 36.8 us
      -- qknorm_rope qwen_1024 N=4096 H=32: 50.1 us -> 50.1 us
      -- qknorm_rope zimage_1024 N=4096 H=30: 47.4 us -> 47.4 us
      -- qknorm_rope batch2 2x2048 H=24: 36.4 us -> 36.4 us
      -- qknorm_rope flux2 N=4096 H=48: 74.4 us -> 74.4 us
      -- qknorm_rope hunyuan N=115200 H=24: 1058.5 us -> 1058.5 us
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi64_interleaved_d128_full_vec16 = {},
      -- qknorm_rope qwen_partial N=4096 H=32 R=64: 49.5 us -> 49.5 us
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi64_interleaved_d128_partial_vec16 = {},
    },
    rope = {
      -- rope half [1,115200,24,128]: 523.7 us -> 523.7 us
      rope_bf16_tabfp32_half_d128_full_vec16 = {},
      -- rope hunyuan [1,115200,24,128]: 528.3 us -> 528.3 us
      -- rope wan [1,32760,12,128]: 74.8 us -> 74.8 us
      -- rope [2,4096,24,128]: 35.1 us -> 35.1 us
      -- rope [4096,24,128]: 17.2 us -> 17.2 us
      rope_bf16_tabfp32_interleaved_d128_full_vec16 = {},
      -- rope [1,4096,32,64]: 13.2 us -> 13.2 us
      rope_bf16_tabfp32_interleaved_d64_full_vec16 = {},
    },
    rope_cos_sin_cache = {
      -- rope_cos_sin_cache flux [1,4608,24,128]: 20.0 us -> 19.7 us
      rope_cos_sin_cache_bf16_tabfp32_posi64_interleaved_d128_full_vec16 = { chunks = 1, heads_in_flight = 2, warps = 2 },
    },
    rope_per_head = {
      -- rope_per_head ltx2 video [4,1152,32,128]: 35.9 us -> 35.9 us
      -- rope_per_head ltx2 large [2,24576,32,128]: 414.3 us -> 414.3 us
      rope_per_head_bf16_tabbf16_eager_bf16_half_d128_full_vec16 = {},
      -- rope_per_head ltx2 audio [4,25,32,64]: 4.8 us -> 4.8 us
      rope_per_head_bf16_tabbf16_eager_bf16_half_d64_full_vec16 = {},
    },
    rope_qk = {
      -- rope_qk gqa 32/8 [4096,*,128] qkv: 30.0 us -> 30.0 us
      rope_qk_bf16_tabfp32_interleaved_d128_full_vec16 = {},
    },
  },
}
