/* GPU tests of fg_rope_qk: q and k rotated in one launch, as views into one
 * fused qkv tensor [T, HQ + 2 HK, D] (q heads, then k, then v), with different
 * head counts (GQA/MQA). Every kernel of its dispatch table for this GPU, and
 * the (HQ, HK) pairs and token counts of ops.md, against a float64 host
 * reference; outputs poisoned; v and every byte outside the outputs unchanged. */
#include "fusegen_internal.h"
#include "fusegen_kernels.h"
#include "gpu_util.h"
#include "harness.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  test_dtype act, tab;
  fg_pairing pairing;
  int64_t T, HQ, HK, D, R;
  int inplace;  /* q_out = k_out = NULL */
  int misalign; /* shift the qkv tensor by one element: no 16-byte path */
  uint64_t seed;
  const char *expect_kernel;
} qk_case;

static int run_qk(const qk_case *c) {
  char what[200];
  snprintf(what, sizeof what, "rope_qk %s/%s %s T=%lld HQ=%lld HK=%lld D=%lld R=%lld%s%s", dt_name(c->act),
           dt_name(c->tab), c->pairing == FG_PAIRING_HALF ? "half" : "interleaved", (long long)c->T,
           (long long)c->HQ, (long long)c->HK, (long long)c->D, (long long)c->R, c->inplace ? " in place" : "",
           c->misalign ? " misaligned" : "");
  const int es = dt_size(c->act), ts = dt_size(c->tab);
  const int64_t T = c->T, HQ = c->HQ, HK = c->HK, D = c->D, R = c->R, half = R / 2;
  const int64_t heads = HQ + 2 * HK, tstride = heads * D, front = 64 + (c->misalign ? 1 : 0);
  const size_t n = (size_t)(front + T * tstride + 64);
  gbuf qkv, qo, ko, cb, sb;
  int bad = 0;
  memset(&qo, 0, sizeof qo);
  memset(&ko, 0, sizeof ko);
  if (gbuf_alloc(&qkv, n * es) || gbuf_alloc(&cb, (size_t)(T * half + 1) * ts) ||
      gbuf_alloc(&sb, (size_t)(T * half + 1) * ts) ||
      (!c->inplace && (gbuf_alloc(&qo, (size_t)(T * HQ * D + 8) * es) || gbuf_alloc(&ko, (size_t)(T * HK * D + 8) * es)))) {
    fprintf(stderr, "    %s: allocation failed\n", what);
    return 1;
  }
  uint64_t rng = c->seed * 0x9E3779B97F4A7C15ull + 7;
  for (size_t i = 0; i < n; i++) dt_store(c->act, qkv.host + i * es, rng_uniform(&rng, -2, 2));
  for (int64_t i = 0; i < T * half; i++) {
    double th = rng_uniform(&rng, -3.2, 3.2);
    dt_store(c->tab, cb.host + i * ts, cos(th));
    dt_store(c->tab, sb.host + i * ts, sin(th));
  }
  if (!c->inplace) { gbuf_poison(&qo); gbuf_poison(&ko); }
  if (gbuf_upload(&qkv) || gbuf_upload(&cb) || gbuf_upload(&sb) || (!c->inplace && (gbuf_upload(&qo) || gbuf_upload(&ko)))) {
    fprintf(stderr, "    %s: upload failed\n", what);
    bad++;
    goto done;
  }
  tview qv, kv, qov, kov, cv, sv;
  int64_t qs[3] = {T, HQ, D}, ks[3] = {T, HK, D}, st[3] = {tstride, D, 1};
  int64_t qos[3] = {HQ * D, D, 1}, kos[3] = {HK * D, D, 1}, tsh[2] = {T, half}, tst[2] = {half, 1};
  tview_make(&qv, &qkv, c->act, (size_t)front * es, 3, qs, st);
  tview_make(&kv, &qkv, c->act, (size_t)(front + HQ * D) * es, 3, ks, st);
  tview_make(&cv, &cb, c->tab, 0, 2, tsh, tst);
  tview_make(&sv, &sb, c->tab, 0, 2, tsh, tst);
  if (!c->inplace) {
    tview_make(&qov, &qo, c->act, 0, 3, qs, qos);
    tview_make(&kov, &ko, c->act, 0, 3, ks, kos);
  }
  fg_status status = fg_rope_qk(&qv.t, &kv.t, c->inplace ? NULL : &qov.t, c->inplace ? NULL : &kov.t, &cv.t, &sv.t,
                                c->pairing, NULL);
  if (status != FG_OK) {
    fprintf(stderr, "    %s: %s: %s\n", what, fg_status_name(status), fg_last_error());
    bad++;
    goto done;
  }
  if (c->expect_kernel && strcmp(fg__last_kernel(), c->expect_kernel)) {
    fprintf(stderr, "    %s: ran %s, expected %s\n", what, fg__last_kernel(), c->expect_kernel);
    bad++;
  }
  if (cudaDeviceSynchronize() != cudaSuccess || gbuf_download(&qkv) ||
      (!c->inplace && (gbuf_download(&qo) || gbuf_download(&ko)))) {
    fprintf(stderr, "    %s: kernel or download failed\n", what);
    bad++;
    goto done;
  }
  {
    const double unit = dt_unit(c->act), tol = c->act == DT_FP32 ? 1e-5 : c->act == DT_FP16 ? 2e-3 : 1e-2;
    double err2 = 0, ref2 = 0;
    int64_t off = 0, nan = 0;
    unsigned char *written = calloc(n, 1);
    for (int64_t t = 0; t < T; t++)
      for (int64_t hh = 0; hh < HQ + HK; hh++) {
        const int is_q = hh < HQ;
        const size_t src = (size_t)(front + t * tstride + hh * D);
        double in[1024], ref[1024];
        for (int64_t d = 0; d < D; d++) in[d] = ref[d] = dt_load(c->act, qkv.before + (src + d) * es);
        for (int64_t i = 0; i < half; i++) {
          double cc = dt_load(c->tab, cb.before + (t * half + i) * ts), ss = dt_load(c->tab, sb.before + (t * half + i) * ts);
          int64_t a = c->pairing == FG_PAIRING_HALF ? i : 2 * i, b = c->pairing == FG_PAIRING_HALF ? i + half : 2 * i + 1;
          ref[a] = in[a] * cc - in[b] * ss;
          ref[b] = in[b] * cc + in[a] * ss;
        }
        for (int64_t d = 0; d < D; d++) {
          const unsigned char *got_p;
          if (c->inplace) {
            got_p = qkv.host + (src + d) * es;
            written[src + d] = 1;
          } else if (is_q) got_p = qo.host + (size_t)((t * HQ + hh) * D + d) * es;
          else got_p = ko.host + (size_t)((t * HK + hh - HQ) * D + d) * es;
          double got = dt_load(c->act, got_p);
          if (isnan(got)) { nan++; continue; }
          double e = fabs(got - ref[d]);
          err2 += e * e;
          ref2 += ref[d] * ref[d];
          if (e > (d < R ? 2 * unit * fabs(ref[d]) + 1.6e-5 : 0)) {
            if (off < 3) fprintf(stderr, "    %s: t=%lld head=%lld d=%lld got %.8g want %.8g\n", what, (long long)t, (long long)hh, (long long)d, got, ref[d]);
            off++;
          }
        }
      }
    double rel = ref2 > 0 ? sqrt(err2 / ref2) : 0;
    if (nan) { fprintf(stderr, "    %s: %lld elements not written\n", what, (long long)nan); bad++; }
    if (off) { fprintf(stderr, "    %s: %lld elements off\n", what, (long long)off); bad++; }
    if (!(rel < tol)) { fprintf(stderr, "    %s: relative error %.3g\n", what, rel); bad++; }
    /* v heads, padding and (out of place) all of q and k unchanged */
    int64_t changed = 0;
    for (size_t i = 0; i < n; i++)
      if (!written[i] && memcmp(qkv.host + i * es, qkv.before + i * es, es)) changed++;
    if (changed) { fprintf(stderr, "    %s: %lld elements of qkv outside the outputs changed\n", what, (long long)changed); bad++; }
    if (!c->inplace) {
      const size_t qend = (size_t)(T * HQ * D) * es, kend = (size_t)(T * HK * D) * es;
      if (memcmp(qo.host + qend, qo.before + qend, qo.bytes - qend) || memcmp(ko.host + kend, ko.before + kend, ko.bytes - kend)) {
        fprintf(stderr, "    %s: bytes after q_out or k_out changed\n", what);
        bad++;
      }
    }
    free(written);
  }
done:
  gbuf_free(&qkv);
  gbuf_free(&cb);
  gbuf_free(&sb);
  if (!c->inplace) { gbuf_free(&qo); gbuf_free(&ko); }
  return bad;
}

/* Every rope_qk kernel this GPU gets, with GQA and MQA head counts. */
TEST(test_rope_qk_gpu_every_variant) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int cc = gpu_device_cc();
  int variants = 0;
  for (int k = 0; k < fg__rope_qk_kernel_count; k++) {
    const fg__kernel_entry *e = &fg__rope_qk_kernels[k];
    if (fg__find_kernel(fg__rope_qk_kernels, fg__rope_qk_kernel_count, 7, e->key, cc, e->model) != e) continue;
    fg__select_model(e->model); /* a GPU model's own kernel runs where it is selected */
    char act[8], tab[8], pairing[16], dim[8], rot[16], access[16];
    int arch, d;
    if (sscanf(e->name, "rope_qk_%7[a-z0-9]_tab%7[a-z0-9]_pair%15[a-z]_d%7[a-z0-9]_rot%15[a-z]_%15[a-z0-9]_sm%d", act, tab,
               pairing, dim, rot, access, &arch) != 7 ||
        (strcmp(pairing, "interleaved") && strcmp(pairing, "half")) || (strcmp(rot, "full") && strcmp(rot, "partial"))) {
      CHECK_MSG(0, "cannot parse %s", e->name);
      continue;
    }
    const int vec = !strcmp(access, "vec16"), full = !strcmp(rot, "full");
    if (!strcmp(dim, "any")) d = vec ? 112 : 46;
    else d = atoi(dim);
    qk_case c;
    memset(&c, 0, sizeof c);
    test_dtype dts[3] = {DT_FP32, DT_FP16, DT_BF16};
    for (int i = 0; i < 3; i++) {
      if (!strcmp(act, dt_name(dts[i]))) c.act = dts[i];
      if (!strcmp(tab, dt_name(dts[i]))) c.tab = dts[i];
    }
    c.pairing = !strcmp(pairing, "half") ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
    c.D = d;
    /* the 16-byte path: R/2 angles are whole 16-byte chunks of x and of the tables */
    const int64_t VEC = 16 / dt_size(c.act), W = VEC > 16 / dt_size(c.tab) ? VEC : 16 / dt_size(c.tab);
    c.R = full ? d : vec ? d - 2 * W : d - 2;
    c.misalign = !vec && full; /* the scalar path by pointer when R = D */
    c.expect_kernel = e->name;
    static const int64_t hq[] = {32, 8, 32}, hk[] = {8, 8, 1}, toks[] = {5, 3, 9};
    int failures = 0;
    for (int l = 0; l < 3; l++) {
      c.HQ = hq[l];
      c.HK = hk[l];
      c.T = toks[l];
      c.inplace = l == 1;
      c.seed = (uint64_t)k * 7 + l;
      failures += run_qk(&c) != 0;
    }
    CHECK_MSG(failures == 0, "%s: %d of 3 layouts failed", e->name, failures);
    variants++;
  }
  fg__select_model(-1);
  CHECK_MSG(variants > 0, "no rope_qk kernel for sm_%d", cc);
}

/* ops.md: (Hq, Hk) in (32, 8), (64, 8), (8, 8), (32, 1); D 64 to 320; tokens 1, 2^n, 2^n + 1 up to 8192. */
TEST(test_rope_qk_gpu_model_shapes) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t pairs[][2] = {{32, 8}, {64, 8}, {8, 8}, {32, 1}};
  static const int64_t dims[] = {64, 80, 96, 128, 256, 320};
  static const int64_t toks[] = {1, 2, 1024, 1025, 8192, 8193};
  int n = 0;
  for (size_t p = 0; p < 4; p++)
    for (size_t d = 0; d < 6; d++) {
      qk_case c;
      memset(&c, 0, sizeof c);
      c.act = DT_BF16;
      c.tab = DT_FP32;
      c.pairing = (p + d) % 2 ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
      c.HQ = pairs[p][0];
      c.HK = pairs[p][1];
      c.D = c.R = dims[d];
      c.T = toks[(p * 6 + d) % 6];
      if (c.D >= 256 && c.T > 2000) c.T = 1025; /* keeps the host reference quick */
      c.inplace = (p + d) % 3 == 0;
      c.seed = 900 + n++;
      CHECK(run_qk(&c) == 0);
    }
}

/* No GPU needed: q and k in place as views of one qkv tensor are disjoint (their
 * byte ranges interleave, their elements do not); views that share elements are
 * refused. Fake pointers: the call stops at the device check at the latest. */
TEST(test_rope_qk_api_qkv_views) {
  const int64_t T = 16, HQ = 32, HK = 8, D = 128, tstride = (HQ + 2 * HK) * D;
  int64_t qs[3] = {T, HQ, D}, ks[3] = {T, HK, D}, st[3] = {tstride, D, 1}, cs_[2] = {T, 64};
  DLTensor q, k, c;
  memset(&q, 0, sizeof q);
  q.data = (void *)0x100000;
  q.device.device_type = kDLCUDA;
  q.ndim = 3;
  q.dtype.code = kDLBfloat;
  q.dtype.bits = 16;
  q.dtype.lanes = 1;
  q.shape = qs;
  q.strides = st;
  k = q;
  k.shape = ks;
  k.byte_offset = (uint64_t)(HQ * D * 2);
  memset(&c, 0, sizeof c);
  c.data = (void *)0x900000;
  c.device.device_type = kDLCUDA;
  c.ndim = 2;
  c.dtype.code = kDLFloat;
  c.dtype.bits = 32;
  c.dtype.lanes = 1;
  c.shape = cs_;
  fg_status st_ = fg_rope_qk(&q, &k, NULL, NULL, &c, &c, FG_PAIRING_INTERLEAVED, NULL);
  CHECK_MSG(st_ == FG_ERR_DEVICE, "disjoint qkv views in place: %s (%s)", fg_status_name(st_), fg_last_error());
  /* k starting one head early shares q's last head: refused */
  k.byte_offset = (uint64_t)((HQ - 1) * D * 2);
  st_ = fg_rope_qk(&q, &k, NULL, NULL, &c, &c, FG_PAIRING_INTERLEAVED, NULL);
  CHECK_MSG(st_ == FG_ERR_INVALID_ARGUMENT && strstr(fg_last_error(), "overlaps"),
            "overlapping q and k in place: %s (%s)", fg_status_name(st_), fg_last_error());
  /* k rows longer than the gap to q's next row: refused */
  k.byte_offset = (uint64_t)(HQ * D * 2);
  ks[1] = HK + HK + 1;
  st_ = fg_rope_qk(&q, &k, NULL, NULL, &c, &c, FG_PAIRING_INTERLEAVED, NULL);
  CHECK_MSG(st_ == FG_ERR_INVALID_ARGUMENT, "k rows reaching q's next row: %s (%s)", fg_status_name(st_),
            fg_last_error());
}

/* ================================================================================
 * fg_rope_qk_cos_sin_cache: q and k, as views of one qkv tensor
 * [B?, S, HQ + 2 HK, D + head_pad] (q heads, k heads, v heads), rotated in
 * one launch by the rows positions[t] + position_offset of one packed
 * cos_sin_cache [P, R] (cosines, then sines). Outputs poisoned (with a finite
 * pattern where NaN is expected: out-of-range positions), every element
 * checked, v and every byte outside the outputs unchanged, the kernel checked
 * by name (the runtime's general fallback included).
 * ================================================================================ */

enum { QKC_OUT_NEW, QKC_OUT_NULL, QKC_OUT_SAME };
enum { QKC_MIS_NONE, QKC_MIS_QKV, QKC_MIS_OUT, QKC_MIS_CACHE };

typedef struct {
  test_dtype act, tab;
  int pos64;
  fg_pairing pairing;
  int64_t B, S, HQ, HK, D, R, P; /* B = 0: q [S, HQ, D], positions [S] */
  int64_t head_pad, token_pad;   /* qkv: elements after each head, after each token */
  int64_t cache_pad;             /* elements after each cache row */
  int64_t pos_stride;            /* positions' innermost stride (a view), 1 unless set */
  int out_mode, misalign;
  int64_t offset, pos_base; /* positions are pos_base + a row of [0, P) (before the offset) */
  int bad_every;            /* every n-th token's row out of range (0: none) */
  uint64_t seed;
  const char *expect_kernel; /* exact name, or NULL: by the runtime's rule */
} qkc_case;

typedef struct {
  gbuf g;
  int64_t front, n;
  unsigned char *written;
} qkc_buf;

static int qkc_alloc(qkc_buf *b, int64_t n, int es, int64_t front) {
  memset(b, 0, sizeof *b);
  b->front = front;
  b->n = front + n + 64;
  b->written = calloc((size_t)b->n, 1);
  return !b->written || gbuf_alloc(&b->g, (size_t)b->n * es);
}

static void qkc_free(qkc_buf *b) {
  if (b->written) gbuf_free(&b->g);
  free(b->written);
  b->written = NULL;
}

static void qkc_describe(const qkc_case *c, char *buf, size_t n) {
  static const char *const modes[3] = {"out of place", "in place (NULL)", "in place (own views)"};
  snprintf(buf, n,
           "rope_qk_cos_sin_cache %s/%s pos%s %s B=%lld S=%lld HQ=%lld HK=%lld D=%lld R=%lld P=%lld pads %lld/%lld/%lld "
           "pos stride %lld %s misalign %d offset %lld base %lld bad every %d seed %llu",
           dt_name(c->act), dt_name(c->tab), c->pos64 ? "i64" : "i32",
           c->pairing == FG_PAIRING_HALF ? "half" : "interleaved", (long long)c->B, (long long)c->S, (long long)c->HQ,
           (long long)c->HK, (long long)c->D, (long long)c->R, (long long)c->P, (long long)c->head_pad,
           (long long)c->token_pad, (long long)c->cache_pad, (long long)c->pos_stride, modes[c->out_mode], c->misalign,
           (long long)c->offset, (long long)c->pos_base, c->bad_every, (unsigned long long)c->seed);
}

/* The kernel a case must run, by the runtime's rule: the 16-byte path when
 * every pointer and outer stride of q, k, the outputs and the cache is a
 * multiple of 16 bytes, R a whole number of 2 * VEC and D of VEC; the
 * specialised head sizes only for R = D and q in bf16 or fp16; else the
 * general variants. */
static void qkc_expected(const qkc_case *c, int aligned16, char *buf, size_t n) {
  const int64_t VEC = 16 / dt_size(c->act);
  const int vec = aligned16 && c->R % (2 * VEC) == 0 && c->D % VEC == 0;
  const int special = c->R == c->D && c->act != DT_FP32 && (c->D == 64 || c->D == 128 || c->D == 256);
  char dpart[32];
  if (vec && special) snprintf(dpart, sizeof dpart, "d%lld_rotfull_vec16", (long long)c->D);
  else snprintf(dpart, sizeof dpart, "dany_rotpartial_%s", vec ? "vec16" : "scalar");
  snprintf(buf, n, "rope_qk_cos_sin_cache_%s_tab%s_pos%s_pair%s_%s_sm", dt_name(c->act), dt_name(c->tab),
           c->pos64 ? "i64" : "i32", c->pairing == FG_PAIRING_HALF ? "half" : "interleaved", dpart);
}

/* Each token's position (before the offset): a row of [0, P), or (every
 * bad_every-th token) a row outside it, alternately below and above. */
static int64_t qkc_position(const qkc_case *c, int64_t t, uint64_t *rng) {
  const int64_t row = (int64_t)(rng_next(rng) % (uint64_t)c->P);
  if (c->bad_every && t % c->bad_every == c->bad_every - 1)
    return c->pos_base + ((t / c->bad_every) % 2 ? c->P + row : -1 - row);
  return c->pos_base + row;
}

/* The outer strides (of dims longer than 1) are multiples of 16 bytes. */
static int qkc_strides_aligned(const int64_t *shape, const int64_t *st, int nd, int es) {
  for (int j = 0; j < nd - 1; j++)
    if (shape[j] > 1 && (st[j] * es) % 16) return 0;
  return 1;
}

static int run_qkc(const qkc_case *c) {
  char what[400];
  qkc_describe(c, what, sizeof what);
  const int es = dt_size(c->act), ts = dt_size(c->tab), ps = c->pos64 ? 8 : 4, nd = c->B ? 4 : 3;
  const int64_t Bn = c->B ? c->B : 1, T = Bn * c->S, HQ = c->HQ, HK = c->HK, D = c->D, R = c->R, half = R / 2;
  const int64_t hs = D + c->head_pad, tstride = (HQ + 2 * HK) * hs + c->token_pad, crow = R + c->cache_pad;
  const int64_t pstride = c->pos_stride ? c->pos_stride : 1;
  const int finite_poison = c->bad_every != 0;
  qkc_buf qkv, qo, ko, cache, pos;
  memset(&qo, 0, sizeof qo);
  memset(&ko, 0, sizeof ko);
  int bad = 0, fail = 0;
  fail |= qkc_alloc(&qkv, T * tstride, es, 64 + (c->misalign == QKC_MIS_QKV));
  fail |= qkc_alloc(&cache, c->P * crow, ts, 64 + (c->misalign == QKC_MIS_CACHE));
  fail |= qkc_alloc(&pos, T * pstride, ps, 8);
  if (c->out_mode == QKC_OUT_NEW) {
    fail |= qkc_alloc(&qo, T * (HQ * D + 8), es, 64 + (c->misalign == QKC_MIS_OUT));
    fail |= qkc_alloc(&ko, T * (HK * D + 8), es, 64);
  }
  if (fail) {
    fprintf(stderr, "    %s: allocation failed\n", what);
    bad++;
    goto done;
  }
  uint64_t rng = c->seed * 0x9E3779B97F4A7C15ull + 11;
  for (int64_t i = 0; i < qkv.n; i++) dt_store(c->act, qkv.g.host + i * es, rng_uniform(&rng, -2, 2));
  for (int64_t i = 0; i < cache.n; i++) dt_store(c->tab, cache.g.host + i * ts, rng_uniform(&rng, -1, 1));
  for (int64_t p = 0; p < c->P; p++)
    for (int64_t i = 0; i < half; i++) {
      const double th = rng_uniform(&rng, -3.2, 3.2);
      dt_store(c->tab, cache.g.host + (cache.front + p * crow + i) * ts, cos(th));
      dt_store(c->tab, cache.g.host + (cache.front + p * crow + half + i) * ts, sin(th));
    }
  for (int64_t i = 0; i < pos.n; i++) { /* padding: rows far out of range */
    const int64_t v = (i - pos.front) % pstride ? -1000000007 : qkc_position(c, (i - pos.front) / pstride, &rng);
    if (c->pos64) memcpy(pos.g.host + i * 8, &v, 8);
    else { const int32_t w = (int32_t)v; memcpy(pos.g.host + i * 4, &w, 4); }
  }
  if (c->out_mode == QKC_OUT_NEW) {
    memset(qo.g.host, finite_poison ? 0x7b : 0xff, qo.g.bytes);
    memset(ko.g.host, finite_poison ? 0x7b : 0xff, ko.g.bytes);
  }
  if (gbuf_upload(&qkv.g) || gbuf_upload(&cache.g) || gbuf_upload(&pos.g) ||
      (c->out_mode == QKC_OUT_NEW && (gbuf_upload(&qo.g) || gbuf_upload(&ko.g)))) {
    fprintf(stderr, "    %s: upload failed\n", what);
    bad++;
    goto done;
  }
  {
    /* views: q [B?, S, HQ, D], k [B?, S, HK, D]; outputs compact tokens + 8 */
    int64_t qsh[4] = {c->B, c->S, HQ, D}, ksh[4] = {c->B, c->S, HK, D}, st[4] = {c->S * tstride, tstride, hs, 1};
    int64_t qost[4] = {c->S * (HQ * D + 8), HQ * D + 8, D, 1}, kost[4] = {c->S * (HK * D + 8), HK * D + 8, D, 1};
    int64_t csh[2] = {c->P, R}, cst[2] = {crow, 1}, psh[2] = {c->B, c->S}, pst[2] = {c->S * pstride, pstride};
    const int o = c->B ? 0 : 1;
    tview qv, kv, qov, kov, cv, pv;
    tview_make(&qv, &qkv.g, c->act, (size_t)qkv.front * es, nd, qsh + o, st + o);
    tview_make(&kv, &qkv.g, c->act, (size_t)(qkv.front + HQ * hs) * es, nd, ksh + o, st + o);
    tview_make(&cv, &cache.g, c->tab, (size_t)cache.front * ts, 2, csh, cst);
    tview_make(&pv, &pos.g, DT_FP32, (size_t)pos.front * ps, c->B ? 2 : 1, psh + o, pst + o);
    pv.t.dtype.code = kDLInt;
    pv.t.dtype.bits = (uint8_t)(8 * ps);
    DLTensor *qout = NULL, *kout = NULL;
    int aligned = (qkv.front * es) % 16 == 0 && qkc_strides_aligned(qsh + o, st + o, nd, es) && qkc_strides_aligned(ksh + o, st + o, nd, es) && (cache.front * ts) % 16 == 0 &&
                  (crow * ts) % 16 == 0;
    if (c->out_mode == QKC_OUT_NEW) {
      tview_make(&qov, &qo.g, c->act, (size_t)qo.front * es, nd, qsh + o, qost + o);
      tview_make(&kov, &ko.g, c->act, (size_t)ko.front * es, nd, ksh + o, kost + o);
      qout = &qov.t;
      kout = &kov.t;
      aligned = aligned && (qo.front * es) % 16 == 0 && (ko.front * es) % 16 == 0 &&
                qkc_strides_aligned(qsh + o, qost + o, nd, es) && qkc_strides_aligned(ksh + o, kost + o, nd, es);
    } else if (c->out_mode == QKC_OUT_SAME) {
      qov = qv;
      kov = kv;
      qov.t.shape = qov.shape;
      qov.t.strides = qov.strides;
      kov.t.shape = kov.shape;
      kov.t.strides = kov.strides;
      qout = &qov.t;
      kout = &kov.t;
    }
    const fg_status status = fg_rope_qk_cos_sin_cache(&qv.t, &kv.t, qout, kout, &cv.t, &pv.t, c->pairing, c->offset, NULL);
    if (status != FG_OK) {
      fprintf(stderr, "    %s: %s: %s\n", what, fg_status_name(status), fg_last_error());
      bad++;
      goto done;
    }
    char want[128];
    qkc_expected(c, aligned, want, sizeof want);
    if (c->expect_kernel ? strcmp(fg__last_kernel(), c->expect_kernel) != 0
                         : strncmp(fg__last_kernel(), want, strlen(want)) != 0) {
      fprintf(stderr, "    %s: ran %s, expected %s\n", what, fg__last_kernel(), c->expect_kernel ? c->expect_kernel : want);
      bad++;
    }
  }
  if (cudaDeviceSynchronize() != cudaSuccess || gbuf_download(&qkv.g) || gbuf_download(&cache.g) ||
      gbuf_download(&pos.g) || (c->out_mode == QKC_OUT_NEW && (gbuf_download(&qo.g) || gbuf_download(&ko.g)))) {
    fprintf(stderr, "    %s: kernel or download failed\n", what);
    bad++;
    goto done;
  }
  {
    const double unit = dt_unit(c->act), tol = c->act == DT_FP32 ? 1e-5 : c->act == DT_FP16 ? 2e-3 : 1e-2;
    double err2 = 0, ref2 = 0;
    int64_t off = 0, nan = 0, not_nan = 0;
    double *in = malloc(sizeof(double) * (size_t)D), *ref = malloc(sizeof(double) * (size_t)D);
    for (int64_t t = 0; t < T; t++) {
      int64_t p;
      if (c->pos64) memcpy(&p, pos.g.before + (pos.front + t * pstride) * 8, 8);
      else { int32_t w; memcpy(&w, pos.g.before + (pos.front + t * pstride) * 4, 4); p = w; }
      const int64_t row = p + c->offset;
      const int valid = row >= 0 && row < c->P;
      for (int64_t hh = 0; hh < HQ + HK; hh++) {
        const int is_q = hh < HQ;
        const int64_t src = qkv.front + t * tstride + hh * hs;
        for (int64_t d = 0; d < D; d++) in[d] = ref[d] = dt_load(c->act, qkv.g.before + (src + d) * es);
        for (int64_t i = 0; i < half; i++) {
          if (!valid) { ref[c->pairing == FG_PAIRING_HALF ? i : 2 * i] = ref[c->pairing == FG_PAIRING_HALF ? i + half : 2 * i + 1] = NAN; continue; }
          const double cc = dt_load(c->tab, cache.g.before + (cache.front + row * crow + i) * ts);
          const double ss = dt_load(c->tab, cache.g.before + (cache.front + row * crow + half + i) * ts);
          const int64_t a = c->pairing == FG_PAIRING_HALF ? i : 2 * i, b = c->pairing == FG_PAIRING_HALF ? i + half : 2 * i + 1;
          ref[a] = in[a] * cc - in[b] * ss;
          ref[b] = in[b] * cc + in[a] * ss;
        }
        qkc_buf *ob = c->out_mode != QKC_OUT_NEW ? &qkv : is_q ? &qo : &ko;
        const int64_t base = c->out_mode != QKC_OUT_NEW ? src
                             : is_q ? qo.front + t * (HQ * D + 8) + hh * D
                                    : ko.front + t * (HK * D + 8) + (hh - HQ) * D;
        for (int64_t d = 0; d < D; d++) {
          ob->written[base + d] = 1;
          const double got = dt_load(c->act, ob->g.host + (base + d) * es);
          if (isnan(ref[d])) { not_nan += !isnan(got); continue; }
          if (isnan(got)) { nan++; continue; }
          const double e = fabs(got - ref[d]);
          err2 += e * e;
          ref2 += ref[d] * ref[d];
          if (e > (d < R ? 2 * unit * fabs(ref[d]) + 1.6e-5 : 0)) {
            if (off < 3)
              fprintf(stderr, "    %s: t=%lld head=%lld d=%lld got %.8g want %.8g\n", what, (long long)t, (long long)hh,
                      (long long)d, got, ref[d]);
            off++;
          }
        }
      }
    }
    free(in);
    free(ref);
    const double rel = ref2 > 0 ? sqrt(err2 / ref2) : 0;
    if (nan) { fprintf(stderr, "    %s: %lld elements NaN (not written?)\n", what, (long long)nan); bad++; }
    if (not_nan) { fprintf(stderr, "    %s: %lld rotated elements of out-of-range rows not NaN\n", what, (long long)not_nan); bad++; }
    if (off) { fprintf(stderr, "    %s: %lld elements off\n", what, (long long)off); bad++; }
    if (!(rel < tol)) { fprintf(stderr, "    %s: relative error %.3g\n", what, rel); bad++; }
    qkc_buf *bufs[5] = {&qkv, &cache, &pos, &qo, &ko};
    static const char *const names[5] = {"qkv", "cos_sin_cache", "positions", "q_out", "k_out"};
    const int sizes[5] = {es, ts, ps, es, es};
    for (int k = 0; k < 5; k++) {
      if (!bufs[k]->written) continue;
      int64_t changed = 0;
      for (int64_t i = 0; i < bufs[k]->n; i++)
        if (!bufs[k]->written[i] && memcmp(bufs[k]->g.host + i * sizes[k], bufs[k]->g.before + i * sizes[k], sizes[k]))
          changed++;
      if (changed) {
        fprintf(stderr, "    %s: %s: %lld elements outside the outputs changed\n", what, names[k], (long long)changed);
        bad++;
      }
    }
  }
done:
  qkc_free(&qkv);
  qkc_free(&cache);
  qkc_free(&pos);
  qkc_free(&qo);
  qkc_free(&ko);
  return bad;
}

static qkc_case qkc_base(test_dtype act, test_dtype tab, int64_t B, int64_t S, int64_t HQ, int64_t HK, int64_t D,
                         int64_t R, uint64_t seed) {
  qkc_case c;
  memset(&c, 0, sizeof c);
  c.act = act;
  c.tab = tab;
  c.B = B;
  c.S = S;
  c.HQ = HQ;
  c.HK = HK;
  c.D = D;
  c.R = R;
  c.P = 2 * (B ? B : 1) * S + 7;
  c.seed = seed;
  return c;
}

typedef struct {
  test_dtype act, tab;
  int pos64, full, vec;
  fg_pairing pairing;
  int64_t D; /* 0: "any" */
} qkc_variant;

/* "rope_qk_cos_sin_cache_<act>_tab<tab>_pos<i32|i64>_pair<interleaved|half>_d<D|any>_rot<full|partial>_<vec16|scalar>_sm<N>" */
static int qkc_parse(const char *name, qkc_variant *v) {
  char act[8], tab[8], pos[8], pairing[16], dim[8], rot[16], access[16];
  int arch;
  memset(v, 0, sizeof *v);
  if (sscanf(name, "rope_qk_cos_sin_cache_%7[a-z0-9]_tab%7[a-z0-9]_pos%7[a-z0-9]_pair%15[a-z]_d%7[a-z0-9]_rot%15[a-z]_%15[a-z0-9]_sm%d",
             act, tab, pos, pairing, dim, rot, access, &arch) != 8)
    return -1;
  const test_dtype dts[3] = {DT_FP32, DT_FP16, DT_BF16};
  int found = 0;
  for (int i = 0; i < 3; i++) {
    if (!strcmp(act, dt_name(dts[i]))) { v->act = dts[i]; found |= 1; }
    if (!strcmp(tab, dt_name(dts[i]))) { v->tab = dts[i]; found |= 2; }
  }
  v->pos64 = !strcmp(pos, "i64");
  v->pairing = !strcmp(pairing, "half") ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
  v->D = strcmp(dim, "any") ? atoi(dim) : 0;
  v->full = !strcmp(rot, "full");
  v->vec = !strcmp(access, "vec16");
  const int named = (v->pairing == FG_PAIRING_HALF || !strcmp(pairing, "interleaved")) && (v->full || !strcmp(rot, "partial"));
  return found == 3 && named && (v->pos64 || !strcmp(pos, "i32")) ? 0 : -1;
}

/* A case for a table entry in one of three layouts:
 *  0: q [5, 32, D], k [5, 8, D] out of place; positions [T], offset +3
 *  1: [2, 3, 8, D] and [2, 3, 8, D] in place (NULL), head padding; positions
 *     [B, S], offset -4, every 4th row out of range
 *  2: [9, 32, D] and [9, 1, D] in place (own views), token padding; positions
 *     a strided view, beyond 32 bits with int64 (else near INT32_MAX), offset
 *     bringing them back
 * D and R: the specialised size with R = D; for the general 16-byte kernel
 * D = 112 with R = D - 2 VEC (partial), D (full, through the fallback) and
 * 2 VEC; for the general element kernel D = 46 (R = 44), D = 64 = R with qkv
 * misaligned (the fallback from d64), D = 128 with R = 126. */
static qkc_case qkc_variant_case(const qkc_variant *v, int layout, uint64_t seed) {
  static const int64_t Bs[3] = {0, 2, 0}, Ss[3] = {5, 3, 9}, HQs[3] = {32, 8, 32}, HKs[3] = {8, 8, 1};
  const int64_t VEC = 16 / dt_size(v->act);
  int64_t D, R;
  if (v->D) D = R = v->D;
  else if (v->vec) {
    D = 112;
    R = layout == 0 ? D - 2 * VEC : layout == 1 ? D : 2 * VEC;
  } else {
    static const int64_t Ds[3] = {46, 64, 128}, Rs[3] = {44, 64, 126};
    D = Ds[layout];
    R = Rs[layout];
  }
  qkc_case c = qkc_base(v->act, v->tab, Bs[layout], Ss[layout], HQs[layout], HKs[layout], D, R, seed);
  c.pos64 = v->pos64;
  c.pairing = v->pairing;
  c.cache_pad = layout == 1 ? 16 / dt_size(v->tab) : 0;
  c.head_pad = layout == 1 ? VEC : 0;
  c.token_pad = layout == 2 ? 2 * VEC : 0;
  c.out_mode = layout == 0 ? QKC_OUT_NEW : layout == 1 ? QKC_OUT_NULL : QKC_OUT_SAME;
  c.offset = layout == 0 ? 3 : layout == 1 ? -4 : 0;
  c.pos_base = -c.offset;
  c.bad_every = layout == 1 ? 4 : 0;
  if (layout == 2) {
    c.pos_stride = 3;
    c.pos_base = v->pos64 ? ((int64_t)1 << 40) : INT32_MAX - c.P;
    c.offset = -c.pos_base;
  }
  if (!v->vec && layout == 1) c.misalign = QKC_MIS_QKV;
  return c;
}

/* Every rope_qk_cos_sin_cache kernel this GPU gets (dtype, cache dtype,
 * position type, pairing, head size, full or partial rotation, access path),
 * in three layouts, each checked by the kernel's exact name. */
TEST(test_rope_qk_cache_gpu_every_variant) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int cc = gpu_device_cc();
  int variants = 0;
  for (int k = 0; k < fg__rope_qk_cos_sin_cache_kernel_count; k++) {
    const fg__kernel_entry *e = &fg__rope_qk_cos_sin_cache_kernels[k];
    if (fg__find_kernel(fg__rope_qk_cos_sin_cache_kernels, fg__rope_qk_cos_sin_cache_kernel_count, 7, e->key, cc, e->model) != e)
      continue;
    fg__select_model(e->model); /* a GPU model's own kernel runs where it is selected */
    qkc_variant v;
    if (qkc_parse(e->name, &v)) {
      CHECK_MSG(0, "cannot parse %s", e->name);
      continue;
    }
    variants++;
    int failures = 0;
    for (int layout = 0; layout < 3; layout++) {
      qkc_case c = qkc_variant_case(&v, layout, (uint64_t)k * 7 + (uint64_t)layout + 1);
      c.expect_kernel = e->name;
      failures += run_qkc(&c) != 0;
    }
    CHECK_MSG(failures == 0, "%s: %d of 3 layouts failed", e->name, failures);
  }
  fg__select_model(-1);
  CHECK_MSG(variants > 0, "no rope_qk_cos_sin_cache kernel for sm_%d", cc);
}

/* ops.md's q+k GQA cases: (Hq, Hk) in (32, 8), (64, 8), (8, 8), (32, 1); D in
 * 64, 80, 96, 128, 256, 320, each with R = D and R < D (D / 2; 64 of 128);
 * tokens 1, 2^n and 2^n + 1 (the largest products sampled); views of one qkv
 * tensor, in place and out of place, [T, H, D] and [B, S, H, D]; int32 and
 * int64 positions, both pairings; bf16 with an fp32 cache mostly, fp16 and
 * fp32 activations too. */
/* Head counts the token walk's even runs (tile even_runs: the sm_90 tuning
 * files' d128 bf16 kernel) must cut cleanly: sets that are not multiples of
 * the run, k with more heads than q, runs of less than a head step, and equal
 * sets; in place, where a head taken by two runs would turn twice, and out of
 * place. */
TEST(test_rope_qk_cache_gpu_uneven_sets) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t pairs[5][2] = {{30, 6}, {6, 14}, {13, 3}, {3, 1}, {40, 40}};
  int n = 0;
  for (int i = 0; i < 5; i++)
    for (int in_place = 0; in_place < 2; in_place++) {
      qkc_case c = qkc_base(DT_BF16, DT_FP32, i % 2 ? 2 : 0, i % 2 ? 33 : 67, pairs[i][0], pairs[i][1], 128, 128,
                            9500 + (uint64_t)n++);
      c.pos64 = 1;
      c.pairing = FG_PAIRING_INTERLEAVED;
      c.out_mode = in_place ? QKC_OUT_NULL : QKC_OUT_NEW;
      CHECK(run_qkc(&c) == 0);
    }
}

TEST(test_rope_qk_cache_gpu_model_shapes) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t pairs[4][2] = {{32, 8}, {64, 8}, {8, 8}, {32, 1}};
  static const int64_t dims[6] = {64, 80, 96, 128, 256, 320};
  static const int64_t toks[8] = {1, 2, 1024, 1025, 4096, 4097, 8192, 8193};
  static const test_dtype acts[4] = {DT_BF16, DT_BF16, DT_FP16, DT_FP32};
  int n = 0;
  for (int p = 0; p < 4; p++)
    for (int d = 0; d < 6; d++)
      for (int partial = 0; partial < 2; partial++) {
        const int k = p * 12 + d * 2 + partial;
        const int64_t D = dims[d], R = partial ? (D == 128 ? 64 : D / 2) : D;
        int64_t T = toks[k % 8];
        while (T > 2 && T * (pairs[p][0] + pairs[p][1]) * D > ((int64_t)1 << 23)) T = T / 4 + (T % 2); /* host time */
        const test_dtype act = acts[k % 4];
        const int batched = k % 3 == 1 && T % 2 == 0;
        qkc_case c = qkc_base(act, k % 5 == 4 ? act : DT_FP32, batched ? 2 : 0, batched ? T / 2 : T, pairs[p][0],
                              pairs[p][1], D, R, 9000 + (uint64_t)n++);
        c.pos64 = k % 2;
        c.pairing = (p + d) % 2 ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
        c.out_mode = k % 3;
        c.offset = k % 4 == 0 ? 17 : 0;
        c.pos_base = -c.offset;
        CHECK(run_qkc(&c) == 0);
      }
}

/* Rows outside [0, P): below 0 and at P or past it, by the positions alone
 * and by the offset (positive, negative, past 32 bits, int32 positions near
 * INT32_MAX brought back by the offset); their rotated dims come out NaN,
 * the dims past R are copied, the other tokens are right. */
TEST(test_rope_qk_cache_gpu_out_of_range) {
  if (!test_have_gpu()) SKIP("no GPU");
  for (int form = 0; form < 6; form++) {
    qkc_case c = qkc_base(DT_BF16, DT_FP32, form % 2 ? 2 : 0, 24, 32, 8, 128, form < 3 ? 128 : 64, 7000 + (uint64_t)form);
    c.pos64 = form % 3 != 1;
    c.pairing = form % 2 ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
    c.out_mode = form % 3;
    c.bad_every = form == 5 ? 1 : 3; /* form 5: every row out of range */
    c.offset = form == 2 ? ((int64_t)1 << 33) : form == 4 ? -5 : 0;
    c.pos_base = -c.offset;
    if (form == 1) { /* int32 positions near INT32_MAX, the offset brings them back */
      c.pos_base = INT32_MAX - c.P - 1;
      c.offset = -c.pos_base;
      c.bad_every = 0;
    }
    CHECK(run_qkc(&c) == 0);
  }
}

/* A refused call on real buffers writes nothing: a bf16 cache with fp16 q and
 * k (no such kernel: FG_ERR_UNSUPPORTED, naming the rule), q_out over k_out. */
TEST(test_rope_qk_cache_gpu_bad_call_writes_nothing) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t T = 8, H = 4, D = 64;
  gbuf qkv, cb, pb;
  CHECK(gbuf_alloc(&qkv, (size_t)(T * 3 * H * D) * 2) == 0);
  CHECK(gbuf_alloc(&cb, (size_t)(T * D) * 2) == 0);
  CHECK(gbuf_alloc(&pb, (size_t)T * 8) == 0);
  uint64_t rng = 3;
  for (size_t i = 0; i < qkv.bytes / 2; i++) dt_store(DT_FP16, qkv.host + 2 * i, rng_uniform(&rng, -1, 1));
  for (size_t i = 0; i < cb.bytes / 2; i++) dt_store(DT_BF16, cb.host + 2 * i, rng_uniform(&rng, -1, 1));
  for (int64_t i = 0; i < T; i++) memcpy(pb.host + 8 * i, &i, 8);
  CHECK(gbuf_upload(&qkv) == 0 && gbuf_upload(&cb) == 0 && gbuf_upload(&pb) == 0);
  tview qv, kv, cv, pv;
  int64_t qs[3] = {T, H, D}, st[3] = {3 * H * D, D, 1}, cs[2] = {T, D}, cst[2] = {D, 1}, ps[1] = {T}, pst[1] = {1};
  tview_make(&qv, &qkv, DT_FP16, 0, 3, qs, st);
  tview_make(&kv, &qkv, DT_FP16, (size_t)(H * D) * 2, 3, qs, st);
  tview_make(&cv, &cb, DT_BF16, 0, 2, cs, cst);
  tview_make(&pv, &pb, DT_FP32, 0, 1, ps, pst);
  pv.t.dtype.code = kDLInt;
  pv.t.dtype.bits = 64;
  fg_status s = fg_rope_qk_cos_sin_cache(&qv.t, &kv.t, NULL, NULL, &cv.t, &pv.t, FG_PAIRING_INTERLEAVED, 0, NULL);
  CHECK_MSG(s == FG_ERR_UNSUPPORTED && strstr(fg_last_error(), "the cache is fp32 or the dtype of q"),
            "bf16 cache with fp16 q: %s (%s)", fg_status_name(s), fg_last_error());
  /* out of place with q_out = the v heads and k_out overlapping them */
  tview qo, ko;
  tview_make(&qo, &qkv, DT_FP16, (size_t)(2 * H * D) * 2, 3, qs, st);
  tview_make(&ko, &qkv, DT_FP16, (size_t)(2 * H * D) * 2, 3, qs, st);
  cv.t.dtype = dt_dl(DT_FP32);
  s = fg_rope_qk_cos_sin_cache(&qv.t, &kv.t, &qo.t, &ko.t, &cv.t, &pv.t, FG_PAIRING_INTERLEAVED, 0, NULL);
  CHECK_MSG(s == FG_ERR_INVALID_ARGUMENT && strstr(fg_last_error(), "q_out overlaps k_out"), "q_out over k_out: %s (%s)",
            fg_status_name(s), fg_last_error());
  CHECK(cudaDeviceSynchronize() == cudaSuccess && gbuf_download(&qkv) == 0);
  CHECK_MSG(!memcmp(qkv.host, qkv.before, qkv.bytes), "a refused call changed qkv");
  gbuf_free(&qkv);
  gbuf_free(&cb);
  gbuf_free(&pb);
}

/* ---- argument checks (no GPU needed) -------------------------------------------- */

typedef struct {
  DLTensor t;
  int64_t shape[4], strides[4];
} qkc_atensor;

enum { QA_Q, QA_K, QA_QO, QA_KO, QA_CACHE, QA_POS, QA_N };
static const char *const qa_names[QA_N] = {"q", "k", "q_out", "k_out", "cos_sin_cache", "positions"};

typedef struct {
  qkc_atensor t[QA_N];
  int pass[QA_N];
  int pairing;
} qkc_acall;

static void qa_make(qkc_atensor *v, uintptr_t addr, uint8_t code, uint8_t bits, int ndim, const int64_t *dims,
                    const int64_t *strides) {
  memset(v, 0, sizeof *v);
  v->t.data = (void *)addr;
  v->t.device.device_type = kDLCUDA;
  v->t.ndim = ndim;
  v->t.dtype.code = code;
  v->t.dtype.bits = bits;
  v->t.dtype.lanes = 1;
  memcpy(v->shape, dims, sizeof(int64_t) * ndim);
  memcpy(v->strides, strides, sizeof(int64_t) * ndim);
  v->t.shape = v->shape;
  v->t.strides = v->strides;
}

/* q [64, 32, 128] and k [64, 8, 128] bf16, views of one qkv [64, 48, 128];
 * q_out, k_out compact; an fp32 cache [256, 128]; int64 positions [64]. */
static void qa_setup(qkc_acall *a) {
  memset(a, 0, sizeof *a);
  const uintptr_t base = 0x40000000u, mb16 = (uintptr_t)16 << 20;
  const int64_t T = 64, ts = 48 * 128;
  const int64_t qs[3] = {T, 32, 128}, ks[3] = {T, 8, 128}, st[3] = {ts, 128, 1};
  const int64_t qos[3] = {32 * 128, 128, 1}, kos[3] = {8 * 128, 128, 1}, cs[2] = {256, 128}, cst[2] = {128, 1};
  const int64_t ps[1] = {T}, pst[1] = {1};
  qa_make(&a->t[QA_Q], base, kDLBfloat, 16, 3, qs, st);
  qa_make(&a->t[QA_K], base, kDLBfloat, 16, 3, ks, st);
  a->t[QA_K].t.byte_offset = 32 * 128 * 2;
  qa_make(&a->t[QA_QO], base + mb16, kDLBfloat, 16, 3, qs, qos);
  qa_make(&a->t[QA_KO], base + 2 * mb16, kDLBfloat, 16, 3, ks, kos);
  qa_make(&a->t[QA_CACHE], base + 3 * mb16, kDLFloat, 32, 2, cs, cst);
  qa_make(&a->t[QA_POS], base + 4 * mb16, kDLInt, 64, 1, ps, pst);
  for (int i = 0; i < QA_N; i++) a->pass[i] = 1;
}

static void qa_expect(qkc_acall *a, fg_status want, const char *n1, const char *label) {
  DLTensor *p[QA_N];
  for (int i = 0; i < QA_N; i++) p[i] = a->pass[i] ? &a->t[i].t : NULL;
  const fg_status st = fg_rope_qk_cos_sin_cache(p[QA_Q], p[QA_K], p[QA_QO], p[QA_KO], p[QA_CACHE], p[QA_POS],
                                                (fg_pairing)a->pairing, 0, NULL);
  const char *msg = fg_last_error();
  CHECK_MSG(st == want, "%s: got %s, want %s (\"%s\")", label, fg_status_name(st), fg_status_name(want), msg);
  CHECK_MSG(!strncmp(msg, "fg_rope_qk_cos_sin_cache: ", 26), "%s: message \"%s\"", label, msg);
  if (n1) CHECK_MSG(strstr(msg, n1) != NULL, "%s: message lacks [%s]: \"%s\"", label, n1, msg);
}

/* Valid calls reach the device check; wrong dtypes, shapes (R odd or past D,
 * head sizes, token counts, positions), strides, misalignment, NULL tensors,
 * overlapping outputs and a bad pairing each fail before it, naming the
 * argument. */
TEST(test_rope_qk_cache_api_checks) {
  qkc_acall a;
  qa_setup(&a);
  qa_expect(&a, FG_ERR_DEVICE, NULL, "valid, out of place");
  a.pass[QA_QO] = a.pass[QA_KO] = 0;
  qa_expect(&a, FG_ERR_DEVICE, NULL, "valid, in place");
  qa_setup(&a);
  a.t[QA_POS].t.dtype.bits = 32;
  a.t[QA_POS].strides[0] = 5; /* positions: any strides */
  a.t[QA_CACHE].shape[1] = 64; /* R = 64 < D */
  qa_expect(&a, FG_ERR_DEVICE, NULL, "valid: int32 strided positions, R < D");
  /* dtypes */
  static const struct {
    int slot;
    uint8_t code, bits;
    const char *want;
  } dts[] = {{QA_Q, kDLInt, 32, "q has dtype int32"},
             {QA_K, kDLFloat, 16, "k is fp16 but q is bf16"},
             {QA_QO, kDLFloat, 32, "q_out is fp32 but q is bf16"},
             {QA_CACHE, kDLFloat, 64, "cos_sin_cache has dtype float64"},
             {QA_POS, kDLFloat, 32, "positions has dtype float32"},
             {QA_POS, kDLUInt, 64, "positions has dtype uint64"}};
  for (size_t i = 0; i < sizeof dts / sizeof dts[0]; i++) {
    qa_setup(&a);
    a.t[dts[i].slot].t.dtype.code = dts[i].code;
    a.t[dts[i].slot].t.dtype.bits = dts[i].bits;
    qa_expect(&a, FG_ERR_DTYPE, dts[i].want, dts[i].want);
  }
  /* shapes */
  qa_setup(&a);
  a.t[QA_CACHE].shape[1] = 127;
  qa_expect(&a, FG_ERR_SHAPE, "R = cos_sin_cache.shape[1] must be even, 2 to the head size D", "odd R");
  qa_setup(&a);
  a.t[QA_CACHE].shape[1] = 130;
  qa_expect(&a, FG_ERR_SHAPE, "(R = 130, D = 128)", "R past D");
  qa_setup(&a);
  a.t[QA_K].shape[2] = 64;
  qa_expect(&a, FG_ERR_SHAPE, "k.shape[2] gives D = 64", "k's head size");
  qa_setup(&a);
  a.t[QA_KO].shape[1] = 9;
  qa_expect(&a, FG_ERR_SHAPE, "k_out.shape[1] gives HK = 9", "k_out's heads");
  qa_setup(&a);
  a.t[QA_POS].shape[0] = 65;
  qa_expect(&a, FG_ERR_SHAPE, "positions.shape[0] gives S = 65", "positions' length");
  qa_setup(&a);
  a.t[QA_CACHE].t.ndim = 1;
  qa_expect(&a, FG_ERR_SHAPE, "cos_sin_cache must have 2 dims", "1-D cache");
  qa_setup(&a);
  a.t[QA_Q].t.ndim = 2;
  qa_expect(&a, FG_ERR_SHAPE, "q must have 3 to 4 dims", "2-D q");
  qa_setup(&a);
  a.t[QA_CACHE].shape[0] = 0; /* no rows for 64 tokens */
  qa_expect(&a, FG_ERR_SHAPE, "at least one row", "empty cache");
  /* strides */
  qa_setup(&a);
  a.t[QA_Q].strides[2] = 2;
  qa_expect(&a, FG_ERR_STRIDE, "q.strides[2] = 2: the last dim must be contiguous", "q last stride");
  qa_setup(&a);
  a.t[QA_CACHE].strides[1] = 2;
  qa_expect(&a, FG_ERR_STRIDE, "cos_sin_cache.strides[1] = 2", "cache last stride");
  qa_setup(&a);
  a.t[QA_KO].strides[0] = 0;
  qa_expect(&a, FG_ERR_STRIDE, "k_out has strides under which two elements share an address", "k_out tokens on one address");
  /* alignment */
  static const struct {
    int slot;
    uint64_t off;
    const char *want;
  } mis[] = {{QA_Q, 1, "q data"}, {QA_QO, 1, "q_out data"}, {QA_CACHE, 2, "cos_sin_cache data"},
             {QA_POS, 4, "positions data"}};
  for (size_t i = 0; i < sizeof mis / sizeof mis[0]; i++) {
    qa_setup(&a);
    a.t[mis[i].slot].t.byte_offset += mis[i].off;
    qa_expect(&a, FG_ERR_ALIGNMENT, mis[i].want, mis[i].want);
  }
  /* NULL tensors: the required ones, and data */
  for (int k = 0; k < QA_N; k++) {
    char want[48];
    if (k != QA_QO && k != QA_KO) {
      qa_setup(&a);
      a.pass[k] = 0;
      snprintf(want, sizeof want, "%s is NULL", qa_names[k]);
      qa_expect(&a, FG_ERR_INVALID_ARGUMENT, want, want);
    }
    qa_setup(&a);
    a.t[k].t.data = NULL;
    snprintf(want, sizeof want, "%s.data is NULL", qa_names[k]);
    qa_expect(&a, FG_ERR_INVALID_ARGUMENT, want, want);
  }
  /* overlapping outputs */
  qa_setup(&a);
  a.t[QA_KO].t.data = a.t[QA_QO].t.data;
  qa_expect(&a, FG_ERR_INVALID_ARGUMENT, "q_out overlaps k_out", "k_out over q_out");
  qa_setup(&a);
  a.t[QA_QO].t.data = a.t[QA_CACHE].t.data;
  qa_expect(&a, FG_ERR_INVALID_ARGUMENT, "q_out overlaps cos_sin_cache", "q_out over the cache");
  qa_setup(&a);
  a.t[QA_KO].t.data = a.t[QA_POS].t.data;
  qa_expect(&a, FG_ERR_INVALID_ARGUMENT, "k_out overlaps positions", "k_out over positions");
  qa_setup(&a);
  a.t[QA_QO].t.data = a.t[QA_Q].t.data; /* q's memory under q_out's compact strides */
  qa_expect(&a, FG_ERR_INVALID_ARGUMENT, "q_out overlaps", "q_out on q's memory, other strides");
  /* pairing */
  qa_setup(&a);
  a.pairing = 2;
  qa_expect(&a, FG_ERR_INVALID_ARGUMENT, "pairing = 2 is not a fg_pairing value", "pairing 2");
}
