/* The Python binding's tests (tests/test_python_binding.py) where they can run:
 * python3 with PyTorch and a GPU. Skipped otherwise. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "test_python.h"

#include <stdlib.h>

void test_python_binding(void) {
  if (!test_have_gpu()) SKIP("no GPU");
  if (system("python3 -c 'import torch; assert torch.cuda.is_available()' >/dev/null 2>&1") != 0)
    SKIP("python3 with PyTorch and CUDA not available");
  int rc = system("python3 tests/test_python_binding.py");
  CHECK_MSG(rc == 0, "tests/test_python_binding.py failed (exit status %d)", rc);
}
