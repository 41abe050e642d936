/* A program's use of one vendored copy of the generated library, compiled
 * once per copy: -I<copy> -DPREFIX=fga_ -DUPREFIX=FGA_ names the copy's
 * symbols (fga_norm_modulate_scalar, FGA_OK) and this file's entry point
 * (fga_consumer_run). With a GPU it runs RMSNorm + scalar modulation on a small
 * fp32 tensor and checks it against float64; without one it checks that the
 * call is refused for want of a device. */
#include "fusegen.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define PASTE_(a, b) a##b
#define PASTE(a, b) PASTE_(a, b)
#define P(name) PASTE(PREFIX, name)
#define U(name) PASTE(UPREFIX, name)

enum { B = 1, L = 4, C = 96 };

/* 0 when the copy works; out receives the result (for comparing copies). */
int P(consumer_run)(int have_gpu, float *out_host) {
  static float x_host[B * L * C];
  for (int i = 0; i < B * L * C; i++) x_host[i] = (float)sin(0.37 * i) * 2.0f;
  float *x = NULL, *out = NULL;
  if (have_gpu && (cudaMalloc((void **)&x, sizeof x_host) != cudaSuccess ||
                   cudaMalloc((void **)&out, sizeof x_host) != cudaSuccess ||
                   cudaMemcpy(x, x_host, sizeof x_host, cudaMemcpyHostToDevice) != cudaSuccess)) {
    printf("cudaMalloc failed\n");
    return 1;
  }
  int64_t shape[3] = {B, L, C};
  DLTensor xt = {x ? (void *)x : (void *)0x7f0000000000, {kDLCUDA, 0}, 3, {kDLFloat, 32, 1}, shape, NULL, 0};
  DLTensor ot = xt;
  ot.data = out ? (void *)out : (void *)0x7f0000100000;
  const float scale = 0.5f, shift = 0.25f, eps = 1e-6f;
  P(status) st = P(norm_modulate_scalar)(&xt, &ot, NULL, NULL, NULL, NULL, NULL, U(NORM_RMS), eps, 1.0f, scale, shift, NULL);
  int bad = 0;
  if (!have_gpu) {
    bad = st != U(ERR_DEVICE);
    if (bad) printf("no GPU: expected the device error, got %s (%s)\n", P(status_name)(st), P(last_error)());
    return bad;
  }
  if (st != U(OK) || cudaMemcpy(out_host, out, sizeof x_host, cudaMemcpyDeviceToHost) != cudaSuccess) {
    printf("call failed: %s (%s)\n", P(status_name)(st), P(last_error)());
    return 1;
  }
  for (int r = 0; r < B * L; r++) {
    double ms = 0;
    for (int c = 0; c < C; c++) ms += (double)x_host[r * C + c] * x_host[r * C + c];
    double inv = 1.0 / sqrt(ms / C + eps);
    for (int c = 0; c < C; c++) {
      double want = x_host[r * C + c] * inv * (1.0 + scale) + shift, got = out_host[r * C + c];
      if (!(fabs(got - want) <= 1e-5 * fabs(want) + 1e-5)) bad++;
    }
  }
  if (bad) printf("%d elements differ from the float64 reference\n", bad);
  cudaFree(x);
  cudaFree(out);
  return bad != 0;
}
