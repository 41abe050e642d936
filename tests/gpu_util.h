/* Helpers of the GPU tests: host-side dtype conversion, random data,
 * device buffers with guard bands, and DLTensor views. */
#ifndef FUSEGEN_TEST_GPU_UTIL_H
#define FUSEGEN_TEST_GPU_UTIL_H

#include <dlpack/dlpack.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { DT_FP32, DT_FP16, DT_BF16 } test_dtype;

/* The current device's compute capability: 90 for 9.0. */
int gpu_device_cc(void);

int dt_size(test_dtype t);
const char *dt_name(test_dtype t);
DLDataType dt_dl(test_dtype t);
/* Round a float to dtype (nearest even) and store it at p; read it back as double. */
void dt_store(test_dtype t, void *p, double v);
double dt_load(test_dtype t, const void *p);
/* Relative rounding unit of a dtype (2^-8 bf16, 2^-11 fp16, 2^-24 fp32). */
double dt_unit(test_dtype t);

/* xorshift random numbers: uniform in [lo, hi). */
uint64_t rng_next(uint64_t *s);
double rng_uniform(uint64_t *s, double lo, double hi);

/* A device allocation with its host image. Bytes outside what a test writes
 * stay as set (poison or data), so a test can check that nothing outside the
 * outputs changed: `before` is a copy of the image taken at upload time. */
typedef struct {
  size_t bytes;
  unsigned char *host, *before;
  void *dev;
} gbuf;

int gbuf_alloc(gbuf *b, size_t bytes);
void gbuf_poison(gbuf *b); /* 0xFF: NaN in every float dtype */
int gbuf_upload(gbuf *b);  /* host -> device; snapshot into before */
int gbuf_download(gbuf *b);
void gbuf_free(gbuf *b);

/* A DLTensor over buffer b at byte offset byte_offset, with shape and strides
   (elements; NULL: compact row-major, written out in the view). */
typedef struct {
  DLTensor t;
  int64_t shape[6], strides[6];
} tview;
void tview_make(tview *v, gbuf *b, test_dtype dt, size_t byte_offset, int ndim, const int64_t *shape,
                const int64_t *strides);

#endif
