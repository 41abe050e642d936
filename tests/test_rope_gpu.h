#ifndef TEST_ROPE_GPU_H
#define TEST_ROPE_GPU_H
#define ROPE_GPU_TESTS(X)                \
  X(test_rope_gpu_every_variant)         \
  X(test_rope_gpu_model_shapes)          \
  X(test_rope_gpu_token_counts)          \
  X(test_rope_gpu_bad_call_writes_nothing) \
  X(test_rope_gpu_graph_capture)
void test_rope_gpu_every_variant(void);
void test_rope_gpu_model_shapes(void);
void test_rope_gpu_token_counts(void);
void test_rope_gpu_bad_call_writes_nothing(void);
void test_rope_gpu_graph_capture(void);
#endif
