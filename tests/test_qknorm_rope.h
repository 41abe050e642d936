#ifndef TEST_QKNORM_ROPE_H
#define TEST_QKNORM_ROPE_H
#define QKNORM_ROPE_TESTS(X)                                                                                          \
  X(test_qknorm_api_bad_input) X(test_qknorm_gpu_every_variant_per_token) X(test_qknorm_gpu_every_variant_positions)  \
  X(test_qknorm_gpu_every_variant_cos_sin_cache) X(test_qknorm_gpu_test_shapes) X(test_qknorm_gpu_model_shapes)       \
  X(test_qknorm_gpu_row_outside_table) X(test_qknorm_gpu_refused_call_writes_nothing)                                 \
  X(test_qknorm_gpu_every_variant_across_heads) X(test_qknorm_gpu_across_heads_shapes)                               \
  X(test_qknorm_gpu_every_variant_across_heads_per_head) X(test_qknorm_gpu_across_heads_per_head_shapes)             \
  X(test_qknorm_api_per_head_tables)
void test_qknorm_api_bad_input(void);
void test_qknorm_gpu_every_variant_per_token(void);
void test_qknorm_gpu_every_variant_positions(void);
void test_qknorm_gpu_every_variant_cos_sin_cache(void);
void test_qknorm_gpu_test_shapes(void);
void test_qknorm_gpu_model_shapes(void);
void test_qknorm_gpu_row_outside_table(void);
void test_qknorm_gpu_refused_call_writes_nothing(void);
void test_qknorm_gpu_every_variant_across_heads(void);
void test_qknorm_gpu_across_heads_shapes(void);
void test_qknorm_gpu_every_variant_across_heads_per_head(void);
void test_qknorm_gpu_across_heads_per_head_shapes(void);
void test_qknorm_api_per_head_tables(void);
#endif
