// generated from gen/specs/rotary.lua by fusegen: do not edit
// rope_qk_cos_sin_cache: rotary embedding of q and k in one launch, from a packed cos_sin_cache indexed by positions
// Compiled once per GPU target with -DFG_SM=<target> (80 for sm_80); kernel
// and launcher names end in _sm<target>.
#include "fusegen_device.cuh"
#include "fusegen_params.h"
#ifndef FG_SM
#error "compile with -DFG_SM=<target>, as generated/sources.ninja does"
#endif

// Kernels of this file (variant: the values of its other axes):
//   rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16: table=fp32 pos=i32 pairing=interleaved head_dim=any rot=partial access=vec16
//   rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar: table=fp32 pos=i32 pairing=interleaved head_dim=any rot=partial access=scalar
//   rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_vec16: table=fp32 pos=i32 pairing=half head_dim=any rot=partial access=vec16
//   rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_scalar: table=fp32 pos=i32 pairing=half head_dim=any rot=partial access=scalar
//   rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16: table=fp32 pos=i64 pairing=interleaved head_dim=any rot=partial access=vec16
//   rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar: table=fp32 pos=i64 pairing=interleaved head_dim=any rot=partial access=scalar
//   rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_vec16: table=fp32 pos=i64 pairing=half head_dim=any rot=partial access=vec16
//   rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_scalar: table=fp32 pos=i64 pairing=half head_dim=any rot=partial access=scalar

// How these kernels work (the "heads" thread mapping, docs/architecture.md):
// - A lane group of L lanes takes one head: each lane holds chunks of one
//   16-byte (or one-element) access; a warp holds G heads.
// - Work items are (token, block of heads): a lane group takes heads h,
//   h + hg, ... of its item, U in flight; with fewer heads than groups, the
//   groups of a warp take several tokens at once. A "walk" kernel's warp
//   instead walks the heads of one token, so that per-token data (table rows,
//   weights) is loaded once per token; with "a block per item", the block's
//   lane groups take one token's heads together, and a sum over the token
//   adds its warps' sums through shared memory.
// - <kernel>_grid is the call's work decomposition, computed once by the
//   launcher: the kernel divides by run-time sizes only through its fg_udiv
//   divisors, in 32 bits (an op takes fewer than 2^31 tokens).
// - Item -> token t (sequence b, position s) -> the input and output rows of
//   token (b, s), their head strides and the head count.
// - Grid: a warp per item. The persistent form launches as many blocks as fit
//   on the GPU at once (the occupancy asked once per device, capped per
//   multiprocessor) and its item loop covers the rest; the flat form launches
//   every item's block and the hardware starts blocks as others finish;
//   there a token walk may cut the call's last wave's worth of tokens into
//   short runs (tile tail_walk), which go to the multiprocessors that free up first.
//   flat_waves = w keeps the persistent grid up to w grids of items: over a
//   long loop the warps drift apart and their reads spread over more of
//   memory, while on a short call the flat grid's last wave is partly idle.

// rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16
//   rope_qk_cos_sin_cache: act=fp32 table=fp32 pos=i32 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 4 rotate chunk(s) of 4 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16)(const fg_rope_qk_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  // 2 head sets (q, k), each with its own items, one set after the other
  const int64_t nit1 = g.set[0].nit;  // items of q
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 4;  // rotate chunks (R is a multiple of 8 here)
  const int np = ((int)p.D - (int)p.R) / 4;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    // which head set the item belongs to, and its place there
    int set = 0;
    int64_t j = it;
    if (set == 0 && j >= nit1) { j -= nit1; set = 1; }
    const int hg = (set == 0 ? g.set[0].hg : g.set[1].hg), tpw = (set == 0 ? g.set[0].tpw : g.set[1].tpw);
    const int tsub = fg_udiv_div(group, (set == 0 ? g.set[0].hg_div : g.set[1].hg_div));
    if (tsub >= tpw) continue;
    const int hstep = hg * 1;
    const int nhb = (set == 0 ? g.set[0].nhb : g.set[1].nhb);  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, (set == 0 ? g.set[0].nhb_div : g.set[1].nhb_div));
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const float* xin = (const float*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    float* xout = (float*)(set == 0 ? p.q_out : p.k_out) + b * (set == 0 ? p.q_out_stride[0] : p.k_out_stride[0]) + s * (set == 0 ? p.q_out_stride[1] : p.k_out_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_out_stride[2] : p.k_out_stride[2]);
    const int64_t H = (set == 0 ? p.HQ : p.HK);
    const bool copy_pass = !(p.inplace & (set == 0 ? 4u : 8u));  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[4][2] = {}, sn[4][2] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 2 onwards
        const int a = (pos + 0) * 2;
        if (row_ok) {
          fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 2 onwards
        const int a = (pos + 32) * 2;
        if (row_ok) {
          fg_load_fp32x2_keep(crow + a + 0, &cs[1][0]);
          fg_load_fp32x2_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 64 < nr) {  // chunk slot 2: angles (pos + 64) * 2 onwards
        const int a = (pos + 64) * 2;
        if (row_ok) {
          fg_load_fp32x2_keep(crow + a + 0, &cs[2][0]);
          fg_load_fp32x2_keep(srow + a + 0, &sn[2][0]);
        } else {
          cs[2][0] = sn[2][0] = __int_as_float(0x7fffffff);  // NaN
          cs[2][1] = sn[2][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 96 < nr) {  // chunk slot 3: angles (pos + 96) * 2 onwards
        const int a = (pos + 96) * 2;
        if (row_ok) {
          fg_load_fp32x2_keep(crow + a + 0, &cs[3][0]);
          fg_load_fp32x2_keep(srow + a + 0, &sn[3][0]);
        } else {
          cs[3][0] = sn[3][0] = __int_as_float(0x7fffffff);  // NaN
          cs[3][1] = sn[3][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][4][4] = {};
    uint4 xp[1][4];
    if (h < H) {  // head h
      const float* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][1][0]);
      }
      if (pos + 64 < nr) {  // rotate chunk slot 2
        const int e = (pos + 64) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][2][0]);
      }
      if (pos + 96 < nr) {  // rotate chunk slot 3
        const int e = (pos + 96) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][3][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 4;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 4;
        xp[0][1] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2: [R, D) copied as it is
        const int e = p.R + (pos + 64) * 4;
        xp[0][2] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3: [R, D) copied as it is
        const int e = p.R + (pos + 96) * 4;
        xp[0][3] = fg_ld16_stream(px + e);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][2][0], xa[0][2][1], cs[2][0], sn[2][0]);
    fg_rotate(xa[0][2][2], xa[0][2][3], cs[2][1], sn[2][1]);
    fg_rotate(xa[0][3][0], xa[0][3][1], cs[3][0], sn[3][0]);
    fg_rotate(xa[0][3][2], xa[0][3][3], cs[3][1], sn[3][1]);
    if (h < H) {  // head h
      float* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][1][0]);
      }
      if (pos + 64 < nr) {  // rotate chunk slot 2
        const int e = (pos + 64) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][2][0]);
      }
      if (pos + 96 < nr) {  // rotate chunk slot 3
        const int e = (pos + 96) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][3][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 4;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 4;
        fg_st16(po + e, xp[0][1]);
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2
        const int e = p.R + (pos + 64) * 4;
        fg_st16(po + e, xp[0][2]);
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3
        const int e = p.R + (pos + 96) * 4;
        fg_st16(po + e, xp[0][3]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_qk_cos_sin_cache_params* p = (const fg_rope_qk_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = p->HQ < 1 ? (int)p->HQ : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HQ + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = p->HK < 1 ? (int)p->HK : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HK + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = (items + 4 - 1) / 4;
  const int64_t cap = (int64_t)sm_count * per_sm;
  if (blocks > cap) blocks = cap;
  fg_launch(FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar
//   rope_qk_cos_sin_cache: act=fp32 table=fp32 pos=i32 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 4 rotate chunk(s) of 4 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar)(const fg_rope_qk_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  // 2 head sets (q, k), each with its own items, one set after the other
  const int64_t nit1 = g.set[0].nit;  // items of q
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 3) / 4;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 3) / 4;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    // which head set the item belongs to, and its place there
    int set = 0;
    int64_t j = it;
    if (set == 0 && j >= nit1) { j -= nit1; set = 1; }
    const int hg = (set == 0 ? g.set[0].hg : g.set[1].hg), tpw = (set == 0 ? g.set[0].tpw : g.set[1].tpw);
    const int tsub = fg_udiv_div(group, (set == 0 ? g.set[0].hg_div : g.set[1].hg_div));
    if (tsub >= tpw) continue;
    const int hstep = hg * 1;
    const int nhb = (set == 0 ? g.set[0].nhb : g.set[1].nhb);  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, (set == 0 ? g.set[0].nhb_div : g.set[1].nhb_div));
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const float* xin = (const float*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    float* xout = (float*)(set == 0 ? p.q_out : p.k_out) + b * (set == 0 ? p.q_out_stride[0] : p.k_out_stride[0]) + s * (set == 0 ? p.q_out_stride[1] : p.k_out_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_out_stride[2] : p.k_out_stride[2]);
    const int64_t H = (set == 0 ? p.HQ : p.HK);
    const bool copy_pass = !(p.inplace & (set == 0 ? 4u : 8u));  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[4][2] = {}, sn[4][2] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 2 onwards
        const int a = (pos + 0) * 2;
        if (row_ok) {
          if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
          if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 2 onwards
        const int a = (pos + 32) * 2;
        if (row_ok) {
          if (a + 0 < rhalf) cs[1][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[1][1] = fg_to_f32((crow + a)[1]);
          if (a + 0 < rhalf) sn[1][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[1][1] = fg_to_f32((srow + a)[1]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 64 < nr) {  // chunk slot 2: angles (pos + 64) * 2 onwards
        const int a = (pos + 64) * 2;
        if (row_ok) {
          if (a + 0 < rhalf) cs[2][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[2][1] = fg_to_f32((crow + a)[1]);
          if (a + 0 < rhalf) sn[2][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[2][1] = fg_to_f32((srow + a)[1]);
        } else {
          cs[2][0] = sn[2][0] = __int_as_float(0x7fffffff);  // NaN
          cs[2][1] = sn[2][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 96 < nr) {  // chunk slot 3: angles (pos + 96) * 2 onwards
        const int a = (pos + 96) * 2;
        if (row_ok) {
          if (a + 0 < rhalf) cs[3][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[3][1] = fg_to_f32((crow + a)[1]);
          if (a + 0 < rhalf) sn[3][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[3][1] = fg_to_f32((srow + a)[1]);
        } else {
          cs[3][0] = sn[3][0] = __int_as_float(0x7fffffff);  // NaN
          cs[3][1] = sn[3][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][4][4] = {};
    float xp[1][4][4];
    if (h < H) {  // head h
      const float* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        if (e + 0 < (int)p.R) xa[0][1][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][1][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][1][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][1][3] = fg_to_f32((px + e)[3]);
      }
      if (pos + 64 < nr) {  // rotate chunk slot 2
        const int e = (pos + 64) * 4;
        if (e + 0 < (int)p.R) xa[0][2][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][2][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][2][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][2][3] = fg_to_f32((px + e)[3]);
      }
      if (pos + 96 < nr) {  // rotate chunk slot 3
        const int e = (pos + 96) * 4;
        if (e + 0 < (int)p.R) xa[0][3][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][3][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][3][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][3][3] = fg_to_f32((px + e)[3]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 4;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 4;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2: [R, D) copied as it is
        const int e = p.R + (pos + 64) * 4;
        if (e + 0 < (int)p.D) xp[0][2][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][2][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][2][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][2][3] = px[e + 3];
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3: [R, D) copied as it is
        const int e = p.R + (pos + 96) * 4;
        if (e + 0 < (int)p.D) xp[0][3][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][3][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][3][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][3][3] = px[e + 3];
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][2][0], xa[0][2][1], cs[2][0], sn[2][0]);
    fg_rotate(xa[0][2][2], xa[0][2][3], cs[2][1], sn[2][1]);
    fg_rotate(xa[0][3][0], xa[0][3][1], cs[3][0], sn[3][0]);
    fg_rotate(xa[0][3][2], xa[0][3][3], cs[3][1], sn[3][1]);
    if (h < H) {  // head h
      float* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][1][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][1][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][1][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][1][3]);
      }
      if (pos + 64 < nr) {  // rotate chunk slot 2
        const int e = (pos + 64) * 4;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][2][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][2][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][2][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][2][3]);
      }
      if (pos + 96 < nr) {  // rotate chunk slot 3
        const int e = (pos + 96) * 4;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][3][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][3][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][3][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][3][3]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2
        const int e = p.R + (pos + 64) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][2][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][2][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][2][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][2][3];
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3
        const int e = p.R + (pos + 96) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][3][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][3][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][3][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][3][3];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_qk_cos_sin_cache_params* p = (const fg_rope_qk_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = p->HQ < 1 ? (int)p->HQ : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HQ + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = p->HK < 1 ? (int)p->HK : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HK + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = (items + 4 - 1) / 4;
  const int64_t cap = (int64_t)sm_count * per_sm;
  if (blocks > cap) blocks = cap;
  fg_launch(FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_vec16
//   rope_qk_cos_sin_cache: act=fp32 table=fp32 pos=i32 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 4 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_vec16)(const fg_rope_qk_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  // 2 head sets (q, k), each with its own items, one set after the other
  const int64_t nit1 = g.set[0].nit;  // items of q
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 4;  // rotate chunks (R is a multiple of 8 here)
  const int np = ((int)p.D - (int)p.R) / 4;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    // which head set the item belongs to, and its place there
    int set = 0;
    int64_t j = it;
    if (set == 0 && j >= nit1) { j -= nit1; set = 1; }
    const int hg = (set == 0 ? g.set[0].hg : g.set[1].hg), tpw = (set == 0 ? g.set[0].tpw : g.set[1].tpw);
    const int tsub = fg_udiv_div(group, (set == 0 ? g.set[0].hg_div : g.set[1].hg_div));
    if (tsub >= tpw) continue;
    const int hstep = hg * 1;
    const int nhb = (set == 0 ? g.set[0].nhb : g.set[1].nhb);  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, (set == 0 ? g.set[0].nhb_div : g.set[1].nhb_div));
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const float* xin = (const float*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    float* xout = (float*)(set == 0 ? p.q_out : p.k_out) + b * (set == 0 ? p.q_out_stride[0] : p.k_out_stride[0]) + s * (set == 0 ? p.q_out_stride[1] : p.k_out_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_out_stride[2] : p.k_out_stride[2]);
    const int64_t H = (set == 0 ? p.HQ : p.HK);
    const bool copy_pass = !(p.inplace & (set == 0 ? 4u : 8u));  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
        const int a = (pos + 32) * 4;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][4] = {};
    float xb[1][2][4] = {};
    uint4 xp[1][4];
    if (h < H) {  // head h
      const float* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
        fg_load_fp32x4_stream(px + e + rhalf + 0, &xb[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][1][0]);
        fg_load_fp32x4_stream(px + e + rhalf + 0, &xb[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 4;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 4;
        xp[0][1] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2: [R, D) copied as it is
        const int e = p.R + (pos + 64) * 4;
        xp[0][2] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3: [R, D) copied as it is
        const int e = p.R + (pos + 96) * 4;
        xp[0][3] = fg_ld16_stream(px + e);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xb[0][1][0], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][1], xb[0][1][1], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][2], xb[0][1][2], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][3], xb[0][1][3], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      float* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
        fg_store_fp32x4(po + e + rhalf + 0, &xb[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][1][0]);
        fg_store_fp32x4(po + e + rhalf + 0, &xb[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 4;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 4;
        fg_st16(po + e, xp[0][1]);
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2
        const int e = p.R + (pos + 64) * 4;
        fg_st16(po + e, xp[0][2]);
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3
        const int e = p.R + (pos + 96) * 4;
        fg_st16(po + e, xp[0][3]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_qk_cos_sin_cache_params* p = (const fg_rope_qk_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = p->HQ < 1 ? (int)p->HQ : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HQ + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = p->HK < 1 ? (int)p->HK : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HK + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = (items + 4 - 1) / 4;
  const int64_t cap = (int64_t)sm_count * per_sm;
  if (blocks > cap) blocks = cap;
  fg_launch(FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_scalar
//   rope_qk_cos_sin_cache: act=fp32 table=fp32 pos=i32 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 4 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_scalar)(const fg_rope_qk_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  // 2 head sets (q, k), each with its own items, one set after the other
  const int64_t nit1 = g.set[0].nit;  // items of q
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 3) / 4;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 3) / 4;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    // which head set the item belongs to, and its place there
    int set = 0;
    int64_t j = it;
    if (set == 0 && j >= nit1) { j -= nit1; set = 1; }
    const int hg = (set == 0 ? g.set[0].hg : g.set[1].hg), tpw = (set == 0 ? g.set[0].tpw : g.set[1].tpw);
    const int tsub = fg_udiv_div(group, (set == 0 ? g.set[0].hg_div : g.set[1].hg_div));
    if (tsub >= tpw) continue;
    const int hstep = hg * 1;
    const int nhb = (set == 0 ? g.set[0].nhb : g.set[1].nhb);  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, (set == 0 ? g.set[0].nhb_div : g.set[1].nhb_div));
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const float* xin = (const float*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    float* xout = (float*)(set == 0 ? p.q_out : p.k_out) + b * (set == 0 ? p.q_out_stride[0] : p.k_out_stride[0]) + s * (set == 0 ? p.q_out_stride[1] : p.k_out_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_out_stride[2] : p.k_out_stride[2]);
    const int64_t H = (set == 0 ? p.HQ : p.HK);
    const bool copy_pass = !(p.inplace & (set == 0 ? 4u : 8u));  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][3] = fg_to_f32((srow + a)[3]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
        const int a = (pos + 32) * 4;
        if (row_ok) {
          if (a + 0 < rhalf) cs[1][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[1][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[1][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[1][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[1][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[1][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[1][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[1][3] = fg_to_f32((srow + a)[3]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][4] = {};
    float xb[1][2][4] = {};
    float xp[1][4][4];
    if (h < H) {  // head h
      const float* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        if (e + 0 < rhalf) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < rhalf) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < rhalf) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < rhalf) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 0 < rhalf) xb[0][0][0] = fg_to_f32((px + e + rhalf)[0]);
        if (e + 1 < rhalf) xb[0][0][1] = fg_to_f32((px + e + rhalf)[1]);
        if (e + 2 < rhalf) xb[0][0][2] = fg_to_f32((px + e + rhalf)[2]);
        if (e + 3 < rhalf) xb[0][0][3] = fg_to_f32((px + e + rhalf)[3]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        if (e + 0 < rhalf) xa[0][1][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < rhalf) xa[0][1][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < rhalf) xa[0][1][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < rhalf) xa[0][1][3] = fg_to_f32((px + e)[3]);
        if (e + 0 < rhalf) xb[0][1][0] = fg_to_f32((px + e + rhalf)[0]);
        if (e + 1 < rhalf) xb[0][1][1] = fg_to_f32((px + e + rhalf)[1]);
        if (e + 2 < rhalf) xb[0][1][2] = fg_to_f32((px + e + rhalf)[2]);
        if (e + 3 < rhalf) xb[0][1][3] = fg_to_f32((px + e + rhalf)[3]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 4;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 4;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2: [R, D) copied as it is
        const int e = p.R + (pos + 64) * 4;
        if (e + 0 < (int)p.D) xp[0][2][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][2][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][2][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][2][3] = px[e + 3];
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3: [R, D) copied as it is
        const int e = p.R + (pos + 96) * 4;
        if (e + 0 < (int)p.D) xp[0][3][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][3][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][3][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][3][3] = px[e + 3];
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xb[0][1][0], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][1], xb[0][1][1], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][2], xb[0][1][2], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][3], xb[0][1][3], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      float* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        if (e + 0 < rhalf) (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
        if (e + 1 < rhalf) (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
        if (e + 2 < rhalf) (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
        if (e + 3 < rhalf) (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
        if (e + 0 < rhalf) (po + e + rhalf)[0] = fg_from_f32<float>(xb[0][0][0]);
        if (e + 1 < rhalf) (po + e + rhalf)[1] = fg_from_f32<float>(xb[0][0][1]);
        if (e + 2 < rhalf) (po + e + rhalf)[2] = fg_from_f32<float>(xb[0][0][2]);
        if (e + 3 < rhalf) (po + e + rhalf)[3] = fg_from_f32<float>(xb[0][0][3]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        if (e + 0 < rhalf) (po + e)[0] = fg_from_f32<float>(xa[0][1][0]);
        if (e + 1 < rhalf) (po + e)[1] = fg_from_f32<float>(xa[0][1][1]);
        if (e + 2 < rhalf) (po + e)[2] = fg_from_f32<float>(xa[0][1][2]);
        if (e + 3 < rhalf) (po + e)[3] = fg_from_f32<float>(xa[0][1][3]);
        if (e + 0 < rhalf) (po + e + rhalf)[0] = fg_from_f32<float>(xb[0][1][0]);
        if (e + 1 < rhalf) (po + e + rhalf)[1] = fg_from_f32<float>(xb[0][1][1]);
        if (e + 2 < rhalf) (po + e + rhalf)[2] = fg_from_f32<float>(xb[0][1][2]);
        if (e + 3 < rhalf) (po + e + rhalf)[3] = fg_from_f32<float>(xb[0][1][3]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2
        const int e = p.R + (pos + 64) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][2][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][2][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][2][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][2][3];
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3
        const int e = p.R + (pos + 96) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][3][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][3][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][3][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][3][3];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_qk_cos_sin_cache_params* p = (const fg_rope_qk_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = p->HQ < 1 ? (int)p->HQ : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HQ + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = p->HK < 1 ? (int)p->HK : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HK + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = (items + 4 - 1) / 4;
  const int64_t cap = (int64_t)sm_count * per_sm;
  if (blocks > cap) blocks = cap;
  fg_launch(FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi32_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16
//   rope_qk_cos_sin_cache: act=fp32 table=fp32 pos=i64 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 4 rotate chunk(s) of 4 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16)(const fg_rope_qk_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  // 2 head sets (q, k), each with its own items, one set after the other
  const int64_t nit1 = g.set[0].nit;  // items of q
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 4;  // rotate chunks (R is a multiple of 8 here)
  const int np = ((int)p.D - (int)p.R) / 4;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    // which head set the item belongs to, and its place there
    int set = 0;
    int64_t j = it;
    if (set == 0 && j >= nit1) { j -= nit1; set = 1; }
    const int hg = (set == 0 ? g.set[0].hg : g.set[1].hg), tpw = (set == 0 ? g.set[0].tpw : g.set[1].tpw);
    const int tsub = fg_udiv_div(group, (set == 0 ? g.set[0].hg_div : g.set[1].hg_div));
    if (tsub >= tpw) continue;
    const int hstep = hg * 1;
    const int nhb = (set == 0 ? g.set[0].nhb : g.set[1].nhb);  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, (set == 0 ? g.set[0].nhb_div : g.set[1].nhb_div));
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const float* xin = (const float*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    float* xout = (float*)(set == 0 ? p.q_out : p.k_out) + b * (set == 0 ? p.q_out_stride[0] : p.k_out_stride[0]) + s * (set == 0 ? p.q_out_stride[1] : p.k_out_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_out_stride[2] : p.k_out_stride[2]);
    const int64_t H = (set == 0 ? p.HQ : p.HK);
    const bool copy_pass = !(p.inplace & (set == 0 ? 4u : 8u));  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[4][2] = {}, sn[4][2] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 2 onwards
        const int a = (pos + 0) * 2;
        if (row_ok) {
          fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 2 onwards
        const int a = (pos + 32) * 2;
        if (row_ok) {
          fg_load_fp32x2_keep(crow + a + 0, &cs[1][0]);
          fg_load_fp32x2_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 64 < nr) {  // chunk slot 2: angles (pos + 64) * 2 onwards
        const int a = (pos + 64) * 2;
        if (row_ok) {
          fg_load_fp32x2_keep(crow + a + 0, &cs[2][0]);
          fg_load_fp32x2_keep(srow + a + 0, &sn[2][0]);
        } else {
          cs[2][0] = sn[2][0] = __int_as_float(0x7fffffff);  // NaN
          cs[2][1] = sn[2][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 96 < nr) {  // chunk slot 3: angles (pos + 96) * 2 onwards
        const int a = (pos + 96) * 2;
        if (row_ok) {
          fg_load_fp32x2_keep(crow + a + 0, &cs[3][0]);
          fg_load_fp32x2_keep(srow + a + 0, &sn[3][0]);
        } else {
          cs[3][0] = sn[3][0] = __int_as_float(0x7fffffff);  // NaN
          cs[3][1] = sn[3][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][4][4] = {};
    uint4 xp[1][4];
    if (h < H) {  // head h
      const float* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][1][0]);
      }
      if (pos + 64 < nr) {  // rotate chunk slot 2
        const int e = (pos + 64) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][2][0]);
      }
      if (pos + 96 < nr) {  // rotate chunk slot 3
        const int e = (pos + 96) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][3][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 4;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 4;
        xp[0][1] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2: [R, D) copied as it is
        const int e = p.R + (pos + 64) * 4;
        xp[0][2] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3: [R, D) copied as it is
        const int e = p.R + (pos + 96) * 4;
        xp[0][3] = fg_ld16_stream(px + e);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][2][0], xa[0][2][1], cs[2][0], sn[2][0]);
    fg_rotate(xa[0][2][2], xa[0][2][3], cs[2][1], sn[2][1]);
    fg_rotate(xa[0][3][0], xa[0][3][1], cs[3][0], sn[3][0]);
    fg_rotate(xa[0][3][2], xa[0][3][3], cs[3][1], sn[3][1]);
    if (h < H) {  // head h
      float* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][1][0]);
      }
      if (pos + 64 < nr) {  // rotate chunk slot 2
        const int e = (pos + 64) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][2][0]);
      }
      if (pos + 96 < nr) {  // rotate chunk slot 3
        const int e = (pos + 96) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][3][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 4;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 4;
        fg_st16(po + e, xp[0][1]);
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2
        const int e = p.R + (pos + 64) * 4;
        fg_st16(po + e, xp[0][2]);
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3
        const int e = p.R + (pos + 96) * 4;
        fg_st16(po + e, xp[0][3]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_qk_cos_sin_cache_params* p = (const fg_rope_qk_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = p->HQ < 1 ? (int)p->HQ : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HQ + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = p->HK < 1 ? (int)p->HK : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HK + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = (items + 4 - 1) / 4;
  const int64_t cap = (int64_t)sm_count * per_sm;
  if (blocks > cap) blocks = cap;
  fg_launch(FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar
//   rope_qk_cos_sin_cache: act=fp32 table=fp32 pos=i64 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 4 rotate chunk(s) of 4 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar)(const fg_rope_qk_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  // 2 head sets (q, k), each with its own items, one set after the other
  const int64_t nit1 = g.set[0].nit;  // items of q
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 3) / 4;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 3) / 4;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    // which head set the item belongs to, and its place there
    int set = 0;
    int64_t j = it;
    if (set == 0 && j >= nit1) { j -= nit1; set = 1; }
    const int hg = (set == 0 ? g.set[0].hg : g.set[1].hg), tpw = (set == 0 ? g.set[0].tpw : g.set[1].tpw);
    const int tsub = fg_udiv_div(group, (set == 0 ? g.set[0].hg_div : g.set[1].hg_div));
    if (tsub >= tpw) continue;
    const int hstep = hg * 1;
    const int nhb = (set == 0 ? g.set[0].nhb : g.set[1].nhb);  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, (set == 0 ? g.set[0].nhb_div : g.set[1].nhb_div));
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const float* xin = (const float*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    float* xout = (float*)(set == 0 ? p.q_out : p.k_out) + b * (set == 0 ? p.q_out_stride[0] : p.k_out_stride[0]) + s * (set == 0 ? p.q_out_stride[1] : p.k_out_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_out_stride[2] : p.k_out_stride[2]);
    const int64_t H = (set == 0 ? p.HQ : p.HK);
    const bool copy_pass = !(p.inplace & (set == 0 ? 4u : 8u));  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[4][2] = {}, sn[4][2] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 2 onwards
        const int a = (pos + 0) * 2;
        if (row_ok) {
          if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
          if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 2 onwards
        const int a = (pos + 32) * 2;
        if (row_ok) {
          if (a + 0 < rhalf) cs[1][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[1][1] = fg_to_f32((crow + a)[1]);
          if (a + 0 < rhalf) sn[1][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[1][1] = fg_to_f32((srow + a)[1]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 64 < nr) {  // chunk slot 2: angles (pos + 64) * 2 onwards
        const int a = (pos + 64) * 2;
        if (row_ok) {
          if (a + 0 < rhalf) cs[2][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[2][1] = fg_to_f32((crow + a)[1]);
          if (a + 0 < rhalf) sn[2][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[2][1] = fg_to_f32((srow + a)[1]);
        } else {
          cs[2][0] = sn[2][0] = __int_as_float(0x7fffffff);  // NaN
          cs[2][1] = sn[2][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 96 < nr) {  // chunk slot 3: angles (pos + 96) * 2 onwards
        const int a = (pos + 96) * 2;
        if (row_ok) {
          if (a + 0 < rhalf) cs[3][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[3][1] = fg_to_f32((crow + a)[1]);
          if (a + 0 < rhalf) sn[3][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[3][1] = fg_to_f32((srow + a)[1]);
        } else {
          cs[3][0] = sn[3][0] = __int_as_float(0x7fffffff);  // NaN
          cs[3][1] = sn[3][1] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][4][4] = {};
    float xp[1][4][4];
    if (h < H) {  // head h
      const float* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        if (e + 0 < (int)p.R) xa[0][1][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][1][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][1][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][1][3] = fg_to_f32((px + e)[3]);
      }
      if (pos + 64 < nr) {  // rotate chunk slot 2
        const int e = (pos + 64) * 4;
        if (e + 0 < (int)p.R) xa[0][2][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][2][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][2][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][2][3] = fg_to_f32((px + e)[3]);
      }
      if (pos + 96 < nr) {  // rotate chunk slot 3
        const int e = (pos + 96) * 4;
        if (e + 0 < (int)p.R) xa[0][3][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][3][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][3][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][3][3] = fg_to_f32((px + e)[3]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 4;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 4;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2: [R, D) copied as it is
        const int e = p.R + (pos + 64) * 4;
        if (e + 0 < (int)p.D) xp[0][2][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][2][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][2][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][2][3] = px[e + 3];
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3: [R, D) copied as it is
        const int e = p.R + (pos + 96) * 4;
        if (e + 0 < (int)p.D) xp[0][3][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][3][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][3][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][3][3] = px[e + 3];
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][2][0], xa[0][2][1], cs[2][0], sn[2][0]);
    fg_rotate(xa[0][2][2], xa[0][2][3], cs[2][1], sn[2][1]);
    fg_rotate(xa[0][3][0], xa[0][3][1], cs[3][0], sn[3][0]);
    fg_rotate(xa[0][3][2], xa[0][3][3], cs[3][1], sn[3][1]);
    if (h < H) {  // head h
      float* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][1][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][1][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][1][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][1][3]);
      }
      if (pos + 64 < nr) {  // rotate chunk slot 2
        const int e = (pos + 64) * 4;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][2][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][2][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][2][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][2][3]);
      }
      if (pos + 96 < nr) {  // rotate chunk slot 3
        const int e = (pos + 96) * 4;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][3][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][3][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][3][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][3][3]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2
        const int e = p.R + (pos + 64) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][2][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][2][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][2][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][2][3];
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3
        const int e = p.R + (pos + 96) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][3][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][3][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][3][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][3][3];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_qk_cos_sin_cache_params* p = (const fg_rope_qk_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = p->HQ < 1 ? (int)p->HQ : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HQ + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = p->HK < 1 ? (int)p->HK : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HK + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = (items + 4 - 1) / 4;
  const int64_t cap = (int64_t)sm_count * per_sm;
  if (blocks > cap) blocks = cap;
  fg_launch(FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_vec16
//   rope_qk_cos_sin_cache: act=fp32 table=fp32 pos=i64 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 4 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_vec16)(const fg_rope_qk_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  // 2 head sets (q, k), each with its own items, one set after the other
  const int64_t nit1 = g.set[0].nit;  // items of q
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 4;  // rotate chunks (R is a multiple of 8 here)
  const int np = ((int)p.D - (int)p.R) / 4;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    // which head set the item belongs to, and its place there
    int set = 0;
    int64_t j = it;
    if (set == 0 && j >= nit1) { j -= nit1; set = 1; }
    const int hg = (set == 0 ? g.set[0].hg : g.set[1].hg), tpw = (set == 0 ? g.set[0].tpw : g.set[1].tpw);
    const int tsub = fg_udiv_div(group, (set == 0 ? g.set[0].hg_div : g.set[1].hg_div));
    if (tsub >= tpw) continue;
    const int hstep = hg * 1;
    const int nhb = (set == 0 ? g.set[0].nhb : g.set[1].nhb);  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, (set == 0 ? g.set[0].nhb_div : g.set[1].nhb_div));
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const float* xin = (const float*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    float* xout = (float*)(set == 0 ? p.q_out : p.k_out) + b * (set == 0 ? p.q_out_stride[0] : p.k_out_stride[0]) + s * (set == 0 ? p.q_out_stride[1] : p.k_out_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_out_stride[2] : p.k_out_stride[2]);
    const int64_t H = (set == 0 ? p.HQ : p.HK);
    const bool copy_pass = !(p.inplace & (set == 0 ? 4u : 8u));  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
        const int a = (pos + 32) * 4;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][4] = {};
    float xb[1][2][4] = {};
    uint4 xp[1][4];
    if (h < H) {  // head h
      const float* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
        fg_load_fp32x4_stream(px + e + rhalf + 0, &xb[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        fg_load_fp32x4_stream(px + e + 0, &xa[0][1][0]);
        fg_load_fp32x4_stream(px + e + rhalf + 0, &xb[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 4;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 4;
        xp[0][1] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2: [R, D) copied as it is
        const int e = p.R + (pos + 64) * 4;
        xp[0][2] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3: [R, D) copied as it is
        const int e = p.R + (pos + 96) * 4;
        xp[0][3] = fg_ld16_stream(px + e);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xb[0][1][0], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][1], xb[0][1][1], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][2], xb[0][1][2], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][3], xb[0][1][3], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      float* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
        fg_store_fp32x4(po + e + rhalf + 0, &xb[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        fg_store_fp32x4(po + e + 0, &xa[0][1][0]);
        fg_store_fp32x4(po + e + rhalf + 0, &xb[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 4;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 4;
        fg_st16(po + e, xp[0][1]);
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2
        const int e = p.R + (pos + 64) * 4;
        fg_st16(po + e, xp[0][2]);
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3
        const int e = p.R + (pos + 96) * 4;
        fg_st16(po + e, xp[0][3]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_qk_cos_sin_cache_params* p = (const fg_rope_qk_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = p->HQ < 1 ? (int)p->HQ : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HQ + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = p->HK < 1 ? (int)p->HK : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HK + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = (items + 4 - 1) / 4;
  const int64_t cap = (int64_t)sm_count * per_sm;
  if (blocks > cap) blocks = cap;
  fg_launch(FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_scalar
//   rope_qk_cos_sin_cache: act=fp32 table=fp32 pos=i64 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 4 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_scalar)(const fg_rope_qk_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  // 2 head sets (q, k), each with its own items, one set after the other
  const int64_t nit1 = g.set[0].nit;  // items of q
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 3) / 4;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 3) / 4;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    // which head set the item belongs to, and its place there
    int set = 0;
    int64_t j = it;
    if (set == 0 && j >= nit1) { j -= nit1; set = 1; }
    const int hg = (set == 0 ? g.set[0].hg : g.set[1].hg), tpw = (set == 0 ? g.set[0].tpw : g.set[1].tpw);
    const int tsub = fg_udiv_div(group, (set == 0 ? g.set[0].hg_div : g.set[1].hg_div));
    if (tsub >= tpw) continue;
    const int hstep = hg * 1;
    const int nhb = (set == 0 ? g.set[0].nhb : g.set[1].nhb);  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, (set == 0 ? g.set[0].nhb_div : g.set[1].nhb_div));
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const float* xin = (const float*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    float* xout = (float*)(set == 0 ? p.q_out : p.k_out) + b * (set == 0 ? p.q_out_stride[0] : p.k_out_stride[0]) + s * (set == 0 ? p.q_out_stride[1] : p.k_out_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_out_stride[2] : p.k_out_stride[2]);
    const int64_t H = (set == 0 ? p.HQ : p.HK);
    const bool copy_pass = !(p.inplace & (set == 0 ? 4u : 8u));  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][3] = fg_to_f32((srow + a)[3]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
        const int a = (pos + 32) * 4;
        if (row_ok) {
          if (a + 0 < rhalf) cs[1][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[1][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[1][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[1][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[1][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[1][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[1][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[1][3] = fg_to_f32((srow + a)[3]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][4] = {};
    float xb[1][2][4] = {};
    float xp[1][4][4];
    if (h < H) {  // head h
      const float* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        if (e + 0 < rhalf) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < rhalf) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < rhalf) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < rhalf) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 0 < rhalf) xb[0][0][0] = fg_to_f32((px + e + rhalf)[0]);
        if (e + 1 < rhalf) xb[0][0][1] = fg_to_f32((px + e + rhalf)[1]);
        if (e + 2 < rhalf) xb[0][0][2] = fg_to_f32((px + e + rhalf)[2]);
        if (e + 3 < rhalf) xb[0][0][3] = fg_to_f32((px + e + rhalf)[3]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        if (e + 0 < rhalf) xa[0][1][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < rhalf) xa[0][1][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < rhalf) xa[0][1][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < rhalf) xa[0][1][3] = fg_to_f32((px + e)[3]);
        if (e + 0 < rhalf) xb[0][1][0] = fg_to_f32((px + e + rhalf)[0]);
        if (e + 1 < rhalf) xb[0][1][1] = fg_to_f32((px + e + rhalf)[1]);
        if (e + 2 < rhalf) xb[0][1][2] = fg_to_f32((px + e + rhalf)[2]);
        if (e + 3 < rhalf) xb[0][1][3] = fg_to_f32((px + e + rhalf)[3]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 4;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 4;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2: [R, D) copied as it is
        const int e = p.R + (pos + 64) * 4;
        if (e + 0 < (int)p.D) xp[0][2][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][2][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][2][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][2][3] = px[e + 3];
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3: [R, D) copied as it is
        const int e = p.R + (pos + 96) * 4;
        if (e + 0 < (int)p.D) xp[0][3][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][3][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][3][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][3][3] = px[e + 3];
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xb[0][1][0], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][1], xb[0][1][1], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][2], xb[0][1][2], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][3], xb[0][1][3], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      float* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 4;
        if (e + 0 < rhalf) (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
        if (e + 1 < rhalf) (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
        if (e + 2 < rhalf) (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
        if (e + 3 < rhalf) (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
        if (e + 0 < rhalf) (po + e + rhalf)[0] = fg_from_f32<float>(xb[0][0][0]);
        if (e + 1 < rhalf) (po + e + rhalf)[1] = fg_from_f32<float>(xb[0][0][1]);
        if (e + 2 < rhalf) (po + e + rhalf)[2] = fg_from_f32<float>(xb[0][0][2]);
        if (e + 3 < rhalf) (po + e + rhalf)[3] = fg_from_f32<float>(xb[0][0][3]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 4;
        if (e + 0 < rhalf) (po + e)[0] = fg_from_f32<float>(xa[0][1][0]);
        if (e + 1 < rhalf) (po + e)[1] = fg_from_f32<float>(xa[0][1][1]);
        if (e + 2 < rhalf) (po + e)[2] = fg_from_f32<float>(xa[0][1][2]);
        if (e + 3 < rhalf) (po + e)[3] = fg_from_f32<float>(xa[0][1][3]);
        if (e + 0 < rhalf) (po + e + rhalf)[0] = fg_from_f32<float>(xb[0][1][0]);
        if (e + 1 < rhalf) (po + e + rhalf)[1] = fg_from_f32<float>(xb[0][1][1]);
        if (e + 2 < rhalf) (po + e + rhalf)[2] = fg_from_f32<float>(xb[0][1][2]);
        if (e + 3 < rhalf) (po + e + rhalf)[3] = fg_from_f32<float>(xb[0][1][3]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
      }
      if (copy_pass && pos + 64 < np) {  // pass chunk slot 2
        const int e = p.R + (pos + 64) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][2][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][2][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][2][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][2][3];
      }
      if (copy_pass && pos + 96 < np) {  // pass chunk slot 3
        const int e = p.R + (pos + 96) * 4;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][3][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][3][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][3][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][3][3];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_qk_cos_sin_cache_params* p = (const fg_rope_qk_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = p->HQ < 1 ? (int)p->HQ : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HQ + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = p->HK < 1 ? (int)p->HK : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->HK + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = (items + 4 - 1) / 4;
  const int64_t cap = (int64_t)sm_count * per_sm;
  if (blocks > cap) blocks = cap;
  fg_launch(FG_ARCH_NAME(fg_rope_qk_cos_sin_cache_fp32_tabfp32_posi64_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}
