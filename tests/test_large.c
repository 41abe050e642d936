/* Index arithmetic past 2^31 elements: fg_rope on x [131073, 128, 128] bf16
 * (2^31 + 16384 elements, 4.3 GB) into out, every element checked against a
 * float64 host reference, the poisoned bytes after out unchanged. Needs about
 * 9 GB of GPU memory and 18 GB of host memory; skipped where they are missing. */
#include "fusegen.h"
#include "gpu_util.h"
#include "harness.h"
#include "test_large.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void test_large_rope_past_2_31_elements(void) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t S = 131073, H = 128, D = 128, HALF = 64;
  const size_t n = (size_t)S * H * D, pad = 4096;
  size_t free_b = 0, total_b = 0;
  if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess || free_b < 2 * (n + pad) * 2 + ((size_t)1 << 30))
    SKIP("less than 10 GB of free GPU memory");
  CHECK(n > ((size_t)1 << 31));
  gbuf x, out, cb, sb;
  memset(&out, 0, sizeof out);
  if (gbuf_alloc(&x, n * 2) || gbuf_alloc(&out, (n + pad) * 2) || gbuf_alloc(&cb, (size_t)S * HALF * 4) ||
      gbuf_alloc(&sb, (size_t)S * HALF * 4)) {
    gbuf_free(&x), gbuf_free(&out);
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
