/* The launch-constant division of the device header (fg_udiv), which the heads
 * kernels use to split work items into tokens and heads: every quotient of a
 * spread of divisors and numerators (tests/udiv_kernel.cu). */
#include "harness.h"

#include <stddef.h>

int fg_test_udiv(int gpu, char *msg, size_t len);

TEST(test_udiv_host) {
  char msg[256] = "";
  CHECK_MSG(fg_test_udiv(0, msg, sizeof msg) == 0, "%s", msg);
}

TEST(test_udiv_gpu) {
  if (!test_have_gpu()) SKIP("no GPU");
  char msg[256] = "";
  CHECK_MSG(fg_test_udiv(1, msg, sizeof msg) == 0, "%s", msg);
}
