/* Status codes, the thread-local error message, the version. */
#include "fusegen_internal.h"

#include <stdarg.h>
#include <stdio.h>

static _Thread_local char last_error[512];

const char *fg_last_error(void) { return last_error; }

void fg__clear_error(void) { last_error[0] = 0; }

fg_status fg__fail(fg_status status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  return status;
}

const char *fg_status_name(fg_status status) {
  switch (status) {
  case FG_OK: return "FG_OK";
  case FG_ERR_INVALID_ARGUMENT: return "FG_ERR_INVALID_ARGUMENT";
  case FG_ERR_DTYPE: return "FG_ERR_DTYPE";
  case FG_ERR_SHAPE: return "FG_ERR_SHAPE";
  case FG_ERR_STRIDE: return "FG_ERR_STRIDE";
  case FG_ERR_ALIGNMENT: return "FG_ERR_ALIGNMENT";
  case FG_ERR_DEVICE: return "FG_ERR_DEVICE";
  case FG_ERR_UNSUPPORTED: return "FG_ERR_UNSUPPORTED";
  case FG_ERR_CUDA: return "FG_ERR_CUDA";
  }
  return "FG_ERR_UNKNOWN";
}

#define FG__STR2(x) #x
#define FG__STR(x) FG__STR2(x)
const char *fg_version(void) {
  return FG__STR(FG_VERSION_MAJOR) "." FG__STR(FG_VERSION_MINOR) "." FG__STR(FG_VERSION_PATCH);
}

int fg__dtype_size(int dtype) {
  switch (dtype) {
  case FG_DTYPE_FP32: case FG_DTYPE_I32: return 4;
  case FG_DTYPE_FP16: case FG_DTYPE_BF16: return 2;
  case FG_DTYPE_I64: return 8;
  case FG_DTYPE_FP8E4M3: return 1;
  }
  return 0;
}

const char *fg__dtype_name(int dtype) {
  switch (dtype) {
  case FG_DTYPE_FP32: return "fp32";
  case FG_DTYPE_FP16: return "fp16";
  case FG_DTYPE_BF16: return "bf16";
  case FG_DTYPE_I32: return "i32";
  case FG_DTYPE_I64: return "i64";
  case FG_DTYPE_FP8E4M3: return "fp8e4m3";
  }
  return "unknown";
}

void fg__copy_strides(int64_t *dst, const int64_t *src, int n) {
  for (int i = 0; i < n; i++) dst[i] = src[i];
}
