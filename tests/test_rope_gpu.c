/* GPU correctness of rope: every kernel in the dispatch table for this GPU, and
 * the shapes of ops.md, against a float64 host reference. Outputs are poisoned
 * before each run (every element must be written), inputs are fresh random
 * data, and every byte outside the output elements must be unchanged. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "fusegen_internal.h"
#include "gpu_util.h"
#include "harness.h"
#include "fusegen_kernels.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  test_dtype act, tab;
  fg_pairing pairing;
  int batched;        /* [B, S, H, D] (1) or [T, H, D] (0) */
  int64_t B, S, H, D, R;
  int inplace;        /* out = NULL */
  int inplace_alias;  /* out = x itself */
  int misalign;       /* shift x and out by one element: no 16-byte path */
  int64_t head_pad, token_pad, table_pad; /* extra elements between heads / tokens / table rows */
  uint64_t seed;
  const char *expect_kernel; /* the kernel that must run, or NULL */
} rope_case;

static const char *pairing_name(fg_pairing p) { return p == FG_PAIRING_HALF ? "half" : "interleaved"; }

static void describe(const rope_case *c, char *buf, size_t n) {
  snprintf(buf, n, "%s x, %s tables, %s, %s[%lld, %lld, %lld, %lld] R=%lld%s%s%s pads=%lld/%lld/%lld",
           dt_name(c->act), dt_name(c->tab), pairing_name(c->pairing), c->batched ? "" : "T-form ",
           (long long)c->B, (long long)c->S, (long long)c->H, (long long)c->D, (long long)c->R,
           c->inplace ? " in place (NULL)" : c->inplace_alias ? " in place (out = x)" : " out of place",
           c->misalign ? " misaligned" : "", "", (long long)c->head_pad, (long long)c->token_pad,
           (long long)c->table_pad);
}

/* Run one case; returns the number of problems found (0 = pass). */
static int run_case(const rope_case *c) {
  char what[256];
  describe(c, what, sizeof what);
  int bad = 0;
  const int64_t B = c->B, S = c->S, H = c->H, D = c->D, R = c->R, half = R / 2;
  const int es = dt_size(c->act), ts = dt_size(c->tab);
  const int64_t guard = 64; /* elements before and after */
  const int64_t sh = D + c->head_pad, ss = H * sh + c->token_pad, sb = S * ss;
  const int64_t front = guard + (c->misalign ? 1 : 0);
  const size_t x_elems = (size_t)(front + B * sb + guard);
  const int64_t trow = half + c->table_pad;
  const size_t t_elems = (size_t)(guard + S * trow + guard);
  uint64_t rng = c->seed * 0x9E3779B97F4A7C15ull + 12345;

  gbuf xb, ob, cb, sbuf;
  int have_out = !c->inplace && !c->inplace_alias;
  if (gbuf_alloc(&xb, x_elems * es) || (have_out && gbuf_alloc(&ob, x_elems * es)) ||
      gbuf_alloc(&cb, t_elems * ts) || gbuf_alloc(&sbuf, t_elems * ts)) {
    fprintf(stderr, "    %s: allocation failed\n", what);
    return 1;
  }
  /* x: random everywhere (padding too, so in-place writes outside are seen) */
  for (size_t i = 0; i < x_elems; i++) dt_store(c->act, xb.host + i * es, rng_uniform(&rng, -2, 2));
  gbuf_poison(&cb);
  gbuf_poison(&sbuf);
  for (int64_t s = 0; s < S; s++)
    for (int64_t i = 0; i < half; i++) {
      double theta = rng_uniform(&rng, -3.2, 3.2);
      size_t at = (size_t)(guard + s * trow + i);
      dt_store(c->tab, cb.host + at * ts, cos(theta));
      dt_store(c->tab, sbuf.host + at * ts, sin(theta));
    }
  if (have_out) gbuf_poison(&ob);
  if (gbuf_upload(&xb) || (have_out && gbuf_upload(&ob)) || gbuf_upload(&cb) || gbuf_upload(&sbuf)) {
    fprintf(stderr, "    %s: upload failed\n", what);
    bad++;
    goto done;
  }

  tview xv, ov, cv, sv;
  int64_t shape4[4] = {B, S, H, D}, stride4[4] = {sb, ss, sh, 1};
  int64_t shape3[3] = {B * S, H, D}, stride3[3] = {ss, sh, 1};
  if (c->batched) tview_make(&xv, &xb, c->act, front * es, 4, shape4, stride4);
  else tview_make(&xv, &xb, c->act, front * es, 3, shape3, stride3);
  if (have_out) {
    if (c->batched) tview_make(&ov, &ob, c->act, front * es, 4, shape4, stride4);
    else tview_make(&ov, &ob, c->act, front * es, 3, shape3, stride3);
  }
  int64_t tshape[2] = {S, half}, tstride[2] = {trow, 1};
  tview_make(&cv, &cb, c->tab, guard * ts, 2, tshape, tstride);
  tview_make(&sv, &sbuf, c->tab, guard * ts, 2, tshape, tstride);
  DLTensor *out = have_out ? &ov.t : c->inplace_alias ? &xv.t : NULL;
  fg_status st = fg_rope(&xv.t, out, &cv.t, &sv.t, c->pairing, NULL);
  if (st != FG_OK) {
    fprintf(stderr, "    %s: fg_rope returned %s: %s\n", what, fg_status_name(st), fg_last_error());
    bad++;
    goto done;
  }
  if (c->expect_kernel && strcmp(fg__last_kernel(), c->expect_kernel) != 0) {
    fprintf(stderr, "    %s: ran %s, expected %s\n", what, fg__last_kernel(), c->expect_kernel);
    bad++;
  }
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    fprintf(stderr, "    %s: kernel failed: %s\n", what, cudaGetErrorString(err));
    bad++;
    goto done;
  }
  if (gbuf_download(&xb) || (have_out && gbuf_download(&ob)) || gbuf_download(&cb) || gbuf_download(&sbuf)) {
    fprintf(stderr, "    %s: download failed\n", what);
    bad++;
    goto done;
  }

  /* compare every output element with the float64 reference */
  {
    gbuf *o = have_out ? &ob : &xb;
    unsigned char *written = calloc(x_elems, 1);
    double err2 = 0, ref2 = 0, worst = 0;
    int64_t nan_count = 0, elem_bad = 0;
    const double unit = dt_unit(c->act);
    for (int64_t b = 0; b < B; b++)
      for (int64_t s = 0; s < S; s++)
        for (int64_t h = 0; h < H; h++) {
          const size_t base = (size_t)(front + b * sb + s * ss + h * sh);
          double in[1024], ref[1024];
          for (int64_t d = 0; d < D; d++) {
            in[d] = dt_load(c->act, xb.before + (base + d) * es);
            ref[d] = in[d];
          }
          for (int64_t i = 0; i < half; i++) {
            size_t at = (size_t)(guard + s * trow + i);
            double cc = dt_load(c->tab, cb.before + at * ts), sn = dt_load(c->tab, sbuf.before + at * ts);
            int64_t ia = c->pairing == FG_PAIRING_HALF ? i : 2 * i;
            int64_t ib = c->pairing == FG_PAIRING_HALF ? i + half : 2 * i + 1;
            ref[ia] = in[ia] * cc - in[ib] * sn;
            ref[ib] = in[ib] * cc + in[ia] * sn;
          }
          for (int64_t d = 0; d < D; d++) {
            written[base + d] = 1;
            double got = dt_load(c->act, o->host + (base + d) * es);
            if (isnan(got)) { nan_count++; continue; }
            double e = fabs(got - ref[d]);
            err2 += e * e;
            ref2 += ref[d] * ref[d];
            /* one rounding to act, plus fp32 arithmetic on inputs of size <= 2 */
            double bound = d < R ? 2 * unit * fabs(ref[d]) + 4.0 * ldexp(1, -24) * 4 : 0;
            if (e > bound) {
              if (elem_bad < 3)
                fprintf(stderr, "    %s: [b=%lld s=%lld h=%lld d=%lld] got %.8g, want %.8g\n", what, (long long)b,
                        (long long)s, (long long)h, (long long)d, got, ref[d]);
              elem_bad++;
            }
            if (e > worst) worst = e;
          }
        }
    const double tol = c->act == DT_FP32 ? 1e-5 : c->act == DT_FP16 ? 2e-3 : 1e-2;
    double rel = ref2 > 0 ? sqrt(err2 / ref2) : sqrt(err2);
    if (nan_count) { fprintf(stderr, "    %s: %lld elements not written (NaN)\n", what, (long long)nan_count); bad++; }
    if (elem_bad) { fprintf(stderr, "    %s: %lld elements off (worst %.3g)\n", what, (long long)elem_bad, worst); bad++; }
    if (!(rel < tol)) { fprintf(stderr, "    %s: relative error %.3g >= %.1g\n", what, rel, tol); bad++; }
    /* nothing outside the output elements changed */
    int64_t outside = 0;
    for (size_t i = 0; i < x_elems; i++) {
      if (written[i]) continue;
      if (memcmp(o->host + i * es, o->before + i * es, es) != 0) outside++;
    }
    if (outside) { fprintf(stderr, "    %s: %lld elements outside the output changed\n", what, (long long)outside); bad++; }
    if (have_out && memcmp(xb.host, xb.before, xb.bytes) != 0) { fprintf(stderr, "    %s: x changed\n", what); bad++; }
    if (memcmp(cb.host, cb.before, cb.bytes) || memcmp(sbuf.host, sbuf.before, sbuf.bytes)) {
      fprintf(stderr, "    %s: cos/sin changed\n", what);
      bad++;
    }
    free(written);
  }
done:
  gbuf_free(&xb);
  if (have_out) gbuf_free(&ob);
  gbuf_free(&cb);
  gbuf_free(&sbuf);
  return bad;
}

/* Decode "rope_bf16_tabfp32_pairinterleaved_d128_rotfull_vec16_sm90". */
static int parse_variant(const char *name, rope_case *c, int *full, int *vec) {
  char act[8], tab[8], pairing[16], dim[8], rot[16], access[16];
  int d, arch;
  if (sscanf(name, "rope_%7[a-z0-9]_tab%7[a-z0-9]_pair%15[a-z]_d%7[a-z0-9]_rot%15[a-z]_%15[a-z0-9]_sm%d", act, tab, pairing,
             dim, rot, access, &arch) != 7)
    return -1;
  if ((strcmp(pairing, "interleaved") && strcmp(pairing, "half")) || (strcmp(rot, "full") && strcmp(rot, "partial")))
    return -1;
  /* the general variant ("dany"): sizes no other variant takes; 46 is not a whole number of chunks */
  if (!strcmp(dim, "any")) d = !strcmp(access, "vec16") ? 112 : 46;
  else if (sscanf(dim, "%d", &d) != 1) return -1;
  test_dtype dts[3] = {DT_FP32, DT_FP16, DT_BF16};
  c->act = c->tab = DT_FP32;
  for (int i = 0; i < 3; i++) {
    if (!strcmp(act, dt_name(dts[i]))) c->act = dts[i];
    if (!strcmp(tab, dt_name(dts[i]))) c->tab = dts[i];
  }
  c->pairing = !strcmp(pairing, "half") ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
  c->D = d;
  *full = !strcmp(rot, "full");
  *vec = !strcmp(access, "vec16");
  return 0;
}

/* Every kernel the dispatch table holds for this GPU, in several layouts. */
TEST(test_rope_gpu_every_variant) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int cc = gpu_device_cc();
  int variants = 0;
  for (int k = 0; k < fg__rope_kernel_count; k++) {
    const fg__kernel_entry *e = &fg__rope_kernels[k];
    if (fg__find_kernel(fg__rope_kernels, fg__rope_kernel_count, 6, e->key, cc, e->model) != e) continue;
    fg__select_model(e->model); /* a GPU model's own kernel runs where it is selected */
    rope_case base;
    memset(&base, 0, sizeof base);
    int full = 0, vec = 0;
    if (parse_variant(e->name, &base, &full, &vec) != 0) {
      CHECK_MSG(0, "cannot parse kernel name %s", e->name);
      continue;
    }
    variants++;
    const int64_t VEC = 16 / dt_size(base.act);
    /* the 16-byte path takes R whose table rows (R/2 angles) are whole 16-byte chunks too */
    const int64_t W = VEC > 16 / dt_size(base.tab) ? VEC : 16 / dt_size(base.tab);
    int64_t Rs[2];
    if (full) Rs[0] = Rs[1] = base.D;
    else if (vec) { Rs[0] = base.D - 2 * W; Rs[1] = 2 * W; }
    else { Rs[0] = base.D - 2; Rs[1] = 2 * VEC + 2; }
    int failures = 0;
    for (int layout = 0; layout < 4; layout++) {
      rope_case c = base;
      c.R = Rs[layout % 2];
      c.batched = layout % 2 == 0;
      c.B = c.batched ? 2 : 1;
      c.S = layout < 2 ? 5 : 17;
      c.H = layout == 0 ? 3 : layout == 1 ? 1 : layout == 2 ? 7 : 2;
      c.inplace = layout == 1;
      c.inplace_alias = layout == 3;
      /* pads keep 16-byte strides on the vector path */
      c.head_pad = layout >= 2 ? VEC : 0;
      c.token_pad = layout == 0 ? 2 * VEC : 0;
      c.table_pad = layout == 2 ? 16 / dt_size(base.tab) : 0;
      c.misalign = !vec && layout % 2 == 0; /* scalar path by pointer, or by R */
      if (!vec && !full && layout % 2 == 1) c.R = base.D - 2 * VEC + 2;
      if (!vec && full) c.misalign = 1;
      c.seed = (uint64_t)k * 31 + layout + 1;
      c.expect_kernel = e->name;
      failures += run_case(&c);
    }
    CHECK_MSG(failures == 0, "%s: %d case(s) failed", e->name, failures);
  }
  fg__select_model(-1);
  CHECK_MSG(variants > 0, "no rope kernel in the dispatch table for sm_%d", cc);
}

/* A GPU model's own kernel runs on a device of that model only: with
 * FUSEGEN_GPU_MODEL standing in for the device's name, an unknown name runs
 * the target's kernel and the name of a model with a rope kernel of its own
 * (the build's first) runs that one; both checked against the reference. */
TEST(test_rope_gpu_kernel_by_gpu_model) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int cc = gpu_device_cc();
  int dev = 0;
  CHECK(cudaGetDevice(&dev) == cudaSuccess);
  const fg__kernel_entry *own = NULL, *target = NULL;
  for (int k = 0; k < fg__rope_kernel_count && !own; k++) {
    const fg__kernel_entry *e = &fg__rope_kernels[k];
    if (e->model > 0 && fg__find_kernel(fg__rope_kernels, fg__rope_kernel_count, 6, e->key, cc, e->model) == e) {
      own = e;
      target = fg__find_kernel(fg__rope_kernels, fg__rope_kernel_count, 6, e->key, cc, 0);
    }
  }
  rope_case c;
  memset(&c, 0, sizeof c);
  int full = 0, vec = 0;
  if (own) {
    CHECK_MSG(parse_variant(own->name, &c, &full, &vec) == 0, "cannot parse kernel name %s", own->name);
    c.R = full ? c.D : c.D / 2;
    c.batched = 1, c.B = 2, c.S = 33, c.H = 5;
    c.seed = 77;
  }
  const char *names[3] = {"Unknown GPU 9000", own ? fg__models[own->model - 1].devices[0] : NULL,
                          own ? fg__models[own->model - 1].name : NULL};
  for (int i = 0; i < 3; i++) {
    if (!names[i]) continue;
    CHECK(setenv("FUSEGEN_GPU_MODEL", names[i], 1) == 0);
    fg__forget_device_models();
    const char *model = fg_gpu_model(dev);
    const char *want = i == 0 ? "" : fg__models[own->model - 1].name;
    CHECK_MSG(model && !strcmp(model, want), "FUSEGEN_GPU_MODEL=\"%s\": fg_gpu_model says \"%s\", expected \"%s\"",
              names[i], model ? model : "(null)", want);
    if (own) {
      c.expect_kernel = i == 0 ? target->name : own->name;
      CHECK_MSG(run_case(&c) == 0, "FUSEGEN_GPU_MODEL=\"%s\": %s failed", names[i], c.expect_kernel);
    }
  }
  unsetenv("FUSEGEN_GPU_MODEL");
  fg__forget_device_models();
  /* the device's own name: a model's exactly when some model's file lists it */
  struct cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, dev) == cudaSuccess);
  const char *listed = "";
  for (int m = 0; m < fg__model_count; m++)
    for (int d = 0; d < fg__models[m].ndevices; d++)
      if (!strcmp(prop.name, fg__models[m].devices[d])) listed = fg__models[m].name;
  const char *model = fg_gpu_model(dev);
  CHECK_MSG(model && !strcmp(model, listed), "%s: fg_gpu_model says \"%s\", expected \"%s\"", prop.name,
            model ? model : "(null)", listed);
  CHECK_MSG(fg_gpu_model(-1) == NULL && strstr(fg_last_error(), "fg_gpu_model: no CUDA device -1"),
            "fg_gpu_model(-1): %s", fg_last_error());
  CHECK(fg_gpu_model(4096) == NULL);
}

/* The shapes of ops.md (bf16 x, fp32 tables), both pairings. */
TEST(test_rope_gpu_model_shapes) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t shapes[][5] = {
      /* batched, B, S, H, D */
      {1, 2, 4096, 24, 128}, {1, 1, 4096, 32, 64}, {0, 1, 4096, 24, 128}, {1, 1, 32760, 12, 128},
      {1, 1, 115200, 24, 128},
  };
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    for (int p = 0; p < 2; p++) {
      rope_case c;
      memset(&c, 0, sizeof c);
      c.act = DT_BF16;
      c.tab = DT_FP32;
      c.pairing = p ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
      c.batched = (int)shapes[i][0];
      c.B = shapes[i][1];
      c.S = shapes[i][2];
      c.H = shapes[i][3];
      c.D = c.R = shapes[i][4];
      c.inplace = p;
      c.seed = 1000 + i * 2 + p;
      char what[200];
      describe(&c, what, sizeof what);
      CHECK_MSG(run_case(&c) == 0, "%s", what);
    }
}

/* Token counts 1, 2^n and 2^n + 1; every built head size; R = D and R = D/2. */
TEST(test_rope_gpu_token_counts) {
  if (!test_have_gpu()) SKIP("no GPU");
  static const int64_t tokens[] = {1, 2, 16, 17, 256, 257, 4097};
  static const int64_t dims[] = {64, 80, 96, 128, 256, 320, 2, 72, 200, 512};
  int n = 0;
  for (size_t t = 0; t < sizeof tokens / sizeof tokens[0]; t++)
    for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
      rope_case c;
      memset(&c, 0, sizeof c);
      c.act = (t + d) % 3 == 0 ? DT_FP16 : DT_BF16;
      c.tab = DT_FP32;
      c.pairing = (t + d) % 2 ? FG_PAIRING_HALF : FG_PAIRING_INTERLEAVED;
      c.batched = 0;
      c.B = 1;
      c.S = tokens[t];
      c.H = 8 + (int64_t)(d % 3);
      c.D = dims[d];
      c.R = t % 2 && dims[d] >= 4 ? (dims[d] / 2) & ~(int64_t)1 : dims[d];
      c.seed = 5000 + n++;
      char what[200];
      describe(&c, what, sizeof what);
      CHECK_MSG(run_case(&c) == 0, "%s", what);
    }
}

/* A rejected call launches nothing and writes nothing. */
TEST(test_rope_gpu_bad_call_writes_nothing) {
  if (!test_have_gpu()) SKIP("no GPU");
  gbuf xb, ob, cb;
  const int64_t S = 8, H = 2, D = 64;
  CHECK(gbuf_alloc(&xb, S * H * D * 2) == 0 && gbuf_alloc(&ob, S * H * D * 2) == 0 && gbuf_alloc(&cb, S * 48 * 4) == 0);
  uint64_t rng = 7;
  for (int64_t i = 0; i < S * H * D; i++) dt_store(DT_BF16, xb.host + 2 * i, rng_uniform(&rng, -1, 1));
  gbuf_poison(&ob);
  for (int64_t i = 0; i < S * 48; i++) dt_store(DT_FP32, cb.host + 4 * i, rng_uniform(&rng, -1, 1));
  CHECK(gbuf_upload(&xb) == 0 && gbuf_upload(&ob) == 0 && gbuf_upload(&cb) == 0);
  tview xv, ov, cv, sv;
  int64_t xs[3] = {S, H, D}, xst[3] = {H * D, D, 1};
  tview_make(&xv, &xb, DT_BF16, 0, 3, xs, xst);
  tview_make(&ov, &ob, DT_BF16, 0, 3, xs, xst);
  int64_t ts_[2] = {S, 48}, tst[2] = {48, 1}; /* R = 96 > D = 64 */
  tview_make(&cv, &cb, DT_FP32, 0, 2, ts_, tst);
  tview_make(&sv, &cb, DT_FP32, 0, 2, ts_, tst);
  fg_status st = fg_rope(&xv.t, &ov.t, &cv.t, &sv.t, FG_PAIRING_INTERLEAVED, NULL);
  CHECK(st == FG_ERR_SHAPE);
  CHECK(strstr(fg_last_error(), "R = 96") != NULL);
  /* in place with a bad pairing value */
  int64_t ts2[2] = {S, 32}, tst2[2] = {32, 1};
  tview_make(&cv, &cb, DT_FP32, 0, 2, ts2, tst2);
  tview_make(&sv, &cb, DT_FP32, 0, 2, ts2, tst2);
  st = fg_rope(&xv.t, NULL, &cv.t, &sv.t, (fg_pairing)5, NULL);
  CHECK(st == FG_ERR_INVALID_ARGUMENT);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(gbuf_download(&xb) == 0 && gbuf_download(&ob) == 0);
  CHECK(memcmp(xb.host, xb.before, xb.bytes) == 0);
  CHECK(memcmp(ob.host, ob.before, ob.bytes) == 0);
  /* a host pointer is refused */
  unsigned char *host = malloc(S * H * D * 2);
  xv.t.data = host;
  st = fg_rope(&xv.t, NULL, &cv.t, &sv.t, FG_PAIRING_INTERLEAVED, NULL);
  CHECK(st == FG_ERR_DEVICE);
  CHECK(strstr(fg_last_error(), "x") != NULL);
  /* the Python layer vouches for its tensors' devices around one call
     (fg__vouch_for_devices): the call runs as checked, and once vouching
     ends, a host pointer is refused again */
  xv.t.data = xb.dev;
  st = fg_rope(&xv.t, &ov.t, &cv.t, &sv.t, FG_PAIRING_INTERLEAVED, NULL);
  CHECK(st == FG_OK);
  CHECK(cudaDeviceSynchronize() == cudaSuccess && gbuf_download(&ob) == 0);
  unsigned char *checked = malloc(ob.bytes);
  memcpy(checked, ob.host, ob.bytes);
  gbuf_poison(&ob);
  CHECK(gbuf_upload(&ob) == 0);
  fg__vouch_for_devices(1);
  st = fg_rope(&xv.t, &ov.t, &cv.t, &sv.t, FG_PAIRING_INTERLEAVED, NULL);
  fg__vouch_for_devices(0);
  CHECK(st == FG_OK);
  CHECK(cudaDeviceSynchronize() == cudaSuccess && gbuf_download(&ob) == 0);
  CHECK(memcmp(checked, ob.host, ob.bytes) == 0);
  free(checked);
  xv.t.data = host;
  st = fg_rope(&xv.t, NULL, &cv.t, &sv.t, FG_PAIRING_INTERLEAVED, NULL);
  CHECK(st == FG_ERR_DEVICE);
  free(host);
  gbuf_free(&xb);
  gbuf_free(&ob);
  gbuf_free(&cb);
}

/* Calls can be captured in a CUDA graph: no allocation, no synchronisation. */
TEST(test_rope_gpu_graph_capture) {
  if (!test_have_gpu()) SKIP("no GPU");
  const int64_t S = 33, H = 4, D = 128;
  gbuf xb, ob, cb, sb;
  CHECK(gbuf_alloc(&xb, S * H * D * 2) == 0 && gbuf_alloc(&ob, S * H * D * 2) == 0);
  CHECK(gbuf_alloc(&cb, S * 64 * 4) == 0 && gbuf_alloc(&sb, S * 64 * 4) == 0);
  uint64_t rng = 99;
  for (int64_t i = 0; i < S * H * D; i++) dt_store(DT_BF16, xb.host + 2 * i, rng_uniform(&rng, -1, 1));
  for (int64_t i = 0; i < S * 64; i++) {
    double th = rng_uniform(&rng, -3, 3);
    dt_store(DT_FP32, cb.host + 4 * i, cos(th));
    dt_store(DT_FP32, sb.host + 4 * i, sin(th));
  }
  gbuf_poison(&ob);
  CHECK(gbuf_upload(&xb) == 0 && gbuf_upload(&ob) == 0 && gbuf_upload(&cb) == 0 && gbuf_upload(&sb) == 0);
  tview xv, ov, cv, sv;
  int64_t xs[3] = {S, H, D}, xst[3] = {H * D, D, 1}, ts_[2] = {S, 64}, tst[2] = {64, 1};
  tview_make(&xv, &xb, DT_BF16, 0, 3, xs, xst);
  tview_make(&ov, &ob, DT_BF16, 0, 3, xs, xst);
  tview_make(&cv, &cb, DT_FP32, 0, 2, ts_, tst);
  tview_make(&sv, &sb, DT_FP32, 0, 2, ts_, tst);
  cudaStream_t stream;
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CHECK(cudaStreamCreate(&stream) == cudaSuccess);
  CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal) == cudaSuccess);
  fg_status st = fg_rope(&xv.t, &ov.t, &cv.t, &sv.t, FG_PAIRING_INTERLEAVED, (fg_stream_t)stream);
  CHECK_MSG(st == FG_OK, "%s", fg_last_error());
  CHECK(cudaStreamEndCapture(stream, &graph) == cudaSuccess);
  CHECK(cudaGraphInstantiate(&exec, graph, 0) == cudaSuccess);
  CHECK(cudaGraphLaunch(exec, stream) == cudaSuccess);
  CHECK(cudaStreamSynchronize(stream) == cudaSuccess);
  CHECK(gbuf_download(&ob) == 0);
  int64_t wrong = 0;
  for (int64_t t = 0; t < S; t++)
    for (int64_t h = 0; h < H; h++)
      for (int64_t i = 0; i < 64; i++) {
        size_t base = (size_t)((t * H + h) * D);
        double a = dt_load(DT_BF16, xb.before + 2 * (base + 2 * i)), b = dt_load(DT_BF16, xb.before + 2 * (base + 2 * i + 1));
        double cc = dt_load(DT_FP32, cb.before + 4 * (t * 64 + i)), sn = dt_load(DT_FP32, sb.before + 4 * (t * 64 + i));
        double ga = dt_load(DT_BF16, ob.host + 2 * (base + 2 * i)), gb = dt_load(DT_BF16, ob.host + 2 * (base + 2 * i + 1));
        if (!(fabs(ga - (a * cc - b * sn)) < 0.02) || !(fabs(gb - (b * cc + a * sn)) < 0.02)) wrong++;
      }
  CHECK_MSG(wrong == 0, "%lld pairs wrong after graph replay", (long long)wrong);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaStreamDestroy(stream);
  gbuf_free(&xb);
  gbuf_free(&ob);
  gbuf_free(&cb);
  gbuf_free(&sb);
}
