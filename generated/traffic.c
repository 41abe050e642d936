/* copied from runtime/traffic.c by fusegen: do not edit */
/* The bytes an op must move: the measure the benchmark divides by time. One
 * rule for every op, read off its signature (so off its spec): each input
 * read once, each output written once. */
#include "fusegen_internal.h"

static int64_t tensor_bytes(const DLTensor *t) {
  int64_t n = (t->dtype.bits * (int64_t)t->dtype.lanes + 7) / 8;
  for (int i = 0; i < t->ndim; i++) n *= t->shape[i];
  return n;
}

int64_t fg__bytes_moved(const fg__op_sig *sig, const DLTensor *const *tensors) {
  int64_t total = 0;
  for (int i = 0; i < sig->ntensors; i++) {
    const fg__tensor_sig *ts = &sig->tensors[i];
    const DLTensor *t = tensors[i];
    if (!t && ts->inplace_of >= 0) t = tensors[ts->inplace_of]; /* in place: written back */
    if (!t) {
      if (!ts->optional) return -1;
      continue;
    }
    total += tensor_bytes(t) * (ts->access == FG__INOUT ? 2 : 1);
  }
  return total;
}
