#ifndef TEST_SERVING_GPU_H
#define TEST_SERVING_GPU_H
/* The serving catalogue's row ops on the GPU against float64 references
 * (tests/test_serving_gpu.c), and the host fp8 reference they rely on. */
#define SERVING_GPU_TESTS(X)             \
  X(test_serving_fp8_reference)          \
  X(test_serving_gpu_every_variant)      \
  X(test_serving_gpu_ops_shapes)         \
  X(test_serving_gpu_forms)              \
  X(test_serving_gpu_fp8_range)          \
  X(test_serving_gpu_many_batch_entries) \
  X(test_serving_gpu_bad_call_writes_nothing)
void test_serving_fp8_reference(void);
void test_serving_gpu_every_variant(void);
void test_serving_gpu_ops_shapes(void);
void test_serving_gpu_forms(void);
void test_serving_gpu_fp8_range(void);
void test_serving_gpu_many_batch_entries(void);
void test_serving_gpu_bad_call_writes_nothing(void);
#endif
