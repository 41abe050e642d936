#ifndef TEST_ROPE_QK_H
#define TEST_ROPE_QK_H
#define ROPE_QK_TESTS(X)                                                                                  \
  X(test_rope_qk_api_qkv_views) X(test_rope_qk_gpu_every_variant) X(test_rope_qk_gpu_model_shapes)       \
  X(test_rope_qk_cache_api_checks) X(test_rope_qk_cache_gpu_every_variant)                               \
  X(test_rope_qk_cache_gpu_model_shapes) X(test_rope_qk_cache_gpu_out_of_range)                          \
  X(test_rope_qk_cache_gpu_bad_call_writes_nothing)
void test_rope_qk_api_qkv_views(void);
void test_rope_qk_gpu_every_variant(void);
void test_rope_qk_gpu_model_shapes(void);
void test_rope_qk_cache_api_checks(void);
void test_rope_qk_cache_gpu_every_variant(void);
void test_rope_qk_cache_gpu_model_shapes(void);
void test_rope_qk_cache_gpu_out_of_range(void);
void test_rope_qk_cache_gpu_bad_call_writes_nothing(void);
#endif
