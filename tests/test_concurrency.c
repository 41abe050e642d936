/* Calls from several host threads, each on its own stream, at once give the
 * same bytes as the same calls made one after the other: the launch path keeps
 * no shared mutable state beyond the per-device occupancy cache, and each call
 * runs on the stream it is given. rope (out of place) and qknorm_rope (in place,
 * each thread its own qkv tensor), 8 threads, 16 calls each. */
#define _POSIX_C_SOURCE 200809L
#include "fusegen.h"
#include "gpu_util.h"
#include "harness.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 8, CALLS = 16, S = 333, H = 8, D = 128, HALF = 64 };

typedef struct {
  const gbuf *x, *cs, *sn, *w; /* shared inputs */
  gbuf out, qkv;               /* this thread's outputs */
  pthread_barrier_t *barrier;
  int failed;
  char msg[256];
} job;

/* rope of x [S, H, D] into out; qknorm (per-head RMS, per-token tables) of q and k
 * in qkv [S, 2H, D] in place, once */
static fg_status rope_call(const gbuf *x, gbuf *out, const gbuf *cs, const gbuf *sn, cudaStream_t st) {
  tview xv, ov, cv, sv;
  int64_t xs[3] = {S, H, D}, xst[3] = {H * D, D, 1}, ts[2] = {S, HALF}, tst[2] = {HALF, 1};
  tview_make(&xv, (gbuf *)x, DT_BF16, 0, 3, xs, xst);
  tview_make(&ov, out, DT_BF16, 0, 3, xs, xst);
  tview_make(&cv, (gbuf *)cs, DT_FP32, 0, 2, ts, tst);
  tview_make(&sv, (gbuf *)sn, DT_FP32, 0, 2, ts, tst);
  return fg_rope(&xv.t, &ov.t, &cv.t, &sv.t, FG_PAIRING_INTERLEAVED, (fg_stream_t)st);
}

static fg_status qknorm_call(gbuf *qkv, const gbuf *w, const gbuf *cs, const gbuf *sn, cudaStream_t st) {
  tview qv, kv, wv, cv, sv;
  int64_t qs[3] = {S, H, D}, qst[3] = {2 * H * D, D, 1}, ws[1] = {D}, wst[1] = {1}, ts[2] = {S, HALF}, tst[2] = {HALF, 1};
  tview_make(&qv, qkv, DT_BF16, 0, 3, qs, qst);
  tview_make(&kv, qkv, DT_BF16, (size_t)(H * D) * 2, 3, qs, qst);
  tview_make(&wv, (gbuf *)w, DT_FP32, 0, 1, ws, wst);
  tview_make(&cv, (gbuf *)cs, DT_FP32, 0, 2, ts, tst);
  tview_make(&sv, (gbuf *)sn, DT_FP32, 0, 2, ts, tst);
  return fg_qknorm_rope(&qv.t, &kv.t, &wv.t, &wv.t, &cv.t, &sv.t, FG_PAIRING_INTERLEAVED, 1e-6f, FG_NORM_ROUNDING_FP32,
                        (fg_stream_t)st);
}

static void *worker(void *p) {
  job *j = p;
  cudaStream_t st;
  if (cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking) != cudaSuccess) {
    j->failed = 1;
    snprintf(j->msg, sizeof j->msg, "cudaStreamCreate failed");
    return NULL;
  }
  pthread_barrier_wait(j->barrier); /* every thread launches at once */
  for (int i = 0; i < CALLS && !j->failed; i++) {
    fg_status s = rope_call(j->x, &j->out, j->cs, j->sn, st);
    if (s == FG_OK && i == CALLS / 2) s = qknorm_call(&j->qkv, j->w, j->cs, j->sn, st);
    if (s != FG_OK) {
      j->failed = 1;
      snprintf(j->msg, sizeof j->msg, "%s: %s", fg_status_name(s), fg_last_error());
    }
  }
  if (cudaStreamSynchronize(st) != cudaSuccess) j->failed = 1;
  cudaStreamDestroy(st);
  return NULL;
}

TEST(test_concurrency_threads_and_streams) {
  if (!test_have_gpu()) SKIP("no GPU");
  gbuf x, cs, sn, w, ref_out, ref_qkv;
  const size_t xn = (size_t)S * H * D, qn = (size_t)S * 2 * H * D, tn = (size_t)S * HALF;
  if (gbuf_alloc(&x, xn * 2) || gbuf_alloc(&cs, tn * 4) || gbuf_alloc(&sn, tn * 4) || gbuf_alloc(&w, D * 4) ||
      gbuf_alloc(&ref_out, xn * 2) || gbuf_alloc(&ref_qkv, qn * 2)) {
    CHECK_MSG(0, "allocation failed");
    return;
  }
  uint64_t rng = 4242;
  for (size_t i = 0; i < xn; i++) dt_store(DT_BF16, x.host + i * 2, rng_uniform(&rng, -2, 2));
  for (size_t i = 0; i < qn; i++) dt_store(DT_BF16, ref_qkv.host + i * 2, rng_uniform(&rng, -2, 2));
  for (size_t i = 0; i < tn; i++) {
    double th = rng_uniform(&rng, -3.2, 3.2);
    dt_store(DT_FP32, cs.host + i * 4, cos(th));
    dt_store(DT_FP32, sn.host + i * 4, sin(th));
  }
  for (int i = 0; i < D; i++) dt_store(DT_FP32, w.host + i * 4, rng_uniform(&rng, 0.5, 1.5));
  gbuf_poison(&ref_out);
  CHECK(!gbuf_upload(&x) && !gbuf_upload(&cs) && !gbuf_upload(&sn) && !gbuf_upload(&w) && !gbuf_upload(&ref_out) &&
        !gbuf_upload(&ref_qkv));
  job jobs[THREADS];
  pthread_t th[THREADS];
  pthread_barrier_t barrier;
  pthread_barrier_init(&barrier, NULL, THREADS);
  memset(jobs, 0, sizeof jobs);
  int ok = 1;
  for (int t = 0; t < THREADS && ok; t++) {
    jobs[t].x = &x, jobs[t].cs = &cs, jobs[t].sn = &sn, jobs[t].w = &w, jobs[t].barrier = &barrier;
    if (gbuf_alloc(&jobs[t].out, xn * 2) || gbuf_alloc(&jobs[t].qkv, qn * 2)) ok = 0;
    else {
      gbuf_poison(&jobs[t].out);
      memcpy(jobs[t].qkv.host, ref_qkv.host, qn * 2); /* the same q and k as the serial call */
      if (gbuf_upload(&jobs[t].out) || gbuf_upload(&jobs[t].qkv)) ok = 0;
    }
  }
  CHECK_MSG(ok, "allocation or upload failed");
  /* the serial result, on the default stream */
  CHECK(rope_call(&x, &ref_out, &cs, &sn, NULL) == FG_OK);
  CHECK(qknorm_call(&ref_qkv, &w, &cs, &sn, NULL) == FG_OK);
  CHECK(cudaDeviceSynchronize() == cudaSuccess && !gbuf_download(&ref_out) && !gbuf_download(&ref_qkv));
  int started = 0;
  for (int t = 0; t < THREADS && ok; t++) started += pthread_create(&th[t], NULL, worker, &jobs[t]) == 0;
  CHECK_MSG(started == THREADS, "started %d of %d threads", started, THREADS);
  for (int t = 0; t < started; t++) pthread_join(th[t], NULL);
  pthread_barrier_destroy(&barrier);
  for (int t = 0; t < started; t++) {
    CHECK_MSG(!jobs[t].failed, "thread %d: %s", t, jobs[t].msg);
    CHECK(!gbuf_download(&jobs[t].out) && !gbuf_download(&jobs[t].qkv));
    CHECK_MSG(!memcmp(jobs[t].out.host, ref_out.host, xn * 2), "thread %d: rope differs from the serial call", t);
    CHECK_MSG(!memcmp(jobs[t].qkv.host, ref_qkv.host, qn * 2), "thread %d: qknorm_rope differs from the serial call", t);
  }
  for (int t = 0; t < THREADS; t++) {
    gbuf_free(&jobs[t].out);
    gbuf_free(&jobs[t].qkv);
  }
  gbuf_free(&x), gbuf_free(&cs), gbuf_free(&sn), gbuf_free(&w), gbuf_free(&ref_out), gbuf_free(&ref_qkv);
}
