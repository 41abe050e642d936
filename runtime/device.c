/* What the runtime knows of each CUDA device, asked once and kept in one
 * record per device: its compute capability and multiprocessor count (the
 * dispatch's target and the launchers' grids), and which GPU model's tuned
 * kernels it runs.
 *
 * Tuning files may give a GPU
 * model its own tiles within a target (gen/tuning/sm_90_h200.lua); the
 * generator then lists the models in fg__models and gives a variant a second
 * kernel where that model's tiles differ. A device runs a model's kernels when
 * its name (cudaDeviceProp.name) is one the model's file lists; any other
 * device runs the target's default kernels.
 *
 * FUSEGEN_GPU_MODEL, read once, stands in for every device's name: a device
 * name, a model's own name ("h200"), or anything else for the defaults. */
#include "fusegen_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEVICES 64

/* A device's record; each field 0 until asked. model: 1 + its model (1: the
   target's default). Devices past MAX_DEVICES are asked on every call. */
typedef struct {
  atomic_int cc, sm_count, model;
} device_record;
static device_record devices[MAX_DEVICES];
static _Thread_local int selected = -1;

/* The record of device, NULL past MAX_DEVICES */
static device_record *record_of(int device) { return device >= 0 && device < MAX_DEVICES ? &devices[device] : NULL; }

int fg__device_props(int device, int *cc, int *sm_count) {
  device_record *r = record_of(device);
  if (r) {
    *cc = atomic_load_explicit(&r->cc, memory_order_relaxed);
    *sm_count = atomic_load_explicit(&r->sm_count, memory_order_relaxed);
    if (*cc && *sm_count) return 1;
  }
  int major = 0, minor = 0;
  if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device) != cudaSuccess ||
      cudaDeviceGetAttribute(sm_count, cudaDevAttrMultiProcessorCount, device) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  *cc = major * 10 + minor;
  if (r) {
    atomic_store_explicit(&r->sm_count, *sm_count, memory_order_relaxed);
    atomic_store_explicit(&r->cc, *cc, memory_order_relaxed);
  }
  return 1;
}

void fg__select_model(int model) { selected = model; }

void fg__forget_device_models(void) {
  for (int i = 0; i < MAX_DEVICES; i++) atomic_store_explicit(&devices[i].model, 0, memory_order_relaxed);
}

/* The model whose file lists name (or that is called name), 0 for none. */
static int model_of_name(const char *name) {
  for (int m = 0; m < fg__model_count; m++) {
    if (!strcmp(name, fg__models[m].name)) return m + 1;
    for (int d = 0; d < fg__models[m].ndevices; d++)
      if (!strcmp(name, fg__models[m].devices[d])) return m + 1;
  }
  return 0;
}

int fg__device_model(int device) {
  if (selected >= 0) return selected;
  if (fg__model_count == 0) return 0;
  device_record *r = record_of(device);
  if (r) {
    int k = atomic_load_explicit(&r->model, memory_order_relaxed);
    if (k) return k - 1;
  }
  int model = 0;
  const char *forced = getenv("FUSEGEN_GPU_MODEL");
  if (forced) {
    model = model_of_name(forced);
  } else {
    struct cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, device) != cudaSuccess) {
      cudaGetLastError();
      return 0; /* the caller's own checks report the device */
    }
    model = model_of_name(prop.name);
  }
  if (r) atomic_store_explicit(&r->model, model + 1, memory_order_relaxed);
  return model;
}

const char *fg_gpu_model(int device) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || device < 0 || device >= count) {
    cudaGetLastError();
    fg__fail(FG_ERR_DEVICE, "fg_gpu_model: no CUDA device %d (%d present)", device, count);
    return NULL;
  }
  int model = fg__device_model(device);
  fg__clear_error();
  return model > 0 && model <= fg__model_count ? fg__models[model - 1].name : "";
}
