/* GPU tests of fg_rope_qk: q and k rotated in one launch, as views into one
 * fused qkv tensor [T, HQ + 2 HK, D] (q heads, then k, then v), with different
 * head counts (GQA/MQA). Every kernel of its dispatch table for this GPU, and
 * the (HQ, HK) pairs and token counts of ops.md, against a float64 host
 * reference; outputs poisoned; v and every byte outside the outputs unchanged. */
#include "fusegen_internal.h"
#include "fusegen_kernels.h"
#include "gpu_util.h"
#include "harness.h"
#include "test_rope_qk.h"

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

static int device_cc(void) {
  int dev = 0, major = 0, minor = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
  return major * 10 + minor;
}

/* Every rope_qk kernel this GPU gets, with GQA and MQA head counts. */
void test_rope_qk_gpu_every_variant(void) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int cc = device_cc();
  int variants = 0;
  for (int k = 0; k < fg__rope_qk_kernel_count; k++) {
    const fg__kernel_entry *e = &fg__rope_qk_kernels[k];
    if (fg__find_kernel(fg__rope_qk_kernels, fg__rope_qk_kernel_count, 7, e->key, cc) != e) continue;
    char act[8], tab[8], pairing[16], dim[8], rot[16], access[16];
    int arch, d;
    if (sscanf(e->name, "rope_qk_%7[a-z0-9]_tab%7[a-z0-9]_%15[a-z]_d%7[a-z0-9]_%15[a-z]_%15[a-z0-9]_sm%d", act, tab,
               pairing, dim, rot, access, &arch) != 7) {
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
  CHECK_MSG(variants > 0, "no rope_qk kernel for sm_%d", cc);
}

/* ops.md: (Hq, Hk) in (32, 8), (64, 8), (8, 8), (32, 1); D 64 to 320; tokens 1, 2^n, 2^n + 1 up to 8192. */
void test_rope_qk_gpu_model_shapes(void) {
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
void test_rope_qk_api_qkv_views(void) {
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
