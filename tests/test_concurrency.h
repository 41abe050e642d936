#ifndef TEST_CONCURRENCY_H
#define TEST_CONCURRENCY_H
#define CONCURRENCY_TESTS(X) X(test_concurrency_threads_and_streams)
void test_concurrency_threads_and_streams(void);
#endif
