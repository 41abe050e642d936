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

static const DLDataType BF16 = {kDLBfloat, 16, 1}, F32 = {kDLFloat, 32, 1}, I32 = {kDLInt, 32, 1},
                        I64 = {kDLInt, 64, 1};

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
  int bf16_weights; /* qknorm: bf16 weights (the form other engines require), else fp32 */
  int i32_positions; /* qknorm: int32 positions, else int64 */
} bench_case;

typedef struct {
  const bench_case *bc;
  DLTensor t[6];
  int64_t xs[4], ts[4], tst[4], tabst[4], ps[2], ks[3], qkst[3], ws[1];
  void *bufs[6];
} case_ctx;

/* The stream every call launches on (bench_case_stream); NULL: the default stream. */
static fg_stream_t bench_stream;

void bench_case_stream(fg_stream_t s) { bench_stream = s; }

static fg_status run_case(case_ctx *c) {
  const bench_case *bc = c->bc;
  fg_status st;
  if (bc->kind == PER_TOKEN) st = fg_rope(&c->t[0], &c->t[1], &c->t[2], &c->t[3], bc->pairing, bench_stream);
  else if (bc->kind == PER_HEAD)
    st = fg_rope_per_head(&c->t[0], &c->t[1], &c->t[2], &c->t[3], bc->pairing, bc->rounding, bench_stream);
  else if (bc->kind == CACHE) st = fg_rope_cos_sin_cache(&c->t[0], &c->t[1], &c->t[2], &c->t[3], bc->pairing, 0, bench_stream);
  else if (bc->kind == QK) st = fg_rope_qk(&c->t[0], &c->t[4], NULL, NULL, &c->t[2], &c->t[3], bc->pairing, bench_stream);
  else if (bc->kind == QKNORM_PER_HEAD) /* q, k, q_weight, k_weight, cos, sin */
    st = fg_qknorm_across_heads_rope_per_head(&c->t[0], &c->t[4], &c->t[1], &c->t[5], &c->t[2], &c->t[3], bc->pairing,
                                              1e-6f, FG_NORM_ROUNDING_FP32, bench_stream);
  else /* q, k, q_weight, k_weight, cos_sin_cache, positions */
    st = fg_qknorm_rope_cos_sin_cache(&c->t[0], &c->t[4], &c->t[1], &c->t[5], &c->t[2], &c->t[3], bc->pairing, 1e-6f, 0,
                                      FG_NORM_ROUNDING_FP32, bench_stream);
  return st;
}

static const bench_case cases[] = {
    {"rope", "hunyuan [1,115200,24,128]", PER_TOKEN, 1, 1, 115200, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0, 0, 0},
    {"rope", "wan [1,32760,12,128]", PER_TOKEN, 1, 1, 32760, 12, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0, 0, 0},
    {"rope", "[2,4096,24,128]", PER_TOKEN, 1, 2, 4096, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0, 0, 0},
    {"rope", "[1,4096,32,64]", PER_TOKEN, 1, 1, 4096, 32, 64, FG_PAIRING_INTERLEAVED, F32, 0, 0, 0, 0},
    {"rope", "[4096,24,128]", PER_TOKEN, 0, 1, 4096, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0, 0, 0},
    {"rope", "half [1,115200,24,128]", PER_TOKEN, 1, 1, 115200, 24, 128, FG_PAIRING_HALF, F32, 0, 0, 0, 0},
    {"rope_per_head", "ltx2 video [4,1152,32,128]", PER_HEAD, 1, 4, 1152, 32, 128, FG_PAIRING_HALF, BF16,
     FG_ROUNDING_EAGER_BF16, 0, 0, 0},
    {"rope_per_head", "ltx2 audio [4,25,32,64]", PER_HEAD, 1, 4, 25, 32, 64, FG_PAIRING_HALF, BF16,
     FG_ROUNDING_EAGER_BF16, 0, 0, 0},
    {"rope_per_head", "ltx2 large [2,24576,32,128]", PER_HEAD, 1, 2, 24576, 32, 128, FG_PAIRING_HALF, BF16,
     FG_ROUNDING_EAGER_BF16, 0, 0, 0},
    {"rope_cos_sin_cache", "flux [1,4608,24,128]", CACHE, 1, 1, 4608, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0, 0, 0},
    /* q [4096, 32, 128] and k [4096, 8, 128] in place, views of one qkv [4096, 48, 128] */
    {"rope_qk", "gqa 32/8 [4096,*,128] qkv", QK, 0, 1, 4096, 32, 128, FG_PAIRING_INTERLEAVED, F32, 0, 0, 0, 0},
    /* qknorm_rope: q and k [N, H, 128] in place in one qkv [N, 3H, 128]; fp32
       weights, an fp32 cache [N, R] and int64 positions 0..N-1 */
    {"qknorm_rope", "flux_1024 N=4096 H=24", QKNORM, 0, 1, 4096, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128, 0, 0},
    {"qknorm_rope", "qwen_1024 N=4096 H=32", QKNORM, 0, 1, 4096, 32, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128, 0, 0},
    {"qknorm_rope", "qwen_partial N=4096 H=32 R=64", QKNORM, 0, 1, 4096, 32, 128, FG_PAIRING_INTERLEAVED, F32, 0, 64, 0, 0},
    {"qknorm_rope", "zimage_1024 N=4096 H=30", QKNORM, 0, 1, 4096, 30, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128, 0, 0},
    {"qknorm_rope", "batch2 2x2048 H=24", QKNORM, 1, 2, 2048, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128, 0, 0},
    {"qknorm_rope", "flux2 N=4096 H=48", QKNORM, 0, 1, 4096, 48, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128, 0, 0},
    {"qknorm_rope", "hunyuan N=115200 H=24", QKNORM, 0, 1, 115200, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128, 0, 0},
    /* the same with bf16 weights: as fast as with fp32 ones */
    {"qknorm_rope", "flux_1024 N=4096 H=24 bf16 w", QKNORM, 0, 1, 4096, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128, 1, 0},
    {"qknorm_rope", "qwen_partial N=4096 H=32 R=64 bf16 w", QKNORM, 0, 1, 4096, 32, 128, FG_PAIRING_INTERLEAVED, F32, 0, 64, 1, 0},
    {"qknorm_rope", "hunyuan N=115200 H=24 bf16 w", QKNORM, 0, 1, 115200, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128, 1, 0},
    /* the same with int32 positions */
    {"qknorm_rope", "flux_1024 N=4096 H=24 i32 pos", QKNORM, 0, 1, 4096, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128, 0, 1},
    {"qknorm_rope", "qwen_partial N=4096 H=32 R=64 i32 pos", QKNORM, 0, 1, 4096, 32, 128, FG_PAIRING_INTERLEAVED, F32, 0, 64, 0, 1},
    {"qknorm_rope", "hunyuan N=115200 H=24 i32 pos", QKNORM, 0, 1, 115200, 24, 128, FG_PAIRING_INTERLEAVED, F32, 0, 128, 0, 1},
    /* LTX-2: q and k [B, S, 32, 128] in place in one qkv, RMS over each token's
       32 * 128 (fp32 weights [4096]), per-head bf16 tables as in rope_per_head */
    {"qknorm_across_heads_rope_per_head", "ltx2 video [4,1152,32,128]", QKNORM_PER_HEAD, 1, 4, 1152, 32, 128,
     FG_PAIRING_HALF, BF16, 0, 128, 0, 0},
    {"qknorm_across_heads_rope_per_head", "ltx2 large [2,24576,32,128]", QKNORM_PER_HEAD, 1, 2, 24576, 32, 128,
     FG_PAIRING_HALF, BF16, 0, 128, 0, 0},
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
    const DLDataType wt = bc->bf16_weights ? BF16 : F32;
    c->bufs[1] = random_buffer(wt, (size_t)c->ws[0]);
    c->bufs[5] = random_buffer(wt, (size_t)c->ws[0]);
    c->t[1] = tensor(c->bufs[1], wt, 1, c->ws, NULL);
    c->t[5] = tensor(c->bufs[5], wt, 1, c->ws, NULL);
    if (bc->kind == QKNORM_PER_HEAD) {
      per_head_tables(c, R / 2);
      return;
    }
    c->ts[0] = T; c->ts[1] = R;
    c->bufs[2] = random_buffer(F32, (size_t)(T * R));
    c->t[2] = tensor(c->bufs[2], F32, 2, c->ts, NULL);
    const DLDataType pt = bc->i32_positions ? I32 : I64;
    int64_t *pos = malloc(sizeof(int64_t) * T);
    for (int64_t i = 0; i < T; i++) pos[i] = i;
    if (bc->i32_positions) /* the same values, narrowed in place */
      for (int64_t i = 0; i < T; i++) ((int32_t *)pos)[i] = (int32_t)pos[i];
    c->bufs[3] = device_buffer(pt, (size_t)T);
    CUDA_OK(cudaMemcpy(c->bufs[3], pos, (size_t)(pt.bits / 8) * (size_t)T, cudaMemcpyHostToDevice));
    free(pos);
    c->ps[0] = B; c->ps[1] = S;
    c->t[3] = tensor(c->bufs[3], pt, bc->batched ? 2 : 1, bc->batched ? c->ps : c->ps + 1, NULL);
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
                                   t[NG1], NULL, NULL, t[NRES], t[NRG], t[NROUT], f->norm, 1e-6f, 1.0f, bench_stream);
    break;
  case NM_BATCH:
    st = fg_norm_modulate(t[NX], t[NOUT], t[NSC0], t[NSH0], NULL, NULL, t[NRES], t[NRG], t[NROUT], f->norm, 1e-6f,
                          1.0f, bench_stream);
    break;
  case NM_TOKEN:
    st = fg_norm_modulate_per_token(t[NX], t[NOUT], t[NSC0], t[NSH0], NULL, NULL, t[NRES], t[NRG], t[NROUT],
                                    f->norm, 1e-6f, 1.0f, bench_stream);
    break;
  case NM_FRAME:
    st = fg_norm_modulate_per_frame(t[NX], t[NOUT], t[NSC0], t[NSH0], NULL, NULL, t[NRES], t[NRG], t[NROUT],
                                    f->norm, 1e-6f, 1.0f, bench_stream);
    break;
  default:
    st = fg_norm_modulate_scalar(t[NX], t[NOUT], NULL, NULL, t[NRES], t[NRG], t[NROUT], f->norm, 1e-6f, 1.0f, 0.5f,
                                 0.25f, bench_stream);
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

/* --- the serving catalogue (ops.md section 4): its bench shapes, bf16 ---------
 * As serving engines call them: rmsnorm and layernorm into out (layernorm with
 * weight and bias); fused_add_rmsnorm in place on x and residual; the fp8
 * quantisations into an fp8 out with a [1] scale (the fused one updating the
 * residual in place; the dynamic one with no residual or scale_ub), weights
 * bf16; silu and gelu into out [T, F]; rope_qk_cos_sin_cache in place on q and
 * k, views of one qkv [T, HQ + 2 HK, D], interleaved pairs from an fp32 cache
 * [P, D] by int64 positions; gated_residual_add in place on the residual with
 * a per-batch gate [B, C]. */
typedef enum { SV_RMSNORM, SV_LAYERNORM, SV_FUSED_ADD, SV_QUANT, SV_FUSED_QUANT, SV_DYN_QUANT, SV_SILU, SV_GELU,
               SV_ROPE_QK, SV_GATED } sv_kind;
typedef struct {
  const char *op, *name;
  sv_kind kind;
  int64_t dims[4]; /* rows: T, C; *_and_mul: T, 2F; rope: T, HQ, HK, D; gated: B, L, C */
} sv_case;

#define SV_ROWS(op, kind)                                                                                       \
  {op, "[32,4096]", kind, {32, 4096}}, {op, "[4096,4096]", kind, {4096, 4096}},                                \
      {op, "[8192,5120]", kind, {8192, 5120}}, {op, "[16384,8192]", kind, {16384, 8192}}
#define SV_ACT(op, kind)                                                                                        \
  {op, "[32,28672]", kind, {32, 28672}}, {op, "[4096,28672]", kind, {4096, 28672}},                            \
      {op, "[16384,16384]", kind, {16384, 16384}}
static const sv_case sv_cases[] = {
    SV_ROWS("rmsnorm", SV_RMSNORM),
    SV_ROWS("layernorm", SV_LAYERNORM),
    SV_ROWS("fused_add_rmsnorm", SV_FUSED_ADD),
    SV_ROWS("rmsnorm_quant_fp8", SV_QUANT),
    SV_ROWS("fused_add_rmsnorm_quant_fp8", SV_FUSED_QUANT),
    SV_ROWS("rmsnorm_dynamic_quant_fp8", SV_DYN_QUANT),
    SV_ACT("silu_and_mul", SV_SILU),
    SV_ACT("gelu_tanh_and_mul", SV_GELU),
    {"rope_qk_cos_sin_cache", "[4096,24/24,128] qkv", SV_ROPE_QK, {4096, 24, 24, 128}},
    {"rope_qk_cos_sin_cache", "[4096,32/8,128] qkv", SV_ROPE_QK, {4096, 32, 8, 128}},
    {"rope_qk_cos_sin_cache", "[4096,32/32,64] qkv", SV_ROPE_QK, {4096, 32, 32, 64}},
    {"rope_qk_cos_sin_cache", "[115200,24/24,128] qkv", SV_ROPE_QK, {115200, 24, 24, 128}},
    {"gated_residual_add", "[2,4096,3072] gate [B,C]", SV_GATED, {2, 4096, 3072}},
    {"gated_residual_add", "[1,16384,5120] gate [B,C]", SV_GATED, {1, 16384, 5120}},
};

/* The tensors of every form, each in its entry point's order (sv_run). */
enum { SX, SRES, SW, SBIAS, SSCALE, SOUT, SSCALES, SGATE, SQ, SK, SCACHE, SPOS, SN };
typedef struct {
  const sv_case *c;
  DLTensor t[SN];
  int64_t rows[2], xrows[2], ch[1], one[1], tq[3], tk[3], qkst[3], cs[2], bl3[3], gate[2];
  void *bufs[SN];
} sv_ctx;

static const DLDataType FP8E4M3 = {FG_DL_FLOAT8_E4M3FN, 8, 1};

static void sv_setup(sv_ctx *c, const sv_case *sc) {
  memset(c, 0, sizeof *c);
  c->c = sc;
  const int64_t *d = sc->dims;
  if (sc->kind == SV_ROPE_QK) { /* q and k: heads [0, HQ) and [HQ, HQ + HK) of qkv [T, HQ + 2 HK, D] */
    const int64_t T = d[0], HQ = d[1], HK = d[2], D = d[3], P = T;
    c->bufs[SQ] = random_buffer(BF16, (size_t)(T * (HQ + 2 * HK) * D));
    c->tq[0] = T; c->tq[1] = HQ; c->tq[2] = D;
    c->tk[0] = T; c->tk[1] = HK; c->tk[2] = D;
    c->qkst[0] = (HQ + 2 * HK) * D; c->qkst[1] = D; c->qkst[2] = 1;
    c->t[SQ] = tensor(c->bufs[SQ], BF16, 3, c->tq, c->qkst);
    c->t[SK] = tensor(c->bufs[SQ], BF16, 3, c->tk, c->qkst);
    c->t[SK].byte_offset = (uint64_t)(HQ * D * 2);
    c->cs[0] = P; c->cs[1] = D;
    c->bufs[SCACHE] = random_buffer(F32, (size_t)(P * D));
    c->t[SCACHE] = tensor(c->bufs[SCACHE], F32, 2, c->cs, NULL);
    int64_t *pos = malloc(sizeof(int64_t) * T);
    for (int64_t i = 0; i < T; i++) pos[i] = (int64_t)(next_uniform() * (double)P);
    c->bufs[SPOS] = device_buffer(I64, (size_t)T);
    CUDA_OK(cudaMemcpy(c->bufs[SPOS], pos, sizeof(int64_t) * T, cudaMemcpyHostToDevice));
    free(pos);
    c->t[SPOS] = tensor(c->bufs[SPOS], I64, 1, c->tq, NULL);
    return;
  }
  if (sc->kind == SV_GATED) {
    memcpy(c->bl3, d, sizeof c->bl3);
    c->gate[0] = d[0]; c->gate[1] = d[2];
    const size_t n = (size_t)(d[0] * d[1] * d[2]);
    c->bufs[SX] = random_buffer(BF16, n);
    c->bufs[SRES] = random_buffer(BF16, n);
    c->bufs[SGATE] = random_buffer(BF16, (size_t)(d[0] * d[2]));
    c->t[SX] = tensor(c->bufs[SX], BF16, 3, c->bl3, NULL);
    c->t[SRES] = tensor(c->bufs[SRES], BF16, 3, c->bl3, NULL);
    c->t[SGATE] = tensor(c->bufs[SGATE], BF16, 2, c->gate, NULL);
    return;
  }
  const int pair = sc->kind == SV_SILU || sc->kind == SV_GELU;
  const int64_t T = d[0], C = pair ? d[1] / 2 : d[1];
  c->rows[0] = c->xrows[0] = T;
  c->rows[1] = C;
  c->xrows[1] = d[1];
  c->ch[0] = C;
  c->one[0] = 1;
  c->bufs[SX] = random_buffer(BF16, (size_t)(T * d[1]));
  c->t[SX] = tensor(c->bufs[SX], BF16, 2, c->xrows, NULL);
  const int fp8 = sc->kind == SV_QUANT || sc->kind == SV_FUSED_QUANT || sc->kind == SV_DYN_QUANT;
  if (sc->kind != SV_FUSED_ADD) {
    c->bufs[SOUT] = device_buffer(fp8 ? FP8E4M3 : BF16, (size_t)(T * C));
    c->t[SOUT] = tensor(c->bufs[SOUT], fp8 ? FP8E4M3 : BF16, 2, c->rows, NULL);
  }
  if (pair) return;
  c->bufs[SW] = random_buffer(BF16, (size_t)C);
  c->t[SW] = tensor(c->bufs[SW], BF16, 1, c->ch, NULL);
  if (sc->kind == SV_LAYERNORM) {
    c->bufs[SBIAS] = random_buffer(BF16, (size_t)C);
    c->t[SBIAS] = tensor(c->bufs[SBIAS], BF16, 1, c->ch, NULL);
  }
  if (sc->kind == SV_FUSED_ADD || sc->kind == SV_FUSED_QUANT) {
    c->bufs[SRES] = random_buffer(BF16, (size_t)(T * C));
    c->t[SRES] = tensor(c->bufs[SRES], BF16, 2, c->rows, NULL);
  }
  if (sc->kind == SV_QUANT || sc->kind == SV_FUSED_QUANT) {
    const float scale = 1.0f / 64;
    c->bufs[SSCALE] = device_buffer(F32, 1);
    CUDA_OK(cudaMemcpy(c->bufs[SSCALE], &scale, sizeof scale, cudaMemcpyHostToDevice));
    c->t[SSCALE] = tensor(c->bufs[SSCALE], F32, 1, c->one, NULL);
  }
  if (sc->kind == SV_DYN_QUANT) {
    c->bufs[SSCALES] = device_buffer(F32, (size_t)T);
    c->t[SSCALES] = tensor(c->bufs[SSCALES], F32, 1, c->rows, NULL);
  }
}

static fg_status sv_run(sv_ctx *c) {
  DLTensor *t[SN];
  for (int k = 0; k < SN; k++) t[k] = c->bufs[k] || k == SK ? &c->t[k] : NULL;
  const float eps = 1e-6f;
  switch (c->c->kind) {
  case SV_RMSNORM: return fg_rmsnorm(t[SX], t[SW], t[SOUT], eps, bench_stream);
  case SV_LAYERNORM: return fg_layernorm(t[SX], t[SW], t[SBIAS], t[SOUT], eps, bench_stream);
  case SV_FUSED_ADD: return fg_fused_add_rmsnorm(t[SX], t[SRES], t[SW], NULL, NULL, eps, bench_stream);
  case SV_QUANT: return fg_rmsnorm_quant_fp8(t[SX], t[SW], t[SSCALE], t[SOUT], eps, bench_stream);
  case SV_FUSED_QUANT: return fg_fused_add_rmsnorm_quant_fp8(t[SX], t[SRES], t[SW], t[SSCALE], t[SOUT], eps, bench_stream);
  case SV_DYN_QUANT: return fg_rmsnorm_dynamic_quant_fp8(t[SX], t[SW], t[SOUT], t[SSCALES], NULL, NULL, eps, bench_stream);
  case SV_SILU: return fg_silu_and_mul(t[SX], t[SOUT], bench_stream);
  case SV_GELU: return fg_gelu_tanh_and_mul(t[SX], t[SOUT], bench_stream);
  case SV_ROPE_QK:
    return fg_rope_qk_cos_sin_cache(t[SQ], t[SK], NULL, NULL, t[SCACHE], t[SPOS], FG_PAIRING_INTERLEAVED, 0, bench_stream);
  default: return fg_gated_residual_add(t[SX], t[SGATE], t[SRES], NULL, bench_stream);
  }
}

/* Bytes: each op's generated signature, its tensors in the entry point's order. */
static double sv_bytes(const sv_ctx *c) {
  const DLTensor *t[SN];
  for (int k = 0; k < SN; k++) t[k] = c->bufs[k] || k == SK ? &c->t[k] : NULL;
  const DLTensor *a[6] = {NULL};
  const fg__op_sig *sig;
  switch (c->c->kind) {
  case SV_RMSNORM: sig = &fg__rmsnorm_sig; a[0] = t[SX]; a[1] = t[SW]; a[2] = t[SOUT]; break;
  case SV_LAYERNORM: sig = &fg__layernorm_sig; a[0] = t[SX]; a[1] = t[SW]; a[2] = t[SBIAS]; a[3] = t[SOUT]; break;
  case SV_FUSED_ADD: sig = &fg__fused_add_rmsnorm_sig; a[0] = t[SX]; a[1] = t[SRES]; a[2] = t[SW]; break;
  case SV_QUANT: sig = &fg__rmsnorm_quant_fp8_sig; a[0] = t[SX]; a[1] = t[SW]; a[2] = t[SSCALE]; a[3] = t[SOUT]; break;
  case SV_FUSED_QUANT:
    sig = &fg__fused_add_rmsnorm_quant_fp8_sig;
    a[0] = t[SX]; a[1] = t[SRES]; a[2] = t[SW]; a[3] = t[SSCALE]; a[4] = t[SOUT];
    break;
  case SV_DYN_QUANT:
    sig = &fg__rmsnorm_dynamic_quant_fp8_sig;
    a[0] = t[SX]; a[1] = t[SW]; a[2] = t[SOUT]; a[3] = t[SSCALES];
    break;
  case SV_SILU: sig = &fg__silu_and_mul_sig; a[0] = t[SX]; a[1] = t[SOUT]; break;
  case SV_GELU: sig = &fg__gelu_tanh_and_mul_sig; a[0] = t[SX]; a[1] = t[SOUT]; break;
  case SV_ROPE_QK:
    sig = &fg__rope_qk_cos_sin_cache_sig;
    a[0] = t[SQ]; a[1] = t[SK]; a[4] = t[SCACHE]; a[5] = t[SPOS];
    break;
  default: sig = &fg__gated_residual_add_sig; a[0] = t[SX]; a[1] = t[SGATE]; a[2] = t[SRES]; break;
  }
  return (double)fg__bytes_moved(sig, a);
}

/* --- every case, in one list ------------------------------------------------ */
#define N_ROPE ((int)(sizeof cases / sizeof cases[0]))
#define N_FORMS ((int)(sizeof nm_forms / sizeof nm_forms[0]))
#define N_SHAPES ((int)(sizeof nm_shapes / sizeof nm_shapes[0]))
#define N_NM (N_FORMS * N_SHAPES)
#define N_SV ((int)(sizeof sv_cases / sizeof sv_cases[0]))
/* the serving cases follow the rope and norm + modulation ones */
#define SV_INDEX(i) ((i) - N_ROPE - N_NM)

struct bench_case_ctx {
  int index;
  case_ctx rope;
  nm_ctx nm;
  sv_ctx sv;
};

int bench_case_count(void) { return N_ROPE + N_NM + N_SV; }

const char *bench_case_op(int i) {
  if (SV_INDEX(i) >= 0) return sv_cases[SV_INDEX(i)].op;
  return i < N_ROPE ? cases[i].op : nm_forms[(i - N_ROPE) % N_FORMS].op;
}

const char *bench_case_name(int i) {
  static _Thread_local char name[96];
  if (SV_INDEX(i) >= 0) return sv_cases[SV_INDEX(i)].name;
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
  if (SV_INDEX(i) >= 0) sv_setup(&c->sv, &sv_cases[SV_INDEX(i)]);
  else if (i < N_ROPE) setup_case(&c->rope, &cases[i]);
  else nm_setup(&c->nm, &nm_forms[(i - N_ROPE) % N_FORMS], nm_shapes[(i - N_ROPE) / N_FORMS]);
  return c;
}

fg_status bench_case_try(bench_case_ctx *c) {
  if (SV_INDEX(c->index) >= 0) return sv_run(&c->sv);
  return c->index < N_ROPE ? run_case(&c->rope) : nm_run(&c->nm);
}

void bench_case_run(void *p) {
  bench_case_ctx *c = p;
  if (bench_case_try(c) != FG_OK) {
    fprintf(stderr, "%s %s: %s\n", bench_case_op(c->index), bench_case_name(c->index), fg_last_error());
    exit(1);
  }
}

double bench_case_bytes(const bench_case_ctx *c) {
  if (SV_INDEX(c->index) >= 0) return sv_bytes(&c->sv);
  return c->index < N_ROPE ? case_bytes(&c->rope) : nm_bytes(&c->nm);
}

int bench_case_buffers(const bench_case_ctx *c, bench_buffer *out, int max) {
  int n = 0;
  for (int i = 0; i < MAX_BUFFERS; i++) {
    int mine = 0;
    for (int k = 0; k < 6; k++) mine |= buffers[i].data && buffers[i].data == c->rope.bufs[k];
    for (int k = 0; k < NN; k++) mine |= buffers[i].data && buffers[i].data == c->nm.bufs[k];
    for (int k = 0; k < SN; k++) mine |= buffers[i].data && buffers[i].data == c->sv.bufs[k];
    if (mine && n < max) out[n++] = buffers[i];
  }
  return n;
}

void bench_case_free(bench_case_ctx *c) {
  for (int k = 0; k < 6; k++)
    free_buffer(c->rope.bufs[k]);
  for (int k = 0; k < NN; k++)
    free_buffer(c->nm.bufs[k]);
  for (int k = 0; k < SN; k++)
    free_buffer(c->sv.bufs[k]);
  free(c);
}
