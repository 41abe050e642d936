/* Programmatic dependent launch (fg_set_pdl) on the GPU. A kernel launched
 * with it may be scheduled as soon as the kernel before it lets it, so it must
 * not touch memory until that kernel has finished. Each case runs, on one
 * stream, a kernel that lets the next be scheduled at its start and writes a
 * buffer only some 20 us later (tests/pdl_kernel.cu), then a library call that
 * reads the buffer, with PDL on, many times. The buffer's contents alternate
 * between two sets, so a read that comes too early sees the other set's
 * values: the call's output must equal, bit for bit, what it gives with PDL
 * off. On a stream and as a captured CUDA graph (programmatic edges), for a
 * kernel of each grid form: the rows mapping's block per row and its ring of
 * rows (the H200's layernorm at these sizes), and the heads mapping's items. */
#include "fusegen.h"
#include "gpu_util.h"
#include "harness.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

cudaError_t test_pdl_late_copy(const void *src, void *dst, size_t bytes, long long delay_ns, cudaStream_t stream);

enum { PAIR_RMSNORM, PAIR_LAYERNORM, PAIR_ROPE, NPAIRS };
static const char *const pair_names[NPAIRS] = {"rmsnorm [512, 4096]", "layernorm [2048, 4096]", "rope [1, 512, 24, 128]"};

typedef struct {
  int kind;
  gbuf x[2], y, z, w, cs[2]; /* the two sets, the buffer the call reads, its output, weight, cos and sin */
  int64_t rows, cols;        /* rows: tokens for rope; cols: elements a row (H * D for rope) */
} pair;

enum { HEADS = 24, HD = 128 };

static int pair_open(pair *p, int kind) {
  memset(p, 0, sizeof *p);
  p->kind = kind;
  p->rows = kind == PAIR_LAYERNORM ? 2048 : 512;
  p->cols = kind == PAIR_ROPE ? HEADS * HD : 4096;
  const size_t bytes = (size_t)(p->rows * p->cols) * 2;
  uint64_t rng = 0x9e3779b97f4a7c15ull + (uint64_t)kind;
  int err = gbuf_alloc(&p->y, bytes) || gbuf_alloc(&p->z, bytes) || gbuf_alloc(&p->w, (size_t)p->cols * 4);
  for (int s = 0; s < 2 && !err; s++) {
    err = gbuf_alloc(&p->x[s], bytes);
    for (size_t i = 0; !err && i < bytes / 2; i++) dt_store(DT_BF16, p->x[s].host + 2 * i, rng_uniform(&rng, -2, 2));
    err = err || gbuf_upload(&p->x[s]);
  }
  for (int64_t i = 0; !err && i < p->cols; i++) dt_store(DT_FP32, p->w.host + 4 * i, rng_uniform(&rng, 0.5, 1.5));
  err = err || gbuf_upload(&p->w);
  if (kind == PAIR_ROPE)
    for (int t = 0; t < 2 && !err; t++) { /* cos, then sin: [S, D / 2] fp32 */
      err = gbuf_alloc(&p->cs[t], (size_t)(p->rows * HD / 2) * 4);
      for (int64_t i = 0; !err && i < p->rows * HD / 2; i++) dt_store(DT_FP32, p->cs[t].host + 4 * i, rng_uniform(&rng, -1, 1));
      err = err || gbuf_upload(&p->cs[t]);
    }
  if (err) return err;
  gbuf_poison(&p->y);
  gbuf_poison(&p->z);
  return gbuf_upload(&p->y) || gbuf_upload(&p->z);
}

static void pair_close(pair *p) {
  gbuf *all[] = {&p->x[0], &p->x[1], &p->y, &p->z, &p->w, &p->cs[0], &p->cs[1]};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    if (all[i]->host) gbuf_free(all[i]);
}

/* Set s copied into y late, then the library call on y. */
static fg_status pair_run(pair *p, int s, cudaStream_t stream) {
  if (test_pdl_late_copy(p->x[s].dev, p->y.dev, p->y.bytes, 20000, stream) != cudaSuccess) return FG_ERR_CUDA;
  fg_stream_t st = (fg_stream_t)stream;
  tview y, z, w, c, sn;
  if (p->kind == PAIR_ROPE) {
    const int64_t shape[4] = {1, p->rows, HEADS, HD}, tab[2] = {p->rows, HD / 2};
    tview_make(&y, &p->y, DT_BF16, 0, 4, shape, NULL);
    tview_make(&z, &p->z, DT_BF16, 0, 4, shape, NULL);
    tview_make(&c, &p->cs[0], DT_FP32, 0, 2, tab, NULL);
    tview_make(&sn, &p->cs[1], DT_FP32, 0, 2, tab, NULL);
    return fg_rope(&y.t, &z.t, &c.t, &sn.t, FG_PAIRING_INTERLEAVED, st);
  }
  const int64_t shape[2] = {p->rows, p->cols}, wshape[1] = {p->cols};
  tview_make(&y, &p->y, DT_BF16, 0, 2, shape, NULL);
  tview_make(&z, &p->z, DT_BF16, 0, 2, shape, NULL);
  tview_make(&w, &p->w, DT_FP32, 0, 1, wshape, NULL);
  if (p->kind == PAIR_RMSNORM) return fg_rmsnorm(&y.t, &w.t, &z.t, 1e-6f, st);
  return fg_layernorm(&y.t, NULL, NULL, &z.t, 1e-5f, st);
}

enum { ROUNDS = 20 };

TEST(test_pdl_gpu_waits_for_the_kernel_before) {
  if (!test_have_gpu()) SKIP("no GPU");
  if (gpu_device_cc() < 90) SKIP("programmatic dependent launch needs compute capability 9.0");
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) == cudaSuccess);
  for (int kind = 0; kind < NPAIRS; kind++) {
    pair p;
    unsigned char *want[2] = {NULL, NULL};
    if (pair_open(&p, kind) || !(want[0] = malloc(p.z.bytes)) || !(want[1] = malloc(p.z.bytes))) {
      CHECK_MSG(0, "%s: cannot set up the buffers", pair_names[kind]);
      free(want[0]);
      pair_close(&p);
      continue;
    }
    const size_t zbytes = p.z.bytes;
    CHECK(fg_set_pdl(0) == FG_OK);
    for (int s = 0; s < 2; s++) { /* without PDL: what each set gives */
      CHECK_MSG(pair_run(&p, s, stream) == FG_OK, "%s: %s", pair_names[kind], fg_last_error());
      CHECK(cudaStreamSynchronize(stream) == cudaSuccess && gbuf_download(&p.z) == 0);
      memcpy(want[s], p.z.host, zbytes);
    }
    CHECK_MSG(memcmp(want[0], want[1], zbytes) != 0, "%s: both sets give the same output: an early read could not show",
              pair_names[kind]);
    CHECK(fg_set_pdl(1) == FG_OK && fg_pdl() == 1);
    for (int graph = 0; graph < 2; graph++) {
      cudaGraphExec_t exec[2] = {NULL, NULL};
      for (int s = 0; graph && s < 2; s++) { /* each set's pair captured once */
        cudaGraph_t g = NULL;
        CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal) == cudaSuccess);
        fg_status st = pair_run(&p, s, stream);
        CHECK(cudaStreamEndCapture(stream, &g) == cudaSuccess);
        CHECK_MSG(st == FG_OK, "%s, captured: %s", pair_names[kind], fg_last_error());
        CHECK(g && cudaGraphInstantiate(&exec[s], g, 0) == cudaSuccess);
        if (g) cudaGraphDestroy(g);
      }
      int wrong = 0, first = -1;
      for (int r = 0; r < ROUNDS; r++) {
        const int s = r & 1;
        if (graph) {
          CHECK(exec[s] && cudaGraphLaunch(exec[s], stream) == cudaSuccess);
        } else {
          CHECK_MSG(pair_run(&p, s, stream) == FG_OK, "%s: %s", pair_names[kind], fg_last_error());
        }
        CHECK(cudaStreamSynchronize(stream) == cudaSuccess && gbuf_download(&p.z) == 0);
        if (memcmp(p.z.host, want[s], zbytes) != 0) {
          wrong++;
          if (first < 0) first = r;
        }
      }
      CHECK_MSG(wrong == 0, "%s, %s: %d of %d rounds read the buffer before the kernel before wrote it (first: round %d)",
                pair_names[kind], graph ? "CUDA graph" : "stream", wrong, ROUNDS, first);
      for (int s = 0; s < 2; s++)
        if (exec[s]) cudaGraphExecDestroy(exec[s]);
    }
    CHECK(fg_set_pdl(0) == FG_OK);
    free(want[0]);
    free(want[1]);
    pair_close(&p);
  }
  cudaStreamDestroy(stream);
}
