/* Tests of fg_rope's argument checking and of the status / error / version
 * functions. No GPU is needed: tensors are hand-built DLTensors on device
 * {kDLCUDA, 0} with fake, well-aligned data pointers that are never
 * dereferenced. Everything but the device is checked before the runtime asks
 * CUDA anything; the checks that need the device (pointers, and the choice of
 * a kernel for its GPU) give FG_ERR_DEVICE on a machine without a GPU; on a
 * machine with one, the tensors point into real device memory and those checks
 * are tested for their own status.
 *
 * Baseline call: x bf16 [2, 64, 8, 128] (or [64, 8, 128]) compact, out NULL,
 * cos and sin fp32 [64, 64], FG_PAIRING_INTERLEAVED. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include "fusegen.h"

#include <cuda_runtime_api.h>
#include <dlpack/dlpack.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- memory: four 16 MiB regions (x, out, cos, sin) -------------------------- */

#define REGION ((size_t)16 << 20)
enum { R_X = 0, R_OUT = 1, R_COS = 2, R_SIN = 3 };

/* Fake device addresses without a GPU; a real allocation with one, freed
 * after the last test. */
static char *region_base;

static void free_regions(void) { cudaFree(region_base); }

static char *region(int which) {
  char *base = region_base;
  if (!base) {
    void *p = NULL;
    if (test_have_gpu() && cudaMalloc(&p, 4 * REGION) == cudaSuccess) {
      cudaMemset(p, 0, 4 * REGION); /* calls that launch read it */
      base = region_base = p;
      test_at_end(free_regions);
    } else {
      base = region_base = (char *)(uintptr_t)0x10000000u;
    }
  }
  return base + (size_t)which * REGION;
}

/* ---- building calls ------------------------------------------------------------ */

typedef struct {
  DLTensor t;
  int64_t shape[6], strides[6];
} tensor;

typedef struct {
  tensor x, out, cos, sin;
  int pass_x, pass_out, pass_cos, pass_sin; /* 0: pass NULL */
  int pairing;
} rope_args;

/* A compact tensor of ndim dims over data. */
static void make_tensor(tensor *v, void *data, uint8_t code, uint8_t bits, int ndim, const int64_t *dims) {
  memset(v, 0, sizeof *v);
  v->t.data = data;
  v->t.device.device_type = kDLCUDA;
  v->t.device.device_id = 0;
  v->t.ndim = ndim;
  v->t.dtype.code = code;
  v->t.dtype.bits = bits;
  v->t.dtype.lanes = 1;
  v->t.shape = v->shape;
  v->t.strides = v->strides;
  v->t.byte_offset = 0;
  int64_t s = 1;
  for (int j = ndim - 1; j >= 0; j--) {
    v->shape[j] = dims[j];
    v->strides[j] = s;
    s *= dims[j];
  }
}

static void set_dtype(tensor *v, uint8_t code, uint8_t bits) {
  v->t.dtype.code = code;
  v->t.dtype.bits = bits;
}

/* x (and the unused out) [B, S, H, D], or [S, H, D] when B < 0; cos, sin [S, R/2]. */
static void setup_shape(rope_args *a, int64_t B, int64_t S, int64_t H, int64_t D, int64_t R) {
  memset(a, 0, sizeof *a);
  int64_t dims4[4] = {B, S, H, D}, dims3[3] = {S, H, D}, tab[2] = {S, R / 2};
  if (B < 0) {
    make_tensor(&a->x, region(R_X), kDLBfloat, 16, 3, dims3);
    make_tensor(&a->out, region(R_OUT), kDLBfloat, 16, 3, dims3);
  } else {
    make_tensor(&a->x, region(R_X), kDLBfloat, 16, 4, dims4);
    make_tensor(&a->out, region(R_OUT), kDLBfloat, 16, 4, dims4);
  }
  make_tensor(&a->cos, region(R_COS), kDLFloat, 32, 2, tab);
  make_tensor(&a->sin, region(R_SIN), kDLFloat, 32, 2, tab);
  a->pass_x = a->pass_cos = a->pass_sin = 1;
  a->pass_out = 0;
  a->pairing = FG_PAIRING_INTERLEAVED;
}

static void setup(rope_args *a) { setup_shape(a, 2, 64, 8, 128, 128); }

static fg_status call(rope_args *a) {
  return fg_rope(a->pass_x ? &a->x.t : NULL, a->pass_out ? &a->out.t : NULL, a->pass_cos ? &a->cos.t : NULL,
                 a->pass_sin ? &a->sin.t : NULL, (fg_pairing)a->pairing, NULL);
}

/* ---- expectations ---------------------------------------------------------------- */

/* The call returns want and fg_last_error() names fg_rope and holds n1 and n2. */
static void expect_status(rope_args *a, fg_status want, const char *n1, const char *n2, const char *label) {
  fg_status st = call(a);
  const char *msg = fg_last_error();
  CHECK_MSG(st == want, "%s: got %s, expected %s (message: \"%s\")", label, fg_status_name(st), fg_status_name(want),
            msg);
  if (want == FG_OK) {
    CHECK_MSG(msg[0] == 0, "%s: FG_OK but fg_last_error() is \"%s\"", label, msg);
    return;
  }
  CHECK_MSG(strncmp(msg, "fg_rope: ", 9) == 0, "%s: message does not start with the function: \"%s\"", label, msg);
  if (n1) CHECK_MSG(strstr(msg, n1) != NULL, "%s: message lacks [%s]: \"%s\"", label, n1, msg);
  if (n2) CHECK_MSG(strstr(msg, n2) != NULL, "%s: message lacks [%s]: \"%s\"", label, n2, msg);
}

/* Without a GPU every call that passes the argument checks fails on the device check. */
static void expect_no_device(rope_args *a, const char *label) {
  expect_status(a, FG_ERR_DEVICE, "no usable CUDA device", NULL, label);
}

/* A valid call: FG_OK (and a kernel that ran) with a GPU, FG_ERR_DEVICE without. */
static void expect_valid(rope_args *a, const char *label) {
  if (!test_have_gpu()) { expect_no_device(a, label); return; }
  expect_status(a, FG_OK, NULL, NULL, label);
  cudaError_t err = cudaDeviceSynchronize();
  CHECK_MSG(err == cudaSuccess, "%s: the kernel failed: %s", label, cudaGetErrorString(err));
}

/* ---- version and status names ----------------------------------------------------- */

TEST(test_api_version) {
  char want[64];
  snprintf(want, sizeof want, "%d.%d.%d", FG_VERSION_MAJOR, FG_VERSION_MINOR, FG_VERSION_PATCH);
  const char *v = fg_version();
  CHECK_MSG(v != NULL && !strcmp(v, want), "fg_version() = \"%s\", expected \"%s\"", v ? v : "(null)", want);
  int major = -1, minor = -1, patch = -1, used = 0;
  CHECK_MSG(v && sscanf(v, "%d.%d.%d%n", &major, &minor, &patch, &used) == 3 && v[used] == 0,
            "fg_version() = \"%s\" is not MAJOR.MINOR.PATCH", v ? v : "(null)");
}

/* fg_gpu_model: no such device is NULL with a message (on any machine); on a
   GPU machine, device 0 gives a name, "" or a model's (test_rope_gpu.c forces
   names and checks which kernels run). */
TEST(test_api_gpu_model) {
  CHECK_MSG(fg_gpu_model(-1) == NULL && strstr(fg_last_error(), "fg_gpu_model: no CUDA device -1"),
            "fg_gpu_model(-1): \"%s\"", fg_last_error());
  const char *m = fg_gpu_model(0);
  if (test_have_gpu()) {
    CHECK_MSG(m != NULL && !strcmp(fg_last_error(), ""), "fg_gpu_model(0): NULL on a GPU machine (%s)", fg_last_error());
  } else {
    CHECK_MSG(m == NULL && strstr(fg_last_error(), "fg_gpu_model: no CUDA device 0"), "fg_gpu_model(0) without a GPU: \"%s\"",
              fg_last_error());
  }
}

/* fg_set_pdl: 0 and 1 only, a setting of the calling thread (off by default);
   anything else is refused and leaves the setting as it was. */
static void *pdl_of_new_thread(void *arg) {
  *(int *)arg = fg_pdl();
  return NULL;
}

TEST(test_api_set_pdl) {
  CHECK_MSG(fg_pdl() == 0, "fg_pdl() = %d before any fg_set_pdl", fg_pdl());
  CHECK(fg_set_pdl(1) == FG_OK && fg_pdl() == 1 && !strcmp(fg_last_error(), ""));
  static const int bad[] = {2, -1, 1 << 30};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char want[64];
    snprintf(want, sizeof want, "fg_set_pdl: on is %d, expected 0 or 1", bad[i]);
    CHECK_MSG(fg_set_pdl(bad[i]) == FG_ERR_INVALID_ARGUMENT && strstr(fg_last_error(), want) && fg_pdl() == 1,
              "fg_set_pdl(%d): \"%s\", setting %d", bad[i], fg_last_error(), fg_pdl());
  }
  int other = -1;
  pthread_t t;
  CHECK(pthread_create(&t, NULL, pdl_of_new_thread, &other) == 0 && pthread_join(t, NULL) == 0);
  CHECK_MSG(other == 0, "a new thread starts with fg_pdl() = %d, not 0", other);
  CHECK(fg_set_pdl(0) == FG_OK && fg_pdl() == 0);
}

TEST(test_api_status_names) {
  static const struct {
    fg_status s;
    const char *name;
  } cases[] = {
      {FG_OK, "FG_OK"},
      {FG_ERR_INVALID_ARGUMENT, "FG_ERR_INVALID_ARGUMENT"},
      {FG_ERR_DTYPE, "FG_ERR_DTYPE"},
      {FG_ERR_SHAPE, "FG_ERR_SHAPE"},
      {FG_ERR_STRIDE, "FG_ERR_STRIDE"},
      {FG_ERR_ALIGNMENT, "FG_ERR_ALIGNMENT"},
      {FG_ERR_DEVICE, "FG_ERR_DEVICE"},
      {FG_ERR_UNSUPPORTED, "FG_ERR_UNSUPPORTED"},
      {FG_ERR_CUDA, "FG_ERR_CUDA"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *n = fg_status_name(cases[i].s);
    CHECK_MSG(n && !strcmp(n, cases[i].name), "fg_status_name(%d) = \"%s\", expected \"%s\"", (int)cases[i].s,
              n ? n : "(null)", cases[i].name);
  }
  const char *n = fg_status_name((fg_status)99);
  CHECK_MSG(n != NULL && strlen(n) > 0, "fg_status_name(99) gave no text");
  for (size_t i = 0; n && i < sizeof cases / sizeof cases[0]; i++)
    CHECK_MSG(strcmp(n, cases[i].name) != 0, "fg_status_name(99) = \"%s\", the name of a real status", n);
}

/* ---- calls that pass every argument check ------------------------------------------- */

TEST(test_api_valid_calls_pass_argument_checks) {
  rope_args a;

  setup(&a);
  expect_valid(&a, "x [2, 64, 8, 128] bf16, out NULL");

  setup_shape(&a, -1, 64, 8, 128, 128);
  expect_valid(&a, "x [64, 8, 128] (3-D, [T, H, D])");

  setup(&a);
  a.x.t.strides = NULL;
  a.cos.t.strides = NULL;
  a.sin.t.strides = NULL;
  expect_valid(&a, "strides NULL (compact)");

  setup(&a);
  a.pass_out = 1;
  expect_valid(&a, "out a separate tensor");

  setup(&a);
  a.pass_out = 1;
  a.out.t.data = a.x.t.data;
  expect_valid(&a, "out is x (same data and strides: in place)");

  setup(&a);
  set_dtype(&a.cos, kDLBfloat, 16);
  set_dtype(&a.sin, kDLBfloat, 16);
  expect_valid(&a, "bf16 x, bf16 tables");

  setup(&a);
  set_dtype(&a.x, kDLFloat, 16);
  set_dtype(&a.cos, kDLFloat, 16);
  set_dtype(&a.sin, kDLFloat, 16);
  expect_valid(&a, "fp16 x, fp16 tables");

  setup(&a);
  set_dtype(&a.x, kDLFloat, 16);
  expect_valid(&a, "fp16 x, fp32 tables");

  setup(&a);
  set_dtype(&a.x, kDLFloat, 32);
  expect_valid(&a, "fp32 x, fp32 tables");

  setup(&a);
  a.pairing = FG_PAIRING_HALF;
  expect_valid(&a, "half pairing");

  setup_shape(&a, 2, 64, 8, 128, 64);
  expect_valid(&a, "partial rotation R = 64 of D = 128");

  static const int64_t heads[] = {64, 80, 96, 256};
  for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++) {
    char label[64];
    snprintf(label, sizeof label, "D = R = %lld", (long long)heads[i]);
    setup_shape(&a, 2, 64, 8, heads[i], heads[i]);
    expect_valid(&a, label);
  }

  setup(&a);
  /* x is q of a fused qkv projection [2, 64, 3, 8, 128]: token stride 3*8*128 */
  a.x.strides[0] = 64 * 3 * 8 * 128;
  a.x.strides[1] = 3 * 8 * 128;
  expect_valid(&a, "token stride 3*H*D (a view into qkv)");

  setup(&a);
  a.x.strides[2] = 3 * 128; /* heads interleaved with other data */
  a.x.strides[1] = 8 * 3 * 128;
  a.x.strides[0] = 64 * 8 * 3 * 128;
  expect_valid(&a, "head stride 3*D");

  setup(&a);
  a.pass_out = 1;
  a.x.strides[2] = 0; /* every head of a token reads the same input: fine for an input */
  expect_valid(&a, "x with stride 0 over heads, out separate");

  setup(&a);
  a.x.t.device.device_type = kDLCUDAManaged;
  a.cos.t.device.device_type = kDLCUDAManaged;
  expect_valid(&a, "kDLCUDAManaged tensors");

  setup(&a);
  a.x.t.byte_offset = 256;
  expect_valid(&a, "byte_offset 256");

  setup(&a);
  a.x.t.data = region(R_X) + 2; /* aligned to its element, not to 16 bytes: the scalar path */
  expect_valid(&a, "x aligned to 2 bytes only");
}

TEST(test_api_valid_call_result) {
  rope_args a;
  setup(&a);
  fg_status st = call(&a);
  const char *msg = fg_last_error();
  if (test_have_gpu()) {
    CHECK_MSG(st == FG_OK, "valid call: %s (%s)", fg_status_name(st), msg);
    CHECK_MSG(msg[0] == 0, "fg_last_error() after a success: \"%s\"", msg);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
  } else {
    CHECK_MSG(st == FG_ERR_DEVICE, "valid call without a GPU: %s (%s)", fg_status_name(st), msg);
    CHECK_MSG(strstr(msg, "fg_rope: no usable CUDA device") != NULL, "message: \"%s\"", msg);
  }
}

/* ---- structure ------------------------------------------------------------------------ */

TEST(test_api_null_tensor) {
  rope_args a;
  setup(&a);
  a.pass_x = 0;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "x is NULL", NULL, "x NULL");
  setup(&a);
  a.pass_cos = 0;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "cos is NULL", NULL, "cos NULL");
  setup(&a);
  a.pass_sin = 0;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "sin is NULL", NULL, "sin NULL");
}

TEST(test_api_wrong_ndim) {
  rope_args a;
  setup(&a);
  a.x.t.ndim = 2;
  a.x.shape[0] = 64;
  a.x.shape[1] = 8 * 128;
  a.x.strides[0] = 8 * 128;
  a.x.strides[1] = 1;
  expect_status(&a, FG_ERR_SHAPE, "x must have 3 to 4 dims [B?, S, H, D], got 2", NULL, "2-D x");

  setup(&a);
  int64_t five[5] = {1, 2, 64, 8, 128};
  make_tensor(&a.x, region(R_X), kDLBfloat, 16, 5, five);
  expect_status(&a, FG_ERR_SHAPE, "x must have 3 to 4 dims", "got 5", "5-D x");

  setup(&a);
  a.cos.t.ndim = 1;
  a.cos.shape[0] = 64 * 64;
  a.cos.strides[0] = 1;
  expect_status(&a, FG_ERR_SHAPE, "cos must have 2 dims [S, R/2], got 1", NULL, "1-D cos");

  setup(&a);
  a.pass_out = 1;
  int64_t two[2] = {2 * 64, 8 * 128};
  make_tensor(&a.out, region(R_OUT), kDLBfloat, 16, 2, two);
  expect_status(&a, FG_ERR_SHAPE, "out must have 3 to 4 dims", "got 2", "2-D out");
}

TEST(test_api_wrong_dtype) {
  static const struct {
    int tensor; /* 0 x, 2 cos */
    uint8_t code, bits;
    uint16_t lanes;
    const char *n1, *n2;
  } cases[] = {
      {0, kDLInt, 8, 1, "x has dtype int8 (lanes 1)", "accepted: bf16, fp16, fp32"},
      {0, kDLFloat, 64, 1, "x has dtype float64", "accepted: bf16, fp16, fp32"},
      {0, kDLBfloat, 16, 2, "x has dtype bfloat16 (lanes 2)", NULL},
      {0, kDLUInt, 16, 1, "x has dtype uint16", NULL},
      {0, kDLInt, 32, 1, "x has dtype int32", NULL},
      {2, kDLInt, 32, 1, "cos has dtype int32 (lanes 1)", "accepted: fp32, bf16, fp16"},
      {2, kDLFloat, 64, 1, "cos has dtype float64", NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    rope_args a;
    setup(&a);
    tensor *v = cases[i].tensor == 0 ? &a.x : &a.cos;
    set_dtype(v, cases[i].code, cases[i].bits);
    v->t.dtype.lanes = cases[i].lanes;
    expect_status(&a, FG_ERR_DTYPE, cases[i].n1, cases[i].n2, cases[i].n1);
  }
}

TEST(test_api_dtype_mismatch) {
  rope_args a;
  setup(&a);
  set_dtype(&a.sin, kDLBfloat, 16);
  expect_status(&a, FG_ERR_DTYPE, "sin is bf16 but cos is fp32", "same dtype", "cos fp32, sin bf16");

  setup(&a);
  a.pass_out = 1;
  set_dtype(&a.out, kDLFloat, 32);
  expect_status(&a, FG_ERR_DTYPE, "out is fp32 but x is bf16", "same dtype", "x bf16, out fp32");
}

TEST(test_api_every_table_dtype) {
  /* every activation dtype with every table dtype has a kernel */
  static const uint8_t codes[3] = {kDLFloat, kDLBfloat, kDLFloat}, bits[3] = {32, 16, 16};
  for (int x = 0; x < 3; x++)
    for (int t = 0; t < 3; t++) {
      rope_args a;
      setup(&a);
      set_dtype(&a.x, codes[x], bits[x]);
      set_dtype(&a.cos, codes[t], bits[t]);
      set_dtype(&a.sin, codes[t], bits[t]);
      char label[64];
      snprintf(label, sizeof label, "x dtype %d/%d, tables %d/%d", codes[x], bits[x], codes[t], bits[t]);
      expect_valid(&a, label);
    }
}

TEST(test_api_shape_mismatch) {
  rope_args a;
  setup(&a);
  a.cos.shape[0] = 32;
  expect_status(&a, FG_ERR_SHAPE, "cos.shape[0] gives S = 32 but x.shape[1] gives S = 64", NULL, "cos rows != S");

  setup(&a);
  a.sin.shape[1] = 32;
  a.sin.strides[0] = 32;
  expect_status(&a, FG_ERR_SHAPE, "sin.shape[1] gives R = 64 but cos.shape[1] gives R = 128", NULL, "sin R/2 != cos R/2");

  setup(&a);
  a.pass_out = 1;
  a.out.shape[2] = 4;
  expect_status(&a, FG_ERR_SHAPE, "out.shape[2] gives H = 4 but x.shape[2] gives H = 8", NULL, "out H != x H");

  setup(&a);
  a.pass_out = 1;
  a.out.shape[3] = 64;
  expect_status(&a, FG_ERR_SHAPE, "out.shape[3] gives D = 64 but x.shape[3] gives D = 128", NULL, "out D != x D");

  setup_shape(&a, -1, 64, 8, 128, 128);
  a.pass_out = 1;
  int64_t four[4] = {2, 64, 8, 128};
  make_tensor(&a.out, region(R_OUT), kDLBfloat, 16, 4, four);
  expect_status(&a, FG_ERR_SHAPE, "out.shape[0] gives B = 2 but x (no dim: 1) gives B = 1", NULL,
                "3-D x, 4-D out with B = 2");
}

TEST(test_api_rotary_dims_exceed_head_size) {
  rope_args a;
  setup_shape(&a, 2, 64, 8, 128, 144); /* cos [64, 72]: R = 144 > D = 128 */
  expect_status(&a, FG_ERR_SHAPE, "must be 2 to the head size D", "R = 144, D = 128", "R > D");
  /* an empty call is still checked, and gets there without a device */
  setup_shape(&a, 2, 0, 8, 128, 144);
  expect_status(&a, FG_ERR_SHAPE, "must be 2 to the head size D", "R = 144, D = 128", "R > D, empty");
}

TEST(test_api_head_size_not_built) {
  rope_args a;
  setup_shape(&a, 2, 64, 8, 73, 72); /* odd: no variant, not even the general one */
  expect_status(&a, FG_ERR_UNSUPPORTED, "D = 73 is not supported", "any other with D % 2 == 0 up to 512", "D = 73");
  setup_shape(&a, 2, 64, 8, 72, 72); /* the general variant takes it */
  expect_valid(&a, "D = 72");
  setup_shape(&a, 2, 64, 8, 1024, 1024);
  expect_status(&a, FG_ERR_UNSUPPORTED, "D = 1024 is not supported", NULL, "D = 1024");
}

/* ---- strides ---------------------------------------------------------------------------- */

TEST(test_api_last_dim_not_contiguous) {
  rope_args a;
  setup(&a);
  a.x.strides[3] = 2;
  expect_status(&a, FG_ERR_STRIDE, "x.strides[3] = 2", "last dim must be contiguous", "x last stride 2");
  setup(&a);
  a.cos.strides[1] = 64;
  a.cos.strides[0] = 1;
  expect_status(&a, FG_ERR_STRIDE, "cos.strides[1] = 64", "last dim must be contiguous", "cos transposed");
  setup(&a);
  a.pass_out = 1;
  a.out.strides[3] = 0;
  expect_status(&a, FG_ERR_STRIDE, "out.strides[3] = 0", "last dim must be contiguous", "out last stride 0");
}

TEST(test_api_negative_stride) {
  rope_args a;
  setup(&a);
  a.x.strides[1] = -1024;
  expect_status(&a, FG_ERR_STRIDE, "x.strides[1] = -1024", "strides must be 0 to 2^40", "x negative token stride");
  setup(&a);
  a.sin.strides[0] = -64;
  expect_status(&a, FG_ERR_STRIDE, "sin.strides[0] = -64", NULL, "sin negative row stride");
}

TEST(test_api_stride_or_size_too_large) {
  rope_args a;
  setup(&a);
  a.x.strides[0] = ((int64_t)1 << 40) + 1;
  expect_status(&a, FG_ERR_STRIDE, "x.strides[0] = 1099511627777", "strides must be 0 to 2^40", "stride > 2^40");
  setup(&a);
  a.x.shape[0] = ((int64_t)1 << 40) + 1;
  expect_status(&a, FG_ERR_SHAPE, "x.shape[0] = 1099511627777 is out of range", NULL, "size > 2^40");
  setup(&a);
  a.x.shape[0] = -2;
  expect_status(&a, FG_ERR_SHAPE, "x.shape[0] = -2 is out of range", NULL, "negative size");
  /* empty, but sizes whose product (0 counted as 1) passes 2^60: the generated
     constraints multiply sizes in int64 (found by tests/fuzz/fuzz_args.c) */
  setup(&a);
  a.x.shape[0] = (int64_t)1 << 40;
  a.x.shape[1] = (int64_t)1 << 40;
  a.x.shape[2] = 0;
  a.x.t.strides = NULL;
  expect_status(&a, FG_ERR_SHAPE, "x has too many elements (over 2^60", NULL, "empty x with huge sizes");
  /* a byte offset past the end of the address space (found by the fuzzer) */
  setup(&a);
  a.x.t.byte_offset = UINT64_MAX - 8;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "x.byte_offset = 18446744073709551607 runs past the end of the address space",
                NULL, "byte_offset wraps");
}

/* ---- pointers -------------------------------------------------------------------------- */

TEST(test_api_null_shape) {
  rope_args a;
  setup(&a);
  a.x.t.shape = NULL;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "x.shape is NULL", NULL, "x.shape NULL");
  setup(&a);
  a.sin.t.shape = NULL;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "sin.shape is NULL", NULL, "sin.shape NULL");
}

TEST(test_api_null_data) {
  rope_args a;
  setup(&a);
  a.x.t.data = NULL;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "x.data is NULL", NULL, "x.data NULL");
  setup(&a);
  a.cos.t.data = NULL;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "cos.data is NULL", NULL, "cos.data NULL");
  setup(&a);
  a.pass_out = 1;
  a.out.t.data = NULL;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "out.data is NULL", NULL, "out.data NULL");
}

TEST(test_api_misaligned_data) {
  rope_args a;
  setup(&a);
  a.x.t.data = region(R_X) + 1;
  expect_status(&a, FG_ERR_ALIGNMENT, "x data", "not aligned to its element size 2", "x at an odd address");
  setup(&a);
  a.x.t.byte_offset = 3;
  expect_status(&a, FG_ERR_ALIGNMENT, "x data", "byte_offset 3", "x with byte_offset 3");
  setup(&a);
  a.cos.t.data = region(R_COS) + 2;
  expect_status(&a, FG_ERR_ALIGNMENT, "cos data", "not aligned to its element size 4", "fp32 cos at 2 bytes");
}

/* ---- devices ------------------------------------------------------------------------------ */

TEST(test_api_host_device_type) {
  rope_args a;
  setup(&a);
  a.x.t.device.device_type = kDLCPU;
  expect_status(&a, FG_ERR_DEVICE, "x is on DLPack device type 1, not CUDA", NULL, "x on kDLCPU");
  setup(&a);
  a.sin.t.device.device_type = kDLCUDAHost;
  expect_status(&a, FG_ERR_DEVICE, "sin is on DLPack device type 3, not CUDA", NULL, "sin on kDLCUDAHost");
}

TEST(test_api_mixed_device_ids) {
  rope_args a;
  setup(&a);
  a.cos.t.device.device_id = 1;
  expect_status(&a, FG_ERR_DEVICE, "cos is on cuda:1 but x is on cuda:0", NULL, "cos on cuda:1");
  setup(&a);
  a.pass_out = 1;
  a.out.t.device.device_id = 2;
  expect_status(&a, FG_ERR_DEVICE, "out is on cuda:2 but x is on cuda:0", NULL, "out on cuda:2");
}

/* ---- outputs and overlap ------------------------------------------------------------------ */

TEST(test_api_out_overlaps_input) {
  rope_args a;
  setup(&a);
  a.pass_out = 1;
  a.out.t.data = region(R_X) + 256; /* half a head further on */
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "out overlaps x", NULL, "out = x + 128 elements");

  setup(&a);
  a.pass_out = 1;
  a.out.t.data = region(R_X); /* same memory, heads and tokens swapped: not x itself */
  a.out.strides[1] = 128;
  a.out.strides[2] = 64 * 128;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "out overlaps x", NULL, "out = x with other strides");

  setup(&a);
  a.pass_out = 1;
  a.out.t.data = region(R_COS) + 4096;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "out overlaps cos", NULL, "out over the cos table");
}

TEST(test_api_out_self_overlap) {
  rope_args a;
  setup(&a);
  a.pass_out = 1;
  a.out.strides[2] = 0; /* all 8 heads of a token written to one place */
  expect_status(&a, FG_ERR_STRIDE, "out has strides under which two elements share an address", NULL,
                "out head stride 0");
  setup(&a);
  a.pass_out = 1;
  a.out.strides[1] = 64; /* tokens half a head apart */
  expect_status(&a, FG_ERR_STRIDE, "out has strides under which two elements share an address", NULL,
                "out token stride 64 < D");
}

TEST(test_api_inplace_self_overlap) {
  /* In place, x is the output: a broadcast x (stride 0 over heads) would be
   * written by every head at once. */
  rope_args a;
  setup(&a);
  a.x.strides[2] = 0;
  fg_status st = call(&a);
  CHECK_MSG(st == FG_ERR_STRIDE, "in place (out NULL) with x head stride 0: got %s, expected FG_ERR_STRIDE (\"%s\")",
            fg_status_name(st), fg_last_error());
  CHECK_MSG(strncmp(fg_last_error(), "fg_rope: ", 9) == 0, "message: \"%s\"", fg_last_error());

  setup(&a);
  a.x.strides[2] = 0;
  a.pass_out = 1;
  a.out.t.data = a.x.t.data;
  a.out.strides[2] = 0;
  st = call(&a);
  CHECK_MSG(st == FG_ERR_STRIDE, "in place (out = x) with head stride 0: got %s, expected FG_ERR_STRIDE (\"%s\")",
            fg_status_name(st), fg_last_error());
}

TEST(test_api_inplace_overlaps_table) {
  /* In place, x is written: it must not overlap the tables it reads. */
  rope_args a;
  setup(&a);
  a.cos.t.data = region(R_X) + 4096;
  fg_status st = call(&a);
  CHECK_MSG(st == FG_ERR_INVALID_ARGUMENT, "in place with cos inside x: got %s, expected FG_ERR_INVALID_ARGUMENT (\"%s\")",
            fg_status_name(st), fg_last_error());
  CHECK_MSG(strstr(fg_last_error(), "overlaps") != NULL, "message: \"%s\"", fg_last_error());
}

TEST(test_api_inplace_size1_dim_strides) {
  /* out describing exactly x's elements is x itself (in place), whatever the
   * stride of a dim of size 1 (PyTorch gives such dims arbitrary strides). */
  rope_args a;
  setup_shape(&a, 1, 64, 8, 128, 128);
  a.pass_out = 1;
  a.out.t.data = a.x.t.data;
  a.out.strides[0] = 12345;
  fg_status st = call(&a);
  CHECK_MSG(st != FG_ERR_INVALID_ARGUMENT, "out = x but for the stride of its size-1 dim: refused: \"%s\"",
            fg_last_error());
  if (st != FG_ERR_INVALID_ARGUMENT) expect_valid(&a, "out = x, other stride on the size-1 dim");

  setup_shape(&a, -1, 64, 8, 128, 128); /* x [T, H, D], out [1, T, H, D] over the same memory */
  a.pass_out = 1;
  int64_t four[4] = {1, 64, 8, 128};
  make_tensor(&a.out, a.x.t.data, kDLBfloat, 16, 4, four);
  st = call(&a);
  CHECK_MSG(st != FG_ERR_INVALID_ARGUMENT, "x [T, H, D], out = the same memory as [1, T, H, D]: refused: \"%s\"",
            fg_last_error());
  if (st != FG_ERR_INVALID_ARGUMENT) expect_valid(&a, "x 3-D, out 4-D view of x");
}

/* ---- scalars ---------------------------------------------------------------------------------- */

TEST(test_api_bad_pairing) {
  rope_args a;
  setup(&a);
  a.pairing = 7;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "pairing = 7", "not a fg_pairing value", "pairing 7");
  setup(&a);
  a.pairing = -1;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "pairing = -1", "not a fg_pairing value", "pairing -1");
  /* an empty call is still checked, and gets there without a device */
  setup_shape(&a, 2, 0, 8, 128, 128);
  a.pairing = 7;
  expect_status(&a, FG_ERR_INVALID_ARGUMENT, "pairing = 7", "not a fg_pairing value", "pairing 7, empty");
}

/* ---- empty tensors ---------------------------------------------------------------------------- */

TEST(test_api_empty_tensor) {
  rope_args a;
  setup_shape(&a, 2, 0, 8, 128, 128);
  expect_status(&a, FG_OK, NULL, NULL, "S = 0");

  setup_shape(&a, -1, 0, 8, 128, 128);
  expect_status(&a, FG_OK, NULL, NULL, "T = 0 ([T, H, D])");

  setup_shape(&a, 2, 64, 0, 128, 128);
  expect_status(&a, FG_OK, NULL, NULL, "H = 0");

  setup_shape(&a, 0, 64, 8, 128, 128);
  a.pass_out = 1;
  expect_status(&a, FG_OK, NULL, NULL, "B = 0, out separate");

  setup_shape(&a, 2, 0, 8, 128, 128);
  a.x.t.data = NULL;
  a.cos.t.data = NULL;
  a.sin.t.data = NULL;
  expect_status(&a, FG_OK, NULL, NULL, "S = 0 with NULL data");

  /* still checked: the device type and the dtypes */
  setup_shape(&a, 2, 0, 8, 128, 128);
  a.x.t.device.device_type = kDLCPU;
  expect_status(&a, FG_ERR_DEVICE, "x is on DLPack device type 1", NULL, "S = 0 on kDLCPU");
  setup_shape(&a, 2, 0, 8, 128, 128);
  set_dtype(&a.x, kDLInt, 8);
  expect_status(&a, FG_ERR_DTYPE, "x has dtype int8", NULL, "S = 0, int8 x");
}

TEST(test_api_empty_table_out_of_place) {
  /* R = 0 (cos, sin [S, 0]) is refused: the op would only copy x. Without the
   * refusal an empty table made the call "empty" and out was never written. */
  rope_args a;
  setup_shape(&a, 2, 64, 8, 128, 0);
  a.pass_out = 1;
  expect_status(&a, FG_ERR_SHAPE, "must be 2 to the head size D", "R = 0", "R = 0 out of place");
  a.pass_out = 0;
  expect_status(&a, FG_ERR_SHAPE, "must be 2 to the head size D", "R = 0", "R = 0 in place");
}

/* ---- fg_last_error ---------------------------------------------------------------------------- */

TEST(test_api_error_cleared_after_success) {
  rope_args a;
  setup(&a);
  a.pass_x = 0;
  CHECK(call(&a) == FG_ERR_INVALID_ARGUMENT);
  CHECK_MSG(fg_last_error()[0] != 0, "no message after a failed call");
  setup_shape(&a, 2, 0, 8, 128, 128); /* empty: succeeds without a GPU */
  fg_status st = call(&a);
  CHECK_MSG(st == FG_OK, "empty call: %s (%s)", fg_status_name(st), fg_last_error());
  CHECK_MSG(fg_last_error()[0] == 0, "fg_last_error() after a successful (empty) call: \"%s\"", fg_last_error());
  if (!test_have_gpu()) return; /* a launching success needs a GPU */
  setup(&a);
  a.pass_x = 0;
  CHECK(call(&a) == FG_ERR_INVALID_ARGUMENT);
  setup(&a);
  st = call(&a);
  CHECK_MSG(st == FG_OK, "valid call: %s (%s)", fg_status_name(st), fg_last_error());
  CHECK_MSG(fg_last_error()[0] == 0, "fg_last_error() after a successful launch: \"%s\"", fg_last_error());
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
}

typedef struct {
  pthread_barrier_t *barrier;
  int which; /* 0: x NULL; 1: cos int8 */
  fg_status status;
  char before[512], after[512];
} thread_job;

static void *thread_main(void *p) {
  thread_job *j = p;
  rope_args a;
  setup(&a);
  if (j->which == 0) a.pass_x = 0;
  else set_dtype(&a.cos, kDLInt, 8);
  j->status = call(&a);
  snprintf(j->before, sizeof j->before, "%s", fg_last_error());
  /* both threads have failed before either reads its message again */
  pthread_barrier_wait(j->barrier);
  pthread_barrier_wait(j->barrier);
  snprintf(j->after, sizeof j->after, "%s", fg_last_error());
  return NULL;
}

TEST(test_api_last_error_thread_local) {
  /* this thread's own message, set before the others run */
  rope_args a;
  setup(&a);
  a.x.strides[3] = 2;
  CHECK(call(&a) == FG_ERR_STRIDE);

  pthread_barrier_t barrier;
  pthread_barrier_init(&barrier, NULL, 2);
  thread_job jobs[2];
  pthread_t threads[2];
  for (int i = 0; i < 2; i++) {
    memset(&jobs[i], 0, sizeof jobs[i]);
    jobs[i].barrier = &barrier;
    jobs[i].which = i;
  }
  int started = 0;
  for (int i = 0; i < 2; i++)
    if (pthread_create(&threads[i], NULL, thread_main, &jobs[i]) == 0) started++;
  CHECK_MSG(started == 2, "could not start two threads");
  if (started != 2) {
    /* one thread waits on a barrier of two: release it */
    if (started == 1) {
      pthread_barrier_wait(&barrier);
      pthread_barrier_wait(&barrier);
      pthread_join(threads[0], NULL);
    }
    pthread_barrier_destroy(&barrier);
    return;
  }
  for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
  pthread_barrier_destroy(&barrier);

  CHECK_MSG(jobs[0].status == FG_ERR_INVALID_ARGUMENT, "thread 0: %s", fg_status_name(jobs[0].status));
  CHECK_MSG(jobs[1].status == FG_ERR_DTYPE, "thread 1: %s", fg_status_name(jobs[1].status));
  CHECK_MSG(strstr(jobs[0].after, "x is NULL") != NULL, "thread 0 sees \"%s\"", jobs[0].after);
  CHECK_MSG(strstr(jobs[1].after, "cos has dtype int8") != NULL, "thread 1 sees \"%s\"", jobs[1].after);
  CHECK_MSG(!strcmp(jobs[0].before, jobs[0].after), "thread 0's message changed: \"%s\" -> \"%s\"", jobs[0].before,
            jobs[0].after);
  CHECK_MSG(!strcmp(jobs[1].before, jobs[1].after), "thread 1's message changed: \"%s\" -> \"%s\"", jobs[1].before,
            jobs[1].after);
  CHECK_MSG(strstr(fg_last_error(), "x.strides[3] = 2") != NULL, "the main thread's message became \"%s\"",
            fg_last_error());
}
