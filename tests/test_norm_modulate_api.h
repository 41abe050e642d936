#ifndef TEST_NORM_MODULATE_API_H
#define TEST_NORM_MODULATE_API_H
#define NORM_MODULATE_API_TESTS(X)                  \
  X(test_nm_api_valid_calls_reach_the_device_check) \
  X(test_nm_api_bad_dtypes)                         \
  X(test_nm_api_bad_shapes)                         \
  X(test_nm_api_unsupported_sizes)                  \
  X(test_nm_api_bad_strides)                        \
  X(test_nm_api_null_and_host_pointers)             \
  X(test_nm_api_residual_form_all_or_nothing)       \
  X(test_nm_api_bad_enum_and_overlap)               \
  X(test_nm_api_per_frame_layout)
void test_nm_api_valid_calls_reach_the_device_check(void);
void test_nm_api_bad_dtypes(void);
void test_nm_api_bad_shapes(void);
void test_nm_api_unsupported_sizes(void);
void test_nm_api_bad_strides(void);
void test_nm_api_null_and_host_pointers(void);
void test_nm_api_residual_form_all_or_nothing(void);
void test_nm_api_bad_enum_and_overlap(void);
void test_nm_api_per_frame_layout(void);
#endif
