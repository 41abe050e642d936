// generated from gen/specs/serving.lua by fusegen: do not edit
// gated_residual_add: gated residual add (adaLN-zero's closing step): residual + gate * x
// Compiled once per GPU target with -DFG_SM=<target> (80 for sm_80); kernel
// and launcher names end in _sm<target>.
#include "fusegen_device.cuh"
#include "fusegen_params.h"
#ifndef FG_SM
#error "compile with -DFG_SM=<target>, as generated/sources.ninja does"
#endif

// Kernels of this file (variant: the values of its other axes):
//   gated_residual_add_fp16_vec16: access=vec16
//   gated_residual_add_fp16_scalar: access=scalar

// gated_residual_add_fp16_vec16
//   gated_residual_add: act=fp16 access=vec16
//   mapping: rows of C channels, chunks of 8, 2 chunk slot(s) per thread,
//            a row cut into slices of up to 4 warps, one block each (no stage reduces over it); 16-byte accesses
//            one block per slice; inputs loaded ahead of the stores
__global__ void __launch_bounds__(128, 8)
FG_ARCH_NAME(fg_gated_residual_add_fp16_vec16)(const fg_gated_residual_add_params p, const uint32_t slices, const fg_udiv slices_div)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int C = (int)p.C;
  const int nc = (C + 7) / 8;               // chunks per row
  const int wr = min(4, (nc + 63) / 64);  // warps per slice: fewer for a short row
  const int tpr = 32 * wr;                        // threads per row (per slice)
  // block = row * slices + slice: the launcher's slice count and its divisor
  // (no division here: a block of one chunk a thread is short, and its
  // divisions before the first load cost the long calls 1%)
  const uint32_t row_of_block = fg_udiv_div31(blockIdx.x, slices_div);
  // this thread's place in the row: its slice's first chunk, then the thread
  const int pos = (int)(blockIdx.x - row_of_block * slices) * (2 * tpr) + (int)threadIdx.x;
  // grid (rows x slices of a batch entry, batch entries as y + 65535 z): a
  // multiply-high finds the row, and no loop over b
  {
    const int64_t b = (int64_t)(blockIdx.z * 65535u + blockIdx.y);  // in 32 bits: B * L < 2^31
    if (b >= p.B) return;  // the whole block: no sync is left waiting
    const int64_t l = (int64_t)row_of_block;
    const bool live = true;  // gridDim.x == L * slices
    float v[2][8] = {};  // the row's values, fp32
    // issue: each stage's loads (raw 16-byte chunks), before any store or reduction
    uint4 x_raw[2];
    {
      const __half* xr = (const __half*)p.x + b * p.x_stride[0] + l * p.x_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        x_raw[0] = fg_ld16_stream(xr + e);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        x_raw[1] = fg_ld16_stream(xr + e);
      }
    }
    uint4 residual_raw[2];
    {
      const __half* residual_row = (const __half*)p.residual + b * p.residual_stride[0] + l * p.residual_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        residual_raw[0] = fg_ld16_stream(residual_row + e);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        residual_raw[1] = fg_ld16_stream(residual_row + e);
      }
    }
    uint4 gate_raw[2];
    {
      const __half* gate_row = (const __half*)p.gate + b * p.gate_stride[0] + l * p.gate_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 8;
        gate_raw[0] = fg_ld16_stream(gate_row + e);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 8;
        gate_raw[1] = fg_ld16_stream(gate_row + e);
      }
    }
    // use: the stages' arithmetic and stores on what the loads returned
    if (live && pos < nc) { fg_unpack_fp16x8(x_raw[0], &v[0][0]); }  // chunk slot 0
    if (live && pos + 1 * tpr < nc) { fg_unpack_fp16x8(x_raw[1], &v[1][0]); }  // chunk slot 1
    {
      if (live && pos < nc) {  // chunk slot 0
        float a[8] = {};
        fg_unpack_fp16x8(residual_raw[0], &a[0]);
        float g[8] = {};
        fg_unpack_fp16x8(gate_raw[0], &g[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[0][j] = fmaf(g[j], v[0][j], a[j]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        float a[8] = {};
        fg_unpack_fp16x8(residual_raw[1], &a[0]);
        float g[8] = {};
        fg_unpack_fp16x8(gate_raw[1], &g[0]);
    #pragma unroll
        for (int j = 0; j < 8; j++) v[1][j] = fmaf(g[j], v[1][j], a[j]);
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

// Grid: one block per slice of a row, as (rows x slices of a batch entry, batch
// entries); blocks are scheduled as others finish, so the last wave is short.
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_gated_residual_add_fp16_vec16)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_gated_residual_add_params* p = (const fg_gated_residual_add_params*)params;
  (void)sm_count;
  const int64_t nc = (p->C + 7) / 8, wr = (nc + 63) / 64;
  // a block per slice: L * slices fits grid.x (2^31 - 1), since each slice
  // but a row's last holds at least 512 bytes: L * slices < 2^31 for any rows under 512 GB
  const int64_t threads = 32 * (wr < 4 ? wr : 4), slices = (nc + 2 * threads - 1) / (2 * threads);
  const dim3 grid((unsigned)(p->L * slices), (unsigned)(p->B < 65535 ? p->B : 65535),
          (unsigned)((p->B + 65534) / 65535));
  fg_launch(FG_ARCH_NAME(fg_gated_residual_add_fp16_vec16), grid, (unsigned)threads, 0, stream, pdl, *p, (uint32_t)slices, fg_udiv_make((uint32_t)slices));
  return cudaGetLastError();
}

// gated_residual_add_fp16_scalar
//   gated_residual_add: act=fp16 access=scalar
//   mapping: rows of C channels, chunks of 1, 32 chunk slot(s) per thread,
//            16 warps per block, C up to 16384; element accesses
//            one block per row group
__global__ void __launch_bounds__(512, 1)
FG_ARCH_NAME(fg_gated_residual_add_fp16_scalar)(const fg_gated_residual_add_params p)
{
  fg_grid_dependency();  // the kernel before on the stream has finished (programmatic dependent launch)
  fg_launch_dependents();  // tile pdl_early: the kernel after may be scheduled now, to wait for this one
  const int C = (int)p.C;
  const int nc = (C + 0) / 1;               // chunks per row
  const int wr = 16;  // element path: a row takes the block (constant slot offsets)
  const int tpr = 32 * wr;                        // threads per row
  const int rpb = 16 / wr;                        // rows per block
  const int group = (threadIdx.x >> 5) / wr;      // this thread's row slot
  const int pos = threadIdx.x - group * tpr;      // its place in the row
  // grid (row groups of a batch entry, batch entries as y + 65535 z): no
  // division to find b and l, and no loop over b
  {
    const int64_t b = (int64_t)(blockIdx.z * 65535u + blockIdx.y);  // in 32 bits: B * L < 2^31
    if (b >= p.B) return;  // the whole block: no sync is left waiting
    const int64_t l = (int64_t)blockIdx.x * rpb + group;
    const bool live = group < rpb && l < p.L;
    float v[32][1] = {};  // the row's values, fp32
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
      if (live && pos + 16 * tpr < nc) {  // chunk slot 16
        const int e = (pos + 16 * tpr) * 1;
        v[16][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 17 * tpr < nc) {  // chunk slot 17
        const int e = (pos + 17 * tpr) * 1;
        v[17][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 18 * tpr < nc) {  // chunk slot 18
        const int e = (pos + 18 * tpr) * 1;
        v[18][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 19 * tpr < nc) {  // chunk slot 19
        const int e = (pos + 19 * tpr) * 1;
        v[19][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 20 * tpr < nc) {  // chunk slot 20
        const int e = (pos + 20 * tpr) * 1;
        v[20][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 21 * tpr < nc) {  // chunk slot 21
        const int e = (pos + 21 * tpr) * 1;
        v[21][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 22 * tpr < nc) {  // chunk slot 22
        const int e = (pos + 22 * tpr) * 1;
        v[22][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 23 * tpr < nc) {  // chunk slot 23
        const int e = (pos + 23 * tpr) * 1;
        v[23][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 24 * tpr < nc) {  // chunk slot 24
        const int e = (pos + 24 * tpr) * 1;
        v[24][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 25 * tpr < nc) {  // chunk slot 25
        const int e = (pos + 25 * tpr) * 1;
        v[25][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 26 * tpr < nc) {  // chunk slot 26
        const int e = (pos + 26 * tpr) * 1;
        v[26][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 27 * tpr < nc) {  // chunk slot 27
        const int e = (pos + 27 * tpr) * 1;
        v[27][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 28 * tpr < nc) {  // chunk slot 28
        const int e = (pos + 28 * tpr) * 1;
        v[28][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 29 * tpr < nc) {  // chunk slot 29
        const int e = (pos + 29 * tpr) * 1;
        v[29][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 30 * tpr < nc) {  // chunk slot 30
        const int e = (pos + 30 * tpr) * 1;
        v[30][0] = fg_to_f32((xr + e)[0]);
      }
      if (live && pos + 31 * tpr < nc) {  // chunk slot 31
        const int e = (pos + 31 * tpr) * 1;
        v[31][0] = fg_to_f32((xr + e)[0]);
      }
    }
    {
      const __half* residual_row = (const __half*)p.residual + b * p.residual_stride[0] + l * p.residual_stride[1];
      const __half* gate_row = (const __half*)p.gate + b * p.gate_stride[0] + l * p.gate_stride[1];
      if (live && pos < nc) {  // chunk slot 0
        const int e = pos * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[0][j] = fmaf(g[j], v[0][j], a[j]);
      }
      if (live && pos + 1 * tpr < nc) {  // chunk slot 1
        const int e = (pos + 1 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[1][j] = fmaf(g[j], v[1][j], a[j]);
      }
      if (live && pos + 2 * tpr < nc) {  // chunk slot 2
        const int e = (pos + 2 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[2][j] = fmaf(g[j], v[2][j], a[j]);
      }
      if (live && pos + 3 * tpr < nc) {  // chunk slot 3
        const int e = (pos + 3 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[3][j] = fmaf(g[j], v[3][j], a[j]);
      }
      if (live && pos + 4 * tpr < nc) {  // chunk slot 4
        const int e = (pos + 4 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[4][j] = fmaf(g[j], v[4][j], a[j]);
      }
      if (live && pos + 5 * tpr < nc) {  // chunk slot 5
        const int e = (pos + 5 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[5][j] = fmaf(g[j], v[5][j], a[j]);
      }
      if (live && pos + 6 * tpr < nc) {  // chunk slot 6
        const int e = (pos + 6 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[6][j] = fmaf(g[j], v[6][j], a[j]);
      }
      if (live && pos + 7 * tpr < nc) {  // chunk slot 7
        const int e = (pos + 7 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[7][j] = fmaf(g[j], v[7][j], a[j]);
      }
      if (live && pos + 8 * tpr < nc) {  // chunk slot 8
        const int e = (pos + 8 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[8][j] = fmaf(g[j], v[8][j], a[j]);
      }
      if (live && pos + 9 * tpr < nc) {  // chunk slot 9
        const int e = (pos + 9 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[9][j] = fmaf(g[j], v[9][j], a[j]);
      }
      if (live && pos + 10 * tpr < nc) {  // chunk slot 10
        const int e = (pos + 10 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[10][j] = fmaf(g[j], v[10][j], a[j]);
      }
      if (live && pos + 11 * tpr < nc) {  // chunk slot 11
        const int e = (pos + 11 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[11][j] = fmaf(g[j], v[11][j], a[j]);
      }
      if (live && pos + 12 * tpr < nc) {  // chunk slot 12
        const int e = (pos + 12 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[12][j] = fmaf(g[j], v[12][j], a[j]);
      }
      if (live && pos + 13 * tpr < nc) {  // chunk slot 13
        const int e = (pos + 13 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[13][j] = fmaf(g[j], v[13][j], a[j]);
      }
      if (live && pos + 14 * tpr < nc) {  // chunk slot 14
        const int e = (pos + 14 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[14][j] = fmaf(g[j], v[14][j], a[j]);
      }
      if (live && pos + 15 * tpr < nc) {  // chunk slot 15
        const int e = (pos + 15 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[15][j] = fmaf(g[j], v[15][j], a[j]);
      }
      if (live && pos + 16 * tpr < nc) {  // chunk slot 16
        const int e = (pos + 16 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[16][j] = fmaf(g[j], v[16][j], a[j]);
      }
      if (live && pos + 17 * tpr < nc) {  // chunk slot 17
        const int e = (pos + 17 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[17][j] = fmaf(g[j], v[17][j], a[j]);
      }
      if (live && pos + 18 * tpr < nc) {  // chunk slot 18
        const int e = (pos + 18 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[18][j] = fmaf(g[j], v[18][j], a[j]);
      }
      if (live && pos + 19 * tpr < nc) {  // chunk slot 19
        const int e = (pos + 19 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[19][j] = fmaf(g[j], v[19][j], a[j]);
      }
      if (live && pos + 20 * tpr < nc) {  // chunk slot 20
        const int e = (pos + 20 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[20][j] = fmaf(g[j], v[20][j], a[j]);
      }
      if (live && pos + 21 * tpr < nc) {  // chunk slot 21
        const int e = (pos + 21 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[21][j] = fmaf(g[j], v[21][j], a[j]);
      }
      if (live && pos + 22 * tpr < nc) {  // chunk slot 22
        const int e = (pos + 22 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[22][j] = fmaf(g[j], v[22][j], a[j]);
      }
      if (live && pos + 23 * tpr < nc) {  // chunk slot 23
        const int e = (pos + 23 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[23][j] = fmaf(g[j], v[23][j], a[j]);
      }
      if (live && pos + 24 * tpr < nc) {  // chunk slot 24
        const int e = (pos + 24 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[24][j] = fmaf(g[j], v[24][j], a[j]);
      }
      if (live && pos + 25 * tpr < nc) {  // chunk slot 25
        const int e = (pos + 25 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[25][j] = fmaf(g[j], v[25][j], a[j]);
      }
      if (live && pos + 26 * tpr < nc) {  // chunk slot 26
        const int e = (pos + 26 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[26][j] = fmaf(g[j], v[26][j], a[j]);
      }
      if (live && pos + 27 * tpr < nc) {  // chunk slot 27
        const int e = (pos + 27 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[27][j] = fmaf(g[j], v[27][j], a[j]);
      }
      if (live && pos + 28 * tpr < nc) {  // chunk slot 28
        const int e = (pos + 28 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[28][j] = fmaf(g[j], v[28][j], a[j]);
      }
      if (live && pos + 29 * tpr < nc) {  // chunk slot 29
        const int e = (pos + 29 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[29][j] = fmaf(g[j], v[29][j], a[j]);
      }
      if (live && pos + 30 * tpr < nc) {  // chunk slot 30
        const int e = (pos + 30 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[30][j] = fmaf(g[j], v[30][j], a[j]);
      }
      if (live && pos + 31 * tpr < nc) {  // chunk slot 31
        const int e = (pos + 31 * tpr) * 1;
        float a[1] = {};
        a[0] = fg_to_f32((residual_row + e)[0]);
        float g[1] = {};
        g[0] = fg_to_f32((gate_row + e)[0]);
    #pragma unroll
        for (int j = 0; j < 1; j++) v[31][j] = fmaf(g[j], v[31][j], a[j]);
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
      if (live && pos + 16 * tpr < nc) {  // chunk slot 16
        const int e = (pos + 16 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[16][0]);
      }
      if (live && pos + 17 * tpr < nc) {  // chunk slot 17
        const int e = (pos + 17 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[17][0]);
      }
      if (live && pos + 18 * tpr < nc) {  // chunk slot 18
        const int e = (pos + 18 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[18][0]);
      }
      if (live && pos + 19 * tpr < nc) {  // chunk slot 19
        const int e = (pos + 19 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[19][0]);
      }
      if (live && pos + 20 * tpr < nc) {  // chunk slot 20
        const int e = (pos + 20 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[20][0]);
      }
      if (live && pos + 21 * tpr < nc) {  // chunk slot 21
        const int e = (pos + 21 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[21][0]);
      }
      if (live && pos + 22 * tpr < nc) {  // chunk slot 22
        const int e = (pos + 22 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[22][0]);
      }
      if (live && pos + 23 * tpr < nc) {  // chunk slot 23
        const int e = (pos + 23 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[23][0]);
      }
      if (live && pos + 24 * tpr < nc) {  // chunk slot 24
        const int e = (pos + 24 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[24][0]);
      }
      if (live && pos + 25 * tpr < nc) {  // chunk slot 25
        const int e = (pos + 25 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[25][0]);
      }
      if (live && pos + 26 * tpr < nc) {  // chunk slot 26
        const int e = (pos + 26 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[26][0]);
      }
      if (live && pos + 27 * tpr < nc) {  // chunk slot 27
        const int e = (pos + 27 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[27][0]);
      }
      if (live && pos + 28 * tpr < nc) {  // chunk slot 28
        const int e = (pos + 28 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[28][0]);
      }
      if (live && pos + 29 * tpr < nc) {  // chunk slot 29
        const int e = (pos + 29 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[29][0]);
      }
      if (live && pos + 30 * tpr < nc) {  // chunk slot 30
        const int e = (pos + 30 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[30][0]);
      }
      if (live && pos + 31 * tpr < nc) {  // chunk slot 31
        const int e = (pos + 31 * tpr) * 1;
        (orow + e)[0] = fg_from_f32<__half>(v[31][0]);
      }
    }
  }
}

// Grid: one block per row group, as (row groups of a batch entry, batch entries);
// blocks are scheduled as others finish, so the last wave is short.
extern "C" cudaError_t FG_ARCH_NAME(fg__launch_gated_residual_add_fp16_scalar)(const void* params, int sm_count, int pdl, cudaStream_t stream)
{
  const fg_gated_residual_add_params* p = (const fg_gated_residual_add_params*)params;
  (void)sm_count;
  const int64_t wr = 16;  // a row per block
  const int64_t rpb = 16 / wr, threads = 512;
  const dim3 grid((unsigned)((p->L + rpb - 1) / rpb), (unsigned)(p->B < 65535 ? p->B : 65535),
          (unsigned)((p->B + 65534) / 65535));
  fg_launch(FG_ARCH_NAME(fg_gated_residual_add_fp16_scalar), grid, (unsigned)threads, 0, stream, pdl, *p);
  return cudaGetLastError();
}
