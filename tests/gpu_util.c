#include "gpu_util.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int dt_size(test_dtype t) { return t == DT_FP32 ? 4 : 2; }
const char *dt_name(test_dtype t) { return t == DT_FP32 ? "fp32" : t == DT_FP16 ? "fp16" : "bf16"; }

DLDataType dt_dl(test_dtype t) {
  DLDataType d;
  d.code = t == DT_BF16 ? kDLBfloat : kDLFloat;
  d.bits = t == DT_FP32 ? 32 : 16;
  d.lanes = 1;
  return d;
}

double dt_unit(test_dtype t) { return t == DT_FP32 ? ldexp(1, -24) : t == DT_FP16 ? ldexp(1, -11) : ldexp(1, -8); }

static uint16_t f32_to_bf16(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  if ((u & 0x7fffffff) > 0x7f800000) return 0x7fc0;
  u += 0x7fff + ((u >> 16) & 1);
  return (uint16_t)(u >> 16);
}

void dt_store(test_dtype t, void *p, double v) {
  float f = (float)v;
  if (t == DT_FP32) memcpy(p, &f, 4);
  else if (t == DT_FP16) { _Float16 h = (_Float16)f; memcpy(p, &h, 2); }
  else { uint16_t b = f32_to_bf16(f); memcpy(p, &b, 2); }
}

double dt_load(test_dtype t, const void *p) {
  if (t == DT_FP32) { float f; memcpy(&f, p, 4); return f; }
  if (t == DT_FP16) { _Float16 h; memcpy(&h, p, 2); return (double)h; }
  uint16_t b;
  memcpy(&b, p, 2);
  uint32_t u = (uint32_t)b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

uint64_t rng_next(uint64_t *s) {
  uint64_t x = *s;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *s = x;
}

double rng_uniform(uint64_t *s, double lo, double hi) {
  return lo + (hi - lo) * (double)(rng_next(s) >> 11) * ldexp(1, -53);
}

int gpu_device_cc(void) {
  int dev = 0, major = 0, minor = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
  return major * 10 + minor;
}

int gbuf_alloc(gbuf *b, size_t bytes) {
  memset(b, 0, sizeof *b);
  b->bytes = bytes;
  b->host = malloc(bytes);
  b->before = malloc(bytes);
  if (!b->host || !b->before) return -1;
  return cudaMalloc(&b->dev, bytes) == cudaSuccess ? 0 : -1;
}

void gbuf_poison(gbuf *b) { memset(b->host, 0xff, b->bytes); }

int gbuf_upload(gbuf *b) {
  memcpy(b->before, b->host, b->bytes);
  return cudaMemcpy(b->dev, b->host, b->bytes, cudaMemcpyHostToDevice) == cudaSuccess ? 0 : -1;
}

int gbuf_download(gbuf *b) {
  return cudaMemcpy(b->host, b->dev, b->bytes, cudaMemcpyDeviceToHost) == cudaSuccess ? 0 : -1;
}

void gbuf_free(gbuf *b) {
  free(b->host);
  free(b->before);
  if (b->dev) cudaFree(b->dev);
  memset(b, 0, sizeof *b);
}

void tview_make(tview *v, gbuf *b, test_dtype dt, size_t byte_offset, int ndim, const int64_t *shape,
                const int64_t *strides) {
  memset(v, 0, sizeof *v);
  memcpy(v->shape, shape, sizeof(int64_t) * ndim);
  if (strides) {
    memcpy(v->strides, strides, sizeof(int64_t) * ndim);
  } else if (ndim > 0) { /* compact row-major */
    v->strides[ndim - 1] = 1;
    for (int d = ndim - 2; d >= 0; d--) v->strides[d] = v->strides[d + 1] * shape[d + 1];
  }
  v->t.data = b->dev;
  v->t.byte_offset = byte_offset;
  v->t.device.device_type = kDLCUDA;
  v->t.device.device_id = 0;
  v->t.ndim = ndim;
  v->t.dtype = dt_dl(dt);
  v->t.shape = v->shape;
  v->t.strides = v->strides;
}
