#ifndef TEST_ROPE_TABLES_H
#define TEST_ROPE_TABLES_H
/* fg_rope_positions, fg_rope_cos_sin_cache and fg_rope_per_head: argument
 * checks (no GPU needed) and GPU correctness against host references. */
#define ROPE_TABLES_TESTS(X)                          \
  X(test_rope_tables_api_valid_calls)                 \
  X(test_rope_tables_api_positions_dtype)             \
  X(test_rope_tables_api_positions_shape)             \
  X(test_rope_tables_api_positions_pointer)           \
  X(test_rope_tables_api_position_tables)             \
  X(test_rope_tables_api_cos_sin_cache)               \
  X(test_rope_tables_api_per_head_shape)              \
  X(test_rope_tables_api_per_head_stride)             \
  X(test_rope_tables_api_per_head_rounding)           \
  X(test_rope_tables_api_empty)                       \
  X(test_rope_tables_api_empty_table_with_tokens)     \
  X(test_rope_tables_gpu_positions_every_variant)     \
  X(test_rope_tables_gpu_cos_sin_cache_every_variant) \
  X(test_rope_tables_gpu_per_head_every_variant)      \
  X(test_rope_tables_gpu_position_forms)              \
  X(test_rope_tables_gpu_rows_out_of_range)           \
  X(test_rope_tables_gpu_empty_table_with_tokens)     \
  X(test_rope_tables_gpu_per_head_layouts)            \
  X(test_rope_tables_gpu_ltx2_shapes)                 \
  X(test_rope_tables_gpu_flux_cos_sin_cache)          \
  X(test_rope_tables_gpu_bad_call_writes_nothing)

void test_rope_tables_api_valid_calls(void);
void test_rope_tables_api_positions_dtype(void);
void test_rope_tables_api_positions_shape(void);
void test_rope_tables_api_positions_pointer(void);
void test_rope_tables_api_position_tables(void);
void test_rope_tables_api_cos_sin_cache(void);
void test_rope_tables_api_per_head_shape(void);
void test_rope_tables_api_per_head_stride(void);
void test_rope_tables_api_per_head_rounding(void);
void test_rope_tables_api_empty(void);
void test_rope_tables_api_empty_table_with_tokens(void);
void test_rope_tables_gpu_positions_every_variant(void);
void test_rope_tables_gpu_cos_sin_cache_every_variant(void);
void test_rope_tables_gpu_per_head_every_variant(void);
void test_rope_tables_gpu_position_forms(void);
void test_rope_tables_gpu_rows_out_of_range(void);
void test_rope_tables_gpu_empty_table_with_tokens(void);
void test_rope_tables_gpu_per_head_layouts(void);
void test_rope_tables_gpu_ltx2_shapes(void);
void test_rope_tables_gpu_flux_cos_sin_cache(void);
void test_rope_tables_gpu_bad_call_writes_nothing(void);
#endif
