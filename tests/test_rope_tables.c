/* Tests of the rope ops whose tables are indexed by position or held per head:
 * fg_rope_positions (cos, sin [P, R/2], row positions[t] + position_offset),
 * fg_rope_cos_sin_cache (one packed [P, R] table, same rows) and
 * fg_rope_per_head (cos, sin [B?, H, S, R/2] with free strides, optional
 * eager-bf16 rounding).
 *
 * Part 1, argument checks, needs no GPU: hand-built DLTensors on {kDLCUDA, 0}
 * with fake aligned data pointers (real device memory when there is a GPU),
 * as tests/test_api.c does for fg_rope.
 *
 * Part 2, GPU correctness (skipped without a GPU), modelled on
 * tests/test_rope_gpu.c: every kernel of each op's dispatch table for this
 * GPU in several layouts, against a float64 host reference (or, for eager_bf16
 * rounding, a bit-exact host emulation), outputs poisoned first, every byte
 * outside the outputs checked unchanged, and the kernel that ran checked with
 * fg__last_kernel(). */

#include "fusegen_internal.h"
#include "fusegen_kernels.h"
#include "gpu_util.h"
#include "harness.h"

#include <cuda_runtime_api.h>
#include <dlpack/dlpack.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OP_POSITIONS = 0, OP_CACHE = 1, OP_PER_HEAD = 2 };
static const char *const op_names[] = {"rope_positions", "rope_cos_sin_cache", "rope_per_head"};
static const char *const op_fns[] = {"fg_rope_positions", "fg_rope_cos_sin_cache", "fg_rope_per_head"};

/* ================================================================================
 * Part 1: argument checks (no GPU needed)
 * ================================================================================ */

#define AREGION ((size_t)16 << 20)
enum { AR_X = 0, AR_OUT, AR_COS, AR_SIN, AR_POS, AR_COUNT };

/* Fake device addresses without a GPU; a real allocation with one, freed
 * after the last test. */
static char *aregion_base;

static void free_aregions(void) { cudaFree(aregion_base); }

static char *aregion(int which) {
  char *base = aregion_base;
  if (!base) {
    void *p = NULL;
    if (test_have_gpu() && cudaMalloc(&p, AR_COUNT * AREGION) == cudaSuccess) {
      cudaMemset(p, 0, AR_COUNT * AREGION); /* calls that launch read it */
      base = aregion_base = p;
      test_at_end(free_aregions);
    } else {
      base = aregion_base = (char *)(uintptr_t)0x40000000u;
    }
  }
  return base + (size_t)which * AREGION;
}

typedef struct {
  DLTensor t;
  int64_t shape[6], strides[6];
} atensor;

/* One call of any of the three ops. For rope_cos_sin_cache, cos is the cache
 * and sin is unused. */
typedef struct {
  int op;
  atensor x, out, cos, sin, pos;
  int pass_out, pass_x, pass_cos, pass_sin, pass_pos;
  int pairing, rounding;
  int64_t offset;
} aargs;

static void amake(atensor *v, void *data, uint8_t code, uint8_t bits, int ndim, const int64_t *dims) {
  memset(v, 0, sizeof *v);
  v->t.data = data;
  v->t.device.device_type = kDLCUDA;
  v->t.device.device_id = 0;
  v->t.ndim = ndim;
  v->t.dtype.code = code;
  v->t.dtype.bits = bits;
  v->t.dtype.lanes = 1;
  v->t.shape = v->shape;
  v->t.strides = v->strides;
  int64_t s = 1;
  for (int j = ndim - 1; j >= 0; j--) {
    v->shape[j] = dims[j];
    v->strides[j] = s;
    s *= dims[j];
  }
}

static void aset_dtype(atensor *v, uint8_t code, uint8_t bits) {
  v->t.dtype.code = code;
  v->t.dtype.bits = bits;
}

/* x (and out, not passed) bf16 [B, S, H, D], or [S, H, D] when B < 0.
 * positions ops: cos, sin fp32 [P, R/2] (the cache: fp32 [P, R]), positions
 * int32 [B, S] ([S] when B < 0). per head: cos, sin fp32 [B, H, S, R/2]
 * ([H, S, R/2] when B < 0). Pairing interleaved, rounding fp32, offset 0. */
static void asetup_shape(aargs *a, int op, int64_t B, int64_t S, int64_t H, int64_t D, int64_t R, int64_t P) {
  memset(a, 0, sizeof *a);
  a->op = op;
  int64_t x4[4] = {B, S, H, D}, x3[3] = {S, H, D};
  if (B < 0) {
    amake(&a->x, aregion(AR_X), kDLBfloat, 16, 3, x3);
    amake(&a->out, aregion(AR_OUT), kDLBfloat, 16, 3, x3);
  } else {
    amake(&a->x, aregion(AR_X), kDLBfloat, 16, 4, x4);
    amake(&a->out, aregion(AR_OUT), kDLBfloat, 16, 4, x4);
  }
  if (op == OP_POSITIONS) {
    int64_t tab[2] = {P, R / 2};
    amake(&a->cos, aregion(AR_COS), kDLFloat, 32, 2, tab);
    amake(&a->sin, aregion(AR_SIN), kDLFloat, 32, 2, tab);
  } else if (op == OP_CACHE) {
    int64_t tab[2] = {P, R};
    amake(&a->cos, aregion(AR_COS), kDLFloat, 32, 2, tab);
  } else {
    int64_t t4[4] = {B, H, S, R / 2}, t3[3] = {H, S, R / 2};
    if (B < 0) {
      amake(&a->cos, aregion(AR_COS), kDLFloat, 32, 3, t3);
      amake(&a->sin, aregion(AR_SIN), kDLFloat, 32, 3, t3);
    } else {
      amake(&a->cos, aregion(AR_COS), kDLFloat, 32, 4, t4);
      amake(&a->sin, aregion(AR_SIN), kDLFloat, 32, 4, t4);
    }
  }
  if (op != OP_PER_HEAD) {
    int64_t p2[2] = {B, S}, p1[1] = {S};
    if (B < 0) amake(&a->pos, aregion(AR_POS), kDLInt, 32, 1, p1);
    else amake(&a->pos, aregion(AR_POS), kDLInt, 32, 2, p2);
  }
  a->pass_x = a->pass_cos = 1;
  a->pass_sin = op != OP_CACHE;
  a->pass_pos = op != OP_PER_HEAD;
  a->pass_out = 0;
  a->pairing = FG_PAIRING_INTERLEAVED;
  a->rounding = FG_ROUNDING_FP32;
  a->offset = 0;
}

static void asetup(aargs *a, int op) { asetup_shape(a, op, 2, 64, 8, 128, 128, 256); }

static fg_status acall(aargs *a) {
  const DLTensor *x = a->pass_x ? &a->x.t : NULL, *cos = a->pass_cos ? &a->cos.t : NULL;
  const DLTensor *sin = a->pass_sin ? &a->sin.t : NULL, *pos = a->pass_pos ? &a->pos.t : NULL;
  DLTensor *out = a->pass_out ? &a->out.t : NULL;
  switch (a->op) {
  case OP_POSITIONS:
    return fg_rope_positions(x, out, cos, sin, pos, (fg_pairing)a->pairing, a->offset, NULL);
  case OP_CACHE:
    return fg_rope_cos_sin_cache(x, out, cos, pos, (fg_pairing)a->pairing, a->offset, NULL);
  default:
    return fg_rope_per_head(x, out, cos, sin, (fg_pairing)a->pairing, (fg_rounding)a->rounding, NULL);
  }
}

/* The call returns want, and fg_last_error() starts with the op's function and holds n1 and n2. */
static void aexpect(aargs *a, fg_status want, const char *n1, const char *n2, const char *label) {
  fg_status st = acall(a);
  const char *msg = fg_last_error();
  const char *fn = op_fns[a->op];
  CHECK_MSG(st == want, "%s: %s: got %s, expected %s (message: \"%s\")", fn, label, fg_status_name(st),
            fg_status_name(want), msg);
  if (want == FG_OK) {
    CHECK_MSG(msg[0] == 0, "%s: %s: FG_OK but fg_last_error() is \"%s\"", fn, label, msg);
    return;
  }
  size_t n = strlen(fn);
  CHECK_MSG(strncmp(msg, fn, n) == 0 && msg[n] == ':' && msg[n + 1] == ' ',
            "%s: %s: message does not start with \"%s: \": \"%s\"", fn, label, fn, msg);
  if (n1) CHECK_MSG(strstr(msg, n1) != NULL, "%s: %s: message lacks [%s]: \"%s\"", fn, label, n1, msg);
  if (n2) CHECK_MSG(strstr(msg, n2) != NULL, "%s: %s: message lacks [%s]: \"%s\"", fn, label, n2, msg);
}

/* A check made after the device checks: its own status with a GPU, FG_ERR_DEVICE without. */
static void aexpect_after_device(aargs *a, fg_status want, const char *n1, const char *n2, const char *label) {
  if (test_have_gpu()) aexpect(a, want, n1, n2, label);
  else aexpect(a, FG_ERR_DEVICE, "no usable CUDA device", NULL, label);
}

/* A valid call: FG_OK (and the kernel ran) with a GPU, FG_ERR_DEVICE without. */
static void aexpect_valid(aargs *a, const char *label) {
  if (!test_have_gpu()) {
    aexpect(a, FG_ERR_DEVICE, "no usable CUDA device", NULL, label);
    return;
  }
  aexpect(a, FG_OK, NULL, NULL, label);
  cudaError_t err = cudaDeviceSynchronize();
  CHECK_MSG(err == cudaSuccess, "%s: %s: the kernel failed: %s", op_fns[a->op], label, cudaGetErrorString(err));
}

/* per-head tables as the [B, H, S, R/2] view of [B, S, H, R/2] memory */
static void aper_head_transposed(atensor *t, int64_t B, int64_t S, int64_t H, int64_t half) {
  t->shape[0] = B, t->shape[1] = H, t->shape[2] = S, t->shape[3] = half;
  t->strides[0] = S * H * half, t->strides[1] = half, t->strides[2] = H * half, t->strides[3] = 1;
}

TEST(test_rope_tables_api_valid_calls) {
  aargs a;
  for (int op = 0; op < 3; op++) {
    asetup(&a, op);
    aexpect_valid(&a, "baseline: x [2, 64, 8, 128] bf16, out NULL");

    asetup_shape(&a, op, -1, 64, 8, 128, 128, 256);
    aexpect_valid(&a, "x [T, H, D] (positions [T], per-head tables [H, T, R/2])");

    asetup(&a, op);
    a.pass_out = 1;
    aexpect_valid(&a, "out a separate tensor");

    asetup(&a, op);
    a.pass_out = 1;
    a.out.t.data = a.x.t.data;
    aexpect_valid(&a, "out is x (in place)");

    asetup(&a, op);
    aset_dtype(&a.cos, kDLBfloat, 16);
    aset_dtype(&a.sin, kDLBfloat, 16);
    aexpect_valid(&a, "bf16 x, bf16 tables");

    asetup(&a, op);
    aset_dtype(&a.x, kDLFloat, 16);
    aset_dtype(&a.cos, kDLFloat, 16);
    aset_dtype(&a.sin, kDLFloat, 16);
    aexpect_valid(&a, "fp16 x, fp16 tables");

    asetup(&a, op);
    aset_dtype(&a.x, kDLFloat, 32);
    aexpect_valid(&a, "fp32 x, fp32 tables");

    asetup(&a, op);
    a.pairing = FG_PAIRING_HALF;
    aexpect_valid(&a, "half pairing");

    asetup_shape(&a, op, 2, 64, 8, 128, 64, 256);
    aexpect_valid(&a, "partial R = 64 of D = 128");

    asetup_shape(&a, op, 2, 64, 8, 80, 80, 256);
    aexpect_valid(&a, "D = R = 80");

    asetup_shape(&a, op, 2, 64, 8, 320, 320, 256);
    aexpect_valid(&a, "D = R = 320");

    asetup(&a, op);
    a.x.t.data = aregion(AR_X) + 2;
    aexpect_valid(&a, "x aligned to 2 bytes only (the scalar path)");

    if (op != OP_PER_HEAD) {
      asetup(&a, op);
      aset_dtype(&a.pos, kDLInt, 64);
      aexpect_valid(&a, "int64 positions");

      asetup(&a, op);
      a.offset = -((int64_t)1 << 40);
      aexpect_valid(&a, "position_offset -2^40 (any offset is valid)");

      asetup(&a, op);
      a.offset = INT64_MAX;
      aexpect_valid(&a, "position_offset INT64_MAX");

      asetup(&a, op);
      a.pos.strides[0] = 80; /* a [2, 64] view of a [2, 80] tensor */
      a.pos.t.byte_offset = 64;
      aexpect_valid(&a, "positions a row-padded view with byte_offset");

      asetup_shape(&a, op, -1, 64, 8, 128, 128, 256);
      int64_t p2[2] = {1, 64};
      amake(&a.pos, aregion(AR_POS), kDLInt, 32, 2, p2);
      a.pos.strides[0] = 12345;
      aexpect_valid(&a, "x [T, H, D] with positions [1, T] (size-1 dim with any stride)");

      asetup(&a, op);
      a.cos.shape[0] = 1;
      if (op == OP_POSITIONS) a.sin.shape[0] = 1;
      aexpect_valid(&a, "a table of one row (P = 1)");

      if (op == OP_POSITIONS) {
        asetup(&a, op);
        a.sin.strides[0] = 80; /* sin rows padded, cos compact */
        aexpect_valid(&a, "cos and sin with different row strides");
      } else {
        asetup(&a, op);
        a.cos.strides[0] = 160;
        aexpect_valid(&a, "cos_sin_cache rows padded (a view)");
      }
    } else {
      asetup(&a, op);
      aper_head_transposed(&a.cos, 2, 64, 8, 64);
      aper_head_transposed(&a.sin, 2, 64, 8, 64);
      aexpect_valid(&a, "cos, sin: [B, H, S, R/2] views of [B, S, H, R/2] memory (LTX-2)");

      asetup(&a, op);
      aper_head_transposed(&a.cos, 2, 64, 8, 64);
      aexpect_valid(&a, "cos transposed view, sin compact");

      asetup(&a, op);
      a.rounding = FG_ROUNDING_EAGER_BF16;
      aset_dtype(&a.cos, kDLBfloat, 16);
      aset_dtype(&a.sin, kDLBfloat, 16);
      a.pairing = FG_PAIRING_HALF;
      aexpect_valid(&a, "eager_bf16: bf16 x, bf16 tables, half pairing");

      asetup(&a, op);
      a.rounding = FG_ROUNDING_EAGER_BF16;
      aexpect_valid(&a, "eager_bf16: bf16 x, fp32 tables");

      asetup_shape(&a, op, -1, 64, 8, 128, 128, 0);
      int64_t t4[4] = {1, 8, 64, 64};
      amake(&a.cos, aregion(AR_COS), kDLFloat, 32, 4, t4);
      amake(&a.sin, aregion(AR_SIN), kDLFloat, 32, 4, t4);
      aexpect_valid(&a, "x [T, H, D] with tables [1, H, T, R/2]");

      asetup(&a, op);
      a.cos.strides[1] = 0; /* every head of a token the same angles: fine for an input */
      a.sin.strides[1] = 0;
      aexpect_valid(&a, "tables broadcast over heads (stride 0)");
    }
  }
}

TEST(test_rope_tables_api_positions_dtype) {
  static const struct {
    uint8_t code, bits;
    uint16_t lanes;
    const char *n1;
  } cases[] = {
      {kDLFloat, 32, 1, "positions has dtype float32 (lanes 1)"},
      {kDLFloat, 16, 1, "positions has dtype float16"},
      {kDLFloat, 64, 1, "positions has dtype float64"},
      {kDLBfloat, 16, 1, "positions has dtype bfloat16"},
      {kDLInt, 16, 1, "positions has dtype int16"},
      {kDLInt, 8, 1, "positions has dtype int8"},
      {kDLUInt, 32, 1, "positions has dtype uint32"},
      {kDLUInt, 64, 1, "positions has dtype uint64"},
      {kDLInt, 32, 2, "positions has dtype int32 (lanes 2)"},
  };
  for (int op = 0; op < 2; op++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      aargs a;
      asetup(&a, op);
      aset_dtype(&a.pos, cases[i].code, cases[i].bits);
      a.pos.t.dtype.lanes = cases[i].lanes;
      aexpect(&a, FG_ERR_DTYPE, cases[i].n1, "accepted: i32, i64", cases[i].n1);
    }
  /* the tables of the positions ops take float dtypes only */
  for (int op = 0; op < 2; op++) {
    aargs a;
    asetup(&a, op);
    aset_dtype(&a.cos, kDLInt, 32);
    aexpect(&a, FG_ERR_DTYPE, op == OP_CACHE ? "cos_sin_cache has dtype int32" : "cos has dtype int32",
            "accepted: fp32, bf16, fp16", "int32 table");
  }
}

TEST(test_rope_tables_api_positions_shape) {
  for (int op = 0; op < 2; op++) {
    aargs a;
    asetup_shape(&a, op, -1, 64, 8, 128, 128, 256);
    a.pos.shape[0] = 65;
    aexpect(&a, FG_ERR_SHAPE, "positions.shape[0] gives S = 65 but x.shape[0] gives S = 64", NULL,
            "positions [65], x [64, 8, 128]");

    asetup(&a, op);
    int64_t p1[1] = {64};
    amake(&a.pos, aregion(AR_POS), kDLInt, 32, 1, p1);
    aexpect(&a, FG_ERR_SHAPE, "positions (no dim: 1) gives B = 1 but x.shape[0] gives B = 2", NULL,
            "positions [S] with x [2, S, H, D]");

    asetup(&a, op);
    int64_t p128[1] = {128};
    amake(&a.pos, aregion(AR_POS), kDLInt, 32, 1, p128);
    aexpect(&a, FG_ERR_SHAPE, "positions.shape[0] gives S = 128 but x.shape[1] gives S = 64", NULL,
            "positions [B * S] with x [B, S, H, D]");

    asetup(&a, op);
    a.pos.shape[1] = 32;
    aexpect(&a, FG_ERR_SHAPE, "positions.shape[1] gives S = 32 but x.shape[1] gives S = 64", NULL,
            "positions [2, 32]");

    asetup(&a, op);
    a.pos.shape[0] = 3;
    aexpect(&a, FG_ERR_SHAPE, "positions.shape[0] gives B = 3 but x.shape[0] gives B = 2", NULL,
            "positions [3, 64]");

    asetup_shape(&a, op, -1, 64, 8, 128, 128, 256);
    int64_t p2[2] = {2, 32};
    amake(&a.pos, aregion(AR_POS), kDLInt, 32, 2, p2);
    aexpect(&a, FG_ERR_SHAPE, "positions.shape[1] gives S = 32 but x.shape[0] gives S = 64", NULL,
            "positions [2, 32] with x [64, 8, 128]");

    asetup(&a, op);
    int64_t p3[3] = {2, 64, 1};
    amake(&a.pos, aregion(AR_POS), kDLInt, 32, 3, p3);
    aexpect(&a, FG_ERR_SHAPE, "positions must have 1 to 2 dims [B?, S], got 3", NULL, "3-D positions");

    asetup(&a, op);
    a.pos.t.ndim = 0;
    aexpect(&a, FG_ERR_SHAPE, "positions must have 1 to 2 dims [B?, S], got 0", NULL, "0-D positions");

    asetup(&a, op);
    a.pos.strides[0] = -64;
    aexpect(&a, FG_ERR_STRIDE, "positions.strides[0] = -64", NULL, "negative positions stride");
  }
}

TEST(test_rope_tables_api_positions_pointer) {
  for (int op = 0; op < 2; op++) {
    aargs a;
    asetup(&a, op);
    a.pass_pos = 0;
    aexpect(&a, FG_ERR_INVALID_ARGUMENT, "positions is NULL", NULL, "positions NULL");

    asetup(&a, op);
    a.pos.t.data = NULL;
    aexpect(&a, FG_ERR_INVALID_ARGUMENT, "positions.data is NULL", NULL, "positions.data NULL");

    asetup(&a, op);
    a.pos.t.shape = NULL;
    aexpect(&a, FG_ERR_INVALID_ARGUMENT, "positions.shape is NULL", NULL, "positions.shape NULL");

    asetup(&a, op);
    aset_dtype(&a.pos, kDLInt, 64);
    a.pos.t.byte_offset = 4;
    aexpect(&a, FG_ERR_ALIGNMENT, "positions data", "not aligned to its element size 8", "int64 positions at 4 bytes");

    asetup(&a, op);
    a.pos.t.data = aregion(AR_POS) + 2;
    aexpect(&a, FG_ERR_ALIGNMENT, "positions data", "not aligned to its element size 4", "int32 positions at 2 bytes");

    asetup(&a, op);
    a.pos.t.device.device_type = kDLCPU;
    aexpect(&a, FG_ERR_DEVICE, "positions is on DLPack device type 1, not CUDA", NULL, "positions on kDLCPU");

    asetup(&a, op);
    a.pos.t.device.device_id = 1;
    aexpect(&a, FG_ERR_DEVICE, "positions is on cuda:1 but x is on cuda:0", NULL, "positions on cuda:1");

    /* in place, x is written: it must not overlap the positions it reads */
    asetup(&a, op);
    a.pos.t.data = aregion(AR_X) + 4096;
    aexpect(&a, FG_ERR_INVALID_ARGUMENT, "x overlaps positions", NULL, "positions inside x, in place");

    asetup(&a, op);
    a.pass_out = 1;
    a.pos.t.data = aregion(AR_OUT) + 1024;
    aexpect(&a, FG_ERR_INVALID_ARGUMENT, "out overlaps positions", NULL, "positions inside out");

    /* positions are only read: they may overlap the (read-only) tables */
    asetup(&a, op);
    a.pos.t.data = aregion(AR_COS);
    aexpect_valid(&a, "positions over the cos table (both inputs)");

    asetup(&a, op);
    a.pairing = 2;
    aexpect(&a, FG_ERR_INVALID_ARGUMENT, "pairing = 2", "not a fg_pairing value", "pairing 2");
    asetup(&a, op);
    a.pairing = -1;
    aexpect(&a, FG_ERR_INVALID_ARGUMENT, "pairing = -1", "not a fg_pairing value", "pairing -1");
  }
}

TEST(test_rope_tables_api_position_tables) {
  aargs a;
  asetup(&a, OP_POSITIONS);
  a.sin.shape[0] = 255;
  aexpect(&a, FG_ERR_SHAPE, "sin.shape[0] gives P = 255 but cos.shape[0] gives P = 256", NULL, "sin rows != cos rows");

  asetup(&a, OP_POSITIONS);
  a.sin.shape[1] = 32;
  a.sin.strides[0] = 32;
  aexpect(&a, FG_ERR_SHAPE, "sin.shape[1] gives R = 64 but cos.shape[1] gives R = 128", NULL, "sin R/2 != cos R/2");

  asetup(&a, OP_POSITIONS);
  aset_dtype(&a.sin, kDLBfloat, 16);
  aexpect(&a, FG_ERR_DTYPE, "sin is bf16 but cos is fp32", "same dtype", "cos fp32, sin bf16");

  asetup_shape(&a, OP_POSITIONS, 2, 64, 8, 128, 144, 256);
  aexpect(&a, FG_ERR_SHAPE, "the rotary dims R = 2 * cos.shape[1] must be 2 to the head size D", "R = 144, D = 128",
          "R > D");

  asetup_shape(&a, OP_POSITIONS, 2, 64, 8, 128, 0, 256);
  aexpect(&a, FG_ERR_SHAPE, "must be 2 to the head size D", "R = 0", "R = 0");

  asetup(&a, OP_POSITIONS);
  int64_t t3[3] = {1, 256, 64};
  amake(&a.cos, aregion(AR_COS), kDLFloat, 32, 3, t3);
  aexpect(&a, FG_ERR_SHAPE, "cos must have 2 dims [P, R/2], got 3", NULL, "3-D cos");

  asetup(&a, OP_POSITIONS);
  a.pass_sin = 0;
  aexpect(&a, FG_ERR_INVALID_ARGUMENT, "sin is NULL", NULL, "sin NULL");

  asetup(&a, OP_POSITIONS);
  a.cos.strides[1] = 2;
  aexpect(&a, FG_ERR_STRIDE, "cos.strides[1] = 2", "last dim must be contiguous", "cos last stride 2");

  asetup_shape(&a, OP_POSITIONS, 2, 64, 8, 73, 72, 256);
  aexpect(&a, FG_ERR_UNSUPPORTED, "D = 73 is not supported", "any other with D % 2 == 0 up to 512", "D = 73");
}

TEST(test_rope_tables_api_cos_sin_cache) {
  aargs a;
  asetup_shape(&a, OP_CACHE, 2, 64, 8, 128, 127, 256);
  aexpect(&a, FG_ERR_SHAPE, "the rotary dims R = cos_sin_cache.shape[1] must be even, 2 to the head size D",
          "R = 127, D = 128", "odd R = 127");

  asetup_shape(&a, OP_CACHE, 2, 64, 8, 64, 1, 256);
  aexpect(&a, FG_ERR_SHAPE, "must be even", "R = 1, D = 64", "R = 1");

  asetup_shape(&a, OP_CACHE, 2, 64, 8, 128, 130, 256);
  aexpect(&a, FG_ERR_SHAPE, "must be even, 2 to the head size D", "R = 130, D = 128", "R = 130 > D");

  asetup_shape(&a, OP_CACHE, 2, 64, 8, 128, 0, 256);
  aexpect(&a, FG_ERR_SHAPE, "must be even, 2 to the head size D", "R = 0", "R = 0");

  /* the constraint is checked on an empty call too, without a device */
  asetup_shape(&a, OP_CACHE, 2, 0, 8, 128, 63, 256);
  aexpect(&a, FG_ERR_SHAPE, "must be even", "R = 63", "odd R, S = 0");

  asetup(&a, OP_CACHE);
  int64_t t1[1] = {256 * 128};
  amake(&a.cos, aregion(AR_COS), kDLFloat, 32, 1, t1);
  aexpect(&a, FG_ERR_SHAPE, "cos_sin_cache must have 2 dims [P, R], got 1", NULL, "1-D cache");

  asetup(&a, OP_CACHE);
  aset_dtype(&a.cos, kDLFloat, 64);
  aexpect(&a, FG_ERR_DTYPE, "cos_sin_cache has dtype float64", "accepted: fp32, bf16, fp16", "float64 cache");

  asetup(&a, OP_CACHE);
  a.cos.strides[1] = 2;
  a.cos.strides[0] = 256;
  aexpect(&a, FG_ERR_STRIDE, "cos_sin_cache.strides[1] = 2", "last dim must be contiguous", "cache last stride 2");

  asetup(&a, OP_CACHE);
  a.pass_cos = 0;
  aexpect(&a, FG_ERR_INVALID_ARGUMENT, "cos_sin_cache is NULL", NULL, "cache NULL");

  asetup(&a, OP_CACHE);
  a.pass_out = 1;
  a.out.t.data = aregion(AR_COS) + 4096;
  aexpect(&a, FG_ERR_INVALID_ARGUMENT, "out overlaps cos_sin_cache", NULL, "out over the cache");

}

TEST(test_rope_tables_api_per_head_shape) {
  aargs a;
  asetup(&a, OP_PER_HEAD);
  a.cos.shape[1] = 9;
  aexpect(&a, FG_ERR_SHAPE, "cos.shape[1] gives H = 9 but x.shape[2] gives H = 8", NULL, "cos H = 9");

  asetup(&a, OP_PER_HEAD);
  a.cos.shape[2] = 63;
  aexpect(&a, FG_ERR_SHAPE, "cos.shape[2] gives S = 63 but x.shape[1] gives S = 64", NULL, "cos S = 63");

  asetup(&a, OP_PER_HEAD);
  a.cos.shape[0] = 3;
  aexpect(&a, FG_ERR_SHAPE, "cos.shape[0] gives B = 3 but x.shape[0] gives B = 2", NULL, "cos B = 3");

  asetup(&a, OP_PER_HEAD);
  a.sin.shape[1] = 4;
  aexpect(&a, FG_ERR_SHAPE, "sin.shape[1] gives H = 4 but x.shape[2] gives H = 8", NULL, "sin H = 4");

  asetup(&a, OP_PER_HEAD);
  a.sin.shape[3] = 32;
  aexpect(&a, FG_ERR_SHAPE, "sin.shape[3] gives R = 64 but cos.shape[3] gives R = 128", NULL, "sin R/2 != cos R/2");

  /* the tables have no batch broadcast: [H, S, R/2] needs B = 1 */
  asetup(&a, OP_PER_HEAD);
  int64_t t3[3] = {8, 64, 64};
  amake(&a.cos, aregion(AR_COS), kDLFloat, 32, 3, t3);
  aexpect(&a, FG_ERR_SHAPE, "cos (no dim: 1) gives B = 1 but x.shape[0] gives B = 2", NULL,
          "cos [H, S, R/2] with B = 2");

  asetup_shape(&a, OP_PER_HEAD, -1, 64, 8, 128, 128, 0);
  int64_t t4[4] = {2, 8, 64, 64};
  amake(&a.cos, aregion(AR_COS), kDLFloat, 32, 4, t4);
  aexpect(&a, FG_ERR_SHAPE, "cos.shape[0] gives B = 2 but x (no dim: 1) gives B = 1", NULL,
          "x [T, H, D], cos [2, H, T, R/2]");

  /* [B, S, H, R/2] passed as it is (not as the transposed view): S and H swapped */
  asetup_shape(&a, OP_PER_HEAD, 2, 64, 8, 128, 128, 0);
  int64_t bshr[4] = {2, 64, 8, 64};
  amake(&a.cos, aregion(AR_COS), kDLFloat, 32, 4, bshr);
  aexpect(&a, FG_ERR_SHAPE, "cos.shape[2] gives S = 8 but x.shape[1] gives S = 64", NULL,
          "cos [B, S, H, R/2] untransposed");

  asetup(&a, OP_PER_HEAD);
  int64_t t2[2] = {64, 64};
  amake(&a.cos, aregion(AR_COS), kDLFloat, 32, 2, t2);
  aexpect(&a, FG_ERR_SHAPE, "cos must have 3 to 4 dims [B?, H, S, R/2], got 2", NULL, "2-D cos");

  asetup_shape(&a, OP_PER_HEAD, 2, 64, 8, 128, 144, 0);
  aexpect(&a, FG_ERR_SHAPE, "the rotary dims R = 2 * cos.shape[-1] must be 2 to the head size D",
          "R = 144, D = 128", "R > D");

  asetup(&a, OP_PER_HEAD);
  aset_dtype(&a.sin, kDLFloat, 16);
  aexpect(&a, FG_ERR_DTYPE, "sin is fp16 but cos is fp32", "same dtype", "cos fp32, sin fp16");

  asetup(&a, OP_PER_HEAD);
  a.pass_sin = 0;
  aexpect(&a, FG_ERR_INVALID_ARGUMENT, "sin is NULL", NULL, "sin NULL");

  asetup(&a, OP_PER_HEAD);
  a.cos.t.data = aregion(AR_X) + 8192;
  aexpect(&a, FG_ERR_INVALID_ARGUMENT, "x overlaps cos", NULL, "cos inside x, in place");
}

TEST(test_rope_tables_api_per_head_stride) {
  aargs a;
  asetup(&a, OP_PER_HEAD);
  a.cos.strides[3] = 2;
  aexpect(&a, FG_ERR_STRIDE, "cos.strides[3] = 2", "the last dim must be contiguous", "cos last stride 2");

  /* a [B, H, S, R/2] view of [B, H, R/2, S] memory: the last dim strided */
  asetup(&a, OP_PER_HEAD);
  a.sin.strides[2] = 1;
  a.sin.strides[3] = 64;
  aexpect(&a, FG_ERR_STRIDE, "sin.strides[3] = 64", "the last dim must be contiguous", "sin [.., R/2, S] transposed");

  asetup_shape(&a, OP_PER_HEAD, -1, 64, 8, 128, 128, 0);
  a.cos.strides[2] = 0;
  aexpect(&a, FG_ERR_STRIDE, "cos.strides[2] = 0", "the last dim must be contiguous", "3-D cos last stride 0");

  asetup(&a, OP_PER_HEAD);
  a.cos.strides[2] = -64;
  aexpect(&a, FG_ERR_STRIDE, "cos.strides[2] = -64", "strides must be 0 to 2^40", "negative cos stride");

  asetup(&a, OP_PER_HEAD);
  a.cos.t.byte_offset = 2;
  aexpect(&a, FG_ERR_ALIGNMENT, "cos data", "not aligned to its element size 4", "fp32 cos at 2 bytes");
}

TEST(test_rope_tables_api_per_head_rounding) {
  aargs a;
  static const int bad[] = {2, -1, 99};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char n1[64], label[64];
    snprintf(n1, sizeof n1, "rounding = %d", bad[i]);
    snprintf(label, sizeof label, "rounding %d", bad[i]);
    asetup(&a, OP_PER_HEAD);
    a.rounding = bad[i];
    aexpect(&a, FG_ERR_INVALID_ARGUMENT, n1, "is not a fg_rounding value", label);
  }
  /* checked on an empty call too */
  asetup_shape(&a, OP_PER_HEAD, 2, 0, 8, 128, 128, 0);
  a.rounding = 2;
  aexpect(&a, FG_ERR_INVALID_ARGUMENT, "rounding = 2", "is not a fg_rounding value", "rounding 2, S = 0");

  asetup(&a, OP_PER_HEAD);
  a.pairing = 3;
  aexpect(&a, FG_ERR_INVALID_ARGUMENT, "pairing = 3", "is not a fg_pairing value", "pairing 3");

  /* eager_bf16 needs bf16 x: no kernel otherwise (the lookup comes after the device checks) */
  static const struct {
    uint8_t xcode, xbits, tcode, tbits;
    const char *n1;
  } eager[] = {
      {kDLFloat, 16, kDLFloat, 16, "no kernel for act=fp16 table=fp16 rounding=eager_bf16"},
      {kDLFloat, 16, kDLFloat, 32, "no kernel for act=fp16 table=fp32 rounding=eager_bf16"},
      {kDLFloat, 32, kDLFloat, 32, "no kernel for act=fp32 table=fp32 rounding=eager_bf16"},
  };
  for (size_t i = 0; i < sizeof eager / sizeof eager[0]; i++) {
    asetup(&a, OP_PER_HEAD);
    a.rounding = FG_ROUNDING_EAGER_BF16;
    aset_dtype(&a.x, eager[i].xcode, eager[i].xbits);
    aset_dtype(&a.cos, eager[i].tcode, eager[i].tbits);
    aset_dtype(&a.sin, eager[i].tcode, eager[i].tbits);
    aexpect_after_device(&a, FG_ERR_UNSUPPORTED, eager[i].n1, "eager_bf16 rounding needs bf16 x", eager[i].n1);
  }
}

TEST(test_rope_tables_api_empty) {
  for (int op = 0; op < 3; op++) {
    aargs a;
    asetup_shape(&a, op, 2, 0, 8, 128, 128, 256);
    aexpect(&a, FG_OK, NULL, NULL, "S = 0");

    asetup_shape(&a, op, -1, 0, 8, 128, 128, 256);
    aexpect(&a, FG_OK, NULL, NULL, "T = 0 ([T, H, D])");

    asetup_shape(&a, op, 2, 64, 0, 128, 128, 256);
    aexpect(&a, FG_OK, NULL, NULL, "H = 0");

    asetup_shape(&a, op, 2, 0, 8, 128, 128, 256);
    a.x.t.data = NULL;
    a.cos.t.data = NULL;
    a.sin.t.data = NULL;
    a.pos.t.data = NULL;
    aexpect(&a, FG_OK, NULL, NULL, "S = 0 with NULL data");

    /* still checked: dtypes */
    if (op != OP_PER_HEAD) {
      asetup_shape(&a, op, 2, 0, 8, 128, 128, 256);
      aset_dtype(&a.pos, kDLFloat, 32);
      aexpect(&a, FG_ERR_DTYPE, "positions has dtype float32", NULL, "S = 0, float32 positions");
    }
  }
}

/* A table of P = 0 rows with tokens to rotate: every row is outside [0, P), so
 * the rotated dims of every token must come out NaN (and out of place, the
 * other dims copied), or the call must be refused. An FG_OK without a GPU
 * means nothing was launched, so neither happened. With a GPU,
 * test_rope_tables_gpu_empty_table_with_tokens checks the result. */
TEST(test_rope_tables_api_empty_table_with_tokens) {
  if (test_have_gpu()) SKIP("checked with a GPU by test_rope_tables_gpu_empty_table_with_tokens");
  for (int op = 0; op < 2; op++)
    for (int out_of_place = 0; out_of_place < 2; out_of_place++) {
      aargs a;
      asetup_shape(&a, op, 2, 64, 8, 128, 64, 0);
      a.pass_out = out_of_place;
      fg_status st = acall(&a);
      CHECK_MSG(st != FG_OK,
                "%s with P = 0 (empty table), 2 x 64 tokens, %s: FG_OK without a GPU, so nothing was launched: "
                "the tokens' rotated dims are not NaN%s (expected a refusal, or a launch)",
                op_fns[op], out_of_place ? "out of place" : "in place",
                out_of_place ? " and out is never written at all" : "");
    }
}

/* ================================================================================
 * Part 2: GPU correctness
 * ================================================================================ */

enum { POS_FLAT = 0, POS_BS, POS_ROWPAD, POS_1T };
static const char *const pos_form_names[] = {"[T]", "[B, S]", "[B, S] row-padded view", "[1, T]"};
enum { TAB_NORMAL = 0, TAB_TRANSPOSED = 1 };
enum { MIS_X = 1, MIS_OUT = 2, MIS_COS = 4, MIS_SIN = 8, MIS_POS = 16 };

#define MAX_SEGS 4

typedef struct {
  int op;
  test_dtype act, tab;
  int pos64;           /* int64 positions (else int32) */
  fg_pairing pairing;
  fg_rounding rounding;
  int batched;         /* x [B, S, H, D] (1), or [T, H, D] with T = S and B = 1 (0) */
  int64_t B, S, H, D, R;
  int inplace;         /* out = NULL */
  int inplace_alias;   /* out = x itself */
  int misalign;        /* MIS_*: shift that tensor by one element (no 16-byte path) */
  int64_t head_pad, token_pad; /* extra elements between heads / tokens of x (and out) */
  int64_t table_pad, sin_pad;  /* extra elements at the end of each cos (cache) / sin row */
  /* positions ops */
  int64_t P;           /* table rows */
  int pos_form;        /* POS_* */
  int nseg;            /* calls on slices of x along S (0: one call) */
  int64_t seg_start[MAX_SEGS], seg_offset[MAX_SEGS]; /* first token and position_offset of each */
  int bad_every;       /* every bad_every-th token gets a row outside [0, P); 0: none */
  int natural_pos;     /* rows drawn so that positions are >= 0 */
  /* per head */
  int cos_layout, sin_layout; /* TAB_NORMAL [B, H, S, R/2] memory, TAB_TRANSPOSED [B, S, H, R/2] */
  int tab_3d;          /* tables passed as [H, S, R/2] (B = 1) */
  int use_stream;      /* launch on a created stream */
  uint64_t seed;
  const char *expect_kernel; /* the kernel that must run (NULL: not checked) */
  int expect_prefix;         /* expect_kernel is a prefix of the name (the arch left out) */
} tcase;

static const char *pairing_name(fg_pairing p) { return p == FG_PAIRING_HALF ? "half" : "interleaved"; }

/* The head-size part of the variant a call runs, by the rope family's variant
   budget (gen/specs/rotary.lua): a built head size has its own kernel on the
   16-byte path with R = D, x in bf16 or fp16 and a table of fp32 or x's dtype;
   every other call runs the general variant ("any", partial R). */
static const char *head_variant(char *buf, size_t n, int64_t D, int64_t R, int vec, test_dtype act, test_dtype tab) {
  static const int64_t built[] = {64, 80, 96, 128, 256, 320};
  int sized = 0;
  for (size_t i = 0; i < sizeof built / sizeof built[0]; i++) sized |= built[i] == D;
  if (sized && R == D && vec && act != DT_FP32 && (tab == DT_FP32 || tab == act)) snprintf(buf, n, "d%lld_rotfull_vec16", (long long)D);
  else snprintf(buf, n, "dany_rotpartial_%s", vec ? "vec16" : "scalar");
  return buf;
}

static void describe(const tcase *c, char *buf, size_t n) {
  size_t len = 0;
  len += snprintf(buf + len, n - len, "%s: %s x, %s table, %s, %s%s[%lld, %lld, %lld, %lld] R=%lld, %s",
                  op_names[c->op], dt_name(c->act), dt_name(c->tab), pairing_name(c->pairing),
                  c->op == OP_PER_HEAD ? (c->rounding == FG_ROUNDING_EAGER_BF16 ? "eager_bf16, " : "fp32 rounding, ")
                                       : "",
                  c->batched ? "" : "T-form ", (long long)c->B, (long long)c->S, (long long)c->H, (long long)c->D,
                  (long long)c->R,
                  c->inplace ? "in place (NULL)" : c->inplace_alias ? "in place (out = x)" : "out of place");
  if (len < n && c->op != OP_PER_HEAD) {
    len += snprintf(buf + len, n - len, ", P=%lld, %s positions %s, offset%s", (long long)c->P,
                    c->pos64 ? "int64" : "int32", pos_form_names[c->pos_form], c->nseg > 1 ? "s" : "");
    for (int g = 0; g < (c->nseg > 1 ? c->nseg : 1) && len < n; g++)
      len += snprintf(buf + len, n - len, " %lld", (long long)c->seg_offset[g]);
    if (len < n && c->bad_every) len += snprintf(buf + len, n - len, ", every %dth row out of range", c->bad_every);
  }
  if (len < n && c->op == OP_PER_HEAD)
    len += snprintf(buf + len, n - len, ", cos %s, sin %s%s", c->cos_layout ? "transposed" : "normal",
                    c->sin_layout ? "transposed" : "normal", c->tab_3d ? ", 3-D tables" : "");
  if (len < n)
    snprintf(buf + len, n - len, ", pads %lld/%lld/%lld/%lld, misalign 0x%x", (long long)c->head_pad,
             (long long)c->token_pad, (long long)c->table_pad, (long long)c->sin_pad, c->misalign);
}

/* ---- host bf16 (round to nearest even) for the eager emulation ---------------- */

static uint16_t bf16_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  if ((u & 0x7fffffff) > 0x7f800000) return 0x7fc0;
  u += 0x7fff + ((u >> 16) & 1);
  return (uint16_t)(u >> 16);
}

static float bf16_value(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static float bf16_round(float f) { return bf16_value(bf16_bits(f)); }

/* Eager PyTorch's order: a' = bf16(fma(-b, s, bf16(a*c))), b' = bf16(fma(a, s, bf16(b*c))). */
static void eager_rotate(float a, float b, float c, float s, uint16_t *oa, uint16_t *ob) {
  *oa = bf16_bits(fmaf(-b, s, bf16_round(a * c)));
  *ob = bf16_bits(fmaf(a, s, bf16_round(b * c)));
}

/* ---- a table's geometry, in elements ---------------------------------------- */

typedef struct {
  int64_t base;             /* first element */
  int64_t sb, sh, ss, row;  /* per head: strides of b, h, s; positions ops: row = stride of a row */
  int64_t elems;            /* buffer size */
} geom;

static void geom_per_head(geom *g, int layout, int64_t B, int64_t H, int64_t S, int64_t row, int64_t base,
                          int64_t guard) {
  g->base = base;
  g->row = row;
  if (layout == TAB_NORMAL) { g->ss = row; g->sh = S * row; g->sb = H * S * row; }
  else { g->sh = row; g->ss = H * row; g->sb = S * H * row; }
  g->elems = base + B * H * S * row + guard;
}

static int fits_pos(int64_t v, int pos64) { return pos64 || (v >= INT32_MIN && v <= INT32_MAX); }

/* Rows outside [0, P) for the bad tokens; the truncation traps (2^32 + 1 and
 * the like) give a valid row if a kernel dropped the high bits. */
static int64_t bad_row(int64_t P, int k, int64_t offset, int pos64) {
  const int64_t cand[] = {-1, P, -1 - P, P + 1, ((int64_t)1 << 32) + 1, -((int64_t)1 << 32) + 2,
                          INT32_MAX, INT32_MIN, ((int64_t)1 << 33) + 3, P + 1000};
  const int n = (int)(sizeof cand / sizeof cand[0]);
  for (int j = 0; j < n; j++) {
    int64_t row = cand[(k + j) % n];
    if (fits_pos(row - offset, pos64)) return row;
  }
  return -1; /* not reached with the offsets used here */
}

static int device_cc(void) {
  int dev = 0, major = 0, minor = 0;
  if (cudaGetDevice(&dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev) != cudaSuccess)
    return 0;
  return major * 10 + minor;
}

/* Run one case; returns the number of problems found (0 = pass). */
static int run_case(const tcase *c0) {
  tcase cc = *c0;
  if (cc.nseg < 1) {
    cc.nseg = 1;
    cc.seg_start[0] = 0;
  }
  const tcase *c = &cc;
  char what[512];
  describe(c, what, sizeof what);
  int bad = 0;
  if (c->rounding == FG_ROUNDING_EAGER_BF16 && c->act != DT_BF16) {
    fprintf(stderr, "    %s: test error: eager_bf16 needs bf16 x\n", what);
    return 1;
  }
  const int needs_b1 =
      !c->batched || (c->op == OP_PER_HEAD ? c->tab_3d : (c->pos_form == POS_FLAT || c->pos_form == POS_1T));
  if (needs_b1 && c->B != 1) {
    fprintf(stderr, "    %s: test error: this form needs B = 1\n", what);
    return 1;
  }
  const int positional = c->op != OP_PER_HEAD;
  const int64_t B = c->B, S = c->S, H = c->H, D = c->D, R = c->R, half = R / 2, P = c->P, T = B * S;
  const int es = dt_size(c->act), ts = dt_size(c->tab), ps = c->pos64 ? 8 : 4;
  const int64_t guard = 64;
  const int64_t sh = D + c->head_pad, ss = H * sh + c->token_pad, sb = S * ss;
  const int have_out = !c->inplace && !c->inplace_alias;
  const int64_t xfront = guard + ((c->misalign & MIS_X) ? 1 : 0);
  const int64_t ofront = have_out ? guard + ((c->misalign & MIS_OUT) ? 1 : 0) : xfront;
  const size_t x_elems = (size_t)(xfront + B * sb + guard), o_elems = (size_t)(ofront + B * sb + guard);
  uint64_t rng = c->seed * 0x9E3779B97F4A7C15ull + 12345;

  /* tables */
  geom cg, sg;
  memset(&cg, 0, sizeof cg);
  memset(&sg, 0, sizeof sg);
  const int64_t tguard = 32;
  const int64_t cbase = tguard + ((c->misalign & MIS_COS) ? 1 : 0), sbase = tguard + ((c->misalign & MIS_SIN) ? 1 : 0);
  if (c->op == OP_PER_HEAD) {
    geom_per_head(&cg, c->cos_layout, B, H, S, half + c->table_pad, cbase, tguard);
    geom_per_head(&sg, c->sin_layout, B, H, S, half + c->sin_pad, sbase, tguard);
  } else if (c->op == OP_POSITIONS) {
    cg.base = cbase, cg.row = half + c->table_pad, cg.elems = cbase + P * cg.row + tguard;
    sg.base = sbase, sg.row = half + c->sin_pad, sg.elems = sbase + P * sg.row + tguard;
  } else {
    cg.base = cbase, cg.row = R + c->table_pad, cg.elems = cbase + P * cg.row + tguard;
  }
  const int have_sin = c->op != OP_CACHE;

  /* positions: [T] / [1, T] / [B, S] with 16-byte row strides, or row-padded */
  const int64_t pal = 16 / ps, pguard = 16;
  int64_t pstride = S, pbase = pguard + ((c->misalign & MIS_POS) ? 1 : 0);
  if (c->pos_form == POS_BS) pstride = (S + pal - 1) / pal * pal;
  if (c->pos_form == POS_ROWPAD) {
    pstride = (S + pal - 1) / pal * pal + pal;
    pbase += pal;
  }
  const size_t p_elems = positional ? (size_t)(pbase + B * pstride + pguard) : 1;

  gbuf xb, ob, cb, sbf, pb;
  memset(&xb, 0, sizeof xb);
  memset(&ob, 0, sizeof ob);
  memset(&cb, 0, sizeof cb);
  memset(&sbf, 0, sizeof sbf);
  memset(&pb, 0, sizeof pb);
  int64_t *rows = positional ? malloc(sizeof(int64_t) * (size_t)T) : NULL;
  unsigned char *written = NULL;
  cudaStream_t stream = NULL;
  int alloc_bad = gbuf_alloc(&xb, x_elems * es) != 0;
  if (have_out) alloc_bad |= gbuf_alloc(&ob, o_elems * es) != 0;
  alloc_bad |= gbuf_alloc(&cb, (size_t)cg.elems * ts) != 0;
  if (have_sin) alloc_bad |= gbuf_alloc(&sbf, (size_t)sg.elems * ts) != 0;
  if (positional) alloc_bad |= gbuf_alloc(&pb, p_elems * ps) != 0 || !rows;
  if (alloc_bad) {
    fprintf(stderr, "    %s: allocation failed\n", what);
    bad++;
    goto done;
  }

  /* x: random everywhere (padding too, so that stray writes show) */
  for (size_t i = 0; i < x_elems; i++) dt_store(c->act, xb.host + i * es, rng_uniform(&rng, -2, 2));
  if (have_out) gbuf_poison(&ob);

  /* angles: 4096 random ones, drawn per table entry; padding stays NaN (0xFF) */
  {
    double ctab[4096], stab[4096];
    for (int k = 0; k < 4096; k++) {
      double th = rng_uniform(&rng, -3.2, 3.2);
      ctab[k] = cos(th);
      stab[k] = sin(th);
    }
    gbuf_poison(&cb);
    if (have_sin) gbuf_poison(&sbf);
    if (c->op == OP_PER_HEAD) {
      for (int64_t b = 0; b < B; b++)
        for (int64_t h = 0; h < H; h++)
          for (int64_t s = 0; s < S; s++)
            for (int64_t i = 0; i < half; i++) {
              int k = (int)(rng_next(&rng) >> 52);
              dt_store(c->tab, cb.host + (size_t)(cg.base + b * cg.sb + h * cg.sh + s * cg.ss + i) * ts, ctab[k]);
              dt_store(c->tab, sbf.host + (size_t)(sg.base + b * sg.sb + h * sg.sh + s * sg.ss + i) * ts, stab[k]);
            }
    } else {
      for (int64_t r = 0; r < P; r++)
        for (int64_t i = 0; i < half; i++) {
          int k = (int)(rng_next(&rng) >> 52);
          if (c->op == OP_POSITIONS) {
            dt_store(c->tab, cb.host + (size_t)(cg.base + r * cg.row + i) * ts, ctab[k]);
            dt_store(c->tab, sbf.host + (size_t)(sg.base + r * sg.row + i) * ts, stab[k]);
          } else {
            dt_store(c->tab, cb.host + (size_t)(cg.base + r * cg.row + i) * ts, ctab[k]);
            dt_store(c->tab, cb.host + (size_t)(cg.base + r * cg.row + half + i) * ts, stab[k]);
          }
        }
    }
  }

  /* positions: junk everywhere (a stray read gives a row far out of range,
   * so NaN), then each token's position = its row - its call's offset */
  if (positional) {
    for (size_t i = 0; i < p_elems; i++) {
      if (c->pos64) {
        int64_t v = INT64_MIN / 4 - (int64_t)i;
        memcpy(pb.host + i * 8, &v, 8);
      } else {
        int32_t v = -0x40000000 - (int32_t)i;
        memcpy(pb.host + i * 4, &v, 4);
      }
    }
    int nbad = 0;
    for (int64_t b = 0; b < B; b++)
      for (int64_t s = 0; s < S; s++) {
        int g = 0;
        while (g + 1 < c->nseg && s >= c->seg_start[g + 1]) g++;
        const int64_t off = c->seg_offset[g], t = b * S + s;
        int64_t row;
        if (c->bad_every && t % c->bad_every == c->bad_every - 1) row = bad_row(P, nbad++, off, c->pos64);
        else if (t == 0) row = c->natural_pos && off > 0 && off < P ? off : 0;
        else if (t == 1) row = P - 1;
        else if (c->natural_pos && off > 0 && off < P) row = off + (int64_t)(rng_next(&rng) % (uint64_t)(P - off));
        else row = (int64_t)(rng_next(&rng) % (uint64_t)P);
        rows[t] = row;
        const int64_t v = row - off;
        if (!fits_pos(v, c->pos64)) {
          fprintf(stderr, "    %s: test error: position %lld does not fit int32\n", what, (long long)v);
          bad++;
          goto done;
        }
        const size_t at = (size_t)(pbase + b * pstride + s);
        if (c->pos64) memcpy(pb.host + at * 8, &v, 8);
        else {
          int32_t v32 = (int32_t)v;
          memcpy(pb.host + at * 4, &v32, 4);
        }
      }
  }

  if (gbuf_upload(&xb) || (have_out && gbuf_upload(&ob)) || gbuf_upload(&cb) || (have_sin && gbuf_upload(&sbf)) ||
      (positional && gbuf_upload(&pb))) {
    fprintf(stderr, "    %s: upload failed\n", what);
    bad++;
    goto done;
  }
  if (c->use_stream && cudaStreamCreate(&stream) != cudaSuccess) {
    fprintf(stderr, "    %s: cudaStreamCreate failed\n", what);
    bad++;
    goto done;
  }

  /* one call per slice of x along S */
  for (int g = 0; g < c->nseg; g++) {
    const int64_t s0 = c->seg_start[g], s1 = g + 1 < c->nseg ? c->seg_start[g + 1] : S, len = s1 - s0;
    tview xv, ov, cv, sv, pv;
    int64_t shape4[4] = {B, len, H, D}, stride4[4] = {sb, ss, sh, 1};
    int64_t shape3[3] = {len, H, D}, stride3[3] = {ss, sh, 1};
    if (c->batched) {
      tview_make(&xv, &xb, c->act, (size_t)(xfront + s0 * ss) * es, 4, shape4, stride4);
      if (have_out) tview_make(&ov, &ob, c->act, (size_t)(ofront + s0 * ss) * es, 4, shape4, stride4);
    } else {
      tview_make(&xv, &xb, c->act, (size_t)(xfront + s0 * ss) * es, 3, shape3, stride3);
      if (have_out) tview_make(&ov, &ob, c->act, (size_t)(ofront + s0 * ss) * es, 3, shape3, stride3);
    }
    if (c->op == OP_PER_HEAD) {
      int64_t t4[4] = {B, H, len, half}, c4[4] = {cg.sb, cg.sh, cg.ss, 1}, s4[4] = {sg.sb, sg.sh, sg.ss, 1};
      int64_t t3[3] = {H, len, half}, c3[3] = {cg.sh, cg.ss, 1}, s3[3] = {sg.sh, sg.ss, 1};
      if (c->tab_3d) {
        tview_make(&cv, &cb, c->tab, (size_t)(cg.base + s0 * cg.ss) * ts, 3, t3, c3);
        tview_make(&sv, &sbf, c->tab, (size_t)(sg.base + s0 * sg.ss) * ts, 3, t3, s3);
      } else {
        tview_make(&cv, &cb, c->tab, (size_t)(cg.base + s0 * cg.ss) * ts, 4, t4, c4);
        tview_make(&sv, &sbf, c->tab, (size_t)(sg.base + s0 * sg.ss) * ts, 4, t4, s4);
      }
    } else {
      int64_t tshape[2] = {P, c->op == OP_CACHE ? R : half}, cst[2] = {cg.row, 1}, sst[2] = {sg.row, 1};
      tview_make(&cv, &cb, c->tab, (size_t)cg.base * ts, 2, tshape, cst);
      if (have_sin) tview_make(&sv, &sbf, c->tab, (size_t)sg.base * ts, 2, tshape, sst);
      int64_t pshape[2], pst[2];
      int pnd;
      if (c->pos_form == POS_FLAT) { pnd = 1; pshape[0] = len; pst[0] = 1; }
      else if (c->pos_form == POS_1T) { pnd = 2; pshape[0] = 1; pshape[1] = len; pst[0] = 7777; pst[1] = 1; }
      else { pnd = 2; pshape[0] = B; pshape[1] = len; pst[0] = pstride; pst[1] = 1; }
      tview_make(&pv, &pb, DT_FP32, (size_t)(pbase + s0) * ps, pnd, pshape, pst);
      pv.t.dtype.code = kDLInt;
      pv.t.dtype.bits = (uint8_t)(ps * 8);
      pv.t.dtype.lanes = 1;
    }
    DLTensor *out = have_out ? &ov.t : c->inplace_alias ? &xv.t : NULL;
    fg_status st;
    if (c->op == OP_POSITIONS)
      st = fg_rope_positions(&xv.t, out, &cv.t, &sv.t, &pv.t, c->pairing, c->seg_offset[g], (fg_stream_t)stream);
    else if (c->op == OP_CACHE)
      st = fg_rope_cos_sin_cache(&xv.t, out, &cv.t, &pv.t, c->pairing, c->seg_offset[g], (fg_stream_t)stream);
    else
      st = fg_rope_per_head(&xv.t, out, &cv.t, &sv.t, c->pairing, c->rounding, (fg_stream_t)stream);
    if (st != FG_OK) {
      fprintf(stderr, "    %s: call %d returned %s: %s\n", what, g, fg_status_name(st), fg_last_error());
      bad++;
      goto done;
    }
    const char *ran = fg__last_kernel();
    if (c->expect_kernel) {
      int match = c->expect_prefix ? strncmp(ran, c->expect_kernel, strlen(c->expect_kernel)) == 0
                                   : strcmp(ran, c->expect_kernel) == 0;
      if (!match) {
        fprintf(stderr, "    %s: ran %s, expected %s%s\n", what, ran, c->expect_kernel, c->expect_prefix ? "*" : "");
        bad++;
      }
    }
  }
  {
    cudaError_t err = stream ? cudaStreamSynchronize(stream) : cudaDeviceSynchronize();
    if (err == cudaSuccess) err = cudaGetLastError();
    if (err != cudaSuccess) {
      fprintf(stderr, "    %s: kernel failed: %s\n", what, cudaGetErrorString(err));
      bad++;
      goto done;
    }
  }
  if (gbuf_download(&xb) || (have_out && gbuf_download(&ob)) || gbuf_download(&cb) ||
      (have_sin && gbuf_download(&sbf)) || (positional && gbuf_download(&pb))) {
    fprintf(stderr, "    %s: download failed\n", what);
    bad++;
    goto done;
  }

  /* compare every output element with the reference */
  {
    gbuf *o = have_out ? &ob : &xb;
    const int eager = c->rounding == FG_ROUNDING_EAGER_BF16;
    written = calloc(o_elems, 1);
    if (!written) {
      fprintf(stderr, "    %s: out of host memory\n", what);
      bad++;
      goto done;
    }
    double err2 = 0, ref2 = 0, worst = 0;
    int64_t nan_count = 0, elem_bad = 0, bits_bad = 0, pass_bad = 0, not_nan = 0, bad_tokens = 0;
    const double unit = dt_unit(c->act);
    const unsigned char *ct = cb.before, *st_ = have_sin ? sbf.before : cb.before;
    for (int64_t b = 0; b < B; b++)
      for (int64_t s = 0; s < S; s++) {
        const int64_t t = b * S + s, row = positional ? rows[t] : 0;
        const int valid = !positional || (row >= 0 && row < P);
        if (!valid) bad_tokens++;
        for (int64_t h = 0; h < H; h++) {
          const size_t xbase = (size_t)(xfront + b * sb + s * ss + h * sh);
          const size_t obase = (size_t)(ofront + b * sb + s * ss + h * sh);
          double in[1024], ref[1024];
          uint16_t emu[1024];
          for (int64_t d = 0; d < D; d++) ref[d] = in[d] = dt_load(c->act, xb.before + (xbase + d) * es);
          if (valid)
            for (int64_t i = 0; i < half; i++) {
              size_t ca, sa;
              if (c->op == OP_PER_HEAD) {
                ca = (size_t)(cg.base + b * cg.sb + h * cg.sh + s * cg.ss + i);
                sa = (size_t)(sg.base + b * sg.sb + h * sg.sh + s * sg.ss + i);
              } else if (c->op == OP_POSITIONS) {
                ca = (size_t)(cg.base + row * cg.row + i);
                sa = (size_t)(sg.base + row * sg.row + i);
              } else {
                ca = (size_t)(cg.base + row * cg.row + i);
                sa = ca + (size_t)half;
              }
              const double cv = dt_load(c->tab, ct + ca * ts), sv = dt_load(c->tab, st_ + sa * ts);
              const int64_t ia = c->pairing == FG_PAIRING_HALF ? i : 2 * i;
              const int64_t ib = c->pairing == FG_PAIRING_HALF ? i + half : 2 * i + 1;
              ref[ia] = in[ia] * cv - in[ib] * sv;
              ref[ib] = in[ib] * cv + in[ia] * sv;
              if (eager) eager_rotate((float)in[ia], (float)in[ib], (float)cv, (float)sv, &emu[ia], &emu[ib]);
            }
          for (int64_t d = 0; d < D; d++) {
            written[obase + d] = 1;
            const unsigned char *gp = o->host + (obase + d) * es;
            const double got = dt_load(c->act, gp);
            if (d >= R) { /* passed through: copied (out of place) or untouched (in place), bit for bit */
              if (memcmp(gp, xb.before + (xbase + d) * es, es) != 0) {
                if (pass_bad < 3)
                  fprintf(stderr, "    %s: [b=%lld s=%lld h=%lld d=%lld] pass-through dim: got %.8g, want %.8g\n",
                          what, (long long)b, (long long)s, (long long)h, (long long)d, got, in[d]);
                pass_bad++;
              }
              continue;
            }
            if (!valid) { /* row outside [0, P): the rotated dims are NaN */
              if (!isnan(got)) {
                if (not_nan < 3)
                  fprintf(stderr, "    %s: [b=%lld s=%lld h=%lld d=%lld] row %lld is out of range: got %.8g, want NaN\n",
                          what, (long long)b, (long long)s, (long long)h, (long long)d, (long long)row, got);
                not_nan++;
              }
              continue;
            }
            if (isnan(got)) { nan_count++; continue; }
            const double e = fabs(got - ref[d]);
            err2 += e * e;
            ref2 += ref[d] * ref[d];
            if (e > worst) worst = e;
            if (eager) {
              uint16_t gb;
              memcpy(&gb, gp, 2);
              if (gb != emu[d]) {
                if (bits_bad < 3)
                  fprintf(stderr, "    %s: [b=%lld s=%lld h=%lld d=%lld] got bf16 0x%04x (%.8g), eager emulation 0x%04x (%.8g)\n",
                          what, (long long)b, (long long)s, (long long)h, (long long)d, gb, got, emu[d],
                          (double)bf16_value(emu[d]));
                bits_bad++;
              }
              continue;
            }
            /* one rounding to act, plus fp32 arithmetic on inputs of size <= 2 */
            const double bound = 2 * unit * fabs(ref[d]) + 4.0 * ldexp(1, -24) * 4;
            if (e > bound) {
              if (elem_bad < 3)
                fprintf(stderr, "    %s: [b=%lld s=%lld h=%lld d=%lld] got %.8g, want %.8g\n", what, (long long)b,
                        (long long)s, (long long)h, (long long)d, got, ref[d]);
              elem_bad++;
            }
          }
        }
      }
    const double tol = c->act == DT_FP32 ? 1e-5 : c->act == DT_FP16 ? 2e-3 : 1e-2;
    const double rel = ref2 > 0 ? sqrt(err2 / ref2) : sqrt(err2);
    if (nan_count) { fprintf(stderr, "    %s: %lld elements not written (NaN)\n", what, (long long)nan_count); bad++; }
    if (elem_bad) { fprintf(stderr, "    %s: %lld elements off (worst %.3g)\n", what, (long long)elem_bad, worst); bad++; }
    if (bits_bad) {
      fprintf(stderr, "    %s: %lld elements differ from the eager-bf16 emulation\n", what, (long long)bits_bad);
      bad++;
    }
    if (pass_bad) { fprintf(stderr, "    %s: %lld pass-through elements changed\n", what, (long long)pass_bad); bad++; }
    if (not_nan) {
      fprintf(stderr, "    %s: %lld rotated elements of the %lld out-of-range tokens are not NaN\n", what,
              (long long)not_nan, (long long)(bad_tokens * H));
      bad++;
    }
    if (!(rel < tol)) { fprintf(stderr, "    %s: relative error %.3g >= %.1g\n", what, rel, tol); bad++; }
    if (c->bad_every && bad_tokens == 0) {
      fprintf(stderr, "    %s: test error: no token got a row out of range\n", what);
      bad++;
    }
    /* nothing outside the output elements changed */
    int64_t outside = 0;
    for (size_t i = 0; i < o_elems; i++) {
      if (written[i]) continue;
      if (memcmp(o->host + i * es, o->before + i * es, es) != 0) outside++;
    }
    if (outside) { fprintf(stderr, "    %s: %lld elements outside the output changed\n", what, (long long)outside); bad++; }
    if (have_out && memcmp(xb.host, xb.before, xb.bytes) != 0) { fprintf(stderr, "    %s: x changed\n", what); bad++; }
    if (memcmp(cb.host, cb.before, cb.bytes) || (have_sin && memcmp(sbf.host, sbf.before, sbf.bytes))) {
      fprintf(stderr, "    %s: the tables changed\n", what);
      bad++;
    }
    if (positional && memcmp(pb.host, pb.before, pb.bytes)) {
      fprintf(stderr, "    %s: positions changed\n", what);
      bad++;
    }
  }
done:
  if (stream) cudaStreamDestroy(stream);
  free(written);
  free(rows);
  gbuf_free(&xb);
  if (have_out) gbuf_free(&ob);
  gbuf_free(&cb);
  if (have_sin) gbuf_free(&sbf);
  if (positional) gbuf_free(&pb);
  return bad;
}

/* ---- kernel names -------------------------------------------------------------- */

typedef struct {
  test_dtype act, tab;
  int pos64;
  fg_rounding rounding;
  fg_pairing pairing;
  int64_t D;
  int full, vec;
} variant;

static int parse_dt(const char *s, test_dtype *t) {
  if (!strcmp(s, "bf16")) *t = DT_BF16;
  else if (!strcmp(s, "fp16")) *t = DT_FP16;
  else if (!strcmp(s, "fp32")) *t = DT_FP32;
  else return -1;
  return 0;
}

/* Decode "rope_positions_bf16_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16_sm90",
 * "rope_per_head_bf16_tabbf16_roundeager_bf16_pairhalf_d128_rotfull_vec16_sm90", ..., and
 * a GPU model's own kernel, "..._sm90_h200" */
static int parse_variant(int op, const char *name, variant *v) {
  memset(v, 0, sizeof *v);
  const char *prefix = op_names[op];
  size_t n = strlen(prefix);
  if (strncmp(name, prefix, n) != 0 || name[n] != '_') return -1;
  char buf[192];
  snprintf(buf, sizeof buf, "%s", name + n + 1);
  char *tok[16];
  int nt = 0;
  for (char *p = strtok(buf, "_"); p && nt < 16; p = strtok(NULL, "_")) tok[nt++] = p;
  int i = 0;
  if (i >= nt || parse_dt(tok[i++], &v->act)) return -1;
  if (i >= nt || strncmp(tok[i], "tab", 3) || parse_dt(tok[i++] + 3, &v->tab)) return -1;
  if (op != OP_PER_HEAD) {
    if (i >= nt) return -1;
    if (!strcmp(tok[i], "posi32")) v->pos64 = 0;
    else if (!strcmp(tok[i], "posi64")) v->pos64 = 1;
    else return -1;
    i++;
  } else {
    if (i + 1 < nt && !strcmp(tok[i], "roundeager") && !strcmp(tok[i + 1], "bf16")) {
      v->rounding = FG_ROUNDING_EAGER_BF16;
      i += 2;
    } else if (i < nt && !strcmp(tok[i], "roundfp32")) {
      v->rounding = FG_ROUNDING_FP32;
      i++;
    } else return -1;
  }
  if (i >= nt) return -1;
  if (!strcmp(tok[i], "pairinterleaved")) v->pairing = FG_PAIRING_INTERLEAVED;
  else if (!strcmp(tok[i], "pairhalf")) v->pairing = FG_PAIRING_HALF;
  else return -1;
  i++;
  int d = 0, arch = 0, any = 0;
  if (i < nt && !strcmp(tok[i], "dany")) { any = 1; i++; } /* the general variant: D a run-time value */
  else if (i >= nt || sscanf(tok[i++], "d%d", &d) != 1) return -1;
  v->D = d;
  if (i >= nt) return -1;
  if (!strcmp(tok[i], "rotfull")) v->full = 1;
  else if (strcmp(tok[i], "rotpartial")) return -1;
  i++;
  if (i >= nt) return -1;
  if (!strcmp(tok[i], "vec16")) v->vec = 1;
  else if (strcmp(tok[i], "scalar")) return -1;
  i++;
  if (any) v->D = v->vec ? 112 : 46; /* sizes no other variant takes; 46 is not a whole number of chunks */
  if (i >= nt || sscanf(tok[i++], "sm%d", &arch) != 1) return -1;
  if (i < nt) i++; /* a GPU model's own kernel: the model's name */
  return i == nt ? 0 : -1;
}

/* Every kernel of an op's dispatch table that this GPU gets, in four layouts:
 *  0: x [2, 5, 3, D] out of place, token padding; positions [B, S]; offset +3;
 *     per-head tables [B, H, S, R/2]
 *  1: x [7, 1, D] in place (out NULL), table rows padded; positions [T],
 *     offset -4; per-head tables [H, S, R/2]
 *  2: x [2, 9, 7, D] out of place, head padding, cos and sin rows padded
 *     differently; positions a row-padded [B, S] view, position + offset
 *     beyond 32 bits (int64: positions 2^40 + row, offset -2^40); per-head cos
 *     the transposed view of [B, S, H, R/2] memory, sin not
 *  3: x [17, 2, D] in place (out = x), head padding; positions [1, T], offset
 *     P/2 (negative positions), every 5th row out of range; per-head tables
 *     [1, H, T, R/2], both transposed
 * Vector kernels get aligned layouts; scalar ones get R that is not a
 * multiple of 2 * VEC, or (R = D) one tensor misaligned by one element: out,
 * cos, positions (per head: sin), x in turn. */
static void every_variant(int op, const fg__kernel_entry *table, int count) {
  const int cc = device_cc();
  int variants = 0;
  for (int k = 0; k < count; k++) {
    const fg__kernel_entry *e = &table[k];
    if (fg__find_kernel(table, count, 7, e->key, cc, e->model) != e) continue;
    fg__select_model(e->model); /* a GPU model's own kernel runs where it is selected */
    variant v;
    if (parse_variant(op, e->name, &v) != 0) {
      CHECK_MSG(0, "cannot parse kernel name %s", e->name);
      continue;
    }
    variants++;
    const int64_t VEC = 16 / dt_size(v.act), TST = 16 / dt_size(v.tab);
    const int64_t W = VEC > TST ? VEC : TST; /* 16-byte path: whole chunks of x and of the table rows */
    int failures = 0;
    for (int layout = 0; layout < 4; layout++) {
      tcase c;
      memset(&c, 0, sizeof c);
      c.op = op;
      c.act = v.act;
      c.tab = v.tab;
      c.pos64 = v.pos64;
      c.pairing = v.pairing;
      c.rounding = v.rounding;
      c.D = v.D;
      if (v.full) c.R = v.D;
      else if (v.vec) c.R = layout % 2 ? 2 * W : v.D - 2 * W;
      else {
        const int64_t Rs[4] = {v.D - 2, 2 * VEC + 2, 2, v.D - 2 * VEC + 2};
        c.R = Rs[layout];
      }
      c.P = 41 + layout;
      switch (layout) {
      case 0:
        c.batched = 1, c.B = 2, c.S = 5, c.H = 3;
        c.token_pad = 2 * VEC;
        c.pos_form = POS_BS;
        c.seg_offset[0] = 3;
        break;
      case 1:
        c.batched = 0, c.B = 1, c.S = 7, c.H = 1;
        c.inplace = 1;
        c.table_pad = c.sin_pad = TST;
        c.pos_form = POS_FLAT;
        c.seg_offset[0] = -4;
        c.tab_3d = 1;
        break;
      case 2:
        c.batched = 1, c.B = 2, c.S = 9, c.H = 7;
        c.head_pad = VEC;
        c.table_pad = 2 * TST, c.sin_pad = TST;
        c.pos_form = POS_ROWPAD;
        c.seg_offset[0] = v.pos64 ? -((int64_t)1 << 40) : -((int64_t)INT32_MAX - c.P);
        c.cos_layout = TAB_TRANSPOSED, c.sin_layout = TAB_NORMAL;
        break;
      default:
        c.batched = 0, c.B = 1, c.S = 17, c.H = 2;
        c.inplace_alias = 1;
        c.head_pad = VEC;
        c.pos_form = POS_1T;
        c.seg_offset[0] = c.P / 2;
        c.bad_every = op == OP_PER_HEAD ? 0 : 5;
        c.cos_layout = c.sin_layout = TAB_TRANSPOSED;
        break;
      }
      if (!v.vec) {
        /* positions are read an element at a time: misaligning them keeps the 16-byte path */
        const int other = op == OP_CACHE ? MIS_COS : MIS_SIN;
        const int full_mis[4] = {MIS_OUT, MIS_COS, other, MIS_X};
        if (v.full) c.misalign = full_mis[layout];
        else if (layout == 0) c.misalign = MIS_X;
        else if (layout == 2) c.misalign = other;
      }
      c.seed = (uint64_t)op * 1000003 + (uint64_t)k * 31 + (uint64_t)layout + 1;
      c.expect_kernel = e->name;
      failures += run_case(&c) != 0;
    }
    CHECK_MSG(failures == 0, "%s: %d of 4 layouts failed", e->name, failures);
  }
  fg__select_model(-1);
  CHECK_MSG(variants > 0, "no %s kernel in the dispatch table for sm_%d", op_names[op], cc);
}

TEST(test_rope_tables_gpu_positions_every_variant) {
  if (!test_have_gpu()) SKIP("no GPU");
  every_variant(OP_POSITIONS, fg__rope_positions_kernels, fg__rope_positions_kernel_count);
}

TEST(test_rope_tables_gpu_cos_sin_cache_every_variant) {
  if (!test_have_gpu()) SKIP("no GPU");
  every_variant(OP_CACHE, fg__rope_cos_sin_cache_kernels, fg__rope_cos_sin_cache_kernel_count);
}

TEST(test_rope_tables_gpu_per_head_every_variant) {
  if (!test_have_gpu()) SKIP("no GPU");
  every_variant(OP_PER_HEAD, fg__rope_per_head_kernels, fg__rope_per_head_kernel_count);
}

/* Positions int32 and int64 as [T], [1, T], [B, S] and a row-padded [B, S]
 * view, with offsets 0, positive, negative and beyond 32 bits; bf16 x, fp32
 * tables, all 16-byte aligned: the vector kernel must run. */
TEST(test_rope_tables_gpu_position_forms) {
  if (!test_have_gpu()) SKIP("no GPU");
  int n = 0;
  for (int op = 0; op < 2; op++)
    for (int pos64 = 0; pos64 < 2; pos64++)
      for (int form = 0; form < 4; form++)
        for (int ok = 0; ok < 4; ok++) {
          tcase c;
          memset(&c, 0, sizeof c);
          c.op = op;
          c.act = DT_BF16;
          c.tab = DT_FP32;
          c.pos64 = pos64;
          c.pairing = (form + ok) % 2 ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
          c.pos_form = form;
          if (form == POS_FLAT || form == POS_1T) c.batched = form == POS_1T ? 0 : (ok % 2), c.B = 1, c.S = 33;
          else c.batched = 1, c.B = 3, c.S = 11;
          c.H = 4;
          c.D = 128;
          c.R = ok % 2 ? 64 : 128;
          c.P = 97;
          const int64_t offs[4] = {0, 29, -13, pos64 ? ((int64_t)3 << 35) : ((int64_t)INT32_MIN + 200)};
          c.seg_offset[0] = offs[ok];
          c.inplace = ok == 1;
          c.inplace_alias = ok == 3;
          c.seed = 7000 + n++;
          char prefix[128], hv[32];
          snprintf(prefix, sizeof prefix, "%s_bf16_tabfp32_posi%d_pair%s_%s_sm", op_names[op], pos64 ? 64 : 32,
                   pairing_name(c.pairing), head_variant(hv, sizeof hv, c.D, c.R, 1, c.act, c.tab));
          c.expect_kernel = prefix;
          c.expect_prefix = 1;
          char what[512];
          describe(&c, what, sizeof what);
          CHECK_MSG(run_case(&c) == 0, "%s", what);
        }
}

/* Tokens whose row (position + offset) is outside [0, P): negative, P and
 * beyond, and values that a kernel dropping the high 32 bits would take for
 * valid rows. Exactly those tokens' rotated dims are NaN; their other dims are
 * copied (out of place) or untouched (in place); every other token is right,
 * rows 0 and P - 1 included. */
TEST(test_rope_tables_gpu_rows_out_of_range) {
  if (!test_have_gpu()) SKIP("no GPU");
  int n = 0;
  for (int op = 0; op < 2; op++)
    for (int pos64 = 0; pos64 < 2; pos64++)
      for (int pairing = 0; pairing < 2; pairing++)
        for (int kind = 0; kind < 3; kind++) /* 0: R = D vector, 1: R = D/2 vector, 2: R = 50 scalar */
          for (int inplace = 0; inplace < 2; inplace++) {
            tcase c;
            memset(&c, 0, sizeof c);
            c.op = op;
            c.act = kind == 2 ? DT_FP16 : DT_BF16;
            c.tab = kind == 1 ? DT_BF16 : DT_FP32;
            c.pos64 = pos64;
            c.pairing = pairing ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
            c.batched = 1, c.B = 2, c.S = 23, c.H = 5;
            c.D = kind == 2 ? 96 : 128;
            c.R = kind == 0 ? 128 : kind == 1 ? 64 : 50;
            c.P = 61;
            c.pos_form = POS_BS;
            c.seg_offset[0] = (n % 3) * 7 - 5;
            c.bad_every = 3 + n % 2;
            c.inplace = inplace;
            c.seed = 9100 + n++;
            char prefix[128], hv[32];
            snprintf(prefix, sizeof prefix, "%s_%s_tab%s_posi%d_pair%s_%s_sm", op_names[op], dt_name(c.act), dt_name(c.tab),
                     pos64 ? 64 : 32, pairing_name(c.pairing), head_variant(hv, sizeof hv, c.D, c.R, kind != 2, c.act, c.tab));
            c.expect_kernel = prefix;
            c.expect_prefix = 1;
            char what[512];
            describe(&c, what, sizeof what);
            CHECK_MSG(run_case(&c) == 0, "%s", what);
          }
}

/* P = 0 with tokens to rotate (see test_rope_tables_api_empty_table_with_tokens):
 * either the call is refused and nothing is written, or every token's rotated
 * dims come out NaN and (out of place) the other dims are copied. */
TEST(test_rope_tables_gpu_empty_table_with_tokens) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t T = 5, H = 2, D = 64, R = 32;
  for (int op = 0; op < 2; op++)
    for (int out_of_place = 0; out_of_place < 2; out_of_place++) {
      gbuf xb, ob, cb, pb;
      memset(&xb, 0, sizeof xb), memset(&ob, 0, sizeof ob), memset(&cb, 0, sizeof cb), memset(&pb, 0, sizeof pb);
      if (gbuf_alloc(&xb, T * H * D * 2) || gbuf_alloc(&ob, T * H * D * 2) || gbuf_alloc(&cb, 256) ||
          gbuf_alloc(&pb, T * 4)) {
        CHECK_MSG(0, "allocation failed");
        gbuf_free(&xb), gbuf_free(&ob), gbuf_free(&cb), gbuf_free(&pb);
        return;
      }
      uint64_t rng = 4242 + op * 2 + out_of_place;
      for (int64_t i = 0; i < T * H * D; i++) dt_store(DT_BF16, xb.host + 2 * i, rng_uniform(&rng, -1, 1));
      gbuf_poison(&ob);
      memset(cb.host, 0, 256);
      memset(pb.host, 0, T * 4);
      CHECK(gbuf_upload(&xb) == 0 && gbuf_upload(&ob) == 0 && gbuf_upload(&cb) == 0 && gbuf_upload(&pb) == 0);
      tview xv, ov, cv, sv, pv;
      int64_t xs[3] = {T, H, D}, xst[3] = {H * D, D, 1};
      tview_make(&xv, &xb, DT_BF16, 0, 3, xs, xst);
      tview_make(&ov, &ob, DT_BF16, 0, 3, xs, xst);
      int64_t ts_[2] = {0, op == OP_CACHE ? R : R / 2}, tst[2] = {ts_[1], 1};
      tview_make(&cv, &cb, DT_FP32, 0, 2, ts_, tst);
      tview_make(&sv, &cb, DT_FP32, 0, 2, ts_, tst);
      int64_t ps_[1] = {T}, pst[1] = {1};
      tview_make(&pv, &pb, DT_FP32, 0, 1, ps_, pst);
      pv.t.dtype.code = kDLInt;
      DLTensor *out = out_of_place ? &ov.t : NULL;
      fg_status st = op == OP_POSITIONS
                         ? fg_rope_positions(&xv.t, out, &cv.t, &sv.t, &pv.t, FG_PAIRING_INTERLEAVED, 0, NULL)
                         : fg_rope_cos_sin_cache(&xv.t, out, &cv.t, &pv.t, FG_PAIRING_INTERLEAVED, 0, NULL);
      const char *label = out_of_place ? "out of place" : "in place";
      CHECK_MSG(cudaDeviceSynchronize() == cudaSuccess, "%s, P = 0, %s: kernel failed", op_fns[op], label);
      CHECK(gbuf_download(&xb) == 0 && gbuf_download(&ob) == 0);
      gbuf *o = out_of_place ? &ob : &xb;
      if (st != FG_OK) {
        CHECK_MSG(memcmp(xb.host, xb.before, xb.bytes) == 0 && memcmp(ob.host, ob.before, ob.bytes) == 0,
                  "%s, P = 0, %s: refused (%s) but wrote", op_fns[op], label, fg_status_name(st));
      } else {
        int64_t not_nan = 0, pass_bad = 0;
        for (int64_t i = 0; i < T * H; i++)
          for (int64_t d = 0; d < D; d++) {
            const size_t at = (size_t)(i * D + d) * 2;
            if (d < R) not_nan += !isnan(dt_load(DT_BF16, o->host + at));
            else pass_bad += memcmp(o->host + at, xb.before + at, 2) != 0;
          }
        CHECK_MSG(not_nan == 0 && pass_bad == 0,
                  "%s with P = 0 (every row out of range), %s: FG_OK, but %lld of %lld rotated elements are not NaN "
                  "and %lld pass-through elements are not x's (the call was taken as empty and launched nothing)",
                  op_fns[op], label, (long long)not_nan, (long long)(T * H * R), (long long)pass_bad);
      }
      gbuf_free(&xb);
      gbuf_free(&ob);
      gbuf_free(&cb);
      gbuf_free(&pb);
    }
}

/* Per-head tables in every layout: [B, H, S, R/2] compact, the transposed view
 * of [B, S, H, R/2] memory (LTX-2), cos and sin in different layouts, and
 * without the B dim ([H, S, R/2], x [T, H, D]); fp32 and eager_bf16 rounding,
 * bf16 and fp32 tables, both pairings, full and partial R. */
TEST(test_rope_tables_gpu_per_head_layouts) {
  if (!test_have_gpu()) SKIP("no GPU");
  int n = 0;
  for (int lay = 0; lay < 5; lay++)
    for (int rounding = 0; rounding < 2; rounding++)
      for (int pairing = 0; pairing < 2; pairing++)
        for (int tab = 0; tab < 2; tab++) {
          tcase c;
          memset(&c, 0, sizeof c);
          c.op = OP_PER_HEAD;
          c.act = DT_BF16;
          c.tab = tab ? DT_FP32 : DT_BF16;
          c.rounding = rounding ? FG_ROUNDING_EAGER_BF16 : FG_ROUNDING_FP32;
          c.pairing = pairing ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
          const int three_d = lay >= 3;
          if (three_d) c.batched = 0, c.B = 1, c.S = 19, c.H = 3;
          else c.batched = 1, c.B = 3, c.S = 10, c.H = 5;
          c.tab_3d = three_d;
          c.cos_layout = lay == 1 || lay == 2 || lay == 4 ? TAB_TRANSPOSED : TAB_NORMAL;
          c.sin_layout = lay == 1 || lay == 4 ? TAB_TRANSPOSED : TAB_NORMAL;
          c.D = (n % 2) ? 64 : 128;
          c.R = (n % 4) < 2 ? c.D : c.D / 2;
          c.table_pad = lay == 2 ? 16 / dt_size(c.tab) : 0;
          c.inplace = n % 3 == 1;
          c.inplace_alias = n % 3 == 2;
          c.seed = 12000 + n++;
          char prefix[128], hv[32];
          snprintf(prefix, sizeof prefix, "rope_per_head_bf16_tab%s_%s_pair%s_%s_sm", dt_name(c.tab),
                   rounding ? "roundeager_bf16" : "roundfp32", pairing_name(c.pairing),
                   head_variant(hv, sizeof hv, c.D, c.R, 1, c.act, c.tab));
          c.expect_kernel = prefix;
          c.expect_prefix = 1;
          char what[512];
          describe(&c, what, sizeof what);
          CHECK_MSG(run_case(&c) == 0, "%s", what);
        }
}

/* ops.md's LTX-2 shapes: bf16 x and tables, half pairing, R = D, eager_bf16,
 * bit for bit. Tables as the transposed view (video) or compact (audio). */
TEST(test_rope_tables_gpu_ltx2_shapes) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t shapes[][4] = {{4, 1152, 32, 128}, {4, 25, 32, 64}, {2, 24576, 32, 128}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    tcase c;
    memset(&c, 0, sizeof c);
    c.op = OP_PER_HEAD;
    c.act = c.tab = DT_BF16;
    c.pairing = FG_PAIRING_HALF;
    c.rounding = FG_ROUNDING_EAGER_BF16;
    c.batched = 1;
    c.B = shapes[i][0], c.S = shapes[i][1], c.H = shapes[i][2], c.D = c.R = shapes[i][3];
    c.cos_layout = c.sin_layout = i == 1 ? TAB_NORMAL : TAB_TRANSPOSED;
    c.inplace = i != 1; /* the audio shape out of place */
    c.seed = 15000 + i;
    char prefix[128];
    snprintf(prefix, sizeof prefix, "rope_per_head_bf16_tabbf16_roundeager_bf16_pairhalf_d%lld_rotfull_vec16_sm", (long long)c.D);
    c.expect_kernel = prefix;
    c.expect_prefix = 1;
    char what[512];
    describe(&c, what, sizeof what);
    CHECK_MSG(run_case(&c) == 0, "%s", what);
  }
}

/* Flux-like: x bf16 [1, 512 + 4096, 24, 128] rotated in place with an fp32
 * cos_sin_cache [8192, 128] and int64 positions, in two calls on views of one
 * tensor: text tokens x[:, :512] with offset 0, image tokens x[:, 512:] with
 * offset 512 (positions[512:] likewise), on a stream. */
TEST(test_rope_tables_gpu_flux_cos_sin_cache) {
  if (!test_have_gpu()) SKIP("no GPU");
  for (int pairing = 0; pairing < 2; pairing++) {
    tcase c;
    memset(&c, 0, sizeof c);
    c.op = OP_CACHE;
    c.act = DT_BF16;
    c.tab = DT_FP32;
    c.pos64 = 1;
    c.pairing = pairing ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
    c.batched = 1;
    c.B = 1, c.S = 512 + 4096, c.H = 24, c.D = c.R = 128;
    c.P = 8192;
    c.inplace = 1;
    c.pos_form = POS_FLAT;
    c.nseg = 2;
    c.seg_start[0] = 0, c.seg_offset[0] = 0;
    c.seg_start[1] = 512, c.seg_offset[1] = 512;
    c.natural_pos = 1;
    c.use_stream = 1;
    c.seed = 16000 + pairing;
    char prefix[128];
    snprintf(prefix, sizeof prefix, "rope_cos_sin_cache_bf16_tabfp32_posi64_pair%s_d128_rotfull_vec16_sm",
             pairing_name(c.pairing));
    c.expect_kernel = prefix;
    c.expect_prefix = 1;
    char what[512];
    describe(&c, what, sizeof what);
    CHECK_MSG(run_case(&c) == 0, "%s", what);
  }
}

/* Rejected calls of each op launch nothing and write nothing; the
 * FG_ERR_UNSUPPORTED of eager_bf16 with fp16 x is seen on a GPU. */
TEST(test_rope_tables_gpu_bad_call_writes_nothing) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t S = 8, H = 2, D = 64, P = 16;
  gbuf xb, ob, cb, sb, pb;
  memset(&xb, 0, sizeof xb), memset(&ob, 0, sizeof ob), memset(&cb, 0, sizeof cb), memset(&sb, 0, sizeof sb);
  memset(&pb, 0, sizeof pb);
  if (gbuf_alloc(&xb, S * H * D * 4) || gbuf_alloc(&ob, S * H * D * 4) || gbuf_alloc(&cb, H * S * D * 4) ||
      gbuf_alloc(&sb, H * S * D * 4) || gbuf_alloc(&pb, S * 8)) {
    CHECK_MSG(0, "allocation failed");
    goto done;
  }
  uint64_t rng = 77;
  for (size_t i = 0; i < xb.bytes / 2; i++) dt_store(DT_BF16, xb.host + 2 * i, rng_uniform(&rng, -1, 1));
  for (size_t i = 0; i < cb.bytes / 4; i++) dt_store(DT_FP32, cb.host + 4 * i, rng_uniform(&rng, -1, 1));
  for (size_t i = 0; i < sb.bytes / 4; i++) dt_store(DT_FP32, sb.host + 4 * i, rng_uniform(&rng, -1, 1));
  gbuf_poison(&ob);
  memset(pb.host, 0, pb.bytes);
  CHECK(gbuf_upload(&xb) == 0 && gbuf_upload(&ob) == 0 && gbuf_upload(&cb) == 0 && gbuf_upload(&sb) == 0 &&
        gbuf_upload(&pb) == 0);
  {
    tview xv, ov, cv, sv, pv;
    int64_t xs[3] = {S, H, D}, xst[3] = {H * D, D, 1};
    tview_make(&xv, &xb, DT_BF16, 0, 3, xs, xst);
    tview_make(&ov, &ob, DT_BF16, 0, 3, xs, xst);
    int64_t ts_[2] = {P, D / 2}, tst[2] = {D / 2, 1};
    tview_make(&cv, &cb, DT_FP32, 0, 2, ts_, tst);
    tview_make(&sv, &sb, DT_FP32, 0, 2, ts_, tst);
    int64_t ps_[1] = {S}, pst[1] = {1};
    tview_make(&pv, &pb, DT_FP32, 0, 1, ps_, pst); /* float32 positions */
    fg_status st = fg_rope_positions(&xv.t, &ov.t, &cv.t, &sv.t, &pv.t, FG_PAIRING_INTERLEAVED, 0, NULL);
    CHECK_MSG(st == FG_ERR_DTYPE, "float32 positions: %s (%s)", fg_status_name(st), fg_last_error());
    st = fg_rope_positions(&xv.t, NULL, &cv.t, &sv.t, &pv.t, FG_PAIRING_INTERLEAVED, 0, NULL);
    CHECK_MSG(st == FG_ERR_DTYPE, "float32 positions, in place: %s (%s)", fg_status_name(st), fg_last_error());

    pv.t.dtype.code = kDLInt;
    pv.t.dtype.bits = 64;
    int64_t odd[2] = {P, D - 1}, oddst[2] = {D - 1, 1};
    tview_make(&cv, &cb, DT_FP32, 0, 2, odd, oddst);
    st = fg_rope_cos_sin_cache(&xv.t, NULL, &cv.t, &pv.t, FG_PAIRING_HALF, 0, NULL);
    CHECK_MSG(st == FG_ERR_SHAPE && strstr(fg_last_error(), "must be even"), "odd cache R: %s (%s)",
              fg_status_name(st), fg_last_error());

    /* eager_bf16 with fp16 x: valid arguments, but no such kernel */
    xv.t.dtype = dt_dl(DT_FP16);
    ov.t.dtype = dt_dl(DT_FP16);
    int64_t t3[3] = {H, S, D / 2}, t3s[3] = {S * D / 2, D / 2, 1};
    tview_make(&cv, &cb, DT_FP16, 0, 3, t3, t3s);
    tview_make(&sv, &sb, DT_FP16, 0, 3, t3, t3s);
    st = fg_rope_per_head(&xv.t, &ov.t, &cv.t, &sv.t, FG_PAIRING_HALF, FG_ROUNDING_EAGER_BF16, NULL);
    CHECK_MSG(st == FG_ERR_UNSUPPORTED && strstr(fg_last_error(), "rounding=eager_bf16") &&
                  strstr(fg_last_error(), "eager_bf16 rounding needs bf16 x"),
              "eager_bf16 with fp16 x: %s (%s)", fg_status_name(st), fg_last_error());
    st = fg_rope_per_head(&xv.t, NULL, &cv.t, &sv.t, FG_PAIRING_HALF, FG_ROUNDING_EAGER_BF16, NULL);
    CHECK_MSG(st == FG_ERR_UNSUPPORTED, "eager_bf16 with fp16 x, in place: %s (%s)", fg_status_name(st),
              fg_last_error());
    st = fg_rope_per_head(&xv.t, NULL, &cv.t, &sv.t, FG_PAIRING_HALF, (fg_rounding)2, NULL);
    CHECK_MSG(st == FG_ERR_INVALID_ARGUMENT, "rounding 2: %s (%s)", fg_status_name(st), fg_last_error());

    cudaError_t err = cudaDeviceSynchronize();
    CHECK_MSG(err == cudaSuccess, "%s", cudaGetErrorString(err));
    CHECK(gbuf_download(&xb) == 0 && gbuf_download(&ob) == 0 && gbuf_download(&cb) == 0 &&
          gbuf_download(&sb) == 0 && gbuf_download(&pb) == 0);
    CHECK_MSG(memcmp(xb.host, xb.before, xb.bytes) == 0, "a refused call wrote x");
    CHECK_MSG(memcmp(ob.host, ob.before, ob.bytes) == 0, "a refused call wrote out");
    CHECK(memcmp(cb.host, cb.before, cb.bytes) == 0 && memcmp(sb.host, sb.before, sb.bytes) == 0);
    CHECK(memcmp(pb.host, pb.before, pb.bytes) == 0);
  }
done:
  gbuf_free(&xb);
  gbuf_free(&ob);
  gbuf_free(&cb);
  gbuf_free(&sb);
  gbuf_free(&pb);
}
