// Bound kernels for the rows ops (bench/bounds.c): the least a kernel of a
// rows op's traffic and dependencies can do. Each takes rows of x [R, C] (bf16,
// 16-byte aligned, C a multiple of 8 * 32 * 4), a block per row of C / 32
// threads, 4 chunks of 16 bytes a thread, every chunk loaded before the first
// reduction, as the library's flat rows kernels do; a weight and a bias only
// where the form names them. What a form leaves out of the op is its floor: an
// op cannot run faster than its bound by the same structure.
#include "fusegen_device.cuh"  // the library's conversions: the bounds pay what its kernels pay

namespace {

constexpr int kChunks = 4;

enum Form { STREAM, RMS, LAYER, STREAM_FP8, RMS_FP8, RMS_FP8_DYNAMIC };

// the sum of v over the block (at most 32 warps); every thread gets it
__device__ __forceinline__ float block_sum(float v, float* scratch)
{
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  const int warp = threadIdx.x >> 5, nw = blockDim.x >> 5;
  __syncthreads();  // scratch is free (an earlier reduction has been read)
  if ((threadIdx.x & 31) == 0) scratch[warp] = v;
  __syncthreads();
  float s = 0.f;
  for (int w = 0; w < nw; w++) s += scratch[w];
  return s;
}

__device__ __forceinline__ float block_max(float v, float* scratch)
{
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  const int warp = threadIdx.x >> 5, nw = blockDim.x >> 5;
  __syncthreads();
  if ((threadIdx.x & 31) == 0) scratch[warp] = v;
  __syncthreads();
  float m = 0.f;
  for (int w = 0; w < nw; w++) m = fmaxf(m, scratch[w]);
  return m;
}

// AFFINE: 0 none; 1 a weight [C], 2 a weight and a bias, loaded after the
// reductions (from L1, as every row reads them); 3 and 4: the same loaded raw
// with x, before the reductions (more registers held). MINB: blocks of 256
// threads the registers must allow (4: 64 registers a thread). out2: where
// not NULL, a second output of the row's size that takes a copy of the row
// wb (from L1, as select01's gate_out takes its branch's gate row), last
template <Form F, int AFFINE, int MINB>
__global__ void __launch_bounds__(256, MINB) bound_kernel(const uint4* __restrict__ x, void* __restrict__ out,
                                                    float* __restrict__ row_scale, const uint4* __restrict__ wb,
                                                    int C, float inv_scale, uint4* __restrict__ out2)
{
  __shared__ float scratch[32];
  const int row = blockIdx.x;
  const int per_row = C / 8;  // chunks
  const uint4* xr = x + (size_t)row * per_row;
  uint4 raw[kChunks];
#pragma unroll
  for (int k = 0; k < kChunks; k++) raw[k] = xr[threadIdx.x + k * blockDim.x];
  constexpr bool kW = AFFINE != 0, kB = AFFINE == 2 || AFFINE == 4, kEarly = AFFINE >= 3;
  uint4 wraw[kChunks], braw[kChunks];
  if (kEarly) {
#pragma unroll
    for (int k = 0; k < kChunks; k++) {
      wraw[k] = wb[threadIdx.x + k * blockDim.x];
      if (kB) braw[k] = wb[per_row + threadIdx.x + k * blockDim.x];
    }
  }
  float v[kChunks][8];
#pragma unroll
  for (int k = 0; k < kChunks; k++) fg_unpack_bf16x8<true>(raw[k], v[k]);
  float mul = 1.f, sub = 0.f;
  if (F == RMS || F == RMS_FP8 || F == RMS_FP8_DYNAMIC) {
    float ss = 0.f;
#pragma unroll
    for (int k = 0; k < kChunks; k++)
#pragma unroll
      for (int e = 0; e < 8; e++) ss = fmaf(v[k][e], v[k][e], ss);
    mul = rsqrtf(block_sum(ss, scratch) / C + 1e-6f);
  } else if (F == LAYER) {
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < kChunks; k++)
#pragma unroll
      for (int e = 0; e < 8; e++) s += v[k][e];
    sub = block_sum(s, scratch) / C;
    float ss = 0.f;
#pragma unroll
    for (int k = 0; k < kChunks; k++)
#pragma unroll
      for (int e = 0; e < 8; e++) ss = fmaf(v[k][e] - sub, v[k][e] - sub, ss);
    mul = rsqrtf(block_sum(ss, scratch) / C + 1e-6f);
  }
#pragma unroll
  for (int k = 0; k < kChunks; k++)
#pragma unroll
    for (int e = 0; e < 8; e++) v[k][e] = (v[k][e] - sub) * mul;
  if (kW) {
#pragma unroll
    for (int k = 0; k < kChunks; k++) {
      float w[8], b[8];
      fg_unpack_bf16x8<true>(kEarly ? wraw[k] : wb[threadIdx.x + k * blockDim.x], w);
      if (kB) fg_unpack_bf16x8<true>(kEarly ? braw[k] : wb[per_row + threadIdx.x + k * blockDim.x], b);
#pragma unroll
      for (int e = 0; e < 8; e++) v[k][e] = kB ? fmaf(v[k][e], w[e], b[e]) : v[k][e] * w[e];
    }
  }
  if (F == STREAM || F == RMS || F == LAYER) {
    uint4* o = (uint4*)out + (size_t)row * per_row;
#pragma unroll
    for (int k = 0; k < kChunks; k++) o[threadIdx.x + k * blockDim.x] = make_uint4(fg_pack2(&v[k][0], __nv_bfloat16()), fg_pack2(&v[k][2], __nv_bfloat16()),
                                                  fg_pack2(&v[k][4], __nv_bfloat16()), fg_pack2(&v[k][6], __nv_bfloat16()));
    if (out2) {
      uint4* o2 = out2 + (size_t)row * per_row;
#pragma unroll
      for (int k = 0; k < kChunks; k++) o2[threadIdx.x + k * blockDim.x] = wb[threadIdx.x + k * blockDim.x];
    }
    return;
  }
  float q = inv_scale;
  if (F == RMS_FP8_DYNAMIC) {
    float m = 0.f;
#pragma unroll
    for (int k = 0; k < kChunks; k++)
#pragma unroll
      for (int e = 0; e < 8; e++) m = fmaxf(m, fabsf(v[k][e]));
    const float amax = fmaxf(block_max(m, scratch), 1e-12f);
    q = 448.f / amax;
    if (threadIdx.x == 0) row_scale[row] = amax / 448.f;
  }
#pragma unroll
  for (int k = 0; k < kChunks; k++)
#pragma unroll
    for (int e = 0; e < 8; e++) v[k][e] *= q;
  uint2* o = (uint2*)out + (size_t)row * per_row;
#pragma unroll
  for (int k = 0; k < kChunks; k++) o[threadIdx.x + k * blockDim.x] = make_uint2(fg_pack4_fp8e4m3(&v[k][0]), fg_pack4_fp8e4m3(&v[k][4]));
}

// select01's structure (a LayerNorm row, modulated by a scale and a shift row
// and a gate row copied to a second output; bf16, C / 32 threads of 4 chunks,
// 64 registers), with the library's ways one at a time (FEAT bits): 1 its
// stores (`__stwb`), 2 x loaded under an L2 evict-last policy (the H200's
// tile l2_last), 4 the three rows chosen per row by an int64 index (rows:
// branch 0's scale, shift, gate, then branch 1's), 8 each chunk slot tested
// against a chunk count the kernel reads at run time (the tiles' full_rows = 0)
template <int FEAT>
__global__ void __launch_bounds__(256, 4) select_kernel(const uint4* __restrict__ x, uint4* __restrict__ out,
                                                        uint4* __restrict__ out2, const long long* __restrict__ index,
                                                        const uint4* __restrict__ rows, int C, int nc)
{
  __shared__ float scratch[32];
  const int row = blockIdx.x;
  const int per_row = C / 8;
  const uint4* xr = x + (size_t)row * per_row;
  const unsigned long long policy = (FEAT & 2) ? fg_l2_evict_last() : 0ull;
  uint4 raw[kChunks];
#pragma unroll
  for (int k = 0; k < kChunks; k++) {
    const int c = threadIdx.x + k * blockDim.x;
    raw[k] = make_uint4(0u, 0u, 0u, 0u);
    if (!(FEAT & 8) || c < nc) raw[k] = (FEAT & 2) ? fg_ld16_policy(xr + c, policy) : xr[c];
  }
  const int branch = (FEAT & 4) ? (index[row] != 0) : 0;
  float v[kChunks][8];
#pragma unroll
  for (int k = 0; k < kChunks; k++) fg_unpack_bf16x8<true>(raw[k], v[k]);
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < kChunks; k++)
#pragma unroll
    for (int e = 0; e < 8; e++) s += v[k][e];
  const float mean = block_sum(s, scratch) / C;
  float ss = 0.f;
#pragma unroll
  for (int k = 0; k < kChunks; k++)
#pragma unroll
    for (int e = 0; e < 8; e++) {
      v[k][e] -= mean;
      ss = fmaf(v[k][e], v[k][e], ss);
    }
  const float rstd = rsqrtf(block_sum(ss, scratch) / C + 1e-6f);
  const uint4* scale = rows + branch * 3 * per_row;  // then shift, then gate
  const uint4* shift = scale + per_row;
  const uint4* gate = shift + per_row;
#pragma unroll
  for (int k = 0; k < kChunks; k++) {
    const int c = threadIdx.x + k * blockDim.x;
    if ((FEAT & 8) && c >= nc) continue;
    float sc[8], sh[8];
    fg_unpack_bf16x8<true>(__ldg(scale + c), sc);
    fg_unpack_bf16x8<true>(__ldg(shift + c), sh);
#pragma unroll
    for (int e = 0; e < 8; e++) v[k][e] = fmaf(v[k][e] * rstd, 1.f + sc[e], sh[e]);
  }
  uint4* o = out + (size_t)row * per_row;
#pragma unroll
  for (int k = 0; k < kChunks; k++) {
    const int c = threadIdx.x + k * blockDim.x;
    if ((FEAT & 8) && c >= nc) continue;
    const uint4 r = make_uint4(fg_pack2(&v[k][0], __nv_bfloat16()), fg_pack2(&v[k][2], __nv_bfloat16()),
                               fg_pack2(&v[k][4], __nv_bfloat16()), fg_pack2(&v[k][6], __nv_bfloat16()));
    if (FEAT & 1) fg_st16(o + c, r);
    else o[c] = r;
  }
  uint4* o2 = out2 + (size_t)row * per_row;
#pragma unroll
  for (int k = 0; k < kChunks; k++) {
    const int c = threadIdx.x + k * blockDim.x;
    if ((FEAT & 8) && c >= nc) continue;
    if (FEAT & 1) fg_st16(o2 + c, __ldg(gate + c));
    else o2[c] = __ldg(gate + c);
  }
}

}  // namespace

// form: 0 stream, 1 rms, 2 layer, 3 stream to fp8, 4 rms to fp8, 5 rms to fp8
// with a per-row dynamic scale (row_scale [R]); affine as bound_kernel's, or 5
// and 6: 1 and 2 in 64 registers
// (wb: the weight [C], then the bias [C]); C a multiple of 1024, at most 8192
template <Form F>
static void launch(int affine, dim3 grid, dim3 block, const uint4* x, void* out, float* rs, const uint4* wb, int C,
                   float q, uint4* out2, cudaStream_t s)
{
  switch (affine) {
    case 0: bound_kernel<F, 0, 1><<<grid, block, 0, s>>>(x, out, rs, wb, C, q, out2); break;
    case 1: bound_kernel<F, 1, 1><<<grid, block, 0, s>>>(x, out, rs, wb, C, q, out2); break;
    case 2: bound_kernel<F, 2, 1><<<grid, block, 0, s>>>(x, out, rs, wb, C, q, out2); break;
    case 3: bound_kernel<F, 3, 1><<<grid, block, 0, s>>>(x, out, rs, wb, C, q, out2); break;
    case 4: bound_kernel<F, 4, 1><<<grid, block, 0, s>>>(x, out, rs, wb, C, q, out2); break;
    case 5:
      if constexpr (F == RMS_FP8 || F == RMS_FP8_DYNAMIC) bound_kernel<F, 1, 4><<<grid, block, 0, s>>>(x, out, rs, wb, C, q, out2);
      break;
    default:
      if constexpr (F == LAYER) bound_kernel<F, 2, 4><<<grid, block, 0, s>>>(x, out, rs, wb, C, q, out2);
      break;
  }
}

// out2: NULL, or a second output [R, C] of the bf16 forms (bound_kernel's)
extern "C" cudaError_t fg_bound_run(int form, int affine, const void* x, void* out, float* row_scale, const void* wb,
                                    void* out2, int R, int C, cudaStream_t s)
{
  if (affine < 0 || affine > 6) return cudaErrorInvalidValue;
  if (out2 && form != STREAM && form != RMS && form != LAYER) return cudaErrorInvalidValue;
  const dim3 grid(R), block(C / (8 * kChunks));
  const uint4* xi = (const uint4*)x;
  const uint4* w = (const uint4*)wb;
  switch (form) {
    case STREAM: launch<STREAM>(affine, grid, block, xi, out, row_scale, w, C, 1.f, (uint4*)out2, s); break;
    case RMS: launch<RMS>(affine, grid, block, xi, out, row_scale, w, C, 1.f, (uint4*)out2, s); break;
    case LAYER: launch<LAYER>(affine, grid, block, xi, out, row_scale, w, C, 1.f, (uint4*)out2, s); break;
    case STREAM_FP8: launch<STREAM_FP8>(affine, grid, block, xi, out, row_scale, w, C, 0.5f, (uint4*)out2, s); break;
    case RMS_FP8: launch<RMS_FP8>(affine, grid, block, xi, out, row_scale, w, C, 0.5f, (uint4*)out2, s); break;
    case RMS_FP8_DYNAMIC: launch<RMS_FP8_DYNAMIC>(affine, grid, block, xi, out, row_scale, w, C, 1.f, (uint4*)out2, s); break;
    default: return cudaErrorInvalidValue;
  }
  return cudaGetLastError();
}

// select_kernel<feat> over R rows of C (a multiple of 1024, at most 8192):
// feat one of 0, 1, 2, 4, 8, 15; rows: 6 rows [C] (select_kernel's)
extern "C" cudaError_t fg_bound_select(int feat, const void* x, void* out, void* out2, const long long* index,
                                       const void* rows, int R, int C, cudaStream_t s)
{
  const dim3 grid(R), block(C / (8 * kChunks));
  const uint4* xi = (const uint4*)x;
  const uint4* ri = (const uint4*)rows;
  uint4 *o = (uint4*)out, *o2 = (uint4*)out2;
  const int nc = C / 8;
  switch (feat) {
    case 0: select_kernel<0><<<grid, block, 0, s>>>(xi, o, o2, index, ri, C, nc); break;
    case 1: select_kernel<1><<<grid, block, 0, s>>>(xi, o, o2, index, ri, C, nc); break;
    case 2: select_kernel<2><<<grid, block, 0, s>>>(xi, o, o2, index, ri, C, nc); break;
    case 4: select_kernel<4><<<grid, block, 0, s>>>(xi, o, o2, index, ri, C, nc); break;
    case 8: select_kernel<8><<<grid, block, 0, s>>>(xi, o, o2, index, ri, C, nc); break;
    case 15: select_kernel<15><<<grid, block, 0, s>>>(xi, o, o2, index, ri, C, nc); break;
    default: return cudaErrorInvalidValue;
  }
  return cudaGetLastError();
}
