// generated from gen/specs/rotary.lua by fusegen: do not edit
// qknorm_across_heads_rope_per_head: RMSNorm of q and k over all heads of a token, then rotary embedding from per-head cos/sin tables, in place
// Compiled once per GPU target with -DFG_SM=<target> (80 for sm_80); kernel
// and launcher names end in _sm<target>.
#include "fusegen_device.cuh"
#include "fusegen_params.h"
#ifndef FG_SM
#error "compile with -DFG_SM=<target>, as generated/sources.ninja does"
#endif

// Kernels of this file (variant: the values of its other axes):
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d64_rotfull_vec16: weight=fp32 table=fp32 pairing=half head_dim=64 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotfull_vec16: weight=fp32 table=fp32 pairing=half head_dim=128 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotpartial_vec16: weight=fp32 table=fp32 pairing=half head_dim=128 rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_vec16: weight=fp32 table=fp32 pairing=half head_dim=any rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_scalar: weight=fp32 table=fp32 pairing=half head_dim=any rot=partial access=scalar
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d64_rotfull_vec16: weight=fp32 table=fp32 pairing=interleaved head_dim=64 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotfull_vec16: weight=fp32 table=fp32 pairing=interleaved head_dim=128 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotpartial_vec16: weight=fp32 table=fp32 pairing=interleaved head_dim=128 rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_vec16: weight=fp32 table=fp32 pairing=interleaved head_dim=any rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_scalar: weight=fp32 table=fp32 pairing=interleaved head_dim=any rot=partial access=scalar
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d64_rotfull_vec16: weight=fp32 table=bf16 pairing=half head_dim=64 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16: weight=fp32 table=bf16 pairing=half head_dim=128 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_h200: weight=fp32 table=bf16 pairing=half head_dim=128 rot=full access=vec16 (tiles of the GPU model h200)
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotpartial_vec16: weight=fp32 table=bf16 pairing=half head_dim=128 rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_vec16: weight=fp32 table=bf16 pairing=half head_dim=any rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_scalar: weight=fp32 table=bf16 pairing=half head_dim=any rot=partial access=scalar
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d64_rotfull_vec16: weight=fp32 table=bf16 pairing=interleaved head_dim=64 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotfull_vec16: weight=fp32 table=bf16 pairing=interleaved head_dim=128 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotpartial_vec16: weight=fp32 table=bf16 pairing=interleaved head_dim=128 rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_vec16: weight=fp32 table=bf16 pairing=interleaved head_dim=any rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_scalar: weight=fp32 table=bf16 pairing=interleaved head_dim=any rot=partial access=scalar
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d64_rotfull_vec16: weight=bf16 table=fp32 pairing=half head_dim=64 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotfull_vec16: weight=bf16 table=fp32 pairing=half head_dim=128 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotpartial_vec16: weight=bf16 table=fp32 pairing=half head_dim=128 rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_vec16: weight=bf16 table=fp32 pairing=half head_dim=any rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_scalar: weight=bf16 table=fp32 pairing=half head_dim=any rot=partial access=scalar
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d64_rotfull_vec16: weight=bf16 table=fp32 pairing=interleaved head_dim=64 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotfull_vec16: weight=bf16 table=fp32 pairing=interleaved head_dim=128 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotpartial_vec16: weight=bf16 table=fp32 pairing=interleaved head_dim=128 rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_vec16: weight=bf16 table=fp32 pairing=interleaved head_dim=any rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_scalar: weight=bf16 table=fp32 pairing=interleaved head_dim=any rot=partial access=scalar
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d64_rotfull_vec16: weight=bf16 table=bf16 pairing=half head_dim=64 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotfull_vec16: weight=bf16 table=bf16 pairing=half head_dim=128 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotpartial_vec16: weight=bf16 table=bf16 pairing=half head_dim=128 rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_vec16: weight=bf16 table=bf16 pairing=half head_dim=any rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_scalar: weight=bf16 table=bf16 pairing=half head_dim=any rot=partial access=scalar
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d64_rotfull_vec16: weight=bf16 table=bf16 pairing=interleaved head_dim=64 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotfull_vec16: weight=bf16 table=bf16 pairing=interleaved head_dim=128 rot=full access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotpartial_vec16: weight=bf16 table=bf16 pairing=interleaved head_dim=128 rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_vec16: weight=bf16 table=bf16 pairing=interleaved head_dim=any rot=partial access=vec16
//   qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_scalar: weight=bf16 table=bf16 pairing=interleaved head_dim=any rot=partial access=scalar

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

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d64_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=fp32 pairing=half head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d64_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d64_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 8 + lane / 4;  // which of the block's 32 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 32 at a time (lane group g takes heads g, g + 32, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 32;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + 32 + 0, &xb[0][0][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 64) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + 32 + 0, &xb[0][0][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 64;
        float wa[1][8] = {};
        float wb[1][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
          fg_load_fp32x4_keep(pw + e + 32 + 0, &wb[0][0]);
          fg_load_fp32x4_keep(pw + e + 32 + 4, &wb[0][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][0][4]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=fp32 pairing=half head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + 64 + 0, &xb[0][0][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + 64 + 0, &xb[0][0][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[1][8] = {};
        float wb[1][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
          fg_load_fp32x4_keep(pw + e + 64 + 0, &wb[0][0]);
          fg_load_fp32x4_keep(pw + e + 64 + 4, &wb[0][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][0][4]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=fp32 pairing=half head_dim=128 rot=partial access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = (128 - (int)p.R) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nr) {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + rhalf + 0, &xb[0][0][0]);
          }
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][0][0]);
          }
          if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][0][0]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
          fg_load_fp32x4_keep(pw + e + rhalf + 0, &wb[0][0]);
          fg_load_fp32x4_keep(pw + e + rhalf + 4, &wb[0][4]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wp[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wp[0][4]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 8) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wp[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wp[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][0][4]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
          fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][0][0]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 8) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_d128_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=fp32 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nr) {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + rhalf + 0, &xb[0][0][0]);
          }
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][0][0]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][0][0]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
          fg_load_fp32x4_keep(pw + e + rhalf + 0, &wb[0][0]);
          fg_load_fp32x4_keep(pw + e + rhalf + 4, &wb[0][4]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wp[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wp[0][4]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wp[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wp[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][0][4]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
          fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][0][0]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_scalar
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=fp32 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_scalar)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
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
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          if (e + 0 < rhalf) wa[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < rhalf) wa[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < rhalf) wa[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < rhalf) wa[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < rhalf) wa[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < rhalf) wa[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < rhalf) wa[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < rhalf) wa[0][7] = fg_to_f32((pw + e)[7]);
          if (e + 0 < rhalf) wb[0][0] = fg_to_f32((pw + e + rhalf)[0]);
          if (e + 1 < rhalf) wb[0][1] = fg_to_f32((pw + e + rhalf)[1]);
          if (e + 2 < rhalf) wb[0][2] = fg_to_f32((pw + e + rhalf)[2]);
          if (e + 3 < rhalf) wb[0][3] = fg_to_f32((pw + e + rhalf)[3]);
          if (e + 4 < rhalf) wb[0][4] = fg_to_f32((pw + e + rhalf)[4]);
          if (e + 5 < rhalf) wb[0][5] = fg_to_f32((pw + e + rhalf)[5]);
          if (e + 6 < rhalf) wb[0][6] = fg_to_f32((pw + e + rhalf)[6]);
          if (e + 7 < rhalf) wb[0][7] = fg_to_f32((pw + e + rhalf)[7]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) wp[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) wp[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[1][7] = fg_to_f32((pw + e)[7]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          if (a + 0 < rhalf) cs[0][0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][0][3] = fg_to_f32((crow + a)[3]);
          if (a + 4 < rhalf) cs[0][0][4] = fg_to_f32((crow + a)[4]);
          if (a + 5 < rhalf) cs[0][0][5] = fg_to_f32((crow + a)[5]);
          if (a + 6 < rhalf) cs[0][0][6] = fg_to_f32((crow + a)[6]);
          if (a + 7 < rhalf) cs[0][0][7] = fg_to_f32((crow + a)[7]);
          if (a + 0 < rhalf) sn[0][0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][0][3] = fg_to_f32((srow + a)[3]);
          if (a + 4 < rhalf) sn[0][0][4] = fg_to_f32((srow + a)[4]);
          if (a + 5 < rhalf) sn[0][0][5] = fg_to_f32((srow + a)[5]);
          if (a + 6 < rhalf) sn[0][0][6] = fg_to_f32((srow + a)[6]);
          if (a + 7 < rhalf) sn[0][0][7] = fg_to_f32((srow + a)[7]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][0][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][0][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][0][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][0][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][0][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][0][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][0][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][0][7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][1][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][1][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][1][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][1][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][1][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][1][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][1][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][1][7]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d64_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=fp32 pairing=interleaved head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d64_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d64_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 8 + lane / 4;  // which of the block's 32 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 32 at a time (lane group g takes heads g, g + 32, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 32;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // rotate chunk slot 1
            const int e = (pos + 4) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 64) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 4) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 64;
        float wa[2][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 4) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        {  // chunk slot 1: angles (pos + 4) * 4 onwards
          const int a = (pos + 4) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=fp32 pairing=interleaved head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // rotate chunk slot 1
            const int e = (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[2][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        {  // chunk slot 1: angles (pos + 8) * 4 onwards
          const int a = (pos + 8) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=fp32 pairing=interleaved head_dim=128 rot=partial access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // chunk slot 1
            const int e = (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[2][8] = {};
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        if (pos + 8 < nr) {  // chunk slot 1: angles (pos + 8) * 4 onwards
          const int a = (pos + 8) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      if (pos < nr) {  // chunk slot 0, where it lies below R
          fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
          fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
          fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
          fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      }
      if (pos + 8 < nr) {  // chunk slot 1, where it lies below R
          fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
          fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
          fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
          fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
      }
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_d128_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=fp32 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  const int nd = (int)p.D / 8;  // chunks of the head
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nd) {  // chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          if (pos + 32 < nd) {  // chunk slot 1
            const int e = (pos + 32) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[2][8] = {};
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
          const int a = (pos + 32) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      if (pos < nr) {  // chunk slot 0, where it lies below R
          fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
          fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
          fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
          fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      }
      if (pos + 32 < nr) {  // chunk slot 1, where it lies below R
          fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
          fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
          fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
          fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
      }
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_scalar
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=fp32 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_scalar)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        float xp[1][2][8] = {};
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
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      float xp[1][2][8] = {};
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[2][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          if (e + 0 < (int)p.R) wa[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.R) wa[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.R) wa[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.R) wa[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.R) wa[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.R) wa[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.R) wa[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.R) wa[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < nr) {  // rotate chunk slot 1
          const int e = (pos + 32) * 8;
          if (e + 0 < (int)p.R) wa[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.R) wa[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.R) wa[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.R) wa[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.R) wa[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.R) wa[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.R) wa[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.R) wa[1][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) wp[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) wp[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[1][7] = fg_to_f32((pw + e)[7]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          if (a + 0 < rhalf) cs[0][0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][0][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[0][0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][0][3] = fg_to_f32((srow + a)[3]);
        }
        if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
          const int a = (pos + 32) * 4;
          if (a + 0 < rhalf) cs[0][1][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][1][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][1][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[0][1][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][1][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][1][3] = fg_to_f32((srow + a)[3]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][0][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][0][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][0][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][0][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][0][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][0][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][0][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][0][7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][1][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][1][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][1][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][1][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][1][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][1][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][1][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][1][7]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabfp32_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d64_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=half head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d64_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d64_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 8 + lane / 4;  // which of the block's 32 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 32 at a time (lane group g takes heads g, g + 32, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 32;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + 32 + 0, &xb[0][0][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 64) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + 32 + 0, &xb[0][0][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 64;
        float wa[1][8] = {};
        float wb[1][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
          fg_load_fp32x4_keep(pw + e + 32 + 0, &wb[0][0]);
          fg_load_fp32x4_keep(pw + e + 32 + 4, &wb[0][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0][0]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

#if FG_SM == 80  // tile parameters for sm_80
// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=half head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + 64 + 0, &xb[0][0][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + 64 + 0, &xb[0][0][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[1][8] = {};
        float wb[1][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
          fg_load_fp32x4_keep(pw + e + 64 + 0, &wb[0][0]);
          fg_load_fp32x4_keep(pw + e + 64 + 4, &wb[0][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0][0]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

#elif FG_SM == 90  // tile parameters for sm_90 (gen/tuning/sm_90_h100.lua)
// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=half head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 9)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + 64 + 0, &xb[0][0][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + 64 + 0, &xb[0][0][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[1][8] = {};
        float wb[1][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
          fg_load_fp32x4_keep(pw + e + 64 + 0, &wb[0][0]);
          fg_load_fp32x4_keep(pw + e + 64 + 4, &wb[0][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0][0]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

#elif FG_SM == 100  // tile parameters for sm_100
// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=half head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + 64 + 0, &xb[0][0][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + 64 + 0, &xb[0][0][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[1][8] = {};
        float wb[1][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
          fg_load_fp32x4_keep(pw + e + 64 + 0, &wb[0][0]);
          fg_load_fp32x4_keep(pw + e + 64 + 4, &wb[0][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0][0]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}
#endif

#if FG_SM == 90  // tile parameters of the GPU model h200 (gen/tuning/sm_90_h200.lua)
// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_h200
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=half head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_h200_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 10)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_h200)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_h200_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads, 2 head
    // steps' loads in flight (tile sum_steps)
    float rs_token;
    {
      float ss = 0.0f;
      for (uint32_t h = group; h - group < H; h += 2 * hstep) {
        uint4 raw[2][2] = {};  // each head's chunks, raw
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          raw[0][0] = fg_ld16_keep(px + (pos + 0) * 8);
          raw[0][1] = fg_ld16_keep(px + (pos + 8) * 8);
        }
        if (h + hstep < H) {  // head h + hstep
          const __nv_bfloat16* px = xin + (h + hstep) * xin_hs;
          raw[1][0] = fg_ld16_keep(px + (pos + 0) * 8);
          raw[1][1] = fg_ld16_keep(px + (pos + 8) * 8);
        }
        #pragma unroll
        for (int i = 0; i < 2; i++) {
          #pragma unroll
          for (int k = 0; k < 2; k++) {
            float f[8];
            fg_unpack_bf16x8(raw[i][k], f);
            #pragma unroll
            for (int j = 0; j < 8; j++) ss = fmaf(f[j], f[j], ss);
          }
        }
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (uint32_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + 64 + 0, &xb[0][0][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[1][8] = {};
        float wb[1][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
          fg_load_fp32x4_keep(pw + e + 64 + 0, &wb[0][0]);
          fg_load_fp32x4_keep(pw + e + 64 + 4, &wb[0][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0][0]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_h200)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_h200_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16_h200), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}
#endif

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=half head_dim=128 rot=partial access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = (128 - (int)p.R) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nr) {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + rhalf + 0, &xb[0][0][0]);
          }
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][0][0]);
          }
          if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][0][0]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
          fg_load_fp32x4_keep(pw + e + rhalf + 0, &wb[0][0]);
          fg_load_fp32x4_keep(pw + e + rhalf + 4, &wb[0][4]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wp[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wp[0][4]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 8) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wp[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wp[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0][0]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
          fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][0][0]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 8) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nr) {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + rhalf + 0, &xb[0][0][0]);
          }
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][0][0]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][0][0]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
          fg_load_fp32x4_keep(pw + e + rhalf + 0, &wb[0][0]);
          fg_load_fp32x4_keep(pw + e + rhalf + 4, &wb[0][4]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wp[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wp[0][4]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wp[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wp[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0][0]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
          fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][0][0]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_scalar
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_scalar)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
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
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          if (e + 0 < rhalf) wa[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < rhalf) wa[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < rhalf) wa[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < rhalf) wa[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < rhalf) wa[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < rhalf) wa[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < rhalf) wa[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < rhalf) wa[0][7] = fg_to_f32((pw + e)[7]);
          if (e + 0 < rhalf) wb[0][0] = fg_to_f32((pw + e + rhalf)[0]);
          if (e + 1 < rhalf) wb[0][1] = fg_to_f32((pw + e + rhalf)[1]);
          if (e + 2 < rhalf) wb[0][2] = fg_to_f32((pw + e + rhalf)[2]);
          if (e + 3 < rhalf) wb[0][3] = fg_to_f32((pw + e + rhalf)[3]);
          if (e + 4 < rhalf) wb[0][4] = fg_to_f32((pw + e + rhalf)[4]);
          if (e + 5 < rhalf) wb[0][5] = fg_to_f32((pw + e + rhalf)[5]);
          if (e + 6 < rhalf) wb[0][6] = fg_to_f32((pw + e + rhalf)[6]);
          if (e + 7 < rhalf) wb[0][7] = fg_to_f32((pw + e + rhalf)[7]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) wp[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) wp[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[1][7] = fg_to_f32((pw + e)[7]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          if (a + 0 < rhalf) cs[0][0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][0][3] = fg_to_f32((crow + a)[3]);
          if (a + 4 < rhalf) cs[0][0][4] = fg_to_f32((crow + a)[4]);
          if (a + 5 < rhalf) cs[0][0][5] = fg_to_f32((crow + a)[5]);
          if (a + 6 < rhalf) cs[0][0][6] = fg_to_f32((crow + a)[6]);
          if (a + 7 < rhalf) cs[0][0][7] = fg_to_f32((crow + a)[7]);
          if (a + 0 < rhalf) sn[0][0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][0][3] = fg_to_f32((srow + a)[3]);
          if (a + 4 < rhalf) sn[0][0][4] = fg_to_f32((srow + a)[4]);
          if (a + 5 < rhalf) sn[0][0][5] = fg_to_f32((srow + a)[5]);
          if (a + 6 < rhalf) sn[0][0][6] = fg_to_f32((srow + a)[6]);
          if (a + 7 < rhalf) sn[0][0][7] = fg_to_f32((srow + a)[7]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][0][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][0][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][0][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][0][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][0][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][0][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][0][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][0][7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][1][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][1][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][1][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][1][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][1][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][1][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][1][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][1][7]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d64_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=interleaved head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d64_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d64_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 8 + lane / 4;  // which of the block's 32 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 32 at a time (lane group g takes heads g, g + 32, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 32;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // rotate chunk slot 1
            const int e = (pos + 4) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 64) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 4) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 64;
        float wa[2][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 4) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        {  // chunk slot 1: angles (pos + 4) * 4 onwards
          const int a = (pos + 4) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=interleaved head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // rotate chunk slot 1
            const int e = (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[2][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        {  // chunk slot 1: angles (pos + 8) * 4 onwards
          const int a = (pos + 8) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=interleaved head_dim=128 rot=partial access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // chunk slot 1
            const int e = (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[2][8] = {};
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        if (pos + 8 < nr) {  // chunk slot 1: angles (pos + 8) * 4 onwards
          const int a = (pos + 8) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      if (pos < nr) {  // chunk slot 0, where it lies below R
          fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
          fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
          fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
          fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      }
      if (pos + 8 < nr) {  // chunk slot 1, where it lies below R
          fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
          fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
          fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
          fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
      }
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_d128_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  const int nd = (int)p.D / 8;  // chunks of the head
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nd) {  // chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          if (pos + 32 < nd) {  // chunk slot 1
            const int e = (pos + 32) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[2][8] = {};
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[0][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[0][4]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_load_fp32x4_keep(pw + e + 0, &wa[1][0]);
          fg_load_fp32x4_keep(pw + e + 4, &wa[1][4]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
          const int a = (pos + 32) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      if (pos < nr) {  // chunk slot 0, where it lies below R
          fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
          fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
          fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
          fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      }
      if (pos + 32 < nr) {  // chunk slot 1, where it lies below R
          fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
          fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
          fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
          fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
      }
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_scalar
//   qknorm_across_heads_rope_per_head: act=bf16 weight=fp32 table=bf16 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_scalar)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        float xp[1][2][8] = {};
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
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      float xp[1][2][8] = {};
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const float* pw = (const float*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[2][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          if (e + 0 < (int)p.R) wa[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.R) wa[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.R) wa[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.R) wa[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.R) wa[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.R) wa[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.R) wa[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.R) wa[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < nr) {  // rotate chunk slot 1
          const int e = (pos + 32) * 8;
          if (e + 0 < (int)p.R) wa[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.R) wa[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.R) wa[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.R) wa[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.R) wa[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.R) wa[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.R) wa[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.R) wa[1][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) wp[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) wp[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[1][7] = fg_to_f32((pw + e)[7]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          if (a + 0 < rhalf) cs[0][0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][0][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[0][0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][0][3] = fg_to_f32((srow + a)[3]);
        }
        if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
          const int a = (pos + 32) * 4;
          if (a + 0 < rhalf) cs[0][1][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][1][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][1][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[0][1][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][1][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][1][3] = fg_to_f32((srow + a)[3]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][0][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][0][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][0][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][0][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][0][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][0][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][0][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][0][7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][1][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][1][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][1][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][1][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][1][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][1][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][1][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][1][7]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d64_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=fp32 pairing=half head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d64_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d64_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 8 + lane / 4;  // which of the block's 32 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 32 at a time (lane group g takes heads g, g + 32, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 32;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + 32 + 0, &xb[0][0][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 64) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + 32 + 0, &xb[0][0][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 64;
        float wa[1][8] = {};
        float wb[1][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
          fg_load_bf16x8_keep(pw + e + 32 + 0, &wb[0][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][0][4]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=fp32 pairing=half head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + 64 + 0, &xb[0][0][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + 64 + 0, &xb[0][0][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[1][8] = {};
        float wb[1][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
          fg_load_bf16x8_keep(pw + e + 64 + 0, &wb[0][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][0][4]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=fp32 pairing=half head_dim=128 rot=partial access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = (128 - (int)p.R) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nr) {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + rhalf + 0, &xb[0][0][0]);
          }
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][0][0]);
          }
          if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][0][0]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
          fg_load_bf16x8_keep(pw + e + rhalf + 0, &wb[0][0]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wp[0][0]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 8) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wp[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][0][4]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
          fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][0][0]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 8) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_d128_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=fp32 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nr) {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + rhalf + 0, &xb[0][0][0]);
          }
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][0][0]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][0][0]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
          fg_load_bf16x8_keep(pw + e + rhalf + 0, &wb[0][0]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wp[0][0]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wp[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(crow + a + 4, &cs[0][0][4]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 4, &sn[0][0][4]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
          fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][0][0]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_scalar
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=fp32 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_scalar)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
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
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          if (e + 0 < rhalf) wa[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < rhalf) wa[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < rhalf) wa[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < rhalf) wa[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < rhalf) wa[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < rhalf) wa[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < rhalf) wa[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < rhalf) wa[0][7] = fg_to_f32((pw + e)[7]);
          if (e + 0 < rhalf) wb[0][0] = fg_to_f32((pw + e + rhalf)[0]);
          if (e + 1 < rhalf) wb[0][1] = fg_to_f32((pw + e + rhalf)[1]);
          if (e + 2 < rhalf) wb[0][2] = fg_to_f32((pw + e + rhalf)[2]);
          if (e + 3 < rhalf) wb[0][3] = fg_to_f32((pw + e + rhalf)[3]);
          if (e + 4 < rhalf) wb[0][4] = fg_to_f32((pw + e + rhalf)[4]);
          if (e + 5 < rhalf) wb[0][5] = fg_to_f32((pw + e + rhalf)[5]);
          if (e + 6 < rhalf) wb[0][6] = fg_to_f32((pw + e + rhalf)[6]);
          if (e + 7 < rhalf) wb[0][7] = fg_to_f32((pw + e + rhalf)[7]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) wp[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) wp[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[1][7] = fg_to_f32((pw + e)[7]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          if (a + 0 < rhalf) cs[0][0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][0][3] = fg_to_f32((crow + a)[3]);
          if (a + 4 < rhalf) cs[0][0][4] = fg_to_f32((crow + a)[4]);
          if (a + 5 < rhalf) cs[0][0][5] = fg_to_f32((crow + a)[5]);
          if (a + 6 < rhalf) cs[0][0][6] = fg_to_f32((crow + a)[6]);
          if (a + 7 < rhalf) cs[0][0][7] = fg_to_f32((crow + a)[7]);
          if (a + 0 < rhalf) sn[0][0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][0][3] = fg_to_f32((srow + a)[3]);
          if (a + 4 < rhalf) sn[0][0][4] = fg_to_f32((srow + a)[4]);
          if (a + 5 < rhalf) sn[0][0][5] = fg_to_f32((srow + a)[5]);
          if (a + 6 < rhalf) sn[0][0][6] = fg_to_f32((srow + a)[6]);
          if (a + 7 < rhalf) sn[0][0][7] = fg_to_f32((srow + a)[7]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][0][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][0][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][0][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][0][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][0][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][0][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][0][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][0][7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][1][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][1][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][1][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][1][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][1][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][1][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][1][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][1][7]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d64_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=fp32 pairing=interleaved head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d64_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d64_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 8 + lane / 4;  // which of the block's 32 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 32 at a time (lane group g takes heads g, g + 32, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 32;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // rotate chunk slot 1
            const int e = (pos + 4) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 64) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 4) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 64;
        float wa[2][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 4) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        {  // chunk slot 1: angles (pos + 4) * 4 onwards
          const int a = (pos + 4) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=fp32 pairing=interleaved head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // rotate chunk slot 1
            const int e = (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[2][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        {  // chunk slot 1: angles (pos + 8) * 4 onwards
          const int a = (pos + 8) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=fp32 pairing=interleaved head_dim=128 rot=partial access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // chunk slot 1
            const int e = (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[2][8] = {};
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        if (pos + 8 < nr) {  // chunk slot 1: angles (pos + 8) * 4 onwards
          const int a = (pos + 8) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      if (pos < nr) {  // chunk slot 0, where it lies below R
          fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
          fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
          fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
          fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      }
      if (pos + 8 < nr) {  // chunk slot 1, where it lies below R
          fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
          fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
          fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
          fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
      }
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_d128_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=fp32 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  const int nd = (int)p.D / 8;  // chunks of the head
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nd) {  // chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          if (pos + 32 < nd) {  // chunk slot 1
            const int e = (pos + 32) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[2][8] = {};
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
          const int a = (pos + 32) * 4;
          fg_load_fp32x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_fp32x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      if (pos < nr) {  // chunk slot 0, where it lies below R
          fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
          fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
          fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
          fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      }
      if (pos + 32 < nr) {  // chunk slot 1, where it lies below R
          fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
          fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
          fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
          fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
      }
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_scalar
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=fp32 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_scalar)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        float xp[1][2][8] = {};
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
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      float xp[1][2][8] = {};
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[2][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          if (e + 0 < (int)p.R) wa[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.R) wa[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.R) wa[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.R) wa[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.R) wa[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.R) wa[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.R) wa[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.R) wa[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < nr) {  // rotate chunk slot 1
          const int e = (pos + 32) * 8;
          if (e + 0 < (int)p.R) wa[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.R) wa[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.R) wa[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.R) wa[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.R) wa[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.R) wa[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.R) wa[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.R) wa[1][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) wp[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) wp[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[1][7] = fg_to_f32((pw + e)[7]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const float* crow = (const float*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const float* srow = (const float*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          if (a + 0 < rhalf) cs[0][0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][0][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[0][0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][0][3] = fg_to_f32((srow + a)[3]);
        }
        if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
          const int a = (pos + 32) * 4;
          if (a + 0 < rhalf) cs[0][1][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][1][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][1][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[0][1][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][1][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][1][3] = fg_to_f32((srow + a)[3]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][0][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][0][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][0][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][0][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][0][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][0][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][0][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][0][7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][1][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][1][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][1][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][1][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][1][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][1][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][1][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][1][7]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabfp32_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d64_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=bf16 pairing=half head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d64_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d64_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 8 + lane / 4;  // which of the block's 32 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 32 at a time (lane group g takes heads g, g + 32, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 32;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + 32 + 0, &xb[0][0][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 64) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + 32 + 0, &xb[0][0][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 64;
        float wa[1][8] = {};
        float wb[1][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
          fg_load_bf16x8_keep(pw + e + 32 + 0, &wb[0][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0][0]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=bf16 pairing=half head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + 64 + 0, &xb[0][0][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + 64 + 0, &xb[0][0][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[1][8] = {};
        float wb[1][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
          fg_load_bf16x8_keep(pw + e + 64 + 0, &wb[0][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0][0]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=bf16 pairing=half head_dim=128 rot=partial access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = (128 - (int)p.R) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nr) {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + rhalf + 0, &xb[0][0][0]);
          }
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][0][0]);
          }
          if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][0][0]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
          fg_load_bf16x8_keep(pw + e + rhalf + 0, &wb[0][0]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wp[0][0]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 8) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wp[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0][0]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
          fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][0][0]);
        }
        if (pos + 8 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 8) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_d128_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=bf16 pairing=half head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = rhalf / 8;  // rotate chunks (R is a multiple of 16 here)
  const int np = ((int)p.D - (int)p.R) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nr) {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
            fg_load_bf16x8_keep(px + e + rhalf + 0, &xb[0][0][0]);
          }
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][0][0]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xp[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
          fg_load_bf16x8_plain(px + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][0][0]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xp[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
          fg_load_bf16x8_keep(pw + e + rhalf + 0, &wb[0][0]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wp[0][0]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wp[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          fg_load_bf16x8_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x8_keep(srow + a + 0, &sn[0][0][0]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
          fg_store_bf16x8(po + e + rhalf + 0, &xb[0][0][0]);
        }
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][0][0]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          fg_store_bf16x8(po + e + 0, &xp[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_scalar
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=bf16 pairing=half head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_scalar)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = (rhalf + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][1][8] = {};
        float xb[1][1][8] = {};
        float xp[1][2][8] = {};
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
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xb[0][0][0], xb[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xb[0][0][1], xb[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xb[0][0][2], xb[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xb[0][0][3], xb[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xb[0][0][4], xb[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xb[0][0][5], xb[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xb[0][0][6], xb[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xb[0][0][7], xb[0][0][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][1][8] = {};
      float xb[1][1][8] = {};
      float xp[1][2][8] = {};
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[1][8] = {};
        float wb[1][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          if (e + 0 < rhalf) wa[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < rhalf) wa[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < rhalf) wa[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < rhalf) wa[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < rhalf) wa[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < rhalf) wa[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < rhalf) wa[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < rhalf) wa[0][7] = fg_to_f32((pw + e)[7]);
          if (e + 0 < rhalf) wb[0][0] = fg_to_f32((pw + e + rhalf)[0]);
          if (e + 1 < rhalf) wb[0][1] = fg_to_f32((pw + e + rhalf)[1]);
          if (e + 2 < rhalf) wb[0][2] = fg_to_f32((pw + e + rhalf)[2]);
          if (e + 3 < rhalf) wb[0][3] = fg_to_f32((pw + e + rhalf)[3]);
          if (e + 4 < rhalf) wb[0][4] = fg_to_f32((pw + e + rhalf)[4]);
          if (e + 5 < rhalf) wb[0][5] = fg_to_f32((pw + e + rhalf)[5]);
          if (e + 6 < rhalf) wb[0][6] = fg_to_f32((pw + e + rhalf)[6]);
          if (e + 7 < rhalf) wb[0][7] = fg_to_f32((pw + e + rhalf)[7]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) wp[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) wp[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[1][7] = fg_to_f32((pw + e)[7]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xb[0][0][0] = xb[0][0][0] * (rs_token * wb[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xb[0][0][1] = xb[0][0][1] * (rs_token * wb[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xb[0][0][2] = xb[0][0][2] * (rs_token * wb[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xb[0][0][3] = xb[0][0][3] * (rs_token * wb[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xb[0][0][4] = xb[0][0][4] * (rs_token * wb[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xb[0][0][5] = xb[0][0][5] * (rs_token * wb[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xb[0][0][6] = xb[0][0][6] * (rs_token * wb[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xb[0][0][7] = xb[0][0][7] * (rs_token * wb[0][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xb[0][0][0] = fg_round_to<__nv_bfloat16>(xb[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xb[0][0][1] = fg_round_to<__nv_bfloat16>(xb[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xb[0][0][2] = fg_round_to<__nv_bfloat16>(xb[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xb[0][0][3] = fg_round_to<__nv_bfloat16>(xb[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xb[0][0][4] = fg_round_to<__nv_bfloat16>(xb[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xb[0][0][5] = fg_round_to<__nv_bfloat16>(xb[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xb[0][0][6] = fg_round_to<__nv_bfloat16>(xb[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xb[0][0][7] = fg_round_to<__nv_bfloat16>(xb[0][0][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][1][8] = {}, sn[1][1][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 8 onwards
          const int a = (pos + 0) * 8;
          if (a + 0 < rhalf) cs[0][0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][0][3] = fg_to_f32((crow + a)[3]);
          if (a + 4 < rhalf) cs[0][0][4] = fg_to_f32((crow + a)[4]);
          if (a + 5 < rhalf) cs[0][0][5] = fg_to_f32((crow + a)[5]);
          if (a + 6 < rhalf) cs[0][0][6] = fg_to_f32((crow + a)[6]);
          if (a + 7 < rhalf) cs[0][0][7] = fg_to_f32((crow + a)[7]);
          if (a + 0 < rhalf) sn[0][0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][0][3] = fg_to_f32((srow + a)[3]);
          if (a + 4 < rhalf) sn[0][0][4] = fg_to_f32((srow + a)[4]);
          if (a + 5 < rhalf) sn[0][0][5] = fg_to_f32((srow + a)[5]);
          if (a + 6 < rhalf) sn[0][0][6] = fg_to_f32((srow + a)[6]);
          if (a + 7 < rhalf) sn[0][0][7] = fg_to_f32((srow + a)[7]);
        }
      }
      // rotate (half pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xb[0][0][0], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][1], xb[0][0][1], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][2], xb[0][0][2], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][3], xb[0][0][3], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][0][4], xb[0][0][4], cs[0][0][4], sn[0][0][4]);
      fg_rotate(xa[0][0][5], xb[0][0][5], cs[0][0][5], sn[0][0][5]);
      fg_rotate(xa[0][0][6], xb[0][0][6], cs[0][0][6], sn[0][0][6]);
      fg_rotate(xa[0][0][7], xb[0][0][7], cs[0][0][7], sn[0][0][7]);
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][0][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][0][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][0][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][0][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][0][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][0][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][0][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][0][7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][1][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][1][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][1][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][1][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][1][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][1][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][1][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][1][7]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairhalf_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d64_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=bf16 pairing=interleaved head_dim=64 rot=full access=vec16
//   mapping: 4 lanes per head, 8 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d64_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d64_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d64_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 4;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 8 + lane / 4;  // which of the block's 32 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 32 at a time (lane group g takes heads g, g + 32, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 32;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // rotate chunk slot 1
            const int e = (pos + 4) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 64) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 4) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 64;
        float wa[2][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 4) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        {  // chunk slot 1: angles (pos + 4) * 4 onwards
          const int a = (pos + 4) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d64_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d64_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 8;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d64_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotfull_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=bf16 pairing=interleaved head_dim=128 rot=full access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotfull_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotfull_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotfull_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // rotate chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // rotate chunk slot 1
            const int e = (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[2][8] = {};
        {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
        }
        {  // rotate chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        {  // chunk slot 1: angles (pos + 8) * 4 onwards
          const int a = (pos + 8) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotfull_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotfull_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotfull_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=bf16 pairing=interleaved head_dim=128 rot=partial access=vec16
//   mapping: 8 lanes per head, 4 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 3)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 8;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 16 at a time (lane group g takes heads g, g + 16, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 16;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          {  // chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          {  // chunk slot 1
            const int e = (pos + 8) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * 128) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * 128;
        float wa[2][8] = {};
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        if (pos + 8 < nr) {  // chunk slot 1: angles (pos + 8) * 4 onwards
          const int a = (pos + 8) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      if (pos < nr) {  // chunk slot 0, where it lies below R
          fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
          fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
          fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
          fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      }
      if (pos + 8 < nr) {  // chunk slot 1, where it lies below R
          fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
          fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
          fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
          fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
      }
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        }
        {  // chunk slot 1
          const int e = (pos + 8) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 4;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_d128_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_vec16
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=bf16 pairing=interleaved head_dim=any rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_vec16_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_vec16)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_vec16_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int nr = (int)p.R / 8;  // rotate chunks (R is a multiple of 16 here)
  const int nd = (int)p.D / 8;  // chunks of the head
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        if (h < H) {  // head h
          const __nv_bfloat16* px = xin + (h) * xin_hs;
          if (pos < nd) {  // chunk slot 0
            const int e = (pos + 0) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][0][0]);
          }
          if (pos + 32 < nd) {  // chunk slot 1
            const int e = (pos + 32) * 8;
            fg_load_bf16x8_keep(px + e + 0, &xa[0][1][0]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* px = xin + (h) * xin_hs;
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][0][0]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_load_bf16x8_plain(px + e + 0, &xa[0][1][0]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[2][8] = {};
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_load_bf16x8_keep(pw + e + 0, &wa[1][0]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][0][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][0][0]);
        }
        if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
          const int a = (pos + 32) * 4;
          fg_load_bf16x4_keep(crow + a + 0, &cs[0][1][0]);
          fg_load_bf16x4_keep(srow + a + 0, &sn[0][1][0]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      if (pos < nr) {  // chunk slot 0, where it lies below R
          fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
          fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
          fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
          fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      }
      if (pos + 32 < nr) {  // chunk slot 1, where it lies below R
          fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
          fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
          fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
          fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
      }
      if (h < H) {  // head h
        __nv_bfloat16* po = xout + (h) * xout_hs;
        if (pos < nd) {  // chunk slot 0
          const int e = (pos + 0) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][0][0]);
        }
        if (pos + 32 < nd) {  // chunk slot 1
          const int e = (pos + 32) * 8;
          fg_store_bf16x8(po + e + 0, &xa[0][1][0]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_vec16_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_vec16), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}

// qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_scalar
//   qknorm_across_heads_rope_per_head: act=bf16 weight=bf16 table=bf16 pairing=interleaved head_dim=any rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 8 per lane,
//            1 head(s) in flight per lane, 4 warps per block, a block per item
struct FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_scalar_grid) {
  fg_heads_set set[2];  // q, k
  int64_t nitems;       // work items of all sets
  fg_udiv s_div;        // divides a token index by S
};

__global__ void __launch_bounds__(128, 1)
FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_scalar)(const fg_qknorm_across_heads_rope_per_head_params p, const FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_scalar_grid) g)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int lane = threadIdx.x & 31;
  const int pos = lane % 32;    // this lane's chunk position within its head
  const int group = (threadIdx.x >> 5) * 1 + lane / 32;  // which of the block's 4 heads
  const int64_t ntok = p.B * p.S;
  // Work items: (token, head set): a block takes all of the token's heads,
  // 4 at a time (lane group g takes heads g, g + 4, ...); its
  // sums over the token go through red (fg_row_sum), a slot pair per item
  const int tpw = 1, tsub = 0, hstep = 4;
  __shared__ float red[2][4];
  int rbuf = 0;
  const int64_t nitems = g.nitems;
  const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
  const int nr = ((int)p.R + 7) / 8;  // rotate chunks, the last one maybe partial
  const int np = ((int)p.D - (int)p.R + 7) / 8;  // pass chunks
  for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {
    // a token's items of the 2 head sets are neighbours (set = it % 2), so that
    // what they share per token (the table rows) is read from DRAM once, not 2 times
    const int set = (int)(it % 2);
    const int64_t j = it / 2;
    const int64_t tb = j;  // one item per token
    const int64_t t = tb * tpw + tsub;
    if (t >= ntok) continue;
    const int64_t b = fg_udiv_div((uint32_t)t, g.s_div), s = t - b * p.S;
    const __nv_bfloat16* xin = (const __nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xin_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    __nv_bfloat16* xout = (__nv_bfloat16*)(set == 0 ? p.q : p.k) + b * (set == 0 ? p.q_stride[0] : p.k_stride[0]) + s * (set == 0 ? p.q_stride[1] : p.k_stride[1]);
    const int64_t xout_hs = (set == 0 ? p.q_stride[2] : p.k_stride[2]);
    const int64_t H = (set == 0 ? p.H : p.HK);
    // RMS over the token's H * D elements: a first pass over its heads
    float rs_token;
    {
      float ss = 0.0f;
      for (int64_t h = group; h - group < H; h += hstep) {
        float xa[1][2][8] = {};
        float xp[1][2][8] = {};
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
          if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
            const int e = p.R + (pos + 0) * 8;
            if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
          }
          if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
            const int e = p.R + (pos + 32) * 8;
            if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
            if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
            if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
            if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
            if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
            if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
            if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
            if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
          }
        }
        ss = fmaf(xa[0][0][0], xa[0][0][0], ss);
        ss = fmaf(xa[0][0][1], xa[0][0][1], ss);
        ss = fmaf(xa[0][0][2], xa[0][0][2], ss);
        ss = fmaf(xa[0][0][3], xa[0][0][3], ss);
        ss = fmaf(xa[0][0][4], xa[0][0][4], ss);
        ss = fmaf(xa[0][0][5], xa[0][0][5], ss);
        ss = fmaf(xa[0][0][6], xa[0][0][6], ss);
        ss = fmaf(xa[0][0][7], xa[0][0][7], ss);
        ss = fmaf(xa[0][1][0], xa[0][1][0], ss);
        ss = fmaf(xa[0][1][1], xa[0][1][1], ss);
        ss = fmaf(xa[0][1][2], xa[0][1][2], ss);
        ss = fmaf(xa[0][1][3], xa[0][1][3], ss);
        ss = fmaf(xa[0][1][4], xa[0][1][4], ss);
        ss = fmaf(xa[0][1][5], xa[0][1][5], ss);
        ss = fmaf(xa[0][1][6], xa[0][1][6], ss);
        ss = fmaf(xa[0][1][7], xa[0][1][7], ss);
        ss = fmaf(xp[0][0][0], xp[0][0][0], ss);
        ss = fmaf(xp[0][0][1], xp[0][0][1], ss);
        ss = fmaf(xp[0][0][2], xp[0][0][2], ss);
        ss = fmaf(xp[0][0][3], xp[0][0][3], ss);
        ss = fmaf(xp[0][0][4], xp[0][0][4], ss);
        ss = fmaf(xp[0][0][5], xp[0][0][5], ss);
        ss = fmaf(xp[0][0][6], xp[0][0][6], ss);
        ss = fmaf(xp[0][0][7], xp[0][0][7], ss);
        ss = fmaf(xp[0][1][0], xp[0][1][0], ss);
        ss = fmaf(xp[0][1][1], xp[0][1][1], ss);
        ss = fmaf(xp[0][1][2], xp[0][1][2], ss);
        ss = fmaf(xp[0][1][3], xp[0][1][3], ss);
        ss = fmaf(xp[0][1][4], xp[0][1][4], ss);
        ss = fmaf(xp[0][1][5], xp[0][1][5], ss);
        ss = fmaf(xp[0][1][6], xp[0][1][6], ss);
        ss = fmaf(xp[0][1][7], xp[0][1][7], ss);
      }
      ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);
      rs_token = rsqrtf(ss / (float)(H * p.D) + p.eps);
    }
    for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads, hstep at a time
      float xa[1][2][8] = {};
      float xp[1][2][8] = {};
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) xp[0][0][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][0][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][0][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][0][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][0][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][0][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][0][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][0][7] = fg_to_f32((px + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) xp[0][1][0] = fg_to_f32((px + e)[0]);
          if (e + 1 < (int)p.D) xp[0][1][1] = fg_to_f32((px + e)[1]);
          if (e + 2 < (int)p.D) xp[0][1][2] = fg_to_f32((px + e)[2]);
          if (e + 3 < (int)p.D) xp[0][1][3] = fg_to_f32((px + e)[3]);
          if (e + 4 < (int)p.D) xp[0][1][4] = fg_to_f32((px + e)[4]);
          if (e + 5 < (int)p.D) xp[0][1][5] = fg_to_f32((px + e)[5]);
          if (e + 6 < (int)p.D) xp[0][1][6] = fg_to_f32((px + e)[6]);
          if (e + 7 < (int)p.D) xp[0][1][7] = fg_to_f32((px + e)[7]);
        }
      }
      // RMSNorm over the token's heads (rs from above): y = x * (rsqrt(mean(x^2) + eps) * w)
      const bool round_y = p.norm_rounding == 1;  // rounding act
      if (h < H) {  // head h: every lane of its group takes this branch
        // w at this lane's elements of head h
        const __nv_bfloat16* pw = (const __nv_bfloat16*)(set == 0 ? p.q_weight : p.k_weight) + (h) * (int)p.D;
        float wa[2][8] = {};
        float wp[2][8] = {};
        if (pos < nr) {  // rotate chunk slot 0
          const int e = (pos + 0) * 8;
          if (e + 0 < (int)p.R) wa[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.R) wa[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.R) wa[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.R) wa[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.R) wa[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.R) wa[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.R) wa[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.R) wa[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < nr) {  // rotate chunk slot 1
          const int e = (pos + 32) * 8;
          if (e + 0 < (int)p.R) wa[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.R) wa[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.R) wa[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.R) wa[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.R) wa[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.R) wa[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.R) wa[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.R) wa[1][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos < np) {  // pass chunk slot 0
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) wp[0][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[0][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[0][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[0][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[0][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[0][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[0][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[0][7] = fg_to_f32((pw + e)[7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) wp[1][0] = fg_to_f32((pw + e)[0]);
          if (e + 1 < (int)p.D) wp[1][1] = fg_to_f32((pw + e)[1]);
          if (e + 2 < (int)p.D) wp[1][2] = fg_to_f32((pw + e)[2]);
          if (e + 3 < (int)p.D) wp[1][3] = fg_to_f32((pw + e)[3]);
          if (e + 4 < (int)p.D) wp[1][4] = fg_to_f32((pw + e)[4]);
          if (e + 5 < (int)p.D) wp[1][5] = fg_to_f32((pw + e)[5]);
          if (e + 6 < (int)p.D) wp[1][6] = fg_to_f32((pw + e)[6]);
          if (e + 7 < (int)p.D) wp[1][7] = fg_to_f32((pw + e)[7]);
        }
        xa[0][0][0] = xa[0][0][0] * (rs_token * wa[0][0]);
        xa[0][0][1] = xa[0][0][1] * (rs_token * wa[0][1]);
        xa[0][0][2] = xa[0][0][2] * (rs_token * wa[0][2]);
        xa[0][0][3] = xa[0][0][3] * (rs_token * wa[0][3]);
        xa[0][0][4] = xa[0][0][4] * (rs_token * wa[0][4]);
        xa[0][0][5] = xa[0][0][5] * (rs_token * wa[0][5]);
        xa[0][0][6] = xa[0][0][6] * (rs_token * wa[0][6]);
        xa[0][0][7] = xa[0][0][7] * (rs_token * wa[0][7]);
        xa[0][1][0] = xa[0][1][0] * (rs_token * wa[1][0]);
        xa[0][1][1] = xa[0][1][1] * (rs_token * wa[1][1]);
        xa[0][1][2] = xa[0][1][2] * (rs_token * wa[1][2]);
        xa[0][1][3] = xa[0][1][3] * (rs_token * wa[1][3]);
        xa[0][1][4] = xa[0][1][4] * (rs_token * wa[1][4]);
        xa[0][1][5] = xa[0][1][5] * (rs_token * wa[1][5]);
        xa[0][1][6] = xa[0][1][6] * (rs_token * wa[1][6]);
        xa[0][1][7] = xa[0][1][7] * (rs_token * wa[1][7]);
        xp[0][0][0] = xp[0][0][0] * (rs_token * wp[0][0]);
        xp[0][0][1] = xp[0][0][1] * (rs_token * wp[0][1]);
        xp[0][0][2] = xp[0][0][2] * (rs_token * wp[0][2]);
        xp[0][0][3] = xp[0][0][3] * (rs_token * wp[0][3]);
        xp[0][0][4] = xp[0][0][4] * (rs_token * wp[0][4]);
        xp[0][0][5] = xp[0][0][5] * (rs_token * wp[0][5]);
        xp[0][0][6] = xp[0][0][6] * (rs_token * wp[0][6]);
        xp[0][0][7] = xp[0][0][7] * (rs_token * wp[0][7]);
        xp[0][1][0] = xp[0][1][0] * (rs_token * wp[1][0]);
        xp[0][1][1] = xp[0][1][1] * (rs_token * wp[1][1]);
        xp[0][1][2] = xp[0][1][2] * (rs_token * wp[1][2]);
        xp[0][1][3] = xp[0][1][3] * (rs_token * wp[1][3]);
        xp[0][1][4] = xp[0][1][4] * (rs_token * wp[1][4]);
        xp[0][1][5] = xp[0][1][5] * (rs_token * wp[1][5]);
        xp[0][1][6] = xp[0][1][6] * (rs_token * wp[1][6]);
        xp[0][1][7] = xp[0][1][7] * (rs_token * wp[1][7]);
        if (round_y) {
          xa[0][0][0] = fg_round_to<__nv_bfloat16>(xa[0][0][0]);
          xa[0][0][1] = fg_round_to<__nv_bfloat16>(xa[0][0][1]);
          xa[0][0][2] = fg_round_to<__nv_bfloat16>(xa[0][0][2]);
          xa[0][0][3] = fg_round_to<__nv_bfloat16>(xa[0][0][3]);
          xa[0][0][4] = fg_round_to<__nv_bfloat16>(xa[0][0][4]);
          xa[0][0][5] = fg_round_to<__nv_bfloat16>(xa[0][0][5]);
          xa[0][0][6] = fg_round_to<__nv_bfloat16>(xa[0][0][6]);
          xa[0][0][7] = fg_round_to<__nv_bfloat16>(xa[0][0][7]);
          xa[0][1][0] = fg_round_to<__nv_bfloat16>(xa[0][1][0]);
          xa[0][1][1] = fg_round_to<__nv_bfloat16>(xa[0][1][1]);
          xa[0][1][2] = fg_round_to<__nv_bfloat16>(xa[0][1][2]);
          xa[0][1][3] = fg_round_to<__nv_bfloat16>(xa[0][1][3]);
          xa[0][1][4] = fg_round_to<__nv_bfloat16>(xa[0][1][4]);
          xa[0][1][5] = fg_round_to<__nv_bfloat16>(xa[0][1][5]);
          xa[0][1][6] = fg_round_to<__nv_bfloat16>(xa[0][1][6]);
          xa[0][1][7] = fg_round_to<__nv_bfloat16>(xa[0][1][7]);
          xp[0][0][0] = fg_round_to<__nv_bfloat16>(xp[0][0][0]);
          xp[0][0][1] = fg_round_to<__nv_bfloat16>(xp[0][0][1]);
          xp[0][0][2] = fg_round_to<__nv_bfloat16>(xp[0][0][2]);
          xp[0][0][3] = fg_round_to<__nv_bfloat16>(xp[0][0][3]);
          xp[0][0][4] = fg_round_to<__nv_bfloat16>(xp[0][0][4]);
          xp[0][0][5] = fg_round_to<__nv_bfloat16>(xp[0][0][5]);
          xp[0][0][6] = fg_round_to<__nv_bfloat16>(xp[0][0][6]);
          xp[0][0][7] = fg_round_to<__nv_bfloat16>(xp[0][0][7]);
          xp[0][1][0] = fg_round_to<__nv_bfloat16>(xp[0][1][0]);
          xp[0][1][1] = fg_round_to<__nv_bfloat16>(xp[0][1][1]);
          xp[0][1][2] = fg_round_to<__nv_bfloat16>(xp[0][1][2]);
          xp[0][1][3] = fg_round_to<__nv_bfloat16>(xp[0][1][3]);
          xp[0][1][4] = fg_round_to<__nv_bfloat16>(xp[0][1][4]);
          xp[0][1][5] = fg_round_to<__nv_bfloat16>(xp[0][1][5]);
          xp[0][1][6] = fg_round_to<__nv_bfloat16>(xp[0][1][6]);
          xp[0][1][7] = fg_round_to<__nv_bfloat16>(xp[0][1][7]);
        }
      }
      // cos/sin of each head in flight: row [b, h, s]
      float cs[1][2][4] = {}, sn[1][2][4] = {};
      if (h < H) {  // head h
        const __nv_bfloat16* crow = (const __nv_bfloat16*)p.cos + b * p.cos_stride[0] + (h) * p.cos_stride[1] + s * p.cos_stride[2];
        const __nv_bfloat16* srow = (const __nv_bfloat16*)p.sin + b * p.sin_stride[0] + (h) * p.sin_stride[1] + s * p.sin_stride[2];
        if (pos < nr) {  // chunk slot 0: angles (pos + 0) * 4 onwards
          const int a = (pos + 0) * 4;
          if (a + 0 < rhalf) cs[0][0][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][0][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][0][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][0][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[0][0][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][0][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][0][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][0][3] = fg_to_f32((srow + a)[3]);
        }
        if (pos + 32 < nr) {  // chunk slot 1: angles (pos + 32) * 4 onwards
          const int a = (pos + 32) * 4;
          if (a + 0 < rhalf) cs[0][1][0] = fg_to_f32((crow + a)[0]);
          if (a + 1 < rhalf) cs[0][1][1] = fg_to_f32((crow + a)[1]);
          if (a + 2 < rhalf) cs[0][1][2] = fg_to_f32((crow + a)[2]);
          if (a + 3 < rhalf) cs[0][1][3] = fg_to_f32((crow + a)[3]);
          if (a + 0 < rhalf) sn[0][1][0] = fg_to_f32((srow + a)[0]);
          if (a + 1 < rhalf) sn[0][1][1] = fg_to_f32((srow + a)[1]);
          if (a + 2 < rhalf) sn[0][1][2] = fg_to_f32((srow + a)[2]);
          if (a + 3 < rhalf) sn[0][1][3] = fg_to_f32((srow + a)[3]);
        }
      }
      // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
      fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0][0], sn[0][0][0]);
      fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][0][1], sn[0][0][1]);
      fg_rotate(xa[0][0][4], xa[0][0][5], cs[0][0][2], sn[0][0][2]);
      fg_rotate(xa[0][0][6], xa[0][0][7], cs[0][0][3], sn[0][0][3]);
      fg_rotate(xa[0][1][0], xa[0][1][1], cs[0][1][0], sn[0][1][0]);
      fg_rotate(xa[0][1][2], xa[0][1][3], cs[0][1][1], sn[0][1][1]);
      fg_rotate(xa[0][1][4], xa[0][1][5], cs[0][1][2], sn[0][1][2]);
      fg_rotate(xa[0][1][6], xa[0][1][7], cs[0][1][3], sn[0][1][3]);
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
        if (pos < np) {  // pass chunk slot 0: [R, D), not rotated
          const int e = p.R + (pos + 0) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][0][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][0][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][0][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][0][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][0][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][0][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][0][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][0][7]);
        }
        if (pos + 32 < np) {  // pass chunk slot 1: [R, D), not rotated
          const int e = p.R + (pos + 32) * 8;
          if (e + 0 < (int)p.D) (po + e)[0] = fg_from_f32<__nv_bfloat16>(xp[0][1][0]);
          if (e + 1 < (int)p.D) (po + e)[1] = fg_from_f32<__nv_bfloat16>(xp[0][1][1]);
          if (e + 2 < (int)p.D) (po + e)[2] = fg_from_f32<__nv_bfloat16>(xp[0][1][2]);
          if (e + 3 < (int)p.D) (po + e)[3] = fg_from_f32<__nv_bfloat16>(xp[0][1][3]);
          if (e + 4 < (int)p.D) (po + e)[4] = fg_from_f32<__nv_bfloat16>(xp[0][1][4]);
          if (e + 5 < (int)p.D) (po + e)[5] = fg_from_f32<__nv_bfloat16>(xp[0][1][5]);
          if (e + 6 < (int)p.D) (po + e)[6] = fg_from_f32<__nv_bfloat16>(xp[0][1][6]);
          if (e + 7 < (int)p.D) (po + e)[7] = fg_from_f32<__nv_bfloat16>(xp[0][1][7]);
        }
      }
    }
  }
}

// Grid: flat, every item's block at once
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_qknorm_across_heads_rope_per_head_params* p = (const fg_qknorm_across_heads_rope_per_head_params*)params;
  (void)sm_count;
  FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_scalar_grid) g;
  int64_t items = 0;
  {  // the work items of q
    fg_heads_set& set = g.set[0];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  {  // the work items of k
    fg_heads_set& set = g.set[1];
    set.hg = 1;
    set.tpw = 1;
    set.nhb = 1;  // a run per token
    set.nit = (p->B * p->S + set.tpw - 1) / set.tpw * set.nhb;
    set.hg_div = fg_udiv_make((uint32_t)set.hg);
    set.nhb_div = fg_udiv_make((uint32_t)set.nhb);
    items += set.nit;
  }
  g.nitems = items;
  g.s_div = fg_udiv_make((uint32_t)p->S);
  int64_t blocks = items;  // a block per item
  if (blocks > 2147483647) blocks = 2147483647;  // the grid's x limit; the item loop covers the rest
  fg_launch(FG_ARCH_NAME(fg_qknorm_across_heads_rope_per_head_bf16_wbf16_tabbf16_pairinterleaved_dany_rotpartial_scalar), (unsigned)blocks, 128, 0, stream, pdl, *p, g);
  return cudaGetLastError();
}
