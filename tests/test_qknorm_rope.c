/* GPU tests of the fused QK RMSNorm + rotary embedding ops (fg_qknorm_rope,
 * fg_qknorm_rope_positions, fg_qknorm_rope_cos_sin_cache), in place on q and k
 * as views into one fused qkv tensor [tokens, HQ + 2 HK, D] (q heads, k heads,
 * then v). Every kernel of their dispatch tables for this GPU, and the test
 * shapes of ops.md, against a float64 host reference; v and every byte outside
 * q and k unchanged; a position outside the table gives NaN in the rotated dims
 * only; a refused call writes nothing. */
#include "fusegen_internal.h"
#include "fusegen_kernels.h"
#include "gpu_util.h"
#include "harness.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* TK_ACROSS: the across-heads form (RMS over a token's H * D, weights [H * D]), per-token tables;
   TK_PER_HEAD: the across-heads form with per-head tables [B?, H, S, R/2] (q and k share them) */
typedef enum { TK_PER_TOKEN, TK_POSITIONS, TK_CACHE, TK_ACROSS, TK_PER_HEAD } table_kind;
static const char *const kind_op[] = {"qknorm_rope", "qknorm_rope_positions", "qknorm_rope_cos_sin_cache",
                                      "qknorm_across_heads_rope", "qknorm_across_heads_rope_per_head"};

typedef struct {
  table_kind kind;
  test_dtype act, wdt;
  fg_pairing pairing;
  int pos64;         /* int64 positions (else int32) */
  int64_t B, S;      /* B = 0: q and k are [S, H, D] */
  int64_t HQ, HK, D, R;
  int64_t offset;    /* position_offset */
  float eps;
  int round_act;     /* norm_rounding act */
  int tab_act;       /* tables in the dtype of q (else fp32) */
  int misalign;      /* qkv shifted by one element: no 16-byte path */
  int bad_row;       /* token 0's position points past the table: NaN rotated dims */
  uint64_t seed;
  const char *expect_kernel;
} qn_case;

static fg_status call_op(const qn_case *c, DLTensor *q, DLTensor *k, const DLTensor *wq, const DLTensor *wk,
                         const DLTensor *t1, const DLTensor *t2, const DLTensor *pos) {
  const fg_norm_rounding nr = c->round_act ? FG_NORM_ROUNDING_ACT : FG_NORM_ROUNDING_FP32;
  switch (c->kind) {
  case TK_PER_TOKEN: return fg_qknorm_rope(q, k, wq, wk, t1, t2, c->pairing, c->eps, nr, NULL);
  case TK_ACROSS: return fg_qknorm_across_heads_rope(q, k, wq, wk, t1, t2, c->pairing, c->eps, nr, NULL);
  case TK_PER_HEAD:
    return fg_qknorm_across_heads_rope_per_head(q, k, wq, wk, t1, t2, c->pairing, c->eps, nr, NULL);
  case TK_POSITIONS:
    return fg_qknorm_rope_positions(q, k, wq, wk, t1, t2, pos, c->pairing, c->eps, c->offset, nr, NULL);
  default: return fg_qknorm_rope_cos_sin_cache(q, k, wq, wk, t1, pos, c->pairing, c->eps, c->offset, nr, NULL);
  }
}

/* x rounded to dtype, as a store and a load would */
static double round_to(test_dtype t, double x) {
  unsigned char tmp[8];
  dt_store(t, tmp, x);
  return dt_load(t, tmp);
}

static int run_qn(const qn_case *c) {
  char what[240];
  snprintf(what, sizeof what, "%s %s w%s %s%s B=%lld S=%lld HQ=%lld HK=%lld D=%lld R=%lld%s%s%s", kind_op[c->kind],
           dt_name(c->act), dt_name(c->wdt), c->pairing == FG_PAIRING_HALF ? "half" : "interleaved",
           c->kind == TK_PER_TOKEN || c->kind >= TK_ACROSS ? "" : c->pos64 ? " pos64" : " pos32", (long long)c->B, (long long)c->S,
           (long long)c->HQ, (long long)c->HK, (long long)c->D, (long long)c->R, c->round_act ? " round-act" : "",
           c->misalign ? " misaligned" : "", c->bad_row ? " bad-row" : "");
  const int es = dt_size(c->act), ws = dt_size(c->wdt);
  const int64_t Bn = c->B ? c->B : 1, S = c->S, T = Bn * S, HQ = c->HQ, HK = c->HK, D = c->D, R = c->R, half = R / 2;
  const int64_t heads = HQ + 2 * HK, tstride = heads * D, front = 64 + (c->misalign ? 1 : 0);
  /* tables: per token [S, R/2]; by position [P, R/2] or [P, R]; per head [B?, HQ, S, R/2]
     (rows padded to a stride), P rows in all */
  const int per_head = c->kind == TK_PER_HEAD;
  const int per_token = c->kind == TK_PER_TOKEN || c->kind == TK_ACROSS || per_head;
  const int across = c->kind == TK_ACROSS || per_head;
  const int64_t P = per_head ? Bn * HQ * S : per_token ? S : S + 7 + c->offset;
  const test_dtype tdt = c->tab_act ? c->act : DT_FP32;
  const int tsz = dt_size(tdt);
  /* rows padded by 16 bytes, so that the 16-byte path still applies */
  const int64_t tcols = c->kind == TK_CACHE ? R : half, trow = tcols + (per_token && !per_head ? 0 : 16 / tsz);
  /* weights: per head [D], across heads [H * D]: q's at element 0, k's after them,
     8 elements on (9: not 16-byte aligned, for the scalar path's misaligned case) */
  const int64_t wq_n = across ? HQ * D : D, wk_n = across ? HK * D : D;
  const int64_t wk_off = wq_n + (c->misalign ? 9 : 8), wn = wk_off + wk_n + 8;
  const size_t n = (size_t)(front + T * tstride + 64);
  gbuf qkv, wb, cb, sb, pb;
  int bad = 0;
  memset(&sb, 0, sizeof sb);
  memset(&pb, 0, sizeof pb);
  if (gbuf_alloc(&qkv, n * es) || gbuf_alloc(&wb, (size_t)wn * ws) || gbuf_alloc(&cb, (size_t)(P * trow + 1) * tsz) ||
      (c->kind != TK_CACHE && gbuf_alloc(&sb, (size_t)(P * trow + 1) * tsz)) ||
      (!per_token && gbuf_alloc(&pb, (size_t)(T + 1) * 8))) {
    fprintf(stderr, "    %s: allocation failed\n", what);
    return 1;
  }
  uint64_t rng = c->seed * 0x9E3779B97F4A7C15ull + 11;
  for (size_t i = 0; i < n; i++) dt_store(c->act, qkv.host + i * es, rng_uniform(&rng, -2, 2));
  for (int64_t i = 0; i < wn; i++) dt_store(c->wdt, wb.host + i * ws, rng_uniform(&rng, -1.5, 1.5));
  /* angles: a cos and sin per (row, i); the packed cache holds cos in [0, R/2) and sin in [R/2, R) */
  gbuf_poison(&cb);
  if (c->kind != TK_CACHE) gbuf_poison(&sb);
  for (int64_t r = 0; r < P; r++)
    for (int64_t i = 0; i < half; i++) {
      double th = rng_uniform(&rng, -3.2, 3.2);
      if (c->kind == TK_CACHE) {
        dt_store(DT_FP32, cb.host + (r * trow + i) * 4, cos(th));
        dt_store(DT_FP32, cb.host + (r * trow + half + i) * 4, sin(th));
      } else {
        dt_store(tdt, cb.host + (r * trow + i) * tsz, cos(th));
        dt_store(tdt, sb.host + (r * trow + i) * tsz, sin(th));
      }
    }
  int64_t *rows = malloc((size_t)T * sizeof *rows); /* each token's table row, -1: none */
  for (int64_t t = 0; t < T; t++) {
    if (per_token) { rows[t] = t % S; continue; }
    int64_t posv = (int64_t)(rng_next(&rng) % (uint64_t)(P - c->offset));
    if (c->bad_row && t == 0) posv = P - c->offset; /* one past the last row */
    rows[t] = posv + c->offset < P ? posv + c->offset : -1;
    if (c->pos64) memcpy(pb.host + t * 8, &posv, 8);
    else {
      int32_t p32 = (int32_t)posv;
      memcpy(pb.host + t * 4, &p32, 4);
    }
  }
  if (gbuf_upload(&qkv) || gbuf_upload(&wb) || gbuf_upload(&cb) || (c->kind != TK_CACHE && gbuf_upload(&sb)) ||
      (!per_token && gbuf_upload(&pb))) {
    fprintf(stderr, "    %s: upload failed\n", what);
    bad++;
    goto done;
  }
  {
    tview qv, kv, wqv, wkv, t1v, t2v, pv;
    const int nd = c->B ? 4 : 3;
    int64_t qs[4], ks[4], st[4];
    if (c->B) {
      int64_t a[4] = {c->B, S, HQ, D}, b[4] = {c->B, S, HK, D}, s[4] = {S * tstride, tstride, D, 1};
      memcpy(qs, a, sizeof a), memcpy(ks, b, sizeof b), memcpy(st, s, sizeof s);
    } else {
      int64_t a[3] = {S, HQ, D}, b[3] = {S, HK, D}, s[3] = {tstride, D, 1};
      memcpy(qs, a, sizeof a), memcpy(ks, b, sizeof b), memcpy(st, s, sizeof s);
    }
    int64_t wqsh[1] = {wq_n}, wksh[1] = {wk_n}, wst[1] = {1}, tsh[2] = {P, tcols}, tst[2] = {trow, 1};
    int64_t hsh[4] = {c->B, HQ, S, half}, hst[4] = {HQ * S * trow, S * trow, trow, 1};
    int64_t psh[2] = {c->B, S}, pst[2] = {S, 1}, psh1[1] = {S}, pst1[1] = {1};
    tview_make(&qv, &qkv, c->act, (size_t)front * es, nd, qs, st);
    tview_make(&kv, &qkv, c->act, (size_t)(front + HQ * D) * es, nd, ks, st);
    tview_make(&wqv, &wb, c->wdt, 0, 1, wqsh, wst);
    tview_make(&wkv, &wb, c->wdt, (size_t)wk_off * ws, 1, wksh, wst);
    if (per_head) { /* [B, H, S, R/2], or [H, S, R/2] without B */
      tview_make(&t1v, &cb, tdt, 0, c->B ? 4 : 3, c->B ? hsh : hsh + 1, c->B ? hst : hst + 1);
      tview_make(&t2v, &sb, tdt, 0, c->B ? 4 : 3, c->B ? hsh : hsh + 1, c->B ? hst : hst + 1);
    } else {
      tview_make(&t1v, &cb, tdt, 0, 2, tsh, tst);
      if (c->kind != TK_CACHE) tview_make(&t2v, &sb, tdt, 0, 2, tsh, tst);
    }
    if (!per_token) {
      if (c->B) tview_make(&pv, &pb, DT_FP32, 0, 2, psh, pst);
      else tview_make(&pv, &pb, DT_FP32, 0, 1, psh1, pst1);
      pv.t.dtype.code = kDLInt;
      pv.t.dtype.bits = c->pos64 ? 64 : 32;
    }
    fg_status status = call_op(c, &qv.t, &kv.t, &wqv.t, &wkv.t, &t1v.t, &t2v.t, &pv.t);
    if (status != FG_OK) {
      fprintf(stderr, "    %s: %s: %s\n", what, fg_status_name(status), fg_last_error());
      bad++;
      goto done;
    }
  }
  if (c->expect_kernel && strcmp(fg__last_kernel(), c->expect_kernel)) {
    fprintf(stderr, "    %s: ran %s, expected %s\n", what, fg__last_kernel(), c->expect_kernel);
    bad++;
  }
  if (cudaDeviceSynchronize() != cudaSuccess || gbuf_download(&qkv) || gbuf_download(&wb) || gbuf_download(&cb) ||
      (c->kind != TK_CACHE && gbuf_download(&sb)) || (!per_token && gbuf_download(&pb))) {
    fprintf(stderr, "    %s: kernel or download failed\n", what);
    bad++;
    goto done;
  }
  {
    const double unit = dt_unit(c->act), tol = c->act == DT_FP32 ? 1e-5 : c->act == DT_FP16 ? 2e-3 : 1e-2;
    double err2 = 0, ref2 = 0;
    int64_t off = 0, nan = 0, nan_missing = 0;
    unsigned char *written = calloc(n, 1);
    double *y = malloc((size_t)D * sizeof *y), *ref = malloc((size_t)D * sizeof *ref), *mag = malloc((size_t)D * sizeof *mag);
    for (int64_t t = 0; t < T; t++)
      for (int64_t hh = 0; hh < HQ + HK; hh++) {
        const size_t src = (size_t)(front + t * tstride + hh * D);
        const int is_q = hh < HQ;
        /* the sum of squares: over the head, or over every head of its set (across) */
        const int64_t first = across ? (is_q ? 0 : HQ) : hh, nheads = across ? (is_q ? HQ : HK) : 1;
        const unsigned char *w = wb.before + (size_t)((is_q ? 0 : wk_off) + (across ? (hh - (is_q ? 0 : HQ)) * D : 0)) * ws;
        double ss = 0;
        for (int64_t g = first; g < first + nheads; g++)
          for (int64_t d = 0; d < D; d++) {
            double x = dt_load(c->act, qkv.before + (size_t)(front + t * tstride + g * D + d) * es);
            ss += x * x;
          }
        for (int64_t d = 0; d < D; d++) y[d] = dt_load(c->act, qkv.before + (src + d) * es);
        const double rs = 1.0 / sqrt(ss / (double)(D * nheads) + (double)c->eps);
        for (int64_t d = 0; d < D; d++) {
          y[d] = y[d] * (rs * dt_load(c->wdt, w + d * ws));
          if (c->round_act) y[d] = round_to(c->act, y[d]);
          ref[d] = y[d];
          mag[d] = fabs(y[d]);
        }
        /* the table row: the token's, or (per head) that of head hh of its set */
        const int64_t row = per_head ? ((t / S) * HQ + (is_q ? hh : hh - HQ)) * S + t % S : rows[t];
        for (int64_t i = 0; i < half; i++) {
          const int64_t a = c->pairing == FG_PAIRING_HALF ? i : 2 * i, b = c->pairing == FG_PAIRING_HALF ? i + half : 2 * i + 1;
          if (row < 0) { ref[a] = ref[b] = NAN; continue; }
          double cc, sn;
          if (c->kind == TK_CACHE) {
            cc = dt_load(DT_FP32, cb.before + (row * trow + i) * 4);
            sn = dt_load(DT_FP32, cb.before + (row * trow + half + i) * 4);
          } else {
            cc = dt_load(tdt, cb.before + (row * trow + i) * tsz);
            sn = dt_load(tdt, sb.before + (row * trow + i) * tsz);
          }
          ref[a] = y[a] * cc - y[b] * sn;
          ref[b] = y[b] * cc + y[a] * sn;
          mag[a] = mag[b] = fabs(y[a]) + fabs(y[b]);
        }
        for (int64_t d = 0; d < D; d++) {
          written[src + d] = 1;
          double got = dt_load(c->act, qkv.host + (src + d) * es);
          if (isnan(ref[d])) { /* a row outside the table: NaN required */
            if (!isnan(got)) nan_missing++;
            continue;
          }
          if (isnan(got)) { nan++; continue; }
          double e = fabs(got - ref[d]);
          err2 += e * e;
          ref2 += ref[d] * ref[d];
          /* one rounding of the result, one of y (norm_rounding act, where fp32 and
             float64 may round a tie differently), fp32 arithmetic */
          if (e > 3 * unit * mag[d] + 2e-5 * mag[d] + 1e-6) {
            if (off < 3)
              fprintf(stderr, "    %s: t=%lld head=%lld d=%lld got %.8g want %.8g\n", what, (long long)t, (long long)hh,
                      (long long)d, got, ref[d]);
            off++;
          }
        }
      }
    double rel = ref2 > 0 ? sqrt(err2 / ref2) : 0;
    if (nan) { fprintf(stderr, "    %s: %lld elements NaN\n", what, (long long)nan); bad++; }
    if (nan_missing) { fprintf(stderr, "    %s: %lld elements of a row outside the table not NaN\n", what, (long long)nan_missing); bad++; }
    if (off) { fprintf(stderr, "    %s: %lld elements off\n", what, (long long)off); bad++; }
    if (!(rel < tol)) { fprintf(stderr, "    %s: relative error %.3g\n", what, rel); bad++; }
    int64_t changed = 0;
    for (size_t i = 0; i < n; i++)
      if (!written[i] && memcmp(qkv.host + i * es, qkv.before + i * es, es)) changed++;
    if (changed) { fprintf(stderr, "    %s: %lld elements of qkv outside q and k changed\n", what, (long long)changed); bad++; }
    if (memcmp(wb.host, wb.before, wb.bytes) || memcmp(cb.host, cb.before, cb.bytes) ||
        (c->kind != TK_CACHE && memcmp(sb.host, sb.before, sb.bytes)) ||
        (!per_token && memcmp(pb.host, pb.before, pb.bytes))) {
      fprintf(stderr, "    %s: an input (weights, tables or positions) changed\n", what);
      bad++;
    }
    free(written);
    free(y);
    free(ref);
    free(mag);
  }
done:
  free(rows);
  gbuf_free(&qkv);
  gbuf_free(&wb);
  gbuf_free(&cb);
  if (c->kind != TK_CACHE) gbuf_free(&sb);
  if (!per_token) gbuf_free(&pb);
  return bad;
}

static test_dtype dtype_named(const char *s) {
  return !strcmp(s, "fp32") ? DT_FP32 : !strcmp(s, "fp16") ? DT_FP16 : DT_BF16;
}

/* Every kernel of one op's dispatch table that this GPU gets, each on three layouts:
 * GQA 32/8 as [T, H, D], 8/8 as [B, S, H, D], MQA 32/1; both norm roundings. */
static void every_variant(table_kind kind, const fg__kernel_entry *table, int count, int nkey) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int cc = gpu_device_cc();
  int variants = 0;
  for (int i = 0; i < count; i++) {
    const fg__kernel_entry *e = &table[i];
    if (fg__find_kernel(table, count, nkey, e->key, cc, e->model) != e) continue;
    fg__select_model(e->model); /* a GPU model's own kernel runs where it is selected */
    char act[8], wdt[8], tab[8], pos[8] = "i32", pairing[16], dim[8], rot[16], access[16];
    int arch, got;
    const char *name = e->name + strlen(kind_op[kind]);
    if (kind == TK_PER_TOKEN || kind >= TK_ACROSS)
      got = sscanf(name, "_%7[a-z0-9]_w%7[a-z0-9]_tab%7[a-z0-9]_pair%15[a-z]_d%7[a-z0-9]_rot%15[a-z]_%15[a-z0-9]_sm%d", act, wdt,
                   tab, pairing, dim, rot, access, &arch) == 8;
    else
      got = sscanf(name, "_%7[a-z0-9]_w%7[a-z0-9]_tab%7[a-z0-9]_pos%7[a-z0-9]_pair%15[a-z]_d%7[a-z0-9]_rot%15[a-z]_%15[a-z0-9]_sm%d",
                   act, wdt, tab, pos, pairing, dim, rot, access, &arch) == 9;
    if (!got || (strcmp(pairing, "interleaved") && strcmp(pairing, "half")) || (strcmp(rot, "full") && strcmp(rot, "partial"))) {
      CHECK_MSG(0, "cannot parse %s", e->name);
      continue;
    }
    const int vec = !strcmp(access, "vec16"), full = !strcmp(rot, "full");
    qn_case c;
    memset(&c, 0, sizeof c);
    c.kind = kind;
    c.act = dtype_named(act);
    c.wdt = dtype_named(wdt);
    c.tab_act = strcmp(tab, "fp32") != 0;
    c.pos64 = !strcmp(pos, "i64");
    c.pairing = !strcmp(pairing, "half") ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
    c.D = !strcmp(dim, "any") ? (vec ? 112 : 46) : atoi(dim);
    const int64_t VEC = 16 / dt_size(c.act);
    c.R = full ? c.D : vec ? c.D - 2 * VEC : c.D - 2;
    c.misalign = !vec && full; /* the scalar path by pointer when R = D */
    c.eps = 1e-6f;
    c.offset = 3;
    c.expect_kernel = e->name;
    static const int64_t hq[] = {32, 8, 32}, hk[] = {8, 8, 1}, bs[] = {0, 2, 0}, ss[] = {5, 3, 9};
    static const int64_t ph_h[] = {16, 8, 3}; /* per-head tables: k has q's head count */
    int failures = 0;
    for (int l = 0; l < 3; l++) {
      c.HQ = kind == TK_PER_HEAD ? ph_h[l] : hq[l];
      c.HK = kind == TK_PER_HEAD ? ph_h[l] : hk[l];
      c.B = bs[l];
      c.S = ss[l];
      c.round_act = l == 1;
      c.seed = (uint64_t)i * 5 + l + 1000 * kind;
      failures += run_qn(&c) != 0;
    }
    CHECK_MSG(failures == 0, "%s: %d of 3 layouts failed", e->name, failures);
    variants++;
  }
  fg__select_model(-1);
  CHECK_MSG(variants > 0, "no %s kernel for sm_%d", kind_op[kind], cc);
}

TEST(test_qknorm_gpu_every_variant_per_token) {
  every_variant(TK_PER_TOKEN, fg__qknorm_rope_kernels, fg__qknorm_rope_kernel_count, 7);
}
TEST(test_qknorm_gpu_every_variant_across_heads) {
  every_variant(TK_ACROSS, fg__qknorm_across_heads_rope_kernels, fg__qknorm_across_heads_rope_kernel_count, 7);
}
TEST(test_qknorm_gpu_every_variant_across_heads_per_head) {
  every_variant(TK_PER_HEAD, fg__qknorm_across_heads_rope_per_head_kernels,
                fg__qknorm_across_heads_rope_per_head_kernel_count, 7);
}
TEST(test_qknorm_gpu_every_variant_positions) {
  every_variant(TK_POSITIONS, fg__qknorm_rope_positions_kernels, fg__qknorm_rope_positions_kernel_count, 8);
}
TEST(test_qknorm_gpu_every_variant_cos_sin_cache) {
  every_variant(TK_CACHE, fg__qknorm_rope_cos_sin_cache_kernels, fg__qknorm_rope_cos_sin_cache_kernel_count, 8);
}

/* ops.md test shapes: N in 1, 9, 256, 4097; H in 8, 16, 24, 32; D in 64, 128, 256
 * with every R <= D that is a multiple of 64 and R = D/2; both pairings; int32
 * and int64 positions. Every (D, R) pair with both pairings and both position
 * dtypes; N, H and the table kind cycle through their values. */
TEST(test_qknorm_gpu_test_shapes) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t dr[][2] = {{64, 32}, {64, 64}, {128, 64}, {128, 128}, {256, 64}, {256, 128}, {256, 192}, {256, 256}};
  static const int64_t ns[] = {1, 9, 256, 4097}, hs[] = {8, 16, 24, 32};
  int i = 0;
  for (size_t d = 0; d < 8; d++)
    for (int pairing = 0; pairing < 2; pairing++)
      for (int pos64 = 0; pos64 < 2; pos64++, i++) {
        qn_case c;
        memset(&c, 0, sizeof c);
        c.kind = i % 3 == 0 ? TK_POSITIONS : TK_CACHE;
        c.act = DT_BF16;
        c.wdt = i % 2 ? DT_BF16 : DT_FP32;
        c.pairing = pairing ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
        c.pos64 = pos64;
        c.D = dr[d][0];
        c.R = dr[d][1];
        c.S = ns[i % 4];
        if (c.D == 256 && c.S > 256) c.S = 1025; /* keeps the host reference quick */
        c.HQ = hs[(i / 4) % 4];
        c.HK = c.HQ;
        c.eps = 1e-6f;
        c.offset = i % 5;
        c.round_act = i % 4 == 3;
        c.seed = 7000 + i;
        CHECK(run_qn(&c) == 0);
      }
}

/* The model shapes of ops.md at full size (flux_1024, qwen_partial, zimage,
 * batch2), per token tables too, and fp16 / fp32 activations. */
TEST(test_qknorm_gpu_model_shapes) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const struct { int64_t B, S, H, R; } m[] = {{0, 4096, 24, 128}, {0, 4096, 32, 64}, {0, 4096, 30, 128}, {2, 2048, 24, 128}};
  for (int i = 0; i < 4; i++) {
    qn_case c;
    memset(&c, 0, sizeof c);
    c.kind = TK_CACHE;
    c.act = i == 3 ? DT_FP16 : DT_BF16;
    c.wdt = DT_FP32;
    c.pairing = FG_PAIRING_INTERLEAVED;
    c.B = m[i].B;
    c.S = m[i].S;
    c.HQ = c.HK = m[i].H;
    c.D = 128;
    c.R = m[i].R;
    c.eps = 1e-6f;
    c.offset = 512 * i;
    c.seed = 8100 + i;
    CHECK(run_qn(&c) == 0);
  }
  qn_case c;
  memset(&c, 0, sizeof c);
  c.kind = TK_PER_TOKEN;
  c.act = DT_FP32;
  c.wdt = DT_FP32;
  c.pairing = FG_PAIRING_HALF;
  c.B = 2;
  c.S = 257;
  c.HQ = 32;
  c.HK = 8;
  c.D = c.R = 80;
  c.eps = 1e-5f;
  c.seed = 8200;
  CHECK(run_qn(&c) == 0);
}

/* A position past the table gives NaN in that token's rotated dims, normalised
 * values in [R, D), and reads nothing out of bounds. */
TEST(test_qknorm_gpu_row_outside_table) {
  if (!test_have_gpu()) SKIP("no GPU");
  for (int kind = TK_POSITIONS; kind <= TK_CACHE; kind++) {
    qn_case c;
    memset(&c, 0, sizeof c);
    c.kind = (table_kind)kind;
    c.act = DT_BF16;
    c.wdt = DT_BF16;
    c.pairing = kind == TK_CACHE ? FG_PAIRING_INTERLEAVED : FG_PAIRING_HALF;
    c.S = 17;
    c.HQ = 16;
    c.HK = 4;
    c.D = 128;
    c.R = 64;
    c.eps = 1e-6f;
    c.offset = 2;
    c.bad_row = 1;
    c.seed = 8300 + kind;
    CHECK(run_qn(&c) == 0);
  }
}

/* A refused call writes nothing: k_weight of the wrong length, real tensors. */
TEST(test_qknorm_gpu_refused_call_writes_nothing) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t S = 8, H = 4, D = 128, n = S * 3 * H * D;
  gbuf qkv, wb, cb;
  if (gbuf_alloc(&qkv, (size_t)n * 2) || gbuf_alloc(&wb, (size_t)(2 * D) * 4) || gbuf_alloc(&cb, (size_t)(S * D) * 4)) {
    CHECK_MSG(0, "allocation failed");
    return;
  }
  uint64_t rng = 99;
  for (int64_t i = 0; i < n; i++) dt_store(DT_BF16, qkv.host + i * 2, rng_uniform(&rng, -2, 2));
  for (int64_t i = 0; i < 2 * D; i++) dt_store(DT_FP32, wb.host + i * 4, 1.0);
  for (int64_t i = 0; i < S * D; i++) dt_store(DT_FP32, cb.host + i * 4, 0.5);
  CHECK(gbuf_upload(&qkv) == 0 && gbuf_upload(&wb) == 0 && gbuf_upload(&cb) == 0);
  tview qv, kv, wqv, wkv, cv;
  int64_t qs[3] = {S, H, D}, st[3] = {3 * H * D, D, 1}, wsh[1] = {D}, wbad[1] = {D - 8}, wst[1] = {1};
  int64_t tsh[2] = {S, D / 2}, tst[2] = {D / 2, 1};
  tview_make(&qv, &qkv, DT_BF16, 0, 3, qs, st);
  tview_make(&kv, &qkv, DT_BF16, (size_t)(H * D) * 2, 3, qs, st);
  tview_make(&wqv, &wb, DT_FP32, 0, 1, wsh, wst);
  tview_make(&wkv, &wb, DT_FP32, (size_t)D * 4, 1, wbad, wst);
  tview_make(&cv, &cb, DT_FP32, 0, 2, tsh, tst);
  fg_status s = fg_qknorm_rope(&qv.t, &kv.t, &wqv.t, &wkv.t, &cv.t, &cv.t, FG_PAIRING_INTERLEAVED, 1e-6f,
                               FG_NORM_ROUNDING_FP32, NULL);
  CHECK_MSG(s == FG_ERR_SHAPE && strstr(fg_last_error(), "k_weight"), "k_weight [D - 8]: %s (%s)", fg_status_name(s),
            fg_last_error());
  /* bf16 activations with fp16 weights: no such variant */
  tview_make(&wkv, &wb, DT_FP16, (size_t)D * 4, 1, wsh, wst);
  tview_make(&wqv, &wb, DT_FP16, 0, 1, wsh, wst);
  s = fg_qknorm_rope(&qv.t, &kv.t, &wqv.t, &wkv.t, &cv.t, &cv.t, FG_PAIRING_INTERLEAVED, 1e-6f, FG_NORM_ROUNDING_FP32,
                     NULL);
  CHECK_MSG(s == FG_ERR_UNSUPPORTED && strstr(fg_last_error(), "weight"), "fp16 weights with bf16 q: %s (%s)",
            fg_status_name(s), fg_last_error());
  /* a bf16 cache: the qknorm ops take fp32 tables */
  tview_make(&wqv, &wb, DT_FP32, 0, 1, wsh, wst);
  tview_make(&wkv, &wb, DT_FP32, (size_t)D * 4, 1, wsh, wst);
  tview_make(&cv, &cb, DT_BF16, 0, 2, tsh, tst);
  s = fg_qknorm_rope(&qv.t, &kv.t, &wqv.t, &wkv.t, &cv.t, &cv.t, FG_PAIRING_INTERLEAVED, 1e-6f, FG_NORM_ROUNDING_FP32,
                     NULL);
  CHECK_MSG(s == FG_ERR_UNSUPPORTED && strstr(fg_last_error(), "fp32"), "bf16 tables: %s (%s)", fg_status_name(s),
            fg_last_error());
  CHECK(cudaDeviceSynchronize() == cudaSuccess && gbuf_download(&qkv) == 0);
  CHECK_MSG(!memcmp(qkv.host, qkv.before, qkv.bytes), "a refused call changed q or k");
  gbuf_free(&qkv);
  gbuf_free(&wb);
  gbuf_free(&cb);
}

/* ---- argument checks, no GPU needed: fake, aligned device pointers ---------- */

typedef struct {
  DLTensor q, k, wq, wk, cache, pos;
  int64_t qs[3], ks[3], st[3], ws[1], cs[2], ps[1];
} qn_args;

static void fake(DLTensor *t, uintptr_t addr, uint8_t code, uint8_t bits, int ndim, int64_t *shape, int64_t *strides) {
  memset(t, 0, sizeof *t);
  t->data = (void *)addr;
  t->device.device_type = kDLCUDA;
  t->ndim = ndim;
  t->dtype.code = code;
  t->dtype.bits = bits;
  t->dtype.lanes = 1;
  t->shape = shape;
  t->strides = strides;
}

/* q [16, 32, 128] and k [16, 8, 128] in one qkv tensor, fp32 weights, an fp32
 * cache [64, 128], int32 positions. */
static void qn_setup(qn_args *a) {
  const int64_t T = 16, HQ = 32, HK = 8, D = 128;
  int64_t qs[3] = {T, HQ, D}, ks[3] = {T, HK, D}, st[3] = {(HQ + 2 * HK) * D, D, 1};
  memcpy(a->qs, qs, sizeof qs);
  memcpy(a->ks, ks, sizeof ks);
  memcpy(a->st, st, sizeof st);
  a->ws[0] = D;
  a->cs[0] = 64;
  a->cs[1] = D;
  a->ps[0] = T;
  fake(&a->q, 0x100000, kDLBfloat, 16, 3, a->qs, a->st);
  fake(&a->k, 0x100000 + HQ * D * 2, kDLBfloat, 16, 3, a->ks, a->st);
  fake(&a->wq, 0x800000, kDLFloat, 32, 1, a->ws, NULL);
  fake(&a->wk, 0x801000, kDLFloat, 32, 1, a->ws, NULL);
  fake(&a->cache, 0x900000, kDLFloat, 32, 2, a->cs, NULL);
  fake(&a->pos, 0xa00000, kDLInt, 32, 1, a->ps, NULL);
}

static fg_status qn_call(qn_args *a) {
  return fg_qknorm_rope_cos_sin_cache(&a->q, &a->k, &a->wq, &a->wk, &a->cache, &a->pos, FG_PAIRING_INTERLEAVED, 1e-6f,
                                      0, FG_NORM_ROUNDING_FP32, NULL);
}

#define EXPECT_QN(a, want, needle, label)                                                                            \
  do {                                                                                                               \
    fg_status s_ = qn_call(a);                                                                                       \
    CHECK_MSG(s_ == (want) && strstr(fg_last_error(), needle), "%s: got %s (%s), want %s naming %s", label,          \
              fg_status_name(s_), fg_last_error(), fg_status_name(want), needle);                                    \
  } while (0)

TEST(test_qknorm_api_bad_input) {
  qn_args a;
  qn_setup(&a);
  /* the baseline passes every argument check: only the device is left */
  fg_status s = qn_call(&a);
  CHECK_MSG(s == FG_ERR_DEVICE || s == FG_OK, "baseline: %s (%s)", fg_status_name(s), fg_last_error());
  if (!test_have_gpu()) CHECK_MSG(s == FG_ERR_DEVICE, "baseline without a GPU: %s", fg_status_name(s));

  qn_setup(&a);
  s = fg_qknorm_rope_cos_sin_cache(NULL, &a.k, &a.wq, &a.wk, &a.cache, &a.pos, FG_PAIRING_INTERLEAVED, 1e-6f, 0,
                                   FG_NORM_ROUNDING_FP32, NULL);
  CHECK_MSG(s == FG_ERR_INVALID_ARGUMENT && strstr(fg_last_error(), "q"), "NULL q: %s", fg_status_name(s));
  qn_setup(&a);
  a.ws[0] = 64; /* weights [64] for D = 128 */
  EXPECT_QN(&a, FG_ERR_SHAPE, "weight", "weights shorter than D");
  qn_setup(&a);
  a.wk.dtype.code = kDLFloat, a.wk.dtype.bits = 16; /* q_weight fp32, k_weight fp16 */
  EXPECT_QN(&a, FG_ERR_DTYPE, "k_weight", "weights of two dtypes");
  qn_setup(&a);
  a.pos.dtype.code = kDLFloat;
  EXPECT_QN(&a, FG_ERR_DTYPE, "positions", "float positions");
  qn_setup(&a);
  a.ks[2] = 64; /* k's head size differs from q's */
  EXPECT_QN(&a, FG_ERR_SHAPE, "k", "k with another head size");
  qn_setup(&a);
  a.cs[1] = 130; /* R > D */
  EXPECT_QN(&a, FG_ERR_SHAPE, "R", "R larger than D");
  qn_setup(&a);
  a.cs[1] = 63; /* odd R */
  EXPECT_QN(&a, FG_ERR_SHAPE, "R", "odd R");
  qn_setup(&a);
  a.ps[0] = 15; /* one position short */
  EXPECT_QN(&a, FG_ERR_SHAPE, "positions", "positions of another length");
  qn_setup(&a);
  a.k.byte_offset = (31 * 128) * 2; /* k starts on q's last head */
  EXPECT_QN(&a, FG_ERR_INVALID_ARGUMENT, "overlaps", "k overlapping q");
  qn_setup(&a);
  a.st[1] = 2; /* heads two elements apart: heads share elements */
  EXPECT_QN(&a, FG_ERR_STRIDE, "share an address", "heads overlapping within q");
  qn_setup(&a);
  a.q.data = (void *)(0x100000 + 1); /* not aligned to bf16 */
  EXPECT_QN(&a, FG_ERR_ALIGNMENT, "q", "misaligned q");
  qn_setup(&a);
  a.wq.device.device_type = kDLCPU;
  EXPECT_QN(&a, FG_ERR_DEVICE, "q_weight", "host weights");
  qn_setup(&a);
  a.qs[2] = a.ks[2] = a.cs[1] = 600, a.ws[0] = 600; /* D > 512 */
  a.st[0] = 48 * 600, a.st[1] = 600;
  a.k.byte_offset = 32 * 600 * 2;
  EXPECT_QN(&a, FG_ERR_UNSUPPORTED, "D", "a head size past the general variant");
}

/* The across-heads form on the shapes of its models: Wan 1.3B (12 heads) and 14B
 * (40 heads) with interleaved pairs, LTX-2 (32 heads, half pairs), a D = 64 audio
 * tower, GQA with partial R, and one token; then 72 and 136 heads (a warp walks
 * 18 and 17 steps of a token, the last one partial). */
TEST(test_qknorm_gpu_across_heads_shapes) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const struct { int64_t B, S, HQ, HK, D, R; int half; test_dtype act; } m[] = {
      {1, 257, 12, 12, 128, 128, 0, DT_BF16}, {2, 33, 40, 40, 128, 128, 0, DT_BF16},
      {2, 64, 32, 32, 128, 128, 1, DT_BF16},  {4, 25, 32, 32, 64, 64, 1, DT_FP16},
      {0, 9, 32, 8, 128, 64, 0, DT_FP32},     {0, 1, 24, 24, 128, 128, 1, DT_BF16},
      {1, 17, 72, 72, 128, 128, 1, DT_BF16},  {0, 5, 136, 8, 64, 64, 0, DT_BF16},
  };
  for (int i = 0; i < (int)(sizeof m / sizeof m[0]); i++) {
    qn_case c;
    memset(&c, 0, sizeof c);
    c.kind = TK_ACROSS;
    c.act = m[i].act;
    c.wdt = i % 2 ? c.act : DT_FP32;
    c.pairing = m[i].half ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
    c.B = m[i].B;
    c.S = m[i].S;
    c.HQ = m[i].HQ;
    c.HK = m[i].HK;
    c.D = m[i].D;
    c.R = m[i].R;
    c.eps = 1e-6f;
    c.round_act = i == 2;
    c.seed = 8400 + i;
    CHECK(run_qn(&c) == 0);
  }
}

/* LTX-2's attention: RMSNorm over a token's H * D, then the half pairing with
 * per-head tables [B, H, S, R/2] in bf16 (LTX-2) or fp32 (ops.md's shapes), and
 * 80 heads (a long walk over the token's heads). */
TEST(test_qknorm_gpu_across_heads_per_head_shapes) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const struct { int64_t B, S, H, D, R; int half, tab_act; test_dtype act; } m[] = {
      {2, 96, 32, 128, 128, 1, 1, DT_BF16}, {1, 257, 32, 64, 64, 1, 1, DT_BF16},
      {2, 33, 16, 128, 64, 0, 0, DT_FP16},  {0, 9, 8, 128, 128, 1, 0, DT_FP32},
      {1, 4097, 8, 64, 64, 1, 0, DT_BF16},  {0, 1, 24, 80, 80, 0, 1, DT_BF16},
      {1, 19, 80, 128, 128, 1, 1, DT_BF16},
  };
  for (int i = 0; i < (int)(sizeof m / sizeof m[0]); i++) {
    qn_case c;
    memset(&c, 0, sizeof c);
    c.kind = TK_PER_HEAD;
    c.act = m[i].act;
    c.wdt = i % 2 ? c.act : DT_FP32;
    c.tab_act = m[i].tab_act;
    c.pairing = m[i].half ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
    c.B = m[i].B;
    c.S = m[i].S;
    c.HQ = c.HK = m[i].H;
    c.D = m[i].D;
    c.R = m[i].R;
    c.eps = 1e-6f;
    c.round_act = i == 2;
    c.seed = 9400 + i;
    CHECK(run_qn(&c) == 0);
  }
}

/* The per-head tables of qknorm_across_heads_rope_per_head serve q and k alike:
 * k needs q's head count, and the tables [B?, H, S, R/2] must match q. */
TEST(test_qknorm_api_per_head_tables) {
  const int64_t T = 16, H = 8, D = 128;
  int64_t qs[3] = {T, H, D}, st[3] = {3 * H * D, D, 1}, ks[3] = {T, H, D}, ws[1] = {H * D}, ts[3] = {H, T, D / 2};
  DLTensor q, k, wq, wk, c, s;
  fake(&q, 0x100000, kDLBfloat, 16, 3, qs, st);
  fake(&k, 0x100000 + H * D * 2, kDLBfloat, 16, 3, ks, st);
  fake(&wq, 0x800000, kDLFloat, 32, 1, ws, NULL);
  fake(&wk, 0x810000, kDLFloat, 32, 1, ws, NULL);
  fake(&c, 0x900000, kDLBfloat, 16, 3, ts, NULL);
  fake(&s, 0x980000, kDLBfloat, 16, 3, ts, NULL);
  fg_status r = fg_qknorm_across_heads_rope_per_head(&q, &k, &wq, &wk, &c, &s, FG_PAIRING_HALF, 1e-6f,
                                                     FG_NORM_ROUNDING_FP32, NULL);
  CHECK_MSG(r == FG_ERR_DEVICE || r == FG_OK, "baseline: %s (%s)", fg_status_name(r), fg_last_error());
  ks[1] = 4; /* GQA: k's heads could not share q's tables */
  r = fg_qknorm_across_heads_rope_per_head(&q, &k, &wq, &wk, &c, &s, FG_PAIRING_HALF, 1e-6f, FG_NORM_ROUNDING_FP32, NULL);
  CHECK_MSG(r == FG_ERR_SHAPE && strstr(fg_last_error(), "k must have as many heads as q"), "HK = 4: %s (%s)",
            fg_status_name(r), fg_last_error());
  ks[1] = H;
  ts[0] = H + 1; /* a table row per head of q */
  r = fg_qknorm_across_heads_rope_per_head(&q, &k, &wq, &wk, &c, &s, FG_PAIRING_HALF, 1e-6f, FG_NORM_ROUNDING_FP32, NULL);
  CHECK_MSG(r == FG_ERR_SHAPE && strstr(fg_last_error(), "cos.shape[0]"), "tables for 9 heads: %s (%s)",
            fg_status_name(r), fg_last_error());
}
