#ifndef TEST_SERVING_API_H
#define TEST_SERVING_API_H
/* Argument checks of the serving catalogue's row ops, no GPU needed (tests/test_serving_api.c). */
#define SERVING_API_TESTS(X)                               \
  X(test_serving_api_valid_calls_reach_the_device_check) \
  X(test_serving_api_bad_dtypes)                         \
  X(test_serving_api_bad_shapes)                         \
  X(test_serving_api_bad_strides)                        \
  X(test_serving_api_misalignment)                       \
  X(test_serving_api_null_tensors)                       \
  X(test_serving_api_overlaps)
void test_serving_api_valid_calls_reach_the_device_check(void);
void test_serving_api_bad_dtypes(void);
void test_serving_api_bad_shapes(void);
void test_serving_api_bad_strides(void);
void test_serving_api_misalignment(void);
void test_serving_api_null_tensors(void);
void test_serving_api_overlaps(void);
#endif
