/* Tests of the public API's argument checking (fg_rope, fg_last_error,
 * fg_status_name, fg_version) that need no GPU: hand-built DLTensors with fake,
 * never dereferenced device pointers (real device memory when a GPU is present). */
#ifndef TEST_API_H
#define TEST_API_H

#define API_TESTS(X)                                \
  X(test_api_version)                               \
  X(test_api_status_names)                          \
  X(test_api_valid_calls_pass_argument_checks)      \
  X(test_api_valid_call_result)                     \
  X(test_api_null_tensor)                           \
  X(test_api_wrong_ndim)                            \
  X(test_api_wrong_dtype)                           \
  X(test_api_dtype_mismatch)                        \
  X(test_api_every_table_dtype)                     \
  X(test_api_shape_mismatch)                        \
  X(test_api_rotary_dims_exceed_head_size)          \
  X(test_api_head_size_not_built)                   \
  X(test_api_last_dim_not_contiguous)               \
  X(test_api_negative_stride)                       \
  X(test_api_stride_or_size_too_large)              \
  X(test_api_null_shape)                            \
  X(test_api_null_data)                             \
  X(test_api_misaligned_data)                       \
  X(test_api_host_device_type)                      \
  X(test_api_mixed_device_ids)                      \
  X(test_api_out_overlaps_input)                    \
  X(test_api_out_self_overlap)                      \
  X(test_api_inplace_self_overlap)                  \
  X(test_api_inplace_overlaps_table)                \
  X(test_api_inplace_size1_dim_strides)             \
  X(test_api_bad_pairing)                           \
  X(test_api_empty_tensor)                          \
  X(test_api_empty_table_out_of_place)              \
  X(test_api_error_cleared_after_success)           \
  X(test_api_last_error_thread_local)

void test_api_version(void);
void test_api_status_names(void);
void test_api_valid_calls_pass_argument_checks(void);
void test_api_valid_call_result(void);
void test_api_null_tensor(void);
void test_api_wrong_ndim(void);
void test_api_wrong_dtype(void);
void test_api_dtype_mismatch(void);
void test_api_every_table_dtype(void);
void test_api_shape_mismatch(void);
void test_api_rotary_dims_exceed_head_size(void);
void test_api_head_size_not_built(void);
void test_api_last_dim_not_contiguous(void);
void test_api_negative_stride(void);
void test_api_stride_or_size_too_large(void);
void test_api_null_shape(void);
void test_api_null_data(void);
void test_api_misaligned_data(void);
void test_api_host_device_type(void);
void test_api_mixed_device_ids(void);
void test_api_out_overlaps_input(void);
void test_api_out_self_overlap(void);
void test_api_inplace_self_overlap(void);
void test_api_inplace_overlaps_table(void);
void test_api_inplace_size1_dim_strides(void);
void test_api_bad_pairing(void);
void test_api_empty_tensor(void);
void test_api_empty_table_out_of_place(void);
void test_api_error_cleared_after_success(void);
void test_api_last_error_thread_local(void);

#endif
