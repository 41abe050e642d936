/* GPU correctness of the norm + modulation ops (ops.md section 3) against a
 * float64 host reference: every source (select01, per batch, per token, per
 * frame, scalar), both residual forms, every norm, with and without affine,
 * the 16-byte and the element path. Each tensor lives in its own buffer with
 * guard bands; inputs are fresh random data (padding too), outputs are
 * poisoned, every output element is checked, and every byte outside the
 * output elements (and every input byte) must be unchanged afterwards. */
#include "fusegen_internal.h"
#include "gpu_util.h"
#include "harness.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { SRC_SELECT01, SRC_BATCH, SRC_TOKEN, SRC_FRAME, SRC_SCALAR } nm_source;
static const char *const src_op[] = {"norm_modulate_select01", "norm_modulate", "norm_modulate_per_token",
                                     "norm_modulate_per_frame", "norm_modulate_scalar"};

typedef struct {
  test_dtype act;
  nm_source src;
  int64_t B, L, C, F; /* F: frames (per frame only) */
  fg_norm norm;
  int weight, bias, residual;
  int bcast;        /* the modulation tensors have one row for every batch ([1, ...]) */
  int idx32;        /* select01: int32 index (else int64) */
  int misalign;     /* every [B, L, C] tensor one element off 16 bytes: element path */
  int64_t pad;      /* extra elements after each row of every tensor */
  int nan_unchosen; /* select01: batch b picks branch b % 2; the other branch's row is NaN */
  float eps, k;
  uint64_t seed;
} nm_case;

enum { T_X, T_OUT, T_GATE_OUT, T_INDEX, T_SC0, T_SH0, T_G0, T_SC1, T_SH1, T_G1, T_W, T_BIAS, T_RES, T_RGATE,
       T_ROUT, T_N };
static const char *const tname[T_N] = {"x", "out", "gate_out", "index", "scale0", "shift0", "gate0", "scale1",
                                       "shift1", "gate1", "weight", "bias", "residual", "residual_gate",
                                       "residual_out"};
/* for the other sources, scale and shift use the T_SC0 / T_SH0 slots */

typedef struct {
  int present, is_out, esize, is_index;
  test_dtype dt;
  gbuf g;
  tview v;
  int64_t front; /* elements before the first */
  int ndim;
  int64_t shape[4], stride[4];
  unsigned char *written; /* per element of the buffer: 1 if an output element */
} nm_tensor;

#define GUARD 32

static void describe(const nm_case *c, char *buf, size_t n) {
  static const char *norms[] = {"layer", "rms", "none"};
  snprintf(buf, n, "%s %s [%lld, %lld, %lld]%s F=%lld norm=%s%s%s%s%s%s pad=%lld k=%g eps=%g%s", src_op[c->src],
           dt_name(c->act), (long long)c->B, (long long)c->L, (long long)c->C, c->bcast ? " bcast" : "",
           (long long)c->F, norms[c->norm], c->weight ? " +w" : "", c->bias ? " +b" : "",
           c->residual ? " residual" : "", c->misalign ? " misaligned" : "",
           c->src == SRC_SELECT01 ? (c->idx32 ? " i32" : " i64") : "", (long long)c->pad, c->k, c->eps,
           c->nan_unchosen ? " NaN in unchosen branch" : "");
}

/* Allocate tensor t with the given layout (row-major with `pad` after each
 * innermost row), fill the whole buffer with random data (inputs) or poison
 * (outputs), upload. */
static int tensor_make(nm_tensor *t, test_dtype dt, int is_index, int idx32, int is_out, int ndim,
                       const int64_t *shape, int64_t pad, int64_t misalign, uint64_t *rng, double lo, double hi) {
  memset(t, 0, sizeof *t);
  t->present = 1;
  t->is_out = is_out;
  t->is_index = is_index;
  t->dt = dt;
  t->esize = is_index ? (idx32 ? 4 : 8) : dt_size(dt);
  t->ndim = ndim;
  int64_t s = 1; /* row-major, each innermost row followed by pad elements */
  for (int j = ndim - 1; j >= 0; j--) {
    t->shape[j] = shape[j];
    t->stride[j] = s;
    s *= (j == ndim - 1) ? shape[j] + pad : shape[j];
  }
  t->front = GUARD + misalign;
  size_t elems = (size_t)(t->front + s + GUARD);
  if (gbuf_alloc(&t->g, elems * t->esize)) return -1;
  t->written = calloc(elems, 1);
  if (is_out) gbuf_poison(&t->g);
  else if (!is_index)
    for (size_t i = 0; i < elems; i++) dt_store(dt, t->g.host + i * t->esize, rng_uniform(rng, lo, hi));
  tview_make(&t->v, &t->g, is_index ? DT_FP32 : dt, (size_t)t->front * t->esize, ndim, t->shape, t->stride);
  if (is_index) {
    t->v.t.dtype.code = kDLInt;
    t->v.t.dtype.bits = (uint8_t)(8 * t->esize);
  }
  return 0;
}

static size_t at2(const nm_tensor *t, int64_t i0, int64_t i1) {
  return (size_t)(t->front + i0 * t->stride[0] + i1 * t->stride[1]);
}
static size_t at3(const nm_tensor *t, int64_t i0, int64_t i1, int64_t i2) {
  return (size_t)(t->front + i0 * t->stride[0] + i1 * t->stride[1] + i2 * t->stride[2]);
}
static double val(const nm_tensor *t, size_t at) { return dt_load(t->dt, t->g.before + at * t->esize); }
static void set_val(nm_tensor *t, size_t at, double v) { dt_store(t->dt, t->g.host + at * t->esize, v); }

typedef struct {
  double err2, ref2, worst;
  int64_t nan, off;
} acc;

static void compare(acc *a, const nm_tensor *t, size_t at, double ref, const char *what, const char *which,
                    int64_t b, int64_t l, int64_t ch) {
  double got = dt_load(t->dt, t->g.host + at * t->esize);
  if (isnan(got)) {
    a->nan++;
    return;
  }
  double e = fabs(got - ref);
  a->err2 += e * e;
  a->ref2 += ref * ref;
  /* one rounding to the dtype plus fp32 arithmetic over a row */
  double bound = 2 * dt_unit(t->dt) * fabs(ref) + 1e-4 * (1 + fabs(ref));
  if (e > bound) {
    if (a->off < 3)
      fprintf(stderr, "    %s: %s[%lld, %lld, %lld] got %.8g, want %.8g\n", what, which, (long long)b,
              (long long)l, (long long)ch, got, ref);
    a->off++;
  }
  if (e > a->worst) a->worst = e;
}

static int verdict(const acc *a, test_dtype dt, const char *what, const char *which) {
  int bad = 0;
  const double tol = dt == DT_FP32 ? 1e-5 : dt == DT_FP16 ? 2e-3 : 1e-2;
  double rel = a->ref2 > 0 ? sqrt(a->err2 / a->ref2) : sqrt(a->err2);
  if (a->nan) { fprintf(stderr, "    %s: %s: %lld elements NaN (not written?)\n", what, which, (long long)a->nan); bad++; }
  if (a->off) { fprintf(stderr, "    %s: %s: %lld elements off (worst %.3g)\n", what, which, (long long)a->off, a->worst); bad++; }
  if (!(rel < tol)) { fprintf(stderr, "    %s: %s: relative error %.3g >= %.1g\n", what, which, rel, tol); bad++; }
  return bad;
}

/* The kernel a case must run: "<op>_<act>[_idx..]_<nores|res>_<vec16|scalar>_sm.." */
static void expected_kernel(const nm_case *c, int vec, char *buf, size_t n) {
  snprintf(buf, n, "%s_%s%s_%s_%s_sm", src_op[c->src], dt_name(c->act),
           c->src == SRC_SELECT01 ? (c->idx32 ? "_idxi32" : "_idxi64") : "", c->residual ? "res" : "nores",
           vec ? "vec16" : "scalar");
}

static int run_case(const nm_case *c) {
  char what[320];
  describe(c, what, sizeof what);
  int bad = 0;
  const int64_t B = c->B, L = c->L, C = c->C, F = c->F;
  const test_dtype dt = c->act;
  uint64_t rng = c->seed * 0x9E3779B97F4A7C15ull + 777;
  nm_tensor t[T_N];
  memset(t, 0, sizeof t);
  const int64_t mis = c->misalign ? 1 : 0;
  const int64_t shp3[3] = {B, L, C};
  const int64_t mb = c->bcast ? 1 : B;
  int fail = 0;
  fail |= tensor_make(&t[T_X], dt, 0, 0, 0, 3, shp3, c->pad, mis, &rng, -2, 2);
  fail |= tensor_make(&t[T_OUT], dt, 0, 0, 1, 3, shp3, c->pad, mis, &rng, 0, 0);
  if (c->residual) {
    fail |= tensor_make(&t[T_RES], dt, 0, 0, 0, 3, shp3, c->pad, mis, &rng, -2, 2);
    fail |= tensor_make(&t[T_RGATE], dt, 0, 0, 0, 3, shp3, c->pad, mis, &rng, -1.5, 1.5);
    fail |= tensor_make(&t[T_ROUT], dt, 0, 0, 1, 3, shp3, c->pad, mis, &rng, 0, 0);
  }
  const int64_t shpc[1] = {C};
  if (c->weight) fail |= tensor_make(&t[T_W], dt, 0, 0, 0, 1, shpc, 0, 0, &rng, 0.5, 1.5);
  if (c->bias) fail |= tensor_make(&t[T_BIAS], dt, 0, 0, 0, 1, shpc, 0, 0, &rng, -0.5, 0.5);
  if (c->src == SRC_SELECT01) {
    const int64_t shpi[2] = {B, L}, shpm[2] = {mb, C};
    fail |= tensor_make(&t[T_GATE_OUT], dt, 0, 0, 1, 3, shp3, c->pad, mis, &rng, 0, 0);
    fail |= tensor_make(&t[T_INDEX], dt, 1, c->idx32, 0, 2, shpi, 0, 0, &rng, 0, 0);
    for (int k = T_SC0; k <= T_G1; k++)
      fail |= tensor_make(&t[k], dt, 0, 0, 0, 2, shpm, c->pad, 0, &rng, (k == T_SC0 || k == T_SC1) ? -0.5 : -1, (k == T_SC0 || k == T_SC1) ? 0.5 : 1);
  } else if (c->src != SRC_SCALAR) {
    int64_t shp[4];
    int nd;
    if (c->src == SRC_BATCH) { shp[0] = mb; shp[1] = C; nd = 2; }
    else if (c->src == SRC_TOKEN) { shp[0] = mb; shp[1] = L; shp[2] = C; nd = 3; }
    else { shp[0] = mb; shp[1] = F; shp[2] = 1; shp[3] = C; nd = 4; }
    fail |= tensor_make(&t[T_SC0], dt, 0, 0, 0, nd, shp, c->pad, 0, &rng, -0.5, 0.5);
    fail |= tensor_make(&t[T_SH0], dt, 0, 0, 0, nd, shp, c->pad, 0, &rng, -1, 1);
  }
  if (fail) {
    fprintf(stderr, "    %s: allocation failed\n", what);
    bad++;
    goto done;
  }
  /* x: a per-row offset, so that LayerNorm's mean is not near 0 */
  for (int64_t b = 0; b < B; b++)
    for (int64_t l = 0; l < L; l++) {
      double off = rng_uniform(&rng, -3, 3);
      for (int64_t ch = 0; ch < C; ch++) {
        size_t a = at3(&t[T_X], b, l, ch);
        dt_store(dt, t[T_X].g.host + a * t[T_X].esize, dt_load(dt, t[T_X].g.host + a * t[T_X].esize) + off);
      }
    }
  if (c->src == SRC_SELECT01) {
    nm_tensor *ix = &t[T_INDEX];
    for (size_t i = 0; i < ix->g.bytes / ix->esize; i++) {
      int64_t v = (int64_t)(rng_next(&rng) % 5) - 2; /* -2..2: nonzero picks branch 1 */
      if (c->nan_unchosen) v = 0;
      if (ix->esize == 4) { int32_t w = (int32_t)v; memcpy(ix->g.host + i * 4, &w, 4); }
      else memcpy(ix->g.host + i * 8, &v, 8);
    }
    if (c->nan_unchosen)
      for (int64_t b = 0; b < B; b++)
        for (int64_t l = 0; l < L; l++) {
          int64_t v = (b % 2) ? 7 : 0;
          size_t a = at2(ix, b, l);
          if (ix->esize == 4) { int32_t w = (int32_t)v; memcpy(ix->g.host + a * 4, &w, 4); }
          else memcpy(ix->g.host + a * 8, &v, 8);
          for (int k = 0; k < 3; k++) { /* the other branch's row: NaN */
            nm_tensor *o = &t[(b % 2) ? T_SC0 + k : T_SC1 + k];
            for (int64_t ch = 0; ch < C; ch++) set_val(o, at2(o, b, ch), NAN);
          }
        }
  }
  for (int k = 0; k < T_N; k++)
    if (t[k].present && gbuf_upload(&t[k].g)) { fprintf(stderr, "    %s: upload failed\n", what); bad++; goto done; }

  {
    DLTensor *p[T_N];
    for (int k = 0; k < T_N; k++) p[k] = t[k].present ? &t[k].v.t : NULL;
    fg_status st;
    switch (c->src) {
    case SRC_SELECT01:
      st = fg_norm_modulate_select01(p[T_X], p[T_OUT], p[T_GATE_OUT], p[T_INDEX], p[T_SC0], p[T_SH0], p[T_G0],
                                     p[T_SC1], p[T_SH1], p[T_G1], p[T_W], p[T_BIAS], p[T_RES], p[T_RGATE],
                                     p[T_ROUT], c->norm, c->eps, c->k, NULL);
      break;
    case SRC_BATCH:
      st = fg_norm_modulate(p[T_X], p[T_OUT], p[T_SC0], p[T_SH0], p[T_W], p[T_BIAS], p[T_RES], p[T_RGATE],
                            p[T_ROUT], c->norm, c->eps, c->k, NULL);
      break;
    case SRC_TOKEN:
      st = fg_norm_modulate_per_token(p[T_X], p[T_OUT], p[T_SC0], p[T_SH0], p[T_W], p[T_BIAS], p[T_RES],
                                      p[T_RGATE], p[T_ROUT], c->norm, c->eps, c->k, NULL);
      break;
    case SRC_FRAME:
      st = fg_norm_modulate_per_frame(p[T_X], p[T_OUT], p[T_SC0], p[T_SH0], p[T_W], p[T_BIAS], p[T_RES],
                                      p[T_RGATE], p[T_ROUT], c->norm, c->eps, c->k, NULL);
      break;
    default:
      st = fg_norm_modulate_scalar(p[T_X], p[T_OUT], p[T_W], p[T_BIAS], p[T_RES], p[T_RGATE], p[T_ROUT], c->norm,
                                   c->eps, c->k, 0.375f, -0.625f, NULL);
    }
    if (st != FG_OK) {
      fprintf(stderr, "    %s: returned %s: %s\n", what, fg_status_name(st), fg_last_error());
      bad++;
      goto done;
    }
  }
  {
    /* the 16-byte path exactly when C and every pointer and stride allow it */
    const int vec = !c->misalign && (C % (16 / dt_size(dt))) == 0 && (c->pad % (16 / dt_size(dt))) == 0;
    char want[128];
    expected_kernel(c, vec, want, sizeof want);
    if (strncmp(fg__last_kernel(), want, strlen(want)) != 0) {
      fprintf(stderr, "    %s: ran %s, expected %s*\n", what, fg__last_kernel(), want);
      bad++;
    }
  }
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    fprintf(stderr, "    %s: kernel failed: %s\n", what, cudaGetErrorString(err));
    bad++;
    goto done;
  }
  for (int k = 0; k < T_N; k++)
    if (t[k].present && gbuf_download(&t[k].g)) { fprintf(stderr, "    %s: download failed\n", what); bad++; goto done; }

  {
    acc ao = {0}, ar = {0};
    int64_t gate_bad = 0;
    double *r = malloc(sizeof(double) * (size_t)C);
    for (int64_t b = 0; b < B; b++)
      for (int64_t l = 0; l < L; l++) {
        const int64_t mbi = c->bcast ? 0 : b;
        for (int64_t ch = 0; ch < C; ch++) {
          double x = val(&t[T_X], at3(&t[T_X], b, l, ch));
          r[ch] = c->residual ? val(&t[T_RES], at3(&t[T_RES], b, l, ch)) + val(&t[T_RGATE], at3(&t[T_RGATE], b, l, ch)) * x : x;
        }
        double mean = 0, ms = 0, rstd = 1;
        for (int64_t ch = 0; ch < C; ch++) mean += r[ch];
        mean /= (double)C;
        if (c->norm == FG_NORM_LAYER) {
          for (int64_t ch = 0; ch < C; ch++) ms += (r[ch] - mean) * (r[ch] - mean);
          rstd = 1 / sqrt(ms / (double)C + c->eps);
        } else if (c->norm == FG_NORM_RMS) {
          for (int64_t ch = 0; ch < C; ch++) ms += r[ch] * r[ch];
          rstd = 1 / sqrt(ms / (double)C + c->eps);
          mean = 0;
        } else mean = 0;
        int one = 0;
        if (c->src == SRC_SELECT01) {
          size_t a = at2(&t[T_INDEX], b, l);
          int64_t v;
          if (t[T_INDEX].esize == 4) { int32_t w; memcpy(&w, t[T_INDEX].g.before + a * 4, 4); v = w; }
          else memcpy(&v, t[T_INDEX].g.before + a * 8, 8);
          one = v != 0;
        }
        for (int64_t ch = 0; ch < C; ch++) {
          double n = (r[ch] - mean) * rstd;
          if (c->weight) n *= val(&t[T_W], at2(&t[T_W], 0, 0) + (size_t)ch);
          if (c->bias) n += val(&t[T_BIAS], at2(&t[T_BIAS], 0, 0) + (size_t)ch);
          double sc, sh;
          if (c->src == SRC_SELECT01) {
            const nm_tensor *ts = &t[one ? T_SC1 : T_SC0], *th = &t[one ? T_SH1 : T_SH0];
            sc = val(ts, at2(ts, mbi, ch));
            sh = val(th, at2(th, mbi, ch));
          } else if (c->src == SRC_BATCH) {
            sc = val(&t[T_SC0], at2(&t[T_SC0], mbi, ch));
            sh = val(&t[T_SH0], at2(&t[T_SH0], mbi, ch));
          } else if (c->src == SRC_TOKEN) {
            sc = val(&t[T_SC0], at3(&t[T_SC0], mbi, l, ch));
            sh = val(&t[T_SH0], at3(&t[T_SH0], mbi, l, ch));
          } else if (c->src == SRC_FRAME) {
            int64_t f = l / (L / F);
            sc = val(&t[T_SC0], at3(&t[T_SC0], mbi, f, 0) + (size_t)ch);
            sh = val(&t[T_SH0], at3(&t[T_SH0], mbi, f, 0) + (size_t)ch);
          } else { sc = 0.375; sh = -0.625; }
          double ref = n * (c->k + sc) + sh;
          size_t ao_at = at3(&t[T_OUT], b, l, ch);
          t[T_OUT].written[ao_at] = 1;
          compare(&ao, &t[T_OUT], ao_at, ref, what, "out", b, l, ch);
          if (c->residual) {
            size_t ra = at3(&t[T_ROUT], b, l, ch);
            t[T_ROUT].written[ra] = 1;
            compare(&ar, &t[T_ROUT], ra, r[ch], what, "residual_out", b, l, ch);
          }
          if (c->src == SRC_SELECT01) {
            const nm_tensor *tg = &t[one ? T_G1 : T_G0];
            size_t ga = at3(&t[T_GATE_OUT], b, l, ch);
            t[T_GATE_OUT].written[ga] = 1;
            if (memcmp(t[T_GATE_OUT].g.host + ga * t[T_GATE_OUT].esize, tg->g.before + at2(tg, mbi, ch) * tg->esize,
                       (size_t)tg->esize) != 0)
              gate_bad++;
          }
        }
      }
    free(r);
    bad += verdict(&ao, dt, what, "out");
    if (c->residual) bad += verdict(&ar, dt, what, "residual_out");
    if (gate_bad) { fprintf(stderr, "    %s: gate_out: %lld elements differ from the chosen gate\n", what, (long long)gate_bad); bad++; }
    /* nothing outside the outputs' elements changed; inputs unchanged */
    for (int k = 0; k < T_N; k++) {
      if (!t[k].present) continue;
      int64_t changed = 0;
      for (size_t i = 0; i < t[k].g.bytes / t[k].esize; i++)
        if (!t[k].written[i] && memcmp(t[k].g.host + i * t[k].esize, t[k].g.before + i * t[k].esize, t[k].esize))
          changed++;
      if (changed) {
        fprintf(stderr, "    %s: %s: %lld elements changed outside the output\n", what, tname[k], (long long)changed);
        bad++;
      }
    }
  }
done:
  for (int k = 0; k < T_N; k++)
    if (t[k].present) { gbuf_free(&t[k].g); free(t[k].written); }
  return bad;
}

static nm_case base_case(nm_source src, test_dtype dt, int64_t B, int64_t L, int64_t C, uint64_t seed) {
  nm_case c;
  memset(&c, 0, sizeof c);
  c.src = src;
  c.act = dt;
  c.B = B; c.L = L; c.C = C;
  c.F = 1;
  c.norm = FG_NORM_LAYER;
  c.eps = 1e-6f;
  c.k = 1.0f;
  c.seed = seed;
  return c;
}

static const test_dtype DTS[3] = {DT_BF16, DT_FP16, DT_FP32};

/* Every variant: each source, dtype, residual form, access path (and index
 * dtype), each run once with the kernel checked by name. */
TEST(test_nm_gpu_every_variant) {
  if (!test_have_gpu()) SKIP("no GPU");
  int n = 0;
  for (int s = 0; s < 5; s++)
    for (int d = 0; d < 3; d++)
      for (int res = 0; res < 2; res++)
        for (int vec = 0; vec < 2; vec++)
          for (int ix = 0; ix < (s == SRC_SELECT01 ? 2 : 1); ix++) {
            nm_case c = base_case((nm_source)s, DTS[d], 2, 12, vec ? 1536 : 1000, (uint64_t)(++n));
            c.residual = res;
            c.idx32 = ix;
            c.F = 4;
            c.norm = (fg_norm)(n % 3);
            c.weight = n % 2;
            c.bias = (n / 2) % 2;
            c.bcast = (n / 4) % 2;
            c.pad = vec ? 16 : 3;
            c.misalign = !vec && (n % 4 == 0);
            if (!vec && c.misalign) c.C = 1536; /* the element path by pointer alone */
            c.k = n % 5 == 0 ? 0.0f : 1.0f;
            CHECK(run_case(&c) == 0);
          }
}

/* The ops.md test shapes: B 1, 2, 4; L 6, 33, 128, 257; C 512, 1024, 1536,
 * 3072, 3000; fp32, fp16, bf16; with and without affine; both residual forms
 * (select01, the Qwen-Image-Edit pattern, and per batch). */
TEST(test_nm_gpu_ops_shapes) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t Bs[3] = {1, 2, 4}, Ls[4] = {6, 33, 128, 257}, Cs[5] = {512, 1024, 1536, 3072, 3000};
  uint64_t seed = 1000;
  for (int d = 0; d < 3; d++)
    for (int bi = 0; bi < 3; bi++)
      for (int li = 0; li < 4; li++)
        for (int ci = 0; ci < 5; ci++)
          for (int form = 0; form < 4; form++) {
            seed++;
            nm_case c = base_case((seed % 3) ? SRC_SELECT01 : SRC_BATCH, DTS[d], Bs[bi], Ls[li], Cs[ci], seed);
            c.residual = form & 1;
            c.weight = c.bias = (form >> 1) & 1;
            c.norm = (seed % 4 == 0) ? FG_NORM_RMS : FG_NORM_LAYER;
            c.idx32 = seed % 2;
            CHECK(run_case(&c) == 0);
          }
}

/* Every source and layout: [B, C] and [1, C] per batch, per token, per frame
 * (F dividing L), scalar; both residual forms; every norm; k = 1 and 0. */
TEST(test_nm_gpu_sources) {
  if (!test_have_gpu()) SKIP("no GPU");
  uint64_t seed = 5000;
  for (int s = 0; s < 5; s++)
    for (int d = 0; d < 3; d++)
      for (int form = 0; form < 6; form++) {
        nm_case c = base_case((nm_source)s, DTS[d], 2, 33, 3072, ++seed);
        c.residual = form & 1;
        c.norm = (fg_norm)(form / 2);
        c.bcast = form == 3;
        c.F = form < 3 ? 3 : 11;
        c.k = form == 5 ? 0.0f : 1.0f;
        c.weight = form == 1;
        c.bias = form == 2;
        c.eps = form == 4 ? 1e-5f : 1e-6f;
        CHECK(run_case(&c) == 0);
      }
}

/* Per frame, the frame of row l is l / (L / F) by the launcher's divisor: one
 * frame (L / F = L), a frame per row (L / F = 1) and frames of an odd length
 * (1031 rows); the 16-byte and the element path (C = 500), both residual forms. */
TEST(test_nm_gpu_per_frame_groups) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t Fs[3] = {1, 3093, 3};
  uint64_t seed = 14000;
  for (int fi = 0; fi < 3; fi++)
    for (int form = 0; form < 4; form++) {
      nm_case c = base_case(SRC_FRAME, (form & 1) ? DT_FP32 : DT_BF16, 2, 3093, (form & 2) ? 500 : 512, ++seed);
      c.F = Fs[fi];
      c.residual = form == 3;
      CHECK(run_case(&c) == 0);
    }
}

/* Calls of many more rows than a grid of what fits holds: on sm_90 the per-batch
 * and per-frame kernels (16-bit, no residual) walk rows a grid apart with x's
 * rows in a ring of shared memory, refilled as the rows end, and the modulation
 * rows held while a block's rows share them. Every norm kind (none has no
 * reduction to sync the warps before a refill); C filling the chunk slots, not
 * filling them (the ring place's zeroed tail), and the largest; batch entries
 * and frames changing inside a block's walk. */
TEST(test_nm_gpu_ring_many_rows) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t Cs[4] = {3072, 1000, 5120, 16384};
  uint64_t seed = 16000;
  for (int ci = 0; ci < 4; ci++)
    for (int form = 0; form < 6; form++) {
      const int64_t L = Cs[ci] == 16384 ? 600 : Cs[ci] == 5120 ? 3003 : 4095;
      nm_case c = base_case(form & 1 ? SRC_FRAME : SRC_BATCH, form & 2 ? DT_FP16 : DT_BF16, 2, L, Cs[ci], ++seed);
      c.norm = (fg_norm)(form % 3);
      c.F = L == 600 ? 3 : 7; /* frames of 200, 429 and 585 rows */
      c.weight = form >= 3;
      c.bias = form == 5;
      CHECK(run_case(&c) == 0);
    }
}

/* Any C: 1, odd and prime sizes, 16383 and 16384 (the largest), tiny rows; the
 * element path by C and by pointer alignment; padded rows. */
TEST(test_nm_gpu_channel_counts) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t Cs[] = {1, 2, 7, 8, 24, 257, 1000, 3001, 4096, 5120, 8191, 16383, 16384};
  uint64_t seed = 9000;
  for (size_t i = 0; i < sizeof Cs / sizeof Cs[0]; i++)
    for (int d = 0; d < 3; d++)
      for (int form = 0; form < 3; form++) {
        nm_case c = base_case(form == 2 ? SRC_BATCH : SRC_SELECT01, DTS[d], 2, Cs[i] > 4096 ? 5 : 9, Cs[i], ++seed);
        c.residual = form == 1;
        c.misalign = form == 2;
        c.weight = c.bias = form != 0;
        c.norm = Cs[i] == 1 ? FG_NORM_RMS : FG_NORM_LAYER;
        c.pad = form == 0 ? 16 / dt_size(DTS[d]) * 2 : 0;
        CHECK(run_case(&c) == 0);
      }
}

/* More batch entries than a grid's second dimension holds (65535): the kernels
 * that take one block per row find the rest in its third (b = y + 65535 z; the
 * blocks past B return). Both residual forms, a 16-bit and the fp32 16-byte
 * path, and the element path (C = 63). */
TEST(test_nm_gpu_many_batch_entries) {
  if (!test_have_gpu()) SKIP("no GPU");
  uint64_t seed = 12000;
  static const nm_source srcs[2] = {SRC_SELECT01, SRC_TOKEN};
  for (int si = 0; si < 2; si++)
    for (int form = 0; form < 4; form++) {
      const int64_t C = form == 3 ? 63 : 64;
      nm_case c = base_case(srcs[si], form == 2 ? DT_FP32 : DT_BF16, 70001, 2, C, ++seed);
      c.residual = form & 1;
      CHECK(run_case(&c) == 0);
    }
}

/* select01 reads only the chosen branch: the other branch's rows are NaN, the
 * outputs must be clean (NaN fails every comparison). */
TEST(test_nm_gpu_select01_reads_chosen_branch_only) {
  if (!test_have_gpu()) SKIP("no GPU");
  for (int d = 0; d < 3; d++)
    for (int form = 0; form < 4; form++) {
      nm_case c = base_case(SRC_SELECT01, DTS[d], 4, 33, form >= 2 ? 3000 : 3072, (uint64_t)(70 + d * 4 + form));
      c.nan_unchosen = 1;
      c.residual = form & 1;
      c.misalign = form == 2;
      CHECK(run_case(&c) == 0);
    }
}

/* A refused call on real buffers writes nothing: the poisoned outputs stay. */
TEST(test_nm_gpu_bad_call_writes_nothing) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t B = 2, L = 6, C = 512, F = 4; /* F does not divide L */
  gbuf xb, ob, sb, hb;
  int64_t s3[3] = {B, L, C}, st3[3] = {L * C, C, 1}, s4[4] = {B, F, 1, C}, st4[4] = {F * C, C, C, 1};
  CHECK(gbuf_alloc(&xb, (size_t)(B * L * C * 2)) == 0);
  CHECK(gbuf_alloc(&ob, (size_t)(B * L * C * 2)) == 0);
  CHECK(gbuf_alloc(&sb, (size_t)(B * F * C * 2)) == 0);
  CHECK(gbuf_alloc(&hb, (size_t)(B * F * C * 2)) == 0);
  uint64_t rng = 5;
  for (size_t i = 0; i < xb.bytes / 2; i++) dt_store(DT_BF16, xb.host + 2 * i, rng_uniform(&rng, -1, 1));
  gbuf_poison(&ob);
  CHECK(gbuf_upload(&xb) == 0 && gbuf_upload(&ob) == 0 && gbuf_upload(&sb) == 0 && gbuf_upload(&hb) == 0);
  tview xv, ov, sv, hv;
  tview_make(&xv, &xb, DT_BF16, 0, 3, s3, st3);
  tview_make(&ov, &ob, DT_BF16, 0, 3, s3, st3);
  tview_make(&sv, &sb, DT_BF16, 0, 4, s4, st4);
  tview_make(&hv, &hb, DT_BF16, 0, 4, s4, st4);
  fg_status st = fg_norm_modulate_per_frame(&xv.t, &ov.t, &sv.t, &hv.t, NULL, NULL, NULL, NULL, NULL, FG_NORM_LAYER,
                                            1e-6f, 1.0f, NULL);
  CHECK(st == FG_ERR_SHAPE);
  CHECK(strstr(fg_last_error(), "F") != NULL);
  /* out fp16 while x is bf16 */
  ov.t.dtype = dt_dl(DT_FP16);
  st = fg_norm_modulate(&xv.t, &ov.t, &sv.t, &hv.t, NULL, NULL, NULL, NULL, NULL, FG_NORM_LAYER, 1e-6f, 1.0f, NULL);
  CHECK(st == FG_ERR_DTYPE || st == FG_ERR_SHAPE);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(gbuf_download(&ob) == 0);
  CHECK(memcmp(ob.host, ob.before, ob.bytes) == 0);
  gbuf_free(&xb);
  gbuf_free(&ob);
  gbuf_free(&sb);
  gbuf_free(&hb);
}
