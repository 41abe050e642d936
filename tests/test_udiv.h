#ifndef TEST_UDIV_H
#define TEST_UDIV_H
#define UDIV_TESTS(X) X(test_udiv_host) X(test_udiv_gpu)
void test_udiv_host(void);
void test_udiv_gpu(void);
#endif
