/* copied from runtime/check.c by fusegen: do not edit */
/* The generic argument checker: every entry point passes its tensors and the
 * signature generated from its spec; nothing is launched unless all is well.
 * fg__check_call looks only at the descriptors (structure, dtype, device type,
 * shape, strides, alignment, overlap) and needs no GPU; fg__check_device then
 * asks CUDA about the pointers, the current device and the stream's device. */
#include "fusegen_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define LIMIT ((int64_t)1 << 40) /* larger sizes or strides are surely a mistake */

static int dl_to_fg(DLDataType t) {
  if (t.lanes != 1) return 0;
  if (t.code == kDLFloat && t.bits == 32) return FG_DTYPE_FP32;
  if (t.code == kDLFloat && t.bits == 16) return FG_DTYPE_FP16;
  if (t.code == kDLBfloat && t.bits == 16) return FG_DTYPE_BF16;
  if (t.code == kDLInt && t.bits == 32) return FG_DTYPE_I32;
  if (t.code == kDLInt && t.bits == 64) return FG_DTYPE_I64;
  if (t.code == FG_DL_FLOAT8_E4M3FN && t.bits == 8) return FG_DTYPE_FP8E4M3;
  return 0;
}

static const char *dl_code_name(int code) {
  switch (code) {
  case kDLInt: return "int";
  case kDLUInt: return "uint";
  case kDLFloat: return "float";
  case kDLBfloat: return "bfloat";
  case kDLComplex: return "complex";
  case FG_DL_FLOAT8_E4M3FN: return "float8_e4m3fn";
  }
  return "code";
}

static void layout_text(const fg__op_sig *sig, const fg__tensor_sig *ts, char *buf, size_t n) {
  size_t len = 0;
  buf[0] = 0;
  for (int j = 0; j < ts->ndim && len < n; j++) {
    if (ts->dims[j].sym < 0) {
      len += snprintf(buf + len, n - len, "%s1", j ? ", " : "[");
      continue;
    }
    const fg__dim *d = &ts->dims[j];
    const char *sym = sig->syms[d->sym], *opt = d->optional ? "?" : "";
    if (d->broadcast)
      len += snprintf(buf + len, n - len, "%s%s|1%s", j ? ", " : "[", sym, opt);
    else if (d->div > 1)
      len += snprintf(buf + len, n - len, "%s%s/%d", j ? ", " : "[", sym, d->div);
    else if (d->mul > 1)
      len += snprintf(buf + len, n - len, "%s%s*%d", j ? ", " : "[", sym, d->mul);
    else
      len += snprintf(buf + len, n - len, "%s%s%s", j ? ", " : "[", sym, opt);
  }
  if (len < n) snprintf(buf + len, n - len, "]");
}

/* The offset of a tensor's last element, in elements (the sum of (size - 1) *
   stride; no size may be 0); -1 if it overflows. */
static int64_t last_offset(const int64_t *shape, const int64_t *stride, int ndim) {
  int64_t span = 0, term;
  for (int j = 0; j < ndim; j++)
    if (__builtin_mul_overflow(shape[j] - 1, stride[j], &term) || __builtin_add_overflow(span, term, &span)) return -1;
  return span;
}

/* Byte range [lo, hi) a tensor's elements can touch; -1 if it does not fit in 62 bits. */
static int extent(const fg__call *c, const fg__tensor_sig *ts, int i, const int64_t *shape, uintptr_t *lo,
                  uintptr_t *hi) {
  for (int j = 0; j < ts->ndim; j++)
    if (shape[j] == 0) return *lo = *hi = (uintptr_t)c->data[i], 0;
  const int64_t span = last_offset(shape, c->stride[i], ts->ndim);
  if (span < 0) return -1;
  int64_t bytes;
  if (__builtin_mul_overflow(span + 1, (int64_t)fg__dtype_size(c->dtype[i]), &bytes) || bytes > ((int64_t)1 << 62))
    return -1;
  *lo = (uintptr_t)c->data[i];
  *hi = *lo + (uintptr_t)bytes;
  return 0;
}

/* Tensors whose byte ranges overlap may still be disjoint: q and k as views of
 * one fused qkv tensor share their outer dims (same sizes and strides: the
 * tokens) and sit side by side within each row. 1 when tensors i and k are
 * rows on one lattice with pitch P (the smallest shared outer stride), each
 * row of one lying between two rows of the other. */
static int interleaved_rows(const fg__call *c, const fg__op_sig *sig, int i, int k,
                            int64_t shape[][FG__MAX_DIMS]) {
  const int nd = sig->tensors[i].ndim;
  const int es = fg__dtype_size(c->dtype[i]);
  if (sig->tensors[k].ndim != nd || fg__dtype_size(c->dtype[k]) != es) return 0;
  intptr_t diff = (intptr_t)((uintptr_t)c->data[k] - (uintptr_t)c->data[i]);
  if (diff % es) return 0;
  /* try each split: dims [0, m) shared (the rows), dims [m, nd) inside a row */
  for (int m = 1; m < nd; m++) {
    int64_t pitch = 0;
    int shared = 1;
    for (int j = 0; j < m && shared; j++) {
      if (shape[i][j] != shape[k][j]) shared = 0;
      else if (shape[i][j] > 1) {
        if (c->stride[i][j] != c->stride[k][j]) shared = 0;
        else if (pitch == 0 || c->stride[i][j] < pitch) pitch = c->stride[i][j];
      }
    }
    if (!shared || pitch <= 0) continue;
    int64_t span_i = 1, span_k = 1; /* elements each row reaches */
    int inside = 1;
    for (int j = m; j < nd && inside; j++) {
      if ((shape[i][j] > 1 && c->stride[i][j] >= pitch) || (shape[k][j] > 1 && c->stride[k][j] >= pitch)) inside = 0;
      span_i += (shape[i][j] - 1) * c->stride[i][j];
      span_k += (shape[k][j] - 1) * c->stride[k][j];
    }
    if (!inside) continue;
    int64_t delta = (int64_t)(diff / es), first = span_i, second = span_k;
    if (delta < 0) { delta = -delta; first = span_k; second = span_i; }
    if (delta >= first && delta + second <= pitch) return 1;
  }
  return 0;
}

/* An output must not write one address twice: sort dims by stride and check
 * that each stride steps past everything the smaller ones cover. */
static int self_overlaps(const int64_t *shape, const int64_t *stride, int ndim) {
  int order[FG__MAX_DIMS], n = 0;
  for (int j = 0; j < ndim; j++)
    if (shape[j] > 1) order[n++] = j;
  for (int a = 1; a < n; a++)
    for (int b = a; b > 0 && stride[order[b]] < stride[order[b - 1]]; b--) {
      int t = order[b]; order[b] = order[b - 1]; order[b - 1] = t;
    }
  int64_t covered = 0;
  for (int a = 0; a < n; a++) {
    int j = order[a];
    if (stride[j] <= covered) return 1;
    covered += (shape[j] - 1) * stride[j];
  }
  return 0;
}

fg_status fg__check_call(const fg__op_sig *sig, const DLTensor *const *t, fg__call *c) {
  memset(c, 0, sizeof *c);
  const char *fn = sig->fn;
  int64_t shape[FG__MAX_TENSORS][FG__MAX_DIMS];
  int bound_by[FG__MAX_SYMS], bound_dim[FG__MAX_SYMS];
  int group_dtype[FG__MAX_TENSORS], group_first[FG__MAX_TENSORS];
  for (int s = 0; s < sig->nsyms; s++) bound_by[s] = -1;
  for (int g = 0; g < sig->ngroups; g++) group_dtype[g] = 0;
  int device_id = -1, device_owner = -1;
  char layout[128];

  for (int i = 0; i < sig->ntensors; i++) {
    const fg__tensor_sig *ts = &sig->tensors[i];
    const DLTensor *x = t[i];
    if (!x) {
      if (!ts->optional) return fg__fail(FG_ERR_INVALID_ARGUMENT, "%s: %s is NULL", fn, ts->name);
      continue;
    }
    c->present[i] = 1;
    layout_text(sig, ts, layout, sizeof layout);
    int lo_nd = ts->ndim - ts->optional_dims;
    if (x->ndim < lo_nd || x->ndim > ts->ndim) {
      if (lo_nd == ts->ndim)
        return fg__fail(FG_ERR_SHAPE, "%s: %s must have %d dims %s, got %d", fn, ts->name, ts->ndim, layout, x->ndim);
      return fg__fail(FG_ERR_SHAPE, "%s: %s must have %d to %d dims %s, got %d", fn, ts->name, lo_nd,
                      ts->ndim, layout, x->ndim);
    }
    if (!x->shape) return fg__fail(FG_ERR_INVALID_ARGUMENT, "%s: %s.shape is NULL", fn, ts->name);

    /* dtype */
    int dt = dl_to_fg(x->dtype);
    const fg__dtype_group *g = &sig->groups[ts->dtype_group];
    int ok = 0;
    for (int k = 0; k < g->count; k++) ok |= g->dtypes[k] == dt;
    if (!ok) {
      char accepted[96];
      size_t len = 0;
      accepted[0] = 0;
      for (int k = 0; k < g->count; k++)
        len += snprintf(accepted + len, sizeof accepted - len, "%s%s", k ? ", " : "", fg__dtype_name(g->dtypes[k]));
      /* a code of one width names it alone (float8_e4m3fn); others take the bits (float16) */
      const int named = x->dtype.code == FG_DL_FLOAT8_E4M3FN && x->dtype.bits == 8;
      return fg__fail(FG_ERR_DTYPE, "%s: %s has dtype %s%.0d (lanes %d); accepted: %s", fn, ts->name,
                      dl_code_name(x->dtype.code), named ? 0 : x->dtype.bits, x->dtype.lanes, accepted);
    }
    if (!group_dtype[ts->dtype_group]) {
      group_dtype[ts->dtype_group] = dt;
      group_first[ts->dtype_group] = i;
    } else if (group_dtype[ts->dtype_group] != dt) {
      return fg__fail(FG_ERR_DTYPE, "%s: %s is %s but %s is %s; they must have the same dtype", fn,
                      ts->name, fg__dtype_name(dt), sig->tensors[group_first[ts->dtype_group]].name,
                      fg__dtype_name(group_dtype[ts->dtype_group]));
    }
    c->dtype[i] = dt;

    /* device type (the pointer itself is checked last) */
    if (x->device.device_type != kDLCUDA && x->device.device_type != kDLCUDAManaged)
      return fg__fail(FG_ERR_DEVICE, "%s: %s is on DLPack device type %d, not CUDA (kDLCUDA = %d)", fn,
                      ts->name, (int)x->device.device_type, (int)kDLCUDA);
    if (device_id < 0) {
      device_id = x->device.device_id;
      device_owner = i;
    } else if (x->device.device_id != device_id) {
      return fg__fail(FG_ERR_DEVICE, "%s: %s is on cuda:%d but %s is on cuda:%d", fn, ts->name,
                      x->device.device_id, sig->tensors[device_owner].name, device_id);
    }

    /* shape and strides, in the spec's layout: a tensor of k dims fewer leaves
       out the first k optional dims (size 1, stride 0); cd[j]: the tensor's
       dim of the layout's dim j, or -1 */
    int missing = ts->ndim - x->ndim, cd[FG__MAX_DIMS];
    for (int j = 0, d = 0, left = missing; j < ts->ndim; j++) {
      if (left > 0 && ts->dims[j].optional) { cd[j] = -1; left--; }
      else cd[j] = d++;
    }
    int64_t contiguous = 1;
    /* The product of the sizes with zeros counted as one stays below 2^60, even
       for an empty tensor: the generated code multiplies symbols of a tensor
       (and adds a few such products) in int64 without overflow checks. */
    int64_t nominal = 1;
    for (int j = ts->ndim - 1; j >= 0; j--) {
      int64_t size = 1, stride = 0;
      if (cd[j] >= 0) {
        int d = cd[j];
        size = x->shape[d];
        if (size < 0 || size > LIMIT)
          return fg__fail(FG_ERR_SHAPE, "%s: %s.shape[%d] = %lld is out of range", fn, ts->name, d, (long long)size);
        stride = x->strides ? x->strides[d] : contiguous;
        if (stride < 0 || stride > LIMIT)
          return fg__fail(FG_ERR_STRIDE, "%s: %s.strides[%d] = %lld: strides must be 0 to 2^40", fn, ts->name, d,
                          (long long)stride);
        if (j == ts->ndim - 1 && size > 1 && stride != 1 && !ts->scalar_access)
          return fg__fail(FG_ERR_STRIDE, "%s: %s.strides[%d] = %lld: the last dim must be contiguous (stride 1)",
                          fn, ts->name, d, (long long)stride);
        if (__builtin_mul_overflow(contiguous, size, &contiguous) ||
            __builtin_mul_overflow(nominal, size ? size : 1, &nominal) || nominal > ((int64_t)1 << 60))
          return fg__fail(FG_ERR_SHAPE, "%s: %s has too many elements (over 2^60, counting sizes of 0 as 1)", fn,
                          ts->name);
      }
      const fg__dim *dim = &ts->dims[j];
      if (size == 1 && (dim->sym < 0 || dim->broadcast)) stride = 0; /* read again for every index */
      shape[i][j] = size;
      c->stride[i][j] = stride;
      if (size == 0) c->empty = 1;
      if (dim->sym < 0) {
        if (size != 1)
          return fg__fail(FG_ERR_SHAPE, "%s: %s.shape[%d] = %lld must be 1 %s", fn, ts->name, cd[j],
                          (long long)size, layout);
        continue;
      }
      if (dim->broadcast && size == 1) continue; /* broadcast: binds nothing */
      if (dim->mul > 1 && size % dim->mul)
        return fg__fail(FG_ERR_SHAPE, "%s: %s.shape[%d] = %lld must be a multiple of %d %s", fn, ts->name, cd[j],
                        (long long)size, dim->mul, layout);
      int64_t value = dim->mul > 1 ? size / dim->mul : size * dim->div;
      if (bound_by[dim->sym] < 0) {
        c->sym[dim->sym] = value;
        bound_by[dim->sym] = i;
        bound_dim[dim->sym] = cd[j];
      } else if (c->sym[dim->sym] != value) {
        const fg__tensor_sig *first = &sig->tensors[bound_by[dim->sym]];
        const char *sym = sig->syms[dim->sym];
        char here[64], there[64];
        if (cd[j] < 0) snprintf(here, sizeof here, "%s (no dim: 1)", ts->name);
        else snprintf(here, sizeof here, "%s.shape[%d]", ts->name, cd[j]);
        if (bound_dim[dim->sym] < 0) snprintf(there, sizeof there, "%s (no dim: 1)", first->name);
        else snprintf(there, sizeof there, "%s.shape[%d]", first->name, bound_dim[dim->sym]);
        return fg__fail(FG_ERR_SHAPE, "%s: %s gives %s = %lld but %s gives %s = %lld", fn, here, sym,
                        (long long)value, there, sym, (long long)c->sym[dim->sym]);
      }
    }
    if (x->data && x->byte_offset > UINTPTR_MAX - (uintptr_t)x->data)
      return fg__fail(FG_ERR_INVALID_ARGUMENT, "%s: %s.byte_offset = %llu runs past the end of the address space", fn,
                      ts->name, (unsigned long long)x->byte_offset);
    c->data[i] = x->data ? (const void *)((uintptr_t)x->data + x->byte_offset) : NULL;
  }

  /* pointers: non-NULL and aligned to the element size, where there is data */
  for (int i = 0; i < sig->ntensors; i++) {
    if (!c->present[i] || c->empty) continue;
    const fg__tensor_sig *ts = &sig->tensors[i];
    if (!t[i]->data) return fg__fail(FG_ERR_INVALID_ARGUMENT, "%s: %s.data is NULL", fn, ts->name);
    int es = fg__dtype_size(c->dtype[i]);
    if ((uintptr_t)c->data[i] % (uintptr_t)es)
      return fg__fail(FG_ERR_ALIGNMENT, "%s: %s data (%p + byte_offset %llu) is not aligned to its element size %d",
                      fn, ts->name, t[i]->data, (unsigned long long)t[i]->byte_offset, es);
  }

  /* in place: an absent optional output takes its input; so does one with the
     same data and the same strides (where a dim has more than one element) */
  for (int i = 0; i < sig->ntensors; i++) {
    const fg__tensor_sig *ts = &sig->tensors[i];
    int src = ts->inplace_of;
    if (src < 0) continue;
    int same = c->present[i] && c->data[i] == c->data[src];
    for (int j = 0; same && j < ts->ndim; j++)
      if (shape[src][j] > 1 && c->stride[i][j] != c->stride[src][j]) same = 0;
    if (!c->present[i] || same) {
      c->data[i] = c->data[src];
      memcpy(c->stride[i], c->stride[src], sizeof c->stride[i]);
      memcpy(shape[i], shape[src], sizeof shape[i]);
      c->dtype[i] = c->dtype[src];
      c->present[i] = 2; /* stands for its input */
      c->inplace |= 1u << i;
    }
  }
  /* outputs (in place ones too): each element once, and no overlap with any
     other tensor but the input they stand for */
  for (int i = 0; i < sig->ntensors; i++) {
    const fg__tensor_sig *ts = &sig->tensors[i];
    if (!c->present[i] || ts->access == FG__IN || c->empty) continue; /* no elements, no writes */
    uintptr_t lo, hi;
    if (extent(c, ts, i, shape[i], &lo, &hi) != 0) /* first: it bounds the sums self_overlaps takes */
      return fg__fail(FG_ERR_SHAPE, "%s: %s spans more memory than any device has", fn, ts->name);
    if (self_overlaps(shape[i], c->stride[i], ts->ndim))
      return fg__fail(FG_ERR_STRIDE, "%s: %s has strides under which two elements share an address", fn,
                      c->present[i] == 2 ? sig->tensors[ts->inplace_of].name : ts->name);
    for (int k = 0; k < sig->ntensors; k++) {
      if (k == i || !c->present[k]) continue;
      if (c->present[i] == 2 && k == ts->inplace_of) continue;
      if (c->present[k] == 2 && k != i) continue; /* checked as its own input */
      uintptr_t lo2, hi2;
      if (extent(c, &sig->tensors[k], k, shape[k], &lo2, &hi2) != 0)
        return fg__fail(FG_ERR_SHAPE, "%s: %s spans more memory than any device has", fn, sig->tensors[k].name);
      if (lo < hi2 && lo2 < hi && !interleaved_rows(c, sig, i, k, shape))
        return fg__fail(FG_ERR_INVALID_ARGUMENT,
                        "%s: %s overlaps %s; an output must be disjoint from the other tensors, or be exactly its input (in place)",
                        fn, c->present[i] == 2 ? sig->tensors[ts->inplace_of].name : ts->name, sig->tensors[k].name);
    }
  }

  /* the fast path needs 16-byte pointers and strides */
  c->aligned16 = 1;
  for (int i = 0; i < sig->ntensors; i++) {
    if (!c->present[i] || sig->tensors[i].scalar_access) continue;
    int es = fg__dtype_size(c->dtype[i]);
    if ((uintptr_t)c->data[i] % 16) c->aligned16 = 0;
    for (int j = 0; j < sig->tensors[i].ndim - 1; j++)
      if (shape[i][j] > 1 && (c->stride[i][j] * es) % 16) c->aligned16 = 0;
  }

  /* 32-bit offsets suffice when each tensor's elements lie fewer than 2^31 - 1
     elements past its base (strides are not negative) */
  c->index32 = 1;
  for (int i = 0; i < sig->ntensors && !c->empty; i++) {
    if (!c->present[i]) continue;
    const int64_t span = last_offset(shape[i], c->stride[i], sig->tensors[i].ndim);
    if (span < 0 || span >= INT32_MAX) c->index32 = 0;
  }

  c->device = device_id;
  return FG_OK;
}

static _Thread_local int vouched; /* fg__vouch_for_devices */

void fg__vouch_for_devices(int on) { vouched = on; }

int fg__enter_device(int device_id) {
  int current = -1;
  if (cudaGetDevice(&current) != cudaSuccess || (current != device_id && cudaSetDevice(device_id) != cudaSuccess)) {
    cudaGetLastError(); /* nothing switched: the call's device check says why */
    return -1;
  }
  return current == device_id ? -1 : current;
}

void fg__leave_device(int previous) {
  if (previous >= 0 && cudaSetDevice(previous) != cudaSuccess) cudaGetLastError();
}

/* A CUDA query of the device check failed: its error is this call's to report
   (cleared, so that the caller's next CUDA call does not see it). subject: the
   tensor or argument queried, or NULL. */
static fg_status device_query_failed(const char *fn, const char *subject, const char *what, cudaError_t err) {
  cudaGetLastError();
  if (subject) return fg__fail(FG_ERR_DEVICE, "%s: %s: %s: %s", fn, subject, what, cudaGetErrorString(err));
  return fg__fail(FG_ERR_DEVICE, "%s: %s: %s", fn, what, cudaGetErrorString(err));
}

fg_status fg__check_device(const fg__op_sig *sig, fg__call *c, fg_stream_t stream) {
  const char *fn = sig->fn;
  const int device_id = c->device;
  const int trust = vouched;
  /* devices: the current one, and pointers that live on it */
  int current = -1;
  cudaError_t err = cudaGetDevice(&current);
  if (err != cudaSuccess) return device_query_failed(fn, NULL, "no usable CUDA device", err);
  if (device_id != current)
    return fg__fail(FG_ERR_DEVICE, "%s: the tensors are on cuda:%d but the current device is cuda:%d", fn,
                    device_id, current);
  /* (vouched for: fg__check_call found every tensor on CUDA device device_id) */
  for (int i = 0; i < sig->ntensors && !trust; i++) {
    if (c->present[i] != 1) continue;
    struct cudaPointerAttributes attr;
    err = cudaPointerGetAttributes(&attr, c->data[i]);
    if (err != cudaSuccess) return device_query_failed(fn, sig->tensors[i].name, "cannot query its pointer", err);
    if (attr.type != cudaMemoryTypeDevice && attr.type != cudaMemoryTypeManaged)
      return fg__fail(FG_ERR_DEVICE, "%s: %s.data is not device memory (a host pointer?)", fn, sig->tensors[i].name);
    if (attr.device != current)
      return fg__fail(FG_ERR_DEVICE, "%s: %s.data lives on cuda:%d, not on cuda:%d", fn, sig->tensors[i].name,
                      attr.device, current);
  }
#if CUDART_VERSION >= 12080
  /* a stream of another device: on two H200s CUDA took such a launch without an
     error, and the output was still unwritten once the tensors' device had
     synchronised. The implicit streams are each the current device's own, and
     a capturing stream is not asked (CUDA refuses the query there and ends the
     capture). */
  cudaStream_t s = (cudaStream_t)stream;
  enum cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  if (s && s != cudaStreamLegacy && s != cudaStreamPerThread) {
    int stream_device = current;
    err = cudaStreamIsCapturing(s, &capture);
    if (err == cudaSuccess && capture == cudaStreamCaptureStatusNone) err = cudaStreamGetDevice(s, &stream_device);
    if (err != cudaSuccess) return device_query_failed(fn, "stream", "cannot query it", err);
    if (stream_device != current)
      return fg__fail(FG_ERR_DEVICE, "%s: stream: a stream of cuda:%d, but the tensors are on cuda:%d", fn,
                      stream_device, current);
  }
#else
  (void)stream; /* cudaStreamGetDevice: CUDA 12.8 and later */
#endif
  if (!fg__device_props(current, &c->cc, &c->sm_count))
    return fg__fail(FG_ERR_DEVICE, "%s: cannot read the properties of cuda:%d", fn, current);
  c->device = current;
  c->model = fg__device_model(current);
  return FG_OK;
}
