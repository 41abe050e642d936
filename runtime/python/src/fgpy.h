/* The compiled layer of the Python package: what every generated entry point
 * (generated/python/fusegen_ext.c, one per op spec) shares. A Python call
 * turns its arguments into DLTensors and scalars here, calls the library's
 * C entry point, and raises FusegenError with the library's status and
 * message when the call is refused. The library does every check; this layer
 * only converts.
 *
 * Tensors: PyTorch tensors through the DLPack C exchange API that PyTorch
 * exports as torch.Tensor.__dlpack_c_exchange_api__ (no allocation, no Python
 * call per tensor), any other object through __dlpack__. */
#ifndef FGPY_H
#define FGPY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "fusegen.h"

#define FGPY_MAX_TENSORS 32

/* One call's converted arguments and what keeps them alive until it returns. */
typedef struct {
  DLTensor tensors[FGPY_MAX_TENSORS];
  PyObject *keep[FGPY_MAX_TENSORS]; /* DLPack capsules of non-PyTorch tensors */
  int ntensors;      /* slots of tensors[] in use */
  int nkeep;
  const void *api;   /* the exchange API of the first PyTorch tensor, if any */
  int torch_seen;    /* a PyTorch tensor taken without the exchange API */
  int device_type;   /* of the first tensor on a device (kDLCUDA), else 0 */
  int device_id;
  int exchanged;     /* every tensor so far came through the exchange API */
  int restore_device; /* the current device before the call, where fgpy_enter switched it; else -1 */
} fgpy_call;

/* A scalar argument: an enum's index, an f32 or an i64. */
typedef struct {
  int e;
  float f;
  int64_t i;
} fgpy_scalar;

/* Results of the converters: FGPY_OK, FGPY_ERROR (a Python exception is set),
 * or FGPY_ROUTE: an argument is a tensor subclass (a fake or functional
 * tensor, a tracing proxy) that only PyTorch's dispatcher can run; the entry
 * point then returns NotImplemented and the caller goes through torch.ops. */
enum { FGPY_ERROR = 0, FGPY_OK = 1, FGPY_ROUTE = 2 };

void fgpy_begin(fgpy_call *c);
/* Wrong number of arguments: sets TypeError, returns NULL. */
PyObject *fgpy_arity(const char *op, Py_ssize_t expected, Py_ssize_t got);
/* obj -> *out (NULL for None when optional). */
int fgpy_tensor(fgpy_call *c, PyObject *obj, const char *op, const char *name, int optional, DLTensor **out);
/* An enum given by name ("interleaved") or by index. */
int fgpy_enum(PyObject *obj, const char *op, const char *name, const char *const *values, int count, int *out);
int fgpy_f32(PyObject *obj, const char *op, const char *name, float *out);
int fgpy_i64(PyObject *obj, const char *op, const char *name, int64_t *out);
/* None: the current PyTorch stream of the call's device (the legacy default
 * stream 0 without PyTorch tensors); an int (cudaStream_t); or an object with
 * .cuda_stream (torch.cuda.Stream). */
int fgpy_stream(fgpy_call *c, PyObject *obj, fg_stream_t *out);
/* Just before the library call. The call runs on its tensors' device, as
 * PyTorch's ops do: where that is not the current CUDA device, it is made
 * current for the call (fg__enter_device). And where every tensor came through
 * PyTorch's exchange API, their DLPack device fields are PyTorch's own, and the
 * library takes them for the pointers' (fg__vouch_for_devices) instead of
 * asking CUDA about each pointer. fgpy_finish undoes both. */
void fgpy_enter(fgpy_call *c);
/* After the library call: the current device as it was; None, or
 * FusegenError(status, fg_last_error()). */
PyObject *fgpy_finish(fgpy_call *c, fg_status status);
/* After a converter failed (FGPY_ERROR: NULL) or routed (NotImplemented). */
PyObject *fgpy_abort(fgpy_call *c, int result);
/* After a bytes_moved query: the count as an int. */
PyObject *fgpy_count(fgpy_call *c, int64_t bytes);

/* The module's own functions (version, last_kernel, _init); the generated
 * file appends the ops' entry points to them and creates the module. */
extern PyMethodDef fgpy_methods[];
extern const int fgpy_method_count;
PyObject *fgpy_module(PyMethodDef *ops, int nops);

#endif
