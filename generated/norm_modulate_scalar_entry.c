// generated from gen/specs/norm_modulate.lua by fusegen: do not edit
// Entry point of norm_modulate_scalar: check every argument, pick the kernel, launch it.
// Order: tensor descriptors, scalars, constraints, variant key (none of which
// needs a GPU), then the device and pointers, then the kernel for this GPU.
#include "fusegen_kernels.h"
#include "fusegen_params.h"

// Signature: the tensors' dims as symbols, their dtypes and access.
static const char* const syms_[] = {"B", "C", "L"};
static const int dtypes_act[] = {FG_DTYPE_BF16, FG_DTYPE_FP16, FG_DTYPE_FP32};
static const fg__dtype_group groups_[] = {
    {.name = "act", .count = 3, .dtypes = dtypes_act},
};
static const fg__tensor_sig tensors_[] = {
    {.name = "x", .access = FG__IN, .optional = 0,
     .inplace_of = -1, .dtype_group = 0 /* act */,
     .ndim = 3, .optional_dims = 0, .scalar_access = 0,
     .dims = {
         {.sym = 0, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // B
         {.sym = 2, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // L
         {.sym = 1, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // C
     }},
    {.name = "out", .access = FG__OUT, .optional = 0,
     .inplace_of = -1, .dtype_group = 0 /* act */,
     .ndim = 3, .optional_dims = 0, .scalar_access = 0,
     .dims = {
         {.sym = 0, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // B
         {.sym = 2, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // L
         {.sym = 1, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // C
     }},
    {.name = "weight", .access = FG__IN, .optional = 1,
     .inplace_of = -1, .dtype_group = 0 /* act */,
     .ndim = 1, .optional_dims = 0, .scalar_access = 0,
     .dims = {
         {.sym = 1, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // C
     }},
    {.name = "bias", .access = FG__IN, .optional = 1,
     .inplace_of = -1, .dtype_group = 0 /* act */,
     .ndim = 1, .optional_dims = 0, .scalar_access = 0,
     .dims = {
         {.sym = 1, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // C
     }},
    {.name = "residual", .access = FG__IN, .optional = 1,
     .inplace_of = -1, .dtype_group = 0 /* act */,
     .ndim = 3, .optional_dims = 0, .scalar_access = 0,
     .dims = {
         {.sym = 0, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // B
         {.sym = 2, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // L
         {.sym = 1, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // C
     }},
    {.name = "residual_gate", .access = FG__IN, .optional = 1,
     .inplace_of = -1, .dtype_group = 0 /* act */,
     .ndim = 3, .optional_dims = 0, .scalar_access = 0,
     .dims = {
         {.sym = 0, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // B
         {.sym = 2, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // L
         {.sym = 1, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // C
     }},
    {.name = "residual_out", .access = FG__OUT, .optional = 1,
     .inplace_of = -1, .dtype_group = 0 /* act */,
     .ndim = 3, .optional_dims = 0, .scalar_access = 0,
     .dims = {
         {.sym = 0, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // B
         {.sym = 2, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // L
         {.sym = 1, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // C
     }},
};
static const char* const values_act[] = {"bf16", "fp16", "fp32"};
static const char* const values_residual[] = {"nores", "res"};
static const char* const values_access[] = {"vec16", "scalar"};
static const fg__axis_desc axis_desc_[] = {
    {.name = "act", .count = 3, .values = values_act},
    {.name = "residual", .count = 2, .values = values_residual},
    {.name = "access", .count = 2, .values = values_access},
};
// Also read by fg__bytes_moved (the benchmark's byte count).
const fg__op_sig fg__norm_modulate_scalar_sig = {.fn = "fg_norm_modulate_scalar", .ntensors = 7, .tensors = tensors_,
                                   .nsyms = 3, .syms = syms_, .ngroups = 1, .groups = groups_};

fg_status fg_norm_modulate_scalar(const DLTensor* x, DLTensor* out, const DLTensor* weight, const DLTensor* bias, const DLTensor* residual, const DLTensor* residual_gate, DLTensor* residual_out, fg_norm norm, float eps, float scale_offset, float scale, float shift, fg_stream_t stream)
{
    const DLTensor* t_[7] = {x, out, weight, bias, residual, residual_gate, residual_out};
    fg__call c_;
    fg_status st_ = fg__check_call(&fg__norm_modulate_scalar_sig, t_, &c_);
    if (st_ != FG_OK) return st_;
    const int64_t B = c_.sym[0];
    const int64_t C = c_.sym[1];
    const int64_t L = c_.sym[2];
    if ((int)norm < 0 || (int)norm > 2)
        return fg__fail(FG_ERR_INVALID_ARGUMENT, "fg_norm_modulate_scalar: norm = %d is not a fg_norm value", (int)norm);
    if (!(C <= 16384))
        return fg__fail(FG_ERR_SHAPE, "fg_norm_modulate_scalar: at most 16384 channels (C = %lld)", (long long)C);
    if (!(B * L < 2147483648))
        return fg__fail(FG_ERR_SHAPE, "fg_norm_modulate_scalar: at most 2^31 - 1 rows (B x L) per call (B = %lld, L = %lld)", (long long)B, (long long)L);

    // The variant: one key entry per axis (act, residual, access).
    const int VEC = 16 / fg__dtype_size(c_.dtype[0]);
    const int aligned16 = c_.aligned16;
    (void)VEC; (void)aligned16;
    int key_[3];
    int general_[3];
    switch (c_.dtype[0]) {
    case FG_DTYPE_BF16: key_[0] = 0; break;
    case FG_DTYPE_FP16: key_[0] = 1; break;
    case FG_DTYPE_FP32: key_[0] = 2; break;
    default: return fg__fail(FG_ERR_DTYPE, "fg_norm_modulate_scalar: x has dtype %s; supported: bf16, fp16, fp32", fg__dtype_name(c_.dtype[0]));
    }
    general_[0] = -1;
    if (!residual && !residual_gate && !residual_out) key_[1] = 0;  // nores
    else if (residual && residual_gate && residual_out) key_[1] = 1;  // res
    else return fg__fail(FG_ERR_INVALID_ARGUMENT, "fg_norm_modulate_scalar: the arguments fit no residual form: residual, residual_gate and residual_out are given together or not at all");
    general_[1] = -1;
    if (aligned16 && C % VEC == 0) key_[2] = 0;  // vec16
    else key_[2] = 1;  // scalar
    general_[2] = 1;

    if (c_.empty) { fg__clear_error(); return FG_OK; }  // nothing to do: launch nothing
    st_ = fg__check_device(&fg__norm_modulate_scalar_sig, &c_, stream);
    if (st_ != FG_OK) return st_;
    const fg__kernel_entry* e_ = fg__find_kernel_general(fg__norm_modulate_scalar_kernels, fg__norm_modulate_scalar_kernel_count, 3, key_, general_, c_.cc, c_.model);
    if (!e_) return fg__no_kernel(&fg__norm_modulate_scalar_sig, key_, 3, axis_desc_, c_.cc, "");

    fg_norm_modulate_scalar_params p_;
    p_.x = c_.data[0];
    fg__copy_strides(p_.x_stride, c_.stride[0], 3);
    p_.out = (void*)c_.data[1];
    fg__copy_strides(p_.out_stride, c_.stride[1], 3);
    p_.weight = c_.data[2];
    fg__copy_strides(p_.weight_stride, c_.stride[2], 1);
    p_.bias = c_.data[3];
    fg__copy_strides(p_.bias_stride, c_.stride[3], 1);
    p_.residual = c_.data[4];
    fg__copy_strides(p_.residual_stride, c_.stride[4], 3);
    p_.residual_gate = c_.data[5];
    fg__copy_strides(p_.residual_gate_stride, c_.stride[5], 3);
    p_.residual_out = (void*)c_.data[6];
    fg__copy_strides(p_.residual_out_stride, c_.stride[6], 3);
    p_.B = B;
    p_.C = C;
    p_.L = L;
    p_.norm = (int32_t)norm;
    p_.eps = eps;
    p_.scale_offset = scale_offset;
    p_.scale = scale;
    p_.shift = shift;
    p_.inplace = c_.inplace;
    p_.index32 = c_.index32;
    return fg__launch(&fg__norm_modulate_scalar_sig, e_, &p_, &c_, stream);
}
