-- Tile parameters for sm_90 (docs/tuning.md): each variant's values are laid
-- over its spec's tiles when the library is generated for sm_90; {} keeps the
-- spec's tiles. The variants named here are the ones a tuning build tunes.
return {
  gpu = "NVIDIA H100 80GB HBM3",
  ops = {
    norm_modulate = {
      norm_modulate_bf16_no_vec16 = {},
      norm_modulate_bf16_yes_vec16 = {},
    },
    norm_modulate_per_frame = {
      norm_modulate_per_frame_bf16_no_vec16 = {},
    },
    norm_modulate_per_token = {
      norm_modulate_per_token_bf16_no_vec16 = {},
    },
    norm_modulate_scalar = {
      norm_modulate_scalar_bf16_no_vec16 = {},
    },
    norm_modulate_select01 = {
      norm_modulate_select01_bf16_idxi64_no_vec16 = {},
      norm_modulate_select01_bf16_idxi64_yes_vec16 = {},
    },
    qknorm_across_heads_rope_per_head = {
      qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_half_d128_full_vec16 = {},
    },
    qknorm_rope_cos_sin_cache = {
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi64_interleaved_d128_full_vec16 = {},
      qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi64_interleaved_d128_partial_vec16 = {},
    },
    rope = {
      rope_bf16_tabfp32_half_d128_full_vec16 = {},
      rope_bf16_tabfp32_interleaved_d128_full_vec16 = {},
      rope_bf16_tabfp32_interleaved_d64_full_vec16 = {},
    },
    rope_cos_sin_cache = {
      rope_cos_sin_cache_bf16_tabfp32_posi64_interleaved_d128_full_vec16 = {},
    },
    rope_per_head = {
      rope_per_head_bf16_tabbf16_eager_bf16_half_d128_full_vec16 = {},
      rope_per_head_bf16_tabbf16_eager_bf16_half_d64_full_vec16 = {},
    },
    rope_qk = {
      rope_qk_bf16_tabfp32_interleaved_d128_full_vec16 = {},
    },
  },
}
