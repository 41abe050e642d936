/* Argument checks of the norm + modulation ops that need no GPU: hand-built
 * DLTensors with fake, never dereferenced device pointers. A call that passes
 * every argument check stops at the device check (FG_ERR_DEVICE: no GPU, or
 * the fake pointer is not device memory); each bad call must fail earlier with
 * its own status and a message naming what is wrong. That the GPU sees no
 * write on a refused call is tested in test_norm_modulate_gpu.c. */
#include "harness.h"

#include "fusegen.h"

#include <dlpack/dlpack.h>
#include <stdint.h>
#include <string.h>

typedef struct {
  DLTensor t;
  int64_t shape[4], strides[4];
} tensor;

enum { X, OUT, GATE_OUT, INDEX, SC0, SH0, G0, SC1, SH1, G1, W, BIAS, RES, RGATE, ROUT, N };

typedef struct {
  tensor t[N];
  int pass[N];
  fg_norm norm;
} call;

#define MB ((uintptr_t)1 << 20)

/* A compact tensor at a fake address (each tensor its own 16 MiB region). */
static void make(tensor *v, int slot, uint8_t code, uint8_t bits, int ndim, const int64_t *dims) {
  memset(v, 0, sizeof *v);
  v->t.data = (void *)(uintptr_t)(0x40000000u + (uintptr_t)slot * 16 * MB);
  v->t.device.device_type = kDLCUDA;
  v->t.ndim = ndim;
  v->t.dtype.code = code;
  v->t.dtype.bits = bits;
  v->t.dtype.lanes = 1;
  int64_t s = 1;
  for (int j = ndim - 1; j >= 0; j--) {
    v->shape[j] = dims[j];
    v->strides[j] = s;
    s *= dims[j];
  }
  v->t.shape = v->shape;
  v->t.strides = v->strides;
}

/* x bf16 [2, 64, 3072], index int64 [2, 64], branches [2, 3072], weight and
 * bias [3072], the residual form. */
static void baseline(call *c) {
  memset(c, 0, sizeof *c);
  const int64_t x3[3] = {2, 64, 3072}, ix[2] = {2, 64}, br[2] = {2, 3072}, ch[1] = {3072};
  make(&c->t[X], X, kDLBfloat, 16, 3, x3);
  make(&c->t[OUT], OUT, kDLBfloat, 16, 3, x3);
  make(&c->t[GATE_OUT], GATE_OUT, kDLBfloat, 16, 3, x3);
  make(&c->t[INDEX], INDEX, kDLInt, 64, 2, ix);
  for (int k = SC0; k <= G1; k++) make(&c->t[k], k, kDLBfloat, 16, 2, br);
  make(&c->t[W], W, kDLBfloat, 16, 1, ch);
  make(&c->t[BIAS], BIAS, kDLBfloat, 16, 1, ch);
  make(&c->t[RES], RES, kDLBfloat, 16, 3, x3);
  make(&c->t[RGATE], RGATE, kDLBfloat, 16, 3, x3);
  make(&c->t[ROUT], ROUT, kDLBfloat, 16, 3, x3);
  for (int k = 0; k < N; k++) c->pass[k] = 1;
  c->norm = FG_NORM_LAYER;
}

static fg_status run(call *c) {
  DLTensor *p[N];
  for (int k = 0; k < N; k++) p[k] = c->pass[k] ? &c->t[k].t : NULL;
  return fg_norm_modulate_select01(p[X], p[OUT], p[GATE_OUT], p[INDEX], p[SC0], p[SH0], p[G0], p[SC1], p[SH1],
                                   p[G1], p[W], p[BIAS], p[RES], p[RGATE], p[ROUT], c->norm, 1e-6f, 1.0f, NULL);
}

/* The call must fail with `want` and a message containing `needle`. */
static void expect(call *c, fg_status want, const char *needle) {
  fg_status st = run(c);
  CHECK_MSG(st == want, "got %s (%s), want %s", fg_status_name(st), fg_last_error(), fg_status_name(want));
  CHECK_MSG(strstr(fg_last_error(), needle) != NULL, "message [%s] lacks [%s]", fg_last_error(), needle);
}

TEST(test_nm_api_valid_calls_reach_the_device_check) {
  call c;
  baseline(&c);
  expect(&c, FG_ERR_DEVICE, "fg_norm_modulate_select01");
  /* without the residual form, without affine, [1, C] branches, int32 index */
  baseline(&c);
  c.pass[RES] = c.pass[RGATE] = c.pass[ROUT] = c.pass[W] = c.pass[BIAS] = 0;
  for (int k = SC0; k <= G1; k++) c.t[k].shape[0] = 1;
  c.t[INDEX].t.dtype.bits = 32;
  expect(&c, FG_ERR_DEVICE, "fg_norm_modulate_select01");
  /* odd C (the element path), C = 1 and C = 16384 */
  static const int64_t Cs[3] = {3001, 1, 16384};
  for (int i = 0; i < 3; i++) {
    baseline(&c);
    const int64_t x3[3] = {2, 64, Cs[i]}, br[2] = {2, Cs[i]};
    for (int k = 0; k < N; k++) {
      if (k == INDEX) continue;
      if (k == W || k == BIAS) make(&c.t[k], k, kDLBfloat, 16, 1, &Cs[i]);
      else if (k >= SC0 && k <= G1) make(&c.t[k], k, kDLBfloat, 16, 2, br);
      else make(&c.t[k], k, kDLBfloat, 16, 3, x3);
    }
    expect(&c, FG_ERR_DEVICE, "fg_norm_modulate_select01");
  }
}

TEST(test_nm_api_bad_dtypes) {
  call c;
  baseline(&c);
  c.t[X].t.dtype.code = kDLInt; c.t[X].t.dtype.bits = 32;
  expect(&c, FG_ERR_DTYPE, "x has dtype int32");
  baseline(&c);
  c.t[OUT].t.dtype.code = kDLFloat;
  expect(&c, FG_ERR_DTYPE, "out is fp16");
  baseline(&c);
  c.t[INDEX].t.dtype.code = kDLFloat; c.t[INDEX].t.dtype.bits = 32;
  expect(&c, FG_ERR_DTYPE, "index");
  baseline(&c);
  c.t[G1].t.dtype.code = kDLFloat; c.t[G1].t.dtype.bits = 32;
  expect(&c, FG_ERR_DTYPE, "gate1");
}

TEST(test_nm_api_bad_shapes) {
  call c;
  baseline(&c);
  c.t[SC1].shape[1] = 3071;
  expect(&c, FG_ERR_SHAPE, "scale1.shape[1] gives C = 3071");
  baseline(&c);
  c.t[SH0].shape[0] = 3; /* neither B nor 1 */
  expect(&c, FG_ERR_SHAPE, "shift0.shape[0] gives B = 3");
  baseline(&c);
  c.t[INDEX].shape[1] = 63;
  expect(&c, FG_ERR_SHAPE, "index.shape[1] gives L = 63");
  baseline(&c);
  c.t[X].t.ndim = 2;
  expect(&c, FG_ERR_SHAPE, "x must have 3 dims");
  baseline(&c);
  c.t[W].shape[0] = 100;
  expect(&c, FG_ERR_SHAPE, "weight.shape[0] gives C = 100");
}

TEST(test_nm_api_unsupported_sizes) {
  call c;
  baseline(&c);
  const int64_t x3[3] = {1, 2, 16385}, ix[2] = {1, 2}, br[2] = {1, 16385};
  for (int k = 0; k < N; k++) {
    if (k == INDEX) make(&c.t[k], k, kDLInt, 64, 2, ix);
    else if (k == W || k == BIAS) make(&c.t[k], k, kDLBfloat, 16, 1, &x3[2]);
    else if (k >= SC0 && k <= G1) make(&c.t[k], k, kDLBfloat, 16, 2, br);
    else make(&c.t[k], k, kDLBfloat, 16, 3, x3);
  }
  expect(&c, FG_ERR_SHAPE, "at most 16384 channels");
}

TEST(test_nm_api_bad_strides) {
  call c;
  baseline(&c);
  c.t[X].strides[2] = 2;
  expect(&c, FG_ERR_STRIDE, "x.strides[2] = 2");
  baseline(&c);
  c.t[SC0].strides[1] = 2;
  expect(&c, FG_ERR_STRIDE, "scale0.strides[1]");
  baseline(&c);
  c.t[OUT].strides[1] = 0; /* two tokens on one address */
  expect(&c, FG_ERR_STRIDE, "out has strides under which two elements share an address");
  baseline(&c);
  c.t[RES].strides[0] = -1;
  expect(&c, FG_ERR_STRIDE, "residual.strides[0] = -1");
}

TEST(test_nm_api_null_and_host_pointers) {
  call c;
  baseline(&c);
  c.pass[X] = 0;
  expect(&c, FG_ERR_INVALID_ARGUMENT, "x is NULL");
  baseline(&c);
  c.pass[GATE_OUT] = 0;
  expect(&c, FG_ERR_INVALID_ARGUMENT, "gate_out is NULL");
  baseline(&c);
  c.t[SC1].t.data = NULL;
  expect(&c, FG_ERR_INVALID_ARGUMENT, "scale1.data is NULL");
  baseline(&c);
  c.t[X].t.device.device_type = kDLCPU;
  expect(&c, FG_ERR_DEVICE, "x is on DLPack device type 1, not CUDA");
  baseline(&c);
  c.t[G0].t.byte_offset = 1;
  expect(&c, FG_ERR_ALIGNMENT, "gate0 data");
}

TEST(test_nm_api_residual_form_all_or_nothing) {
  call c;
  baseline(&c);
  c.pass[ROUT] = 0;
  expect(&c, FG_ERR_INVALID_ARGUMENT, "fit no residual form: residual, residual_gate and residual_out are given together");
  baseline(&c);
  c.pass[RES] = 0;
  expect(&c, FG_ERR_INVALID_ARGUMENT, "fit no residual form: residual, residual_gate and residual_out are given together");
}

TEST(test_nm_api_bad_enum_and_overlap) {
  call c;
  baseline(&c);
  c.norm = (fg_norm)3;
  expect(&c, FG_ERR_INVALID_ARGUMENT, "norm = 3 is not a fg_norm value");
  baseline(&c);
  c.t[GATE_OUT].t.data = c.t[OUT].t.data;
  expect(&c, FG_ERR_INVALID_ARGUMENT, "overlaps");
  baseline(&c);
  c.t[ROUT].t.data = c.t[RES].t.data; /* no in place for the residual stream */
  expect(&c, FG_ERR_INVALID_ARGUMENT, "overlaps");
}

/* The per-frame layout [B|1, F, 1, C]: the literal 1 and F dividing L. */
TEST(test_nm_api_per_frame_layout) {
  tensor x, out, sc, sh;
  const int64_t x3[3] = {2, 60, 1024}, f4[4] = {2, 4, 1, 1024};
  make(&x, 0, kDLBfloat, 16, 3, x3);
  make(&out, 1, kDLBfloat, 16, 3, x3);
  make(&sc, 2, kDLBfloat, 16, 4, f4);
  make(&sh, 3, kDLBfloat, 16, 4, f4);
  fg_status st = fg_norm_modulate_per_frame(&x.t, &out.t, &sc.t, &sh.t, NULL, NULL, NULL, NULL, NULL, FG_NORM_RMS,
                                            1e-6f, 1.0f, NULL);
  CHECK_MSG(st == FG_ERR_DEVICE, "%s", fg_last_error());
  sc.shape[1] = sh.shape[1] = 7; /* 7 does not divide 60 */
  st = fg_norm_modulate_per_frame(&x.t, &out.t, &sc.t, &sh.t, NULL, NULL, NULL, NULL, NULL, FG_NORM_RMS, 1e-6f, 1.0f,
                                  NULL);
  CHECK(st == FG_ERR_SHAPE);
  CHECK_MSG(strstr(fg_last_error(), "must divide L") != NULL, "%s", fg_last_error());
  sc.shape[1] = sh.shape[1] = 4;
  sc.shape[2] = 2; /* the literal 1 */
  st = fg_norm_modulate_per_frame(&x.t, &out.t, &sc.t, &sh.t, NULL, NULL, NULL, NULL, NULL, FG_NORM_RMS, 1e-6f, 1.0f,
                                  NULL);
  CHECK(st == FG_ERR_SHAPE);
  CHECK_MSG(strstr(fg_last_error(), "scale.shape[2] = 2 must be 1") != NULL, "%s", fg_last_error());
  sc.shape[2] = 1;
  sc.shape[0] = sh.shape[0] = 1; /* one row for every batch: accepted */
  st = fg_norm_modulate_per_frame(&x.t, &out.t, &sc.t, &sh.t, NULL, NULL, NULL, NULL, NULL, FG_NORM_RMS, 1e-6f, 1.0f,
                                  NULL);
  CHECK_MSG(st == FG_ERR_DEVICE, "%s", fg_last_error());
}
