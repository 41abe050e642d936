/* GPU correctness of the serving catalogue's row ops (ops.md section 4):
 * rmsnorm, layernorm, fused_add_rmsnorm, silu_and_mul, gelu_tanh_and_mul,
 * rmsnorm_quant_fp8, fused_add_rmsnorm_quant_fp8, rmsnorm_dynamic_quant_fp8
 * and gated_residual_add, against the float64 references of serving_ref.c.
 * Each tensor lives in its own buffer with guard bands; inputs are fresh
 * random data (padding and guards too), outputs are poisoned (NaN), every
 * output element is checked, and every byte outside the output elements (and
 * every input byte) must be unchanged afterwards. 16-bit outputs must also be
 * the correctly rounded reference almost everywhere (one rounding from fp32),
 * stored residual sums bit for bit; fp8 outputs follow fp8_matches. */
#include "fusegen_internal.h"
#include "fusegen_kernels.h"
#include "gpu_util.h"
#include "harness.h"
#include "serving_ref.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the ops ------------------------------------------------------------------ */

typedef enum {
  SV_RMSNORM, SV_LAYERNORM, SV_FUSED_ADD, SV_SILU, SV_GELU, SV_QUANT, SV_FUSED_QUANT, SV_DYN_QUANT, SV_GATED,
  SV_NOPS
} sv_op;

typedef struct {
  const char *name;
  const fg__kernel_entry *table;
  const int *count;
  int nkey;
  int weight;   /* a weight [C], fp32 or the dtype of x (a key axis) */
  int res_axis; /* the nores / res key axis (the dynamic op's optional residual) */
  int fp8;      /* out is float8_e4m3fn */
  int pair;     /* x holds two halves: [.., 2C] */
  int residual; /* always reads a residual */
  int inplace;  /* out may be NULL or its input's own view */
} sv_op_info;

static const sv_op_info ops[SV_NOPS] = {
    {"rmsnorm", fg__rmsnorm_kernels, &fg__rmsnorm_kernel_count, 3, 1, 0, 0, 0, 0, 1},
    {"layernorm", fg__layernorm_kernels, &fg__layernorm_kernel_count, 2, 0, 0, 0, 0, 0, 1},
    {"fused_add_rmsnorm", fg__fused_add_rmsnorm_kernels, &fg__fused_add_rmsnorm_kernel_count, 3, 1, 0, 0, 0, 1, 1},
    {"silu_and_mul", fg__silu_and_mul_kernels, &fg__silu_and_mul_kernel_count, 2, 0, 0, 0, 1, 0, 0},
    {"gelu_tanh_and_mul", fg__gelu_tanh_and_mul_kernels, &fg__gelu_tanh_and_mul_kernel_count, 2, 0, 0, 0, 1, 0, 0},
    {"rmsnorm_quant_fp8", fg__rmsnorm_quant_fp8_kernels, &fg__rmsnorm_quant_fp8_kernel_count, 3, 1, 0, 1, 0, 0, 0},
    {"fused_add_rmsnorm_quant_fp8", fg__fused_add_rmsnorm_quant_fp8_kernels,
     &fg__fused_add_rmsnorm_quant_fp8_kernel_count, 3, 1, 0, 1, 0, 1, 0},
    {"rmsnorm_dynamic_quant_fp8", fg__rmsnorm_dynamic_quant_fp8_kernels,
     &fg__rmsnorm_dynamic_quant_fp8_kernel_count, 4, 1, 1, 1, 0, 0, 0},
    {"gated_residual_add", fg__gated_residual_add_kernels, &fg__gated_residual_add_kernel_count, 2, 0, 0, 0, 0, 1, 1},
};

/* element kinds: the test_dtype values, and fp8 */
enum { EK_FP8 = 3 };
static int ek_size(int ek) { return ek == EK_FP8 ? 1 : dt_size((test_dtype)ek); }
static double ek_load(int ek, const unsigned char *p) {
  return ek == EK_FP8 ? fp8_to_double(*p) : dt_load((test_dtype)ek, p);
}

/* ---- a case ------------------------------------------------------------------- */

enum { OUT_NEW, OUT_NULL, OUT_SAME }; /* an output: its own tensor, NULL, or its input's view */
enum { GF_BC, GF_B1C, GF_BLC, GF_1C, GF_1LC, GF_N }; /* gate forms of gated_residual_add */
static const char *const gate_form_names[GF_N] = {"[B, C]", "[B, 1, C]", "[B, L, C]", "[1, C]", "[1, L, C]"};

/* tensor slots */
enum { S_X, S_RES, S_W, S_BIAS, S_GATE, S_SCALE, S_UB, S_OUT, S_ROUT, S_SCALES, S_N };
static const char *const slot_names[S_N] = {"x", "residual", "weight", "bias", "gate", "scale", "scale_ub", "out",
                                            "residual_out", "scales"};
#define MIS(slot) (1u << (slot)) /* misalign: that tensor one element past 16 bytes */

typedef struct {
  sv_op op;
  test_dtype act, wdt; /* wdt: the weight's dtype (rms family) */
  int64_t B, L, C;     /* B = 0: rows [L, C]; C: the width of out */
  int64_t pad, opad;   /* elements after each row: inputs, outputs */
  int64_t bpad;        /* elements between batch entries ([B, L, C] only) */
  int64_t spad;        /* scales [B, L]: elements after each batch's L */
  unsigned misalign;   /* MIS(slot) bits */
  int out_mode, rout_mode;
  int weight, bias;   /* layernorm's optional tensors */
  int residual, ub;   /* the dynamic op's residual, scale_ub */
  int gate_form;
  double scale;       /* static: *scale; dynamic: *scale_ub */
  double wscale;      /* weights drawn from [0.5, 1.5) * wscale */
  double amp;         /* x drawn from [-amp, amp); 0: 3 for the *_and_mul ops, else 2 */
  float eps;
  uint64_t seed;
  const char *expect; /* the kernel's exact name, or NULL: checked by prefix */
} sv_case;

static sv_case base_case(sv_op op, test_dtype act, int64_t B, int64_t L, int64_t C, uint64_t seed) {
  sv_case c;
  memset(&c, 0, sizeof c);
  c.op = op;
  c.act = c.wdt = act;
  c.B = B;
  c.L = L;
  c.C = C;
  c.scale = 0.01;
  c.wscale = 1;
  c.eps = 1e-6f;
  c.seed = seed;
  if (op == SV_GATED && B == 0) c.B = 1; /* gated_residual_add takes [B, L, C] only */
  return c;
}

static void describe(const sv_case *c, char *buf, size_t n) {
  static const char *const modes[3] = {"new", "NULL", "same"};
  const sv_op_info *o = &ops[c->op];
  int len = snprintf(buf, n, "%s %s", o->name, dt_name(c->act));
  if (o->weight) len += snprintf(buf + len, n - len, " w%s", dt_name(c->wdt));
  if (c->B) len += snprintf(buf + len, n - len, " [%lld, %lld, %lld]", (long long)c->B, (long long)c->L, (long long)c->C);
  else len += snprintf(buf + len, n - len, " [%lld, %lld]", (long long)c->L, (long long)c->C);
  len += snprintf(buf + len, n - len, " pad %lld/%lld/%lld out %s", (long long)c->pad, (long long)c->opad,
                  (long long)c->bpad, modes[c->out_mode]);
  if (c->op == SV_FUSED_ADD) len += snprintf(buf + len, n - len, " residual_out %s", modes[c->rout_mode]);
  if (c->op == SV_LAYERNORM) len += snprintf(buf + len, n - len, "%s%s", c->weight ? " +w" : "", c->bias ? " +b" : "");
  if (c->amp > 0) len += snprintf(buf + len, n - len, " x in +-%g", c->amp);
  if (c->op == SV_DYN_QUANT)
    len += snprintf(buf + len, n - len, "%s%s", c->residual ? " +residual" : "", c->ub ? " +scale_ub" : "");
  if (c->op == SV_GATED) len += snprintf(buf + len, n - len, " gate %s", gate_form_names[c->gate_form]);
  if (o->fp8) len += snprintf(buf + len, n - len, " scale %g", c->scale);
  if (c->misalign) len += snprintf(buf + len, n - len, " misaligned 0x%x", c->misalign);
  if (c->wscale != 1) len += snprintf(buf + len, n - len, " weights x%g", c->wscale);
  snprintf(buf + len, n - len, " seed %llu", (unsigned long long)c->seed);
}

/* ---- tensors with guard bands --------------------------------------------------- */

#define GUARD 32

typedef struct {
  int present, ek, esize, ndim;
  int counts16; /* in the runtime's 16-byte test (see vec_path) */
  gbuf g;
  tview v;
  int64_t front, shape[3], stride[3];
  unsigned char *written; /* per element: 1 where the op writes */
} sv_tensor;

/* Row-major with pad elements after each innermost row and bpad between the
 * entries of a 3-D tensor's first dim; the buffer is random (inputs) or
 * poisoned (outputs) everywhere. */
static int tensor_make(sv_tensor *t, int ek, int is_out, int ndim, const int64_t *shape, int64_t pad, int64_t bpad,
                       int misalign, uint64_t *rng, double lo, double hi) {
  memset(t, 0, sizeof *t);
  t->present = 1;
  t->counts16 = 1;
  t->ek = ek;
  t->esize = ek_size(ek);
  t->ndim = ndim;
  int64_t s = 1, span = 1;
  for (int j = ndim - 1; j >= 0; j--) {
    t->shape[j] = shape[j];
    t->stride[j] = s;
    s *= shape[j] + (j == ndim - 1 ? pad : 0);
    if (j == 0 && ndim == 3) t->stride[0] += bpad;
  }
  for (int j = 0; j < ndim; j++) span += (shape[j] - 1) * t->stride[j];
  t->front = GUARD + misalign;
  const size_t elems = (size_t)(t->front + span + GUARD);
  if (gbuf_alloc(&t->g, elems * t->esize)) return -1;
  t->written = calloc(elems, 1);
  if (!t->written) return -1;
  if (is_out) gbuf_poison(&t->g);
  else
    for (size_t i = 0; i < elems; i++) dt_store((test_dtype)ek, t->g.host + i * t->esize, rng_uniform(rng, lo, hi));
  tview_make(&t->v, &t->g, ek == EK_FP8 ? DT_BF16 : (test_dtype)ek, (size_t)t->front * t->esize, ndim, t->shape,
             t->stride);
  if (ek == EK_FP8) {
    t->v.t.dtype.code = FG_DL_FLOAT8_E4M3FN;
    t->v.t.dtype.bits = 8;
  }
  return 0;
}

static void tensor_free(sv_tensor *t) {
  if (!t->present) return;
  gbuf_free(&t->g);
  free(t->written);
  memset(t, 0, sizeof *t);
}

/* element offset of (i0, i1, i2) (fewer indices for fewer dims) */
static size_t at(const sv_tensor *t, int64_t b, int64_t l, int64_t i) {
  if (t->ndim == 3) return (size_t)(t->front + b * t->stride[0] + l * t->stride[1] + i * t->stride[2]);
  if (t->ndim == 2) return (size_t)(t->front + l * t->stride[0] + i * t->stride[1]);
  return (size_t)(t->front + i * t->stride[0]);
}
static double in_val(const sv_tensor *t, size_t a) { return ek_load(t->ek, t->g.before + a * t->esize); }
static double out_val(const sv_tensor *t, size_t a) { return ek_load(t->ek, t->g.host + a * t->esize); }

/* 1 when the runtime takes the 16-byte path: every pointer and every outer
 * stride (of a dim longer than 1) a multiple of 16 bytes, and C a whole number
 * of 16-byte chunks of x. Today scale, scale_ub and scales count too. */
static int vec_path(const sv_case *c, const sv_tensor *t) {
  for (int k = 0; k < S_N; k++) {
    /* the scale, its bound and the per-row scales are read or written one
       element at a time (scalar_access): they do not take part */
    if (!t[k].present || !t[k].counts16 || k == S_SCALE || k == S_UB || k == S_SCALES) continue;
    if ((t[k].front * t[k].esize) % 16) return 0;
    for (int j = 0; j < t[k].ndim - 1; j++)
      if (t[k].shape[j] > 1 && (t[k].stride[j] * t[k].esize) % 16) return 0;
  }
  return c->C % (16 / dt_size(c->act)) == 0;
}

/* Every tensor of a case: 0, or -1 when an allocation failed. */
static int make_tensors(const sv_case *c, sv_tensor *t, uint64_t *rng) {
  const sv_op_info *o = &ops[c->op];
  const int nd = c->B ? 3 : 2;
  const int64_t rows[3] = {c->B, c->L, c->C}, *rs = c->B ? rows : rows + 1;
  int64_t xs[3] = {c->B, c->L, o->pair ? 2 * c->C : c->C};
  const int64_t *xsh = c->B ? xs : xs + 1, one = 1;
  const double amp = c->amp > 0 ? c->amp : o->pair ? 3 : 2;
  int fail = tensor_make(&t[S_X], c->act, 0, nd, xsh, c->pad, c->bpad, (c->misalign & MIS(S_X)) != 0, rng, -amp, amp);
  if (o->residual || (c->op == SV_DYN_QUANT && c->residual))
    fail |= tensor_make(&t[S_RES], c->act, 0, nd, rs, c->pad, c->bpad, (c->misalign & MIS(S_RES)) != 0, rng, -2, 2);
  if (o->weight)
    fail |= tensor_make(&t[S_W], c->wdt, 0, 1, &c->C, 0, 0, (c->misalign & MIS(S_W)) != 0, rng, 0.5 * c->wscale,
                        1.5 * c->wscale);
  if (c->op == SV_LAYERNORM && c->weight)
    fail |= tensor_make(&t[S_W], c->act, 0, 1, &c->C, 0, 0, (c->misalign & MIS(S_W)) != 0, rng, 0.5, 1.5);
  if (c->op == SV_LAYERNORM && c->bias)
    fail |= tensor_make(&t[S_BIAS], c->act, 0, 1, &c->C, 0, 0, (c->misalign & MIS(S_BIAS)) != 0, rng, -0.5, 0.5);
  if (c->op == SV_GATED) {
    const int64_t g[GF_N][3] = {{c->B, c->C}, {c->B, 1, c->C}, {c->B, c->L, c->C}, {1, c->C}, {1, c->L, c->C}};
    const int gnd = (c->gate_form == GF_BC || c->gate_form == GF_1C) ? 2 : 3;
    fail |= tensor_make(&t[S_GATE], c->act, 0, gnd, g[c->gate_form], c->pad, c->bpad,
                        (c->misalign & MIS(S_GATE)) != 0, rng, -1.5, 1.5);
  }
  if (c->op == SV_QUANT || c->op == SV_FUSED_QUANT || (c->op == SV_DYN_QUANT && c->ub)) {
    const int k = c->op == SV_DYN_QUANT ? S_UB : S_SCALE;
    fail |= tensor_make(&t[k], DT_FP32, 0, 1, &one, 0, 0, (c->misalign & MIS(k)) != 0, rng, 1, 2);
    if (!fail) dt_store(DT_FP32, t[k].g.host + t[k].front * 4, c->scale);
  }
  if (c->out_mode == OUT_NEW)
    fail |= tensor_make(&t[S_OUT], o->fp8 ? EK_FP8 : (int)c->act, 1, nd, rs, c->opad, c->bpad,
                        (c->misalign & MIS(S_OUT)) != 0, rng, 0, 0);
  if (c->op == SV_FUSED_ADD && c->rout_mode == OUT_NEW)
    fail |= tensor_make(&t[S_ROUT], c->act, 1, nd, rs, c->opad, c->bpad, (c->misalign & MIS(S_ROUT)) != 0, rng, 0, 0);
  if (c->op == SV_DYN_QUANT) {
    const int64_t ss[2] = {c->B, c->L};
    fail |= tensor_make(&t[S_SCALES], DT_FP32, 1, c->B ? 2 : 1, c->B ? ss : ss + 1, c->spad, 0,
                        (c->misalign & MIS(S_SCALES)) != 0, rng, 0, 0);
  }
  if (fail) return -1;
  if (c->op == SV_LAYERNORM) /* a per-row offset: the mean is not near 0 */
    for (int64_t b = 0; b < (c->B ? c->B : 1); b++)
      for (int64_t l = 0; l < c->L; l++) {
        const double off = rng_uniform(rng, -3, 3);
        for (int64_t i = 0; i < c->C; i++) {
          unsigned char *p = t[S_X].g.host + at(&t[S_X], b, l, i) * t[S_X].esize;
          dt_store(c->act, p, dt_load(c->act, p) + off);
        }
      }
  for (int k = 0; k < S_N; k++)
    if (t[k].present && gbuf_upload(&t[k].g)) return -1;
  return 0;
}

/* ---- the call ------------------------------------------------------------------- */

/* An output argument: its tensor, NULL, or (OUT_SAME) a copy of its input's view. */
static DLTensor *out_arg(int mode, sv_tensor *own, sv_tensor *input, tview *same) {
  if (mode == OUT_NEW) return &own->v.t;
  if (mode == OUT_NULL) return NULL;
  *same = input->v;
  same->t.shape = same->shape;
  same->t.strides = same->strides;
  return &same->t;
}

static fg_status call_op(const sv_case *c, sv_tensor *t) {
  DLTensor *p[S_N];
  for (int k = 0; k < S_N; k++) p[k] = t[k].present ? &t[k].v.t : NULL;
  tview same_out, same_rout;
  DLTensor *out = out_arg(c->out_mode, &t[S_OUT], &t[c->op == SV_GATED ? S_RES : S_X], &same_out);
  switch (c->op) {
  case SV_RMSNORM: return fg_rmsnorm(p[S_X], p[S_W], out, c->eps, NULL);
  case SV_LAYERNORM: return fg_layernorm(p[S_X], p[S_W], p[S_BIAS], out, c->eps, NULL);
  case SV_FUSED_ADD:
    return fg_fused_add_rmsnorm(p[S_X], p[S_RES], p[S_W], out, out_arg(c->rout_mode, &t[S_ROUT], &t[S_RES], &same_rout),
                                c->eps, NULL);
  case SV_SILU: return fg_silu_and_mul(p[S_X], out, NULL);
  case SV_GELU: return fg_gelu_tanh_and_mul(p[S_X], out, NULL);
  case SV_QUANT: return fg_rmsnorm_quant_fp8(p[S_X], p[S_W], p[S_SCALE], out, c->eps, NULL);
  case SV_FUSED_QUANT: return fg_fused_add_rmsnorm_quant_fp8(p[S_X], p[S_RES], p[S_W], p[S_SCALE], out, c->eps, NULL);
  case SV_DYN_QUANT:
    return fg_rmsnorm_dynamic_quant_fp8(p[S_X], p[S_W], out, p[S_SCALES], p[S_UB], p[S_RES], c->eps, NULL);
  default: return fg_gated_residual_add(p[S_X], p[S_GATE], p[S_RES], out, NULL);
  }
}

/* The kernel a case must run: its exact name, or "<op>_<act>[_w..][_res]_<access>_sm". */
static void expected_kernel(const sv_case *c, const sv_tensor *t, char *buf, size_t n) {
  const sv_op_info *o = &ops[c->op];
  char w[16] = "", r[16] = "";
  if (o->weight) snprintf(w, sizeof w, "_w%s", dt_name(c->wdt));
  if (o->res_axis) snprintf(r, sizeof r, "_%s", c->residual ? "res" : "nores");
  snprintf(buf, n, "%s_%s%s%s_%s_sm", o->name, dt_name(c->act), w, r, vec_path(c, t) ? "vec16" : "scalar");
}

/* ---- checking ------------------------------------------------------------------- */

typedef struct {
  double err2, ref2, worst;
  int64_t n, nan, off, inexact; /* inexact: not the correctly rounded reference */
} acc;

/* An output element of the activation dtype against ref. */
static void check_act(acc *a, sv_tensor *t, size_t e, double ref, const char *what, const char *name, int64_t b,
                      int64_t l, int64_t i) {
  t->written[e] = 1;
  const double got = out_val(t, e);
  a->n++;
  if (isnan(got)) { a->nan++; return; }
  const double err = fabs(got - ref), unit = dt_unit((test_dtype)t->ek);
  a->err2 += err * err;
  a->ref2 += ref * ref;
  if (got != round_to((test_dtype)t->ek, ref)) a->inexact++;
  /* one rounding to the dtype plus fp32 arithmetic over a row */
  const double bound = 2 * unit * fabs(ref) + (t->ek == DT_FP32 ? 1e-5 : 1e-4) * (1 + fabs(ref));
  if (err > bound) {
    if (a->off < 3)
      fprintf(stderr, "    %s: %s[%lld, %lld, %lld] got %.8g, want %.8g\n", what, name, (long long)b, (long long)l,
              (long long)i, got, ref);
    a->off++;
  }
  if (err > a->worst) a->worst = err;
}

/* The relative L2 error of ops.md, no NaN, no element off, and (16-bit) the
 * correctly rounded value but for a few elements next to a rounding boundary. */
static int verdict(const acc *a, test_dtype dt, const char *what, const char *name) {
  int bad = 0;
  const double tol = dt == DT_FP32 ? 1e-5 : dt == DT_FP16 ? 2e-3 : 1e-2;
  const double rel = a->ref2 > 0 ? sqrt(a->err2 / a->ref2) : sqrt(a->err2);
  if (a->nan) { fprintf(stderr, "    %s: %s: %lld elements NaN (not written?)\n", what, name, (long long)a->nan); bad++; }
  if (a->off) { fprintf(stderr, "    %s: %s: %lld elements off (worst %.3g)\n", what, name, (long long)a->off, a->worst); bad++; }
  if (!(rel < tol)) { fprintf(stderr, "    %s: %s: relative error %.3g >= %.1g\n", what, name, rel, tol); bad++; }
  if (dt != DT_FP32 && a->inexact > 2 + a->n / 50) {
    fprintf(stderr, "    %s: %s: %lld of %lld elements not the correctly rounded reference (two roundings?)\n", what,
            name, (long long)a->inexact, (long long)a->n);
    bad++;
  }
  return bad;
}

typedef struct {
  int64_t n, bad;
} exact_acc;

/* A stored residual sum: bit for bit act(x + residual). */
static void check_sum(exact_acc *a, sv_tensor *t, size_t e, double ref, const char *what, int64_t b, int64_t l,
                      int64_t i) {
  t->written[e] = 1;
  a->n++;
  const double got = out_val(t, e);
  if (got == ref) return;
  if (a->bad < 3)
    fprintf(stderr, "    %s: residual sum [%lld, %lld, %lld] got %.8g, want %.8g\n", what, (long long)b, (long long)l,
            (long long)i, got, ref);
  a->bad++;
}

static void check_fp8(exact_acc *a, sv_tensor *t, size_t e, double ref, const char *what, int64_t b, int64_t l,
                      int64_t i) {
  t->written[e] = 1;
  a->n++;
  const uint8_t got = t->g.host[e];
  if (fp8_matches(got, ref)) return;
  if (a->bad < 3)
    fprintf(stderr, "    %s: out[%lld, %lld, %lld] = fp8 0x%02x (%.6g), reference %.9g (fp8 0x%02x)\n", what,
            (long long)b, (long long)l, (long long)i, got, fp8_to_double(got), ref, fp8_from_double(ref));
  a->bad++;
}

static int exact_verdict(const exact_acc *a, const char *what, const char *name) {
  if (!a->bad) return 0;
  fprintf(stderr, "    %s: %s: %lld of %lld elements differ\n", what, name, (long long)a->bad, (long long)a->n);
  return 1;
}

/* The inputs of one row, in double. */
typedef struct {
  double *x, *res, *w, *b, *gate, *out, *sum;
} row_buf;

static void load_row(const sv_case *c, const sv_tensor *t, int64_t b, int64_t l, row_buf *r) {
  const int64_t C = c->C, W = ops[c->op].pair ? 2 * C : C;
  for (int64_t i = 0; i < W; i++) r->x[i] = in_val(&t[S_X], at(&t[S_X], b, l, i));
  if (t[S_RES].present)
    for (int64_t i = 0; i < C; i++) r->res[i] = in_val(&t[S_RES], at(&t[S_RES], b, l, i));
  if (t[S_W].present)
    for (int64_t i = 0; i < C; i++) r->w[i] = in_val(&t[S_W], at(&t[S_W], 0, 0, i));
  if (t[S_BIAS].present)
    for (int64_t i = 0; i < C; i++) r->b[i] = in_val(&t[S_BIAS], at(&t[S_BIAS], 0, 0, i));
  if (t[S_GATE].present) {
    const sv_tensor *g = &t[S_GATE];
    const int64_t gb = g->shape[0] == 1 ? 0 : b, gl = (g->ndim == 3 && g->shape[1] > 1) ? l : 0;
    for (int64_t i = 0; i < C; i++) r->gate[i] = in_val(g, g->ndim == 3 ? at(g, gb, gl, i) : at(g, 0, gb, i));
  }
}

/* The row's reference: out (before fp8), the stored residual sum, the scale. */
static double ref_row(const sv_case *c, const sv_tensor *t, row_buf *r) {
  const int64_t C = c->C;
  const double eps = c->eps;
  switch (c->op) {
  case SV_RMSNORM: ref_rmsnorm(C, r->x, r->w, eps, r->out); break;
  case SV_LAYERNORM:
    ref_layernorm(C, r->x, t[S_W].present ? r->w : NULL, t[S_BIAS].present ? r->b : NULL, eps, r->out);
    break;
  case SV_FUSED_ADD: ref_fused_add_rmsnorm(c->act, C, r->x, r->res, r->w, eps, r->sum, r->out); break;
  case SV_SILU: ref_silu_and_mul(C, r->x, r->out); break;
  case SV_GELU: ref_gelu_tanh_and_mul(C, r->x, r->out); break;
  case SV_QUANT: ref_rmsnorm_quant(C, r->x, r->w, eps, c->scale, r->out); break;
  case SV_FUSED_QUANT: ref_fused_add_rmsnorm_quant(c->act, C, r->x, r->res, r->w, eps, c->scale, r->sum, r->out); break;
  case SV_DYN_QUANT:
    return ref_rmsnorm_dynamic_quant(c->act, C, r->x, c->residual ? r->res : NULL, r->w, eps, c->ub ? c->scale : -1,
                                     r->sum, r->out);
  default: ref_gated_residual_add(C, r->x, r->gate, r->res, r->out);
  }
  return 0;
}

/* Where each result lands: its own tensor, or (in place) its input's. */
static sv_tensor *out_target(const sv_case *c, sv_tensor *t) {
  if (c->out_mode == OUT_NEW) return &t[S_OUT];
  return &t[c->op == SV_GATED ? S_RES : S_X];
}
static sv_tensor *sum_target(const sv_case *c, sv_tensor *t) {
  if (c->op == SV_FUSED_ADD) return c->rout_mode == OUT_NEW ? &t[S_ROUT] : &t[S_RES];
  if (c->op == SV_FUSED_QUANT || (c->op == SV_DYN_QUANT && c->residual)) return &t[S_RES];
  return NULL;
}

/* Every output element against the reference; then nothing else changed. */
static int verify(const sv_case *c, sv_tensor *t, const char *what) {
  const int64_t C = c->C, Bn = c->B ? c->B : 1;
  row_buf r;
  double *mem = malloc(sizeof(double) * (size_t)(9 * C + 8));
  r.x = mem;
  r.res = mem + 2 * C + 1;
  r.w = r.res + C + 1;
  r.b = r.w + C + 1;
  r.gate = r.b + C + 1;
  r.out = r.gate + C + 1;
  r.sum = r.out + C + 1;
  sv_tensor *ot = out_target(c, t), *st = sum_target(c, t);
  acc ao = {0};
  exact_acc a8 = {0}, as = {0}, asc = {0};
  for (int64_t b = 0; b < Bn; b++)
    for (int64_t l = 0; l < c->L; l++) {
      load_row(c, t, b, l, &r);
      const double s = ref_row(c, t, &r);
      for (int64_t i = 0; i < C; i++) {
        const size_t e = at(ot, b, l, i);
        if (ops[c->op].fp8) check_fp8(&a8, ot, e, r.out[i], what, b, l, i);
        else check_act(&ao, ot, e, r.out[i], what, "out", b, l, i);
        if (st) check_sum(&as, st, at(st, b, l, i), r.sum[i], what, b, l, i);
      }
      if (c->op == SV_DYN_QUANT) {
        sv_tensor *sc = &t[S_SCALES];
        const size_t e = sc->ndim == 2 ? at(sc, 0, b, l) : at(sc, 0, 0, l);
        sc->written[e] = 1;
        asc.n++;
        const double got = out_val(sc, e);
        if (!(fabs(got - s) <= 1e-6 * s)) {
          if (asc.bad < 3)
            fprintf(stderr, "    %s: scales[%lld, %lld] = %.9g, want %.9g\n", what, (long long)b, (long long)l, got, s);
          asc.bad++;
        }
      }
    }
  free(mem);
  int bad = ops[c->op].fp8 ? exact_verdict(&a8, what, "out") : verdict(&ao, c->act, what, "out");
  bad += exact_verdict(&as, what, "the stored residual sum") + exact_verdict(&asc, what, "scales");
  for (int k = 0; k < S_N; k++) {
    if (!t[k].present) continue;
    int64_t changed = 0;
    const size_t es = (size_t)t[k].esize;
    for (size_t i = 0; i < t[k].g.bytes / es; i++)
      if (!t[k].written[i] && memcmp(t[k].g.host + i * es, t[k].g.before + i * es, es)) changed++;
    if (changed) {
      fprintf(stderr, "    %s: %s: %lld elements changed outside the output\n", what, slot_names[k], (long long)changed);
      bad++;
    }
  }
  return bad;
}

/* One case: tensors, the call, the kernel's name, every element. 0 when all is well. */
static int run_case(const sv_case *c) {
  char what[320], want[160];
  describe(c, what, sizeof what);
  sv_tensor t[S_N];
  memset(t, 0, sizeof t);
  uint64_t rng = c->seed * 0x9E3779B97F4A7C15ull + 12345;
  int bad = 0;
  if (make_tensors(c, t, &rng)) {
    fprintf(stderr, "    %s: allocation or upload failed\n", what);
    bad++;
    goto done;
  }
  const fg_status st = call_op(c, t);
  if (st != FG_OK) {
    fprintf(stderr, "    %s: returned %s: %s\n", what, fg_status_name(st), fg_last_error());
    bad++;
    goto done;
  }
  expected_kernel(c, t, want, sizeof want);
  if (c->expect ? strcmp(fg__last_kernel(), c->expect) != 0 : strncmp(fg__last_kernel(), want, strlen(want)) != 0) {
    fprintf(stderr, "    %s: ran %s, expected %s\n", what, fg__last_kernel(), c->expect ? c->expect : want);
    bad++;
  }
  const cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    fprintf(stderr, "    %s: kernel failed: %s\n", what, cudaGetErrorString(err));
    bad++;
    goto done;
  }
  for (int k = 0; k < S_N; k++)
    if (t[k].present && gbuf_download(&t[k].g)) {
      fprintf(stderr, "    %s: download failed\n", what);
      bad++;
      goto done;
    }
  bad += verify(c, t, what);
done:
  for (int k = 0; k < S_N; k++) tensor_free(&t[k]);
  return bad;
}

/* ---- the tests ------------------------------------------------------------------ */

static const test_dtype DTS[3] = {DT_BF16, DT_FP16, DT_FP32};

static int parse_dt(const char *s, test_dtype *t) {
  for (int i = 0; i < 3; i++)
    if (!strcmp(s, dt_name(DTS[i]))) { *t = DTS[i]; return 0; }
  return -1;
}

typedef struct {
  test_dtype act, wdt;
  int res, vec;
} sv_variant;

/* "<op>_<act>[_w<dtype>][_nores|_res]_<vec16|scalar>_sm<N>[_<GPU model>]" */
static int parse_variant(const sv_op_info *o, const char *name, sv_variant *v) {
  const size_t n = strlen(o->name);
  if (strncmp(name, o->name, n) || name[n] != '_') return -1;
  char buf[160], *tok[8];
  int nt = 0, i = 0, arch = 0;
  snprintf(buf, sizeof buf, "%s", name + n + 1);
  for (char *p = strtok(buf, "_"); p && nt < 8; p = strtok(NULL, "_")) tok[nt++] = p;
  memset(v, 0, sizeof *v);
  if (i >= nt || parse_dt(tok[i++], &v->act)) return -1;
  v->wdt = v->act;
  if (o->weight && (i >= nt || tok[i][0] != 'w' || parse_dt(tok[i++] + 1, &v->wdt))) return -1;
  if (o->res_axis) {
    if (i >= nt || (strcmp(tok[i], "res") && strcmp(tok[i], "nores"))) return -1;
    v->res = !strcmp(tok[i++], "res");
  }
  if (i >= nt || (strcmp(tok[i], "vec16") && strcmp(tok[i], "scalar"))) return -1;
  v->vec = !strcmp(tok[i++], "vec16");
  if (i >= nt || sscanf(tok[i++], "sm%d", &arch) != 1) return -1;
  if (i < nt) i++; /* a GPU model's own kernel: the model's name */
  return i == nt ? 0 : -1;
}

/* The smallest p >= 0 with (n + p) elements of es bytes a multiple of 16 bytes. */
static int64_t align_pad(int64_t n, int es) {
  int64_t p = 0;
  while (((n + p) * es) % 16) p++;
  return p;
}

/* A case for a table entry in one of three layouts:
 *  0: [2, 5, C] out of place, padded rows and batches
 *  1: [7, C] rows, in place where the op can be (out NULL)
 *  2: [1, 3, C], out the input's own view where the op can; a scale_ub
 *  3: [2, 300, C] out of place: more rows than a short form takes (256), so
 *     the first kernel runs (the ring's, where the GPU's tiles take it)
 * The 16-byte kernels get C = 1536 (layout 2: 64) and aligned padding; the
 * element kernels an odd C (layouts 0 and 3), or one misaligned tensor. */
enum { SV_LAYOUTS = 4 };
static sv_case variant_case(sv_op op, const sv_variant *v, int layout, uint64_t seed) {
  const sv_op_info *o = &ops[op];
  static const int64_t Bs[SV_LAYOUTS] = {2, 0, 1, 2}, Ls[SV_LAYOUTS] = {5, 7, 3, 300};
  const int64_t C = v->vec ? (layout == 2 ? 64 : 1536) : (layout == 0 || layout == 3 ? 1001 : 1536);
  sv_case c = base_case(op, v->act, Bs[layout], Ls[layout], C, seed);
  c.wdt = v->wdt;
  c.residual = v->res;
  const int es = dt_size(v->act), oes = o->fp8 ? 1 : es;
  const int64_t W = o->pair ? 2 * C : C;
  c.pad = layout == 0 ? align_pad(W, es) + 16 / es : 0;
  c.opad = layout == 0 ? align_pad(C, oes) + 16 / oes : 0;
  c.bpad = layout == 0 ? 16 : 0;
  c.spad = align_pad(c.L, 4);
  if (o->inplace) c.out_mode = layout == 1 ? OUT_NULL : layout == 2 ? OUT_SAME : OUT_NEW;
  c.rout_mode = layout == 2 ? OUT_NEW : layout == 1 ? OUT_NULL : OUT_SAME;
  c.weight = layout != 1;
  c.bias = layout != 2;
  c.ub = layout == 2;
  c.scale = layout == 2 ? 0.004 : 0.02;
  c.gate_form = layout == 0 ? GF_BLC : layout == 2 ? GF_B1C : GF_BC;
  if (!v->vec && layout == 1) c.misalign = MIS(S_X);
  if (!v->vec && layout == 2) c.misalign = c.out_mode == OUT_NEW ? MIS(S_OUT) : MIS(S_RES) | MIS(S_W);
  return c;
}

/* Every row-op kernel of the dispatch tables that this GPU gets (each dtype,
 * weight dtype, residual form and access path), in four layouts, each
 * checked by the kernel's exact name. */
TEST(test_serving_gpu_every_variant) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int cc = gpu_device_cc();
  for (int op = 0; op < SV_NOPS; op++) {
    const sv_op_info *o = &ops[op];
    int variants = 0;
    for (int k = 0; k < *o->count; k++) {
      const fg__kernel_entry *e = &o->table[k];
      if (fg__find_kernel(o->table, *o->count, o->nkey, e->key, cc, e->model) != e) continue;
      fg__select_model(e->model); /* a GPU model's own kernel runs where it is selected */
      sv_variant v;
      if (parse_variant(o, e->name, &v)) {
        CHECK_MSG(0, "cannot parse kernel name %s", e->name);
        continue;
      }
      variants++;
      int failures = 0;
      for (int layout = 0; layout < SV_LAYOUTS; layout++) {
        sv_case c = variant_case((sv_op)op, &v, layout, (uint64_t)(op * 1000 + k * SV_LAYOUTS + layout + 1));
        c.expect = e->name;
        failures += run_case(&c) != 0;
      }
      CHECK_MSG(failures == 0, "%s: %d of %d layouts failed", e->name, failures, SV_LAYOUTS);
    }
    fg__select_model(-1);
    CHECK_MSG(variants > 0, "no %s kernel for sm_%d", o->name, cc);
  }
}

/* ops.md's test shapes for every op: T in 1, 7, 256, 4097 and C in 1, 8, 3000,
 * 3001, 4096, 16384, the dtype, weight dtype, layout ([T, C] or [B, L, C])
 * and options varying from case to case. The large products are sampled: of
 * T = 4097 with C >= 3000 each op runs one, 256 x 16384 every other op, and
 * 4097 x 16384 once (rmsnorm, bf16). */
TEST(test_serving_gpu_ops_shapes) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t Ts[4] = {1, 7, 256, 4097}, Cs[6] = {1, 8, 3000, 3001, 4096, 16384};
  uint64_t seed = 20000;
  for (int op = 0; op < SV_NOPS; op++)
    for (int ti = 0; ti < 4; ti++)
      for (int ci = 0; ci < 6; ci++) {
        const int64_t T = Ts[ti], C = Cs[ci];
        if (T == 4097 && C == 16384 && op != SV_RMSNORM) continue;
        if (T == 4097 && C >= 3000 && C < 16384 && (op + ci) % 3) continue;
        if (T == 256 && C == 16384 && op % 2) continue;
        const int k = op + ti + ci;
        const int batched = k % 2 || op == SV_GATED;
        sv_case c = base_case((sv_op)op, T == 4097 && C == 16384 ? DT_BF16 : DTS[k % 3], batched ? (T % 2 ? 1 : 2) : 0,
                              batched && T % 2 == 0 ? T / 2 : T, C, ++seed);
        c.wdt = k % 4 < 2 ? DT_FP32 : c.act;
        c.out_mode = ops[op].inplace ? k % 3 : OUT_NEW;
        c.rout_mode = (k + 1) % 3;
        c.weight = c.bias = k % 4 != 1;
        c.residual = k % 2;
        c.ub = k % 3 == 0;
        c.scale = k % 3 == 0 ? 0.004 : 0.02;
        c.gate_form = k % GF_N;
        CHECK(run_case(&c) == 0);
      }
}

/* Layouts and options of every op in every dtype: [T, C] and [B, L, C] rows,
 * input and output rows padded differently, padded batches, in place (NULL
 * and the input's own view) and out of place, the optional tensors present
 * and absent (layernorm's weight and bias, the dynamic op's residual and
 * scale_ub), every gate form, the element path by C and by pointer. */
TEST(test_serving_gpu_forms) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t Bs[6] = {0, 2, 3, 0, 2, 0}, Ls[6] = {33, 17, 5, 9, 9, 64};
  static const int64_t Cs[6] = {3072, 3072, 1000, 2048, 777, 4096};
  uint64_t seed = 30000;
  for (int op = 0; op < SV_NOPS; op++)
    for (int d = 0; d < 3; d++)
      for (int f = 0; f < 6; f++) {
        sv_case c = base_case((sv_op)op, DTS[d], Bs[f], Ls[f], Cs[f], ++seed);
        c.wdt = (f + d) % 2 ? DT_FP32 : c.act;
        c.pad = f == 0 ? 8 : f == 4 ? 3 : 0;
        c.opad = f == 0 ? 24 : f == 4 ? 5 : 0;
        c.bpad = f == 1 ? 40 : 0;
        c.spad = f == 1 ? 3 : 0;
        c.out_mode = ops[op].inplace ? f % 3 : OUT_NEW;
        c.rout_mode = (f + 1) % 3;
        if (c.out_mode == OUT_SAME && (c.pad != c.opad)) c.opad = c.pad;
        c.weight = f & 1;
        c.bias = (f >> 1) & 1;
        c.residual = f & 1;
        c.ub = (f >> 1) & 1;
        c.scale = 0.02;
        c.gate_form = f % GF_N;
        c.eps = f == 5 ? 1e-5f : 1e-6f;
        if (f == 3) c.misalign = MIS(S_X);
        CHECK(run_case(&c) == 0);
      }
}

/* Long calls: more rows than 1024 per multiprocessor, past any tile
 * flat_above, where a ring's kernel hands the call to its flat form (a block
 * per row); every op and dtype, [B, L, C] rows of 64 channels, the optional
 * tensors present. */
TEST(test_serving_gpu_long_calls) {
  if (!test_have_gpu()) SKIP("no GPU");
  int dev = 0, sms = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  const int64_t rows = 1030 * (int64_t)sms;
  uint64_t seed = 35000;
  for (int op = 0; op < SV_NOPS; op++)
    for (int d = 0; d < 3; d++) {
      sv_case c = base_case((sv_op)op, DTS[d], 2, rows / 2, 64, ++seed);
      c.wdt = d % 2 ? DT_FP32 : c.act;
      c.weight = c.bias = 1;
      c.residual = op % 2;
      c.ub = 1;
      c.scale = 0.02;
      CHECK(run_case(&c) == 0);
    }
}

/* The fp8 range: static scales that saturate (|y / scale| past 448), put
 * values among the subnormals, or neither; the dynamic scale at its floor
 * 1 / (448 * 512) (tiny weights), clamped by scale_ub in every row or in
 * some, and unclamped; with and without the residual step. */
TEST(test_serving_gpu_fp8_range) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const double scales[4] = {1.0 / 256, 0.0078125, 1, 64};
  uint64_t seed = 40000;
  for (int d = 0; d < 3; d++)
    for (int s = 0; s < 4; s++) {
      sv_case c = base_case(s % 2 ? SV_FUSED_QUANT : SV_QUANT, DTS[d], 0, 13, s % 2 ? 3001 : 4096, ++seed);
      c.scale = scales[s];
      c.wdt = s < 2 ? DT_FP32 : c.act;
      CHECK(run_case(&c) == 0);
    }
  static const double ubs[4] = {-1, 0.002, 0.0045, -1};
  for (int d = 0; d < 3; d++)
    for (int s = 0; s < 4; s++) {
      /* 24 channels: the rows' amax differ enough for scale_ub 0.0045 to clamp some */
      sv_case c = base_case(SV_DYN_QUANT, DTS[d], 2, 11, s == 2 ? 24 : s % 2 ? 3001 : 4096, ++seed);
      c.ub = ubs[s] >= 0;
      c.scale = ubs[s];
      c.residual = s >= 2;
      c.wscale = s == 3 ? 1e-4 : 1; /* amax / 448 below the floor */
      CHECK(run_case(&c) == 0);
    }
}

/* The activations over a wide range: x from [-amp, amp) with amp up to 100, so
 * that exp(-a) overflows to infinity (a < -88.7) and silu(a) * b is -0 or a
 * tiny product; every dtype, both paths; no NaN, every element within the
 * tolerances and 16-bit outputs correctly rounded. */
TEST(test_serving_gpu_activation_range) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const double amps[3] = {10, 40, 100};
  uint64_t seed = 45000;
  for (int op = 0; op < 2; op++)
    for (int d = 0; d < 3; d++)
      for (int a = 0; a < 3; a++) {
        sv_case c = base_case(op ? SV_GELU : SV_SILU, DTS[d], 0, 37, a == 1 ? 3001 : 4096, ++seed);
        c.amp = amps[a];
        CHECK(run_case(&c) == 0);
      }
}

/* More batch entries than a grid's second dimension holds (65535): B = 70001
 * rows of [B, 2, C], for an op of each kind (the dynamic op's scales [B, L]
 * too), the 16-byte and the element path. */
TEST(test_serving_gpu_many_batch_entries) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const sv_op kinds[5] = {SV_RMSNORM, SV_FUSED_ADD, SV_SILU, SV_DYN_QUANT, SV_GATED};
  uint64_t seed = 50000;
  for (int i = 0; i < 5; i++)
    for (int path = 0; path < 2; path++) {
      sv_case c = base_case(kinds[i], DT_BF16, 70001, 2, path ? 63 : 64, ++seed);
      c.gate_form = path ? GF_BC : GF_BLC;
      c.residual = path;
      c.spad = 2;
      CHECK(run_case(&c) == 0);
    }
}

/* The host fp8 conversion that every fp8 check relies on: known values, ties
 * to even, saturation, NaN, every code back to itself, and the comparison
 * rule (a neighbour passes only next to a rounding boundary). No GPU needed. */
TEST(test_serving_fp8_reference) {
  static const struct {
    double v;
    uint8_t code;
  } known[] = {{0.0, 0x00}, {1.0, 0x38}, {-1.0, 0xb8}, {448.0, 0x7e}, {449.0, 0x7e}, {1e30, 0x7e}, {-1e30, 0xfe},
               {432.0, 0x7e} /* tie: 416 or 448, to even */, {431.9, 0x7d}, {17.0, 0x58} /* tie: to 16 */,
               {18.0, 0x59}, {0.001953125, 0x01} /* 2^-9 */, {0.0009765625, 0x00} /* 2^-10: tie, to 0 */,
               {0.0029296875, 0x02} /* 3 * 2^-10: tie, to 2 * 2^-9 */, {0.015625, 0x08} /* 2^-6 */,
               {0.0146, 0x07}, {-0.0001, 0x80}};
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    CHECK_MSG(fp8_from_double(known[i].v) == known[i].code, "fp8(%g) = 0x%02x, want 0x%02x", known[i].v,
              fp8_from_double(known[i].v), known[i].code);
  CHECK((fp8_from_double(NAN) & 0x7f) == FP8_NAN);
  CHECK(isnan(fp8_to_double(0x7f)) && isnan(fp8_to_double(0xff)));
  for (int b = 0; b < 256; b++)
    if ((b & 0x7f) != FP8_NAN) CHECK_MSG(fp8_from_double(fp8_to_double((uint8_t)b)) == b, "code 0x%02x", b);
  CHECK(fp8_matches(0x38, 1.0));
  CHECK(!fp8_matches(0x39, 1.0));             /* 1.125: a neighbour, far from the boundary */
  CHECK(fp8_matches(0x39, 1.0625 * (1 - 1e-7))); /* just below the boundary 1.0625 */
  CHECK(!fp8_matches(0x3a, 1.0625));          /* two steps */
  CHECK(!fp8_matches(0xff, 1.0) && !fp8_matches(0x7f, NAN));
  CHECK(!fp8_matches(0xb8, 1.0)); /* the sign */
}

/* A refused call on real device buffers writes nothing: weights of neither
 * fp32 nor the dtype of x (no such kernel: FG_ERR_UNSUPPORTED, naming the
 * rule), an fp8 out given as bf16, an out overlapping the residual, an odd
 * 2F; the poisoned outputs and the inputs stay as they were. */
TEST(test_serving_gpu_bad_call_writes_nothing) {
  if (!test_have_gpu()) SKIP("no GPU");
  sv_case c = base_case(SV_RMSNORM, DT_FP16, 0, 6, 256, 1);
  c.wdt = DT_BF16;
  sv_tensor t[S_N];
  memset(t, 0, sizeof t);
  uint64_t rng = 99;
  CHECK(make_tensors(&c, t, &rng) == 0);
  fg_status st = call_op(&c, t);
  CHECK_MSG(st == FG_ERR_UNSUPPORTED && strstr(fg_last_error(), "fg_rmsnorm") &&
                strstr(fg_last_error(), "the weight is fp32 or the dtype of x"),
            "fp16 x with bf16 weights: %s (%s)", fg_status_name(st), fg_last_error());
  /* the fp8 ops: out as bf16 */
  sv_tensor q[S_N];
  memset(q, 0, sizeof q);
  sv_case cq = base_case(SV_QUANT, DT_BF16, 0, 6, 256, 2);
  CHECK(make_tensors(&cq, q, &rng) == 0);
  q[S_OUT].v.t.dtype = dt_dl(DT_BF16);
  st = fg_rmsnorm_quant_fp8(&q[S_X].v.t, &q[S_W].v.t, &q[S_SCALE].v.t, &q[S_OUT].v.t, 1e-6f, NULL);
  CHECK_MSG(st == FG_ERR_DTYPE && strstr(fg_last_error(), "out"), "fp8 out as bf16: %s (%s)", fg_status_name(st),
            fg_last_error());
  /* fused_add_rmsnorm: out over the residual */
  st = fg_fused_add_rmsnorm(&t[S_X].v.t, &t[S_OUT].v.t, &t[S_W].v.t, &t[S_OUT].v.t, NULL, 1e-6f, NULL);
  CHECK_MSG(st == FG_ERR_INVALID_ARGUMENT && strstr(fg_last_error(), "out overlaps residual"), "out over residual: %s (%s)",
            fg_status_name(st), fg_last_error());
  /* silu_and_mul: x [6, 255] */
  q[S_X].v.shape[1] = 255;
  st = fg_silu_and_mul(&q[S_X].v.t, &q[S_OUT].v.t, NULL);
  CHECK_MSG(st == FG_ERR_SHAPE && strstr(fg_last_error(), "multiple of 2"), "odd 2F: %s (%s)", fg_status_name(st),
            fg_last_error());
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  for (int k = 0; k < S_N; k++) {
    if (t[k].present) {
      CHECK(gbuf_download(&t[k].g) == 0);
      CHECK_MSG(!memcmp(t[k].g.host, t[k].g.before, t[k].g.bytes), "rmsnorm: %s changed", slot_names[k]);
    }
    if (q[k].present) {
      CHECK(gbuf_download(&q[k].g) == 0);
      CHECK_MSG(!memcmp(q[k].g.host, q[k].g.before, q[k].g.bytes), "quant: %s changed", slot_names[k]);
    }
    tensor_free(&t[k]);
    tensor_free(&q[k]);
  }
}
