#ifndef TEST_NORM_MODULATE_GPU_H
#define TEST_NORM_MODULATE_GPU_H
#define NORM_MODULATE_GPU_TESTS(X)                 \
  X(test_nm_gpu_every_variant)                     \
  X(test_nm_gpu_ops_shapes)                        \
  X(test_nm_gpu_sources)                           \
  X(test_nm_gpu_channel_counts)                    \
  X(test_nm_gpu_many_batch_entries)                \
  X(test_nm_gpu_select01_reads_chosen_branch_only) \
  X(test_nm_gpu_bad_call_writes_nothing)
void test_nm_gpu_every_variant(void);
void test_nm_gpu_ops_shapes(void);
void test_nm_gpu_sources(void);
void test_nm_gpu_channel_counts(void);
void test_nm_gpu_many_batch_entries(void);
void test_nm_gpu_select01_reads_chosen_branch_only(void);
void test_nm_gpu_bad_call_writes_nothing(void);
#endif
