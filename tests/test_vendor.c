/* generated/ as a drop-in (tests/vendor/run.sh, which says each step): the
 * whole folder copied out of the tree is self-contained and its C sources
 * compile there; two small copies generated with the prefixes fga and fgb
 * build with their own Makefile and CMake file, share no symbol, and link
 * into one program that uses both (on a GPU: against float64, and equal).
 * Needs build/fusegen, nvcc and make; takes a few minutes (nvcc). With
 * FUSEGEN_VENDOR_KEEP=PATH the program is kept at PATH, to run elsewhere. */
#define _POSIX_C_SOURCE 200809L
#include "gen_fixture.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

TEST(test_vendor_two_prefixes_in_one_program) {
  const char *cuda = getenv("CUDA_HOME");
  char nvcc[1024];
  snprintf(nvcc, sizeof nvcc, "%s/bin/nvcc", cuda && *cuda ? cuda : "/usr/local/cuda");
  if (access(test_fusegen_path(), X_OK) != 0) SKIP("no build/fusegen (run from the repository root after ninja)");
  if (access(nvcc, X_OK) != 0) SKIP("no nvcc");
  if (system("command -v make >/dev/null 2>&1") != 0) SKIP("no make");
  char dir[] = "/tmp/fusegen_vendor.XXXXXX";
  if (!mkdtemp(dir)) SKIP("cannot make a temporary folder");
  char cmd[4096], log[1100];
  snprintf(log, sizeof log, "%s/log", dir);
  snprintf(cmd, sizeof cmd, "FUSEGEN='%s' sh tests/vendor/run.sh '%s/work' >'%s' 2>&1", test_fusegen_path(), dir, log);
  int rc = system(cmd);
  char *out = read_text(log, NULL);
  const char *tail = out ? out : "";
  if (strlen(tail) > 3000) tail += strlen(tail) - 3000;
  CHECK_MSG(rc == 0, "tests/vendor/run.sh failed (status %d); its output ends:\n%s", rc, tail);
  CHECK_MSG(out && strstr(out, "vendored copies fga and fgb in one program: ok"), "no success line:\n%s", tail);
  const char *keep = getenv("FUSEGEN_VENDOR_KEEP");
  if (keep && *keep) {
    snprintf(cmd, sizeof cmd, "cp '%s/work/consumer' '%s'", dir, keep);
    CHECK(system(cmd) == 0);
  }
  free(out);
  rm_rf(dir);
}
