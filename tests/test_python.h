#ifndef TEST_PYTHON_H
#define TEST_PYTHON_H
#define PYTHON_TESTS(X) X(test_python_binding)
void test_python_binding(void);
#endif
