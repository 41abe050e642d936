/* A small test harness: tests declared once, where they are defined
 * (TEST(name) { ... }), CHECK macros that record failures with file and line,
 * and skips (GPU tests on a machine without a GPU). The runner (tests/main.c)
 * prints `N passed, N failed, N skipped`. */
#ifndef FUSEGEN_TEST_HARNESS_H
#define FUSEGEN_TEST_HARNESS_H

#include <stdio.h>

typedef struct {
  int failed;  /* CHECKs failed in the current test */
  int skipped; /* the current test called SKIP */
  char skip_reason[256];
} test_state;

extern test_state test_current;

/* One test, as TEST records it. */
typedef struct {
  const char *name;
  const char *file;
  int line;
  void (*fn)(void);
} test_case;

/* TEST(test_name) { body }: defines the test and registers it. Each test puts
 * a pointer to its test_case into the linker section fusegen_tests, which the
 * linker gathers from every object in link order (the runner reads it between
 * __start_fusegen_tests and __stop_fusegen_tests). Tests run file by file in
 * the order build.ninja links the files, each file's in the order written. */
#define TEST(test_name)                                                              \
  static void test_name(void);                                                       \
  static const test_case test_name##_case = {                                        \
      .name = #test_name, .file = __FILE__, .line = __LINE__, .fn = test_name};      \
  __attribute__((used, section("fusegen_tests")))                                    \
  static const test_case *const test_name##_entry = &test_name##_case;               \
  static void test_name(void)

#define CHECK(cond)                                                                  \
  do {                                                                               \
    if (!(cond)) {                                                                   \
      test_current.failed++;                                                         \
      fprintf(stderr, "    %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
    }                                                                                \
  } while (0)

#define CHECK_MSG(cond, ...)                                                         \
  do {                                                                               \
    if (!(cond)) {                                                                   \
      test_current.failed++;                                                         \
      fprintf(stderr, "    %s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);   \
      fprintf(stderr, __VA_ARGS__);                                                  \
      fprintf(stderr, "\n");                                                         \
    }                                                                                \
  } while (0)

#define SKIP(...)                                                                    \
  do {                                                                               \
    test_current.skipped = 1;                                                        \
    snprintf(test_current.skip_reason, sizeof test_current.skip_reason, __VA_ARGS__);\
    return;                                                                          \
  } while (0)

/* 1 when a CUDA device is usable (GPU tests skip otherwise). */
int test_have_gpu(void);
/* Path of the fusegen binary (argv or FUSEGEN env, default build/fusegen). */
const char *test_fusegen_path(void);
/* Run fn once after the last test (frees memory that several tests share, so
   that the sanitizer's leak check sees every allocation returned). */
void test_at_end(void (*fn)(void));

#endif
