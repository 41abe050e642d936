/* Launching the chosen kernel and reporting CUDA errors. */
#include "fusegen_internal.h"

static _Thread_local const char *last_kernel = "";
static _Thread_local int pdl_on; /* fg_set_pdl: this thread's calls */

fg_status fg_set_pdl(int on) {
  if (on != 0 && on != 1) return fg__fail(FG_ERR_INVALID_ARGUMENT, "fg_set_pdl: on is %d, expected 0 or 1", on);
  pdl_on = on;
  fg__clear_error();
  return FG_OK;
}

int fg_pdl(void) { return pdl_on; }

const char *fg__last_kernel(void) { return last_kernel; }

fg_status fg__launch(const fg__op_sig *sig, const fg__kernel_entry *e, const void *params, const fg__call *c,
                     fg_stream_t stream) {
  last_kernel = "";
  /* programmatic dependent launch exists from compute capability 9.0 on;
     on older devices the setting launches as without it */
  cudaError_t err = e->launch(params, c->sm_count, pdl_on && c->cc >= 90, (cudaStream_t)stream);
  if (err != cudaSuccess)
    return fg__fail(FG_ERR_CUDA, "%s: launching %s failed: %s", sig->fn, e->name, cudaGetErrorString(err));
  fg__clear_error();
  last_kernel = e->name;
  return FG_OK;
}
