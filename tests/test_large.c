/* Index arithmetic past 2^31 elements: each test runs one op on a tensor of
 * more than 2^31 elements, checks every element against a float64 host
 * reference and checks that the poisoned bytes after the output are unchanged.
 * - fg_rope on x [131073, 128, 128] bf16 (2^31 + 16384 elements, 4.3 GB) into
 *   out: 8.6 GB of GPU memory, 17.2 GB of host memory;
 * - fg_qknorm_rope_cos_sin_cache in place on q [131073, 128, 128] bf16 (4.3 GB)
 *   and k [131073, 1, 128]: 4.4 GB of GPU memory, 8.7 GB of host memory;
 * - fg_norm_modulate (LayerNorm, scale and shift per batch) on x [1, 699051,
 *   3072] bf16 (2^31 + 1024 elements, 4.3 GB) into out: 8.6 GB of GPU memory,
 *   17.2 GB of host memory.
 * Two more place tensors' elements past 2^31 by their strides rather than
 * their count: rope_per_head with x's two sequences 2^31 elements apart, which
 * the launcher runs on the kernel with 64-bit offsets instead of the lean form
 * (4.3 GB, and 8.6 GB for every 16-byte variant's comparison of both forms).
 * Each asks for 1 GB of free GPU memory beyond its buffers, and skips without a
 * GPU, with less free GPU memory, or when an allocation fails. */
#include "fusegen.h"
#include "fusegen_internal.h"
#include "gpu_util.h"
#include "harness.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(test_large_rope_past_2_31_elements) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t S = 131073, H = 128, D = 128, HALF = 64;
  const size_t n = (size_t)S * H * D, pad = 4096;
  size_t free_b = 0, total_b = 0;
  if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess || free_b < 2 * (n + pad) * 2 + ((size_t)1 << 30))
    SKIP("less than 10 GB of free GPU memory");
  CHECK(n > ((size_t)1 << 31));
  gbuf x, out, cb, sb;
  memset(&out, 0, sizeof out), memset(&cb, 0, sizeof cb), memset(&sb, 0, sizeof sb);
  if (gbuf_alloc(&x, n * 2) || gbuf_alloc(&out, (n + pad) * 2) || gbuf_alloc(&cb, (size_t)S * HALF * 4) ||
      gbuf_alloc(&sb, (size_t)S * HALF * 4)) {
    gbuf_free(&x), gbuf_free(&out), gbuf_free(&cb), gbuf_free(&sb);
    SKIP("not enough host or GPU memory for 2 x 4.3 GB");
  }
  uint64_t rng = 31;
  for (size_t i = 0; i < n; i++) dt_store(DT_BF16, x.host + i * 2, rng_uniform(&rng, -2, 2));
  for (int64_t i = 0; i < S * HALF; i++) {
    double th = rng_uniform(&rng, -3.2, 3.2);
    dt_store(DT_FP32, cb.host + i * 4, cos(th));
    dt_store(DT_FP32, sb.host + i * 4, sin(th));
  }
  gbuf_poison(&out);
  CHECK(!gbuf_upload(&x) && !gbuf_upload(&out) && !gbuf_upload(&cb) && !gbuf_upload(&sb));
  tview xv, ov, cv, sv;
  int64_t xs[3] = {S, H, D}, xst[3] = {H * D, D, 1}, ts[2] = {S, HALF}, tst[2] = {HALF, 1};
  tview_make(&xv, &x, DT_BF16, 0, 3, xs, xst);
  tview_make(&ov, &out, DT_BF16, 0, 3, xs, xst);
  tview_make(&cv, &cb, DT_FP32, 0, 2, ts, tst);
  tview_make(&sv, &sb, DT_FP32, 0, 2, ts, tst);
  fg_status s = fg_rope(&xv.t, &ov.t, &cv.t, &sv.t, FG_PAIRING_INTERLEAVED, NULL);
  CHECK_MSG(s == FG_OK, "fg_rope: %s (%s)", fg_status_name(s), fg_last_error());
  CHECK(cudaDeviceSynchronize() == cudaSuccess && !gbuf_download(&out));
  double err2 = 0, ref2 = 0;
  int64_t off = 0;
  for (int64_t t = 0; t < S; t++)
    for (int64_t h = 0; h < H; h++) {
      const size_t base = ((size_t)t * H + (size_t)h) * D;
      for (int64_t i = 0; i < HALF; i++) {
        const double c = dt_load(DT_FP32, cb.host + (t * HALF + i) * 4), sn = dt_load(DT_FP32, sb.host + (t * HALF + i) * 4);
        const double a = dt_load(DT_BF16, x.host + (base + 2 * i) * 2), b = dt_load(DT_BF16, x.host + (base + 2 * i + 1) * 2);
        const double ra = a * c - b * sn, rb = b * c + a * sn;
        const double ga = dt_load(DT_BF16, out.host + (base + 2 * i) * 2), gb = dt_load(DT_BF16, out.host + (base + 2 * i + 1) * 2);
        const double ea = fabs(ga - ra), eb = fabs(gb - rb);
        if (!(ea <= 2 * dt_unit(DT_BF16) * fabs(ra) + 1.6e-5) || !(eb <= 2 * dt_unit(DT_BF16) * fabs(rb) + 1.6e-5)) {
          if (off < 3) fprintf(stderr, "    t=%lld h=%lld i=%lld got %g %g want %g %g\n", (long long)t, (long long)h, (long long)i, ga, gb, ra, rb);
          off++;
        }
        err2 += ea * ea + eb * eb;
        ref2 += ra * ra + rb * rb;
      }
    }
  CHECK_MSG(off == 0, "%lld elements off (NaN: not written)", (long long)off);
  CHECK_MSG(sqrt(err2 / ref2) < 1e-2, "relative error %.3g", sqrt(err2 / ref2));
  CHECK_MSG(!memcmp(out.host + n * 2, out.before + n * 2, pad * 2), "bytes after out changed");
  gbuf_free(&x), gbuf_free(&out), gbuf_free(&cb), gbuf_free(&sb);
}

/* Squared errors and counts of one output, for the relative error and the verdict. */
typedef struct {
  double err2, ref2, worst;
  int64_t off, nan;
} large_acc;

/* One head of fg_qknorm_rope_cos_sin_cache (norm_rounding fp32, interleaved
 * pairs, R = D), as tests/test_qknorm_rope.c computes it: y = x * (rsqrt(mean(x^2)
 * + eps) * w), then pair (2i, 2i + 1) rotated by cos = row[i], sin = row[D/2 + i];
 * its D bf16 results `got` compared with the tolerance of that file. */
static void qn_check_head(large_acc *a, const unsigned char *x, const unsigned char *got, const double *w,
                          const unsigned char *row, int64_t D, float eps, const char *which, int64_t t, int64_t h) {
  double y[256], ref[256], mag[256];
  const int64_t half = D / 2;
  const double unit = dt_unit(DT_BF16);
  double ss = 0;
  for (int64_t d = 0; d < D; d++) {
    y[d] = dt_load(DT_BF16, x + d * 2);
    ss += y[d] * y[d];
  }
  const double rs = 1.0 / sqrt(ss / (double)D + (double)eps);
  for (int64_t d = 0; d < D; d++) y[d] = y[d] * (rs * w[d]);
  for (int64_t i = 0; i < half; i++) {
    const double cc = dt_load(DT_FP32, row + i * 4), sn = dt_load(DT_FP32, row + (half + i) * 4);
    ref[2 * i] = y[2 * i] * cc - y[2 * i + 1] * sn;
    ref[2 * i + 1] = y[2 * i + 1] * cc + y[2 * i] * sn;
    mag[2 * i] = mag[2 * i + 1] = fabs(y[2 * i]) + fabs(y[2 * i + 1]);
  }
  for (int64_t d = 0; d < D; d++) {
    const double g = dt_load(DT_BF16, got + d * 2);
    if (isnan(g)) {
      a->nan++;
      continue;
    }
    const double e = fabs(g - ref[d]);
    a->err2 += e * e;
    a->ref2 += ref[d] * ref[d];
    if (e > a->worst) a->worst = e;
    /* one rounding of the result, fp32 arithmetic */
    if (e > 3 * unit * mag[d] + 2e-5 * mag[d] + 1e-6) {
      if (a->off < 3)
        fprintf(stderr, "    %s: t=%lld head=%lld d=%lld got %.8g want %.8g\n", which, (long long)t, (long long)h,
                (long long)d, g, ref[d]);
      a->off++;
    }
  }
}

/* The verdict on one output: no NaN, no element off, relative error below tol. */
static void large_verdict(const large_acc *a, const char *which, double tol) {
  const double rel = a->ref2 > 0 ? sqrt(a->err2 / a->ref2) : sqrt(a->err2);
  CHECK_MSG(a->nan == 0, "%s: %lld elements NaN (not written?)", which, (long long)a->nan);
  CHECK_MSG(a->off == 0, "%s: %lld elements off (worst %.3g)", which, (long long)a->off, a->worst);
  CHECK_MSG(rel < tol, "%s: relative error %.3g", which, rel);
}

/* fg_qknorm_rope_cos_sin_cache in place on q [131073, 128, 128] bf16 (2^31 +
 * 16384 elements, 4.3 GB) and k [131073, 1, 128] bf16, each in its own buffer
 * with 4096 poisoned elements after it; fp32 weights [128], a packed fp32
 * cos_sin_cache [4096, 128], int64 positions [131073] plus position_offset 3.
 * Every element of q and k against test_qknorm_rope.c's float64 reference and
 * tolerance; the bytes after q and k and the other inputs unchanged. Needs 4.4 GB
 * of GPU memory (plus 1 GB spare) and 8.7 GB of host memory. */
TEST(test_large_qknorm_rope_past_2_31_elements) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t S = 131073, HQ = 128, HK = 1, D = 128, R = D, P = 4096, offset = 3;
  const float eps = 1e-6f;
  const size_t nq = (size_t)S * HQ * D, nk = (size_t)S * HK * D, pad = 4096;
  const size_t need = (nq + pad) * 2 + (nk + pad) * 2 + (size_t)2 * D * 4 + (size_t)P * R * 4 + (size_t)S * 8;
  size_t free_b = 0, total_b = 0;
  if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess || free_b < need + ((size_t)1 << 30))
    SKIP("less than %.1f GB of free GPU memory", (double)(need + ((size_t)1 << 30)) / 1e9);
  CHECK(nq > ((size_t)1 << 31));
  gbuf qb, kb, wb, cb, pb;
  memset(&qb, 0, sizeof qb), memset(&kb, 0, sizeof kb), memset(&wb, 0, sizeof wb), memset(&cb, 0, sizeof cb);
  memset(&pb, 0, sizeof pb);
  if (gbuf_alloc(&qb, (nq + pad) * 2) || gbuf_alloc(&kb, (nk + pad) * 2) || gbuf_alloc(&wb, (size_t)2 * D * 4) ||
      gbuf_alloc(&cb, (size_t)P * R * 4) || gbuf_alloc(&pb, (size_t)S * 8)) {
    gbuf_free(&qb), gbuf_free(&kb), gbuf_free(&wb), gbuf_free(&cb), gbuf_free(&pb);
    SKIP("not enough host or GPU memory for q (4.3 GB)");
  }
  /* q and k: random data, then 4096 elements of poison (0xFF: NaN) after each */
  uint64_t rng = 47;
  gbuf_poison(&qb);
  gbuf_poison(&kb);
  for (size_t i = 0; i < nq; i++) dt_store(DT_BF16, qb.host + i * 2, rng_uniform(&rng, -2, 2));
  for (size_t i = 0; i < nk; i++) dt_store(DT_BF16, kb.host + i * 2, rng_uniform(&rng, -2, 2));
  /* weights: q's at 0, k's at D */
  for (int64_t i = 0; i < 2 * D; i++) dt_store(DT_FP32, wb.host + i * 4, rng_uniform(&rng, -1.5, 1.5));
  /* the packed cache: cos in [0, R/2), sin in [R/2, R) of each row */
  for (int64_t r = 0; r < P; r++)
    for (int64_t i = 0; i < R / 2; i++) {
      const double th = rng_uniform(&rng, -3.2, 3.2);
      dt_store(DT_FP32, cb.host + (r * R + i) * 4, cos(th));
      dt_store(DT_FP32, cb.host + (r * R + R / 2 + i) * 4, sin(th));
    }
  for (int64_t t = 0; t < S; t++) {
    const int64_t pos = (int64_t)(rng_next(&rng) % (uint64_t)(P - offset)); /* row pos + offset < P */
    memcpy(pb.host + t * 8, &pos, 8);
  }
  if (gbuf_upload(&qb) || gbuf_upload(&kb) || gbuf_upload(&wb) || gbuf_upload(&cb) || gbuf_upload(&pb)) {
    CHECK_MSG(0, "upload failed");
    goto done;
  }
  {
    tview qv, kv, wqv, wkv, cv, pv;
    int64_t qs[3] = {S, HQ, D}, qst[3] = {HQ * D, D, 1}, ks[3] = {S, HK, D}, kst[3] = {HK * D, D, 1};
    int64_t ws[1] = {D}, wst[1] = {1}, cs[2] = {P, R}, cst[2] = {R, 1}, ps[1] = {S}, pst[1] = {1};
    tview_make(&qv, &qb, DT_BF16, 0, 3, qs, qst);
    tview_make(&kv, &kb, DT_BF16, 0, 3, ks, kst);
    tview_make(&wqv, &wb, DT_FP32, 0, 1, ws, wst);
    tview_make(&wkv, &wb, DT_FP32, (size_t)D * 4, 1, ws, wst);
    tview_make(&cv, &cb, DT_FP32, 0, 2, cs, cst);
    tview_make(&pv, &pb, DT_FP32, 0, 1, ps, pst);
    pv.t.dtype.code = kDLInt;
    pv.t.dtype.bits = 64;
    fg_status s = fg_qknorm_rope_cos_sin_cache(&qv.t, &kv.t, &wqv.t, &wkv.t, &cv.t, &pv.t, FG_PAIRING_INTERLEAVED, eps,
                                               offset, FG_NORM_ROUNDING_FP32, NULL);
    CHECK_MSG(s == FG_OK, "fg_qknorm_rope_cos_sin_cache: %s (%s)", fg_status_name(s), fg_last_error());
    if (s != FG_OK) goto done;
  }
  if (cudaDeviceSynchronize() != cudaSuccess || gbuf_download(&qb) || gbuf_download(&kb) || gbuf_download(&wb) ||
      gbuf_download(&cb) || gbuf_download(&pb)) {
    CHECK_MSG(0, "kernel or download failed");
    goto done;
  }
  {
    double w[2 * 128];
    for (int64_t i = 0; i < 2 * D; i++) w[i] = dt_load(DT_FP32, wb.before + i * 4);
    large_acc aq, ak;
    memset(&aq, 0, sizeof aq), memset(&ak, 0, sizeof ak);
    for (int64_t t = 0; t < S; t++) {
      int64_t pos;
      memcpy(&pos, pb.before + t * 8, 8);
      const unsigned char *row = cb.before + (size_t)(pos + offset) * R * 4;
      for (int64_t h = 0; h < HQ; h++) {
        const size_t at = ((size_t)t * HQ + (size_t)h) * D * 2;
        qn_check_head(&aq, qb.before + at, qb.host + at, w, row, D, eps, "q", t, h);
      }
      for (int64_t h = 0; h < HK; h++) {
        const size_t at = ((size_t)t * HK + (size_t)h) * D * 2;
        qn_check_head(&ak, kb.before + at, kb.host + at, w + D, row, D, eps, "k", t, h);
      }
    }
    large_verdict(&aq, "q", 1e-2);
    large_verdict(&ak, "k", 1e-2);
    CHECK_MSG(!memcmp(qb.host + nq * 2, qb.before + nq * 2, pad * 2), "bytes after q changed");
    CHECK_MSG(!memcmp(kb.host + nk * 2, kb.before + nk * 2, pad * 2), "bytes after k changed");
    CHECK_MSG(!memcmp(wb.host, wb.before, wb.bytes) && !memcmp(cb.host, cb.before, cb.bytes) &&
                  !memcmp(pb.host, pb.before, pb.bytes),
              "an input (weights, cache or positions) changed");
  }
done:
  gbuf_free(&qb), gbuf_free(&kb), gbuf_free(&wb), gbuf_free(&cb), gbuf_free(&pb);
}

/* fg_norm_modulate (LayerNorm, eps 1e-6, no affine weight or bias, no
 * residual, out = n * (1 + scale) + shift with scale and shift [1, C]) on x [1,
 * 699051, 3072] bf16 (2^31 + 1024 elements, 4.3 GB) into out with 4096 poisoned
 * elements after it. Every element of out against test_norm_modulate_gpu.c's
 * float64 reference and tolerance; the bytes after out unchanged. Needs 8.6 GB
 * of GPU memory (plus 1 GB spare) and 17.2 GB of host memory. */
TEST(test_large_norm_modulate_past_2_31_elements) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t B = 1, L = 699051, C = 3072;
  const float eps = 1e-6f, k = 1.0f;
  const size_t n = (size_t)B * L * C, pad = 4096;
  const size_t need = n * 2 + (n + pad) * 2 + (size_t)2 * B * C * 2;
  size_t free_b = 0, total_b = 0;
  if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess || free_b < need + ((size_t)1 << 30))
    SKIP("less than %.1f GB of free GPU memory", (double)(need + ((size_t)1 << 30)) / 1e9);
  CHECK(n > ((size_t)1 << 31));
  gbuf x, out, scb, shb;
  memset(&x, 0, sizeof x), memset(&out, 0, sizeof out), memset(&scb, 0, sizeof scb), memset(&shb, 0, sizeof shb);
  double *r = NULL, *sc = NULL, *sh = NULL;
  if (gbuf_alloc(&x, n * 2) || gbuf_alloc(&out, (n + pad) * 2) || gbuf_alloc(&scb, (size_t)B * C * 2) ||
      gbuf_alloc(&shb, (size_t)B * C * 2)) {
    gbuf_free(&x), gbuf_free(&out), gbuf_free(&scb), gbuf_free(&shb);
    SKIP("not enough host or GPU memory for 2 x 4.3 GB");
  }
  /* x: random, with an offset per row so that LayerNorm's mean is not near 0 */
  uint64_t rng = 53;
  for (int64_t row = 0; row < B * L; row++) {
    const double off = rng_uniform(&rng, -3, 3);
    for (int64_t ch = 0; ch < C; ch++)
      dt_store(DT_BF16, x.host + ((size_t)row * C + (size_t)ch) * 2, rng_uniform(&rng, -2, 2) + off);
  }
  for (int64_t i = 0; i < B * C; i++) {
    dt_store(DT_BF16, scb.host + i * 2, rng_uniform(&rng, -0.5, 0.5));
    dt_store(DT_BF16, shb.host + i * 2, rng_uniform(&rng, -1, 1));
  }
  gbuf_poison(&out);
  if (gbuf_upload(&x) || gbuf_upload(&out) || gbuf_upload(&scb) || gbuf_upload(&shb)) {
    CHECK_MSG(0, "upload failed");
    goto done;
  }
  {
    tview xv, ov, sv, hv;
    int64_t xs[3] = {B, L, C}, xst[3] = {L * C, C, 1}, ms[2] = {B, C}, mst[2] = {C, 1};
    tview_make(&xv, &x, DT_BF16, 0, 3, xs, xst);
    tview_make(&ov, &out, DT_BF16, 0, 3, xs, xst);
    tview_make(&sv, &scb, DT_BF16, 0, 2, ms, mst);
    tview_make(&hv, &shb, DT_BF16, 0, 2, ms, mst);
    fg_status s = fg_norm_modulate(&xv.t, &ov.t, &sv.t, &hv.t, NULL, NULL, NULL, NULL, NULL, FG_NORM_LAYER, eps, k, NULL);
    CHECK_MSG(s == FG_OK, "fg_norm_modulate: %s (%s)", fg_status_name(s), fg_last_error());
    if (s != FG_OK) goto done;
  }
  if (cudaDeviceSynchronize() != cudaSuccess || gbuf_download(&out)) {
    CHECK_MSG(0, "kernel or download failed");
    goto done;
  }
  r = malloc((size_t)C * sizeof *r), sc = malloc((size_t)B * C * sizeof *sc), sh = malloc((size_t)B * C * sizeof *sh);
  if (!r || !sc || !sh) {
    CHECK_MSG(0, "host allocation failed");
    goto done;
  }
  for (int64_t i = 0; i < B * C; i++) sc[i] = dt_load(DT_BF16, scb.before + i * 2), sh[i] = dt_load(DT_BF16, shb.before + i * 2);
  {
    const double unit = dt_unit(DT_BF16);
    large_acc a;
    memset(&a, 0, sizeof a);
    for (int64_t b = 0; b < B; b++)
      for (int64_t l = 0; l < L; l++) {
        const size_t base = ((size_t)b * L + (size_t)l) * C;
        double mean = 0, ms = 0;
        for (int64_t ch = 0; ch < C; ch++) mean += r[ch] = dt_load(DT_BF16, x.before + (base + ch) * 2);
        mean /= (double)C;
        for (int64_t ch = 0; ch < C; ch++) ms += (r[ch] - mean) * (r[ch] - mean);
        const double rstd = 1 / sqrt(ms / (double)C + eps);
        for (int64_t ch = 0; ch < C; ch++) {
          const double ref = (r[ch] - mean) * rstd * (k + sc[b * C + ch]) + sh[b * C + ch];
          const double got = dt_load(DT_BF16, out.host + (base + ch) * 2);
          if (isnan(got)) {
            a.nan++;
            continue;
          }
          const double e = fabs(got - ref);
          a.err2 += e * e;
          a.ref2 += ref * ref;
          if (e > a.worst) a.worst = e;
          /* one rounding to the dtype plus fp32 arithmetic over a row */
          if (e > 2 * unit * fabs(ref) + 1e-4 * (1 + fabs(ref))) {
            if (a.off < 3)
              fprintf(stderr, "    out[%lld, %lld, %lld] got %.8g, want %.8g\n", (long long)b, (long long)l,
                      (long long)ch, got, ref);
            a.off++;
          }
        }
      }
    large_verdict(&a, "out", 1e-2);
    CHECK_MSG(!memcmp(out.host + n * 2, out.before + n * 2, pad * 2), "bytes after out changed");
  }
done:
  free(r), free(sc), free(sh);
  gbuf_free(&x), gbuf_free(&out), gbuf_free(&scb), gbuf_free(&shb);
}

/* Eager PyTorch's bf16 order for half pairs (as tests/test_rope_tables.c):
   a' = bf16(fma(-b, s, bf16(a*c))), b' = bf16(fma(a, s, bf16(b*c))); bf16
   rounding through dt_store. */
static uint16_t lg_bf16_bits(float f) {
  uint16_t b;
  dt_store(DT_BF16, &b, f);
  return b;
}
static float lg_bf16(uint16_t b) { return (float)dt_load(DT_BF16, &b); }

/* fg_rope_per_head (eager_bf16, half pairs) on LTX-2's audio shape [2, 25, 32,
 * 64], x's two sequences 2^31 elements apart in a 4.3 GB buffer: x's offsets
 * do not fit in 32 bits, so the launcher takes the kernel that indexes in 64
 * bits, not the lean form (32-bit offsets) that runs such a short call
 * otherwise. Then the same rows next to each other, which the lean form runs.
 * Both outputs must equal eager PyTorch bit for bit, with the poisoned bytes
 * after each unchanged. 4.3 GB of GPU memory. */
TEST(test_large_rope_per_head_offsets_past_2_31) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t B = 2, S = 25, H = 32, D = 64, HALF = 32, far = (int64_t)1 << 31;
  const size_t seq = (size_t)S * H * D, tab = (size_t)B * H * S * HALF, pad = 4096;
  size_t free_b = 0, total_b = 0;
  if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess || free_b < (far + seq) * 2 + ((size_t)1 << 30))
    SKIP("less than 5.3 GB of free GPU memory");
  gbuf xfar, xnear, out, cb, sb;
  memset(&xfar, 0, sizeof xfar);
  xfar.bytes = (far + seq) * 2;
  if (cudaMalloc(&xfar.dev, xfar.bytes) != cudaSuccess) SKIP("cannot allocate 4.3 GB of GPU memory");
  memset(&xnear, 0, sizeof xnear), memset(&out, 0, sizeof out), memset(&cb, 0, sizeof cb), memset(&sb, 0, sizeof sb);
  if (gbuf_alloc(&xnear, B * seq * 2) || gbuf_alloc(&out, (B * seq + pad) * 2) || gbuf_alloc(&cb, tab * 2) ||
      gbuf_alloc(&sb, tab * 2)) {
    cudaFree(xfar.dev), gbuf_free(&xnear), gbuf_free(&out), gbuf_free(&cb), gbuf_free(&sb);
    SKIP("cannot allocate the small buffers");
  }
  uint64_t rng = 47;
  for (size_t i = 0; i < B * seq; i++) dt_store(DT_BF16, xnear.host + i * 2, rng_uniform(&rng, -2, 2));
  for (size_t i = 0; i < tab; i++) {
    const double th = rng_uniform(&rng, -3.2, 3.2);
    dt_store(DT_BF16, cb.host + i * 2, cos(th));
    dt_store(DT_BF16, sb.host + i * 2, sin(th));
  }
  CHECK(!gbuf_upload(&xnear) && !gbuf_upload(&cb) && !gbuf_upload(&sb));
  CHECK(cudaMemcpy(xfar.dev, xnear.host, seq * 2, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(cudaMemcpy((char *)xfar.dev + far * 2, xnear.host + seq * 2, seq * 2, cudaMemcpyHostToDevice) == cudaSuccess);
  /* the reference: out[b, s, h, i] and [.., i + 32] from x and the tables [B, H, S, 32] */
  uint16_t *want = malloc(B * seq * 2);
  CHECK(want != NULL);
  for (int64_t b = 0; want && b < B; b++)
    for (int64_t s = 0; s < S; s++)
      for (int64_t h = 0; h < H; h++)
        for (int64_t i = 0; i < HALF; i++) {
          const size_t xi = (size_t)((b * S + s) * H + h) * D + i, ti = (size_t)((b * H + h) * S + s) * HALF + i;
          const float a = (float)dt_load(DT_BF16, xnear.host + xi * 2), bb = (float)dt_load(DT_BF16, xnear.host + (xi + HALF) * 2);
          const float c = (float)dt_load(DT_BF16, cb.host + ti * 2), sn = (float)dt_load(DT_BF16, sb.host + ti * 2);
          want[xi] = lg_bf16_bits(fmaf(-bb, sn, lg_bf16(lg_bf16_bits(a * c))));
          want[xi + HALF] = lg_bf16_bits(fmaf(a, sn, lg_bf16(lg_bf16_bits(bb * c))));
        }
  const int64_t xs[4] = {B, S, H, D}, ts[4] = {B, H, S, HALF}, tst[4] = {H * S * HALF, S * HALF, HALF, 1};
  const int64_t far_st[4] = {far, H * D, D, 1}, near_st[4] = {S * H * D, H * D, D, 1};
  for (int form = 0; form < 2 && want; form++) {
    const char *what = form == 0 ? "x's sequences 2^31 elements apart (64-bit offsets)" : "x contiguous (the lean form)";
    gbuf_poison(&out);
    CHECK(!gbuf_upload(&out));
    tview xv, ov, cv, sv;
    tview_make(&xv, form == 0 ? &xfar : &xnear, DT_BF16, 0, 4, xs, form == 0 ? far_st : near_st);
    tview_make(&ov, &out, DT_BF16, 0, 4, xs, near_st);
    tview_make(&cv, &cb, DT_BF16, 0, 4, ts, tst);
    tview_make(&sv, &sb, DT_BF16, 0, 4, ts, tst);
    fg_status st = fg_rope_per_head(&xv.t, &ov.t, &cv.t, &sv.t, FG_PAIRING_HALF, FG_ROUNDING_EAGER_BF16, NULL);
    CHECK_MSG(st == FG_OK, "%s: fg_rope_per_head: %s (%s)", what, fg_status_name(st), fg_last_error());
    CHECK(cudaDeviceSynchronize() == cudaSuccess && !gbuf_download(&out));
    int64_t off = 0;
    for (size_t i = 0; i < B * seq; i++) {
      uint16_t got;
      memcpy(&got, out.host + i * 2, 2);
      if (got != want[i] && off++ < 3)
        fprintf(stderr, "    %s: element %zu got 0x%04x want 0x%04x\n", what, i, got, want[i]);
    }
    CHECK_MSG(off == 0, "%s: %lld elements differ from eager PyTorch", what, (long long)off);
    CHECK_MSG(!memcmp(out.host + B * seq * 2, out.before + B * seq * 2, pad * 2), "%s: bytes after out changed", what);
  }
  free(want);
  cudaFree(xfar.dev);
  gbuf_free(&xnear), gbuf_free(&out), gbuf_free(&cb), gbuf_free(&sb);
}

/* The two kernels of every 16-byte rope_per_head variant agree bit for bit:
 * each variant (act, table dtype, rounding, pairing, head size, full or
 * partial R) runs on x [2, 3, 5, D] twice, once with x's two sequences 2^31
 * elements apart in an 8.6 GB buffer (offsets past 32 bits: the item kernel)
 * and once contiguous (the lean form, which the GPU tests of
 * tests/test_rope_tables.c check against the reference), out of place into
 * poisoned outputs. The outputs must be equal byte for byte, and the bytes
 * after them unchanged. */
TEST(test_large_rope_per_head_both_forms_agree) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t B = 2, S = 3, H = 5, far = (int64_t)1 << 31, maxD = 320;
  const size_t seq = (size_t)S * H * maxD, pad = 1024;
  size_t free_b = 0, total_b = 0;
  if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess || free_b < (far + seq) * 4 + ((size_t)1 << 30))
    SKIP("less than 9.6 GB of free GPU memory");
  gbuf xfar, xnear, o1, o2, cb, sb;
  memset(&xfar, 0, sizeof xfar);
  xfar.bytes = (far + seq) * 4;
  if (cudaMalloc(&xfar.dev, xfar.bytes) != cudaSuccess) SKIP("cannot allocate 8.6 GB of GPU memory");
  const size_t tab = (size_t)B * H * S * maxD / 2;
  if (gbuf_alloc(&xnear, B * seq * 4) || gbuf_alloc(&o1, (B * seq + pad) * 4) || gbuf_alloc(&o2, (B * seq + pad) * 4) ||
      gbuf_alloc(&cb, tab * 4) || gbuf_alloc(&sb, tab * 4)) {
    cudaFree(xfar.dev), gbuf_free(&xnear), gbuf_free(&o1), gbuf_free(&o2), gbuf_free(&cb), gbuf_free(&sb);
    SKIP("cannot allocate the small buffers");
  }
  static const test_dtype dts[] = {DT_BF16, DT_FP16, DT_FP32};
  static const int64_t dims[][2] = {{64, 32}, {80, 32}, {96, 48}, {128, 64}, {256, 128}, {320, 160}, {144, 64}};
  uint64_t rng = 59;
  int ran = 0;
  for (int ai = 0; ai < 3; ai++)
    for (int ti = 0; ti < 3; ti++)
      for (int rounding = 0; rounding < 2; rounding++)
        for (int pairing = 0; pairing < 2; pairing++)
          for (int di = 0; di < 7; di++)
            for (int partial = 0; partial < 2; partial++) {
              const test_dtype act = dts[ai], td = dts[ti];
              if (rounding == FG_ROUNDING_EAGER_BF16 && act != DT_BF16) continue;  /* eager_bf16 needs bf16 x */
              const int64_t D = dims[di][0], R = partial ? dims[di][1] : D, half = R / 2;
              const int es = dt_size(act), ts = dt_size(td);
              for (size_t i = 0; i < B * seq; i++) dt_store(act, xnear.host + i * es, rng_uniform(&rng, -2, 2));
              for (size_t i = 0; i < tab; i++) {
                const double th = rng_uniform(&rng, -3.2, 3.2);
                dt_store(td, cb.host + i * ts, cos(th));
                dt_store(td, sb.host + i * ts, sin(th));
              }
              const size_t n = (size_t)B * S * H * D;
              CHECK(!gbuf_upload(&xnear) && !gbuf_upload(&cb) && !gbuf_upload(&sb));
              CHECK(cudaMemcpy(xfar.dev, xnear.host, n / 2 * es, cudaMemcpyHostToDevice) == cudaSuccess);
              CHECK(cudaMemcpy((char *)xfar.dev + far * es, xnear.host + n / 2 * es, n / 2 * es, cudaMemcpyHostToDevice) ==
                    cudaSuccess);
              const int64_t xs[4] = {B, S, H, D}, near_st[4] = {S * H * D, H * D, D, 1}, far_st[4] = {far, H * D, D, 1};
              const int64_t tsh[4] = {B, H, S, half}, tst[4] = {H * S * half, S * half, half, 1};
              char what[160];
              snprintf(what, sizeof what, "rope_per_head x %s, tables %s, %s, %s, D %lld, R %lld", dt_name(act), dt_name(td),
                       rounding ? "eager_bf16" : "fp32", pairing ? "half" : "interleaved", (long long)D, (long long)R);
              gbuf *outs[2] = {&o1, &o2};
              for (int form = 0; form < 2; form++) {
                gbuf_poison(outs[form]);
                CHECK(!gbuf_upload(outs[form]));
                tview xv, ov, cv, sv;
                tview_make(&xv, form == 0 ? &xfar : &xnear, act, 0, 4, xs, form == 0 ? far_st : near_st);
                tview_make(&ov, outs[form], act, 0, 4, xs, near_st);
                tview_make(&cv, &cb, td, 0, 4, tsh, tst);
                tview_make(&sv, &sb, td, 0, 4, tsh, tst);
                fg_status st = fg_rope_per_head(&xv.t, &ov.t, &cv.t, &sv.t, (fg_pairing)pairing, (fg_rounding)rounding, NULL);
                CHECK_MSG(st == FG_OK, "%s: %s (%s)", what, fg_status_name(st), fg_last_error());
                const char *k = fg__last_kernel();
                CHECK_MSG(k && strstr(k, "_vec16"), "%s: ran %s, not a 16-byte variant", what, k ? k : "nothing");
                CHECK(cudaDeviceSynchronize() == cudaSuccess && !gbuf_download(outs[form]));
                CHECK_MSG(!memcmp(outs[form]->host + n * es, outs[form]->before + n * es, pad * es), "%s: bytes after out changed",
                          what);
              }
              size_t nan = 0;  /* both left as poisoned would compare equal: the inputs are finite, so must be out */
              for (size_t i = 0; i < n; i++) nan += isnan(dt_load(act, o2.host + i * es));
              CHECK_MSG(nan == 0, "%s: %zu elements NaN (not written)", what, nan);
              CHECK_MSG(!memcmp(o1.host, o2.host, n * es), "%s: the 64-bit kernel and the lean form differ", what);
              ran++;
            }
  CHECK_MSG(ran == 2 * 3 * 3 * 7 * 2 + 2 * 3 * 7 * 2, "%d variants ran", ran);
  cudaFree(xfar.dev);
  gbuf_free(&xnear), gbuf_free(&o1), gbuf_free(&o2), gbuf_free(&cb), gbuf_free(&sb);
}
