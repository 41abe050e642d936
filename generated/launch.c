/* copied from runtime/launch.c by fusegen: do not edit */
/* Launching the chosen kernel and reporting CUDA errors. */
#include "fusegen_internal.h"

static _Thread_local const char *last_kernel = "";

const char *fg__last_kernel(void) { return last_kernel; }

fg_status fg__launch(const fg__op_sig *sig, const fg__kernel_entry *e, const void *params, const fg__call *c,
                     fg_stream_t stream) {
  last_kernel = "";
  cudaError_t err = e->launch(params, c->sm_count, (cudaStream_t)stream);
  if (err != cudaSuccess)
    return fg__fail(FG_ERR_CUDA, "%s: launching %s failed: %s", sig->fn, e->name, cudaGetErrorString(err));
  fg__clear_error();
  last_kernel = e->name;
  return FG_OK;
}
