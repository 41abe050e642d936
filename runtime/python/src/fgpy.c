/* The compiled layer's shared part: argument conversion and errors (fgpy.h). */
#include "fgpy.h"

#include "fusegen_internal.h" /* fg__last_kernel */

#include <string.h>

/* DLPack's C exchange API (DLPack 1.2: DLPackExchangeAPI), through which a
 * framework hands a consumer C functions for its tensors. Declared here from
 * the DLPack specification, since the system's dlpack.h may predate it; only
 * the two functions used are typed. */
typedef struct fgpy_exchange_header {
  uint32_t major, minor; /* DLPackVersion */
  struct fgpy_exchange_header *prev_api;
} fgpy_exchange_header;
typedef struct {
  fgpy_exchange_header header;
  void *managed_tensor_allocator;
  void *managed_tensor_from_py_object_no_sync;
  void *managed_tensor_to_py_object_no_sync;
  int (*dltensor_from_py_object_no_sync)(void *py_object, DLTensor *out);
  int (*current_work_stream)(int device_type, int32_t device_id, void **out_stream);
} fgpy_exchange_api;

/* Set once by _init: the error class, and the tensor types that take the
 * fast path (torch.Tensor and torch.nn.Parameter exactly: a subclass may be
 * a fake or functional tensor with no memory behind it). */
static PyObject *error_class;
static PyObject *torch_tensor_type; /* isinstance of it, not a fast type: routed */
static PyObject *stream_fn;         /* device index -> current stream, without the exchange API */
#define FGPY_FAST_TYPES 4
static PyTypeObject *fast_types[FGPY_FAST_TYPES];
static const fgpy_exchange_api *fast_api;

void fgpy_begin(fgpy_call *c) {
  c->ntensors = 0;
  c->nkeep = 0;
  c->api = NULL;
  c->torch_seen = 0;
  c->device_type = 0;
  c->device_id = 0;
  c->exchanged = 1;
  c->restore_device = -1;
}

PyObject *fgpy_arity(const char *op, Py_ssize_t expected, Py_ssize_t got) {
  PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", op, expected, got);
  return NULL;
}

static void note_device(fgpy_call *c, const DLTensor *t) {
  if (c->device_type == 0 && t->device.device_type != kDLCPU) {
    c->device_type = t->device.device_type;
    c->device_id = t->device.device_id;
  }
}

/* Any object with __dlpack__: its capsule stays referenced until the call
 * returns, then, unconsumed, releases the tensor. */
static int from_dlpack(fgpy_call *c, PyObject *obj, const char *op, const char *name, DLTensor *t) {
  PyObject *dev = PyObject_CallMethod(obj, "__dlpack_device__", NULL);
  if (!dev) return FGPY_ERROR;
  long dev_type = -1;
  if (PyTuple_Check(dev) && PyTuple_GET_SIZE(dev) >= 1) dev_type = PyLong_AsLong(PyTuple_GET_ITEM(dev, 0));
  Py_DECREF(dev);
  if (dev_type == -1 && PyErr_Occurred()) return FGPY_ERROR;
  PyObject *capsule = NULL;
  if (dev_type == kDLCPU) {
    capsule = PyObject_CallMethod(obj, "__dlpack__", NULL);
  } else { /* stream -1: no synchronisation; the caller orders its streams */
    PyObject *method = PyObject_GetAttrString(obj, "__dlpack__");
    PyObject *args = method ? PyTuple_New(0) : NULL;
    PyObject *kw = args ? Py_BuildValue("{s:i}", "stream", -1) : NULL;
    if (kw) capsule = PyObject_Call(method, args, kw);
    Py_XDECREF(kw);
    Py_XDECREF(args);
    Py_XDECREF(method);
  }
  if (!capsule) return FGPY_ERROR;
  DLManagedTensor *m = PyCapsule_IsValid(capsule, "dltensor") ? PyCapsule_GetPointer(capsule, "dltensor") : NULL;
  if (!m) {
    Py_DECREF(capsule);
    PyErr_Format(PyExc_TypeError, "%s: %s: __dlpack__ did not return a DLPack capsule", op, name);
    return FGPY_ERROR;
  }
  c->keep[c->nkeep++] = capsule;
  *t = m->dl_tensor;
  return FGPY_OK;
}

int fgpy_tensor(fgpy_call *c, PyObject *obj, const char *op, const char *name, int optional, DLTensor **out) {
  if (obj == Py_None) {
    if (optional) {
      *out = NULL;
      return FGPY_OK;
    }
    PyErr_Format(PyExc_TypeError, "%s: tensor %s is required (got None)", op, name);
    return FGPY_ERROR;
  }
  if (c->ntensors >= FGPY_MAX_TENSORS) {
    PyErr_Format(PyExc_TypeError, "%s: more than %d tensors", op, FGPY_MAX_TENSORS);
    return FGPY_ERROR;
  }
  DLTensor *t = &c->tensors[c->ntensors];
  PyTypeObject *type = Py_TYPE(obj);
  for (int i = 0; i < FGPY_FAST_TYPES && fast_types[i]; i++) {
    if (type != fast_types[i]) continue;
    if (!fast_api) { /* a PyTorch without the exchange API: through __dlpack__ */
      c->torch_seen = 1;
      c->exchanged = 0;
      break;
    }
    if (fast_api->dltensor_from_py_object_no_sync((void *)obj, t) != 0) return FGPY_ERROR;
    c->ntensors++;
    c->api = fast_api;
    note_device(c, t);
    *out = t;
    return FGPY_OK;
  }
  if (torch_tensor_type && !c->torch_seen) {
    int sub = PyObject_IsInstance(obj, torch_tensor_type);
    if (sub < 0) return FGPY_ERROR;
    if (sub) return FGPY_ROUTE;
  }
  if (!PyObject_HasAttrString(obj, "__dlpack__")) {
    PyErr_Format(PyExc_TypeError, "%s: %s: expected a tensor (PyTorch or any object with __dlpack__), got %s", op,
                 name, type->tp_name);
    return FGPY_ERROR;
  }
  c->exchanged = 0;
  int r = from_dlpack(c, obj, op, name, t);
  if (r != FGPY_OK) return r;
  c->ntensors++;
  note_device(c, t);
  *out = t;
  return FGPY_OK;
}

int fgpy_enum(PyObject *obj, const char *op, const char *name, const char *const *values, int count, int *out) {
  if (PyUnicode_Check(obj)) {
    const char *s = PyUnicode_AsUTF8(obj);
    if (!s) return FGPY_ERROR;
    for (int i = 0; i < count; i++) {
      if (strcmp(s, values[i]) == 0) {
        *out = i;
        return FGPY_OK;
      }
    }
  } else if (PyLong_Check(obj)) {
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) return FGPY_ERROR;
    if (v >= 0 && v < count) {
      *out = (int)v;
      return FGPY_OK;
    }
  }
  char list[256] = "";
  for (int i = 0; i < count; i++) {
    size_t n = strlen(list);
    snprintf(list + n, sizeof list - n, "%s'%s'", i ? ", " : "", values[i]);
  }
  PyObject *repr = PyObject_Repr(obj);
  PyErr_Format(PyExc_ValueError, "%s: %s = %s; one of %s", op, name, repr ? PyUnicode_AsUTF8(repr) : "?", list);
  Py_XDECREF(repr);
  return FGPY_ERROR;
}

int fgpy_f32(PyObject *obj, const char *op, const char *name, float *out) {
  double v = PyFloat_AsDouble(obj);
  if (v == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "%s: %s must be a number, got %s", op, name, Py_TYPE(obj)->tp_name);
    return FGPY_ERROR;
  }
  *out = (float)v;
  return FGPY_OK;
}

int fgpy_i64(PyObject *obj, const char *op, const char *name, int64_t *out) {
  long long v = PyLong_AsLongLong(obj);
  if (v == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "%s: %s must be an integer, got %s", op, name, Py_TYPE(obj)->tp_name);
    return FGPY_ERROR;
  }
  *out = (int64_t)v;
  return FGPY_OK;
}

int fgpy_stream(fgpy_call *c, PyObject *obj, fg_stream_t *out) {
  *out = NULL;
  if (obj == Py_None) {
    const fgpy_exchange_api *api = c->api;
    if (api && api->current_work_stream && c->device_type != 0) {
      void *s = NULL;
      if (api->current_work_stream(c->device_type, c->device_id, &s) != 0) return FGPY_ERROR;
      *out = (fg_stream_t)s;
      return FGPY_OK;
    }
    if (!(c->torch_seen && stream_fn && c->device_type == kDLCUDA)) return FGPY_OK;
    obj = PyObject_CallFunction(stream_fn, "i", c->device_id); /* PyTorch's current stream */
    if (!obj) return FGPY_ERROR;
    void *s = PyLong_AsVoidPtr(obj);
    Py_DECREF(obj);
    if (!s && PyErr_Occurred()) return FGPY_ERROR;
    *out = (fg_stream_t)s;
    return FGPY_OK;
  }
  PyObject *handle = PyLong_Check(obj) ? (Py_INCREF(obj), obj) : PyObject_GetAttrString(obj, "cuda_stream");
  if (!handle) {
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "stream: expected None, an int (cudaStream_t) or an object with .cuda_stream, got %s",
                 Py_TYPE(obj)->tp_name);
    return FGPY_ERROR;
  }
  void *s = PyLong_AsVoidPtr(handle);
  Py_DECREF(handle);
  if (!s && PyErr_Occurred()) return FGPY_ERROR;
  *out = (fg_stream_t)s;
  return FGPY_OK;
}

static void release(fgpy_call *c) {
  for (int i = 0; i < c->nkeep; i++) Py_DECREF(c->keep[i]);
  c->nkeep = 0;
}

void fgpy_enter(fgpy_call *c) {
  if (c->device_type == kDLCUDA || c->device_type == kDLCUDAManaged) c->restore_device = fg__enter_device(c->device_id);
  fg__vouch_for_devices(c->exchanged && c->ntensors > 0);
}

PyObject *fgpy_finish(fgpy_call *c, fg_status status) {
  fg__vouch_for_devices(0);
  fg__leave_device(c->restore_device);
  c->restore_device = -1;
  release(c);
  if (status == FG_OK) Py_RETURN_NONE;
  PyObject *cls = error_class ? error_class : PyExc_RuntimeError;
  PyObject *err = error_class ? PyObject_CallFunction(cls, "is", (int)status, fg_last_error())
                              : PyUnicode_FromFormat("%s: %s", fg_status_name(status), fg_last_error());
  if (err) {
    PyErr_SetObject(error_class ? (PyObject *)Py_TYPE(err) : cls, err);
    Py_DECREF(err);
  }
  return NULL;
}

PyObject *fgpy_abort(fgpy_call *c, int result) {
  release(c);
  if (result == FGPY_ROUTE) Py_RETURN_NOTIMPLEMENTED;
  return NULL;
}

PyObject *fgpy_count(fgpy_call *c, int64_t bytes) {
  release(c);
  return PyLong_FromLongLong((long long)bytes);
}

/* --- the module's own functions -------------------------------------------------- */

static PyObject *py_version(PyObject *self, PyObject *unused) {
  (void)self, (void)unused;
  return PyUnicode_FromString(fg_version());
}

static PyObject *py_last_kernel(PyObject *self, PyObject *unused) {
  (void)self, (void)unused;
  return PyUnicode_FromString(fg__last_kernel());
}

static PyObject *py_gpu_model(PyObject *self, PyObject *arg) {
  (void)self;
  long d = PyLong_AsLong(arg);
  if (d == -1 && PyErr_Occurred()) return NULL;
  const char *model = d >= -1 && d <= 4096 ? fg_gpu_model((int)d) : NULL;
  if (!model) {
    PyErr_Format(PyExc_ValueError, "gpu_model: no CUDA device %ld", d);
    return NULL;
  }
  return PyUnicode_FromString(model);
}

static PyObject *py_set_pdl(PyObject *self, PyObject *arg) {
  (void)self;
  int on = PyObject_IsTrue(arg);
  if (on < 0) return NULL;
  int was = fg_pdl();
  (void)fg_set_pdl(on); /* 0 or 1: accepted */
  return PyBool_FromLong(was);
}

static PyObject *py_pdl(PyObject *self, PyObject *unused) {
  (void)self, (void)unused;
  return PyBool_FromLong(fg_pdl());
}

static PyObject *py_status_name(PyObject *self, PyObject *arg) {
  (void)self;
  long s = PyLong_AsLong(arg);
  if (s == -1 && PyErr_Occurred()) return NULL;
  return PyUnicode_FromString(fg_status_name((fg_status)s));
}

/* _init(error_class[, tensor_type, stream_fn, *plain_types]): the error class;
 * with PyTorch, torch.Tensor (its subclasses other than the plain types are
 * routed to the dispatcher), a function giving the current stream of a device
 * (used where PyTorch has no exchange API), and the plain tensor types, which
 * take the exchange API of tensor_type's __dlpack_c_exchange_api__ capsule
 * when it has one (True returned), __dlpack__ otherwise. */
static PyObject *py_init(PyObject *self, PyObject *args) {
  (void)self;
  Py_ssize_t n = PyTuple_GET_SIZE(args);
  if (n != 1 && n < 4) return fgpy_arity("_init", 4, n);
  Py_XSETREF(error_class, Py_NewRef(PyTuple_GET_ITEM(args, 0)));
  if (n == 1) Py_RETURN_FALSE;
  PyObject *tensor = PyTuple_GET_ITEM(args, 1);
  Py_XSETREF(torch_tensor_type, Py_NewRef(tensor));
  Py_XSETREF(stream_fn, Py_NewRef(PyTuple_GET_ITEM(args, 2)));
  for (Py_ssize_t i = 3; i < n && i - 3 < FGPY_FAST_TYPES; i++) {
    PyObject *t = PyTuple_GET_ITEM(args, i);
    if (!PyType_Check(t)) {
      PyErr_SetString(PyExc_TypeError, "_init: expected types");
      return NULL;
    }
    Py_INCREF(t);
    fast_types[i - 3] = (PyTypeObject *)t;
  }
  PyObject *capsule = PyObject_GetAttrString(tensor, "__dlpack_c_exchange_api__");
  if (!capsule) {
    PyErr_Clear();
    Py_RETURN_FALSE;
  }
  const fgpy_exchange_api *api = NULL;
  if (PyCapsule_CheckExact(capsule)) api = PyCapsule_GetPointer(capsule, PyCapsule_GetName(capsule));
  Py_DECREF(capsule); /* the type keeps its capsule alive */
  if (!api) {
    PyErr_Clear();
    Py_RETURN_FALSE;
  }
  if (api->header.major != 1 || !api->dltensor_from_py_object_no_sync) Py_RETURN_FALSE;
  fast_api = api;
  Py_RETURN_TRUE;
}

PyMethodDef fgpy_methods[] = {
    {"version", py_version, METH_NOARGS, "The library's version, \"0.1.0\"."},
    {"last_kernel", py_last_kernel, METH_NOARGS,
     "The kernel that the last successful call on this thread launched (\"\" if none)."},
    {"status_name", py_status_name, METH_O, "The name of a status code: \"FG_ERR_SHAPE\"."},
    {"gpu_model", py_gpu_model, METH_O,
     "The GPU model whose tuned kernels run on a CUDA device (\"h200\"), \"\" for its target's default ones."},
    {"set_pdl", py_set_pdl, METH_O,
     "Programmatic dependent launch for this thread's later calls (True) or not; returns the setting before."},
    {"pdl", py_pdl, METH_NOARGS, "This thread's programmatic dependent launch setting."},
    {"_init", py_init, METH_VARARGS,
     "_init(error_class[, tensor_type, stream_fn, *plain_types]): errors, and PyTorch's tensors and stream."},
};
const int fgpy_method_count = sizeof fgpy_methods / sizeof fgpy_methods[0];

PyObject *fgpy_module(PyMethodDef *ops, int nops) {
  static PyModuleDef def = {PyModuleDef_HEAD_INIT, "_ext", "fusegen's compiled layer (generated entry points).", -1,
                            NULL, NULL, NULL, NULL, NULL};
  PyMethodDef *all = PyMem_RawCalloc((size_t)(nops + fgpy_method_count + 1), sizeof *all); /* lives with the process */
  if (!all) return PyErr_NoMemory();
  memcpy(all, fgpy_methods, sizeof fgpy_methods);
  memcpy(all + fgpy_method_count, ops, (size_t)nops * sizeof *ops);
  def.m_methods = all;
  return PyModule_Create(&def);
}
