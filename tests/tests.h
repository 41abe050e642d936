/* Every test, by file. Each test file's header declares its tests and a list macro. */
#ifndef FUSEGEN_TESTS_H
#define FUSEGEN_TESTS_H
#include "test_generator.h"
#include "test_api.h"
#include "test_rope_gpu.h"
#include "test_python.h"
#include "test_rope_tables.h"
#include "test_rope_qk.h"
#include "test_qknorm_rope.h"
#include "test_norm_modulate_api.h"
#include "test_norm_modulate_gpu.h"
#include "test_serving_api.h"
#include "test_serving_gpu.h"
#include "test_concurrency.h"
#include "test_large.h"
#include "test_multi_gpu.h"
#include "test_vendor.h"
#include "test_tuning.h"
#include "test_udiv.h"
#include "test_contract.h"

#define TEST_LIST(X) GENERATOR_TESTS(X) CONTRACT_TESTS(X) TUNING_TESTS(X) UDIV_TESTS(X) API_TESTS(X) ROPE_GPU_TESTS(X) ROPE_TABLES_TESTS(X) ROPE_QK_TESTS(X) \
  QKNORM_ROPE_TESTS(X) NORM_MODULATE_API_TESTS(X) NORM_MODULATE_GPU_TESTS(X) SERVING_API_TESTS(X) \
  SERVING_GPU_TESTS(X) CONCURRENCY_TESTS(X) LARGE_TESTS(X) MULTI_GPU_TESTS(X) VENDOR_TESTS(X) PYTHON_TESTS(X)
#endif
