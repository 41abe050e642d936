/* Timing for the benchmark and the tuner (bench/timing.h). */
#include "timing.h"

#include <string.h>

cudaError_t fg_bench_flush(const void *buf, size_t bytes, unsigned *sink, cudaStream_t stream);
cudaError_t fg_bench_reuse(const void *buf, size_t bytes, unsigned *sink, cudaStream_t stream);

static void *flush_buf;
static unsigned *flush_sink;
static size_t flush_bytes;
static void *reuse_buf; /* half the L2, read after a call (time_after_median) */
static size_t reuse_bytes;

void timing_init(const char *program) {
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) {
    fprintf(stderr, "%s: no CUDA device\n", program);
    exit(1);
  }
  struct cudaDeviceProp prop;
  CUDA_OK(cudaGetDeviceProperties(&prop, dev));
  flush_bytes = (size_t)prop.l2CacheSize * 4;
  CUDA_OK(cudaMalloc(&flush_buf, flush_bytes));
  CUDA_OK(cudaMemset(flush_buf, 0x5a, flush_bytes));
  CUDA_OK(cudaMalloc((void **)&flush_sink, sizeof(unsigned)));
  reuse_bytes = (size_t)prop.l2CacheSize / 2 & ~(size_t)15;
  CUDA_OK(cudaMalloc(&reuse_buf, reuse_bytes));
  CUDA_OK(cudaMemset(reuse_buf, 0x3c, reuse_bytes));
  printf("device: %s (sm_%d%d, %d SMs, L2 %d MB)\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount,
         prop.l2CacheSize >> 20);
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

/* Median ms over n runs, L2 flushed before each, of fn(ctx) (reads_after 0) or
   of the three reads of half the L2 right after it (reads_after 1; fn NULL:
   after the flush alone). */
static float median_runs(void (*fn)(void *), void *ctx, int n, int reads_after) {
  cudaEvent_t a, b;
  CUDA_OK(cudaEventCreate(&a));
  CUDA_OK(cudaEventCreate(&b));
  float *ms = malloc(sizeof(float) * n);
  if (fn)
    for (int i = 0; i < 5; i++) fn(ctx); /* warm-up */
  for (int i = 0; i < n; i++) {
    CUDA_OK(fg_bench_flush(flush_buf, flush_bytes, flush_sink, 0));
    if (!reads_after) CUDA_OK(cudaEventRecord(a, 0));
    if (fn) fn(ctx);
    if (reads_after) {
      CUDA_OK(cudaEventRecord(a, 0));
      for (int k = 0; k < 3; k++) CUDA_OK(fg_bench_reuse(reuse_buf, reuse_bytes, flush_sink, 0));
    }
    CUDA_OK(cudaEventRecord(b, 0));
    CUDA_OK(cudaEventSynchronize(b));
    CUDA_OK(cudaEventElapsedTime(&ms[i], a, b));
  }
  qsort(ms, n, sizeof(float), cmp_float);
  float med = ms[n / 2];
  free(ms);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return med;
}

float time_median(void (*fn)(void *), void *ctx, int n) { return median_runs(fn, ctx, n, 0); }
float time_after_median(void (*fn)(void *), void *ctx, int n) { return median_runs(fn, ctx, n, 1); }

typedef struct { void *dst, *src; size_t bytes; } copy_ctx;
static void run_copy(void *p) {
  copy_ctx *c = p;
  CUDA_OK(cudaMemcpyAsync(c->dst, c->src, c->bytes, cudaMemcpyDeviceToDevice, 0));
}

double copy_bandwidth(int runs) {
  copy_ctx cc = {NULL, NULL, (size_t)1 << 30};
  CUDA_OK(cudaMalloc(&cc.src, cc.bytes));
  CUDA_OK(cudaMalloc(&cc.dst, cc.bytes));
  CUDA_OK(cudaMemset(cc.src, 1, cc.bytes));
  float copy_ms = time_median(run_copy, &cc, runs < 50 ? runs : 50);
  double gbs = 2.0 * cc.bytes / (copy_ms * 1e-3) / 1e9;
  cudaFree(cc.src);
  cudaFree(cc.dst);
  printf("copy: 1 GiB device-to-device in %.3f ms = %.0f GB/s (read + write)\n", copy_ms, gbs);
  return gbs;
}

/* One pair of buffers, grown to the largest call so far. */
static void *same_src, *same_dst;
static size_t same_cap;

float same_size_copy_ms(double bytes, int runs) {
  /* a whole number of 4 KiB: a device-to-device cudaMemcpy of any other size
     takes about 2.5 us more (H100, H200), which would make it no floor */
  copy_ctx cc = {NULL, NULL, (size_t)(bytes / 2) & ~(size_t)4095};
  if (cc.bytes == 0) return 0.f;
  if (cc.bytes > same_cap) {
    cudaFree(same_src);
    cudaFree(same_dst);
    CUDA_OK(cudaMalloc(&same_src, cc.bytes));
    CUDA_OK(cudaMalloc(&same_dst, cc.bytes));
    CUDA_OK(cudaMemset(same_src, 1, cc.bytes));
    same_cap = cc.bytes;
  }
  cc.src = same_src;
  cc.dst = same_dst;
  return time_median(run_copy, &cc, runs);
}
