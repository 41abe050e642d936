// generated from gen/specs/norm_modulate.lua by fusegen: do not edit
// norm_modulate_per_token: norm + modulation, scale and shift per token
// Compiled once per GPU target with -DFG_SM=<target> (80 for sm_80); kernel
// and launcher names end in _sm<target>.
#include "fusegen_device.cuh"
#include "fusegen_params.h"
#ifndef FG_SM
#error "compile with -DFG_SM=<target>, as generated/sources.ninja does"
#endif

// Kernels of this file (variant: the values of its other axes):
//   norm_modulate_per_token_fp16_nores_vec16: residual=nores access=vec16
//   norm_modulate_per_token_fp16_nores_scalar: residual=nores access=scalar
//   norm_modulate_per_token_fp16_res_vec16: residual=res access=vec16
//   norm_modulate_per_token_fp16_res_scalar: residual=res access=scalar

#if FG_SM == 80  // tile parameters for sm_80
// norm_modulate_per_token_fp16_nores_vec16
//   norm_modulate_per_token: act=fp16 residual=nores access=vec16
//   mapping: rows of C channels, chunks of 8, 2 chunk slot(s) per thread,
//            32 warps per block (at most 1 row(s): the warps they need), C up to 16384; 16-byte accesses
//            one block per row group
__global__ void __launch_bounds__(1024, 2)
FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_nores_vec16)(const fg_norm_modulate_per_token_params p, const float inv_C)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  __shared__ __align__(16) float red[2][32];  // partial sums of the row's warps (read as float4)
  const int C = (int)p.C;
  const int nc = (C + 7) / 8;               // chunks per row
  const int wr = (nc + 63) / 64;     // warps per row
  const int tpr = 32 * wr;                        // threads per row
  const int rpb = 1, group = 0;                   // one row per block: the launcher starts its warps only
  const int pos = threadIdx.x;                    // this thread's place in the row
  int rbuf = 0;
  fg_block_sum_init<32>(red, wr);
  // grid (row groups of a batch entry, batch entries as y + 65535 z): no
  // division to find b and l, and no loop over b
  {
    const int64_t b = (int64_t)(blockIdx.z * 65535u + blockIdx.y);  // in 32 bits: B * L < 2^31
    if (b >= p.B) return;  // the whole block: no sync is left waiting
    const int64_t l = (int64_t)blockIdx.x * rpb + group;
    const bool live = true;  // gridDim.x == L
    float v[2][8] = {};  // the row's values, fp32
    {
      const __half* xr = (const __half*)p.x + b * p.x_stride[0] + l * p.x_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        fg_load_fp16x8_stream(xr + e + 0, &v[0][0]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        fg_load_fp16x8_stream(xr + e + 0, &v[1][0]);
      }
    }
    // the row pointers of the rows many rows read (modulation rows, branches)
    const __half* scale_row = (const __half*)p.scale + b * p.scale_stride[0] + l * p.scale_stride[1];
    const __half* shift_row = (const __half*)p.shift + b * p.shift_stride[0] + l * p.shift_stride[1];
    if (p.norm != 2) {  // not none
      float s = 0.f;
      if (p.norm == 0) {  // LayerNorm: centre first
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[0][j];
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[1][j];
        const float mean = fg_block_sum<32>(s, red, rbuf, wr) * inv_C;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] -= mean;
        s = 0.f;
        if (live && pos < nc) {
          s = fmaf(v[0][0], v[0][0], s);
          s = fmaf(v[0][1], v[0][1], s);
          s = fmaf(v[0][2], v[0][2], s);
          s = fmaf(v[0][3], v[0][3], s);
          s = fmaf(v[0][4], v[0][4], s);
          s = fmaf(v[0][5], v[0][5], s);
          s = fmaf(v[0][6], v[0][6], s);
          s = fmaf(v[0][7], v[0][7], s);
        }
        if (live && pos + 1 * tpr < nc) {
          s = fmaf(v[1][0], v[1][0], s);
          s = fmaf(v[1][1], v[1][1], s);
          s = fmaf(v[1][2], v[1][2], s);
          s = fmaf(v[1][3], v[1][3], s);
          s = fmaf(v[1][4], v[1][4], s);
          s = fmaf(v[1][5], v[1][5], s);
          s = fmaf(v[1][6], v[1][6], s);
          s = fmaf(v[1][7], v[1][7], s);
        }
      } else {  // RMSNorm
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[0][j], v[0][j], s);
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[1][j], v[1][j], s);
      }
      const float rstd = rsqrtf(fg_block_sum<32>(s, red, rbuf, wr) * inv_C + p.eps);
    #pragma unroll
      for (int j = 0; j < 8; j++) v[0][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 8; j++) v[1][j] *= rstd;
    }
    if (p.weight || p.bias) {
      const __half* wt = (const __half*)p.weight;
      const __half* bs = (const __half*)p.bias;
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] += c[j];
        }
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] += c[j];
        }
      }
    }
    {
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] = fmaf(v[0][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] = fmaf(v[1][j], p.scale_offset + sc[j], sh[j]);
      }
    }
    {
      __half* orow = (__half*)p.out + b * p.out_stride[0] + l * p.out_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        fg_store_fp16x8(orow + e + 0, &v[0][0]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        fg_store_fp16x8(orow + e + 0, &v[1][0]);
      }
    }
  }
}

// Grid: one block per row group, as (row groups of a batch entry, batch entries);
// blocks are scheduled as others finish, so the last wave is short.
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_norm_modulate_per_token_fp16_nores_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_norm_modulate_per_token_params* p = (const fg_norm_modulate_per_token_params*)params;
  (void)sm_count;
  // 1 / C correctly rounded (an IEEE division), for the mean of a row
  const float inv_C = p->C > 0 ? 1.0f / (float)p->C : 0.f;
  const int64_t nc = (p->C + 7) / 8, wr = (nc + 63) / 64;
  const int64_t rpb = 1, threads = 32 * wr;  // the warps of one row
  const dim3 grid((unsigned)((p->L + rpb - 1) / rpb), (unsigned)(p->B < 65535 ? p->B : 65535),
          (unsigned)((p->B + 65534) / 65535));
  fg_launch(FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_nores_vec16), grid, (unsigned)threads, 0, stream, pdl, *p, inv_C);
  return cudaGetLastError();
}

#elif FG_SM == 90  // tile parameters for sm_90
// norm_modulate_per_token_fp16_nores_vec16
//   norm_modulate_per_token: act=fp16 residual=nores access=vec16
//   mapping: rows of C channels, chunks of 8, 2 chunk slot(s) per thread,
//            32 warps per block (at most 1 row(s): the warps they need), C up to 16384; 16-byte accesses
//            one block per row group
__global__ void __launch_bounds__(1024, 2)
FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_nores_vec16)(const fg_norm_modulate_per_token_params p, const float inv_C)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  __shared__ __align__(16) float red[2][32];  // partial sums of the row's warps (read as float4)
  const int C = (int)p.C;
  const int nc = (C + 7) / 8;               // chunks per row
  const int wr = (nc + 63) / 64;     // warps per row
  const int tpr = 32 * wr;                        // threads per row
  const int rpb = 1, group = 0;                   // one row per block: the launcher starts its warps only
  const int pos = threadIdx.x;                    // this thread's place in the row
  int rbuf = 0;
  fg_block_sum_init<32>(red, wr);
  // grid (row groups of a batch entry, batch entries as y + 65535 z): no
  // division to find b and l, and no loop over b
  {
    const int64_t b = (int64_t)(blockIdx.z * 65535u + blockIdx.y);  // in 32 bits: B * L < 2^31
    if (b >= p.B) return;  // the whole block: no sync is left waiting
    const int64_t l = (int64_t)blockIdx.x * rpb + group;
    const bool live = true;  // gridDim.x == L
    float v[2][8] = {};  // the row's values, fp32
    {
      const __half* xr = (const __half*)p.x + b * p.x_stride[0] + l * p.x_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        fg_load_fp16x8_stream(xr + e + 0, &v[0][0]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        fg_load_fp16x8_stream(xr + e + 0, &v[1][0]);
      }
    }
    // the row pointers of the rows many rows read (modulation rows, branches)
    const __half* scale_row = (const __half*)p.scale + b * p.scale_stride[0] + l * p.scale_stride[1];
    const __half* shift_row = (const __half*)p.shift + b * p.shift_stride[0] + l * p.shift_stride[1];
    if (p.norm != 2) {  // not none
      float s = 0.f;
      if (p.norm == 0) {  // LayerNorm: centre first
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[0][j];
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[1][j];
        const float mean = fg_block_sum<32>(s, red, rbuf, wr) * inv_C;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] -= mean;
        s = 0.f;
        if (live && pos < nc) {
          s = fmaf(v[0][0], v[0][0], s);
          s = fmaf(v[0][1], v[0][1], s);
          s = fmaf(v[0][2], v[0][2], s);
          s = fmaf(v[0][3], v[0][3], s);
          s = fmaf(v[0][4], v[0][4], s);
          s = fmaf(v[0][5], v[0][5], s);
          s = fmaf(v[0][6], v[0][6], s);
          s = fmaf(v[0][7], v[0][7], s);
        }
        if (live && pos + 1 * tpr < nc) {
          s = fmaf(v[1][0], v[1][0], s);
          s = fmaf(v[1][1], v[1][1], s);
          s = fmaf(v[1][2], v[1][2], s);
          s = fmaf(v[1][3], v[1][3], s);
          s = fmaf(v[1][4], v[1][4], s);
          s = fmaf(v[1][5], v[1][5], s);
          s = fmaf(v[1][6], v[1][6], s);
          s = fmaf(v[1][7], v[1][7], s);
        }
      } else {  // RMSNorm
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[0][j], v[0][j], s);
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[1][j], v[1][j], s);
      }
      const float rstd = rsqrtf(fg_block_sum<32>(s, red, rbuf, wr) * inv_C + p.eps);
    #pragma unroll
      for (int j = 0; j < 8; j++) v[0][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 8; j++) v[1][j] *= rstd;
    }
    if (p.weight || p.bias) {
      const __half* wt = (const __half*)p.weight;
      const __half* bs = (const __half*)p.bias;
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] += c[j];
        }
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] += c[j];
        }
      }
    }
    {
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] = fmaf(v[0][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] = fmaf(v[1][j], p.scale_offset + sc[j], sh[j]);
      }
    }
    {
      __half* orow = (__half*)p.out + b * p.out_stride[0] + l * p.out_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        fg_store_fp16x8(orow + e + 0, &v[0][0]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        fg_store_fp16x8(orow + e + 0, &v[1][0]);
      }
    }
  }
}

// Grid: one block per row group, as (row groups of a batch entry, batch entries);
// blocks are scheduled as others finish, so the last wave is short.
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_norm_modulate_per_token_fp16_nores_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_norm_modulate_per_token_params* p = (const fg_norm_modulate_per_token_params*)params;
  (void)sm_count;
  // 1 / C correctly rounded (an IEEE division), for the mean of a row
  const float inv_C = p->C > 0 ? 1.0f / (float)p->C : 0.f;
  const int64_t nc = (p->C + 7) / 8, wr = (nc + 63) / 64;
  const int64_t rpb = 1, threads = 32 * wr;  // the warps of one row
  const dim3 grid((unsigned)((p->L + rpb - 1) / rpb), (unsigned)(p->B < 65535 ? p->B : 65535),
          (unsigned)((p->B + 65534) / 65535));
  fg_launch(FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_nores_vec16), grid, (unsigned)threads, 0, stream, pdl, *p, inv_C);
  return cudaGetLastError();
}

#elif FG_SM == 100  // tile parameters for sm_100
// norm_modulate_per_token_fp16_nores_vec16
//   norm_modulate_per_token: act=fp16 residual=nores access=vec16
//   mapping: rows of C channels, chunks of 8, 2 chunk slot(s) per thread,
//            32 warps per block (at most 1 row(s): the warps they need), C up to 16384; 16-byte accesses
//            one block per row group
__global__ void __launch_bounds__(1024, 2)
FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_nores_vec16)(const fg_norm_modulate_per_token_params p)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  __shared__ float red[2][32];  // partial sums of the row groups' warps
  const int C = (int)p.C;
  const int nc = (C + 7) / 8;               // chunks per row
  const int wr = (nc + 63) / 64;     // warps per row
  const int tpr = 32 * wr;                        // threads per row
  const int rpb = 1, group = 0;                   // one row per block: the launcher starts its warps only
  const int pos = threadIdx.x;                    // this thread's place in the row
  int rbuf = 0;
  // grid (row groups of a batch entry, batch entries as y + 65535 z): no
  // division to find b and l, and no loop over b
  {
    const int64_t b = (int64_t)(blockIdx.z * 65535u + blockIdx.y);  // in 32 bits: B * L < 2^31
    if (b >= p.B) return;  // the whole block: no sync is left waiting
    const int64_t l = (int64_t)blockIdx.x * rpb + group;
    const bool live = true;  // gridDim.x == L
    float v[2][8] = {};  // the row's values, fp32
    {
      const __half* xr = (const __half*)p.x + b * p.x_stride[0] + l * p.x_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        fg_load_fp16x8_stream(xr + e + 0, &v[0][0]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        fg_load_fp16x8_stream(xr + e + 0, &v[1][0]);
      }
    }
    // the row pointers of the rows many rows read (modulation rows, branches)
    const __half* scale_row = (const __half*)p.scale + b * p.scale_stride[0] + l * p.scale_stride[1];
    const __half* shift_row = (const __half*)p.shift + b * p.shift_stride[0] + l * p.shift_stride[1];
    if (p.norm != 2) {  // not none
      float s = 0.f;
      if (p.norm == 0) {  // LayerNorm: centre first
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[0][j];
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[1][j];
        const float mean = fg_row_sum<32>(s, red, rbuf, wr, group) / (float)C;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] -= mean;
        s = 0.f;
        if (live && pos < nc) {
          s = fmaf(v[0][0], v[0][0], s);
          s = fmaf(v[0][1], v[0][1], s);
          s = fmaf(v[0][2], v[0][2], s);
          s = fmaf(v[0][3], v[0][3], s);
          s = fmaf(v[0][4], v[0][4], s);
          s = fmaf(v[0][5], v[0][5], s);
          s = fmaf(v[0][6], v[0][6], s);
          s = fmaf(v[0][7], v[0][7], s);
        }
        if (live && pos + 1 * tpr < nc) {
          s = fmaf(v[1][0], v[1][0], s);
          s = fmaf(v[1][1], v[1][1], s);
          s = fmaf(v[1][2], v[1][2], s);
          s = fmaf(v[1][3], v[1][3], s);
          s = fmaf(v[1][4], v[1][4], s);
          s = fmaf(v[1][5], v[1][5], s);
          s = fmaf(v[1][6], v[1][6], s);
          s = fmaf(v[1][7], v[1][7], s);
        }
      } else {  // RMSNorm
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[0][j], v[0][j], s);
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[1][j], v[1][j], s);
      }
      const float rstd = rsqrtf(fg_row_sum<32>(s, red, rbuf, wr, group) / (float)C + p.eps);
    #pragma unroll
      for (int j = 0; j < 8; j++) v[0][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 8; j++) v[1][j] *= rstd;
    }
    if (p.weight || p.bias) {
      const __half* wt = (const __half*)p.weight;
      const __half* bs = (const __half*)p.bias;
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] += c[j];
        }
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] += c[j];
        }
      }
    }
    {
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] = fmaf(v[0][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] = fmaf(v[1][j], p.scale_offset + sc[j], sh[j]);
      }
    }
    {
      __half* orow = (__half*)p.out + b * p.out_stride[0] + l * p.out_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        fg_store_fp16x8(orow + e + 0, &v[0][0]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        fg_store_fp16x8(orow + e + 0, &v[1][0]);
      }
    }
  }
}

// Grid: one block per row group, as (row groups of a batch entry, batch entries);
// blocks are scheduled as others finish, so the last wave is short.
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_norm_modulate_per_token_fp16_nores_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_norm_modulate_per_token_params* p = (const fg_norm_modulate_per_token_params*)params;
  (void)sm_count;
  const int64_t nc = (p->C + 7) / 8, wr = (nc + 63) / 64;
  const int64_t rpb = 1, threads = 32 * wr;  // the warps of one row
  const dim3 grid((unsigned)((p->L + rpb - 1) / rpb), (unsigned)(p->B < 65535 ? p->B : 65535),
          (unsigned)((p->B + 65534) / 65535));
  fg_launch(FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_nores_vec16), grid, (unsigned)threads, 0, stream, pdl, *p);
  return cudaGetLastError();
}
#endif

// norm_modulate_per_token_fp16_nores_scalar
//   norm_modulate_per_token: act=fp16 residual=nores access=scalar
//   mapping: rows of C channels, chunks of 1, 16 chunk slot(s) per thread,
//            32 warps per block, C up to 16384; element accesses
//            a grid of what fits, looping over rows
__global__ void __launch_bounds__(1024, 1)
FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_nores_scalar)(const fg_norm_modulate_per_token_params p)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  __shared__ float red[2][32];  // partial sums of the row groups' warps
  const int C = (int)p.C;
  const int nc = (C + 0) / 1;               // chunks per row
  const int wr = 32;  // element path: a row takes the block (constant slot offsets)
  const int tpr = 32 * wr;                        // threads per row
  const int rpb = 32 / wr;                        // rows per block
  const int group = (threadIdx.x >> 5) / wr;      // this thread's row slot
  const int pos = threadIdx.x - group * tpr;      // its place in the row
  int rbuf = 0;
  const int64_t nrows = p.B * p.L;
  // every thread runs every iteration (the reductions sync the block)
  for (int64_t first = (int64_t)blockIdx.x * rpb; first < nrows; first += (int64_t)gridDim.x * rpb) {
    const int64_t row = first + group;
    const bool live = group < rpb && row < nrows;
    // row -> (b, l); 32-bit division: fewer than 2^31 rows per call
    const int64_t b = live ? (int64_t)((uint32_t)row / (uint32_t)p.L) : 0;
    const int64_t l = live ? row - b * p.L : 0;
    float v[16][1] = {};  // the row's values, fp32
    {
      const __half* xr = (const __half*)p.x + b * p.x_stride[0] + l * p.x_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 1;
        v[0][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 1;
        v[1][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 2 * tpr < nc) {  // chunk slot 2
        const int e = (pos + 2 * tpr) * 1;
        v[2][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 3 * tpr < nc) {  // chunk slot 3
        const int e = (pos + 3 * tpr) * 1;
        v[3][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 4 * tpr < nc) {  // chunk slot 4
        const int e = (pos + 4 * tpr) * 1;
        v[4][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 5 * tpr < nc) {  // chunk slot 5
        const int e = (pos + 5 * tpr) * 1;
        v[5][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 6 * tpr < nc) {  // chunk slot 6
        const int e = (pos + 6 * tpr) * 1;
        v[6][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 7 * tpr < nc) {  // chunk slot 7
        const int e = (pos + 7 * tpr) * 1;
        v[7][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 8 * tpr < nc) {  // chunk slot 8
        const int e = (pos + 8 * tpr) * 1;
        v[8][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 9 * tpr < nc) {  // chunk slot 9
        const int e = (pos + 9 * tpr) * 1;
        v[9][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 10 * tpr < nc) {  // chunk slot 10
        const int e = (pos + 10 * tpr) * 1;
        v[10][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 11 * tpr < nc) {  // chunk slot 11
        const int e = (pos + 11 * tpr) * 1;
        v[11][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 12 * tpr < nc) {  // chunk slot 12
        const int e = (pos + 12 * tpr) * 1;
        v[12][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 13 * tpr < nc) {  // chunk slot 13
        const int e = (pos + 13 * tpr) * 1;
        v[13][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 14 * tpr < nc) {  // chunk slot 14
        const int e = (pos + 14 * tpr) * 1;
        v[14][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 15 * tpr < nc) {  // chunk slot 15
        const int e = (pos + 15 * tpr) * 1;
        v[15][0] = fg_to_f32((xr + e)[0]);
      }
    }
    // the row pointers of the rows many rows read (modulation rows, branches)
    const __half* scale_row = (const __half*)p.scale + b * p.scale_stride[0] + l * p.scale_stride[1];
    const __half* shift_row = (const __half*)p.shift + b * p.shift_stride[0] + l * p.shift_stride[1];
    if (p.norm != 2) {  // not none
      float s = 0.f;
      if (p.norm == 0) {  // LayerNorm: centre first
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[0][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[1][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[2][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[3][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[4][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[5][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[6][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[7][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[8][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[9][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[10][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[11][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[12][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[13][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[14][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[15][j];
        const float mean = fg_row_sum<32>(s, red, rbuf, wr, group) / (float)C;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[0][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[1][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[2][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[3][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[4][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[5][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[6][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[7][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[8][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[9][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[10][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[11][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[12][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[13][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[14][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[15][j] -= mean;
        s = 0.f;
        if (live && pos < nc) {
          s = fmaf(v[0][0], v[0][0], s);
        }
        if (live && pos + 1 * tpr < nc) {
          s = fmaf(v[1][0], v[1][0], s);
        }
        if (live && pos + 2 * tpr < nc) {
          s = fmaf(v[2][0], v[2][0], s);
        }
        if (live && pos + 3 * tpr < nc) {
          s = fmaf(v[3][0], v[3][0], s);
        }
        if (live && pos + 4 * tpr < nc) {
          s = fmaf(v[4][0], v[4][0], s);
        }
        if (live && pos + 5 * tpr < nc) {
          s = fmaf(v[5][0], v[5][0], s);
        }
        if (live && pos + 6 * tpr < nc) {
          s = fmaf(v[6][0], v[6][0], s);
        }
        if (live && pos + 7 * tpr < nc) {
          s = fmaf(v[7][0], v[7][0], s);
        }
        if (live && pos + 8 * tpr < nc) {
          s = fmaf(v[8][0], v[8][0], s);
        }
        if (live && pos + 9 * tpr < nc) {
          s = fmaf(v[9][0], v[9][0], s);
        }
        if (live && pos + 10 * tpr < nc) {
          s = fmaf(v[10][0], v[10][0], s);
        }
        if (live && pos + 11 * tpr < nc) {
          s = fmaf(v[11][0], v[11][0], s);
        }
        if (live && pos + 12 * tpr < nc) {
          s = fmaf(v[12][0], v[12][0], s);
        }
        if (live && pos + 13 * tpr < nc) {
          s = fmaf(v[13][0], v[13][0], s);
        }
        if (live && pos + 14 * tpr < nc) {
          s = fmaf(v[14][0], v[14][0], s);
        }
        if (live && pos + 15 * tpr < nc) {
          s = fmaf(v[15][0], v[15][0], s);
        }
      } else {  // RMSNorm
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[0][j], v[0][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[1][j], v[1][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[2][j], v[2][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[3][j], v[3][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[4][j], v[4][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[5][j], v[5][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[6][j], v[6][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[7][j], v[7][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[8][j], v[8][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[9][j], v[9][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[10][j], v[10][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[11][j], v[11][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[12][j], v[12][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[13][j], v[13][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[14][j], v[14][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[15][j], v[15][j], s);
      }
      const float rstd = rsqrtf(fg_row_sum<32>(s, red, rbuf, wr, group) / (float)C + p.eps);
    #pragma unroll
      for (int j = 0; j < 1; j++) v[0][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[1][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[2][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[3][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[4][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[5][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[6][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[7][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[8][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[9][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[10][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[11][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[12][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[13][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[14][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[15][j] *= rstd;
    }
    if (p.weight || p.bias) {
      const __half* wt = (const __half*)p.weight;
      const __half* bs = (const __half*)p.bias;
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[0][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[0][j] += c[j];
        }
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[1][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[1][j] += c[j];
        }
      }
      if (live && pos + 2 * tpr < nc) {  // chunk slot 2
        const int e = (pos + 2 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[2][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[2][j] += c[j];
        }
      }
      if (live && pos + 3 * tpr < nc) {  // chunk slot 3
        const int e = (pos + 3 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[3][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[3][j] += c[j];
        }
      }
      if (live && pos + 4 * tpr < nc) {  // chunk slot 4
        const int e = (pos + 4 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[4][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[4][j] += c[j];
        }
      }
      if (live && pos + 5 * tpr < nc) {  // chunk slot 5
        const int e = (pos + 5 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[5][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[5][j] += c[j];
        }
      }
      if (live && pos + 6 * tpr < nc) {  // chunk slot 6
        const int e = (pos + 6 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[6][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[6][j] += c[j];
        }
      }
      if (live && pos + 7 * tpr < nc) {  // chunk slot 7
        const int e = (pos + 7 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[7][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[7][j] += c[j];
        }
      }
      if (live && pos + 8 * tpr < nc) {  // chunk slot 8
        const int e = (pos + 8 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[8][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[8][j] += c[j];
        }
      }
      if (live && pos + 9 * tpr < nc) {  // chunk slot 9
        const int e = (pos + 9 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[9][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[9][j] += c[j];
        }
      }
      if (live && pos + 10 * tpr < nc) {  // chunk slot 10
        const int e = (pos + 10 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[10][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[10][j] += c[j];
        }
      }
      if (live && pos + 11 * tpr < nc) {  // chunk slot 11
        const int e = (pos + 11 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[11][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[11][j] += c[j];
        }
      }
      if (live && pos + 12 * tpr < nc) {  // chunk slot 12
        const int e = (pos + 12 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[12][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[12][j] += c[j];
        }
      }
      if (live && pos + 13 * tpr < nc) {  // chunk slot 13
        const int e = (pos + 13 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[13][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[13][j] += c[j];
        }
      }
      if (live && pos + 14 * tpr < nc) {  // chunk slot 14
        const int e = (pos + 14 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[14][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[14][j] += c[j];
        }
      }
      if (live && pos + 15 * tpr < nc) {  // chunk slot 15
        const int e = (pos + 15 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[15][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[15][j] += c[j];
        }
      }
    }
    {
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[0][j] = fmaf(v[0][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[1][j] = fmaf(v[1][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 2 * tpr < nc) {  // chunk slot 2
        const int e = (pos + 2 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[2][j] = fmaf(v[2][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 3 * tpr < nc) {  // chunk slot 3
        const int e = (pos + 3 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[3][j] = fmaf(v[3][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 4 * tpr < nc) {  // chunk slot 4
        const int e = (pos + 4 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[4][j] = fmaf(v[4][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 5 * tpr < nc) {  // chunk slot 5
        const int e = (pos + 5 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[5][j] = fmaf(v[5][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 6 * tpr < nc) {  // chunk slot 6
        const int e = (pos + 6 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[6][j] = fmaf(v[6][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 7 * tpr < nc) {  // chunk slot 7
        const int e = (pos + 7 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[7][j] = fmaf(v[7][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 8 * tpr < nc) {  // chunk slot 8
        const int e = (pos + 8 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[8][j] = fmaf(v[8][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 9 * tpr < nc) {  // chunk slot 9
        const int e = (pos + 9 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[9][j] = fmaf(v[9][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 10 * tpr < nc) {  // chunk slot 10
        const int e = (pos + 10 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[10][j] = fmaf(v[10][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 11 * tpr < nc) {  // chunk slot 11
        const int e = (pos + 11 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[11][j] = fmaf(v[11][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 12 * tpr < nc) {  // chunk slot 12
        const int e = (pos + 12 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[12][j] = fmaf(v[12][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 13 * tpr < nc) {  // chunk slot 13
        const int e = (pos + 13 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[13][j] = fmaf(v[13][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 14 * tpr < nc) {  // chunk slot 14
        const int e = (pos + 14 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[14][j] = fmaf(v[14][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 15 * tpr < nc) {  // chunk slot 15
        const int e = (pos + 15 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[15][j] = fmaf(v[15][j], p.scale_offset + sc[j], sh[j]);
      }
    }
    {
      __half* orow = (__half*)p.out + b * p.out_stride[0] + l * p.out_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[0][0]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[1][0]);
      }
      if (live && pos + 2 * tpr < nc) {  // chunk slot 2
        const int e = (pos + 2 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[2][0]);
      }
      if (live && pos + 3 * tpr < nc) {  // chunk slot 3
        const int e = (pos + 3 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[3][0]);
      }
      if (live && pos + 4 * tpr < nc) {  // chunk slot 4
        const int e = (pos + 4 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[4][0]);
      }
      if (live && pos + 5 * tpr < nc) {  // chunk slot 5
        const int e = (pos + 5 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[5][0]);
      }
      if (live && pos + 6 * tpr < nc) {  // chunk slot 6
        const int e = (pos + 6 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[6][0]);
      }
      if (live && pos + 7 * tpr < nc) {  // chunk slot 7
        const int e = (pos + 7 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[7][0]);
      }
      if (live && pos + 8 * tpr < nc) {  // chunk slot 8
        const int e = (pos + 8 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[8][0]);
      }
      if (live && pos + 9 * tpr < nc) {  // chunk slot 9
        const int e = (pos + 9 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[9][0]);
      }
      if (live && pos + 10 * tpr < nc) {  // chunk slot 10
        const int e = (pos + 10 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[10][0]);
      }
      if (live && pos + 11 * tpr < nc) {  // chunk slot 11
        const int e = (pos + 11 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[11][0]);
      }
      if (live && pos + 12 * tpr < nc) {  // chunk slot 12
        const int e = (pos + 12 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[12][0]);
      }
      if (live && pos + 13 * tpr < nc) {  // chunk slot 13
        const int e = (pos + 13 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[13][0]);
      }
      if (live && pos + 14 * tpr < nc) {  // chunk slot 14
        const int e = (pos + 14 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[14][0]);
      }
      if (live && pos + 15 * tpr < nc) {  // chunk slot 15
        const int e = (pos + 15 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[15][0]);
      }
    }
  }
}

// Grid: as many blocks as fit on the GPU at once (at most 32 per
// multiprocessor) or fewer for a small call; the row loop covers the rest.
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_norm_modulate_per_token_fp16_nores_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_norm_modulate_per_token_params* p = (const fg_norm_modulate_per_token_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_nores_scalar), 1024, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  const int64_t wr = 32;  // a row per block
  const int64_t rpb = 32 / wr, threads = 1024;
  const int64_t cap = (int64_t)sm_count * per_sm;
  int64_t blocks = (p->B * p->L + rpb - 1) / rpb;
  if (blocks > cap) blocks = cap;
  fg_launch(FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_nores_scalar), (unsigned)blocks, (unsigned)threads, 0, stream, pdl, *p);
  return cudaGetLastError();
}

#if FG_SM == 80  // tile parameters for sm_80
// norm_modulate_per_token_fp16_res_vec16
//   norm_modulate_per_token: act=fp16 residual=res access=vec16
//   mapping: rows of C channels, chunks of 8, 2 chunk slot(s) per thread,
//            32 warps per block (at most 1 row(s): the warps they need), C up to 16384; 16-byte accesses
//            one block per row group; inputs loaded ahead of the stores
// FULL: the row fills every thread's chunk slots (the launcher's test), so
// that no slot is tested (tile full_rows)
template <bool FULL>
__global__ void __launch_bounds__(1024, 1)
FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_vec16)(const fg_norm_modulate_per_token_params p, const float inv_C)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  __shared__ __align__(16) float red[2][32];  // partial sums of the row's warps (read as float4)
  const int C = (int)p.C;
  const int nc = (C + 7) / 8;               // chunks per row
  const int wr = (nc + 63) / 64;     // warps per row
  const int tpr = 32 * wr;                        // threads per row
  const int rpb = 1, group = 0;                   // one row per block: the launcher starts its warps only
  const int pos = threadIdx.x;                    // this thread's place in the row
  int rbuf = 0;
  fg_block_sum_init<32>(red, wr);
  // grid (row groups of a batch entry, batch entries as y + 65535 z): no
  // division to find b and l, and no loop over b
  {
    const int64_t b = (int64_t)(blockIdx.z * 65535u + blockIdx.y);  // in 32 bits: B * L < 2^31
    if (b >= p.B) return;  // the whole block: no sync is left waiting
    const int64_t l = (int64_t)blockIdx.x * rpb + group;
    const bool live = true;  // gridDim.x == L
    float v[2][8] = {};  // the row's values, fp32
    // issue: each stage's loads (raw 16-byte chunks), before any store or reduction
    uint4 x_raw[2];
    {
      const __half* xr = (const __half*)p.x + b * p.x_stride[0] + l * p.x_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        x_raw[0] = fg_ld16_plain(xr + e);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        x_raw[1] = fg_ld16_plain(xr + e);
      }
    }
    uint4 residual_raw[2];
    {
      const __half* residual_row = (const __half*)p.residual + b * p.residual_stride[0] + l * p.residual_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        residual_raw[0] = fg_ld16_plain(residual_row + e);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        residual_raw[1] = fg_ld16_plain(residual_row + e);
      }
    }
    uint4 residual_gate_raw[2];
    {
      const __half* residual_gate_row = (const __half*)p.residual_gate + b * p.residual_gate_stride[0] + l * p.residual_gate_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        residual_gate_raw[0] = fg_ld16_plain(residual_gate_row + e);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        residual_gate_raw[1] = fg_ld16_plain(residual_gate_row + e);
      }
    }
    // the row pointers of the rows many rows read (modulation rows, branches)
    const __half* scale_row = (const __half*)p.scale + b * p.scale_stride[0] + l * p.scale_stride[1];
    const __half* shift_row = (const __half*)p.shift + b * p.shift_stride[0] + l * p.shift_stride[1];
    // use: the stages' arithmetic and stores on what the loads returned
    if (live && (FULL || pos < nc)) { fg_unpack_fp16x8(x_raw[0], &v[0][0]); }  // chunk slot 0
    if (live && (FULL || pos + 1 * tpr < nc)) { fg_unpack_fp16x8(x_raw[1], &v[1][0]); }  // chunk slot 1
    {
      __half* to_row = (__half*)p.residual_out + b * p.residual_out_stride[0] + l * p.residual_out_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        float a[8] = {};
        fg_unpack_fp16x8(residual_raw[0], &a[0]);
        float g[8] = {};
        fg_unpack_fp16x8(residual_gate_raw[0], &g[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] = fmaf(g[j], v[0][j], a[j]);
        fg_store_fp16x8(to_row + e + 0, &v[0][0]);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        float a[8] = {};
        fg_unpack_fp16x8(residual_raw[1], &a[0]);
        float g[8] = {};
        fg_unpack_fp16x8(residual_gate_raw[1], &g[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] = fmaf(g[j], v[1][j], a[j]);
        fg_store_fp16x8(to_row + e + 0, &v[1][0]);
      }
    }
    if (p.norm != 2) {  // not none
      float s = 0.f;
      if (p.norm == 0) {  // LayerNorm: centre first
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[0][j];
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[1][j];
        const float mean = fg_block_sum<32>(s, red, rbuf, wr) * inv_C;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] -= mean;
        s = 0.f;
        if (live && (FULL || pos < nc)) {
          s = fmaf(v[0][0], v[0][0], s);
          s = fmaf(v[0][1], v[0][1], s);
          s = fmaf(v[0][2], v[0][2], s);
          s = fmaf(v[0][3], v[0][3], s);
          s = fmaf(v[0][4], v[0][4], s);
          s = fmaf(v[0][5], v[0][5], s);
          s = fmaf(v[0][6], v[0][6], s);
          s = fmaf(v[0][7], v[0][7], s);
        }
        if (live && (FULL || pos + 1 * tpr < nc)) {
          s = fmaf(v[1][0], v[1][0], s);
          s = fmaf(v[1][1], v[1][1], s);
          s = fmaf(v[1][2], v[1][2], s);
          s = fmaf(v[1][3], v[1][3], s);
          s = fmaf(v[1][4], v[1][4], s);
          s = fmaf(v[1][5], v[1][5], s);
          s = fmaf(v[1][6], v[1][6], s);
          s = fmaf(v[1][7], v[1][7], s);
        }
      } else {  // RMSNorm
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[0][j], v[0][j], s);
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[1][j], v[1][j], s);
      }
      const float rstd = rsqrtf(fg_block_sum<32>(s, red, rbuf, wr) * inv_C + p.eps);
    #pragma unroll
      for (int j = 0; j < 8; j++) v[0][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 8; j++) v[1][j] *= rstd;
    }
    if (p.weight || p.bias) {
      const __half* wt = (const __half*)p.weight;
      const __half* bs = (const __half*)p.bias;
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] += c[j];
        }
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] += c[j];
        }
      }
    }
    {
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] = fmaf(v[0][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] = fmaf(v[1][j], p.scale_offset + sc[j], sh[j]);
      }
    }
    {
      __half* orow = (__half*)p.out + b * p.out_stride[0] + l * p.out_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        fg_store_fp16x8(orow + e + 0, &v[0][0]);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        fg_store_fp16x8(orow + e + 0, &v[1][0]);
      }
    }
  }
}

// Grid: one block per row group, as (row groups of a batch entry, batch entries);
// blocks are scheduled as others finish, so the last wave is short.
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_norm_modulate_per_token_fp16_res_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_norm_modulate_per_token_params* p = (const fg_norm_modulate_per_token_params*)params;
  (void)sm_count;
  // 1 / C correctly rounded (an IEEE division), for the mean of a row
  const float inv_C = p->C > 0 ? 1.0f / (float)p->C : 0.f;
  const int64_t nc = (p->C + 7) / 8, wr = (nc + 63) / 64;
  const int64_t rpb = 1, threads = 32 * wr;  // the warps of one row
  const bool full = nc == 64 * wr;  // the row fills every chunk slot of its threads: FULL
  const dim3 grid((unsigned)((p->L + rpb - 1) / rpb), (unsigned)(p->B < 65535 ? p->B : 65535),
          (unsigned)((p->B + 65534) / 65535));
  if (full) fg_launch(FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_vec16)<true>, grid, (unsigned)threads, 0, stream, pdl, *p, inv_C);
  else fg_launch(FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_vec16)<false>, grid, (unsigned)threads, 0, stream, pdl, *p, inv_C);
  return cudaGetLastError();
}

#elif FG_SM == 90  // tile parameters for sm_90
// norm_modulate_per_token_fp16_res_vec16
//   norm_modulate_per_token: act=fp16 residual=res access=vec16
//   mapping: rows of C channels, chunks of 8, 2 chunk slot(s) per thread,
//            32 warps per block (at most 1 row(s): the warps they need), C up to 16384; 16-byte accesses
//            one block per row group; inputs loaded ahead of the stores
// FULL: the row fills every thread's chunk slots (the launcher's test), so
// that no slot is tested (tile full_rows)
template <bool FULL>
__global__ void __launch_bounds__(1024, 1)
FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_vec16)(const fg_norm_modulate_per_token_params p, const float inv_C)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  __shared__ __align__(16) float red[2][32];  // partial sums of the row's warps (read as float4)
  const int C = (int)p.C;
  const int nc = (C + 7) / 8;               // chunks per row
  const int wr = (nc + 63) / 64;     // warps per row
  const int tpr = 32 * wr;                        // threads per row
  const int rpb = 1, group = 0;                   // one row per block: the launcher starts its warps only
  const int pos = threadIdx.x;                    // this thread's place in the row
  int rbuf = 0;
  fg_block_sum_init<32>(red, wr);
  // grid (row groups of a batch entry, batch entries as y + 65535 z): no
  // division to find b and l, and no loop over b
  {
    const int64_t b = (int64_t)(blockIdx.z * 65535u + blockIdx.y);  // in 32 bits: B * L < 2^31
    if (b >= p.B) return;  // the whole block: no sync is left waiting
    const int64_t l = (int64_t)blockIdx.x * rpb + group;
    const bool live = true;  // gridDim.x == L
    float v[2][8] = {};  // the row's values, fp32
    // issue: each stage's loads (raw 16-byte chunks), before any store or reduction
    uint4 x_raw[2];
    {
      const __half* xr = (const __half*)p.x + b * p.x_stride[0] + l * p.x_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        x_raw[0] = fg_ld16_plain(xr + e);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        x_raw[1] = fg_ld16_plain(xr + e);
      }
    }
    uint4 residual_raw[2];
    {
      const __half* residual_row = (const __half*)p.residual + b * p.residual_stride[0] + l * p.residual_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        residual_raw[0] = fg_ld16_plain(residual_row + e);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        residual_raw[1] = fg_ld16_plain(residual_row + e);
      }
    }
    uint4 residual_gate_raw[2];
    {
      const __half* residual_gate_row = (const __half*)p.residual_gate + b * p.residual_gate_stride[0] + l * p.residual_gate_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        residual_gate_raw[0] = fg_ld16_plain(residual_gate_row + e);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        residual_gate_raw[1] = fg_ld16_plain(residual_gate_row + e);
      }
    }
    // the row pointers of the rows many rows read (modulation rows, branches)
    const __half* scale_row = (const __half*)p.scale + b * p.scale_stride[0] + l * p.scale_stride[1];
    const __half* shift_row = (const __half*)p.shift + b * p.shift_stride[0] + l * p.shift_stride[1];
    // use: the stages' arithmetic and stores on what the loads returned
    if (live && (FULL || pos < nc)) { fg_unpack_fp16x8(x_raw[0], &v[0][0]); }  // chunk slot 0
    if (live && (FULL || pos + 1 * tpr < nc)) { fg_unpack_fp16x8(x_raw[1], &v[1][0]); }  // chunk slot 1
    {
      __half* to_row = (__half*)p.residual_out + b * p.residual_out_stride[0] + l * p.residual_out_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        float a[8] = {};
        fg_unpack_fp16x8(residual_raw[0], &a[0]);
        float g[8] = {};
        fg_unpack_fp16x8(residual_gate_raw[0], &g[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] = fmaf(g[j], v[0][j], a[j]);
        fg_store_fp16x8(to_row + e + 0, &v[0][0]);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        float a[8] = {};
        fg_unpack_fp16x8(residual_raw[1], &a[0]);
        float g[8] = {};
        fg_unpack_fp16x8(residual_gate_raw[1], &g[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] = fmaf(g[j], v[1][j], a[j]);
        fg_store_fp16x8(to_row + e + 0, &v[1][0]);
      }
    }
    if (p.norm != 2) {  // not none
      float s = 0.f;
      if (p.norm == 0) {  // LayerNorm: centre first
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[0][j];
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[1][j];
        const float mean = fg_block_sum<32>(s, red, rbuf, wr) * inv_C;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] -= mean;
        s = 0.f;
        if (live && (FULL || pos < nc)) {
          s = fmaf(v[0][0], v[0][0], s);
          s = fmaf(v[0][1], v[0][1], s);
          s = fmaf(v[0][2], v[0][2], s);
          s = fmaf(v[0][3], v[0][3], s);
          s = fmaf(v[0][4], v[0][4], s);
          s = fmaf(v[0][5], v[0][5], s);
          s = fmaf(v[0][6], v[0][6], s);
          s = fmaf(v[0][7], v[0][7], s);
        }
        if (live && (FULL || pos + 1 * tpr < nc)) {
          s = fmaf(v[1][0], v[1][0], s);
          s = fmaf(v[1][1], v[1][1], s);
          s = fmaf(v[1][2], v[1][2], s);
          s = fmaf(v[1][3], v[1][3], s);
          s = fmaf(v[1][4], v[1][4], s);
          s = fmaf(v[1][5], v[1][5], s);
          s = fmaf(v[1][6], v[1][6], s);
          s = fmaf(v[1][7], v[1][7], s);
        }
      } else {  // RMSNorm
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[0][j], v[0][j], s);
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[1][j], v[1][j], s);
      }
      const float rstd = rsqrtf(fg_block_sum<32>(s, red, rbuf, wr) * inv_C + p.eps);
    #pragma unroll
      for (int j = 0; j < 8; j++) v[0][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 8; j++) v[1][j] *= rstd;
    }
    if (p.weight || p.bias) {
      const __half* wt = (const __half*)p.weight;
      const __half* bs = (const __half*)p.bias;
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] += c[j];
        }
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] += c[j];
        }
      }
    }
    {
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] = fmaf(v[0][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] = fmaf(v[1][j], p.scale_offset + sc[j], sh[j]);
      }
    }
    {
      __half* orow = (__half*)p.out + b * p.out_stride[0] + l * p.out_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        fg_store_fp16x8(orow + e + 0, &v[0][0]);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        fg_store_fp16x8(orow + e + 0, &v[1][0]);
      }
    }
  }
}

// Grid: one block per row group, as (row groups of a batch entry, batch entries);
// blocks are scheduled as others finish, so the last wave is short.
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_norm_modulate_per_token_fp16_res_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_norm_modulate_per_token_params* p = (const fg_norm_modulate_per_token_params*)params;
  (void)sm_count;
  // 1 / C correctly rounded (an IEEE division), for the mean of a row
  const float inv_C = p->C > 0 ? 1.0f / (float)p->C : 0.f;
  const int64_t nc = (p->C + 7) / 8, wr = (nc + 63) / 64;
  const int64_t rpb = 1, threads = 32 * wr;  // the warps of one row
  const bool full = nc == 64 * wr;  // the row fills every chunk slot of its threads: FULL
  const dim3 grid((unsigned)((p->L + rpb - 1) / rpb), (unsigned)(p->B < 65535 ? p->B : 65535),
          (unsigned)((p->B + 65534) / 65535));
  if (full) fg_launch(FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_vec16)<true>, grid, (unsigned)threads, 0, stream, pdl, *p, inv_C);
  else fg_launch(FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_vec16)<false>, grid, (unsigned)threads, 0, stream, pdl, *p, inv_C);
  return cudaGetLastError();
}

#elif FG_SM == 100  // tile parameters for sm_100
// norm_modulate_per_token_fp16_res_vec16
//   norm_modulate_per_token: act=fp16 residual=res access=vec16
//   mapping: rows of C channels, chunks of 8, 2 chunk slot(s) per thread,
//            32 warps per block (at most 1 row(s): the warps they need), C up to 16384; 16-byte accesses
//            one block per row group; inputs loaded ahead of the stores
// FULL: the row fills every thread's chunk slots (the launcher's test), so
// that no slot is tested (tile full_rows)
template <bool FULL>
__global__ void __launch_bounds__(1024, 1)
FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_vec16)(const fg_norm_modulate_per_token_params p)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  __shared__ float red[2][32];  // partial sums of the row groups' warps
  const int C = (int)p.C;
  const int nc = (C + 7) / 8;               // chunks per row
  const int wr = (nc + 63) / 64;     // warps per row
  const int tpr = 32 * wr;                        // threads per row
  const int rpb = 1, group = 0;                   // one row per block: the launcher starts its warps only
  const int pos = threadIdx.x;                    // this thread's place in the row
  int rbuf = 0;
  // grid (row groups of a batch entry, batch entries as y + 65535 z): no
  // division to find b and l, and no loop over b
  {
    const int64_t b = (int64_t)(blockIdx.z * 65535u + blockIdx.y);  // in 32 bits: B * L < 2^31
    if (b >= p.B) return;  // the whole block: no sync is left waiting
    const int64_t l = (int64_t)blockIdx.x * rpb + group;
    const bool live = true;  // gridDim.x == L
    float v[2][8] = {};  // the row's values, fp32
    // issue: each stage's loads (raw 16-byte chunks), before any store or reduction
    uint4 x_raw[2];
    {
      const __half* xr = (const __half*)p.x + b * p.x_stride[0] + l * p.x_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        x_raw[0] = fg_ld16_plain(xr + e);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        x_raw[1] = fg_ld16_plain(xr + e);
      }
    }
    uint4 residual_raw[2];
    {
      const __half* residual_row = (const __half*)p.residual + b * p.residual_stride[0] + l * p.residual_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        residual_raw[0] = fg_ld16_plain(residual_row + e);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        residual_raw[1] = fg_ld16_plain(residual_row + e);
      }
    }
    uint4 residual_gate_raw[2];
    {
      const __half* residual_gate_row = (const __half*)p.residual_gate + b * p.residual_gate_stride[0] + l * p.residual_gate_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        residual_gate_raw[0] = fg_ld16_plain(residual_gate_row + e);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        residual_gate_raw[1] = fg_ld16_plain(residual_gate_row + e);
      }
    }
    // the row pointers of the rows many rows read (modulation rows, branches)
    const __half* scale_row = (const __half*)p.scale + b * p.scale_stride[0] + l * p.scale_stride[1];
    const __half* shift_row = (const __half*)p.shift + b * p.shift_stride[0] + l * p.shift_stride[1];
    // use: the stages' arithmetic and stores on what the loads returned
    if (live && (FULL || pos < nc)) { fg_unpack_fp16x8(x_raw[0], &v[0][0]); }  // chunk slot 0
    if (live && (FULL || pos + 1 * tpr < nc)) { fg_unpack_fp16x8(x_raw[1], &v[1][0]); }  // chunk slot 1
    {
      __half* to_row = (__half*)p.residual_out + b * p.residual_out_stride[0] + l * p.residual_out_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        float a[8] = {};
        fg_unpack_fp16x8(residual_raw[0], &a[0]);
        float g[8] = {};
        fg_unpack_fp16x8(residual_gate_raw[0], &g[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] = fmaf(g[j], v[0][j], a[j]);
        fg_store_fp16x8(to_row + e + 0, &v[0][0]);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        float a[8] = {};
        fg_unpack_fp16x8(residual_raw[1], &a[0]);
        float g[8] = {};
        fg_unpack_fp16x8(residual_gate_raw[1], &g[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] = fmaf(g[j], v[1][j], a[j]);
        fg_store_fp16x8(to_row + e + 0, &v[1][0]);
      }
    }
    if (p.norm != 2) {  // not none
      float s = 0.f;
      if (p.norm == 0) {  // LayerNorm: centre first
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[0][j];
    #pragma unroll
        for (int j = 0; j < 8; j++) s += v[1][j];
        const float mean = fg_row_sum<32>(s, red, rbuf, wr, group) / (float)C;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] -= mean;
        s = 0.f;
        if (live && (FULL || pos < nc)) {
          s = fmaf(v[0][0], v[0][0], s);
          s = fmaf(v[0][1], v[0][1], s);
          s = fmaf(v[0][2], v[0][2], s);
          s = fmaf(v[0][3], v[0][3], s);
          s = fmaf(v[0][4], v[0][4], s);
          s = fmaf(v[0][5], v[0][5], s);
          s = fmaf(v[0][6], v[0][6], s);
          s = fmaf(v[0][7], v[0][7], s);
        }
        if (live && (FULL || pos + 1 * tpr < nc)) {
          s = fmaf(v[1][0], v[1][0], s);
          s = fmaf(v[1][1], v[1][1], s);
          s = fmaf(v[1][2], v[1][2], s);
          s = fmaf(v[1][3], v[1][3], s);
          s = fmaf(v[1][4], v[1][4], s);
          s = fmaf(v[1][5], v[1][5], s);
          s = fmaf(v[1][6], v[1][6], s);
          s = fmaf(v[1][7], v[1][7], s);
        }
      } else {  // RMSNorm
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[0][j], v[0][j], s);
    #pragma unroll
        for (int j = 0; j < 8; j++) s = fmaf(v[1][j], v[1][j], s);
      }
      const float rstd = rsqrtf(fg_row_sum<32>(s, red, rbuf, wr, group) / (float)C + p.eps);
    #pragma unroll
      for (int j = 0; j < 8; j++) v[0][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 8; j++) v[1][j] *= rstd;
    }
    if (p.weight || p.bias) {
      const __half* wt = (const __half*)p.weight;
      const __half* bs = (const __half*)p.bias;
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[0][j] += c[j];
        }
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        if (p.weight) {
          float w[8] = {};
          fg_load_fp16x8_keep(wt + e + 0, &w[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] *= w[j];
        }
        if (p.bias) {
          float c[8] = {};
          fg_load_fp16x8_keep(bs + e + 0, &c[0]);
    #pragma unroll
          for (int j = 0; j < 8; j++) v[1][j] += c[j];
        }
      }
    }
    {
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] = fmaf(v[0][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        float sc[8] = {};
        fg_load_fp16x8_keep(scale_row + e + 0, &sc[0]);
        float sh[8] = {};
        fg_load_fp16x8_keep(shift_row + e + 0, &sh[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] = fmaf(v[1][j], p.scale_offset + sc[j], sh[j]);
      }
    }
    {
      __half* orow = (__half*)p.out + b * p.out_stride[0] + l * p.out_stride[1];
      if (live && (FULL || pos < nc)) {  // chunk slot 0
        const int e = pos * 8;
        fg_store_fp16x8(orow + e + 0, &v[0][0]);
      }
      if (live && (FULL || pos + 1 * tpr < nc)) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        fg_store_fp16x8(orow + e + 0, &v[1][0]);
      }
    }
  }
}

// Grid: one block per row group, as (row groups of a batch entry, batch entries);
// blocks are scheduled as others finish, so the last wave is short.
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_norm_modulate_per_token_fp16_res_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_norm_modulate_per_token_params* p = (const fg_norm_modulate_per_token_params*)params;
  (void)sm_count;
  const int64_t nc = (p->C + 7) / 8, wr = (nc + 63) / 64;
  const int64_t rpb = 1, threads = 32 * wr;  // the warps of one row
  const bool full = nc == 64 * wr;  // the row fills every chunk slot of its threads: FULL
  const dim3 grid((unsigned)((p->L + rpb - 1) / rpb), (unsigned)(p->B < 65535 ? p->B : 65535),
          (unsigned)((p->B + 65534) / 65535));
  if (full) fg_launch(FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_vec16)<true>, grid, (unsigned)threads, 0, stream, pdl, *p);
  else fg_launch(FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_vec16)<false>, grid, (unsigned)threads, 0, stream, pdl, *p);
  return cudaGetLastError();
}
#endif

// norm_modulate_per_token_fp16_res_scalar
//   norm_modulate_per_token: act=fp16 residual=res access=scalar
//   mapping: rows of C channels, chunks of 1, 16 chunk slot(s) per thread,
//            32 warps per block, C up to 16384; element accesses
//            a grid of what fits, looping over rows
__global__ void __launch_bounds__(1024, 1)
FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_scalar)(const fg_norm_modulate_per_token_params p)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  __shared__ float red[2][32];  // partial sums of the row groups' warps
  const int C = (int)p.C;
  const int nc = (C + 0) / 1;               // chunks per row
  const int wr = 32;  // element path: a row takes the block (constant slot offsets)
  const int tpr = 32 * wr;                        // threads per row
  const int rpb = 32 / wr;                        // rows per block
  const int group = (threadIdx.x >> 5) / wr;      // this thread's row slot
  const int pos = threadIdx.x - group * tpr;      // its place in the row
  int rbuf = 0;
  const int64_t nrows = p.B * p.L;
  // every thread runs every iteration (the reductions sync the block)
  for (int64_t first = (int64_t)blockIdx.x * rpb; first < nrows; first += (int64_t)gridDim.x * rpb) {
    const int64_t row = first + group;
    const bool live = group < rpb && row < nrows;
    // row -> (b, l); 32-bit division: fewer than 2^31 rows per call
    const int64_t b = live ? (int64_t)((uint32_t)row / (uint32_t)p.L) : 0;
    const int64_t l = live ? row - b * p.L : 0;
    float v[16][1] = {};  // the row's values, fp32
    {
      const __half* xr = (const __half*)p.x + b * p.x_stride[0] + l * p.x_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 1;
        v[0][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 1;
        v[1][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 2 * tpr < nc) {  // chunk slot 2
        const int e = (pos + 2 * tpr) * 1;
        v[2][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 3 * tpr < nc) {  // chunk slot 3
        const int e = (pos + 3 * tpr) * 1;
        v[3][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 4 * tpr < nc) {  // chunk slot 4
        const int e = (pos + 4 * tpr) * 1;
        v[4][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 5 * tpr < nc) {  // chunk slot 5
        const int e = (pos + 5 * tpr) * 1;
        v[5][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 6 * tpr < nc) {  // chunk slot 6
        const int e = (pos + 6 * tpr) * 1;
        v[6][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 7 * tpr < nc) {  // chunk slot 7
        const int e = (pos + 7 * tpr) * 1;
        v[7][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 8 * tpr < nc) {  // chunk slot 8
        const int e = (pos + 8 * tpr) * 1;
        v[8][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 9 * tpr < nc) {  // chunk slot 9
        const int e = (pos + 9 * tpr) * 1;
        v[9][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 10 * tpr < nc) {  // chunk slot 10
        const int e = (pos + 10 * tpr) * 1;
        v[10][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 11 * tpr < nc) {  // chunk slot 11
        const int e = (pos + 11 * tpr) * 1;
        v[11][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 12 * tpr < nc) {  // chunk slot 12
        const int e = (pos + 12 * tpr) * 1;
        v[12][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 13 * tpr < nc) {  // chunk slot 13
        const int e = (pos + 13 * tpr) * 1;
        v[13][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 14 * tpr < nc) {  // chunk slot 14
        const int e = (pos + 14 * tpr) * 1;
        v[14][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 15 * tpr < nc) {  // chunk slot 15
        const int e = (pos + 15 * tpr) * 1;
        v[15][0] = fg_to_f32((xr + e)[0]);
      }
    }
    {
      const __half* residual_row = (const __half*)p.residual + b * p.residual_stride[0] + l * p.residual_stride[1];
      const __half* residual_gate_row = (const __half*)p.residual_gate + b * p.residual_gate_stride[0] + l * p.residual_gate_stride[1];
      __half* to_row = (__half*)p.residual_out + b * p.residual_out_stride[0] + l * p.residual_out_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[0][j] = fmaf(g[j], v[0][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[0][0]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[1][j] = fmaf(g[j], v[1][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[1][0]);
      }
      if (live && pos + 2 * tpr < nc) {  // chunk slot 2
        const int e = (pos + 2 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[2][j] = fmaf(g[j], v[2][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[2][0]);
      }
      if (live && pos + 3 * tpr < nc) {  // chunk slot 3
        const int e = (pos + 3 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[3][j] = fmaf(g[j], v[3][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[3][0]);
      }
      if (live && pos + 4 * tpr < nc) {  // chunk slot 4
        const int e = (pos + 4 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[4][j] = fmaf(g[j], v[4][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[4][0]);
      }
      if (live && pos + 5 * tpr < nc) {  // chunk slot 5
        const int e = (pos + 5 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[5][j] = fmaf(g[j], v[5][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[5][0]);
      }
      if (live && pos + 6 * tpr < nc) {  // chunk slot 6
        const int e = (pos + 6 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[6][j] = fmaf(g[j], v[6][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[6][0]);
      }
      if (live && pos + 7 * tpr < nc) {  // chunk slot 7
        const int e = (pos + 7 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[7][j] = fmaf(g[j], v[7][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[7][0]);
      }
      if (live && pos + 8 * tpr < nc) {  // chunk slot 8
        const int e = (pos + 8 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[8][j] = fmaf(g[j], v[8][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[8][0]);
      }
      if (live && pos + 9 * tpr < nc) {  // chunk slot 9
        const int e = (pos + 9 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[9][j] = fmaf(g[j], v[9][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[9][0]);
      }
      if (live && pos + 10 * tpr < nc) {  // chunk slot 10
        const int e = (pos + 10 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[10][j] = fmaf(g[j], v[10][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[10][0]);
      }
      if (live && pos + 11 * tpr < nc) {  // chunk slot 11
        const int e = (pos + 11 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[11][j] = fmaf(g[j], v[11][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[11][0]);
      }
      if (live && pos + 12 * tpr < nc) {  // chunk slot 12
        const int e = (pos + 12 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[12][j] = fmaf(g[j], v[12][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[12][0]);
      }
      if (live && pos + 13 * tpr < nc) {  // chunk slot 13
        const int e = (pos + 13 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[13][j] = fmaf(g[j], v[13][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[13][0]);
      }
      if (live && pos + 14 * tpr < nc) {  // chunk slot 14
        const int e = (pos + 14 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[14][j] = fmaf(g[j], v[14][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[14][0]);
      }
      if (live && pos + 15 * tpr < nc) {  // chunk slot 15
        const int e = (pos + 15 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((residual_gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[15][j] = fmaf(g[j], v[15][j], a[j]);
        (to_row + e)[0] = fg_from_f32<__half>(v[15][0]);
      }
    }
    // the row pointers of the rows many rows read (modulation rows, branches)
    const __half* scale_row = (const __half*)p.scale + b * p.scale_stride[0] + l * p.scale_stride[1];
    const __half* shift_row = (const __half*)p.shift + b * p.shift_stride[0] + l * p.shift_stride[1];
    if (p.norm != 2) {  // not none
      float s = 0.f;
      if (p.norm == 0) {  // LayerNorm: centre first
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[0][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[1][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[2][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[3][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[4][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[5][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[6][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[7][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[8][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[9][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[10][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[11][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[12][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[13][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[14][j];
    #pragma unroll
        for (int j = 0; j < 1; j++) s += v[15][j];
        const float mean = fg_row_sum<32>(s, red, rbuf, wr, group) / (float)C;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[0][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[1][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[2][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[3][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[4][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[5][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[6][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[7][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[8][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[9][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[10][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[11][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[12][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[13][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[14][j] -= mean;
    #pragma unroll
        for (int j = 0; j < 1; j++) v[15][j] -= mean;
        s = 0.f;
        if (live && pos < nc) {
          s = fmaf(v[0][0], v[0][0], s);
        }
        if (live && pos + 1 * tpr < nc) {
          s = fmaf(v[1][0], v[1][0], s);
        }
        if (live && pos + 2 * tpr < nc) {
          s = fmaf(v[2][0], v[2][0], s);
        }
        if (live && pos + 3 * tpr < nc) {
          s = fmaf(v[3][0], v[3][0], s);
        }
        if (live && pos + 4 * tpr < nc) {
          s = fmaf(v[4][0], v[4][0], s);
        }
        if (live && pos + 5 * tpr < nc) {
          s = fmaf(v[5][0], v[5][0], s);
        }
        if (live && pos + 6 * tpr < nc) {
          s = fmaf(v[6][0], v[6][0], s);
        }
        if (live && pos + 7 * tpr < nc) {
          s = fmaf(v[7][0], v[7][0], s);
        }
        if (live && pos + 8 * tpr < nc) {
          s = fmaf(v[8][0], v[8][0], s);
        }
        if (live && pos + 9 * tpr < nc) {
          s = fmaf(v[9][0], v[9][0], s);
        }
        if (live && pos + 10 * tpr < nc) {
          s = fmaf(v[10][0], v[10][0], s);
        }
        if (live && pos + 11 * tpr < nc) {
          s = fmaf(v[11][0], v[11][0], s);
        }
        if (live && pos + 12 * tpr < nc) {
          s = fmaf(v[12][0], v[12][0], s);
        }
        if (live && pos + 13 * tpr < nc) {
          s = fmaf(v[13][0], v[13][0], s);
        }
        if (live && pos + 14 * tpr < nc) {
          s = fmaf(v[14][0], v[14][0], s);
        }
        if (live && pos + 15 * tpr < nc) {
          s = fmaf(v[15][0], v[15][0], s);
        }
      } else {  // RMSNorm
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[0][j], v[0][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[1][j], v[1][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[2][j], v[2][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[3][j], v[3][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[4][j], v[4][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[5][j], v[5][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[6][j], v[6][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[7][j], v[7][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[8][j], v[8][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[9][j], v[9][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[10][j], v[10][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[11][j], v[11][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[12][j], v[12][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[13][j], v[13][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[14][j], v[14][j], s);
    #pragma unroll
        for (int j = 0; j < 1; j++) s = fmaf(v[15][j], v[15][j], s);
      }
      const float rstd = rsqrtf(fg_row_sum<32>(s, red, rbuf, wr, group) / (float)C + p.eps);
    #pragma unroll
      for (int j = 0; j < 1; j++) v[0][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[1][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[2][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[3][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[4][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[5][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[6][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[7][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[8][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[9][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[10][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[11][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[12][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[13][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[14][j] *= rstd;
    #pragma unroll
      for (int j = 0; j < 1; j++) v[15][j] *= rstd;
    }
    if (p.weight || p.bias) {
      const __half* wt = (const __half*)p.weight;
      const __half* bs = (const __half*)p.bias;
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[0][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[0][j] += c[j];
        }
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[1][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[1][j] += c[j];
        }
      }
      if (live && pos + 2 * tpr < nc) {  // chunk slot 2
        const int e = (pos + 2 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[2][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[2][j] += c[j];
        }
      }
      if (live && pos + 3 * tpr < nc) {  // chunk slot 3
        const int e = (pos + 3 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[3][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[3][j] += c[j];
        }
      }
      if (live && pos + 4 * tpr < nc) {  // chunk slot 4
        const int e = (pos + 4 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[4][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[4][j] += c[j];
        }
      }
      if (live && pos + 5 * tpr < nc) {  // chunk slot 5
        const int e = (pos + 5 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[5][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[5][j] += c[j];
        }
      }
      if (live && pos + 6 * tpr < nc) {  // chunk slot 6
        const int e = (pos + 6 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[6][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[6][j] += c[j];
        }
      }
      if (live && pos + 7 * tpr < nc) {  // chunk slot 7
        const int e = (pos + 7 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[7][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[7][j] += c[j];
        }
      }
      if (live && pos + 8 * tpr < nc) {  // chunk slot 8
        const int e = (pos + 8 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[8][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[8][j] += c[j];
        }
      }
      if (live && pos + 9 * tpr < nc) {  // chunk slot 9
        const int e = (pos + 9 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[9][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[9][j] += c[j];
        }
      }
      if (live && pos + 10 * tpr < nc) {  // chunk slot 10
        const int e = (pos + 10 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[10][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[10][j] += c[j];
        }
      }
      if (live && pos + 11 * tpr < nc) {  // chunk slot 11
        const int e = (pos + 11 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[11][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[11][j] += c[j];
        }
      }
      if (live && pos + 12 * tpr < nc) {  // chunk slot 12
        const int e = (pos + 12 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[12][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[12][j] += c[j];
        }
      }
      if (live && pos + 13 * tpr < nc) {  // chunk slot 13
        const int e = (pos + 13 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[13][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[13][j] += c[j];
        }
      }
      if (live && pos + 14 * tpr < nc) {  // chunk slot 14
        const int e = (pos + 14 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[14][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[14][j] += c[j];
        }
      }
      if (live && pos + 15 * tpr < nc) {  // chunk slot 15
        const int e = (pos + 15 * tpr) * 1;
        if (p.weight) {
          float w[1] = {};
          w[0] = fg_to_f32((wt + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[15][j] *= w[j];
        }
        if (p.bias) {
          float c[1] = {};
          c[0] = fg_to_f32((bs + e)[0]);
    #pragma unroll
          for (int j = 0; j < 1; j++) v[15][j] += c[j];
        }
      }
    }
    {
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[0][j] = fmaf(v[0][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[1][j] = fmaf(v[1][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 2 * tpr < nc) {  // chunk slot 2
        const int e = (pos + 2 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[2][j] = fmaf(v[2][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 3 * tpr < nc) {  // chunk slot 3
        const int e = (pos + 3 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[3][j] = fmaf(v[3][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 4 * tpr < nc) {  // chunk slot 4
        const int e = (pos + 4 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[4][j] = fmaf(v[4][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 5 * tpr < nc) {  // chunk slot 5
        const int e = (pos + 5 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[5][j] = fmaf(v[5][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 6 * tpr < nc) {  // chunk slot 6
        const int e = (pos + 6 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[6][j] = fmaf(v[6][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 7 * tpr < nc) {  // chunk slot 7
        const int e = (pos + 7 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[7][j] = fmaf(v[7][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 8 * tpr < nc) {  // chunk slot 8
        const int e = (pos + 8 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[8][j] = fmaf(v[8][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 9 * tpr < nc) {  // chunk slot 9
        const int e = (pos + 9 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[9][j] = fmaf(v[9][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 10 * tpr < nc) {  // chunk slot 10
        const int e = (pos + 10 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[10][j] = fmaf(v[10][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 11 * tpr < nc) {  // chunk slot 11
        const int e = (pos + 11 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[11][j] = fmaf(v[11][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 12 * tpr < nc) {  // chunk slot 12
        const int e = (pos + 12 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[12][j] = fmaf(v[12][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 13 * tpr < nc) {  // chunk slot 13
        const int e = (pos + 13 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[13][j] = fmaf(v[13][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 14 * tpr < nc) {  // chunk slot 14
        const int e = (pos + 14 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[14][j] = fmaf(v[14][j], p.scale_offset + sc[j], sh[j]);
      }
      if (live && pos + 15 * tpr < nc) {  // chunk slot 15
        const int e = (pos + 15 * tpr) * 1;
        float sc[1] = {};
        sc[0] = fg_to_f32((scale_row + e)[0]);
        float sh[1] = {};
        sh[0] = fg_to_f32((shift_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[15][j] = fmaf(v[15][j], p.scale_offset + sc[j], sh[j]);
      }
    }
    {
      __half* orow = (__half*)p.out + b * p.out_stride[0] + l * p.out_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[0][0]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[1][0]);
      }
      if (live && pos + 2 * tpr < nc) {  // chunk slot 2
        const int e = (pos + 2 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[2][0]);
      }
      if (live && pos + 3 * tpr < nc) {  // chunk slot 3
        const int e = (pos + 3 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[3][0]);
      }
      if (live && pos + 4 * tpr < nc) {  // chunk slot 4
        const int e = (pos + 4 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[4][0]);
      }
      if (live && pos + 5 * tpr < nc) {  // chunk slot 5
        const int e = (pos + 5 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[5][0]);
      }
      if (live && pos + 6 * tpr < nc) {  // chunk slot 6
        const int e = (pos + 6 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[6][0]);
      }
      if (live && pos + 7 * tpr < nc) {  // chunk slot 7
        const int e = (pos + 7 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[7][0]);
      }
      if (live && pos + 8 * tpr < nc) {  // chunk slot 8
        const int e = (pos + 8 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[8][0]);
      }
      if (live && pos + 9 * tpr < nc) {  // chunk slot 9
        const int e = (pos + 9 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[9][0]);
      }
      if (live && pos + 10 * tpr < nc) {  // chunk slot 10
        const int e = (pos + 10 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[10][0]);
      }
      if (live && pos + 11 * tpr < nc) {  // chunk slot 11
        const int e = (pos + 11 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[11][0]);
      }
      if (live && pos + 12 * tpr < nc) {  // chunk slot 12
        const int e = (pos + 12 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[12][0]);
      }
      if (live && pos + 13 * tpr < nc) {  // chunk slot 13
        const int e = (pos + 13 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[13][0]);
      }
      if (live && pos + 14 * tpr < nc) {  // chunk slot 14
        const int e = (pos + 14 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[14][0]);
      }
      if (live && pos + 15 * tpr < nc) {  // chunk slot 15
        const int e = (pos + 15 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[15][0]);
      }
    }
  }
}

// Grid: as many blocks as fit on the GPU at once (at most 32 per
// multiprocessor) or fewer for a small call; the row loop covers the rest.
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_norm_modulate_per_token_fp16_res_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_norm_modulate_per_token_params* p = (const fg_norm_modulate_per_token_params*)params;
  static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
  int dev = 0;
  cudaError_t err = cudaGetDevice(&dev);
  if (err != cudaSuccess) return err;
  int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
  if (per_sm == 0) {
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_scalar), 1024, 0);
    if (err != cudaSuccess) return err;
    if (per_sm > 32) per_sm = 32;
    if (per_sm < 1) per_sm = 1;
    if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
  }
  const int64_t wr = 32;  // a row per block
  const int64_t rpb = 32 / wr, threads = 1024;
  const int64_t cap = (int64_t)sm_count * per_sm;
  int64_t blocks = (p->B * p->L + rpb - 1) / rpb;
  if (blocks > cap) blocks = cap;
  fg_launch(FG_ARCH_NAME(fg_norm_modulate_per_token_fp16_res_scalar), (unsigned)blocks, (unsigned)threads, 0, stream, pdl, *p);
  return cudaGetLastError();
}
