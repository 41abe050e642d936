#ifndef TEST_VENDOR_H
#define TEST_VENDOR_H
/* generated/ as a drop-in: built outside the tree; two prefixes in one program */
#define VENDOR_TESTS(X) X(test_vendor_two_prefixes_in_one_program)
void test_vendor_two_prefixes_in_one_program(void);
#endif
