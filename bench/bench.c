/* fusegen benchmark: each op on the bench shapes of ops.md, as bytes moved over
 * time and as a share of the device-to-device copy bandwidth measured in the
 * same run. CUDA events; warm-up; median of many runs; L2 flushed before each
 * (bench/flush.cu). Bytes are fg__bytes_moved: each input read once, each
 * output written once, from the op's generated signature.
 * usage: fusegen_bench [--runs N] [--csv FILE] [FILTER] */
#include "fusegen.h"
#include "fusegen_kernels.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUDA_OK(x)                                                                        \
  do {                                                                                    \
    cudaError_t e_ = (x);                                                                 \
    if (e_ != cudaSuccess) {                                                              \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      exit(1);                                                                            \
    }                                                                                     \
  } while (0)

static int runs = 200;
static void *flush_buf;
static unsigned *flush_sink;
static size_t flush_bytes;

cudaError_t fg_bench_flush(const void *buf, size_t bytes, unsigned *sink, cudaStream_t stream);

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

/* Median time (ms) of fn(ctx) over `runs` runs, L2 flushed before each. */
static float time_median(void (*fn)(void *), void *ctx, int n) {
  cudaEvent_t a, b;
  CUDA_OK(cudaEventCreate(&a));
  CUDA_OK(cudaEventCreate(&b));
  float *ms = malloc(sizeof(float) * n);
  for (int i = 0; i < 5; i++) fn(ctx); /* warm-up */
  for (int i = 0; i < n; i++) {
    CUDA_OK(fg_bench_flush(flush_buf, flush_bytes, flush_sink, 0));
    CUDA_OK(cudaEventRecord(a, 0));
    fn(ctx);
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

/* --- the copy bandwidth ------------------------------------------------------- */
typedef struct { void *dst, *src; size_t bytes; } copy_ctx;
static void run_copy(void *p) {
  copy_ctx *c = p;
  CUDA_OK(cudaMemcpyAsync(c->dst, c->src, c->bytes, cudaMemcpyDeviceToDevice, 0));
}

/* --- rope ------------------------------------------------------------------- */
typedef struct {
  const char *name;
  int batched;
  int64_t B, S, H, D;
  fg_pairing pairing;
} rope_shape;

typedef struct {
  DLTensor x, out, cos, sin;
  int64_t xs[4], cs[2];
  fg_pairing pairing;
} rope_ctx;

static void run_rope(void *p) {
  rope_ctx *c = p;
  fg_status st = fg_rope(&c->x, &c->out, &c->cos, &c->sin, c->pairing, NULL);
  if (st != FG_OK) {
    fprintf(stderr, "fg_rope: %s\n", fg_last_error());
    exit(1);
  }
}

static void fill_random_bf16(void *dev, size_t n) {
  unsigned short *h = malloc(n * 2);
  uint64_t s = 88172645463325252ull;
  for (size_t i = 0; i < n; i++) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    float f = (float)((double)(s >> 11) / 9007199254740992.0 * 2 - 1);
    unsigned u;
    memcpy(&u, &f, 4);
    h[i] = (unsigned short)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
  }
  CUDA_OK(cudaMemcpy(dev, h, n * 2, cudaMemcpyHostToDevice));
  free(h);
}

static void fill_random_f32(void *dev, size_t n) {
  float *h = malloc(n * 4);
  for (size_t i = 0; i < n; i++) h[i] = (float)sin((double)i * 0.37);
  CUDA_OK(cudaMemcpy(dev, h, n * 4, cudaMemcpyHostToDevice));
  free(h);
}

static DLTensor tensor(void *data, DLDataType dt, int ndim, int64_t *shape) {
  DLTensor t;
  memset(&t, 0, sizeof t);
  t.data = data;
  t.device.device_type = kDLCUDA;
  t.ndim = ndim;
  t.dtype = dt;
  t.shape = shape;
  return t;
}

int main(int argc, char **argv) {
  const char *filter = NULL, *csv_path = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv_path = argv[++i];
    else filter = argv[i];
  }
  if (runs < 1) runs = 1;
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) { fprintf(stderr, "fusegen_bench: no CUDA device\n"); return 1; }
  struct cudaDeviceProp prop;
  CUDA_OK(cudaGetDeviceProperties(&prop, dev));
  flush_bytes = (size_t)prop.l2CacheSize * 4;
  CUDA_OK(cudaMalloc(&flush_buf, flush_bytes));
  CUDA_OK(cudaMemset(flush_buf, 0x5a, flush_bytes));
  CUDA_OK(cudaMalloc((void **)&flush_sink, sizeof(unsigned)));

  copy_ctx cc = {NULL, NULL, (size_t)1 << 30};
  CUDA_OK(cudaMalloc(&cc.src, cc.bytes));
  CUDA_OK(cudaMalloc(&cc.dst, cc.bytes));
  CUDA_OK(cudaMemset(cc.src, 1, cc.bytes));
  float copy_ms = time_median(run_copy, &cc, runs < 50 ? runs : 50);
  double copy_gbs = 2.0 * cc.bytes / (copy_ms * 1e-3) / 1e9;
  cudaFree(cc.src);
  cudaFree(cc.dst);
  printf("device: %s (sm_%d%d, %d SMs, L2 %d MB)\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount,
         prop.l2CacheSize >> 20);
  printf("copy: 1 GiB device-to-device in %.3f ms = %.0f GB/s (read + write)\n\n", copy_ms, copy_gbs);
  FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
  if (csv) fprintf(csv, "op,shape,variant,time_us,gbps,pct_copy,copy_gbps\n");
  printf("%-8s %-32s %10s %9s %7s  %s\n", "op", "shape", "time(us)", "GB/s", "%copy", "kernel");

  static const rope_shape shapes[] = {
      {"hunyuan 1x115200x24x128", 1, 1, 115200, 24, 128, FG_PAIRING_INTERLEAVED},
      {"wan 1x32760x12x128", 1, 1, 32760, 12, 128, FG_PAIRING_INTERLEAVED},
      {"2x4096x24x128", 1, 2, 4096, 24, 128, FG_PAIRING_INTERLEAVED},
      {"1x4096x32x64", 1, 1, 4096, 32, 64, FG_PAIRING_INTERLEAVED},
      {"T 4096x24x128", 0, 1, 4096, 24, 128, FG_PAIRING_INTERLEAVED},
      {"half 1x115200x24x128", 1, 1, 115200, 24, 128, FG_PAIRING_HALF},
  };
  DLDataType bf16 = {kDLBfloat, 16, 1}, f32 = {kDLFloat, 32, 1};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    const rope_shape *s = &shapes[i];
    if (filter && !strstr(s->name, filter) && strcmp(filter, "rope")) continue;
    size_t n = (size_t)(s->B * s->S * s->H * s->D), tn = (size_t)(s->S * s->D / 2);
    void *x, *out, *cs, *sn;
    CUDA_OK(cudaMalloc(&x, n * 2));
    CUDA_OK(cudaMalloc(&out, n * 2));
    CUDA_OK(cudaMalloc(&cs, tn * 4));
    CUDA_OK(cudaMalloc(&sn, tn * 4));
    fill_random_bf16(x, n);
    fill_random_f32(cs, tn);
    fill_random_f32(sn, tn);
    rope_ctx c;
    memset(&c, 0, sizeof c);
    if (s->batched) {
      c.xs[0] = s->B; c.xs[1] = s->S; c.xs[2] = s->H; c.xs[3] = s->D;
    } else {
      c.xs[0] = s->S; c.xs[1] = s->H; c.xs[2] = s->D;
    }
    c.cs[0] = s->S;
    c.cs[1] = s->D / 2;
    c.x = tensor(x, bf16, s->batched ? 4 : 3, c.xs);
    c.out = tensor(out, bf16, s->batched ? 4 : 3, c.xs);
    c.cos = tensor(cs, f32, 2, c.cs);
    c.sin = tensor(sn, f32, 2, c.cs);
    c.pairing = s->pairing;
    float ms = time_median(run_rope, &c, runs);
    const DLTensor *args[4] = {&c.x, &c.out, &c.cos, &c.sin};
    double bytes = (double)fg__bytes_moved(&fg__rope_sig, args); /* read off the spec's signature */
    double gbs = bytes / (ms * 1e-3) / 1e9;
    printf("%-8s %-32s %10.1f %9.0f %6.1f%%  %s\n", "rope", s->name, ms * 1e3, gbs, 100 * gbs / copy_gbs,
           fg__last_kernel());
    if (csv)
      fprintf(csv, "rope,%s,%s,%.2f,%.1f,%.2f,%.1f\n", s->name, fg__last_kernel(), ms * 1e3, gbs, 100 * gbs / copy_gbs,
              copy_gbs);
    cudaFree(x);
    cudaFree(out);
    cudaFree(cs);
    cudaFree(sn);
  }
  if (csv) fclose(csv);
  return 0;
}
