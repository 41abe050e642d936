/* fusegen_pdl_chain: what programmatic dependent launch (fg_set_pdl) saves
 * between calls. For each bench case (ops.md's bench shapes), a CUDA graph of
 * N calls of the case one after another on one stream is captured twice, with
 * PDL off and on, and replayed in alternating rounds; each replay is timed by
 * events around it, L2 flushed before it (not between its calls: they follow
 * each other as a model's kernels do). Printed: the median time per call of
 * each graph and the change. It measures the gap between kernels, not a
 * call's share of the copy roofline (bench/bench.c). With --mixed, one graph
 * instead: the selected cases one call each, in order, N times over (a
 * decode step's mix of ops, with FILTER "[32,").
 * usage: fusegen_pdl_chain [--calls N] [--runs R] [--mixed] [FILTER] */
#include "cases.h"
#include "timing.h"

#include <string.h>

typedef struct {
  cudaGraphExec_t exec;
  cudaStream_t stream;
} replay_ctx;

static void replay(void *p) {
  replay_ctx *r = p;
  CUDA_OK(cudaGraphLaunch(r->exec, r->stream));
}

/* N rounds of a call of each of the n cases, captured with PDL on or off. */
static cudaGraphExec_t capture(bench_case_ctx **c, int n, cudaStream_t stream, int calls, int pdl) {
  if (fg_set_pdl(pdl) != FG_OK) {
    fprintf(stderr, "fg_set_pdl: %s\n", fg_last_error());
    exit(1);
  }
  cudaGraph_t g;
  CUDA_OK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  for (int i = 0; i < calls; i++)
    for (int k = 0; k < n; k++) bench_case_run(c[k]);
  CUDA_OK(cudaStreamEndCapture(stream, &g));
  cudaGraphExec_t exec;
  CUDA_OK(cudaGraphInstantiate(&exec, g, 0));
  CUDA_OK(cudaGraphDestroy(g));
  fg_set_pdl(0);
  return exec;
}

/* The per-call times of the graph of the n cases with PDL off and on: the
   best of three alternating passes (a clock drift falls on both), each the
   median of runs replays. */
static void time_pair(bench_case_ctx **c, int n, cudaStream_t stream, int calls, int runs, float us[2]) {
  replay_ctx r[2] = {{capture(c, n, stream, calls, 0), stream}, {capture(c, n, stream, calls, 1), stream}};
  for (int pdl = 0; pdl < 2; pdl++) us[pdl] = 1e30f;
  for (int pass = 0; pass < 3; pass++)
    for (int pdl = 0; pdl < 2; pdl++) {
      const float ms = time_median(replay, &r[pdl], runs);
      if (ms < us[pdl]) us[pdl] = ms;
    }
  for (int pdl = 0; pdl < 2; pdl++) {
    us[pdl] *= 1000.0f / (float)(calls * n);
    CUDA_OK(cudaGraphExecDestroy(r[pdl].exec));
  }
}

/* Case i's tensors, after its first call (the kernel's module loaded, the
   occupancy asked), so that neither is captured. */
static bench_case_ctx *setup_warm(int i, cudaStream_t stream) {
  bench_case_ctx *c = bench_case_setup(i);
  bench_case_run(c);
  CUDA_OK(cudaStreamSynchronize(stream));
  return c;
}

int main(int argc, char **argv) {
  int calls = 20, runs = 30, mixed = 0;
  const char *filter = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--calls") && i + 1 < argc) calls = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--mixed")) mixed = 1;
    else if (argv[i][0] == '-') {
      fprintf(stderr, "usage: %s [--calls N] [--runs R] [--mixed] [FILTER]\n", argv[0]);
      return 2;
    } else filter = argv[i];
  }
  if (calls < 1 || runs < 1) {
    fprintf(stderr, "%s: --calls and --runs take a positive count\n", argv[0]);
    return 2;
  }
  timing_init(argv[0]);
  cudaStream_t stream;
  CUDA_OK(cudaStreamCreate(&stream)); /* blocking: the timing's events and flush on the default stream order it */
  bench_case_stream((fg_stream_t)stream);
  enum { MAX_CASES = 256 };
  bench_case_ctx *c[MAX_CASES];
  int n = 0;
  float us[2];
  if (mixed) {
    for (int i = 0; i < bench_case_count() && n < MAX_CASES; i++) {
      if (!bench_case_selected(i, filter)) continue;
      c[n++] = setup_warm(i, stream);
      printf("%s %s\n", bench_case_op(i), bench_case_name(i));
    }
    if (n == 0) {
      fprintf(stderr, "%s: no case matches %s\n", argv[0], filter ? filter : "");
      return 2;
    }
    time_pair(c, n, stream, calls, runs, us);
    printf("a CUDA graph of %d rounds of the %d cases above, median of %d replays (L2 flushed before each), best of 3 "
           "passes: %.2f us per call with PDL off, %.2f with PDL on (%+.1f%%)\n",
           calls, n, runs, us[0], us[1], 100.0 * (us[1] / us[0] - 1.0));
    for (int k = 0; k < n; k++) bench_case_free(c[k]);
    CUDA_OK(cudaStreamDestroy(stream));
    return 0;
  }
  printf("a CUDA graph of %d calls of each case, median of %d replays (L2 flushed before each), best of 3 passes, us per call\n",
         calls, runs);
  printf("%-26s %-44s %10s %10s %8s\n", "op", "case", "PDL off", "PDL on", "change");
  for (int i = 0; i < bench_case_count(); i++) {
    if (!bench_case_selected(i, filter)) continue;
    c[0] = setup_warm(i, stream);
    time_pair(c, 1, stream, calls, runs, us);
    printf("%-26s %-44s %10.2f %10.2f %+7.1f%%\n", bench_case_op(i), bench_case_name(i), us[0], us[1],
           100.0 * (us[1] / us[0] - 1.0));
    fflush(stdout);
    bench_case_free(c[0]);
  }
  CUDA_OK(cudaStreamDestroy(stream));
  return 0;
}
