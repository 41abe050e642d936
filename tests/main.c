/* The test runner: every test, one line each, then `N passed, N failed, N skipped`.
 * usage: fusegen_tests [SUBSTRING]   (run only tests whose name contains it, or
 *                                     only the test of that exact name)
 *        fusegen_tests --list        (print every test's name, one per line) */
#include "harness.h"
#include "tests.h"

#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

test_state test_current;

int test_have_gpu(void) {
  static int have = -1;
  if (have < 0) {
    int n = 0;
    have = cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
    cudaGetLastError();
  }
  return have;
}

const char *test_fusegen_path(void) {
  const char *p = getenv("FUSEGEN");
  return p && *p ? p : "build/fusegen";
}

static void (*at_end[8])(void);
static int at_end_count;

void test_at_end(void (*fn)(void)) {
  if (at_end_count < (int)(sizeof at_end / sizeof at_end[0])) at_end[at_end_count++] = fn;
}

#define T(name) {#name, name},
static const struct {
  const char *name;
  void (*fn)(void);
} all_tests[] = {TEST_LIST(T)};

int main(int argc, char **argv) {
  const char *filter = argc > 1 ? argv[1] : NULL;
  if (filter && !strcmp(filter, "--list")) {
    for (size_t i = 0; i < sizeof all_tests / sizeof all_tests[0]; i++) puts(all_tests[i].name);
    return 0;
  }
  int exact = 0;
  for (size_t i = 0; filter && i < sizeof all_tests / sizeof all_tests[0]; i++)
    exact |= !strcmp(all_tests[i].name, filter);
  int passed = 0, failed = 0, skipped = 0;
  for (size_t i = 0; i < sizeof all_tests / sizeof all_tests[0]; i++) {
    if (filter && (exact ? strcmp(all_tests[i].name, filter) : !strstr(all_tests[i].name, filter))) continue;
    memset(&test_current, 0, sizeof test_current);
    all_tests[i].fn();
    if (test_current.failed) {
      printf("FAIL %s (%d checks failed)\n", all_tests[i].name, test_current.failed);
      failed++;
    } else if (test_current.skipped) {
      printf("skip %s: %s\n", all_tests[i].name, test_current.skip_reason);
      skipped++;
    } else {
      printf("ok   %s\n", all_tests[i].name);
      passed++;
    }
    fflush(stdout);
  }
  while (at_end_count > 0) at_end[--at_end_count]();
  printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
  return failed ? 1 : 0;
}
