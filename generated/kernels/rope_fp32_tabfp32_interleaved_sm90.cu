// generated from gen/specs/rope.lua by fusegen: do not edit
// rope: rotary embedding with per-token cos/sin tables
#include "fusegen_device.cuh"
#include "fusegen_params.h"

// rope_fp32_tabfp32_interleaved_d64_full_vec16_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=64 rot=full access=vec16
//   mapping: 16 lanes per head, 2 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d64_full_vec16_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 16;    // this lane's chunk position within its head
    const int group = lane / 16;  // which of the warp's 2 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 2 ? (int)p.H : 2;
    const int64_t tstep = 2 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            {  // chunk slot 0
                const int a = (pos + 0) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][0][0]);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][0][0]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d64_full_vec16_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (2 / (p->H < 2 ? p->H : 2));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d64_full_vec16_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d64_full_scalar_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=64 rot=full access=scalar
//   mapping: 16 lanes per head, 2 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d64_full_scalar_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 16;    // this lane's chunk position within its head
    const int group = lane / 16;  // which of the warp's 2 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 2 ? (int)p.H : 2;
    const int64_t tstep = 2 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            {  // chunk slot 0
                const int a = (pos + 0) * 2;
                cs[0][0] = fg_to_f32((crow + a)[0]);
                cs[0][1] = fg_to_f32((crow + a)[1]);
                sn[0][0] = fg_to_f32((srow + a)[0]);
                sn[0][1] = fg_to_f32((srow + a)[1]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    xa[0][0][0] = fg_to_f32((px + e)[0]);
                    xa[0][0][1] = fg_to_f32((px + e)[1]);
                    xa[0][0][2] = fg_to_f32((px + e)[2]);
                    xa[0][0][3] = fg_to_f32((px + e)[3]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    xa[1][0][0] = fg_to_f32((px + e)[0]);
                    xa[1][0][1] = fg_to_f32((px + e)[1]);
                    xa[1][0][2] = fg_to_f32((px + e)[2]);
                    xa[1][0][3] = fg_to_f32((px + e)[3]);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[1][0][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[1][0][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[1][0][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[1][0][3]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d64_full_scalar_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (2 / (p->H < 2 ? p->H : 2));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d64_full_scalar_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d64_partial_vec16_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=64 rot=partial access=vec16
//   mapping: 16 lanes per head, 2 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d64_partial_vec16_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 16;    // this lane's chunk position within its head
    const int group = lane / 16;  // which of the warp's 2 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 2 ? (int)p.H : 2;
    const int64_t tstep = 2 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int nr = (int)p.R / 4;  // rotate chunks (R is a multiple of 8 here)
    const int np = (64 - (int)p.R) / 4;  // pass chunks
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            if (pos < nr) {  // chunk slot 0
                const int a = (pos + 0) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            uint4 xp[2][1];
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    xp[0][0] = fg_ld16_stream(px + e);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    xp[1][0] = fg_ld16_stream(px + e);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    fg_st16(po + e, xp[0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    fg_st16(po + e, xp[1][0]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d64_partial_vec16_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (2 / (p->H < 2 ? p->H : 2));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d64_partial_vec16_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d64_partial_scalar_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=64 rot=partial access=scalar
//   mapping: 16 lanes per head, 2 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d64_partial_scalar_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 16;    // this lane's chunk position within its head
    const int group = lane / 16;  // which of the warp's 2 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 2 ? (int)p.H : 2;
    const int64_t tstep = 2 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
    const int nr = ((int)p.R + 3) / 4;  // rotate chunks, the last one maybe partial
    const int np = (64 - (int)p.R + 3) / 4;  // pass chunks
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            if (pos < nr) {  // chunk slot 0
                const int a = (pos + 0) * 2;
                if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
                if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
                if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
                if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            float xp[2][1][4];
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
                    if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
                    if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
                    if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 64) xp[0][0][0] = px[e + 0];
                    if (e + 1 < 64) xp[0][0][1] = px[e + 1];
                    if (e + 2 < 64) xp[0][0][2] = px[e + 2];
                    if (e + 3 < 64) xp[0][0][3] = px[e + 3];
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) xa[1][0][0] = fg_to_f32((px + e)[0]);
                    if (e + 1 < (int)p.R) xa[1][0][1] = fg_to_f32((px + e)[1]);
                    if (e + 2 < (int)p.R) xa[1][0][2] = fg_to_f32((px + e)[2]);
                    if (e + 3 < (int)p.R) xa[1][0][3] = fg_to_f32((px + e)[3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 64) xp[1][0][0] = px[e + 0];
                    if (e + 1 < 64) xp[1][0][1] = px[e + 1];
                    if (e + 2 < 64) xp[1][0][2] = px[e + 2];
                    if (e + 3 < 64) xp[1][0][3] = px[e + 3];
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
                    if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
                    if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
                    if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 64) po[e + 0] = xp[0][0][0];
                    if (e + 1 < 64) po[e + 1] = xp[0][0][1];
                    if (e + 2 < 64) po[e + 2] = xp[0][0][2];
                    if (e + 3 < 64) po[e + 3] = xp[0][0][3];
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[1][0][0]);
                    if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[1][0][1]);
                    if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[1][0][2]);
                    if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[1][0][3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 64) po[e + 0] = xp[1][0][0];
                    if (e + 1 < 64) po[e + 1] = xp[1][0][1];
                    if (e + 2 < 64) po[e + 2] = xp[1][0][2];
                    if (e + 3 < 64) po[e + 3] = xp[1][0][3];
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d64_partial_scalar_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (2 / (p->H < 2 ? p->H : 2));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d64_partial_scalar_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d80_full_vec16_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=80 rot=full access=vec16
//   mapping: 20 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d80_full_vec16_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 20;    // this lane's chunk position within its head
    const int group = lane / 20;  // which of the warp's 1 heads
    if (group >= 1) return;       // lanes 20..31 hold no head
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            {  // chunk slot 0
                const int a = (pos + 0) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][0][0]);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][0][0]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d80_full_vec16_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d80_full_vec16_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d80_full_scalar_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=80 rot=full access=scalar
//   mapping: 20 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d80_full_scalar_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 20;    // this lane's chunk position within its head
    const int group = lane / 20;  // which of the warp's 1 heads
    if (group >= 1) return;       // lanes 20..31 hold no head
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            {  // chunk slot 0
                const int a = (pos + 0) * 2;
                cs[0][0] = fg_to_f32((crow + a)[0]);
                cs[0][1] = fg_to_f32((crow + a)[1]);
                sn[0][0] = fg_to_f32((srow + a)[0]);
                sn[0][1] = fg_to_f32((srow + a)[1]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    xa[0][0][0] = fg_to_f32((px + e)[0]);
                    xa[0][0][1] = fg_to_f32((px + e)[1]);
                    xa[0][0][2] = fg_to_f32((px + e)[2]);
                    xa[0][0][3] = fg_to_f32((px + e)[3]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    xa[1][0][0] = fg_to_f32((px + e)[0]);
                    xa[1][0][1] = fg_to_f32((px + e)[1]);
                    xa[1][0][2] = fg_to_f32((px + e)[2]);
                    xa[1][0][3] = fg_to_f32((px + e)[3]);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[1][0][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[1][0][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[1][0][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[1][0][3]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d80_full_scalar_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d80_full_scalar_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d80_partial_vec16_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=80 rot=partial access=vec16
//   mapping: 20 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d80_partial_vec16_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 20;    // this lane's chunk position within its head
    const int group = lane / 20;  // which of the warp's 1 heads
    if (group >= 1) return;       // lanes 20..31 hold no head
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int nr = (int)p.R / 4;  // rotate chunks (R is a multiple of 8 here)
    const int np = (80 - (int)p.R) / 4;  // pass chunks
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            if (pos < nr) {  // chunk slot 0
                const int a = (pos + 0) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            uint4 xp[2][1];
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    xp[0][0] = fg_ld16_stream(px + e);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    xp[1][0] = fg_ld16_stream(px + e);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    fg_st16(po + e, xp[0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    fg_st16(po + e, xp[1][0]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d80_partial_vec16_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d80_partial_vec16_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d80_partial_scalar_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=80 rot=partial access=scalar
//   mapping: 20 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d80_partial_scalar_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 20;    // this lane's chunk position within its head
    const int group = lane / 20;  // which of the warp's 1 heads
    if (group >= 1) return;       // lanes 20..31 hold no head
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
    const int nr = ((int)p.R + 3) / 4;  // rotate chunks, the last one maybe partial
    const int np = (80 - (int)p.R + 3) / 4;  // pass chunks
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            if (pos < nr) {  // chunk slot 0
                const int a = (pos + 0) * 2;
                if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
                if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
                if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
                if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            float xp[2][1][4];
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
                    if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
                    if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
                    if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 80) xp[0][0][0] = px[e + 0];
                    if (e + 1 < 80) xp[0][0][1] = px[e + 1];
                    if (e + 2 < 80) xp[0][0][2] = px[e + 2];
                    if (e + 3 < 80) xp[0][0][3] = px[e + 3];
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) xa[1][0][0] = fg_to_f32((px + e)[0]);
                    if (e + 1 < (int)p.R) xa[1][0][1] = fg_to_f32((px + e)[1]);
                    if (e + 2 < (int)p.R) xa[1][0][2] = fg_to_f32((px + e)[2]);
                    if (e + 3 < (int)p.R) xa[1][0][3] = fg_to_f32((px + e)[3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 80) xp[1][0][0] = px[e + 0];
                    if (e + 1 < 80) xp[1][0][1] = px[e + 1];
                    if (e + 2 < 80) xp[1][0][2] = px[e + 2];
                    if (e + 3 < 80) xp[1][0][3] = px[e + 3];
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
                    if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
                    if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
                    if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 80) po[e + 0] = xp[0][0][0];
                    if (e + 1 < 80) po[e + 1] = xp[0][0][1];
                    if (e + 2 < 80) po[e + 2] = xp[0][0][2];
                    if (e + 3 < 80) po[e + 3] = xp[0][0][3];
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[1][0][0]);
                    if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[1][0][1]);
                    if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[1][0][2]);
                    if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[1][0][3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 80) po[e + 0] = xp[1][0][0];
                    if (e + 1 < 80) po[e + 1] = xp[1][0][1];
                    if (e + 2 < 80) po[e + 2] = xp[1][0][2];
                    if (e + 3 < 80) po[e + 3] = xp[1][0][3];
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d80_partial_scalar_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d80_partial_scalar_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d96_full_vec16_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=96 rot=full access=vec16
//   mapping: 24 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d96_full_vec16_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 24;    // this lane's chunk position within its head
    const int group = lane / 24;  // which of the warp's 1 heads
    if (group >= 1) return;       // lanes 24..31 hold no head
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            {  // chunk slot 0
                const int a = (pos + 0) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][0][0]);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][0][0]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d96_full_vec16_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d96_full_vec16_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d96_full_scalar_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=96 rot=full access=scalar
//   mapping: 24 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d96_full_scalar_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 24;    // this lane's chunk position within its head
    const int group = lane / 24;  // which of the warp's 1 heads
    if (group >= 1) return;       // lanes 24..31 hold no head
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            {  // chunk slot 0
                const int a = (pos + 0) * 2;
                cs[0][0] = fg_to_f32((crow + a)[0]);
                cs[0][1] = fg_to_f32((crow + a)[1]);
                sn[0][0] = fg_to_f32((srow + a)[0]);
                sn[0][1] = fg_to_f32((srow + a)[1]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    xa[0][0][0] = fg_to_f32((px + e)[0]);
                    xa[0][0][1] = fg_to_f32((px + e)[1]);
                    xa[0][0][2] = fg_to_f32((px + e)[2]);
                    xa[0][0][3] = fg_to_f32((px + e)[3]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    xa[1][0][0] = fg_to_f32((px + e)[0]);
                    xa[1][0][1] = fg_to_f32((px + e)[1]);
                    xa[1][0][2] = fg_to_f32((px + e)[2]);
                    xa[1][0][3] = fg_to_f32((px + e)[3]);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[1][0][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[1][0][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[1][0][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[1][0][3]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d96_full_scalar_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d96_full_scalar_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d96_partial_vec16_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=96 rot=partial access=vec16
//   mapping: 24 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d96_partial_vec16_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 24;    // this lane's chunk position within its head
    const int group = lane / 24;  // which of the warp's 1 heads
    if (group >= 1) return;       // lanes 24..31 hold no head
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int nr = (int)p.R / 4;  // rotate chunks (R is a multiple of 8 here)
    const int np = (96 - (int)p.R) / 4;  // pass chunks
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            if (pos < nr) {  // chunk slot 0
                const int a = (pos + 0) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            uint4 xp[2][1];
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    xp[0][0] = fg_ld16_stream(px + e);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    xp[1][0] = fg_ld16_stream(px + e);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    fg_st16(po + e, xp[0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    fg_st16(po + e, xp[1][0]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d96_partial_vec16_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d96_partial_vec16_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d96_partial_scalar_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=96 rot=partial access=scalar
//   mapping: 24 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d96_partial_scalar_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 24;    // this lane's chunk position within its head
    const int group = lane / 24;  // which of the warp's 1 heads
    if (group >= 1) return;       // lanes 24..31 hold no head
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
    const int nr = ((int)p.R + 3) / 4;  // rotate chunks, the last one maybe partial
    const int np = (96 - (int)p.R + 3) / 4;  // pass chunks
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            if (pos < nr) {  // chunk slot 0
                const int a = (pos + 0) * 2;
                if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
                if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
                if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
                if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            float xp[2][1][4];
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
                    if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
                    if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
                    if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 96) xp[0][0][0] = px[e + 0];
                    if (e + 1 < 96) xp[0][0][1] = px[e + 1];
                    if (e + 2 < 96) xp[0][0][2] = px[e + 2];
                    if (e + 3 < 96) xp[0][0][3] = px[e + 3];
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) xa[1][0][0] = fg_to_f32((px + e)[0]);
                    if (e + 1 < (int)p.R) xa[1][0][1] = fg_to_f32((px + e)[1]);
                    if (e + 2 < (int)p.R) xa[1][0][2] = fg_to_f32((px + e)[2]);
                    if (e + 3 < (int)p.R) xa[1][0][3] = fg_to_f32((px + e)[3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 96) xp[1][0][0] = px[e + 0];
                    if (e + 1 < 96) xp[1][0][1] = px[e + 1];
                    if (e + 2 < 96) xp[1][0][2] = px[e + 2];
                    if (e + 3 < 96) xp[1][0][3] = px[e + 3];
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
                    if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
                    if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
                    if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 96) po[e + 0] = xp[0][0][0];
                    if (e + 1 < 96) po[e + 1] = xp[0][0][1];
                    if (e + 2 < 96) po[e + 2] = xp[0][0][2];
                    if (e + 3 < 96) po[e + 3] = xp[0][0][3];
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[1][0][0]);
                    if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[1][0][1]);
                    if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[1][0][2]);
                    if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[1][0][3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 96) po[e + 0] = xp[1][0][0];
                    if (e + 1 < 96) po[e + 1] = xp[1][0][1];
                    if (e + 2 < 96) po[e + 2] = xp[1][0][2];
                    if (e + 3 < 96) po[e + 3] = xp[1][0][3];
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d96_partial_scalar_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d96_partial_scalar_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d128_full_vec16_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=128 rot=full access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d128_full_vec16_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 32;    // this lane's chunk position within its head
    const int group = lane / 32;  // which of the warp's 1 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            {  // chunk slot 0
                const int a = (pos + 0) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][0][0]);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][0][0]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d128_full_vec16_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d128_full_vec16_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d128_full_scalar_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=128 rot=full access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d128_full_scalar_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 32;    // this lane's chunk position within its head
    const int group = lane / 32;  // which of the warp's 1 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            {  // chunk slot 0
                const int a = (pos + 0) * 2;
                cs[0][0] = fg_to_f32((crow + a)[0]);
                cs[0][1] = fg_to_f32((crow + a)[1]);
                sn[0][0] = fg_to_f32((srow + a)[0]);
                sn[0][1] = fg_to_f32((srow + a)[1]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    xa[0][0][0] = fg_to_f32((px + e)[0]);
                    xa[0][0][1] = fg_to_f32((px + e)[1]);
                    xa[0][0][2] = fg_to_f32((px + e)[2]);
                    xa[0][0][3] = fg_to_f32((px + e)[3]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    xa[1][0][0] = fg_to_f32((px + e)[0]);
                    xa[1][0][1] = fg_to_f32((px + e)[1]);
                    xa[1][0][2] = fg_to_f32((px + e)[2]);
                    xa[1][0][3] = fg_to_f32((px + e)[3]);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[1][0][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[1][0][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[1][0][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[1][0][3]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d128_full_scalar_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d128_full_scalar_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d128_partial_vec16_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=128 rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d128_partial_vec16_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 32;    // this lane's chunk position within its head
    const int group = lane / 32;  // which of the warp's 1 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int nr = (int)p.R / 4;  // rotate chunks (R is a multiple of 8 here)
    const int np = (128 - (int)p.R) / 4;  // pass chunks
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            if (pos < nr) {  // chunk slot 0
                const int a = (pos + 0) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            uint4 xp[2][1];
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    xp[0][0] = fg_ld16_stream(px + e);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    xp[1][0] = fg_ld16_stream(px + e);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    fg_st16(po + e, xp[0][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][0][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    fg_st16(po + e, xp[1][0]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d128_partial_vec16_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d128_partial_vec16_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d128_partial_scalar_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=128 rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 1 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d128_partial_scalar_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 32;    // this lane's chunk position within its head
    const int group = lane / 32;  // which of the warp's 1 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
    const int nr = ((int)p.R + 3) / 4;  // rotate chunks, the last one maybe partial
    const int np = (128 - (int)p.R + 3) / 4;  // pass chunks
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[1][2] = {}, sn[1][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            if (pos < nr) {  // chunk slot 0
                const int a = (pos + 0) * 2;
                if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
                if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
                if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
                if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][1][4] = {};
            float xp[2][1][4];
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) xa[0][0][0] = fg_to_f32((px + e)[0]);
                    if (e + 1 < (int)p.R) xa[0][0][1] = fg_to_f32((px + e)[1]);
                    if (e + 2 < (int)p.R) xa[0][0][2] = fg_to_f32((px + e)[2]);
                    if (e + 3 < (int)p.R) xa[0][0][3] = fg_to_f32((px + e)[3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 128) xp[0][0][0] = px[e + 0];
                    if (e + 1 < 128) xp[0][0][1] = px[e + 1];
                    if (e + 2 < 128) xp[0][0][2] = px[e + 2];
                    if (e + 3 < 128) xp[0][0][3] = px[e + 3];
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) xa[1][0][0] = fg_to_f32((px + e)[0]);
                    if (e + 1 < (int)p.R) xa[1][0][1] = fg_to_f32((px + e)[1]);
                    if (e + 2 < (int)p.R) xa[1][0][2] = fg_to_f32((px + e)[2]);
                    if (e + 3 < (int)p.R) xa[1][0][3] = fg_to_f32((px + e)[3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 128) xp[1][0][0] = px[e + 0];
                    if (e + 1 < 128) xp[1][0][1] = px[e + 1];
                    if (e + 2 < 128) xp[1][0][2] = px[e + 2];
                    if (e + 3 < 128) xp[1][0][3] = px[e + 3];
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
                    if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
                    if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
                    if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 128) po[e + 0] = xp[0][0][0];
                    if (e + 1 < 128) po[e + 1] = xp[0][0][1];
                    if (e + 2 < 128) po[e + 2] = xp[0][0][2];
                    if (e + 3 < 128) po[e + 3] = xp[0][0][3];
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[1][0][0]);
                    if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[1][0][1]);
                    if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[1][0][2]);
                    if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[1][0][3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 128) po[e + 0] = xp[1][0][0];
                    if (e + 1 < 128) po[e + 1] = xp[1][0][1];
                    if (e + 2 < 128) po[e + 2] = xp[1][0][2];
                    if (e + 3 < 128) po[e + 3] = xp[1][0][3];
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d128_partial_scalar_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d128_partial_scalar_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d256_full_vec16_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=256 rot=full access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d256_full_vec16_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 32;    // this lane's chunk position within its head
    const int group = lane / 32;  // which of the warp's 1 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[2][2] = {}, sn[2][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            {  // chunk slot 0
                const int a = (pos + 0) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
            }
            {  // chunk slot 1
                const int a = (pos + 32) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[1][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[1][0]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][2][4] = {};
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
                }
                {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][1][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][0][0]);
                }
                {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][1][0]);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
            fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][1][0], xa[1][1][1], cs[1][0], sn[1][0]);
            fg_rotate(xa[1][1][2], xa[1][1][3], cs[1][1], sn[1][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
                }
                {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][1][0]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][0][0]);
                }
                {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][1][0]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d256_full_vec16_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d256_full_vec16_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d256_full_scalar_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=256 rot=full access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d256_full_scalar_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 32;    // this lane's chunk position within its head
    const int group = lane / 32;  // which of the warp's 1 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[2][2] = {}, sn[2][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            {  // chunk slot 0
                const int a = (pos + 0) * 2;
                cs[0][0] = fg_to_f32((crow + a)[0]);
                cs[0][1] = fg_to_f32((crow + a)[1]);
                sn[0][0] = fg_to_f32((srow + a)[0]);
                sn[0][1] = fg_to_f32((srow + a)[1]);
            }
            {  // chunk slot 1
                const int a = (pos + 32) * 2;
                cs[1][0] = fg_to_f32((crow + a)[0]);
                cs[1][1] = fg_to_f32((crow + a)[1]);
                sn[1][0] = fg_to_f32((srow + a)[0]);
                sn[1][1] = fg_to_f32((srow + a)[1]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][2][4] = {};
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    xa[0][0][0] = fg_to_f32((px + e)[0]);
                    xa[0][0][1] = fg_to_f32((px + e)[1]);
                    xa[0][0][2] = fg_to_f32((px + e)[2]);
                    xa[0][0][3] = fg_to_f32((px + e)[3]);
                }
                {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    xa[0][1][0] = fg_to_f32((px + e)[0]);
                    xa[0][1][1] = fg_to_f32((px + e)[1]);
                    xa[0][1][2] = fg_to_f32((px + e)[2]);
                    xa[0][1][3] = fg_to_f32((px + e)[3]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    xa[1][0][0] = fg_to_f32((px + e)[0]);
                    xa[1][0][1] = fg_to_f32((px + e)[1]);
                    xa[1][0][2] = fg_to_f32((px + e)[2]);
                    xa[1][0][3] = fg_to_f32((px + e)[3]);
                }
                {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    xa[1][1][0] = fg_to_f32((px + e)[0]);
                    xa[1][1][1] = fg_to_f32((px + e)[1]);
                    xa[1][1][2] = fg_to_f32((px + e)[2]);
                    xa[1][1][3] = fg_to_f32((px + e)[3]);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
            fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][1][0], xa[1][1][1], cs[1][0], sn[1][0]);
            fg_rotate(xa[1][1][2], xa[1][1][3], cs[1][1], sn[1][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[0][0][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[0][0][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[0][0][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[0][0][3]);
                }
                {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[0][1][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[0][1][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[0][1][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[0][1][3]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[1][0][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[1][0][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[1][0][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[1][0][3]);
                }
                {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    (po + e)[0] = fg_from_f32<float>(xa[1][1][0]);
                    (po + e)[1] = fg_from_f32<float>(xa[1][1][1]);
                    (po + e)[2] = fg_from_f32<float>(xa[1][1][2]);
                    (po + e)[3] = fg_from_f32<float>(xa[1][1][3]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d256_full_scalar_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d256_full_scalar_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d256_partial_vec16_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=256 rot=partial access=vec16
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d256_partial_vec16_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 32;    // this lane's chunk position within its head
    const int group = lane / 32;  // which of the warp's 1 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int nr = (int)p.R / 4;  // rotate chunks (R is a multiple of 8 here)
    const int np = (256 - (int)p.R) / 4;  // pass chunks
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[2][2] = {}, sn[2][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            if (pos < nr) {  // chunk slot 0
                const int a = (pos + 0) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[0][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[0][0]);
            }
            if (pos + 32 < nr) {  // chunk slot 1
                const int a = (pos + 32) * 2;
                fg_load_fp32x2_keep(crow + a + 0, &cs[1][0]);
                fg_load_fp32x2_keep(srow + a + 0, &sn[1][0]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][2][4] = {};
            uint4 xp[2][2];
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][0][0]);
                }
                if (pos + 32 < nr) {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[0][1][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    xp[0][0] = fg_ld16_stream(px + e);
                }
                if (!p.inplace && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
                    const int e = p.R + (pos + 32) * 4;
                    xp[0][1] = fg_ld16_stream(px + e);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][0][0]);
                }
                if (pos + 32 < nr) {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    fg_load_fp32x4_stream(px + e + 0, &xa[1][1][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    xp[1][0] = fg_ld16_stream(px + e);
                }
                if (!p.inplace && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
                    const int e = p.R + (pos + 32) * 4;
                    xp[1][1] = fg_ld16_stream(px + e);
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
            fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][1][0], xa[1][1][1], cs[1][0], sn[1][0]);
            fg_rotate(xa[1][1][2], xa[1][1][3], cs[1][1], sn[1][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][0][0]);
                }
                if (pos + 32 < nr) {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[0][1][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    fg_st16(po + e, xp[0][0]);
                }
                if (!p.inplace && pos + 32 < np) {  // pass chunk slot 1
                    const int e = p.R + (pos + 32) * 4;
                    fg_st16(po + e, xp[0][1]);
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][0][0]);
                }
                if (pos + 32 < nr) {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    fg_store_fp32x4(po + e + 0, &xa[1][1][0]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    fg_st16(po + e, xp[1][0]);
                }
                if (!p.inplace && pos + 32 < np) {  // pass chunk slot 1
                    const int e = p.R + (pos + 32) * 4;
                    fg_st16(po + e, xp[1][1]);
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d256_partial_vec16_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d256_partial_vec16_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}

// rope_fp32_tabfp32_interleaved_d256_partial_scalar_sm90
//   rope: act=fp32 table=fp32 pairing=interleaved head_dim=256 rot=partial access=scalar
//   mapping: 32 lanes per head, 1 heads per warp, 2 rotate chunk(s) of 4 per lane,
//            2 head(s) in flight per lane, 8 warps per block
__global__ void __launch_bounds__(256)
fg_rope_fp32_tabfp32_interleaved_d256_partial_scalar_sm90(const fg_rope_params p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % 32;    // this lane's chunk position within its head
    const int group = lane / 32;  // which of the warp's 1 heads
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < 1 ? (int)p.H : 1;
    const int64_t tstep = 1 / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
    const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant
    const int nr = ((int)p.R + 3) / 4;  // rotate chunks, the last one maybe partial
    const int np = (256 - (int)p.R + 3) / 4;  // pass chunks
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * 8;
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
        // cos/sin of token s: 2 angle(s) per rotate chunk
        float cs[2][2] = {}, sn[2][2] = {};
        {
            const float* crow = (const float*)p.cos + s * p.cos_stride[0];
            const float* srow = (const float*)p.sin + s * p.sin_stride[0];
            if (pos < nr) {  // chunk slot 0
                const int a = (pos + 0) * 2;
                if (a + 0 < rhalf) cs[0][0] = fg_to_f32((crow + a)[0]);
                if (a + 1 < rhalf) cs[0][1] = fg_to_f32((crow + a)[1]);
                if (a + 0 < rhalf) sn[0][0] = fg_to_f32((srow + a)[0]);
                if (a + 1 < rhalf) sn[0][1] = fg_to_f32((srow + a)[1]);
            }
            if (pos + 32 < nr) {  // chunk slot 1
                const int a = (pos + 32) * 2;
                if (a + 0 < rhalf) cs[1][0] = fg_to_f32((crow + a)[0]);
                if (a + 1 < rhalf) cs[1][1] = fg_to_f32((crow + a)[1]);
                if (a + 0 < rhalf) sn[1][0] = fg_to_f32((srow + a)[0]);
                if (a + 1 < rhalf) sn[1][1] = fg_to_f32((srow + a)[1]);
            }
        }
        for (int64_t h = group % hg; h < p.H; h += 2 * hg) {
            float xa[2][2][4] = {};
            float xp[2][2][4];
            {  // head h
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h) * p.x_stride[2];
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
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 256) xp[0][0][0] = px[e + 0];
                    if (e + 1 < 256) xp[0][0][1] = px[e + 1];
                    if (e + 2 < 256) xp[0][0][2] = px[e + 2];
                    if (e + 3 < 256) xp[0][0][3] = px[e + 3];
                }
                if (!p.inplace && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
                    const int e = p.R + (pos + 32) * 4;
                    if (e + 0 < 256) xp[0][1][0] = px[e + 0];
                    if (e + 1 < 256) xp[0][1][1] = px[e + 1];
                    if (e + 2 < 256) xp[0][1][2] = px[e + 2];
                    if (e + 3 < 256) xp[0][1][3] = px[e + 3];
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                const float* px = (const float*)p.x + b * p.x_stride[0] + s * p.x_stride[1] + (h + 1 * hg) * p.x_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) xa[1][0][0] = fg_to_f32((px + e)[0]);
                    if (e + 1 < (int)p.R) xa[1][0][1] = fg_to_f32((px + e)[1]);
                    if (e + 2 < (int)p.R) xa[1][0][2] = fg_to_f32((px + e)[2]);
                    if (e + 3 < (int)p.R) xa[1][0][3] = fg_to_f32((px + e)[3]);
                }
                if (pos + 32 < nr) {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    if (e + 0 < (int)p.R) xa[1][1][0] = fg_to_f32((px + e)[0]);
                    if (e + 1 < (int)p.R) xa[1][1][1] = fg_to_f32((px + e)[1]);
                    if (e + 2 < (int)p.R) xa[1][1][2] = fg_to_f32((px + e)[2]);
                    if (e + 3 < (int)p.R) xa[1][1][3] = fg_to_f32((px + e)[3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0: [R, D) copied as it is
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 256) xp[1][0][0] = px[e + 0];
                    if (e + 1 < 256) xp[1][0][1] = px[e + 1];
                    if (e + 2 < 256) xp[1][0][2] = px[e + 2];
                    if (e + 3 < 256) xp[1][0][3] = px[e + 3];
                }
                if (!p.inplace && pos + 32 < np) {  // pass chunk slot 1: [R, D) copied as it is
                    const int e = p.R + (pos + 32) * 4;
                    if (e + 0 < 256) xp[1][1][0] = px[e + 0];
                    if (e + 1 < 256) xp[1][1][1] = px[e + 1];
                    if (e + 2 < 256) xp[1][1][2] = px[e + 2];
                    if (e + 3 < 256) xp[1][1][3] = px[e + 3];
                }
            }
            // rotate (interleaved pairs): a' = a*cos - b*sin, b' = b*cos + a*sin
            fg_rotate(xa[0][0][0], xa[0][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[0][0][2], xa[0][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[0][1][0], xa[0][1][1], cs[1][0], sn[1][0]);
            fg_rotate(xa[0][1][2], xa[0][1][3], cs[1][1], sn[1][1]);
            fg_rotate(xa[1][0][0], xa[1][0][1], cs[0][0], sn[0][0]);
            fg_rotate(xa[1][0][2], xa[1][0][3], cs[0][1], sn[0][1]);
            fg_rotate(xa[1][1][0], xa[1][1][1], cs[1][0], sn[1][0]);
            fg_rotate(xa[1][1][2], xa[1][1][3], cs[1][1], sn[1][1]);
            {  // head h
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h) * p.out_stride[2];
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
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 256) po[e + 0] = xp[0][0][0];
                    if (e + 1 < 256) po[e + 1] = xp[0][0][1];
                    if (e + 2 < 256) po[e + 2] = xp[0][0][2];
                    if (e + 3 < 256) po[e + 3] = xp[0][0][3];
                }
                if (!p.inplace && pos + 32 < np) {  // pass chunk slot 1
                    const int e = p.R + (pos + 32) * 4;
                    if (e + 0 < 256) po[e + 0] = xp[0][1][0];
                    if (e + 1 < 256) po[e + 1] = xp[0][1][1];
                    if (e + 2 < 256) po[e + 2] = xp[0][1][2];
                    if (e + 3 < 256) po[e + 3] = xp[0][1][3];
                }
            }
            if (h + 1 * hg < p.H) {  // head h + 1 * hg
                float* po = (float*)p.out + b * p.out_stride[0] + s * p.out_stride[1] + (h + 1 * hg) * p.out_stride[2];
                if (pos < nr) {  // rotate chunk slot 0
                    const int e = (pos + 0) * 4;
                    if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[1][0][0]);
                    if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[1][0][1]);
                    if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[1][0][2]);
                    if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[1][0][3]);
                }
                if (pos + 32 < nr) {  // rotate chunk slot 1
                    const int e = (pos + 32) * 4;
                    if (e + 0 < (int)p.R) (po + e)[0] = fg_from_f32<float>(xa[1][1][0]);
                    if (e + 1 < (int)p.R) (po + e)[1] = fg_from_f32<float>(xa[1][1][1]);
                    if (e + 2 < (int)p.R) (po + e)[2] = fg_from_f32<float>(xa[1][1][2]);
                    if (e + 3 < (int)p.R) (po + e)[3] = fg_from_f32<float>(xa[1][1][3]);
                }
                if (!p.inplace && pos < np) {  // pass chunk slot 0
                    const int e = p.R + (pos + 0) * 4;
                    if (e + 0 < 256) po[e + 0] = xp[1][0][0];
                    if (e + 1 < 256) po[e + 1] = xp[1][0][1];
                    if (e + 2 < 256) po[e + 2] = xp[1][0][2];
                    if (e + 3 < 256) po[e + 3] = xp[1][0][3];
                }
                if (!p.inplace && pos + 32 < np) {  // pass chunk slot 1
                    const int e = p.R + (pos + 32) * 4;
                    if (e + 0 < 256) po[e + 0] = xp[1][1][0];
                    if (e + 1 < 256) po[e + 1] = xp[1][1][1];
                    if (e + 2 < 256) po[e + 2] = xp[1][1][2];
                    if (e + 3 < 256) po[e + 3] = xp[1][1][3];
                }
            }
        }
    }
}

// Grid: enough blocks for every token, at most 4 per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t fg__launch_rope_fp32_tabfp32_interleaved_d256_partial_scalar_sm90(const void* params, int sm_count, cudaStream_t stream)
{
    const fg_rope_params* p = (const fg_rope_params*)params;
    const int64_t tokens_per_block = 8 * (1 / (p->H < 1 ? p->H : 1));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * 4;
    if (blocks > cap) blocks = cap;
    fg_rope_fp32_tabfp32_interleaved_d256_partial_scalar_sm90<<<(unsigned)blocks, 256, 0, stream>>>(*p);
    return cudaGetLastError();
}
