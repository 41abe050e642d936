/* The test runner: every test, one line each, then `N passed, N failed, N skipped`.
 * usage: fusegen_tests [SUBSTRING]   (run only tests whose name contains it, or
 *                                     only the test of that exact name)
 *        fusegen_tests --list        (print every test's name, one per line)
 * The tests are those that TEST (harness.h) put into the section fusegen_tests:
 * file by file in link order, each file's in the order written. */
#include "harness.h"

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

/* The linker's bounds of the section (GNU ld, gold and lld define them for a
   section whose name is a C identifier). */
extern const test_case *const __start_fusegen_tests[];
extern const test_case *const __stop_fusegen_tests[];

/* A test and where it sorts: its file's place in link order, then its line. */
typedef struct {
  const test_case *t;
  size_t file_rank;
} ordered_test;

static int by_file_then_line(const void *a, const void *b) {
  const ordered_test *x = a, *y = b;
  if (x->file_rank != y->file_rank) return x->file_rank < y->file_rank ? -1 : 1;
  return (x->t->line > y->t->line) - (x->t->line < y->t->line);
}

/* Every test in run order (the compiler may lay out one file's entries in any
   order; the linker keeps each object's together and the objects in link order). */
static ordered_test *all_tests(size_t *count) {
  size_t n = (size_t)(__stop_fusegen_tests - __start_fusegen_tests);
  ordered_test *tests = calloc(n ? n : 1, sizeof *tests);
  if (!tests) { perror("fusegen_tests"); exit(2); }
  for (size_t i = 0; i < n; i++) {
    tests[i].t = __start_fusegen_tests[i];
    tests[i].file_rank = i;
    for (size_t j = 0; j < i; j++)
      if (!strcmp(tests[j].t->file, tests[i].t->file)) { tests[i].file_rank = tests[j].file_rank; break; }
  }
  qsort(tests, n, sizeof *tests, by_file_then_line);
  *count = n;
  return tests;
}

int main(int argc, char **argv) {
  const char *filter = argc > 1 ? argv[1] : NULL;
  size_t n;
  ordered_test *tests = all_tests(&n);
  if (filter && !strcmp(filter, "--list")) {
    for (size_t i = 0; i < n; i++) puts(tests[i].t->name);
    free(tests);
    return 0;
  }
  int exact = 0;
  for (size_t i = 0; filter && i < n; i++) exact |= !strcmp(tests[i].t->name, filter);
  int passed = 0, failed = 0, skipped = 0;
  for (size_t i = 0; i < n; i++) {
    const test_case *t = tests[i].t;
    if (filter && (exact ? strcmp(t->name, filter) : !strstr(t->name, filter))) continue;
    memset(&test_current, 0, sizeof test_current);
    t->fn();
    if (test_current.failed) {
      printf("FAIL %s (%d checks failed)\n", t->name, test_current.failed);
      failed++;
    } else if (test_current.skipped) {
      printf("skip %s: %s\n", t->name, test_current.skip_reason);
      skipped++;
    } else {
      printf("ok   %s\n", t->name);
      passed++;
    }
    fflush(stdout);
  }
  free(tests);
  while (at_end_count > 0) at_end[--at_end_count]();
  printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
  return failed ? 1 : 0;
}
