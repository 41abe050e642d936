/* fusegen benchmark: each op on the bench shapes of ops.md (bench/cases.c), as
 * bytes moved over time and as a share of the device-to-device copy bandwidth
 * measured in the same run. CUDA events; warm-up; median of many runs; L2
 * flushed before each (bench/timing.c). Bytes are fg__bytes_moved: each input
 * read once, each output written once, from the op's generated signature.
 * Next to each time: a device-to-device copy of the same bytes, and the call's
 * speed as a share of that copy's (%same: over 100 when it beats the copy).
 * usage: fusegen_bench [--runs N] [--csv FILE] [--variants] [--after] [FILTER]
 * (FILTER: the start of an op's name, or part of a case name; "norm" runs the
 * norm + modulation cases. --variants: print the variant each case runs, as a
 * first tuning file for this GPU (docs/tuning.md), instead of timing. --after:
 * also time the kernel after each call, a read of half the L2 three times,
 * against the same reads after the flush alone: what the call leaves in L2,
 * which a time with the L2 flushed after every call cannot show) */
#include "cases.h"
#include "fusegen_kernels.h"
#include "timing.h"
#include "tuning_file.h"

#include <string.h>

/* A first tuning file for this GPU: every variant the selected cases run, each
   with the spec's tiles ({}); the tuner then tunes exactly those. */
static int print_variants(const char *filter) {
  int dev = 0;
  struct cudaDeviceProp prop;
  CUDA_OK(cudaGetDevice(&dev));
  CUDA_OK(cudaGetDeviceProperties(&prop, dev));
  tuning_entry *e = calloc((size_t)bench_case_count(), sizeof *e);
  size_t n = 0;
  for (int i = 0; i < bench_case_count(); i++) {
    if (!bench_case_selected(i, filter)) continue;
    bench_case_ctx *c = bench_case_setup(i);
    bench_case_run(c);
    CUDA_OK(cudaDeviceSynchronize());
    if (tuning_split_kernel(fg__last_kernel(), &e[n]) == 0) n++;
    bench_case_free(c);
  }
  tuning_file_write(stdout, prop.name, prop.major * 10 + prop.minor, NULL, NULL, e, n);
  free(e);
  return 0;
}

int main(int argc, char **argv) {
  const char *filter = NULL, *csv_path = NULL;
  int runs = 200, variants = 0, after = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv_path = argv[++i];
    else if (!strcmp(argv[i], "--variants")) variants = 1;
    else if (!strcmp(argv[i], "--after")) after = 1;
    else filter = argv[i];
  }
  if (runs < 1) runs = 1;
  if (variants) return print_variants(filter);
  timing_init("fusegen_bench");
  double copy_gbs = copy_bandwidth(runs);
  const float next_base = after ? time_after_median(NULL, NULL, runs) : 0.f;
  if (after) printf("next kernel (half the L2 read three times) after the flush alone: %.2f us\n", next_base * 1e3);
  printf("\n");
  FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
  if (csv) fprintf(csv, "op,shape,variant,time_us,gbps,pct_copy,copy_gbps,same_copy_us,pct_same_copy,next_us,next_base_us\n");
  printf("%-24s %-36s %10s %9s %7s %10s %7s%s  %s\n", "op", "shape", "time(us)", "GB/s", "%copy", "copy(us)", "%same",
         after ? "  next(us)   +next" : "", "kernel");
  for (int i = 0; i < bench_case_count(); i++) {
    if (!bench_case_selected(i, filter)) continue;
    bench_case_ctx *c = bench_case_setup(i);
    float ms = time_median(bench_case_run, c, runs);
    double gbs = bench_case_bytes(c) / (ms * 1e-3) / 1e9;
    /* a copy of the call's own bytes: what the launch, ramp and tail of a call
       of this size leave of the copy bandwidth */
    float same_ms = same_size_copy_ms(bench_case_bytes(c), runs);
    /* the kernel after the call: slower than after the flush alone where the
       call left L2 holding lines it cannot evict */
    const float next_ms = after ? time_after_median(bench_case_run, c, runs) : 0.f;
    char next_col[40] = "", next_csv[40] = ",,";
    if (after) {
      snprintf(next_col, sizeof next_col, " %9.1f %+6.1f%%", next_ms * 1e3, 100 * (next_ms / next_base - 1));
      snprintf(next_csv, sizeof next_csv, ",%.2f,%.2f", next_ms * 1e3, next_base * 1e3);
    }
    printf("%-24s %-36s %10.1f %9.0f %6.1f%% %10.1f %6.1f%%%s  %s\n", bench_case_op(i), bench_case_name(i), ms * 1e3, gbs,
           100 * gbs / copy_gbs, same_ms * 1e3, 100 * same_ms / ms, next_col, fg__last_kernel());
    if (csv)
      fprintf(csv, "%s,\"%s\",%s,%.2f,%.1f,%.2f,%.1f,%.2f,%.1f%s\n", bench_case_op(i), bench_case_name(i),
              fg__last_kernel(), ms * 1e3, gbs, 100 * gbs / copy_gbs, copy_gbs, same_ms * 1e3, 100 * same_ms / ms, next_csv);
    bench_case_free(c);
  }
  if (csv) fclose(csv);
  return 0;
}
