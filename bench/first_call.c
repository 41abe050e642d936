/* fusegen_first_call: what the first call of an op costs beyond the kernel
 * (docs/tuning.md). Host wall time of a call plus a stream synchronisation:
 * the first call of an op in a fresh process, the first call of a second op,
 * then the median of later calls; the CUDA context is created before, and
 * timed apart. Nothing is compiled or tuned at run time; what the first call
 * can add is CUDA loading the kernel's module (lazily by default; set
 * CUDA_MODULE_LOADING=EAGER to load every module when the context is created).
 * usage: fusegen_first_call */
#define _POSIX_C_SOURCE 200809L
#include "cases.h"
#include "fusegen_kernels.h"
#include "timing.h"

#include <string.h>
#include <time.h>

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

static double timed_call(bench_case_ctx *c) {
  double t0 = now_us();
  bench_case_run(c);
  CUDA_OK(cudaDeviceSynchronize());
  return now_us() - t0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* the first case of an op, by name */
static int case_of(const char *op) {
  for (int i = 0; i < bench_case_count(); i++)
    if (!strcmp(bench_case_op(i), op)) return i;
  return -1;
}

int main(void) {
  const char *loading = getenv("CUDA_MODULE_LOADING");
  double t0 = now_us();
  CUDA_OK(cudaFree(0));
  double context_us = now_us() - t0;
  const char *ops[2] = {"rope", "qknorm_rope"};
  bench_case_ctx *c[2];
  for (int k = 0; k < 2; k++) c[k] = bench_case_setup(case_of(ops[k]));
  CUDA_OK(cudaDeviceSynchronize());
  double first[2], later[2];
  const char *kernel[2];
  for (int k = 0; k < 2; k++) {
    first[k] = timed_call(c[k]);
    kernel[k] = fg__last_kernel();
  }
  for (int k = 0; k < 2; k++) {
    double t[101];
    for (int i = 0; i < 101; i++) t[i] = timed_call(c[k]);
    qsort(t, 101, sizeof t[0], cmp_double);
    later[k] = t[50];
  }
  printf("CUDA_MODULE_LOADING=%s: context %.0f us\n", loading ? loading : "(unset: lazy)", context_us);
  for (int k = 0; k < 2; k++)
    printf("  %-12s %-34s first call %8.1f us, later calls %8.1f us (median of 101), first - later %8.1f us  [%s]\n",
           ops[k], bench_case_name(case_of(ops[k])), first[k], later[k], first[k] - later[k], kernel[k]);
  for (int k = 0; k < 2; k++) bench_case_free(c[k]);
  return 0;
}
