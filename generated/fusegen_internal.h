/* copied from runtime/fusegen_internal.h by fusegen: do not edit */
/* Internals shared by the runtime and the generated entry points: the op
 * signatures that the generic argument checker reads, the dispatch entries,
 * and error reporting. Not part of the public API. */
#ifndef FUSEGEN_INTERNAL_H
#define FUSEGEN_INTERNAL_H

#include "fusegen.h"

#include <cuda_runtime_api.h>
#include <dlpack/dlpack.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FG__MAX_DIMS 6
#define FG__MAX_TENSORS 16
#define FG__MAX_SYMS 16
#define FG__MAX_KEY 8

/* Element types, as the specs name them. */
enum { FG_DTYPE_FP32 = 1, FG_DTYPE_FP16, FG_DTYPE_BF16, FG_DTYPE_I32, FG_DTYPE_I64, FG_DTYPE_FP8E4M3 };
/* DLPack 1.1's type code of float8_e4m3fn, a fact taken where the installed
   header predates it. */
#define FG_DL_FLOAT8_E4M3FN 10
enum { FG__IN = 0, FG__OUT = 1, FG__INOUT = 2 };

typedef struct {
  int sym; /* index into the op's symbols; -1: a dim that is always 1 ("1") */
  int div; /* the size holds sym / div ("R/2") */
  int mul; /* the size holds sym * mul ("C*2") */
  int broadcast; /* the size may also be 1, read with stride 0 ("B|1") */
  int optional; /* the dim may be left out (size 1, stride 0): "B?" */
} fg__dim;

typedef struct {
  const char *name;
  int access;      /* FG__IN, FG__OUT, FG__INOUT */
  int optional;    /* may be NULL */
  int inplace_of;  /* this output may be (or, when NULL, becomes) that input; -1 */
  int dtype_group; /* tensors of one group share a dtype */
  int ndim;        /* dims of the spec's layout */
  int optional_dims; /* dims that may be left out: a tensor of k dims fewer leaves out the first k of them */
  int scalar_access; /* read an element at a time: any strides, not in the 16-byte test */
  fg__dim dims[FG__MAX_DIMS];
} fg__tensor_sig;

typedef struct {
  const char *name; /* "act" */
  int count;
  const int *dtypes;
} fg__dtype_group;

typedef struct {
  const char *name; /* "head_dim" */
  int count;
  const char *const *values;
} fg__axis_desc;

typedef struct {
  const char *fn; /* "fg_rope" */
  int ntensors;
  const fg__tensor_sig *tensors;
  int nsyms;
  const char *const *syms;
  int ngroups;
  const fg__dtype_group *groups;
} fg__op_sig;

/* What the checker learned about a call. */
typedef struct {
  const void *data[FG__MAX_TENSORS];              /* data + byte_offset; NULL if absent */
  int64_t stride[FG__MAX_TENSORS][FG__MAX_DIMS]; /* elements, in the spec's layout */
  int present[FG__MAX_TENSORS];
  int dtype[FG__MAX_TENSORS];
  int64_t sym[FG__MAX_SYMS];
  unsigned inplace; /* bit i: output tensor i is the input it may alias */
  int aligned16; /* every pointer and stride is a multiple of 16 bytes */
  int index32;   /* every tensor's element offsets are below 2^31 - 1 */
  int empty;     /* some tensor has no elements: nothing to launch */
  int device, cc, sm_count;
  int model; /* the device's GPU model: 0, the target's default; i, fg__models[i - 1] */
} fg__call;

typedef struct {
  int key[FG__MAX_KEY];
  int arch; /* 90 for sm_90 */
  /* pdl: 1 to launch with programmatic dependent launch (fg_set_pdl) */
  cudaError_t (*launch)(const void *params, int sm_count, int pdl, cudaStream_t stream);
  const char *name;
  int model; /* 0: the target's tiles; i: the tiles of GPU model fg__models[i - 1] */
} fg__kernel_entry;

/* GPU models with tiles of their own (gen/tuning/sm_<N>_<model>.lua),
   generated in fusegen_dispatch.c; runtime/device.c matches a device. */
typedef struct {
  const char *name; /* "h200" */
  int arch;         /* the target its file tunes: 90 */
  int ndevices;
  const char *const *devices; /* device names, as cudaDeviceProp.name gives them */
} fg__model;
extern const fg__model fg__models[];
extern const int fg__model_count;
/* A device's compute capability (90 for sm_90) and multiprocessor count, read
   once per device (runtime/device.c); 0 where they cannot be read. */
int fg__device_props(int device, int *cc, int *sm_count);
/* The GPU model whose kernels device runs (see fg__call.model); cached. */
int fg__device_model(int device);
/* Tests: make this thread's calls run model's kernels (0: the target's
   default) whatever the device; -1 returns to the device's own. */
void fg__select_model(int model);
/* Tests: forget every device's model, so that the next call reads
   FUSEGEN_GPU_MODEL (or the device's name) again. */
void fg__forget_device_models(void);

/* on = 1 around a call of the calling thread whose tensors come from a
   framework's DLPack export (the Python layer's fast path), whose device
   fields are true: fg__check_device then trusts their CUDA device type and id
   and asks CUDA nothing per pointer; 0 after it. The C API's own callers
   never set it: their pointers are each checked. */
void fg__vouch_for_devices(int on);

/* The Python layer runs a call on its tensors' device, as PyTorch's own ops
   do, where the C API leaves the current device to its caller (docs/api.md
   2.4): fg__enter_device makes device_id the calling thread's current device
   and returns the device to give back to fg__leave_device after the call, or
   -1 where it changed nothing (already current, or no such device: the call's
   device check then refuses it). */
int fg__enter_device(int device_id);
void fg__leave_device(int previous);

/* Check every tensor descriptor of a call against the op's signature; no GPU needed. */
fg_status fg__check_call(const fg__op_sig *sig, const DLTensor *const *tensors, fg__call *c);
/* Then the current device, the pointers (each on it, not host memory) and the
   stream (of that device; CUDA 12.8 and later); fills cc and sm_count. */
fg_status fg__check_device(const fg__op_sig *sig, fg__call *c, fg_stream_t stream);
/* The kernel for key on a GPU of compute capability cc (90 for 9.0) and GPU
   model model (its own kernel if it has one, else the target's), or NULL. */
const fg__kernel_entry *fg__find_kernel(const fg__kernel_entry *table, int count, int nkey,
                                        const int *key, int cc, int model);
/* The same, falling back to general variants: general[i] is the general
   value of axis i, or -1 (fg__find_kernel_general in runtime/dispatch.c). */
const fg__kernel_entry *fg__find_kernel_general(const fg__kernel_entry *table, int count, int nkey,
                                                const int *key, const int *general, int cc, int model);
fg_status fg__no_kernel(const fg__op_sig *sig, const int *key, int nkey, const fg__axis_desc *axes,
                        int cc, const char *note);
fg_status fg__launch(const fg__op_sig *sig, const fg__kernel_entry *e, const void *params,
                     const fg__call *c, fg_stream_t stream);

/* Tuning builds (fusegen generate --tune-build) hold several kernels per key
   and GPU target, one per candidate tile set; fg__find_kernel takes the
   calling thread's selected one (0 unless fg__select_candidate chose another;
   NULL when there are not that many). A normal build holds one per key and
   target, so only 0 finds a kernel. The candidates are listed in
   fg__candidates, which only a tuning build defines (fusegen_candidates.c). */
void fg__select_candidate(int index);
typedef struct {
  const char *kernel;  /* "rope_..._vec16_t3_sm90", as fg__last_kernel() names it */
  const char *op;      /* "rope" */
  const char *variant; /* "rope_..._vec16": the variant it is a candidate of */
  int arch;            /* 90 */
  int index;           /* 0: the spec's own tiles */
  cudaError_t (*attributes)(struct cudaFuncAttributes *a); /* its registers, stack, spills */
  const char *params;  /* what differs from the spec's tiles: "chunks = 2, warps = 4" */
  const char *tiles;   /* every tile parameter */
  const char *current; /* whose tiles these are now: "target", GPU models ("h200"), space-separated; "" none */
} fg__candidate;
extern const fg__candidate fg__candidates[];
extern const int fg__candidate_count;

/* Bytes a call must move at least: each input read once, each output written
   once (an in-place output: its input written back), inout both. The
   benchmark's measure; tensors as the entry point takes them. -1 on a NULL
   required tensor. */
int64_t fg__bytes_moved(const fg__op_sig *sig, const DLTensor *const *tensors);

/* Every op, callable with its arguments in arrays (generated in
   fusegen_catalog.c): for code that treats all ops alike, such as the
   argument fuzzer. Scalars in the entry point's order: enums and i64 in .i,
   f32 in .f. */
enum { FG__SCALAR_ENUM, FG__SCALAR_F32, FG__SCALAR_I64 };
typedef struct {
  int64_t i;
  double f;
} fg__scalar_value;
typedef struct {
  const char *name; /* "pairing" */
  int kind;         /* FG__SCALAR_* */
  int enum_count;   /* an enum's number of values */
} fg__scalar_sig;
typedef struct {
  const fg__op_sig *sig; /* name and tensors */
  int nscalars;
  const fg__scalar_sig *scalars;
  fg_status (*call)(DLTensor *const *tensors, const fg__scalar_value *scalars, fg_stream_t stream);
} fg__op_entry;
extern const fg__op_entry fg__ops[];
extern const int fg__op_count;

/* Record why a call failed; returns status. Clears the message on FG_OK. */
fg_status fg__fail(fg_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void fg__clear_error(void);
/* Name of the kernel the last successful call on this thread launched ("" if
   none): lets tests and benchmarks see which variant ran. */
const char *fg__last_kernel(void);
int fg__dtype_size(int dtype);
const char *fg__dtype_name(int dtype);
void fg__copy_strides(int64_t *dst, const int64_t *src, int n);

#ifdef __cplusplus
}
#endif
#endif
