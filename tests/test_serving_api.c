/* Argument checks of the serving catalogue's row ops that need no GPU:
 * hand-built DLTensors with fake, never dereferenced device pointers (each
 * tensor in its own 16 MiB region). A call that passes every argument check
 * stops at the device check (FG_ERR_DEVICE: no GPU, or the fake pointer is
 * not device memory); each bad call must fail before it with its own status
 * and a message that starts with the op's function and names the argument.
 * Nothing can be written: the checks fail before any device access (that a
 * refused call on real buffers writes nothing is tested on the GPU, in
 * test_serving_gpu.c). */
#include "harness.h"

#include "fusegen_internal.h"

#include <dlpack/dlpack.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef enum {
  A_RMSNORM, A_LAYERNORM, A_FUSED_ADD, A_SILU, A_GELU, A_QUANT, A_FUSED_QUANT, A_DYN_QUANT, A_GATED, A_NOPS
} a_op;

enum { MAXT = 6 };

/* Each op's tensors in the order of its C prototype, and which may be NULL. */
typedef struct {
  const char *fn; /* "fg_rmsnorm" */
  int n;
  const char *names[MAXT];
  unsigned optional; /* bit i: tensor i may be NULL */
} a_op_info;

static const a_op_info ops[A_NOPS] = {
    {"fg_rmsnorm", 3, {"x", "weight", "out"}, 1u << 2},
    {"fg_layernorm", 4, {"x", "weight", "bias", "out"}, 1u << 1 | 1u << 2 | 1u << 3},
    {"fg_fused_add_rmsnorm", 5, {"x", "residual", "weight", "out", "residual_out"}, 1u << 3 | 1u << 4},
    {"fg_silu_and_mul", 2, {"x", "out"}, 0},
    {"fg_gelu_tanh_and_mul", 2, {"x", "out"}, 0},
    {"fg_rmsnorm_quant_fp8", 4, {"x", "weight", "scale", "out"}, 0},
    {"fg_fused_add_rmsnorm_quant_fp8", 5, {"x", "residual", "weight", "scale", "out"}, 0},
    {"fg_rmsnorm_dynamic_quant_fp8", 6, {"x", "weight", "out", "scales", "scale_ub", "residual"}, 1u << 4 | 1u << 5},
    {"fg_gated_residual_add", 4, {"x", "gate", "residual", "out"}, 1u << 3},
};

typedef struct {
  DLTensor t;
  int64_t shape[4], strides[4];
} tensor;

typedef struct {
  a_op op;
  tensor t[MAXT];
  int pass[MAXT];
} call;

#define MB ((uintptr_t)1 << 20)
#define FP8 FG_DL_FLOAT8_E4M3FN

/* A compact tensor at its slot's fake address. */
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

static int slot(const call *c, const char *name) {
  for (int i = 0; i < ops[c->op].n; i++)
    if (!strcmp(ops[c->op].names[i], name)) return i;
  return -1;
}
static tensor *T(call *c, const char *name) {
  const int i = slot(c, name);
  CHECK_MSG(i >= 0, "%s has no tensor %s", ops[c->op].fn, name);
  return &c->t[i < 0 ? 0 : i];
}

/* Rows x [B, L, C] bf16 (B = 0: [L, C]), C = 4096 unless given; weights fp32
 * (layernorm: bf16), bias bf16 [C], residual and residual_out like x, fp8 or
 * bf16 out, scale and scale_ub fp32 [1], scales fp32 [B, L], gate [B, C]. */
static void setup_shape(call *c, a_op op, int64_t B, int64_t L, int64_t C) {
  memset(c, 0, sizeof *c);
  c->op = op;
  const int64_t rows[3] = {B, L, C}, xr[3] = {B, L, (op == A_SILU || op == A_GELU) ? 2 * C : C};
  const int64_t sc[2] = {B, L}, gate[2] = {B ? B : 1, C}, one = 1;
  const int nd = B ? 3 : 2, o = B ? 0 : 1;
  for (int i = 0; i < ops[op].n; i++) {
    const char *n = ops[op].names[i];
    tensor *v = &c->t[i];
    c->pass[i] = 1;
    if (!strcmp(n, "x")) make(v, i, kDLBfloat, 16, nd, xr + o);
    else if (!strcmp(n, "weight")) make(v, i, op == A_LAYERNORM ? kDLBfloat : kDLFloat, op == A_LAYERNORM ? 16 : 32, 1, &C);
    else if (!strcmp(n, "bias")) make(v, i, kDLBfloat, 16, 1, &C);
    else if (!strcmp(n, "scale") || !strcmp(n, "scale_ub")) make(v, i, kDLFloat, 32, 1, &one);
    else if (!strcmp(n, "scales")) make(v, i, kDLFloat, 32, nd - 1, sc + o);
    else if (!strcmp(n, "gate")) make(v, i, kDLBfloat, 16, 2, gate);
    else if (!strcmp(n, "out") && (op == A_QUANT || op == A_FUSED_QUANT || op == A_DYN_QUANT))
      make(v, i, FP8, 8, nd, rows + o);
    else make(v, i, kDLBfloat, 16, nd, rows + o);
  }
}

static void setup(call *c, a_op op) { setup_shape(c, op, 2, 64, 4096); }

static fg_status run(call *c) {
  DLTensor *p[MAXT];
  for (int i = 0; i < MAXT; i++) p[i] = c->pass[i] ? &c->t[i].t : NULL;
  switch (c->op) {
  case A_RMSNORM: return fg_rmsnorm(p[0], p[1], p[2], 1e-6f, NULL);
  case A_LAYERNORM: return fg_layernorm(p[0], p[1], p[2], p[3], 1e-6f, NULL);
  case A_FUSED_ADD: return fg_fused_add_rmsnorm(p[0], p[1], p[2], p[3], p[4], 1e-6f, NULL);
  case A_SILU: return fg_silu_and_mul(p[0], p[1], NULL);
  case A_GELU: return fg_gelu_tanh_and_mul(p[0], p[1], NULL);
  case A_QUANT: return fg_rmsnorm_quant_fp8(p[0], p[1], p[2], p[3], 1e-6f, NULL);
  case A_FUSED_QUANT: return fg_fused_add_rmsnorm_quant_fp8(p[0], p[1], p[2], p[3], p[4], 1e-6f, NULL);
  case A_DYN_QUANT: return fg_rmsnorm_dynamic_quant_fp8(p[0], p[1], p[2], p[3], p[4], p[5], 1e-6f, NULL);
  default: return fg_gated_residual_add(p[0], p[1], p[2], p[3], NULL);
  }
}

/* The call returns want, with a message "<fn>: ..." holding n1 (and n2). */
static void expect(call *c, fg_status want, const char *n1, const char *n2, const char *label) {
  const fg_status st = run(c);
  const char *msg = fg_last_error(), *fn = ops[c->op].fn;
  const size_t n = strlen(fn);
  CHECK_MSG(st == want, "%s: %s: got %s, want %s (\"%s\")", fn, label, fg_status_name(st), fg_status_name(want), msg);
  CHECK_MSG(!strncmp(msg, fn, n) && msg[n] == ':', "%s: %s: message does not start with the function: \"%s\"", fn,
            label, msg);
  if (n1) CHECK_MSG(strstr(msg, n1) != NULL, "%s: %s: message lacks [%s]: \"%s\"", fn, label, n1, msg);
  if (n2) CHECK_MSG(strstr(msg, n2) != NULL, "%s: %s: message lacks [%s]: \"%s\"", fn, label, n2, msg);
}

/* Passes every argument check: stops at the device check. */
static void expect_valid(call *c, const char *label) { expect(c, FG_ERR_DEVICE, NULL, NULL, label); }

static int is_fp8_op(a_op op) { return op == A_QUANT || op == A_FUSED_QUANT || op == A_DYN_QUANT; }
static int is_pair_op(a_op op) { return op == A_SILU || op == A_GELU; }

/* Give every row tensor of c (x, residual, outs, gate rows) one more element
 * per row than C: padded rows, as a view of wider rows would be. */
static void pad_rows(call *c) {
  for (int i = 0; i < ops[c->op].n; i++) {
    tensor *v = &c->t[i];
    const char *n = ops[c->op].names[i];
    if (v->t.ndim < 2 || !strcmp(n, "scales")) continue;
    const int last = v->t.ndim - 1;
    v->strides[last - 1] += 8;
    if (last == 2) v->strides[0] = v->strides[1] * v->shape[1];
  }
}

/* Valid calls of every op: [B, L, C] and [T, C] rows, C = 1, 3001 (odd) and
 * 16384, padded rows, the optional tensors left out, in place (out NULL or the
 * input's own view), every gate form, fp16 and fp32 activations with weights
 * of their dtype, an fp8 out at an odd address (1-byte elements): each stops
 * at the device check. */
TEST(test_serving_api_valid_calls_reach_the_device_check) {
  for (int op = 0; op < A_NOPS; op++) {
    call c;
    char label[64];
    setup(&c, (a_op)op);
    expect_valid(&c, "baseline");
    if (op != A_GATED) {
      setup_shape(&c, (a_op)op, 0, 64, 4096);
      expect_valid(&c, "[T, C] rows");
    }
    static const int64_t Cs[3] = {1, 3001, 16384};
    for (int i = 0; i < 3; i++) {
      setup_shape(&c, (a_op)op, 2, 3, Cs[i]);
      snprintf(label, sizeof label, "C = %lld", (long long)Cs[i]);
      expect_valid(&c, label);
    }
    setup(&c, (a_op)op);
    pad_rows(&c);
    expect_valid(&c, "padded rows");
    setup(&c, (a_op)op);
    for (int i = 0; i < ops[op].n; i++)
      if (ops[op].optional & (1u << i)) c.pass[i] = 0;
    expect_valid(&c, "optional tensors NULL");
    if (op == A_RMSNORM || op == A_LAYERNORM || op == A_FUSED_ADD || op == A_GATED) {
      setup(&c, (a_op)op);
      const int in = slot(&c, op == A_GATED ? "residual" : "x");
      c.t[slot(&c, "out")] = c.t[in];
      c.t[slot(&c, "out")].t.shape = c.t[slot(&c, "out")].shape;
      c.t[slot(&c, "out")].t.strides = c.t[slot(&c, "out")].strides;
      if (op == A_FUSED_ADD) {
        c.t[4] = c.t[1];
        c.t[4].t.shape = c.t[4].shape;
        c.t[4].t.strides = c.t[4].strides;
      }
      expect_valid(&c, "in place: out is its input's view");
    }
    if (is_fp8_op((a_op)op)) {
      setup(&c, (a_op)op);
      T(&c, "out")->t.byte_offset = 1;
      expect_valid(&c, "fp8 out at an odd address");
    }
    for (int dt = 0; dt < 2; dt++) { /* fp16, then fp32 activations */
      setup(&c, (a_op)op);
      for (int i = 0; i < ops[op].n; i++) {
        DLDataType *d = &c.t[i].t.dtype;
        const int act_like = d->code == kDLBfloat || (!strcmp(ops[op].names[i], "weight"));
        if (!act_like) continue;
        d->code = kDLFloat;
        d->bits = dt ? 32 : 16;
      }
      expect_valid(&c, dt ? "fp32" : "fp16");
    }
  }
  /* gated_residual_add's gate forms */
  static const int64_t gates[4][3] = {{2, 1, 4096}, {2, 64, 4096}, {1, 4096, 0}, {1, 64, 4096}};
  static const int gnd[4] = {3, 3, 2, 3};
  for (int g = 0; g < 4; g++) {
    call c;
    setup(&c, A_GATED);
    make(T(&c, "gate"), 1, kDLBfloat, 16, gnd[g], gates[g]);
    expect_valid(&c, "gate form");
  }
}

/* Wrong dtypes: x of no activation dtype (int32, float64, fp8, 2 lanes), an
 * output or input disagreeing with x, weights of no accepted dtype, an fp8
 * out given as bf16 (or fp16), scale, scale_ub and scales not fp32. */
TEST(test_serving_api_bad_dtypes) {
  for (int op = 0; op < A_NOPS; op++) {
    call c;
    setup(&c, (a_op)op);
    c.t[0].t.dtype.code = kDLInt;
    c.t[0].t.dtype.bits = 32;
    expect(&c, FG_ERR_DTYPE, "x has dtype int32", "accepted: bf16, fp16, fp32", "int32 x");
    setup(&c, (a_op)op);
    c.t[0].t.dtype.code = kDLFloat;
    c.t[0].t.dtype.bits = 64;
    expect(&c, FG_ERR_DTYPE, "x has dtype float64", NULL, "float64 x");
    setup(&c, (a_op)op);
    c.t[0].t.dtype.code = FP8;
    c.t[0].t.dtype.bits = 8;
    expect(&c, FG_ERR_DTYPE, "x has dtype float8_e4m3fn", NULL, "fp8 x");
    setup(&c, (a_op)op);
    c.t[0].t.dtype.lanes = 2;
    expect(&c, FG_ERR_DTYPE, "x has dtype bfloat16 (lanes 2)", NULL, "x of 2 lanes");
    setup(&c, (a_op)op);
    if (is_fp8_op((a_op)op)) {
      T(&c, "out")->t.dtype.code = kDLBfloat;
      T(&c, "out")->t.dtype.bits = 16;
      expect(&c, FG_ERR_DTYPE, "out has dtype bfloat16", "accepted: fp8e4m3", "fp8 out as bf16");
      T(&c, "out")->t.dtype.code = kDLFloat;
      expect(&c, FG_ERR_DTYPE, "out has dtype float16", "accepted: fp8e4m3", "fp8 out as fp16");
    } else {
      T(&c, "out")->t.dtype.code = kDLFloat;
      expect(&c, FG_ERR_DTYPE, "out is fp16 but x is bf16", NULL, "fp16 out");
    }
    if (slot(&c, "weight") >= 0) {
      setup(&c, (a_op)op);
      T(&c, "weight")->t.dtype.code = kDLFloat;
      T(&c, "weight")->t.dtype.bits = 64;
      expect(&c, FG_ERR_DTYPE, "weight has dtype float64", NULL, "float64 weight");
    }
    if (op == A_LAYERNORM) { /* affine weight and bias in the dtype of x only */
      setup(&c, (a_op)op);
      T(&c, "bias")->t.dtype.code = kDLFloat;
      T(&c, "bias")->t.dtype.bits = 32;
      expect(&c, FG_ERR_DTYPE, "bias is fp32 but x is bf16", NULL, "fp32 bias");
    }
    static const char *const others[4] = {"residual", "residual_out", "gate", NULL};
    for (int k = 0; others[k]; k++)
      if (slot(&c, others[k]) >= 0) {
        char want[64];
        setup(&c, (a_op)op);
        T(&c, others[k])->t.dtype.code = kDLFloat;
        snprintf(want, sizeof want, "%s is fp16 but x is bf16", others[k]);
        expect(&c, FG_ERR_DTYPE, want, NULL, others[k]);
      }
    static const char *const f32s[4] = {"scale", "scale_ub", "scales", NULL};
    for (int k = 0; f32s[k]; k++)
      if (slot(&c, f32s[k]) >= 0) {
        char want[64];
        setup(&c, (a_op)op);
        T(&c, f32s[k])->t.dtype.code = kDLBfloat;
        T(&c, f32s[k])->t.dtype.bits = 16;
        snprintf(want, sizeof want, "%s has dtype bfloat16", f32s[k]);
        expect(&c, FG_ERR_DTYPE, want, "accepted: fp32", f32s[k]);
      }
  }
}

/* Shapes that do not agree: x of 1 or 4 dims, rows, batch or channels of an
 * output, weight, bias or residual unlike x's, more than 16384 channels, an
 * odd 2F (and out not F wide) for the *_and_mul ops, gates of a wrong batch,
 * sequence or channel count, scale or scale_ub not [1], scales not [B, L]. */
TEST(test_serving_api_bad_shapes) {
  for (int op = 0; op < A_NOPS; op++) {
    call c;
    setup(&c, (a_op)op);
    c.t[0].t.ndim = 1;
    expect(&c, FG_ERR_SHAPE, op == A_GATED ? "x must have 3 dims" : "x must have 2 to 3 dims", NULL, "1-D x");
    setup(&c, (a_op)op);
    c.t[0].t.ndim = 4;
    c.t[0].shape[3] = 1;
    expect(&c, FG_ERR_SHAPE, "x must have", NULL, "4-D x");
    setup(&c, (a_op)op);
    T(&c, "out")->shape[1] = 63;
    expect(&c, FG_ERR_SHAPE, "out.shape[1] gives L = 63 but x.shape[1] gives L = 64", NULL, "out rows");
    setup(&c, (a_op)op);
    T(&c, "out")->shape[0] = 3;
    expect(&c, FG_ERR_SHAPE, "out.shape[0] gives B = 3 but x.shape[0] gives B = 2", NULL, "out batch");
    setup(&c, (a_op)op);
    T(&c, "out")->shape[2] = 4095;
    expect(&c, FG_ERR_SHAPE, "out.shape[2] gives C = 4095", NULL, "out channels");
    if (op != A_GATED) { /* x [2, 64, C] with an output of [64, C]: its B is 1 */
      setup(&c, (a_op)op);
      T(&c, "out")->t.ndim = 2;
      T(&c, "out")->t.shape = T(&c, "out")->shape + 1;
      T(&c, "out")->t.strides = T(&c, "out")->strides + 1;
      expect(&c, FG_ERR_SHAPE, "out (no dim: 1) gives B = 1", NULL, "out without the batch dim");
    }
    setup_shape(&c, (a_op)op, 1, 2, 16385);
    expect(&c, FG_ERR_SHAPE, "at most 16384 channels", "C = 16385", "C = 16385");
    for (int k = 0; k < ops[op].n; k++) {
      const char *n = ops[op].names[k];
      char want[96];
      setup(&c, (a_op)op);
      if (!strcmp(n, "weight") || !strcmp(n, "bias")) {
        c.t[k].shape[0] = 4095;
        snprintf(want, sizeof want, "%s.shape[0] gives C = 4095", n);
      } else if (!strcmp(n, "residual") || !strcmp(n, "residual_out")) {
        c.t[k].shape[1] = 65;
        snprintf(want, sizeof want, "%s.shape[1] gives L = 65", n);
      } else continue;
      expect(&c, FG_ERR_SHAPE, want, NULL, n);
    }
    if (is_pair_op((a_op)op)) {
      setup(&c, (a_op)op);
      c.t[0].shape[2] = 8191;
      expect(&c, FG_ERR_SHAPE, "x.shape[2] = 8191 must be a multiple of 2", NULL, "odd 2F");
      setup(&c, (a_op)op);
      c.t[0].shape[2] = 8190; /* F = 4095, out 4096 wide */
      expect(&c, FG_ERR_SHAPE, "gives C = 4096", "gives C = 4095", "out not F wide");
    }
    if (slot(&c, "scale") >= 0 || slot(&c, "scale_ub") >= 0) {
      const char *n = slot(&c, "scale") >= 0 ? "scale" : "scale_ub";
      char want[64];
      setup(&c, (a_op)op);
      T(&c, n)->shape[0] = 2;
      snprintf(want, sizeof want, "%s.shape[0] = 2 must be 1", n);
      expect(&c, FG_ERR_SHAPE, want, NULL, "scale [2]");
      setup(&c, (a_op)op);
      const int64_t two[2] = {1, 1};
      make(T(&c, n), slot(&c, n), kDLFloat, 32, 2, two);
      snprintf(want, sizeof want, "%s must have 1 dims", n);
      expect(&c, FG_ERR_SHAPE, want, NULL, "scale [1, 1]");
    }
    if (op == A_DYN_QUANT) {
      setup(&c, (a_op)op);
      T(&c, "scales")->shape[1] = 63;
      expect(&c, FG_ERR_SHAPE, "scales.shape[1] gives L = 63", NULL, "scales [2, 63]");
      setup(&c, (a_op)op);
      const int64_t flat[1] = {128};
      make(T(&c, "scales"), 3, kDLFloat, 32, 1, flat);
      expect(&c, FG_ERR_SHAPE, "scales.shape[0] gives L = 128", NULL, "scales [B * L]");
      setup(&c, (a_op)op);
      const int64_t rows3[3] = {2, 64, 1};
      make(T(&c, "scales"), 3, kDLFloat, 32, 3, rows3);
      expect(&c, FG_ERR_SHAPE, "scales must have 1 to 2 dims", NULL, "scales [B, L, 1]");
    }
  }
  /* gated_residual_add: the gate's dims, and x of [T, C] */
  static const struct {
    int nd;
    int64_t dims[3];
    const char *want;
  } gates[] = {{2, {3, 4096}, "gate.shape[0] gives B = 3"},
               {3, {2, 5, 4096}, "gate.shape[1] gives L = 5"},
               {2, {2, 4097}, "gate.shape[1] gives C = 4097"},
               {3, {2, 64, 4095}, "gate.shape[2] gives C = 4095"},
               {1, {4096}, "gate must have 2 to 3 dims"}};
  for (size_t g = 0; g < sizeof gates / sizeof gates[0]; g++) {
    call c;
    setup(&c, A_GATED);
    make(T(&c, "gate"), 1, kDLBfloat, 16, gates[g].nd, gates[g].dims);
    expect(&c, FG_ERR_SHAPE, gates[g].want, NULL, "gate");
  }
  call c;
  setup_shape(&c, A_GATED, 2, 64, 4096);
  const int64_t tc[2] = {128, 4096};
  make(T(&c, "x"), 0, kDLBfloat, 16, 2, tc);
  expect(&c, FG_ERR_SHAPE, "x must have 3 dims", NULL, "gated [T, C] x");
}

/* Strides: a last dim that is not contiguous (every row tensor, the weight,
 * the bias, the gate, scales), a negative stride, an output whose rows share
 * addresses. */
TEST(test_serving_api_bad_strides) {
  for (int op = 0; op < A_NOPS; op++) {
    for (int k = 0; k < ops[op].n; k++) {
      call c;
      char want[96];
      setup(&c, (a_op)op);
      tensor *v = &c.t[k];
      const int last = v->t.ndim - 1;
      if (v->shape[last] < 2) continue; /* scale [1]: any stride */
      if (!strcmp(ops[op].names[k], "scales")) continue; /* read and written one element at a time: any strides */
      v->strides[last] = 2;
      snprintf(want, sizeof want, "%s.strides[%d] = 2: the last dim must be contiguous", ops[op].names[k], last);
      expect(&c, FG_ERR_STRIDE, want, NULL, ops[op].names[k]);
    }
    call c;
    setup(&c, (a_op)op);
    c.t[0].strides[0] = -1;
    expect(&c, FG_ERR_STRIDE, "x.strides[0] = -1", "strides must be 0 to 2^40", "negative stride");
    setup(&c, (a_op)op);
    T(&c, "out")->strides[1] = 0;
    expect(&c, FG_ERR_STRIDE, "out has strides under which two elements share an address", NULL, "out rows stride 0");
    if (op == A_DYN_QUANT) {
      setup(&c, (a_op)op);
      T(&c, "scales")->strides[0] = 0;
      expect(&c, FG_ERR_STRIDE, "scales has strides under which two elements share an address", NULL, "scales");
    }
  }
}

/* Misaligned data: each tensor of more than 1-byte elements one byte off its
 * element size (FG_ERR_ALIGNMENT naming it); an fp8 out one byte off is valid. */
TEST(test_serving_api_misalignment) {
  for (int op = 0; op < A_NOPS; op++)
    for (int k = 0; k < ops[op].n; k++) {
      call c;
      char want[64];
      setup(&c, (a_op)op);
      c.t[k].t.byte_offset = c.t[k].t.dtype.bits == 32 ? 2 : 1;
      if (c.t[k].t.dtype.bits == 8) {
        expect_valid(&c, "fp8 one byte off");
        continue;
      }
      snprintf(want, sizeof want, "%s data", ops[op].names[k]);
      expect(&c, FG_ERR_ALIGNMENT, want, "not aligned to its element size", ops[op].names[k]);
    }
}

/* Every required tensor NULL, and every tensor's data NULL: FG_ERR_INVALID_ARGUMENT naming it. */
TEST(test_serving_api_null_tensors) {
  for (int op = 0; op < A_NOPS; op++)
    for (int k = 0; k < ops[op].n; k++) {
      call c;
      char want[64];
      if (!(ops[op].optional & (1u << k))) {
        setup(&c, (a_op)op);
        c.pass[k] = 0;
        snprintf(want, sizeof want, "%s is NULL", ops[op].names[k]);
        expect(&c, FG_ERR_INVALID_ARGUMENT, want, NULL, want);
      }
      setup(&c, (a_op)op);
      c.t[k].t.data = NULL;
      snprintf(want, sizeof want, "%s.data is NULL", ops[op].names[k]);
      expect(&c, FG_ERR_INVALID_ARGUMENT, want, NULL, want);
      setup(&c, (a_op)op);
      c.t[k].t.shape = NULL;
      snprintf(want, sizeof want, "%s.shape is NULL", ops[op].names[k]);
      expect(&c, FG_ERR_INVALID_ARGUMENT, want, NULL, want);
    }
}

/* Put tensor `name` of c over `onto`'s memory, shifted by `shift` elements of its own. */
static void overlay(call *c, const char *name, const char *onto, int64_t shift) {
  tensor *v = T(c, name);
  v->t.data = T(c, onto)->t.data;
  v->t.byte_offset = (uint64_t)(shift * (v->t.dtype.bits / 8));
}

/* Outputs that overlap another tensor, each refused with the pair named; in
 * place only onto the input an output may stand for, with its exact view. */
TEST(test_serving_api_overlaps) {
  static const struct {
    a_op op;
    const char *out, *onto;
    int64_t shift;
    const char *want;
  } bad[] = {
      {A_RMSNORM, "out", "x", 4096, "out overlaps x"},
      {A_RMSNORM, "out", "weight", 0, "out overlaps weight"},
      {A_LAYERNORM, "out", "bias", 8, "out overlaps bias"},
      {A_FUSED_ADD, "out", "residual_out", 0, "out overlaps residual_out"},
      {A_FUSED_ADD, "out", "residual", 0, "out overlaps residual"},
      {A_FUSED_ADD, "residual_out", "x", 0, "residual_out overlaps x"},
      {A_SILU, "out", "x", 0, "out overlaps x"},
      {A_GELU, "out", "x", 8192, "out overlaps x"},
      {A_QUANT, "out", "x", 0, "out overlaps x"},
      {A_QUANT, "out", "scale", 0, "out overlaps scale"},
      {A_FUSED_QUANT, "residual", "x", 0, "residual overlaps x"},
      {A_FUSED_QUANT, "out", "residual", 0, "residual overlaps out"}, /* residual: the first output */
      {A_DYN_QUANT, "out", "scales", 0, "out overlaps scales"},
      {A_DYN_QUANT, "scales", "x", 0, "scales overlaps x"},
      {A_DYN_QUANT, "residual", "out", 0, "out overlaps residual"},
      {A_GATED, "out", "x", 0, "out overlaps x"},
      {A_GATED, "out", "gate", 0, "out overlaps gate"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    call c;
    char label[96];
    setup(&c, bad[i].op);
    overlay(&c, bad[i].out, bad[i].onto, bad[i].shift);
    snprintf(label, sizeof label, "%s over %s", bad[i].out, bad[i].onto);
    expect(&c, FG_ERR_INVALID_ARGUMENT, bad[i].want, "an output must be disjoint", label);
  }
  /* the input's memory under other strides is no in-place view */
  call c;
  setup(&c, A_RMSNORM);
  overlay(&c, "out", "x", 0);
  T(&c, "out")->strides[1] = 2 * 4096;
  T(&c, "out")->strides[0] = 2 * 64 * 4096;
  expect(&c, FG_ERR_INVALID_ARGUMENT, "out overlaps x", NULL, "out on x's memory, other strides");
  /* gated_residual_add in place on residual: valid; fused_add_rmsnorm's both outputs in place: valid */
  setup(&c, A_GATED);
  overlay(&c, "out", "residual", 0);
  expect_valid(&c, "gated out = residual");
  setup(&c, A_FUSED_ADD);
  overlay(&c, "out", "x", 0);
  overlay(&c, "residual_out", "residual", 0);
  expect_valid(&c, "fused_add_rmsnorm out = x, residual_out = residual");
}
