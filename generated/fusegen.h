/* copied from runtime/fusegen.h by fusegen: do not edit */
/* libfusegen: fused, memory-bound kernels of diffusion transformers (rotary
 * embeddings, QK norm + rotary, norm + modulation), generated ahead of time.
 *
 * Tensors cross the API as DLPack DLTensors (shape and strides in elements;
 * strides NULL means compact row-major). Every entry point checks all of its
 * arguments before it launches: on a bad call it returns an error status,
 * fg_last_error() says why, and nothing is launched or written. Calls never
 * allocate or synchronise, so they can be captured in CUDA graphs; they are
 * thread-safe and pick the kernel for the current device's GPU.
 */
#ifndef FUSEGEN_H
#define FUSEGEN_H

#ifdef __cplusplus
extern "C" {
#endif

#define FG_VERSION_MAJOR 0
#define FG_VERSION_MINOR 1
#define FG_VERSION_PATCH 0

typedef enum fg_status {
  FG_OK = 0,
  FG_ERR_INVALID_ARGUMENT = 1, /* NULL tensor, bad scalar, overlapping output */
  FG_ERR_DTYPE = 2,            /* dtype not accepted or tensors disagree */
  FG_ERR_SHAPE = 3,            /* wrong ndim or sizes that do not agree */
  FG_ERR_STRIDE = 4,           /* last dim not contiguous, negative strides */
  FG_ERR_ALIGNMENT = 5,        /* data not aligned to its element size */
  FG_ERR_DEVICE = 6,           /* host pointer, wrong or mixed devices */
  FG_ERR_UNSUPPORTED = 7,      /* valid, but no kernel was built for it */
  FG_ERR_CUDA = 8              /* the CUDA runtime reported an error */
} fg_status;

/* The same type as cudaStream_t, without including the CUDA headers. */
typedef struct CUstream_st *fg_stream_t;

/* Why the last call on this thread failed ("" after a success). */
const char *fg_last_error(void);
/* "FG_ERR_SHAPE" etc. */
const char *fg_status_name(fg_status status);
/* "0.1.0" */
const char *fg_version(void);
/* The GPU model whose tuned kernels run on CUDA device `device` ("h200"), ""
   where it runs its target's default kernels, NULL (and fg_last_error()) if
   there is no such device. FUSEGEN_GPU_MODEL, when set, stands in for the
   device's name (docs/tuning.md). */
const char *fg_gpu_model(int device);
/* Programmatic dependent launch (compute capability 9.0 and later). With
   on = 1, this thread's later calls launch their kernel so that the GPU may
   schedule it while the kernel before it on the stream is still running: the
   kernel waits, before it reads or writes anything, until that kernel has
   finished and its writes are visible, and so saves the gap between the two
   kernels (most worth it for short calls in a CUDA graph of kernels that use it
   as well). Results are the same either way. On older devices the calls launch
   as with on = 0, the default. FG_ERR_INVALID_ARGUMENT for any other value. */
fg_status fg_set_pdl(int on);
/* This thread's setting: 0 or 1. */
int fg_pdl(void);

#ifdef __cplusplus
}
#endif

#include "fusegen_ops.h" /* generated: one entry point per op spec */

#endif
