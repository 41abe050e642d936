#ifndef TEST_API_H
#define TEST_API_H
#define API_TESTS(X) X(test_api_placeholder)
void test_api_placeholder(void);
#endif
