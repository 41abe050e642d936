/* Two GPUs in one process: fg_rope on each device in turn (the variant and the
 * launcher's occupancy are chosen per device), both results against a float64
 * host reference and equal to each other; a call whose tensors are on the other
 * device than the current one is refused and writes nothing, and so is one on a
 * stream of the other device. Skipped with fewer than two GPUs. And the Python layer's switch to
 * its tensors' device. */
#include "fusegen.h"
#include "fusegen_internal.h" /* fg__enter_device */
#include "gpu_util.h"
#include "harness.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { S = 257, H = 8, D = 128, HALF = 64 };

typedef struct { gbuf x, out, c, s; } rope_bufs;

static int setup(rope_bufs *r, int dev) {
  if (cudaSetDevice(dev) != cudaSuccess) return -1;
  const size_t n = (size_t)S * H * D;
  if (gbuf_alloc(&r->x, n * 2) || gbuf_alloc(&r->out, n * 2 + 64) || gbuf_alloc(&r->c, (size_t)S * HALF * 4) ||
      gbuf_alloc(&r->s, (size_t)S * HALF * 4))
    return -1;
  uint64_t rng = 77; /* the same inputs on both devices */
  for (size_t i = 0; i < n; i++) dt_store(DT_BF16, r->x.host + i * 2, rng_uniform(&rng, -2, 2));
  for (int i = 0; i < S * HALF; i++) {
    double th = rng_uniform(&rng, -3.2, 3.2);
    dt_store(DT_FP32, r->c.host + i * 4, cos(th));
    dt_store(DT_FP32, r->s.host + i * 4, sin(th));
  }
  gbuf_poison(&r->out);
  return gbuf_upload(&r->x) || gbuf_upload(&r->out) || gbuf_upload(&r->c) || gbuf_upload(&r->s) ? -1 : 0;
}

static fg_status call_on(rope_bufs *r, int dev_id_in_tensors, cudaStream_t stream) {
  tview xv, ov, cv, sv;
  int64_t xs[3] = {S, H, D}, xst[3] = {H * D, D, 1}, ts[2] = {S, HALF}, tst[2] = {HALF, 1};
  tview_make(&xv, &r->x, DT_BF16, 0, 3, xs, xst);
  tview_make(&ov, &r->out, DT_BF16, 0, 3, xs, xst);
  tview_make(&cv, &r->c, DT_FP32, 0, 2, ts, tst);
  tview_make(&sv, &r->s, DT_FP32, 0, 2, ts, tst);
  xv.t.device.device_id = ov.t.device.device_id = cv.t.device.device_id = sv.t.device.device_id = dev_id_in_tensors;
  return fg_rope(&xv.t, &ov.t, &cv.t, &sv.t, FG_PAIRING_INTERLEAVED, stream);
}

static fg_status call(rope_bufs *r, int dev_id_in_tensors) { return call_on(r, dev_id_in_tensors, NULL); }

static int check_result(rope_bufs *r, const char *what) {
  int bad = 0;
  for (int t = 0; t < S; t++)
    for (int h = 0; h < H; h++)
      for (int i = 0; i < HALF; i++) {
        const size_t e = ((size_t)t * H + h) * D + 2 * i;
        const double c = dt_load(DT_FP32, r->c.host + ((size_t)t * HALF + i) * 4);
        const double s = dt_load(DT_FP32, r->s.host + ((size_t)t * HALF + i) * 4);
        const double a = dt_load(DT_BF16, r->x.host + e * 2), b = dt_load(DT_BF16, r->x.host + (e + 1) * 2);
        const double ra = a * c - b * s, rb = b * c + a * s;
        const double ga = dt_load(DT_BF16, r->out.host + e * 2), gb = dt_load(DT_BF16, r->out.host + (e + 1) * 2);
        if (!(fabs(ga - ra) <= 2 * dt_unit(DT_BF16) * fabs(ra) + 1.6e-5) ||
            !(fabs(gb - rb) <= 2 * dt_unit(DT_BF16) * fabs(rb) + 1.6e-5)) {
          if (bad < 3) fprintf(stderr, "    %s: t=%d h=%d i=%d got %g %g want %g %g\n", what, t, h, i, ga, gb, ra, rb);
          bad++;
        }
      }
  const size_t n = (size_t)S * H * D * 2;
  if (memcmp(r->out.host + n, r->out.before + n, 64)) bad++;
  return bad;
}

TEST(test_multi_gpu_rope_on_each_device) {
  int count = 0;
  if (!test_have_gpu() || cudaGetDeviceCount(&count) != cudaSuccess || count < 2) SKIP("fewer than two GPUs");
  rope_bufs r[2];
  memset(r, 0, sizeof r);
  for (int d = 0; d < 2; d++) CHECK_MSG(setup(&r[d], d) == 0, "cuda:%d: allocation or upload failed", d);
  /* alternate: 0, 1, 0, 1 */
  for (int round = 0; round < 4; round++) {
    const int d = round % 2;
    CHECK(cudaSetDevice(d) == cudaSuccess);
    fg_status st = call(&r[d], d);
    CHECK_MSG(st == FG_OK, "cuda:%d: %s (%s)", d, fg_status_name(st), fg_last_error());
  }
  for (int d = 0; d < 2; d++) {
    CHECK(cudaSetDevice(d) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess && !gbuf_download(&r[d].out));
    CHECK_MSG(check_result(&r[d], d ? "cuda:1" : "cuda:0") == 0, "cuda:%d: result off", d);
  }
  CHECK_MSG(!memcmp(r[0].out.host, r[1].out.host, r[0].out.bytes), "the two GPUs' results differ");
  /* tensors on cuda:1 while cuda:0 is current: refused, nothing written */
  CHECK(cudaSetDevice(1) == cudaSuccess);
  gbuf_poison(&r[1].out);
  CHECK(!gbuf_upload(&r[1].out));
  CHECK(cudaSetDevice(0) == cudaSuccess);
  fg_status st = call(&r[1], 1);
  CHECK_MSG(st == FG_ERR_DEVICE && strstr(fg_last_error(), "cuda:1"), "tensors on cuda:1, current cuda:0: %s (%s)",
            fg_status_name(st), fg_last_error());
  CHECK(cudaSetDevice(1) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess && !gbuf_download(&r[1].out));
  CHECK_MSG(!memcmp(r[1].out.host, r[1].out.before, r[1].out.bytes), "a refused call wrote to cuda:1");
  /* a stream of cuda:1 for a call on cuda:0: refused (docs/api.md 2.9), nothing written */
  cudaStream_t other = NULL;
  CHECK(cudaSetDevice(1) == cudaSuccess && cudaStreamCreate(&other) == cudaSuccess);
  CHECK(cudaSetDevice(0) == cudaSuccess);
  gbuf_poison(&r[0].out);
  CHECK(!gbuf_upload(&r[0].out));
  st = call_on(&r[0], 0, other);
  CHECK_MSG(st == FG_ERR_DEVICE && strstr(fg_last_error(), "stream: a stream of cuda:1, but the tensors are on cuda:0"),
            "a stream of cuda:1, current cuda:0: %s (%s)", fg_status_name(st), fg_last_error());
  CHECK(cudaGetLastError() == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess && !gbuf_download(&r[0].out));
  CHECK_MSG(!memcmp(r[0].out.host, r[0].out.before, r[0].out.bytes), "the refused call wrote to cuda:0");
  CHECK(cudaSetDevice(1) == cudaSuccess && cudaStreamDestroy(other) == cudaSuccess);
  for (int d = 0; d < 2; d++) {
    cudaSetDevice(d);
    gbuf_free(&r[d].x), gbuf_free(&r[d].out), gbuf_free(&r[d].c), gbuf_free(&r[d].s);
  }
  cudaSetDevice(0);
}

/* The Python layer's device switch (fg__enter_device, fg__leave_device): the
   current device, or one that does not exist, changes nothing and leaves no
   CUDA error behind; with two GPUs, the other one is made current and the
   first given back. */
TEST(test_multi_gpu_python_layer_device_switch) {
  int count = 0, current = -1;
  if (!test_have_gpu() || cudaGetDeviceCount(&count) != cudaSuccess || count < 1) SKIP("no GPU");
  CHECK(cudaSetDevice(0) == cudaSuccess);
  CHECK_MSG(fg__enter_device(0) == -1, "entering the current device switched");
  CHECK(cudaGetDevice(&current) == cudaSuccess && current == 0);
  CHECK_MSG(fg__enter_device(count) == -1, "entering cuda:%d, which does not exist, switched", count);
  CHECK(cudaGetDevice(&current) == cudaSuccess && current == 0 && cudaGetLastError() == cudaSuccess);
  fg__leave_device(-1);
  CHECK(cudaGetDevice(&current) == cudaSuccess && current == 0);
  if (count < 2) return;
  const int prev = fg__enter_device(1);
  CHECK_MSG(prev == 0, "entering cuda:1 from cuda:0 gave %d", prev);
  CHECK(cudaGetDevice(&current) == cudaSuccess && current == 1);
  fg__leave_device(prev);
  CHECK(cudaGetDevice(&current) == cudaSuccess && current == 0);
}
