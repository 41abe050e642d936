#ifndef TEST_LARGE_H
#define TEST_LARGE_H
#define LARGE_TESTS(X)                                                                                                 \
  X(test_large_rope_past_2_31_elements)                                                                                \
  X(test_large_qknorm_rope_past_2_31_elements)                                                                         \
  X(test_large_norm_modulate_past_2_31_elements)                                                                        \
  X(test_large_rope_per_head_offsets_past_2_31)                                                                        \
  X(test_large_rope_per_head_both_forms_agree)
void test_large_rope_past_2_31_elements(void);
void test_large_qknorm_rope_past_2_31_elements(void);
void test_large_norm_modulate_past_2_31_elements(void);
void test_large_rope_per_head_offsets_past_2_31(void);
void test_large_rope_per_head_both_forms_agree(void);
#endif
