// generated from gen/specs/rotary.lua by fusegen: do not edit
// Entry point of qknorm_rope: check every argument, pick the kernel, launch it.
// Order: tensor descriptors, scalars, constraints, variant key (none of which
// needs a GPU), then the device and pointers, then the kernel for this GPU.
#include "fusegen_kernels.h"
#include "fusegen_params.h"

// Signature: the tensors' dims as symbols, their dtypes and access.
static const char* const syms[] = {"B", "D", "HK", "HQ", "R", "S"};
static const int dtypes_act[] = {FG_DTYPE_BF16, FG_DTYPE_FP16, FG_DTYPE_FP32};
static const int dtypes_weight[] = {FG_DTYPE_FP32, FG_DTYPE_BF16, FG_DTYPE_FP16};
static const int dtypes_table[] = {FG_DTYPE_FP32, FG_DTYPE_BF16, FG_DTYPE_FP16};
static const fg__dtype_group groups[] = {
    {"act", 3, dtypes_act},
    {"weight", 3, dtypes_weight},
    {"table", 3, dtypes_table},
};
static const fg__tensor_sig tensors[] = {
    {"q", FG__INOUT, 0, -1, 0, 4, 1, 0, {{0, 1, 1, 0, 1}, {5, 1, 1, 0, 0}, {3, 1, 1, 0, 0}, {1, 1, 1, 0, 0}}},
    {"k", FG__INOUT, 0, -1, 0, 4, 1, 0, {{0, 1, 1, 0, 1}, {5, 1, 1, 0, 0}, {2, 1, 1, 0, 0}, {1, 1, 1, 0, 0}}},
    {"q_weight", FG__IN, 0, -1, 1, 1, 0, 0, {{1, 1, 1, 0, 0}}},
    {"k_weight", FG__IN, 0, -1, 1, 1, 0, 0, {{1, 1, 1, 0, 0}}},
    {"cos", FG__IN, 0, -1, 2, 2, 0, 0, {{5, 1, 1, 0, 0}, {4, 2, 1, 0, 0}}},
    {"sin", FG__IN, 0, -1, 2, 2, 0, 0, {{5, 1, 1, 0, 0}, {4, 2, 1, 0, 0}}},
};
static const char* const values_act[] = {"bf16", "fp16", "fp32"};
static const char* const values_weight[] = {"fp32", "bf16", "fp16"};
static const char* const values_table[] = {"fp32", "bf16", "fp16"};
static const char* const values_pairing[] = {"interleaved", "half"};
static const char* const values_head_dim[] = {"64", "80", "96", "128", "256", "any"};
static const char* const values_rot[] = {"full", "partial"};
static const char* const values_access[] = {"vec16", "scalar"};
static const fg__axis_desc axis_desc[] = {
    {"act", 3, values_act},
    {"weight", 3, values_weight},
    {"table", 3, values_table},
    {"pairing", 2, values_pairing},
    {"head_dim", 6, values_head_dim},
    {"rot", 2, values_rot},
    {"access", 2, values_access},
};
// Also read by fg__bytes_moved (the benchmark's byte count).
const fg__op_sig fg__qknorm_rope_sig = {"fg_qknorm_rope", 6, tensors, 6, syms, 3, groups};
#define sig fg__qknorm_rope_sig

fg_status fg_qknorm_rope(DLTensor* q, DLTensor* k, const DLTensor* q_weight, const DLTensor* k_weight, const DLTensor* cos, const DLTensor* sin, fg_pairing pairing, float eps, fg_norm_rounding norm_rounding, fg_stream_t stream)
{
    const DLTensor* t[6] = {q, k, q_weight, k_weight, cos, sin};
    fg__call c;
    fg_status st = fg__check_call(&sig, t, &c);
    if (st != FG_OK) return st;
    const int64_t B = c.sym[0];
    const int64_t D = c.sym[1];
    const int64_t HK = c.sym[2];
    const int64_t HQ = c.sym[3];
    const int64_t R = c.sym[4];
    const int64_t S = c.sym[5];
    if ((int)pairing < 0 || (int)pairing > 1)
        return fg__fail(FG_ERR_INVALID_ARGUMENT, "fg_qknorm_rope: pairing = %d is not a fg_pairing value", (int)pairing);
    if ((int)norm_rounding < 0 || (int)norm_rounding > 1)
        return fg__fail(FG_ERR_INVALID_ARGUMENT, "fg_qknorm_rope: norm_rounding = %d is not a fg_norm_rounding value", (int)norm_rounding);
    if (!(R >= 2 && R <= D))
        return fg__fail(FG_ERR_SHAPE, "fg_qknorm_rope: the rotary dims R = 2 * cos.shape[1] must be 2 to the head size D (R = %lld, D = %lld)", (long long)R, (long long)D);
    if (!(B * S * (HQ + HK) < 2147483648))
        return fg__fail(FG_ERR_SHAPE, "fg_qknorm_rope: at most 2^31 - 1 heads (tokens x heads) per call (B = %lld, S = %lld, HQ = %lld, HK = %lld)", (long long)B, (long long)S, (long long)HQ, (long long)HK);

    // The variant: one key entry per axis (act, weight, table, pairing, head_dim, rot, access).
    const int VEC = 16 / fg__dtype_size(c.dtype[0]);
    const int aligned16 = c.aligned16;
    (void)VEC; (void)aligned16;
    int key[7];
    int general[7];
    switch (c.dtype[0]) {
    case FG_DTYPE_BF16: key[0] = 0; break;
    case FG_DTYPE_FP16: key[0] = 1; break;
    case FG_DTYPE_FP32: key[0] = 2; break;
    default: return fg__fail(FG_ERR_DTYPE, "fg_qknorm_rope: q has dtype %s; supported: bf16, fp16, fp32", fg__dtype_name(c.dtype[0]));
    }
    general[0] = -1;
    switch (c.dtype[2]) {
    case FG_DTYPE_FP32: key[1] = 0; break;
    case FG_DTYPE_BF16: key[1] = 1; break;
    case FG_DTYPE_FP16: key[1] = 2; break;
    default: return fg__fail(FG_ERR_DTYPE, "fg_qknorm_rope: q_weight has dtype %s; supported: fp32, bf16, fp16", fg__dtype_name(c.dtype[2]));
    }
    general[1] = -1;
    switch (c.dtype[4]) {
    case FG_DTYPE_FP32: key[2] = 0; break;
    case FG_DTYPE_BF16: key[2] = 1; break;
    case FG_DTYPE_FP16: key[2] = 2; break;
    default: return fg__fail(FG_ERR_DTYPE, "fg_qknorm_rope: cos has dtype %s; supported: fp32, bf16, fp16", fg__dtype_name(c.dtype[4]));
    }
    general[2] = -1;
    switch ((int)pairing) {
    case FG_PAIRING_INTERLEAVED: key[3] = 0; break;
    case FG_PAIRING_HALF: key[3] = 1; break;
    default: return fg__fail(FG_ERR_UNSUPPORTED, "fg_qknorm_rope: pairing = %d is not supported; built: interleaved, half", (int)pairing);
    }
    general[3] = -1;
    switch (D) {
    case 64: key[4] = 0; break;
    case 80: key[4] = 1; break;
    case 96: key[4] = 2; break;
    case 128: key[4] = 3; break;
    case 256: key[4] = 4; break;
    default:  // the general variant: D a run-time value
        if (!(D % 2 == 0 && D <= 512))
            return fg__fail(FG_ERR_UNSUPPORTED, "fg_qknorm_rope: D = %lld is not supported; built: 64, 80, 96, 128, 256 and any other with D %% 2 == 0 up to 512", (long long)D);
        key[4] = 5;
    }
    general[4] = D % 2 == 0 && D <= 512 ? 5 : -1;
    if (R == D) key[5] = 0;  // full
    else key[5] = 1;  // partial
    general[5] = 1;
    if (aligned16 && R % (2 * VEC) == 0 && D % VEC == 0) key[6] = 0;  // vec16
    else key[6] = 1;  // scalar
    general[6] = 1;

    if (c.empty) { fg__clear_error(); return FG_OK; }  // nothing to do: launch nothing
    st = fg__check_device(&sig, &c);
    if (st != FG_OK) return st;
    const fg__kernel_entry* e = fg__find_kernel_general(fg__qknorm_rope_kernels, fg__qknorm_rope_kernel_count, 7, key, general, c.cc);
    if (!e) return fg__no_kernel(&sig, key, 7, axis_desc, c.cc, "weights are fp32 or the dtype of q; the tables are fp32");

    fg_qknorm_rope_params p;
    p.q = (void*)c.data[0];
    fg__copy_strides(p.q_stride, c.stride[0], 4);
    p.k = (void*)c.data[1];
    fg__copy_strides(p.k_stride, c.stride[1], 4);
    p.q_weight = c.data[2];
    fg__copy_strides(p.q_weight_stride, c.stride[2], 1);
    p.k_weight = c.data[3];
    fg__copy_strides(p.k_weight_stride, c.stride[3], 1);
    p.cos = c.data[4];
    fg__copy_strides(p.cos_stride, c.stride[4], 2);
    p.sin = c.data[5];
    fg__copy_strides(p.sin_stride, c.stride[5], 2);
    p.B = B;
    p.D = D;
    p.HK = HK;
    p.HQ = HQ;
    p.R = R;
    p.S = S;
    p.pairing = (int32_t)pairing;
    p.eps = eps;
    p.norm_rounding = (int32_t)norm_rounding;
    p.inplace = c.inplace;
    p.index32 = c.index32;
    return fg__launch(&sig, e, &p, &c, stream);
}
