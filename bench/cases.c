/* The bench shapes of ops.md, one case per op and shape (bench/cases.h):
 * random bf16 inputs on the GPU, laid out as the models pass them. */
#include "cases.h"

#include "fusegen_kernels.h"
#include "timing.h"

#include <string.h>

/* --- test data --------------------------------------------------------------- */
static uint64_t rng_state = 88172645463325252ull;
static double next_uniform(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (double)(rng_state >> 11) / 9007199254740992.0;
}

/* Every device buffer the cases hold, with its size and element type, so that
 * the tuner can save and compare a case's memory (bench_case_buffers). */
enum { MAX_BUFFERS = 512 }; /* every case of a run may be set up at once (the tuner) */
static bench_buffer buffers[MAX_BUFFERS];

static void *device_buffer(DLDataType dt, size_t n) {
  void *dev;
  CUDA_OK(cudaMalloc(&dev, n * (dt.bits / 8)));
  for (int i = 0; i < MAX_BUFFERS; i++)
    if (!buffers[i].data) {
      buffers[i] = (bench_buffer){dev, n * (dt.bits / 8), dt};
      return dev;
    }
  fprintf(stderr, "bench cases: more than %d buffers\n", MAX_BUFFERS);
  exit(1);
}

static void free_buffer(void *dev) {
  if (!dev) return;
  for (int i = 0; i < MAX_BUFFERS; i++)
    if (buffers[i].data == dev) buffers[i].data = NULL;
  cudaFree(dev);
}

/* A device buffer of n random elements of dtype (bf16 or fp32) in [-1, 1). */
static void *random_buffer(DLDataType dt, size_t n) {
  size_t es = dt.bits / 8;
  unsigned char *h = malloc(n * es);
  for (size_t i = 0; i < n; i++) {
    float f = (float)(next_uniform() * 2 - 1);
    if (es == 4) memcpy(h + 4 * i, &f, 4);
    else {
      unsigned u;
      memcpy(&u, &f, 4);
      unsigned short b = (unsigned short)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
      memcpy(h + 2 * i, &b, 2);
    }
  }
  void *dev = device_buffer(dt, n);
  CUDA_OK(cudaMemcpy(dev, h, n * es, cudaMemcpyHostToDevice));
  free(h);
  return dev;
}

static DLTensor tensor(void *data, DLDataType dt, int ndim, int64_t *shape, int64_t *strides) {
  DLTensor t;
  memset(&t, 0, sizeof t);
  t.data = data;
  t.device.device_type = kDLCUDA;
  t.ndim = ndim;
  t.dtype = dt;
  t.shape = shape;
  t.strides = strides;
  return t;
}

static const DLDataType BF16 = {kDLBfloat, 16, 1}, F32 = {kDLFloat, 32, 1}, I64 = {kDLInt, 64, 1};

/* --- the cases: one per op and bench shape of ops.md ------------------------- */
typedef enum { PER_TOKEN, PER_HEAD, CACHE, QK, QKNORM, QKNORM_PER_HEAD } table_kind;

typedef struct {
  const char *op, *name;
  table_kind kind;
  int batched; /* [B, S, H, D] or [T, H, D] */
  int64_t B, S, H, D;
  fg_pairing pairing;
  DLDataType table;
  fg_rounding rounding;
  int64_t R; /* rotary dims; 0: D */
} bench_case;

typedef struct {
  const bench_case *bc;
  DLTensor t[6];
  int64_t xs[4], ts[4], tst[4], tabst[4], ps[2], ks[3], qkst[3], ws[1];
  void *bufs[6];
} case_ctx;

static fg_status run_case(case_ctx *c) {
  const bench_case *bc = c->bc;
  fg_status st;
  if (bc->kind == PER_TOKEN) st = fg_rope(&c->t[0], &c->t[1], &c->t[2], &c->t[3], bc->pairing, NULL);
  else if (bc->kind == PER_HEAD)
    st = fg_rope_per_head(&c->t[0], &c->t[1], &c->t[2], &c->t[3], bc->pairing, bc->rounding, NULL);
  else if (bc->kind == CACHE) st = fg_rope_cos_sin_cache(&c->t[0], &c->t[1], &c->t[2], &c->t[3], bc->pairing, 0, NULL);
  else if (bc->kind == QK) st = fg_rope_qk(&c->t[0], &c->t[4], NULL, NULL, &c->t[2], &c->t[3], bc->pairing, NULL);
  else if (bc->kind == QKNORM_PER_HEAD) /* q, k, q_weight, k_weight, cos, sin */
    st = fg_qknorm_across_heads_rope_per_head(&c->t[0], &c->t[4], &c->t[1], &c->t[5], &c->t[2], &c->t[3], bc->pairing,
                                              1e-6f, FG_NORM_ROUNDING_FP32, NULL);
  else /* q, k, q_weight, k_weight, cos_sin_cache, positions */
    st = fg_qknorm_rope_cos_sin_cache(&c->t[0], &c->t[4], &c->t[1], &c->t[5], &c->t[2], &c->t[3], bc->pairing, 1e-6f, 0,
                                      FG_NORM_ROUNDING_FP32, NULL);
  return st;
}

static const bench_case cases[] = {
    {"rope", "hunyuan [1,115200,24,128]", PER_TOKEN, 1, 1, 115200, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0},
    {"rope", "wan [1,32760,12,128]", PER_TOKEN, 1, 1, 32760, 12, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0},
    {"rope", "[2,4096,24,128]", PER_TOKEN, 1, 2, 4096, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0},
    {"rope", "[1,4096,32,64]", PER_TOKEN, 1, 1, 4096, 32, 64, FG_PAIRING_INTERLEAVED, F32, 0, 0},
    {"rope", "[4096,24,128]", PER_TOKEN, 0, 1, 4096, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0},
    {"rope", "half [1,115200,24,128]", PER_TOKEN, 1, 1, 115200, 24, 128, FG_PAIRING_HALF, F32, 0, 0},
    {"rope_per_head", "ltx2 video [4,1152,32,128]", PER_HEAD, 1, 4, 1152, 32, 128, FG_PAIRING_HALF, BF16,
     FG_ROUNDING_EAGER_BF16, 0},
    {"rope_per_head", "ltx2 audio [4,25,32,64]", PER_HEAD, 1, 4, 25, 32, 64, FG_PAIRING_HALF, BF16,
     FG_ROUNDING_EAGER_BF16, 0},
    {"rope_per_head", "ltx2 large [2,24576,32,128]", PER_HEAD, 1, 2, 24576, 32, 128, FG_PAIRING_HALF, BF16,
     FG_ROUNDING_EAGER_BF16, 0},
    {"rope_cos_sin_cache", "flux [1,4608,24,128]", CACHE, 1, 1, 4608, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0},
    /* q [4096, 32, 128] and k [4096, 8, 128] in place, views of one qkv [4096, 48, 128] */
    {"rope_qk", "gqa 32/8 [4096,*,128] qkv", QK, 0, 1, 4096, 32, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0},
    /* qknorm_rope: q and k [N, H, 128] in place in one qkv [N, 3H, 128]; fp32
       weights, an fp32 cache [N, R] and int64 positions 0..N-1 */
    {"qknorm_rope", "flux_1024 N=4096 H=24", QKNORM, 0, 1, 4096, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128},
    {"qknorm_rope", "qwen_1024 N=4096 H=32", QKNORM, 0, 1, 4096, 32, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128},
    {"qknorm_rope", "qwen_partial N=4096 H=32 R=64", QKNORM, 0, 1, 4096, 32, 128, FG_PAIRING_INTERLEAVED, F32, 0, 64},
    {"qknorm_rope", "zimage_1024 N=4096 H=30", QKNORM, 0, 1, 4096, 30, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128},
    {"qknorm_rope", "batch2 2x2048 H=24", QKNORM, 1, 2, 2048, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128},
    {"qknorm_rope", "flux2 N=4096 H=48", QKNORM, 0, 1, 4096, 48, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128},
    {"qknorm_rope", "hunyuan N=115200 H=24", QKNORM, 0, 1, 115200, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128},
    /* LTX-2: q and k [B, S, 32, 128] in place in one qkv, RMS over each token's
       32 * 128 (fp32 weights [4096]), per-head bf16 tables as in rope_per_head */
    {"qknorm_across_heads_rope_per_head", "ltx2 video [4,1152,32,128]", QKNORM_PER_HEAD, 1, 4, 1152, 32, 128,
     FG_PAIRING_HALF, BF16, 0, 128},
    {"qknorm_across_heads_rope_per_head", "ltx2 large [2,24576,32,128]", QKNORM_PER_HEAD, 1, 2, 24576, 32, 128,
     FG_PAIRING_HALF, BF16, 0, 128},
};

/* cos and sin [B, H, S, R/2] as views of [B, S, H, R/2] memory, as LTX-2 passes them. */
static void per_head_tables(case_ctx *c, int64_t R2) {
  const bench_case *bc = c->bc;
  const int64_t B = bc->B, S = bc->S, H = bc->H;
  c->ts[0] = B; c->ts[1] = H; c->ts[2] = S; c->ts[3] = R2;
  c->tabst[0] = S * H * R2; c->tabst[1] = R2; c->tabst[2] = H * R2; c->tabst[3] = 1;
  c->bufs[2] = random_buffer(bc->table, (size_t)(B * S * H * R2));
  c->bufs[3] = random_buffer(bc->table, (size_t)(B * S * H * R2));
  c->t[2] = tensor(c->bufs[2], bc->table, 4, c->ts, c->tabst);
  c->t[3] = tensor(c->bufs[3], bc->table, 4, c->ts, c->tabst);
}

/* Tensors of a case: x, out, then cos and sin, or cos_sin_cache and positions. */
static void setup_case(case_ctx *c, const bench_case *bc) {
  memset(c, 0, sizeof *c);
  c->bc = bc;
  const int64_t B = bc->B, S = bc->S, H = bc->H, D = bc->D, R2 = D / 2;
  size_t n = (size_t)(B * S * H * D);
  if (bc->batched) { c->xs[0] = B; c->xs[1] = S; c->xs[2] = H; c->xs[3] = D; }
  else { c->xs[0] = S; c->xs[1] = H; c->xs[2] = D; }
  int xnd = bc->batched ? 4 : 3;
  c->bufs[0] = random_buffer(BF16, n);
  c->bufs[1] = random_buffer(BF16, n);
  c->t[0] = tensor(c->bufs[0], BF16, xnd, c->xs, NULL);
  c->t[1] = tensor(c->bufs[1], BF16, xnd, c->xs, NULL);
  if (bc->kind == QK) { /* q and k: heads [0, H) and [H, H + H/4) of qkv [S, H + 2 H/4, D] */
    const int64_t HK = H / 4, tstride = (H + 2 * HK) * D;
    free_buffer(c->bufs[0]);
    free_buffer(c->bufs[1]);
    c->bufs[1] = NULL;
    c->bufs[0] = random_buffer(BF16, (size_t)(S * tstride));
    c->xs[0] = S; c->xs[1] = H; c->xs[2] = D;
    c->ks[0] = S; c->ks[1] = HK; c->ks[2] = D;
    c->qkst[0] = tstride; c->qkst[1] = D; c->qkst[2] = 1;
    c->t[0] = tensor(c->bufs[0], BF16, 3, c->xs, c->qkst);
    c->t[4] = tensor(c->bufs[0], BF16, 3, c->ks, c->qkst);
    c->t[4].byte_offset = (uint64_t)(H * D * 2);
  }
  if (bc->kind == QKNORM || bc->kind == QKNORM_PER_HEAD) { /* q, k, v: heads [0, H), [H, 2H), [2H, 3H) of qkv [B, S, 3H, D] */
    const int64_t R = bc->R ? bc->R : D, T = B * S, tstride = 3 * H * D;
    free_buffer(c->bufs[0]);
    free_buffer(c->bufs[1]);
    c->bufs[0] = random_buffer(BF16, (size_t)(T * tstride));
    if (bc->batched) { /* [B, S, H, D] with strides in tst */
      c->tst[0] = S * tstride; c->tst[1] = tstride; c->tst[2] = D; c->tst[3] = 1;
      c->t[0] = tensor(c->bufs[0], BF16, 4, c->xs, c->tst);
    } else {
      c->qkst[0] = tstride; c->qkst[1] = D; c->qkst[2] = 1;
      c->t[0] = tensor(c->bufs[0], BF16, 3, c->xs, c->qkst);
    }
    c->t[4] = c->t[0];
    c->t[4].byte_offset = (uint64_t)(H * D * 2);
    c->ws[0] = bc->kind == QKNORM_PER_HEAD ? H * D : D; /* across heads: [H * D] */
    c->bufs[1] = random_buffer(F32, (size_t)c->ws[0]);
    c->bufs[5] = random_buffer(F32, (size_t)c->ws[0]);
    c->t[1] = tensor(c->bufs[1], F32, 1, c->ws, NULL);
    c->t[5] = tensor(c->bufs[5], F32, 1, c->ws, NULL);
    if (bc->kind == QKNORM_PER_HEAD) {
      per_head_tables(c, R / 2);
      return;
    }
    c->ts[0] = T; c->ts[1] = R;
    c->bufs[2] = random_buffer(F32, (size_t)(T * R));
    c->t[2] = tensor(c->bufs[2], F32, 2, c->ts, NULL);
    int64_t *pos = malloc(sizeof(int64_t) * T);
    for (int64_t i = 0; i < T; i++) pos[i] = i;
    c->bufs[3] = device_buffer(I64, (size_t)T);
    CUDA_OK(cudaMemcpy(c->bufs[3], pos, sizeof(int64_t) * T, cudaMemcpyHostToDevice));
    free(pos);
    c->ps[0] = B; c->ps[1] = S;
    c->t[3] = tensor(c->bufs[3], I64, bc->batched ? 2 : 1, bc->batched ? c->ps : c->ps + 1, NULL);
  } else if (bc->kind == PER_TOKEN || bc->kind == QK) {
    c->ts[0] = S; c->ts[1] = R2;
    c->bufs[2] = random_buffer(bc->table, (size_t)(S * R2));
    c->bufs[3] = random_buffer(bc->table, (size_t)(S * R2));
    c->t[2] = tensor(c->bufs[2], bc->table, 2, c->ts, NULL);
    c->t[3] = tensor(c->bufs[3], bc->table, 2, c->ts, NULL);
  } else if (bc->kind == PER_HEAD) {
    per_head_tables(c, R2);
  } else {
    const int64_t P = 2 * S;
    c->ts[0] = P; c->ts[1] = D;
    c->bufs[2] = random_buffer(bc->table, (size_t)(P * D));
    c->t[2] = tensor(c->bufs[2], bc->table, 2, c->ts, NULL);
    int64_t *pos = malloc(sizeof(int64_t) * B * S);
    for (int64_t i = 0; i < B * S; i++) pos[i] = (int64_t)(next_uniform() * (double)P);
    c->bufs[3] = device_buffer(I64, (size_t)(B * S));
    CUDA_OK(cudaMemcpy(c->bufs[3], pos, sizeof(int64_t) * B * S, cudaMemcpyHostToDevice));
    free(pos);
    c->ps[0] = B * S;
    c->t[3] = tensor(c->bufs[3], I64, 1, c->ps, NULL);
  }
}

static double case_bytes(const case_ctx *c) {
  const DLTensor *a[4] = {&c->t[0], &c->t[1], &c->t[2], &c->t[3]};
  switch (c->bc->kind) { /* read off each op's generated signature */
  case PER_TOKEN: return (double)fg__bytes_moved(&fg__rope_sig, a);
  case PER_HEAD: return (double)fg__bytes_moved(&fg__rope_per_head_sig, a);
  case QK: {
    const DLTensor *q[6] = {&c->t[0], &c->t[4], NULL, NULL, &c->t[2], &c->t[3]};
    return (double)fg__bytes_moved(&fg__rope_qk_sig, q);
  }
  case QKNORM: {
    const DLTensor *q[6] = {&c->t[0], &c->t[4], &c->t[1], &c->t[5], &c->t[2], &c->t[3]};
    return (double)fg__bytes_moved(&fg__qknorm_rope_cos_sin_cache_sig, q);
  }
  case QKNORM_PER_HEAD: {
    const DLTensor *q[6] = {&c->t[0], &c->t[4], &c->t[1], &c->t[5], &c->t[2], &c->t[3]};
    return (double)fg__bytes_moved(&fg__qknorm_across_heads_rope_per_head_sig, q);
  }
  default: return (double)fg__bytes_moved(&fg__rope_cos_sin_cache_sig, a);
  }
}

/* --- norm + modulation: ops.md's bench shapes, bf16, every source ------------- */
typedef enum { NM_SELECT01, NM_BATCH, NM_TOKEN, NM_FRAME, NM_SCALAR } nm_source;
typedef struct {
  const char *op, *name;
  nm_source src;
  int residual;
  fg_norm norm;
} nm_form;
static const nm_form nm_forms[] = {
    {"norm_modulate_select01", "layer", NM_SELECT01, 0, FG_NORM_LAYER},
    {"norm_modulate_select01", "layer residual", NM_SELECT01, 1, FG_NORM_LAYER},
    {"norm_modulate", "layer per batch", NM_BATCH, 0, FG_NORM_LAYER},
    {"norm_modulate", "rms per batch residual", NM_BATCH, 1, FG_NORM_RMS},
    {"norm_modulate_per_token", "layer per token", NM_TOKEN, 0, FG_NORM_LAYER},
    {"norm_modulate_per_frame", "layer per frame F=16", NM_FRAME, 0, FG_NORM_LAYER},
    {"norm_modulate_scalar", "layer scalar", NM_SCALAR, 0, FG_NORM_LAYER},
};
static const int64_t nm_shapes[][3] = {{2, 2048, 3072}, {1, 4096, 3072}, {2, 8192, 3072}, {1, 4096, 5120}};

/* x, out, gate_out, index, scale0, shift0, gate0, scale1, shift1, gate1,
 * residual, residual_gate, residual_out (scale and shift of the other sources
 * in the scale0 and shift0 slots) */
enum { NX, NOUT, NGOUT, NIDX, NSC0, NSH0, NG0, NSC1, NSH1, NG1, NRES, NRG, NROUT, NN };
typedef struct {
  const nm_form *f;
  DLTensor t[NN];
  int64_t s3[3], si[2], sm[4];
  void *bufs[NN];
} nm_ctx;

static void nm_setup(nm_ctx *c, const nm_form *f, const int64_t *shape) {
  memset(c, 0, sizeof *c);
  c->f = f;
  const int64_t B = shape[0], L = shape[1], C = shape[2], F = 16;
  const size_t n = (size_t)(B * L * C);
  memcpy(c->s3, shape, sizeof c->s3);
  c->si[0] = B; c->si[1] = L;
  int mnd = 2;
  size_t mn = (size_t)(B * C);
  if (f->src == NM_TOKEN) { c->sm[0] = B; c->sm[1] = L; c->sm[2] = C; mnd = 3; mn = n; }
  else if (f->src == NM_FRAME) { c->sm[0] = B; c->sm[1] = F; c->sm[2] = 1; c->sm[3] = C; mnd = 4; mn = (size_t)(B * F * C); }
  else { c->sm[0] = B; c->sm[1] = C; }
  for (int k = 0; k < NN; k++) {
    int need = k <= NOUT || (f->src == NM_SELECT01 && k <= NG1) || (k == NSC0 || k == NSH0 ? f->src != NM_SCALAR : 0) ||
               (k >= NRES && f->residual);
    if (!need) continue;
    if (k == NIDX) {
      int64_t *ix = malloc(sizeof(int64_t) * B * L);
      for (int64_t i = 0; i < B * L; i++) ix[i] = next_uniform() < 0.5;
      c->bufs[k] = device_buffer(I64, (size_t)(B * L));
      CUDA_OK(cudaMemcpy(c->bufs[k], ix, sizeof(int64_t) * B * L, cudaMemcpyHostToDevice));
      free(ix);
      c->t[k] = tensor(c->bufs[k], I64, 2, c->si, NULL);
    } else if (k >= NSC0 && k <= NG1) {
      c->bufs[k] = random_buffer(BF16, mn);
      c->t[k] = tensor(c->bufs[k], BF16, mnd, c->sm, NULL);
    } else {
      c->bufs[k] = random_buffer(BF16, n);
      c->t[k] = tensor(c->bufs[k], BF16, 3, c->s3, NULL);
    }
  }
}

static fg_status nm_run(nm_ctx *c) {
  DLTensor *t[NN];
  for (int k = 0; k < NN; k++) t[k] = c->bufs[k] ? &c->t[k] : NULL;
  const nm_form *f = c->f;
  fg_status st;
  switch (f->src) {
  case NM_SELECT01:
    st = fg_norm_modulate_select01(t[NX], t[NOUT], t[NGOUT], t[NIDX], t[NSC0], t[NSH0], t[NG0], t[NSC1], t[NSH1],
                                   t[NG1], NULL, NULL, t[NRES], t[NRG], t[NROUT], f->norm, 1e-6f, 1.0f, NULL);
    break;
  case NM_BATCH:
    st = fg_norm_modulate(t[NX], t[NOUT], t[NSC0], t[NSH0], NULL, NULL, t[NRES], t[NRG], t[NROUT], f->norm, 1e-6f,
                          1.0f, NULL);
    break;
  case NM_TOKEN:
    st = fg_norm_modulate_per_token(t[NX], t[NOUT], t[NSC0], t[NSH0], NULL, NULL, t[NRES], t[NRG], t[NROUT],
                                    f->norm, 1e-6f, 1.0f, NULL);
    break;
  case NM_FRAME:
    st = fg_norm_modulate_per_frame(t[NX], t[NOUT], t[NSC0], t[NSH0], NULL, NULL, t[NRES], t[NRG], t[NROUT],
                                    f->norm, 1e-6f, 1.0f, NULL);
    break;
  default:
    st = fg_norm_modulate_scalar(t[NX], t[NOUT], NULL, NULL, t[NRES], t[NRG], t[NROUT], f->norm, 1e-6f, 1.0f, 0.5f,
                                 0.25f, NULL);
  }
  return st;
}

/* Bytes: each op's generated signature (select01 counts both branches' [B, C]
 * rows, a small share). */
static double nm_bytes(const nm_ctx *c) {
  const DLTensor *t[NN];
  for (int k = 0; k < NN; k++) t[k] = c->bufs[k] ? &c->t[k] : NULL;
  switch (c->f->src) {
  case NM_SELECT01: {
    const DLTensor *a[15] = {t[NX], t[NOUT], t[NGOUT], t[NIDX], t[NSC0], t[NSH0], t[NG0], t[NSC1],
                             t[NSH1], t[NG1], NULL, NULL, t[NRES], t[NRG], t[NROUT]};
    return (double)fg__bytes_moved(&fg__norm_modulate_select01_sig, a);
  }
  case NM_SCALAR: {
    const DLTensor *a[7] = {t[NX], t[NOUT], NULL, NULL, t[NRES], t[NRG], t[NROUT]};
    return (double)fg__bytes_moved(&fg__norm_modulate_scalar_sig, a);
  }
  default: {
    const DLTensor *a[9] = {t[NX], t[NOUT], t[NSC0], t[NSH0], NULL, NULL, t[NRES], t[NRG], t[NROUT]};
    const fg__op_sig *sig = c->f->src == NM_BATCH ? &fg__norm_modulate_sig
                            : c->f->src == NM_TOKEN ? &fg__norm_modulate_per_token_sig
                                                    : &fg__norm_modulate_per_frame_sig;
    return (double)fg__bytes_moved(sig, a);
  }
  }
}

/* --- every case, in one list ------------------------------------------------ */
#define N_ROPE ((int)(sizeof cases / sizeof cases[0]))
#define N_FORMS ((int)(sizeof nm_forms / sizeof nm_forms[0]))
#define N_SHAPES ((int)(sizeof nm_shapes / sizeof nm_shapes[0]))

struct bench_case_ctx {
  int index;
  case_ctx rope;
  nm_ctx nm;
};

int bench_case_count(void) { return N_ROPE + N_FORMS * N_SHAPES; }

const char *bench_case_op(int i) { return i < N_ROPE ? cases[i].op : nm_forms[(i - N_ROPE) % N_FORMS].op; }

const char *bench_case_name(int i) {
  static _Thread_local char name[96];
  if (i < N_ROPE) return cases[i].name;
  const nm_form *f = &nm_forms[(i - N_ROPE) % N_FORMS];
  const int64_t *s = nm_shapes[(i - N_ROPE) / N_FORMS];
  snprintf(name, sizeof name, "%s [%lld,%lld,%lld]", f->name, (long long)s[0], (long long)s[1], (long long)s[2]);
  return name;
}

int bench_case_selected(int i, const char *filter) {
  if (!filter) return 1;
  const char *op = bench_case_op(i);
  return !strncmp(op, filter, strlen(filter)) || strstr(bench_case_name(i), filter) != NULL;
}

bench_case_ctx *bench_case_setup(int i) {
  bench_case_ctx *c = calloc(1, sizeof *c);
  c->index = i;
  if (i < N_ROPE) setup_case(&c->rope, &cases[i]);
  else nm_setup(&c->nm, &nm_forms[(i - N_ROPE) % N_FORMS], nm_shapes[(i - N_ROPE) / N_FORMS]);
  return c;
}

fg_status bench_case_try(bench_case_ctx *c) { return c->index < N_ROPE ? run_case(&c->rope) : nm_run(&c->nm); }

void bench_case_run(void *p) {
  bench_case_ctx *c = p;
  if (bench_case_try(c) != FG_OK) {
    fprintf(stderr, "%s %s: %s\n", bench_case_op(c->index), bench_case_name(c->index), fg_last_error());
    exit(1);
  }
}

double bench_case_bytes(const bench_case_ctx *c) {
  return c->index < N_ROPE ? case_bytes(&c->rope) : nm_bytes(&c->nm);
}

int bench_case_buffers(const bench_case_ctx *c, bench_buffer *out, int max) {
  int n = 0;
  for (int i = 0; i < MAX_BUFFERS; i++) {
    int mine = 0;
    for (int k = 0; k < 6; k++) mine |= buffers[i].data && buffers[i].data == c->rope.bufs[k];
    for (int k = 0; k < NN; k++) mine |= buffers[i].data && buffers[i].data == c->nm.bufs[k];
    if (mine && n < max) out[n++] = buffers[i];
  }
  return n;
}

void bench_case_free(bench_case_ctx *c) {
  for (int k = 0; k < 6; k++)
    free_buffer(c->rope.bufs[k]);
  for (int k = 0; k < NN; k++)
    free_buffer(c->nm.bufs[k]);
  free(c);
}
