/* Float64 host references of the serving catalogue's row ops (ops.md section
 * 4), one function per op over one row, and float8_e4m3fn on the host: the
 * conversion of a reference value (round to nearest even, saturated to +-448,
 * NaN stays NaN) and the comparison rule of ops.md "Accuracy". */
#ifndef FUSEGEN_TEST_SERVING_REF_H
#define FUSEGEN_TEST_SERVING_REF_H

#include "gpu_util.h"

#include <stdint.h>

#define FP8_MAX 448.0
#define FP8_NAN 0x7f

/* float8_e4m3fn: the byte nearest v (ties to even), saturated to +-448. */
uint8_t fp8_from_double(double v);
double fp8_to_double(uint8_t b);
/* 1 when a kernel's byte matches the reference value ref: the byte
   fp8_from_double(ref), or a neighbour of it where ref lies within 1e-6
   (relative) of the rounding boundary between the two. NaN never matches. */
int fp8_matches(uint8_t got, double ref);

/* v rounded to dtype t (nearest even), as a double. */
double round_to(test_dtype t, double v);

/* One row of each op; inputs and outputs in double. C: channels (for the
   *_and_mul ops the width of out; x holds 2C). */
void ref_rmsnorm(int64_t C, const double *x, const double *w, double eps, double *out);
/* w, b: NULL when left out. */
void ref_layernorm(int64_t C, const double *x, const double *w, const double *b, double eps, double *out);
/* sum = act(x + residual), the value stored over residual; out = rmsnorm(sum) * w. */
void ref_fused_add_rmsnorm(test_dtype act, int64_t C, const double *x, const double *residual, const double *w,
                           double eps, double *sum, double *out);
void ref_silu_and_mul(int64_t C, const double *x, double *out);
void ref_gelu_tanh_and_mul(int64_t C, const double *x, double *out);
/* out = rmsnorm(x) * w / scale (before the fp8 conversion). */
void ref_rmsnorm_quant(int64_t C, const double *x, const double *w, double eps, double scale, double *out);
/* As ref_fused_add_rmsnorm, then out / scale. */
void ref_fused_add_rmsnorm_quant(test_dtype act, int64_t C, const double *x, const double *residual,
                                 const double *w, double eps, double scale, double *sum, double *out);
/* residual: NULL without the residual step (sum then unused); ub < 0: no
   scale_ub. Returns the row's scale s; out = y / s (before fp8). */
double ref_rmsnorm_dynamic_quant(test_dtype act, int64_t C, const double *x, const double *residual,
                                 const double *w, double eps, double ub, double *sum, double *out);
void ref_gated_residual_add(int64_t C, const double *x, const double *gate, const double *residual, double *out);

#endif
