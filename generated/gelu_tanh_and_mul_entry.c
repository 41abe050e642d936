// generated from gen/specs/serving.lua by fusegen: do not edit
// Entry point of gelu_tanh_and_mul: check every argument, pick the kernel, launch it.
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
     .ndim = 3, .optional_dims = 1, .scalar_access = 0,
     .dims = {
         {.sym = 0, .div = 1, .mul = 1, .broadcast = 0, .optional = 1},  // B?
         {.sym = 2, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // L
         {.sym = 1, .div = 1, .mul = 2, .broadcast = 0, .optional = 0},  // C*2
     }},
    {.name = "out", .access = FG__OUT, .optional = 0,
     .inplace_of = -1, .dtype_group = 0 /* act */,
     .ndim = 3, .optional_dims = 1, .scalar_access = 0,
     .dims = {
         {.sym = 0, .div = 1, .mul = 1, .broadcast = 0, .optional = 1},  // B?
         {.sym = 2, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // L
         {.sym = 1, .div = 1, .mul = 1, .broadcast = 0, .optional = 0},  // C
     }},
};
static const char* const values_act[] = {"bf16", "fp16", "fp32"};
static const char* const values_access[] = {"vec16", "scalar"};
static const fg__axis_desc axis_desc_[] = {
    {.name = "act", .count = 3, .values = values_act},
    {.name = "access", .count = 2, .values = values_access},
};
// Also read by fg__bytes_moved (the benchmark's byte count).
const fg__op_sig fg__gelu_tanh_and_mul_sig = {.fn = "fg_gelu_tanh_and_mul", .ntensors = 2, .tensors = tensors_,
                                   .nsyms = 3, .syms = syms_, .ngroups = 1, .groups = groups_};

fg_status fg_gelu_tanh_and_mul(const DLTensor* x, DLTensor* out, fg_stream_t stream)
{
    const DLTensor* t_[2] = {x, out};
    fg__call c_;
    fg_status st_ = fg__check_call(&fg__gelu_tanh_and_mul_sig, t_, &c_);
    if (st_ != FG_OK) return st_;
    const int64_t B = c_.sym[0];
    const int64_t C = c_.sym[1];
    const int64_t L = c_.sym[2];
    if (!(C <= 16384))
        return fg__fail(FG_ERR_SHAPE, "fg_gelu_tanh_and_mul: at most 16384 channels (C = %lld)", (long long)C);
    if (!(B * L < 2147483648))
        return fg__fail(FG_ERR_SHAPE, "fg_gelu_tanh_and_mul: at most 2^31 - 1 rows per call (B = %lld, L = %lld)", (long long)B, (long long)L);

    // The variant: one key entry per axis (act, access).
    const int VEC = 16 / fg__dtype_size(c_.dtype[0]);
    const int aligned16 = c_.aligned16;
    (void)VEC; (void)aligned16;
    int key_[2];
    int general_[2];
    switch (c_.dtype[0]) {
    case FG_DTYPE_BF16: key_[0] = 0; break;
    case FG_DTYPE_FP16: key_[0] = 1; break;
    case FG_DTYPE_FP32: key_[0] = 2; break;
    default: return fg__fail(FG_ERR_DTYPE, "fg_gelu_tanh_and_mul: x has dtype %s; supported: bf16, fp16, fp32", fg__dtype_name(c_.dtype[0]));
    }
    general_[0] = -1;
    if (aligned16 && C % VEC == 0) key_[1] = 0;  // vec16
    else key_[1] = 1;  // scalar
    general_[1] = 1;

    if (c_.empty) { fg__clear_error(); return FG_OK; }  // nothing to do: launch nothing
    st_ = fg__check_device(&fg__gelu_tanh_and_mul_sig, &c_, stream);
    if (st_ != FG_OK) return st_;
    const fg__kernel_entry* e_ = fg__find_kernel_general(fg__gelu_tanh_and_mul_kernels, fg__gelu_tanh_and_mul_kernel_count, 2, key_, general_, c_.cc, c_.model);
    if (!e_) return fg__no_kernel(&fg__gelu_tanh_and_mul_sig, key_, 2, axis_desc_, c_.cc, "");

    fg_gelu_tanh_and_mul_params p_;
    p_.x = c_.data[0];
    fg__copy_strides(p_.x_stride, c_.stride[0], 3);
    p_.out = (void*)c_.data[1];
    fg__copy_strides(p_.out_stride, c_.stride[1], 3);
    p_.B = B;
    p_.C = C;
    p_.L = L;
    p_.inplace = c_.inplace;
    p_.index32 = c_.index32;
    return fg__launch(&fg__gelu_tanh_and_mul_sig, e_, &p_, &c_, stream);
}
