/* Which GPU model's tuned kernels a device runs. Tuning files may give a GPU
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

/* per device: 0 not yet known, else 1 + its model (0: the target's default) */
static atomic_int known[MAX_DEVICES];
static _Thread_local int selected = -1;

void fg__select_model(int model) { selected = model; }

void fg__forget_device_models(void) {
  for (int i = 0; i < MAX_DEVICES; i++) atomic_store_explicit(&known[i], 0, memory_order_relaxed);
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
  if (device >= 0 && device < MAX_DEVICES) {
    int k = atomic_load_explicit(&known[device], memory_order_relaxed);
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
  if (device >= 0 && device < MAX_DEVICES) atomic_store_explicit(&known[device], model + 1, memory_order_relaxed);
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
