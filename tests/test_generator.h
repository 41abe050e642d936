#ifndef TEST_GENERATOR_H
#define TEST_GENERATOR_H
#define GENERATOR_TESTS(X) X(test_generator_placeholder)
void test_generator_placeholder(void);
#endif
