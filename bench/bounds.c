/* The floors of the rows ops (bench/bounds_kernels.cu): each bound kernel on
 * the serving norms' bench shapes, timed as the benchmark times a call (median,
 * L2 flushed before each run), beside a copy of its own bytes.
 *
 * usage: fusegen_bounds [--runs N]
 *
 * A bound's share of its same-size copy is the most a kernel of that traffic
 * and structure (a block per row, the row in registers before its reductions)
 * reached in this run: where the library's kernel of the same traffic is near
 * it, a faster kernel needs another structure, not other tiles. Last,
 * select01's structure with the library's ways added one at a time: which of
 * them costs where the library trails the bound. */
#include <stdlib.h>
#include <string.h>

#include "timing.h"

cudaError_t fg_bound_run(int form, int affine, const void *x, void *out, float *row_scale, const void *wb, void *out2,
                         int R, int C, cudaStream_t s);
cudaError_t fg_bound_select(int feat, const void *x, void *out, void *out2, const long long *index, const void *rows,
                            int R, int C, cudaStream_t s);

/* select01's structure with the library's ways one at a time (bounds_kernels.cu,
   select_kernel): 0 none, 1 its stores, 2 x under an L2 evict-last policy, 4 the
   rows chosen per row by an index, 8 every chunk slot tested, 15 all four */
static const struct {
  const char *name;
  int feat;
} selects[] = {
    {"select01 bound", 0},         {"select01 bound, __stwb stores", 1}, {"select01 bound, x evict-last", 2},
    {"select01 bound, index rows", 4}, {"select01 bound, slot tests", 8},    {"select01 bound, all four", 15},
};

typedef struct {
  int feat, R, C;
  void *x, *out, *out2, *rows;
  long long *index;
} select_ctx;

static void run_select(void *p) {
  select_ctx *c = p;
  CUDA_OK(fg_bound_select(c->feat, c->x, c->out, c->out2, c->index, c->rows, c->R, c->C, 0));
}

/* form as fg_bound_run's; affine: 0 none, 1 weight, 2 weight and bias (after
   the reductions), 3 and 4 the same loaded with x, 5 and 6: 1 and 2 in 64
   registers */
static const struct {
  const char *name;
  int form, affine;
  int out_bytes; /* per element */
  int row_scale; /* writes a float per row */
  int second;    /* writes a second output: a copy of a row every row reads (select01's gate_out) */
} forms[] = {
    {"stream", 0, 0, 2, 0, 0},
    {"rms", 1, 0, 2, 0, 0},
    {"rms, weight", 1, 1, 2, 0, 0},
    {"rms, weight with x", 1, 3, 2, 0, 0},
    {"layer", 2, 0, 2, 0, 0},
    {"layer, weight and bias", 2, 2, 2, 0, 0},
    {"layer, weight and bias with x", 2, 4, 2, 0, 0},
    {"layer, weight and bias, 64 registers", 2, 6, 2, 0, 0},
    {"stream, a second output", 0, 0, 2, 0, 1},
    {"layer, w and b, a second output", 2, 2, 2, 0, 1},
    {"layer, w and b, 64 reg, 2nd output", 2, 6, 2, 0, 1},
    {"stream to fp8", 3, 0, 1, 0, 0},
    {"rms to fp8", 4, 0, 1, 0, 0},
    {"rms, weight to fp8", 4, 1, 1, 0, 0},
    {"rms, weight to fp8, 64 registers", 4, 5, 1, 0, 0},
    {"rms to fp8, dynamic scale", 5, 0, 1, 1, 0},
    {"rms, weight to fp8, dynamic scale", 5, 1, 1, 1, 0},
    {"rms, weight to fp8, dynamic, 64 registers", 5, 5, 1, 1, 0},
};
static const int shapes[][2] = {{4096, 3072}, {4096, 4096}, {4096, 5120}, {8192, 5120}, {16384, 8192}};

typedef struct {
  int form, affine, R, C;
  void *x, *out, *wb, *out2; /* out2: the second output, where the form writes one */
  float *scale;
} bound_ctx;

static void run_bound(void *p) {
  bound_ctx *b = p;
  CUDA_OK(fg_bound_run(b->form, b->affine, b->x, b->out, b->scale, b->wb, b->out2, b->R, b->C, 0));
}

/* One line of the table: a kernel's time (ms) over `bytes`, beside a copy of those bytes. */
static void report(const char *name, int R, int C, double bytes, float ms, double copy_gbs, int runs) {
  const float same = same_size_copy_ms(bytes, runs);
  const double gbs = bytes / (ms * 1e-3) / 1e9;
  char shape[32];
  snprintf(shape, sizeof shape, "[%d,%d]", R, C);
  printf("%-36s %-14s %9.2f %9.0f %6.1f%% %11.2f %6.1f%%\n", name, shape, ms * 1e3, gbs, 100 * gbs / copy_gbs, same * 1e3,
         100 * same / ms);
}

int main(int argc, char **argv) {
  int runs = 100;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--runs") && i + 1 < argc) {
      runs = atoi(argv[++i]);
    } else {
      fprintf(stderr, "usage: %s [--runs N]\n", argv[0]);
      return 2;
    }
  }
  if (runs < 1) runs = 1;
  timing_init(argv[0]);
  const double copy_gbs = copy_bandwidth(runs);
  printf("%-36s %-14s %9s %9s %7s %11s %7s\n", "bound", "shape", "us", "GB/s", "% copy", "same-size", "% of it");
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    const int R = shapes[s][0], C = shapes[s][1];
    bound_ctx b = {0, 0, R, C, NULL, NULL, NULL, NULL, NULL};
    void *second = NULL;
    CUDA_OK(cudaMalloc(&b.x, (size_t)R * C * 2));
    CUDA_OK(cudaMalloc(&b.out, (size_t)R * C * 2));
    CUDA_OK(cudaMalloc(&second, (size_t)R * C * 2));
    CUDA_OK(cudaMalloc((void **)&b.scale, (size_t)R * sizeof(float)));
    CUDA_OK(cudaMalloc(&b.wb, (size_t)C * 4));
    CUDA_OK(cudaMemset(b.wb, 0x3f, (size_t)C * 4));
    CUDA_OK(cudaMemset(b.x, 0x3f, (size_t)R * C * 2)); /* bf16 0x3f3f: about 0.75 */
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
      b.form = forms[f].form;
      b.affine = forms[f].affine;
      b.out2 = forms[f].second ? second : NULL;
      /* weight, bias (or the second output's row, the weight's): read once */
      const int rows_read = forms[f].affine % 2 ? 1 : forms[f].affine ? 2 : forms[f].second;
      const double bytes = (double)R * C * (2 + forms[f].out_bytes + 2 * forms[f].second) + rows_read * C * 2.0 +
                           (forms[f].row_scale ? R * 4.0 : 0);
      report(forms[f].name, R, C, bytes, time_median(run_bound, &b, runs), copy_gbs, runs);
    }
    cudaFree(b.x);
    cudaFree(b.out);
    cudaFree(second);
    cudaFree(b.scale);
    cudaFree(b.wb);
  }
  /* select01's shapes: a random branch per row */
  static const int select_shapes[][2] = {{4096, 3072}, {4096, 5120}, {16384, 3072}};
  for (size_t s = 0; s < sizeof select_shapes / sizeof select_shapes[0]; s++) {
    const int R = select_shapes[s][0], C = select_shapes[s][1];
    select_ctx c = {0, R, C, NULL, NULL, NULL, NULL, NULL};
    CUDA_OK(cudaMalloc(&c.x, (size_t)R * C * 2));
    CUDA_OK(cudaMalloc(&c.out, (size_t)R * C * 2));
    CUDA_OK(cudaMalloc(&c.out2, (size_t)R * C * 2));
    CUDA_OK(cudaMalloc(&c.rows, (size_t)6 * C * 2));
    CUDA_OK(cudaMalloc((void **)&c.index, (size_t)R * sizeof(long long)));
    CUDA_OK(cudaMemset(c.x, 0x3f, (size_t)R * C * 2));
    CUDA_OK(cudaMemset(c.rows, 0x3c, (size_t)6 * C * 2));
    long long *host = malloc((size_t)R * sizeof(long long));
    unsigned seed = 12345u;
    for (int r = 0; r < R; r++) {
      seed = seed * 1664525u + 1013904223u;
      host[r] = seed >> 31;
    }
    CUDA_OK(cudaMemcpy(c.index, host, (size_t)R * sizeof(long long), cudaMemcpyHostToDevice));
    free(host);
    for (size_t f = 0; f < sizeof selects / sizeof selects[0]; f++) {
      c.feat = selects[f].feat;
      const double bytes = (double)R * C * 6 + 3.0 * C * 2 * (c.feat & 4 ? 2 : 1) + (c.feat & 4 ? R * 8.0 : 0);
      report(selects[f].name, R, C, bytes, time_median(run_select, &c, runs), copy_gbs, runs);
    }
    cudaFree(c.x);
    cudaFree(c.out);
    cudaFree(c.out2);
    cudaFree(c.rows);
    cudaFree(c.index);
  }
  return 0;
}
