#ifndef TEST_MULTI_GPU_H
#define TEST_MULTI_GPU_H
#define MULTI_GPU_TESTS(X) X(test_multi_gpu_rope_on_each_device)
void test_multi_gpu_rope_on_each_device(void);
#endif
