// generated from gen/specs/serving.lua by fusegen: do not edit
// Entry point of rmsnorm: check every argument, pick the kernel, launch it.
// Order: tensor descriptors, scalars, constraints, variant key (none of which
// needs a GPU), then the device and pointers, then the kernel for this GPU.
#include "fusegen_kernels.h"
#include "fusegen_params.h"

// Signature: the tensors' dims as symbols, their dtypes and access.
static const char* const syms[] = {"B", "C", "L"};
static const int dtypes_act[] = {FG_DTYPE_BF16, FG_DTYPE_FP16, FG_DTYPE_FP32};
static const int dtypes_weight[] = {FG_DTYPE_FP32, FG_DTYPE_BF16, FG_DTYPE_FP16};
static const fg__dtype_group groups[] = {
    {"act", 3, dtypes_act},
    {"weight", 3, dtypes_weight},
};
static const fg__tensor_sig tensors[] = {
    {"x", FG__IN, 0, -1, 0, 3, 1, 0, {{0, 1, 1, 0, 1}, {2, 1, 1, 0, 0}, {1, 1, 1, 0, 0}}},
    {"weight", FG__IN, 0, -1, 1, 1, 0, 0, {{1, 1, 1, 0, 0}}},
    {"out", FG__OUT, 1, 0, 0, 3, 1, 0, {{0, 1, 1, 0, 1}, {2, 1, 1, 0, 0}, {1, 1, 1, 0, 0}}},
};
static const char* const values_act[] = {"bf16", "fp16", "fp32"};
static const char* const values_weight[] = {"fp32", "bf16", "fp16"};
static const char* const values_access[] = {"vec16", "scalar"};
static const fg__axis_desc axis_desc[] = {
    {"act", 3, values_act},
    {"weight", 3, values_weight},
    {"access", 2, values_access},
};
// Also read by fg__bytes_moved (the benchmark's byte count).
const fg__op_sig fg__rmsnorm_sig = {"fg_rmsnorm", 3, tensors, 3, syms, 2, groups};
#define sig fg__rmsnorm_sig

fg_status fg_rmsnorm(const DLTensor* x, const DLTensor* weight, DLTensor* out, float eps, fg_stream_t stream)
{
    const DLTensor* t[3] = {x, weight, out};
    fg__call c;
    fg_status st = fg__check_call(&sig, t, &c);
    if (st != FG_OK) return st;
    const int64_t B = c.sym[0];
    const int64_t C = c.sym[1];
    const int64_t L = c.sym[2];
    if (!(C <= 16384))
        return fg__fail(FG_ERR_SHAPE, "fg_rmsnorm: at most 16384 channels (C = %lld)", (long long)C);
    if (!(B * L < 2147483648))
        return fg__fail(FG_ERR_SHAPE, "fg_rmsnorm: at most 2^31 - 1 rows per call (B = %lld, L = %lld)", (long long)B, (long long)L);

    // The variant: one key entry per axis (act, weight, access).
    const int VEC = 16 / fg__dtype_size(c.dtype[0]);
    const int aligned16 = c.aligned16;
    (void)VEC; (void)aligned16;
    int key[3];
    int general[3];
    switch (c.dtype[0]) {
    case FG_DTYPE_BF16: key[0] = 0; break;
    case FG_DTYPE_FP16: key[0] = 1; break;
    case FG_DTYPE_FP32: key[0] = 2; break;
    default: return fg__fail(FG_ERR_DTYPE, "fg_rmsnorm: x has dtype %s; supported: bf16, fp16, fp32", fg__dtype_name(c.dtype[0]));
    }
    general[0] = -1;
    switch (c.dtype[1]) {
    case FG_DTYPE_FP32: key[1] = 0; break;
    case FG_DTYPE_BF16: key[1] = 1; break;
    case FG_DTYPE_FP16: key[1] = 2; break;
    default: return fg__fail(FG_ERR_DTYPE, "fg_rmsnorm: weight has dtype %s; supported: fp32, bf16, fp16", fg__dtype_name(c.dtype[1]));
    }
    general[1] = -1;
    if (aligned16 && C % VEC == 0) key[2] = 0;  // vec16
    else key[2] = 1;  // scalar
    general[2] = 1;

    if (c.empty) { fg__clear_error(); return FG_OK; }  // nothing to do: launch nothing
    st = fg__check_device(&sig, &c);
    if (st != FG_OK) return st;
    const fg__kernel_entry* e = fg__find_kernel_general(fg__rmsnorm_kernels, fg__rmsnorm_kernel_count, 3, key, general, c.cc);
    if (!e) return fg__no_kernel(&sig, key, 3, axis_desc, c.cc, "the weight is fp32 or the dtype of x");

    fg_rmsnorm_params p;
    p.x = c.data[0];
    fg__copy_strides(p.x_stride, c.stride[0], 3);
    p.weight = c.data[1];
    fg__copy_strides(p.weight_stride, c.stride[1], 1);
    p.out = (void*)c.data[2];
    fg__copy_strides(p.out_stride, c.stride[2], 3);
    p.B = B;
    p.C = C;
    p.L = L;
    p.eps = eps;
    p.inplace = c.inplace;
    p.index32 = c.index32;
    return fg__launch(&sig, e, &p, &c, stream);
}
