#include "serving_ref.h"

#include <math.h>
#include <stdlib.h>

/* e4m3fn: bias 7, 3 mantissa bits; exponent field 0 holds the subnormals
   m * 2^-9; 0x7f and 0xff are NaN; no infinities. For positive values the
   codes 0x00..0x7e are in increasing order. */
uint8_t fp8_from_double(double v) {
  if (isnan(v)) return FP8_NAN;
  const uint8_t sign = signbit(v) ? 0x80 : 0;
  const double a = fabs(v);
  if (a >= FP8_MAX) return sign | 0x7e;
  /* a in [2^ue, 2^(ue+1)), where the codes are 2^(ue-3) apart; below 2^-6
     (the subnormals) they are 2^-9 apart, as in [2^-6, 2^-5) */
  int ue = -6;
  if (a >= ldexp(1, -6)) {
    int e;
    frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
    ue = e - 1;
  }
  const double n = nearbyint(ldexp(a, 3 - ue)); /* ties to even in the default rounding mode */
  /* code (ue + 6) * 8 + n: n = 8 .. 16 past the subnormals (16 carries into
     the next exponent), n = 0 .. 8 below them */
  const long code = (long)(ue + 6) * 8 + (long)n;
  return (uint8_t)(sign | (uint8_t)(code > 0x7e ? 0x7e : code));
}

double fp8_to_double(uint8_t b) {
  const int e = (b >> 3) & 15, m = b & 7;
  if (e == 15 && m == 7) return NAN;
  const double a = e ? ldexp(8 + m, e - 10) : ldexp(m, -9);
  return (b & 0x80) ? -a : a;
}

int fp8_matches(uint8_t got, double ref) {
  if (isnan(ref) || (got & 0x7f) == FP8_NAN) return 0;
  const uint8_t want = fp8_from_double(ref);
  if (got == want) return 1;
  if ((got & 0x80) != (want & 0x80) && (got & 0x7f) && (want & 0x7f)) return 0;
  const double g = fp8_to_double(got), w = fp8_to_double(want);
  /* neighbours: the codes differ by one (same sign) */
  if (abs((int)(got & 0x7f) - (int)(want & 0x7f)) != 1) return 0;
  const double boundary = (g + w) / 2;
  return fabs(ref - boundary) <= 1e-6 * fabs(ref);
}

double round_to(test_dtype t, double v) {
  unsigned char b[4];
  dt_store(t, b, v);
  return dt_load(t, b);
}

static double rms_factor(int64_t C, const double *x, double eps) {
  double ms = 0;
  for (int64_t i = 0; i < C; i++) ms += x[i] * x[i];
  return 1 / sqrt(ms / (double)C + eps);
}

void ref_rmsnorm(int64_t C, const double *x, const double *w, double eps, double *out) {
  const double r = rms_factor(C, x, eps);
  for (int64_t i = 0; i < C; i++) out[i] = x[i] * r * w[i];
}

void ref_layernorm(int64_t C, const double *x, const double *w, const double *b, double eps, double *out) {
  double mean = 0, var = 0;
  for (int64_t i = 0; i < C; i++) mean += x[i];
  mean /= (double)C;
  for (int64_t i = 0; i < C; i++) var += (x[i] - mean) * (x[i] - mean);
  const double r = 1 / sqrt(var / (double)C + eps);
  for (int64_t i = 0; i < C; i++) out[i] = (x[i] - mean) * r * (w ? w[i] : 1) + (b ? b[i] : 0);
}

void ref_fused_add_rmsnorm(test_dtype act, int64_t C, const double *x, const double *residual, const double *w,
                           double eps, double *sum, double *out) {
  for (int64_t i = 0; i < C; i++) sum[i] = round_to(act, x[i] + residual[i]);
  ref_rmsnorm(C, sum, w, eps, out);
}

void ref_silu_and_mul(int64_t C, const double *x, double *out) {
  for (int64_t i = 0; i < C; i++) out[i] = x[i] / (1 + exp(-x[i])) * x[C + i];
}

void ref_gelu_tanh_and_mul(int64_t C, const double *x, double *out) {
  const double k = sqrt(2 / acos(-1.0));
  for (int64_t i = 0; i < C; i++) {
    const double a = x[i];
    /* 0.5 a (1 + tanh(z)) as a / (1 + exp(-2z)): 1 + tanh(z) cancels to 0 in
       double for z below about -19, where the value is tiny but not 0 */
    out[i] = a / (1 + exp(-2 * k * (a + 0.044715 * a * a * a))) * x[C + i];
  }
}

void ref_rmsnorm_quant(int64_t C, const double *x, const double *w, double eps, double scale, double *out) {
  ref_rmsnorm(C, x, w, eps, out);
  for (int64_t i = 0; i < C; i++) out[i] /= scale;
}

void ref_fused_add_rmsnorm_quant(test_dtype act, int64_t C, const double *x, const double *residual,
                                 const double *w, double eps, double scale, double *sum, double *out) {
  ref_fused_add_rmsnorm(act, C, x, residual, w, eps, sum, out);
  for (int64_t i = 0; i < C; i++) out[i] /= scale;
}

double ref_rmsnorm_dynamic_quant(test_dtype act, int64_t C, const double *x, const double *residual,
                                 const double *w, double eps, double ub, double *sum, double *out) {
  if (residual) ref_fused_add_rmsnorm(act, C, x, residual, w, eps, sum, out);
  else ref_rmsnorm(C, x, w, eps, out);
  double amax = 0;
  for (int64_t i = 0; i < C; i++) amax = fmax(amax, fabs(out[i]));
  double s = fmax(amax / FP8_MAX, 1 / (FP8_MAX * 512));
  if (ub >= 0) s = fmin(s, ub);
  for (int64_t i = 0; i < C; i++) out[i] /= s;
  return s;
}

void ref_gated_residual_add(int64_t C, const double *x, const double *gate, const double *residual, double *out) {
  for (int64_t i = 0; i < C; i++) out[i] = residual[i] + gate[i] * x[i];
}
