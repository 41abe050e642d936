/* Tests of per-GPU tuning: the spec's candidates, tuning files, tuning builds
 * and the runtime's choice of a candidate; no GPU needed. */
#ifndef TEST_TUNING_H
#define TEST_TUNING_H

#define TUNING_TESTS(X)                           \
  X(test_tuning_spec_candidate_bad_value)         \
  X(test_tuning_spec_candidates_not_a_list)       \
  X(test_tuning_spec_candidate_unknown_name)      \
  X(test_tuning_spec_rows_per_block_range)        \
  X(test_tuning_file_applies_to_its_target_only)  \
  X(test_tuning_rows_forms)                       \
  X(test_tuning_heads_grid_forms)                 \
  X(test_tuning_file_errors)                      \
  X(test_tuning_named_folder_missing)             \
  X(test_tuning_build_holds_candidates)           \
  X(test_tuning_build_needs_a_tuning_file)        \
  X(test_tuning_dispatch_selects_candidate)

#define TUNING_TEST_DECL(name) void name(void);
TUNING_TESTS(TUNING_TEST_DECL)
#undef TUNING_TEST_DECL
#endif
