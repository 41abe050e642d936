#ifndef TEST_ROPE_QK_H
#define TEST_ROPE_QK_H
#define ROPE_QK_TESTS(X) X(test_rope_qk_api_qkv_views) X(test_rope_qk_gpu_every_variant) X(test_rope_qk_gpu_model_shapes)
void test_rope_qk_api_qkv_views(void);
void test_rope_qk_gpu_every_variant(void);
void test_rope_qk_gpu_model_shapes(void);
#endif
