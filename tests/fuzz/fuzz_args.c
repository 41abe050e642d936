/* libFuzzer target: the runtime's argument checks.
 *
 * Each input picks an op from the generated catalogue (fg__ops) and describes
 * its call: for every tensor a DLTensor (NULL or not; ndim; dtype; device;
 * shape and strides, held in arrays of exactly ndim entries so that reading
 * past ndim is caught; byte offset; a data pointer that is fake, NULL,
 * misaligned or shared with another tensor) and every scalar. Shapes start
 * from one coherent set of sizes for the op's symbols (so calls reach the
 * variant and device checks) and are then bent by the input.
 *
 * The pointers are never device memory, so no call may launch. A call must
 * return a known status; a refused call must say why, naming its entry point.
 * Crashes, out-of-bounds reads and undefined behaviour (signed overflow in
 * size arithmetic, say) are caught by the sanitizers. */
#include "fusegen_internal.h"
#include "fusegen_kernels.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const uint8_t *p;
  size_t left;
} reader;

static uint8_t byte(reader *r) {
  if (!r->left) return 0;
  r->left--;
  return *r->p++;
}

static uint64_t bytes(reader *r, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; i++) v = v << 8 | byte(r);
  return v;
}

/* Sizes that matter to the checks: small, the built head sizes, odd sizes,
   and the edges of 32- and 64-bit arithmetic. */
static int64_t interesting(reader *r) {
  static const int64_t v[] = {0, 1, 2, 3, 4, 7, 8, 16, 24, 32, 64, 80, 96, 127, 128, 256, 320, 512, 514, 4096,
                              -1, -2, INT32_MAX, (int64_t)INT32_MAX + 1, (int64_t)1 << 32, (int64_t)1 << 40,
                              (int64_t)1 << 62, INT64_MAX, INT64_MIN};
  uint8_t b = byte(r);
  if (b < 2 * sizeof v / sizeof v[0]) return v[b % (sizeof v / sizeof v[0])];
  return (int64_t)bytes(r, b & 1 ? 2 : 8);
}

static DLDataType pick_dtype(reader *r) {
  static const DLDataType v[] = {
      {kDLBfloat, 16, 1}, {kDLFloat, 16, 1}, {kDLFloat, 32, 1}, {kDLInt, 32, 1}, {kDLInt, 64, 1},
      {kDLFloat, 64, 1},  {kDLUInt, 8, 1},   {6 /* bool */, 8, 1},   {kDLFloat, 32, 4}, {kDLBfloat, 32, 1},
      {FG_DL_FLOAT8_E4M3FN, 8, 1}, {FG_DL_FLOAT8_E4M3FN, 16, 1},
  };
  uint8_t b = byte(r);
  if (b < 200) return v[b % (sizeof v / sizeof v[0])];
  return (DLDataType){(uint8_t)byte(r), (uint8_t)byte(r), (uint16_t)bytes(r, 2)};
}

#define MAX_NDIM 12

typedef struct {
  DLTensor t;
  int64_t *shape, *strides;
} fuzz_tensor;

/* The op's sizes: one value per symbol, mostly coherent with each other. */
static void pick_symbols(reader *r, const fg__op_sig *sig, int64_t *sym) {
  for (int i = 0; i < sig->nsyms; i++) {
    static const int64_t common[] = {1, 2, 3, 8, 24, 64, 128, 17, 4097};
    uint8_t b = byte(r);
    sym[i] = b < 220 ? common[b % (sizeof common / sizeof common[0])] : interesting(r);
    const char *name = sig->syms[i];
    if (b < 220 && (!strcmp(name, "D") || !strcmp(name, "R") || !strcmp(name, "C"))) {
      static const int64_t heads[] = {64, 128, 80, 96, 256, 320, 48, 3072, 130};
      sym[i] = heads[b % (sizeof heads / sizeof heads[0])];
    }
  }
  /* R <= D is the usual case; keep it so when both exist */
  int d = -1, rr = -1;
  for (int i = 0; i < sig->nsyms; i++) {
    if (!strcmp(sig->syms[i], "D")) d = i;
    if (!strcmp(sig->syms[i], "R")) rr = i;
  }
  if (d >= 0 && rr >= 0 && (byte(r) & 3)) sym[rr] = (byte(r) & 1) ? sym[d] : sym[d] / 2;
}

static void build_tensor(reader *r, const fg__op_sig *sig, int idx, const int64_t *sym, fuzz_tensor *ft) {
  const fg__tensor_sig *ts = &sig->tensors[idx];
  DLTensor *t = &ft->t;
  memset(t, 0, sizeof *t);
  uint8_t how = byte(r);
  int ndim = ts->ndim;
  if (how % 8 == 1 && ts->optional_dims) ndim -= ts->optional_dims; /* optional dims left out */
  if (how % 16 == 3) ndim = byte(r) % (MAX_NDIM + 1);
  t->ndim = ndim;
  ft->shape = malloc(sizeof(int64_t) * (ndim ? ndim : 1));
  ft->strides = malloc(sizeof(int64_t) * (ndim ? ndim : 1));
  t->shape = ft->shape;
  /* sizes from the layout, the last ndim dims of it */
  for (int i = 0; i < ndim; i++) {
    int j = ts->ndim - ndim + i;
    int64_t v = 1;
    if (j >= 0 && j < ts->ndim && ts->dims[j].sym >= 0) {
      const fg__dim *d = &ts->dims[j];
      /* wrapping: the sizes may be anything, and the harness must not overflow */
      v = (int64_t)((uint64_t)(sym[d->sym] / (d->div ? d->div : 1)) * (uint64_t)(d->mul > 1 ? d->mul : 1));
      if (d->broadcast && (byte(r) & 1)) v = 1;
    }
    ft->shape[i] = v;
  }
  uint8_t bend = byte(r);
  if (bend % 4 == 0 && ndim > 0) ft->shape[byte(r) % ndim] = interesting(r);
  t->dtype = pick_dtype(r);
  /* compact strides, in wrapping arithmetic; then sometimes bent */
  uint64_t s = 1;
  for (int i = ndim - 1; i >= 0; i--) {
    ft->strides[i] = (int64_t)s;
    s *= (uint64_t)ft->shape[i];
  }
  uint8_t st = byte(r);
  if (st % 3 == 0) t->strides = NULL;
  else t->strides = ft->strides;
  if (st % 5 == 1 && ndim > 0) ft->strides[byte(r) % ndim] = interesting(r);
  uint8_t dev = byte(r);
  t->device.device_type = dev < 230 ? kDLCUDA : dev < 240 ? kDLCPU : dev < 245 ? kDLCUDAManaged : (DLDeviceType)byte(r);
  t->device.device_id = dev % 17 == 0 ? (int32_t)bytes(r, 4) : 0;
  uint8_t off = byte(r);
  t->byte_offset = off < 200 ? 0 : off < 230 ? (uint64_t)(off % 16) : bytes(r, 8);
  /* Fake device addresses, far apart per tensor (no overlap unless chosen). */
  uint8_t ptr = byte(r);
  uintptr_t base = (uintptr_t)0x7f0000000000ull + ((uintptr_t)idx << 36);
  if (ptr < 8) t->data = NULL;
  else if (ptr < 24) t->data = (void *)((uintptr_t)0x7f0000000000ull + ((uintptr_t)(byte(r) % sig->ntensors) << 36));
  else if (ptr < 40) t->data = (void *)(base + (ptr % 16));
  else t->data = (void *)base;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader r = {data, size};
  const fg__op_entry *op = &fg__ops[byte(&r) % fg__op_count];
  const fg__op_sig *sig = op->sig;
  int64_t sym[FG__MAX_SYMS] = {0};
  pick_symbols(&r, sig, sym);
  fuzz_tensor ft[FG__MAX_TENSORS];
  DLTensor *t[FG__MAX_TENSORS];
  for (int i = 0; i < sig->ntensors; i++) {
    build_tensor(&r, sig, i, sym, &ft[i]);
    uint8_t present = byte(&r);
    t[i] = present % 16 == 0 ? NULL : &ft[i].t;
    if (present % 16 == 1 && i > 0) t[i] = t[byte(&r) % i]; /* the same descriptor twice */
  }
  fg__scalar_value s[16] = {{0, 0}};
  for (int i = 0; i < op->nscalars && i < 16; i++) {
    const fg__scalar_sig *ss = &op->scalars[i];
    uint8_t b = byte(&r);
    if (ss->kind == FG__SCALAR_ENUM) s[i].i = b < 240 ? b % (ss->enum_count ? ss->enum_count : 1) : (int64_t)(int32_t)bytes(&r, 4);
    else if (ss->kind == FG__SCALAR_I64) s[i].i = b < 128 ? b : interesting(&r);
    else {
      uint32_t bits = (uint32_t)bytes(&r, 4);
      float f;
      memcpy(&f, &bits, sizeof f);
      s[i].f = b < 128 ? 1e-6 : f; /* any float, NaN and inf included */
    }
  }
  fg_status st = op->call(t, s, NULL);
  const char *msg = fg_last_error();
  const char *name = fg_status_name(st);
  if (!name || !strcmp(name, "FG_ERR_UNKNOWN") || (int)st < FG_OK || (int)st > FG_ERR_CUDA) {
    fprintf(stderr, "fuzz_args: %s returned status %d, not an fg_status\n", sig->fn, (int)st);
    abort();
  }
  if (st != FG_OK) {
    size_t n = strlen(sig->fn);
    if (!msg || strncmp(msg, sig->fn, n) != 0 || msg[n] != ':') {
      fprintf(stderr, "fuzz_args: %s refused a call (%s) with the message \"%s\", which does not name it\n", sig->fn,
              name, msg ? msg : "(null)");
      abort();
    }
  } else if (msg && *msg) {
    fprintf(stderr, "fuzz_args: %s succeeded but fg_last_error() says \"%s\"\n", sig->fn, msg);
    abort();
  }
  for (int i = 0; i < sig->ntensors; i++) {
    free(ft[i].shape);
    free(ft[i].strides);
  }
  return 0;
}
