// generated from gen/specs/rotary.lua by fusegen: do not edit
// Entry point of qknorm_across_heads_rope_per_head: check every argument, pick the kernel, launch it.
// Order: tensor descriptors, scalars, constraints, variant key (none of which
// needs a GPU), then the device and pointers, then the kernel for this GPU.
#include "fusegen_kernels.h"
#include "fusegen_params.h"

// Signature: the tensors' dims as symbols, their dtypes and access.
static const char* const syms_[] = {"B", "D", "H", "HK", "KW", "QW", "R", "S"};
static const int dtypes_act[] = {FG_DTYPE_BF16, FG_DTYPE_FP16, FG_DTYPE_FP32};
static const int dtypes_weight[] = {FG_DTYPE_FP32, FG_DTYPE_BF16, FG_DTYPE_FP16};
static const int dtypes_table[] = {FG_DTYPE_FP32, FG_DTYPE_BF16, FG_DTYPE_FP16};
static const fg__dtype_group groups_[] = {
    {.name = "act", .count = 3, .dtypes = dtypes_act},
    {.name = "weight", .count = 3, .dtypes = dtypes_weight},
    {.name = "table", .count = 3, .dtypes = dtypes_table},
};
static const fg__tensor_sig tensors_[] = {
    {.name = "q", .access = FG__INOUT, .optional = 0,
     .inplace_of = -1, .dtype_group = 0 /* act */,
     .ndim = 4, .optional_dims = 1, .scalar_access = 0,
     .dims = {
         {.sym = 0, .div = 1, .mul = 1, .broadcast = 0, .optional = 1},  // B?
         {.sym = 7, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // S
         {.sym = 2, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // H
         {.sym = 1, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // D
     }},
    {.name = "k", .access = FG__INOUT, .optional = 0,
     .inplace_of = -1, .dtype_group = 0 /* act */,
     .ndim = 4, .optional_dims = 1, .scalar_access = 0,
     .dims = {
         {.sym = 0, .div = 1, .mul = 1, .broadcast = 0, .optional = 1},  // B?
         {.sym = 7, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // S
         {.sym = 3, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // HK
         {.sym = 1, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // D
     }},
    {.name = "q_weight", .access = FG__IN, .optional = 0,
     .inplace_of = -1, .dtype_group = 1 /* weight */,
     .ndim = 1, .optional_dims = 0, .scalar_access = 0,
     .dims = {
         {.sym = 5, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // QW
     }},
    {.name = "k_weight", .access = FG__IN, .optional = 0,
     .inplace_of = -1, .dtype_group = 1 /* weight */,
     .ndim = 1, .optional_dims = 0, .scalar_access = 0,
     .dims = {
         {.sym = 4, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // KW
     }},
    {.name = "cos", .access = FG__IN, .optional = 0,
     .inplace_of = -1, .dtype_group = 2 /* table */,
     .ndim = 4, .optional_dims = 1, .scalar_access = 0,
     .dims = {
         {.sym = 0, .div = 1, .mul = 1, .broadcast = 0, .optional = 1},  // B?
         {.sym = 2, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // H
         {.sym = 7, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // S
         {.sym = 6, .div = 2, .mul = 1, .broadcast = 0, .optional = 0},  // R/2
     }},
    {.name = "sin", .access = FG__IN, .optional = 0,
     .inplace_of = -1, .dtype_group = 2 /* table */,
     .ndim = 4, .optional_dims = 1, .scalar_access = 0,
     .dims = {
         {.sym = 0, .div = 1, .mul = 1, .broadcast = 0, .optional = 1},  // B?
         {.sym = 2, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // H
         {.sym = 7, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // S
         {.sym = 6, .div = 2, .mul = 1, .broadcast = 0, .optional = 0},  // R/2
     }},
};
static const char* const values_act[] = {"bf16", "fp16", "fp32"};
static const char* const values_weight[] = {"fp32", "bf16", "fp16"};
static const char* const values_table[] = {"fp32", "bf16", "fp16"};
static const char* const values_pairing[] = {"half", "interleaved"};
static const char* const values_head_dim[] = {"64", "128", "any"};
static const char* const values_rot[] = {"full", "partial"};
static const char* const values_access[] = {"vec16", "scalar"};
static const fg__axis_desc axis_desc_[] = {
    {.name = "act", .count = 3, .values = values_act},
    {.name = "weight", .count = 3, .values = values_weight},
    {.name = "table", .count = 3, .values = values_table},
    {.name = "pairing", .count = 2, .values = values_pairing},
    {.name = "head_dim", .count = 3, .values = values_head_dim},
    {.name = "rot", .count = 2, .values = values_rot},
    {.name = "access", .count = 2, .values = values_access},
};
// Also read by fg__bytes_moved (the benchmark's byte count).
const fg__op_sig fg__qknorm_across_heads_rope_per_head_sig = {.fn = "fg_qknorm_across_heads_rope_per_head", .ntensors = 6, .tensors = tensors_,
                                   .nsyms = 8, .syms = syms_, .ngroups = 3, .groups = groups_};

fg_status fg_qknorm_across_heads_rope_per_head(DLTensor* q, DLTensor* k, const DLTensor* q_weight, const DLTensor* k_weight, const DLTensor* cos, const DLTensor* sin, fg_pairing pairing, float eps, fg_norm_rounding norm_rounding, fg_stream_t stream)
{
    const DLTensor* t_[6] = {q, k, q_weight, k_weight, cos, sin};
    fg__call c_;
    fg_status st_ = fg__check_call(&fg__qknorm_across_heads_rope_per_head_sig, t_, &c_);
    if (st_ != FG_OK) return st_;
    const int64_t B = c_.sym[0];
    const int64_t D = c_.sym[1];
    const int64_t H = c_.sym[2];
    const int64_t HK = c_.sym[3];
    const int64_t KW = c_.sym[4];
    const int64_t QW = c_.sym[5];
    const int64_t R = c_.sym[6];
    const int64_t S = c_.sym[7];
    if ((int)pairing < 0 || (int)pairing > 1)
        return fg__fail(FG_ERR_INVALID_ARGUMENT, "fg_qknorm_across_heads_rope_per_head: pairing = %d is not a fg_pairing value", (int)pairing);
    if ((int)norm_rounding < 0 || (int)norm_rounding > 1)
        return fg__fail(FG_ERR_INVALID_ARGUMENT, "fg_qknorm_across_heads_rope_per_head: norm_rounding = %d is not a fg_norm_rounding value", (int)norm_rounding);
    if (!(HK == H))
        return fg__fail(FG_ERR_SHAPE, "fg_qknorm_across_heads_rope_per_head: k must have as many heads as q: they share the per-head tables (HK = %lld, H = %lld)", (long long)HK, (long long)H);
    if (!(QW == H * D))
        return fg__fail(FG_ERR_SHAPE, "fg_qknorm_across_heads_rope_per_head: q_weight must have H * D elements (the weights of all of q's heads) (QW = %lld, H = %lld, D = %lld)", (long long)QW, (long long)H, (long long)D);
    if (!(KW == H * D))
        return fg__fail(FG_ERR_SHAPE, "fg_qknorm_across_heads_rope_per_head: k_weight must have H * D elements (the weights of all of k's heads) (KW = %lld, H = %lld, D = %lld)", (long long)KW, (long long)H, (long long)D);
    if (!(R >= 2 && R <= D))
        return fg__fail(FG_ERR_SHAPE, "fg_qknorm_across_heads_rope_per_head: the rotary dims R = 2 * cos.shape[-1] must be 2 to the head size D (R = %lld, D = %lld)", (long long)R, (long long)D);
    if (!(B * S * 2 * H < 2147483648))
        return fg__fail(FG_ERR_SHAPE, "fg_qknorm_across_heads_rope_per_head: at most 2^31 - 1 heads (tokens x heads) per call (B = %lld, S = %lld, H = %lld)", (long long)B, (long long)S, (long long)H);

    // The variant: one key entry per axis (act, weight, table, pairing, head_dim, rot, access).
    const int VEC = 16 / fg__dtype_size(c_.dtype[0]);
    const int aligned16 = c_.aligned16;
    (void)VEC; (void)aligned16;
    int key_[7];
    int general_[7];
    switch (c_.dtype[0]) {
    case FG_DTYPE_BF16: key_[0] = 0; break;
    case FG_DTYPE_FP16: key_[0] = 1; break;
    case FG_DTYPE_FP32: key_[0] = 2; break;
    default: return fg__fail(FG_ERR_DTYPE, "fg_qknorm_across_heads_rope_per_head: q has dtype %s; supported: bf16, fp16, fp32", fg__dtype_name(c_.dtype[0]));
    }
    general_[0] = -1;
    switch (c_.dtype[2]) {
    case FG_DTYPE_FP32: key_[1] = 0; break;
    case FG_DTYPE_BF16: key_[1] = 1; break;
    case FG_DTYPE_FP16: key_[1] = 2; break;
    default: return fg__fail(FG_ERR_DTYPE, "fg_qknorm_across_heads_rope_per_head: q_weight has dtype %s; supported: fp32, bf16, fp16", fg__dtype_name(c_.dtype[2]));
    }
    general_[1] = -1;
    switch (c_.dtype[4]) {
    case FG_DTYPE_FP32: key_[2] = 0; break;
    case FG_DTYPE_BF16: key_[2] = 1; break;
    case FG_DTYPE_FP16: key_[2] = 2; break;
    default: return fg__fail(FG_ERR_DTYPE, "fg_qknorm_across_heads_rope_per_head: cos has dtype %s; supported: fp32, bf16, fp16", fg__dtype_name(c_.dtype[4]));
    }
    general_[2] = -1;
    switch ((int)pairing) {
    case FG_PAIRING_HALF: key_[3] = 0; break;
    case FG_PAIRING_INTERLEAVED: key_[3] = 1; break;
    default: return fg__fail(FG_ERR_UNSUPPORTED, "fg_qknorm_across_heads_rope_per_head: pairing = %d is not supported; built: half, interleaved", (int)pairing);
    }
    general_[3] = -1;
    switch (D) {
    case 64: key_[4] = 0; break;
    case 128: key_[4] = 1; break;
    default:  // the general variant: D a run-time value
        if (!(D % 2 == 0 && D <= 512))
            return fg__fail(FG_ERR_UNSUPPORTED, "fg_qknorm_across_heads_rope_per_head: D = %lld is not supported; built: 64, 128 and any other with D %% 2 == 0 up to 512", (long long)D);
        key_[4] = 2;
    }
    general_[4] = D % 2 == 0 && D <= 512 ? 2 : -1;
    if (R == D) key_[5] = 0;  // full
    else key_[5] = 1;  // partial
    general_[5] = 1;
    if (aligned16 && R % (2 * VEC) == 0 && D % VEC == 0) key_[6] = 0;  // vec16
    else key_[6] = 1;  // scalar
    general_[6] = 1;

    if (c_.empty) { fg__clear_error(); return FG_OK; }  // nothing to do: launch nothing
    st_ = fg__check_device(&fg__qknorm_across_heads_rope_per_head_sig, &c_, stream);
    if (st_ != FG_OK) return st_;
    const fg__kernel_entry* e_ = fg__find_kernel_general(fg__qknorm_across_heads_rope_per_head_kernels, fg__qknorm_across_heads_rope_per_head_kernel_count, 7, key_, general_, c_.cc, c_.model);
    if (!e_) return fg__no_kernel(&fg__qknorm_across_heads_rope_per_head_sig, key_, 7, axis_desc_, c_.cc, "weights and tables are fp32 or the dtype of q");

    fg_qknorm_across_heads_rope_per_head_params p_;
    p_.q = (void*)c_.data[0];
    fg__copy_strides(p_.q_stride, c_.stride[0], 4);
    p_.k = (void*)c_.data[1];
    fg__copy_strides(p_.k_stride, c_.stride[1], 4);
    p_.q_weight = c_.data[2];
    fg__copy_strides(p_.q_weight_stride, c_.stride[2], 1);
    p_.k_weight = c_.data[3];
    fg__copy_strides(p_.k_weight_stride, c_.stride[3], 1);
    p_.cos = c_.data[4];
    fg__copy_strides(p_.cos_stride, c_.stride[4], 4);
    p_.sin = c_.data[5];
    fg__copy_strides(p_.sin_stride, c_.stride[5], 4);
    p_.B = B;
    p_.D = D;
    p_.H = H;
    p_.HK = HK;
    p_.KW = KW;
    p_.QW = QW;
    p_.R = R;
    p_.S = S;
    p_.pairing = (int32_t)pairing;
    p_.eps = eps;
    p_.norm_rounding = (int32_t)norm_rounding;
    p_.inplace = c_.inplace;
    p_.index32 = c_.index32;
    return fg__launch(&fg__qknorm_across_heads_rope_per_head_sig, e_, &p_, &c_, stream);
}
