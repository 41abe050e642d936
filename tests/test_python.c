/* The Python package's GPU tests (tests/python/test_ops_gpu.py: the ops against
 * references; tests/python/test_torch_gpu.py: torch.ops, opcheck, torch.compile,
 * CUDA graphs, streams; tests/python/test_devices_gpu.py: calls on a GPU other
 * than the current one, with two GPUs) where they can run: python3 with
 * PyTorch, a GPU, and the package installed (`pip install .`). Skipped
 * otherwise. The package's install and import without a GPU:
 * tests/python/test_package.py (CI). */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include <stdlib.h>

TEST(test_python_binding) {
  if (!test_have_gpu()) SKIP("no GPU");
  if (system("python3 -c 'import torch; assert torch.cuda.is_available()' >/dev/null 2>&1") != 0)
    SKIP("python3 with PyTorch and CUDA not available");
  if (system("cd / && python3 -c 'import fusegen' >/dev/null 2>&1") != 0)
    SKIP("the fusegen package is not installed (pip install .)");
  int rc = system("python3 tests/python/test_ops_gpu.py");
  CHECK_MSG(rc == 0, "tests/python/test_ops_gpu.py failed (exit status %d)", rc);
  rc = system("python3 tests/python/test_torch_gpu.py");
  CHECK_MSG(rc == 0, "tests/python/test_torch_gpu.py failed (exit status %d)", rc);
  rc = system("python3 tests/python/test_devices_gpu.py");
  CHECK_MSG(rc == 0, "tests/python/test_devices_gpu.py failed (exit status %d)", rc);
}
