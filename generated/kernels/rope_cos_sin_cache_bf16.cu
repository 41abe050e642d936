// generated from gen/specs/rotary.lua by fusegen: do not edit
// rope_cos_sin_cache: rotary embedding with a packed cos_sin_cache indexed by positions
// Compiled once per GPU target with -DFG_SM=<target> (80 for sm_80); kernel
// and launcher names end in _sm<target>.
#include "fusegen_device.cuh"
#include "fusegen_params.h"
#ifndef FG_SM
#error "compile with -DFG_SM=<target>, as generated/sources.ninja does"
#endif

// Kernels of this file (variant: the values of its other axes):
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d64_rotfull_vec16: table=fp32 pos=i32 pairing=interleaved head_dim=64 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d80_rotfull_vec16: table=fp32 pos=i32 pairing=interleaved head_dim=80 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d96_rotfull_vec16: table=fp32 pos=i32 pairing=interleaved head_dim=96 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16: table=fp32 pos=i32 pairing=interleaved head_dim=128 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d256_rotfull_vec16: table=fp32 pos=i32 pairing=interleaved head_dim=256 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d320_rotfull_vec16: table=fp32 pos=i32 pairing=interleaved head_dim=320 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16: table=fp32 pos=i32 pairing=interleaved head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar: table=fp32 pos=i32 pairing=interleaved head_dim=any rot=partial access=scalar
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d64_rotfull_vec16: table=fp32 pos=i32 pairing=half head_dim=64 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d80_rotfull_vec16: table=fp32 pos=i32 pairing=half head_dim=80 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d96_rotfull_vec16: table=fp32 pos=i32 pairing=half head_dim=96 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d128_rotfull_vec16: table=fp32 pos=i32 pairing=half head_dim=128 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d256_rotfull_vec16: table=fp32 pos=i32 pairing=half head_dim=256 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d320_rotfull_vec16: table=fp32 pos=i32 pairing=half head_dim=320 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_vec16: table=fp32 pos=i32 pairing=half head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_scalar: table=fp32 pos=i32 pairing=half head_dim=any rot=partial access=scalar
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d64_rotfull_vec16: table=fp32 pos=i64 pairing=interleaved head_dim=64 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d80_rotfull_vec16: table=fp32 pos=i64 pairing=interleaved head_dim=80 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d96_rotfull_vec16: table=fp32 pos=i64 pairing=interleaved head_dim=96 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16: table=fp32 pos=i64 pairing=interleaved head_dim=128 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_h200: table=fp32 pos=i64 pairing=interleaved head_dim=128 rot=full access=vec16 (tiles of the GPU model h200)
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d256_rotfull_vec16: table=fp32 pos=i64 pairing=interleaved head_dim=256 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d320_rotfull_vec16: table=fp32 pos=i64 pairing=interleaved head_dim=320 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16: table=fp32 pos=i64 pairing=interleaved head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar: table=fp32 pos=i64 pairing=interleaved head_dim=any rot=partial access=scalar
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d64_rotfull_vec16: table=fp32 pos=i64 pairing=half head_dim=64 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d80_rotfull_vec16: table=fp32 pos=i64 pairing=half head_dim=80 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d96_rotfull_vec16: table=fp32 pos=i64 pairing=half head_dim=96 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d128_rotfull_vec16: table=fp32 pos=i64 pairing=half head_dim=128 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d256_rotfull_vec16: table=fp32 pos=i64 pairing=half head_dim=256 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d320_rotfull_vec16: table=fp32 pos=i64 pairing=half head_dim=320 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_vec16: table=fp32 pos=i64 pairing=half head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_scalar: table=fp32 pos=i64 pairing=half head_dim=any rot=partial access=scalar
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d64_rotfull_vec16: table=bf16 pos=i32 pairing=interleaved head_dim=64 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d80_rotfull_vec16: table=bf16 pos=i32 pairing=interleaved head_dim=80 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d96_rotfull_vec16: table=bf16 pos=i32 pairing=interleaved head_dim=96 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d128_rotfull_vec16: table=bf16 pos=i32 pairing=interleaved head_dim=128 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d256_rotfull_vec16: table=bf16 pos=i32 pairing=interleaved head_dim=256 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d320_rotfull_vec16: table=bf16 pos=i32 pairing=interleaved head_dim=320 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_vec16: table=bf16 pos=i32 pairing=interleaved head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_scalar: table=bf16 pos=i32 pairing=interleaved head_dim=any rot=partial access=scalar
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d64_rotfull_vec16: table=bf16 pos=i32 pairing=half head_dim=64 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d80_rotfull_vec16: table=bf16 pos=i32 pairing=half head_dim=80 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d96_rotfull_vec16: table=bf16 pos=i32 pairing=half head_dim=96 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d128_rotfull_vec16: table=bf16 pos=i32 pairing=half head_dim=128 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d256_rotfull_vec16: table=bf16 pos=i32 pairing=half head_dim=256 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d320_rotfull_vec16: table=bf16 pos=i32 pairing=half head_dim=320 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_vec16: table=bf16 pos=i32 pairing=half head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_scalar: table=bf16 pos=i32 pairing=half head_dim=any rot=partial access=scalar
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d64_rotfull_vec16: table=bf16 pos=i64 pairing=interleaved head_dim=64 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d80_rotfull_vec16: table=bf16 pos=i64 pairing=interleaved head_dim=80 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d96_rotfull_vec16: table=bf16 pos=i64 pairing=interleaved head_dim=96 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d128_rotfull_vec16: table=bf16 pos=i64 pairing=interleaved head_dim=128 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d256_rotfull_vec16: table=bf16 pos=i64 pairing=interleaved head_dim=256 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d320_rotfull_vec16: table=bf16 pos=i64 pairing=interleaved head_dim=320 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_vec16: table=bf16 pos=i64 pairing=interleaved head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_scalar: table=bf16 pos=i64 pairing=interleaved head_dim=any rot=partial access=scalar
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d64_rotfull_vec16: table=bf16 pos=i64 pairing=half head_dim=64 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d80_rotfull_vec16: table=bf16 pos=i64 pairing=half head_dim=80 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d96_rotfull_vec16: table=bf16 pos=i64 pairing=half head_dim=96 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d128_rotfull_vec16: table=bf16 pos=i64 pairing=half head_dim=128 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d256_rotfull_vec16: table=bf16 pos=i64 pairing=half head_dim=256 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d320_rotfull_vec16: table=bf16 pos=i64 pairing=half head_dim=320 rot=full access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_vec16: table=bf16 pos=i64 pairing=half head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_scalar: table=bf16 pos=i64 pairing=half head_dim=any rot=partial access=scalar
//   rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_vec16: table=fp16 pos=i32 pairing=interleaved head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_scalar: table=fp16 pos=i32 pairing=interleaved head_dim=any rot=partial access=scalar
//   rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_vec16: table=fp16 pos=i32 pairing=half head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_scalar: table=fp16 pos=i32 pairing=half head_dim=any rot=partial access=scalar
//   rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_vec16: table=fp16 pos=i64 pairing=interleaved head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_scalar: table=fp16 pos=i64 pairing=interleaved head_dim=any rot=partial access=scalar
//   rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_vec16: table=fp16 pos=i64 pairing=half head_dim=any rot=partial access=vec16
//   rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_scalar: table=fp16 pos=i64 pairing=half head_dim=any rot=partial access=scalar

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

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d64_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=interleaved head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d64_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d64_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = lane / 4;  // which of the warp's 8 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 32;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 4) * 4 onwards
        const int a = (pos + 4) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 4) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 4) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d64_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 8 ? (int)p->H : 8;  // lane groups per token
    set.tpw = 8 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d80_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=interleaved head_dim=80 rot=full access=vec16
//   mapping: 5 lanes per head, 6 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d80_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d80_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d80_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 5;    // this lane's chunk position within its head
  const int group = lane / 5;  // which of the warp's 6 heads
  if (group >= 6) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 40;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 5) * 4 onwards
        const int a = (pos + 5) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 5) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 5) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d80_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d80_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d80_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 6 ? (int)p->H : 6;  // lane groups per token
    set.tpw = 6 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d80_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d96_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=interleaved head_dim=96 rot=full access=vec16
//   mapping: 6 lanes per head, 5 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d96_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d96_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d96_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 6;    // this lane's chunk position within its head
  const int group = lane / 6;  // which of the warp's 5 heads
  if (group >= 5) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 48;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 6) * 4 onwards
        const int a = (pos + 6) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 6) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 6) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d96_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d96_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d96_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 5 ? (int)p->H : 5;  // lane groups per token
    set.tpw = 5 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d96_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=interleaved head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = lane / 8;  // which of the warp's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 64;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 8) * 4 onwards
        const int a = (pos + 8) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 8) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 8) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 4 ? (int)p->H : 4;  // lane groups per token
    set.tpw = 4 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d256_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=interleaved head_dim=256 rot=full access=vec16
//   mapping: 16 lanes per head, 2 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d256_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d256_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d256_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 16;    // this lane's chunk position within its head
  const int group = lane / 16;  // which of the warp's 2 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 128;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 16) * 4 onwards
        const int a = (pos + 16) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 16) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 16) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d256_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d256_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d256_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 2 ? (int)p->H : 2;  // lane groups per token
    set.tpw = 2 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d256_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d320_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=interleaved head_dim=320 rot=full access=vec16
//   mapping: 20 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d320_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d320_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d320_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 20;    // this lane's chunk position within its head
  const int group = lane / 20;  // which of the warp's 1 heads
  if (group >= 1) return;       // lanes 20..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 160;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 20) * 4 onwards
        const int a = (pos + 20) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 20) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 20) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d320_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d320_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d320_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_d320_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
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
    float xa[1][2][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
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
    float xa[1][2][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][0][7] = fg_to_f32((px + e)[7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) xa[0][1][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][1][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][1][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][1][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][1][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][1][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][1][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][1][7] = fg_to_f32((px + e)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][1][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][1][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][1][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][1][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][1][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][1][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][1][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][1][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d64_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=half head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d64_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d64_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = lane / 4;  // which of the warp's 8 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 32;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 32 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 32 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d64_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 8 ? (int)p->H : 8;  // lane groups per token
    set.tpw = 8 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d80_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=half head_dim=80 rot=full access=vec16
//   mapping: 5 lanes per head, 6 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d80_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d80_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d80_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 5;    // this lane's chunk position within its head
  const int group = lane / 5;  // which of the warp's 6 heads
  if (group >= 6) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 40;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 40 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 40 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d80_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d80_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d80_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 6 ? (int)p->H : 6;  // lane groups per token
    set.tpw = 6 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d80_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d96_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=half head_dim=96 rot=full access=vec16
//   mapping: 6 lanes per head, 5 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d96_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d96_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d96_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 6;    // this lane's chunk position within its head
  const int group = lane / 6;  // which of the warp's 5 heads
  if (group >= 5) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 48;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 48 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 48 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d96_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d96_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d96_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 5 ? (int)p->H : 5;  // lane groups per token
    set.tpw = 5 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d96_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d128_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=half head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d128_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d128_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = lane / 8;  // which of the warp's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 64;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 64 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 64 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d128_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 4 ? (int)p->H : 4;  // lane groups per token
    set.tpw = 4 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d256_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=half head_dim=256 rot=full access=vec16
//   mapping: 16 lanes per head, 2 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d256_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d256_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d256_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 16;    // this lane's chunk position within its head
  const int group = lane / 16;  // which of the warp's 2 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 128;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 128 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 128 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d256_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d256_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d256_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 2 ? (int)p->H : 2;  // lane groups per token
    set.tpw = 2 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d256_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d320_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=half head_dim=320 rot=full access=vec16
//   mapping: 20 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d320_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d320_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d320_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 20;    // this lane's chunk position within its head
  const int group = lane / 20;  // which of the warp's 1 heads
  if (group >= 1) return;       // lanes 20..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 160;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 160 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 160 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d320_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d320_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d320_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_d320_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i32 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][3] = fg_to_f32((crow + a)[3]);
          if (a + 4 < rhalf) cs[0][4] = fg_to_f32((crow + a)[4]);
          if (a + 5 < rhalf) cs[0][5] = fg_to_f32((crow + a)[5]);
          if (a + 6 < rhalf) cs[0][6] = fg_to_f32((crow + a)[6]);
          if (a + 7 < rhalf) cs[0][7] = fg_to_f32((crow + a)[7]);
          if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][3] = fg_to_f32((srow + a)[3]);
          if (a + 4 < rhalf) sn[0][4] = fg_to_f32((srow + a)[4]);
          if (a + 5 < rhalf) sn[0][5] = fg_to_f32((srow + a)[5]);
          if (a + 6 < rhalf) sn[0][6] = fg_to_f32((srow + a)[6]);
          if (a + 7 < rhalf) sn[0][7] = fg_to_f32((srow + a)[7]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < rhalf) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < rhalf) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < rhalf) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < rhalf) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < rhalf) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < rhalf) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < rhalf) xa[0][0][7] = fg_to_f32((px + e)[7]);
        if (e + 0 < rhalf) xb[0][0][0] = fg_to_f32((px + e + rhalf)[0]);
        if (e + 1 < rhalf) xb[0][0][1] = fg_to_f32((px + e + rhalf)[1]);
        if (e + 2 < rhalf) xb[0][0][2] = fg_to_f32((px + e + rhalf)[2]);
        if (e + 3 < rhalf) xb[0][0][3] = fg_to_f32((px + e + rhalf)[3]);
        if (e + 4 < rhalf) xb[0][0][4] = fg_to_f32((px + e + rhalf)[4]);
        if (e + 5 < rhalf) xb[0][0][5] = fg_to_f32((px + e + rhalf)[5]);
        if (e + 6 < rhalf) xb[0][0][6] = fg_to_f32((px + e + rhalf)[6]);
        if (e + 7 < rhalf) xb[0][0][7] = fg_to_f32((px + e + rhalf)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < rhalf) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < rhalf) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < rhalf) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < rhalf) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < rhalf) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < rhalf) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < rhalf) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
        if (e + 0 < rhalf) (po + e + rhalf)[0] = fg_from_f32<__nv_bfloat16>(xb[0][0][0]);
        if (e + 1 < rhalf) (po + e + rhalf)[1] = fg_from_f32<__nv_bfloat16>(xb[0][0][1]);
        if (e + 2 < rhalf) (po + e + rhalf)[2] = fg_from_f32<__nv_bfloat16>(xb[0][0][2]);
        if (e + 3 < rhalf) (po + e + rhalf)[3] = fg_from_f32<__nv_bfloat16>(xb[0][0][3]);
        if (e + 4 < rhalf) (po + e + rhalf)[4] = fg_from_f32<__nv_bfloat16>(xb[0][0][4]);
        if (e + 5 < rhalf) (po + e + rhalf)[5] = fg_from_f32<__nv_bfloat16>(xb[0][0][5]);
        if (e + 6 < rhalf) (po + e + rhalf)[6] = fg_from_f32<__nv_bfloat16>(xb[0][0][6]);
        if (e + 7 < rhalf) (po + e + rhalf)[7] = fg_from_f32<__nv_bfloat16>(xb[0][0][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi32_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d64_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=interleaved head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d64_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d64_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = lane / 4;  // which of the warp's 8 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 32;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 4) * 4 onwards
        const int a = (pos + 4) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 4) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 4) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d64_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 8 ? (int)p->H : 8;  // lane groups per token
    set.tpw = 8 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d80_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=interleaved head_dim=80 rot=full access=vec16
//   mapping: 5 lanes per head, 6 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d80_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d80_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d80_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 5;    // this lane's chunk position within its head
  const int group = lane / 5;  // which of the warp's 6 heads
  if (group >= 6) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 40;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 5) * 4 onwards
        const int a = (pos + 5) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 5) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 5) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d80_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d80_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d80_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 6 ? (int)p->H : 6;  // lane groups per token
    set.tpw = 6 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d80_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d96_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=interleaved head_dim=96 rot=full access=vec16
//   mapping: 6 lanes per head, 5 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d96_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d96_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d96_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 6;    // this lane's chunk position within its head
  const int group = lane / 6;  // which of the warp's 5 heads
  if (group >= 5) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 48;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 6) * 4 onwards
        const int a = (pos + 6) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 6) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 6) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d96_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d96_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d96_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 5 ? (int)p->H : 5;  // lane groups per token
    set.tpw = 5 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d96_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=interleaved head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = lane / 8;  // which of the warp's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 64;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 8) * 4 onwards
        const int a = (pos + 8) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 8) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 8) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 4 ? (int)p->H : 4;  // lane groups per token
    set.tpw = 4 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

#if FG_SM == 90  // tile parameters of the GPU model h200 (gen/tuning/sm_90_h200.lua)
// rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_h200
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=interleaved head_dim=128 rot=full access=vec16
//   mapping: 16 lanes per head, 2 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            2 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_h200_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_h200)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_h200_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 16;    // this lane's chunk position within its head
  const int group = lane / 16;  // which of the warp's 2 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 2 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 2;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][4] = {}, sn[1][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 64;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
    }
    float xa[2][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
    }
    if (h + 1 * hg < H) {  // head h + 1 * hg
      const __nv_bfloat16* px = xin + (h + 1 * hg) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[1][0][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[1][0][4], xa[1][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[1][0][6], xa[1][0][7], cs[0][3], sn[0][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
    }
    if (h + 1 * hg < H) {  // head h + 1 * hg
      __nv_bfloat16* po = xout + (h + 1 * hg) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[1][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_h200)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_h200), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_h200_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 2 ? (int)p->H : 2;  // lane groups per token
    set.tpw = 2 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 2 - 1) / (set.hg * 2));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16_h200), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}
#endif

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d256_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=interleaved head_dim=256 rot=full access=vec16
//   mapping: 16 lanes per head, 2 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d256_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d256_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d256_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 16;    // this lane's chunk position within its head
  const int group = lane / 16;  // which of the warp's 2 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 128;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 16) * 4 onwards
        const int a = (pos + 16) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 16) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 16) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d256_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d256_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d256_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 2 ? (int)p->H : 2;  // lane groups per token
    set.tpw = 2 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d256_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d320_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=interleaved head_dim=320 rot=full access=vec16
//   mapping: 20 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d320_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d320_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d320_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 20;    // this lane's chunk position within its head
  const int group = lane / 20;  // which of the warp's 1 heads
  if (group >= 1) return;       // lanes 20..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
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
      const float* srow = crow + 160;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
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
      {  // chunk slot 1: angles (pos + 20) * 4 onwards
        const int a = (pos + 20) * 4;
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
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 20) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 20) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d320_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d320_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d320_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d320_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
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
    float xa[1][2][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
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
    float xa[1][2][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][0][7] = fg_to_f32((px + e)[7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) xa[0][1][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][1][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][1][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][1][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][1][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][1][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][1][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][1][7] = fg_to_f32((px + e)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][1][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][1][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][1][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][1][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][1][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][1][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][1][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][1][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d64_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=half head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d64_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d64_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = lane / 4;  // which of the warp's 8 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 32;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 32 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 32 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d64_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 8 ? (int)p->H : 8;  // lane groups per token
    set.tpw = 8 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d80_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=half head_dim=80 rot=full access=vec16
//   mapping: 5 lanes per head, 6 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d80_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d80_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d80_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 5;    // this lane's chunk position within its head
  const int group = lane / 5;  // which of the warp's 6 heads
  if (group >= 6) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 40;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 40 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 40 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d80_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d80_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d80_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 6 ? (int)p->H : 6;  // lane groups per token
    set.tpw = 6 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d80_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d96_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=half head_dim=96 rot=full access=vec16
//   mapping: 6 lanes per head, 5 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d96_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d96_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d96_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 6;    // this lane's chunk position within its head
  const int group = lane / 6;  // which of the warp's 5 heads
  if (group >= 5) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 48;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 48 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 48 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d96_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d96_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d96_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 5 ? (int)p->H : 5;  // lane groups per token
    set.tpw = 5 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d96_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d128_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=half head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d128_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d128_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = lane / 8;  // which of the warp's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 64;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 64 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 64 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d128_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 4 ? (int)p->H : 4;  // lane groups per token
    set.tpw = 4 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d256_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=half head_dim=256 rot=full access=vec16
//   mapping: 16 lanes per head, 2 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d256_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d256_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d256_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 16;    // this lane's chunk position within its head
  const int group = lane / 16;  // which of the warp's 2 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 128;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 128 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 128 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d256_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d256_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d256_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 2 ? (int)p->H : 2;  // lane groups per token
    set.tpw = 2 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d256_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d320_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=half head_dim=320 rot=full access=vec16
//   mapping: 20 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d320_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d320_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d320_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 20;    // this lane's chunk position within its head
  const int group = lane / 20;  // which of the warp's 1 heads
  if (group >= 1) return;       // lanes 20..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + 160;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 160 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 160 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d320_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d320_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d320_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_d320_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][4]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=fp32 pos=i64 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const float* crow = (const float*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const float* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][3] = fg_to_f32((crow + a)[3]);
          if (a + 4 < rhalf) cs[0][4] = fg_to_f32((crow + a)[4]);
          if (a + 5 < rhalf) cs[0][5] = fg_to_f32((crow + a)[5]);
          if (a + 6 < rhalf) cs[0][6] = fg_to_f32((crow + a)[6]);
          if (a + 7 < rhalf) cs[0][7] = fg_to_f32((crow + a)[7]);
          if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][3] = fg_to_f32((srow + a)[3]);
          if (a + 4 < rhalf) sn[0][4] = fg_to_f32((srow + a)[4]);
          if (a + 5 < rhalf) sn[0][5] = fg_to_f32((srow + a)[5]);
          if (a + 6 < rhalf) sn[0][6] = fg_to_f32((srow + a)[6]);
          if (a + 7 < rhalf) sn[0][7] = fg_to_f32((srow + a)[7]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < rhalf) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < rhalf) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < rhalf) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < rhalf) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < rhalf) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < rhalf) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < rhalf) xa[0][0][7] = fg_to_f32((px + e)[7]);
        if (e + 0 < rhalf) xb[0][0][0] = fg_to_f32((px + e + rhalf)[0]);
        if (e + 1 < rhalf) xb[0][0][1] = fg_to_f32((px + e + rhalf)[1]);
        if (e + 2 < rhalf) xb[0][0][2] = fg_to_f32((px + e + rhalf)[2]);
        if (e + 3 < rhalf) xb[0][0][3] = fg_to_f32((px + e + rhalf)[3]);
        if (e + 4 < rhalf) xb[0][0][4] = fg_to_f32((px + e + rhalf)[4]);
        if (e + 5 < rhalf) xb[0][0][5] = fg_to_f32((px + e + rhalf)[5]);
        if (e + 6 < rhalf) xb[0][0][6] = fg_to_f32((px + e + rhalf)[6]);
        if (e + 7 < rhalf) xb[0][0][7] = fg_to_f32((px + e + rhalf)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < rhalf) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < rhalf) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < rhalf) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < rhalf) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < rhalf) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < rhalf) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < rhalf) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
        if (e + 0 < rhalf) (po + e + rhalf)[0] = fg_from_f32<__nv_bfloat16>(xb[0][0][0]);
        if (e + 1 < rhalf) (po + e + rhalf)[1] = fg_from_f32<__nv_bfloat16>(xb[0][0][1]);
        if (e + 2 < rhalf) (po + e + rhalf)[2] = fg_from_f32<__nv_bfloat16>(xb[0][0][2]);
        if (e + 3 < rhalf) (po + e + rhalf)[3] = fg_from_f32<__nv_bfloat16>(xb[0][0][3]);
        if (e + 4 < rhalf) (po + e + rhalf)[4] = fg_from_f32<__nv_bfloat16>(xb[0][0][4]);
        if (e + 5 < rhalf) (po + e + rhalf)[5] = fg_from_f32<__nv_bfloat16>(xb[0][0][5]);
        if (e + 6 < rhalf) (po + e + rhalf)[6] = fg_from_f32<__nv_bfloat16>(xb[0][0][6]);
        if (e + 7 < rhalf) (po + e + rhalf)[7] = fg_from_f32<__nv_bfloat16>(xb[0][0][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp32_posi64_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d64_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=interleaved head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d64_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d64_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = lane / 4;  // which of the warp's 8 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 32;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 4) * 4 onwards
        const int a = (pos + 4) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 4) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 4) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d64_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 8 ? (int)p->H : 8;  // lane groups per token
    set.tpw = 8 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d80_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=interleaved head_dim=80 rot=full access=vec16
//   mapping: 5 lanes per head, 6 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d80_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d80_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d80_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 5;    // this lane's chunk position within its head
  const int group = lane / 5;  // which of the warp's 6 heads
  if (group >= 6) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 40;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 5) * 4 onwards
        const int a = (pos + 5) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 5) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 5) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d80_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d80_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d80_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 6 ? (int)p->H : 6;  // lane groups per token
    set.tpw = 6 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d80_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d96_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=interleaved head_dim=96 rot=full access=vec16
//   mapping: 6 lanes per head, 5 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d96_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d96_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d96_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 6;    // this lane's chunk position within its head
  const int group = lane / 6;  // which of the warp's 5 heads
  if (group >= 5) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 48;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 6) * 4 onwards
        const int a = (pos + 6) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 6) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 6) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d96_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d96_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d96_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 5 ? (int)p->H : 5;  // lane groups per token
    set.tpw = 5 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d96_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d128_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=interleaved head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d128_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d128_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = lane / 8;  // which of the warp's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 64;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 8) * 4 onwards
        const int a = (pos + 8) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 8) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 8) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d128_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 4 ? (int)p->H : 4;  // lane groups per token
    set.tpw = 4 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d256_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=interleaved head_dim=256 rot=full access=vec16
//   mapping: 16 lanes per head, 2 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d256_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d256_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d256_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 16;    // this lane's chunk position within its head
  const int group = lane / 16;  // which of the warp's 2 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 128;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 16) * 4 onwards
        const int a = (pos + 16) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 16) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 16) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d256_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d256_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d256_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 2 ? (int)p->H : 2;  // lane groups per token
    set.tpw = 2 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d256_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d320_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=interleaved head_dim=320 rot=full access=vec16
//   mapping: 20 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d320_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d320_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d320_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 20;    // this lane's chunk position within its head
  const int group = lane / 20;  // which of the warp's 1 heads
  if (group >= 1) return;       // lanes 20..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 160;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 20) * 4 onwards
        const int a = (pos + 20) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 20) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 20) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d320_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d320_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d320_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_d320_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
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
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + p.R / 2;
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
    float xa[1][2][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][0][7] = fg_to_f32((px + e)[7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) xa[0][1][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][1][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][1][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][1][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][1][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][1][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][1][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][1][7] = fg_to_f32((px + e)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][1][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][1][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][1][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][1][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][1][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][1][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][1][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][1][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d64_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=half head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d64_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d64_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = lane / 4;  // which of the warp's 8 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 32;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 32 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 32 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d64_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 8 ? (int)p->H : 8;  // lane groups per token
    set.tpw = 8 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d80_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=half head_dim=80 rot=full access=vec16
//   mapping: 5 lanes per head, 6 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d80_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d80_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d80_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 5;    // this lane's chunk position within its head
  const int group = lane / 5;  // which of the warp's 6 heads
  if (group >= 6) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 40;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 40 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 40 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d80_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d80_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d80_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 6 ? (int)p->H : 6;  // lane groups per token
    set.tpw = 6 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d80_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d96_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=half head_dim=96 rot=full access=vec16
//   mapping: 6 lanes per head, 5 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d96_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d96_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d96_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 6;    // this lane's chunk position within its head
  const int group = lane / 6;  // which of the warp's 5 heads
  if (group >= 5) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 48;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 48 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 48 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d96_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d96_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d96_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 5 ? (int)p->H : 5;  // lane groups per token
    set.tpw = 5 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d96_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d128_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=half head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d128_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d128_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = lane / 8;  // which of the warp's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 64;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 64 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 64 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d128_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 4 ? (int)p->H : 4;  // lane groups per token
    set.tpw = 4 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d256_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=half head_dim=256 rot=full access=vec16
//   mapping: 16 lanes per head, 2 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d256_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d256_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d256_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 16;    // this lane's chunk position within its head
  const int group = lane / 16;  // which of the warp's 2 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 128;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 128 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 128 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d256_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d256_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d256_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 2 ? (int)p->H : 2;  // lane groups per token
    set.tpw = 2 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d256_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d320_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=half head_dim=320 rot=full access=vec16
//   mapping: 20 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d320_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d320_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d320_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 20;    // this lane's chunk position within its head
  const int group = lane / 20;  // which of the warp's 1 heads
  if (group >= 1) return;       // lanes 20..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 160;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 160 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 160 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d320_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d320_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d320_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_d320_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i32 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][3] = fg_to_f32((crow + a)[3]);
          if (a + 4 < rhalf) cs[0][4] = fg_to_f32((crow + a)[4]);
          if (a + 5 < rhalf) cs[0][5] = fg_to_f32((crow + a)[5]);
          if (a + 6 < rhalf) cs[0][6] = fg_to_f32((crow + a)[6]);
          if (a + 7 < rhalf) cs[0][7] = fg_to_f32((crow + a)[7]);
          if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][3] = fg_to_f32((srow + a)[3]);
          if (a + 4 < rhalf) sn[0][4] = fg_to_f32((srow + a)[4]);
          if (a + 5 < rhalf) sn[0][5] = fg_to_f32((srow + a)[5]);
          if (a + 6 < rhalf) sn[0][6] = fg_to_f32((srow + a)[6]);
          if (a + 7 < rhalf) sn[0][7] = fg_to_f32((srow + a)[7]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < rhalf) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < rhalf) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < rhalf) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < rhalf) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < rhalf) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < rhalf) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < rhalf) xa[0][0][7] = fg_to_f32((px + e)[7]);
        if (e + 0 < rhalf) xb[0][0][0] = fg_to_f32((px + e + rhalf)[0]);
        if (e + 1 < rhalf) xb[0][0][1] = fg_to_f32((px + e + rhalf)[1]);
        if (e + 2 < rhalf) xb[0][0][2] = fg_to_f32((px + e + rhalf)[2]);
        if (e + 3 < rhalf) xb[0][0][3] = fg_to_f32((px + e + rhalf)[3]);
        if (e + 4 < rhalf) xb[0][0][4] = fg_to_f32((px + e + rhalf)[4]);
        if (e + 5 < rhalf) xb[0][0][5] = fg_to_f32((px + e + rhalf)[5]);
        if (e + 6 < rhalf) xb[0][0][6] = fg_to_f32((px + e + rhalf)[6]);
        if (e + 7 < rhalf) xb[0][0][7] = fg_to_f32((px + e + rhalf)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < rhalf) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < rhalf) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < rhalf) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < rhalf) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < rhalf) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < rhalf) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < rhalf) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
        if (e + 0 < rhalf) (po + e + rhalf)[0] = fg_from_f32<__nv_bfloat16>(xb[0][0][0]);
        if (e + 1 < rhalf) (po + e + rhalf)[1] = fg_from_f32<__nv_bfloat16>(xb[0][0][1]);
        if (e + 2 < rhalf) (po + e + rhalf)[2] = fg_from_f32<__nv_bfloat16>(xb[0][0][2]);
        if (e + 3 < rhalf) (po + e + rhalf)[3] = fg_from_f32<__nv_bfloat16>(xb[0][0][3]);
        if (e + 4 < rhalf) (po + e + rhalf)[4] = fg_from_f32<__nv_bfloat16>(xb[0][0][4]);
        if (e + 5 < rhalf) (po + e + rhalf)[5] = fg_from_f32<__nv_bfloat16>(xb[0][0][5]);
        if (e + 6 < rhalf) (po + e + rhalf)[6] = fg_from_f32<__nv_bfloat16>(xb[0][0][6]);
        if (e + 7 < rhalf) (po + e + rhalf)[7] = fg_from_f32<__nv_bfloat16>(xb[0][0][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi32_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d64_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=interleaved head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d64_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d64_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = lane / 4;  // which of the warp's 8 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 32;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 4) * 4 onwards
        const int a = (pos + 4) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 4) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 4) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d64_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 8 ? (int)p->H : 8;  // lane groups per token
    set.tpw = 8 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d80_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=interleaved head_dim=80 rot=full access=vec16
//   mapping: 5 lanes per head, 6 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d80_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d80_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d80_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 5;    // this lane's chunk position within its head
  const int group = lane / 5;  // which of the warp's 6 heads
  if (group >= 6) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 40;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 5) * 4 onwards
        const int a = (pos + 5) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 5) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 5) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d80_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d80_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d80_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 6 ? (int)p->H : 6;  // lane groups per token
    set.tpw = 6 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d80_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d96_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=interleaved head_dim=96 rot=full access=vec16
//   mapping: 6 lanes per head, 5 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d96_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d96_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d96_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 6;    // this lane's chunk position within its head
  const int group = lane / 6;  // which of the warp's 5 heads
  if (group >= 5) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 48;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 6) * 4 onwards
        const int a = (pos + 6) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 6) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 6) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d96_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d96_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d96_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 5 ? (int)p->H : 5;  // lane groups per token
    set.tpw = 5 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d96_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d128_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=interleaved head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d128_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d128_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = lane / 8;  // which of the warp's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 64;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 8) * 4 onwards
        const int a = (pos + 8) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 8) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 8) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d128_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 4 ? (int)p->H : 4;  // lane groups per token
    set.tpw = 4 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d256_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=interleaved head_dim=256 rot=full access=vec16
//   mapping: 16 lanes per head, 2 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d256_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d256_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d256_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 16;    // this lane's chunk position within its head
  const int group = lane / 16;  // which of the warp's 2 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 128;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 16) * 4 onwards
        const int a = (pos + 16) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 16) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 16) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d256_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d256_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d256_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 2 ? (int)p->H : 2;  // lane groups per token
    set.tpw = 2 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d256_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d320_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=interleaved head_dim=320 rot=full access=vec16
//   mapping: 20 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d320_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d320_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d320_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 20;    // this lane's chunk position within its head
  const int group = lane / 20;  // which of the warp's 1 heads
  if (group >= 1) return;       // lanes 20..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 160;
      {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
      {  // chunk slot 1: angles (pos + 20) * 4 onwards
        const int a = (pos + 20) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 20) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      {  // rotate chunk slot 1
        const int e = (pos + 20) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d320_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d320_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d320_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_d320_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0]);
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
          fg_load_bf16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + p.R / 2;
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
    float xa[1][2][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][0][7] = fg_to_f32((px + e)[7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) xa[0][1][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][1][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][1][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][1][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][1][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][1][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][1][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][1][7] = fg_to_f32((px + e)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][1][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][1][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][1][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][1][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][1][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][1][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][1][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][1][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d64_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=half head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d64_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d64_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = lane / 4;  // which of the warp's 8 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 32;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 32 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 32 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d64_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 8 ? (int)p->H : 8;  // lane groups per token
    set.tpw = 8 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d80_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=half head_dim=80 rot=full access=vec16
//   mapping: 5 lanes per head, 6 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d80_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d80_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d80_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 5;    // this lane's chunk position within its head
  const int group = lane / 5;  // which of the warp's 6 heads
  if (group >= 6) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 40;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 40 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 40 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d80_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d80_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d80_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 6 ? (int)p->H : 6;  // lane groups per token
    set.tpw = 6 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d80_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d96_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=half head_dim=96 rot=full access=vec16
//   mapping: 6 lanes per head, 5 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d96_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d96_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d96_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 6;    // this lane's chunk position within its head
  const int group = lane / 6;  // which of the warp's 5 heads
  if (group >= 5) return;       // lanes 30..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 48;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 48 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 48 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d96_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d96_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d96_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 5 ? (int)p->H : 5;  // lane groups per token
    set.tpw = 5 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d96_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d128_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=half head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d128_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d128_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = lane / 8;  // which of the warp's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 64;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 64 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 64 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d128_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 4 ? (int)p->H : 4;  // lane groups per token
    set.tpw = 4 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d256_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=half head_dim=256 rot=full access=vec16
//   mapping: 16 lanes per head, 2 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d256_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d256_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d256_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 16;    // this lane's chunk position within its head
  const int group = lane / 16;  // which of the warp's 2 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 128;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 128 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 128 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d256_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d256_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d256_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 2 ? (int)p->H : 2;  // lane groups per token
    set.tpw = 2 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d256_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d320_rotfull_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=half head_dim=320 rot=full access=vec16
//   mapping: 20 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d320_rotfull_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d320_rotfull_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d320_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 20;    // this lane's chunk position within its head
  const int group = lane / 20;  // which of the warp's 1 heads
  if (group >= 1) return;       // lanes 20..31 hold no head
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + 160;
      {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + 160 + 0, &xb[0][0][0]);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + 160 + 0, &xb[0][0][0]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d320_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d320_rotfull_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d320_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_d320_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=bf16 pos=i64 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __nv_bfloat16* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][3] = fg_to_f32((crow + a)[3]);
          if (a + 4 < rhalf) cs[0][4] = fg_to_f32((crow + a)[4]);
          if (a + 5 < rhalf) cs[0][5] = fg_to_f32((crow + a)[5]);
          if (a + 6 < rhalf) cs[0][6] = fg_to_f32((crow + a)[6]);
          if (a + 7 < rhalf) cs[0][7] = fg_to_f32((crow + a)[7]);
          if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][3] = fg_to_f32((srow + a)[3]);
          if (a + 4 < rhalf) sn[0][4] = fg_to_f32((srow + a)[4]);
          if (a + 5 < rhalf) sn[0][5] = fg_to_f32((srow + a)[5]);
          if (a + 6 < rhalf) sn[0][6] = fg_to_f32((srow + a)[6]);
          if (a + 7 < rhalf) sn[0][7] = fg_to_f32((srow + a)[7]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < rhalf) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < rhalf) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < rhalf) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < rhalf) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < rhalf) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < rhalf) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < rhalf) xa[0][0][7] = fg_to_f32((px + e)[7]);
        if (e + 0 < rhalf) xb[0][0][0] = fg_to_f32((px + e + rhalf)[0]);
        if (e + 1 < rhalf) xb[0][0][1] = fg_to_f32((px + e + rhalf)[1]);
        if (e + 2 < rhalf) xb[0][0][2] = fg_to_f32((px + e + rhalf)[2]);
        if (e + 3 < rhalf) xb[0][0][3] = fg_to_f32((px + e + rhalf)[3]);
        if (e + 4 < rhalf) xb[0][0][4] = fg_to_f32((px + e + rhalf)[4]);
        if (e + 5 < rhalf) xb[0][0][5] = fg_to_f32((px + e + rhalf)[5]);
        if (e + 6 < rhalf) xb[0][0][6] = fg_to_f32((px + e + rhalf)[6]);
        if (e + 7 < rhalf) xb[0][0][7] = fg_to_f32((px + e + rhalf)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < rhalf) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < rhalf) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < rhalf) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < rhalf) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < rhalf) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < rhalf) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < rhalf) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
        if (e + 0 < rhalf) (po + e + rhalf)[0] = fg_from_f32<__nv_bfloat16>(xb[0][0][0]);
        if (e + 1 < rhalf) (po + e + rhalf)[1] = fg_from_f32<__nv_bfloat16>(xb[0][0][1]);
        if (e + 2 < rhalf) (po + e + rhalf)[2] = fg_from_f32<__nv_bfloat16>(xb[0][0][2]);
        if (e + 3 < rhalf) (po + e + rhalf)[3] = fg_from_f32<__nv_bfloat16>(xb[0][0][3]);
        if (e + 4 < rhalf) (po + e + rhalf)[4] = fg_from_f32<__nv_bfloat16>(xb[0][0][4]);
        if (e + 5 < rhalf) (po + e + rhalf)[5] = fg_from_f32<__nv_bfloat16>(xb[0][0][5]);
        if (e + 6 < rhalf) (po + e + rhalf)[6] = fg_from_f32<__nv_bfloat16>(xb[0][0][6]);
        if (e + 7 < rhalf) (po + e + rhalf)[7] = fg_from_f32<__nv_bfloat16>(xb[0][0][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabbf16_posi64_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=fp16 pos=i32 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __half* crow = (const __half*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __half* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_fp16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp16x4_keep(srow + a + 0, &sn[0][0]);
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
          fg_load_fp16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_fp16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=fp16 pos=i32 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __half* crow = (const __half*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __half* srow = crow + p.R / 2;
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
    float xa[1][2][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][0][7] = fg_to_f32((px + e)[7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) xa[0][1][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][1][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][1][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][1][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][1][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][1][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][1][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][1][7] = fg_to_f32((px + e)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][1][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][1][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][1][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][1][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][1][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][1][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][1][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][1][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=fp16 pos=i32 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __half* crow = (const __half*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __half* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=fp16 pos=i32 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((int*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __half* crow = (const __half*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __half* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][3] = fg_to_f32((crow + a)[3]);
          if (a + 4 < rhalf) cs[0][4] = fg_to_f32((crow + a)[4]);
          if (a + 5 < rhalf) cs[0][5] = fg_to_f32((crow + a)[5]);
          if (a + 6 < rhalf) cs[0][6] = fg_to_f32((crow + a)[6]);
          if (a + 7 < rhalf) cs[0][7] = fg_to_f32((crow + a)[7]);
          if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][3] = fg_to_f32((srow + a)[3]);
          if (a + 4 < rhalf) sn[0][4] = fg_to_f32((srow + a)[4]);
          if (a + 5 < rhalf) sn[0][5] = fg_to_f32((srow + a)[5]);
          if (a + 6 < rhalf) sn[0][6] = fg_to_f32((srow + a)[6]);
          if (a + 7 < rhalf) sn[0][7] = fg_to_f32((srow + a)[7]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < rhalf) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < rhalf) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < rhalf) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < rhalf) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < rhalf) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < rhalf) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < rhalf) xa[0][0][7] = fg_to_f32((px + e)[7]);
        if (e + 0 < rhalf) xb[0][0][0] = fg_to_f32((px + e + rhalf)[0]);
        if (e + 1 < rhalf) xb[0][0][1] = fg_to_f32((px + e + rhalf)[1]);
        if (e + 2 < rhalf) xb[0][0][2] = fg_to_f32((px + e + rhalf)[2]);
        if (e + 3 < rhalf) xb[0][0][3] = fg_to_f32((px + e + rhalf)[3]);
        if (e + 4 < rhalf) xb[0][0][4] = fg_to_f32((px + e + rhalf)[4]);
        if (e + 5 < rhalf) xb[0][0][5] = fg_to_f32((px + e + rhalf)[5]);
        if (e + 6 < rhalf) xb[0][0][6] = fg_to_f32((px + e + rhalf)[6]);
        if (e + 7 < rhalf) xb[0][0][7] = fg_to_f32((px + e + rhalf)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < rhalf) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < rhalf) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < rhalf) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < rhalf) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < rhalf) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < rhalf) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < rhalf) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
        if (e + 0 < rhalf) (po + e + rhalf)[0] = fg_from_f32<__nv_bfloat16>(xb[0][0][0]);
        if (e + 1 < rhalf) (po + e + rhalf)[1] = fg_from_f32<__nv_bfloat16>(xb[0][0][1]);
        if (e + 2 < rhalf) (po + e + rhalf)[2] = fg_from_f32<__nv_bfloat16>(xb[0][0][2]);
        if (e + 3 < rhalf) (po + e + rhalf)[3] = fg_from_f32<__nv_bfloat16>(xb[0][0][3]);
        if (e + 4 < rhalf) (po + e + rhalf)[4] = fg_from_f32<__nv_bfloat16>(xb[0][0][4]);
        if (e + 5 < rhalf) (po + e + rhalf)[5] = fg_from_f32<__nv_bfloat16>(xb[0][0][5]);
        if (e + 6 < rhalf) (po + e + rhalf)[6] = fg_from_f32<__nv_bfloat16>(xb[0][0][6]);
        if (e + 7 < rhalf) (po + e + rhalf)[7] = fg_from_f32<__nv_bfloat16>(xb[0][0][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi32_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=fp16 pos=i64 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __half* crow = (const __half*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __half* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
        const int a = (pos + 0) * 4;
        if (row_ok) {
          fg_load_fp16x4_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp16x4_keep(srow + a + 0, &sn[0][0]);
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
          fg_load_fp16x4_keep(crow + a + 0, &cs[1][0]);
          fg_load_fp16x4_keep(srow + a + 0, &sn[1][0]);
        } else {
          cs[1][0] = sn[1][0] = __int_as_float(0x7fffffff);  // NaN
          cs[1][1] = sn[1][1] = __int_as_float(0x7fffffff);  // NaN
          cs[1][2] = sn[1][2] = __int_as_float(0x7fffffff);  // NaN
          cs[1][3] = sn[1][3] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][2][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=fp16 pos=i64 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[2][4] = {}, sn[2][4] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __half* crow = (const __half*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __half* srow = crow + p.R / 2;
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
    float xa[1][2][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][0][7] = fg_to_f32((px + e)[7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) xa[0][1][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < (int)p.R) xa[0][1][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < (int)p.R) xa[0][1][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < (int)p.R) xa[0][1][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < (int)p.R) xa[0][1][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < (int)p.R) xa[0][1][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < (int)p.R) xa[0][1][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < (int)p.R) xa[0][1][7] = fg_to_f32((px + e)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
    fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
    fg_rotate(xa[0][1][4], xa[0][1][5], cs[1][2], sn[1][2]);
    fg_rotate(xa[0][1][6], xa[0][1][7], cs[1][3], sn[1][3]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
      }
      if (pos + 32 < nr) {  // rotate chunk slot 1
        const int e = (pos + 32) * 8;
        if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][1][0]);
        if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][1][1]);
        if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][1][2]);
        if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][1][3]);
        if (e + 4 < (int)p.R) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][1][4]);
        if (e + 5 < (int)p.R) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][1][5]);
        if (e + 6 < (int)p.R) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][1][6]);
        if (e + 7 < (int)p.R) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][1][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_vec16
//   rope_cos_sin_cache: act=bf16 table=fp16 pos=i64 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_vec16)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __half* crow = (const __half*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __half* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          fg_load_fp16x8_keep(crow + a + 0, &cs[0][0]);
          fg_load_fp16x8_keep(srow + a + 0, &sn[0][0]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    uint4 xp[1][2];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);
        fg_load_bf16x8_stream(px + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        xp[0][0] = fg_ld16_stream(px + e);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        xp[0][1] = fg_ld16_stream(px + e);
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        fg_st16(po + e, xp[0][0]);
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        fg_st16(po + e, xp[0][1]);
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_vec16), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_scalar
//   rope_cos_sin_cache: act=bf16 table=fp16 pos=i64 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block
struct FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[1];  // x
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_scalar)(const fg_rope_cos_sin_cache_params p, const FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = lane / 32;  // which of the warp's 1 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, block of heads), 1 head(s) in flight per lane group
  const int hg = g.set[0].hg;    // groups per token
  const int tpw = g.set[0].tpw;  // tokens per warp item
  const int tsub = fg_udiv_div(group, g.set[0].hg_div);
  if (tsub >= tpw) return;
  const int hstep = hg * 1;  // heads per item
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  const int64_t warp = (int64_t)blockIdx.x * 4 + (threadIdx.x >> 5);
  const int64_t nwarps = (int64_t)gridDim.x * 4;
  for (int64_t it = warp; it < nitems; it += nwarps) {
    const int64_t j = it;
    const int nhb = g.set[0].nhb;  // head blocks per token
    const int64_t tb = fg_udiv_div((uint32_t)j, g.set[0].nhb_div);
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t h = (j - tb * nhb) * hstep + (group - tsub * hg);
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)p.x + b * p.x_stride[0] + s * p.x_stride[1];
    const int64_t xin_hs = p.x_stride[2];
    __nv_bfloat16* xout = (__nv_bfloat16*)p.out + b * p.out_stride[0] + s * p.out_stride[1];
    const int64_t xout_hs = p.out_stride[2];
    const int64_t H = p.H;
    const bool copy_pass = !(p.inplace & 2u);  // out of place: copy [R, D)
    // cos/sin of row positions[b, s] + position_offset of the packed cache
    float cs[1][8] = {}, sn[1][8] = {};
    {
      // |position|, |offset| < 2^62: their sum cannot overflow
      const int64_t position = (int64_t)((long long*)p.positions)[b * p.positions_stride[0] + s * p.positions_stride[1]];
      const bool sane = position > -(1LL << 62) && position < (1LL << 62) && p.position_offset > -(1LL << 62) &&
               p.position_offset < (1LL << 62);
      const int64_t row = sane ? position + p.position_offset : -1;
      const bool row_ok = row >= 0 && row < p.P;
      const __half* crow = (const __half*)p.cos_sin_cache + (row_ok ? row : 0) * p.cos_sin_cache_stride[0];
      const __half* srow = crow + p.R / 2;
      if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
        const int a = (pos + 0) * 8;
        if (row_ok) {
          if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][3] = fg_to_f32((crow + a)[3]);
          if (a + 4 < rhalf) cs[0][4] = fg_to_f32((crow + a)[4]);
          if (a + 5 < rhalf) cs[0][5] = fg_to_f32((crow + a)[5]);
          if (a + 6 < rhalf) cs[0][6] = fg_to_f32((crow + a)[6]);
          if (a + 7 < rhalf) cs[0][7] = fg_to_f32((crow + a)[7]);
          if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][3] = fg_to_f32((srow + a)[3]);
          if (a + 4 < rhalf) sn[0][4] = fg_to_f32((srow + a)[4]);
          if (a + 5 < rhalf) sn[0][5] = fg_to_f32((srow + a)[5]);
          if (a + 6 < rhalf) sn[0][6] = fg_to_f32((srow + a)[6]);
          if (a + 7 < rhalf) sn[0][7] = fg_to_f32((srow + a)[7]);
        } else {
          cs[0][0] = sn[0][0] = __int_as_float(0x7fffffff);  // NaN
          cs[0][1] = sn[0][1] = __int_as_float(0x7fffffff);  // NaN
          cs[0][2] = sn[0][2] = __int_as_float(0x7fffffff);  // NaN
          cs[0][3] = sn[0][3] = __int_as_float(0x7fffffff);  // NaN
          cs[0][4] = sn[0][4] = __int_as_float(0x7fffffff);  // NaN
          cs[0][5] = sn[0][5] = __int_as_float(0x7fffffff);  // NaN
          cs[0][6] = sn[0][6] = __int_as_float(0x7fffffff);  // NaN
          cs[0][7] = sn[0][7] = __int_as_float(0x7fffffff);  // NaN
        }
      }
    }
    float xa[1][1][8] = {};
    float xb[1][1][8] = {};
    __nv_bfloat16 xp[1][2][8];
    if (h < H) {  // head h
      const __nv_bfloat16* px = xin + (h) * xin_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) xa[0][0][0] = fg_to_f32((px + e)[0]);
        if (e + 1 < rhalf) xa[0][0][1] = fg_to_f32((px + e)[1]);
        if (e + 2 < rhalf) xa[0][0][2] = fg_to_f32((px + e)[2]);
        if (e + 3 < rhalf) xa[0][0][3] = fg_to_f32((px + e)[3]);
        if (e + 4 < rhalf) xa[0][0][4] = fg_to_f32((px + e)[4]);
        if (e + 5 < rhalf) xa[0][0][5] = fg_to_f32((px + e)[5]);
        if (e + 6 < rhalf) xa[0][0][6] = fg_to_f32((px + e)[6]);
        if (e + 7 < rhalf) xa[0][0][7] = fg_to_f32((px + e)[7]);
        if (e + 0 < rhalf) xb[0][0][0] = fg_to_f32((px + e + rhalf)[0]);
        if (e + 1 < rhalf) xb[0][0][1] = fg_to_f32((px + e + rhalf)[1]);
        if (e + 2 < rhalf) xb[0][0][2] = fg_to_f32((px + e + rhalf)[2]);
        if (e + 3 < rhalf) xb[0][0][3] = fg_to_f32((px + e + rhalf)[3]);
        if (e + 4 < rhalf) xb[0][0][4] = fg_to_f32((px + e + rhalf)[4]);
        if (e + 5 < rhalf) xb[0][0][5] = fg_to_f32((px + e + rhalf)[5]);
        if (e + 6 < rhalf) xb[0][0][6] = fg_to_f32((px + e + rhalf)[6]);
        if (e + 7 < rhalf) xb[0][0][7] = fg_to_f32((px + e + rhalf)[7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) xp[0][0][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][0][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][0][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][0][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][0][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][0][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][0][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][0][7] = px[e + 7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) xp[0][1][0] = px[e + 0];
        if (e + 1 < (int)p.D) xp[0][1][1] = px[e + 1];
        if (e + 2 < (int)p.D) xp[0][1][2] = px[e + 2];
        if (e + 3 < (int)p.D) xp[0][1][3] = px[e + 3];
        if (e + 4 < (int)p.D) xp[0][1][4] = px[e + 4];
        if (e + 5 < (int)p.D) xp[0][1][5] = px[e + 5];
        if (e + 6 < (int)p.D) xp[0][1][6] = px[e + 6];
        if (e + 7 < (int)p.D) xp[0][1][7] = px[e + 7];
      }
    }
    // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
    fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0], sn[0][0]);
    fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][1], sn[0][1]);
    fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][2], sn[0][2]);
    fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][3], sn[0][3]);
    fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][4], sn[0][4]);
    fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][5], sn[0][5]);
    fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][6], sn[0][6]);
    fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][7], sn[0][7]);
    if (h < H) {  // head h
      __nv_bfloat16* po = xout + (h) * xout_hs;
      if (pos < nr) {  // rotate chunk slot 0
        const int e = (pos + 0) * 8;
        if (e + 0 < rhalf) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xa[0][0][0]);
        if (e + 1 < rhalf) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xa[0][0][1]);
        if (e + 2 < rhalf) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xa[0][0][2]);
        if (e + 3 < rhalf) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xa[0][0][3]);
        if (e + 4 < rhalf) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xa[0][0][4]);
        if (e + 5 < rhalf) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xa[0][0][5]);
        if (e + 6 < rhalf) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xa[0][0][6]);
        if (e + 7 < rhalf) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xa[0][0][7]);
        if (e + 0 < rhalf) (po + e + rhalf)[0] = fg_from_f32<__nv_bfloat16>(xb[0][0][0]);
        if (e + 1 < rhalf) (po + e + rhalf)[1] = fg_from_f32<__nv_bfloat16>(xb[0][0][1]);
        if (e + 2 < rhalf) (po + e + rhalf)[2] = fg_from_f32<__nv_bfloat16>(xb[0][0][2]);
        if (e + 3 < rhalf) (po + e + rhalf)[3] = fg_from_f32<__nv_bfloat16>(xb[0][0][3]);
        if (e + 4 < rhalf) (po + e + rhalf)[4] = fg_from_f32<__nv_bfloat16>(xb[0][0][4]);
        if (e + 5 < rhalf) (po + e + rhalf)[5] = fg_from_f32<__nv_bfloat16>(xb[0][0][5]);
        if (e + 6 < rhalf) (po + e + rhalf)[6] = fg_from_f32<__nv_bfloat16>(xb[0][0][6]);
        if (e + 7 < rhalf) (po + e + rhalf)[7] = fg_from_f32<__nv_bfloat16>(xb[0][0][7]);
      }
      if (copy_pass && pos < np) {  // pass chunk slot 0
        const int e = p.R + (pos + 0) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][0][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][0][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][0][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][0][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][0][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][0][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][0][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][0][7];
      }
      if (copy_pass && pos + 32 < np) {  // pass chunk slot 1
        const int e = p.R + (pos + 32) * 8;
        if (e + 0 < (int)p.D) po[e + 0] = xp[0][1][0];
        if (e + 1 < (int)p.D) po[e + 1] = xp[0][1][1];
        if (e + 2 < (int)p.D) po[e + 2] = xp[0][1][2];
        if (e + 3 < (int)p.D) po[e + 3] = xp[0][1][3];
        if (e + 4 < (int)p.D) po[e + 4] = xp[0][1][4];
        if (e + 5 < (int)p.D) po[e + 5] = xp[0][1][5];
        if (e + 6 < (int)p.D) po[e + 6] = xp[0][1][6];
        if (e + 7 < (int)p.D) po[e + 7] = xp[0][1][7];
      }
    }
  }
}

// Grid: persistent, at most 32 blocks per multiprocessor
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_rope_cos_sin_cache_params* p = (const fg_rope_cos_sin_cache_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_scalar), 128, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of x
    fg_heads_set& set = g.set[0];
    set.hg = p->H < 1 ? (int)p->H : 1;  // lane groups per token
    set.tpw = 1 / set.hg;  // tokens per warp item
    set.nhb = (int)((p->H + set.hg * 1 - 1) / (set.hg * 1));  // head blocks per token
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
  fg_launch(FG_ARCH_NAME(fg_rope_cos_sin_cache_bf16_tabfp16_posi64_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}
