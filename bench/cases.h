/* The bench shapes of ops.md: one case per op and shape, shared by the
 * benchmark (bench/bench.c) and the tuner (bench/tune.c), so that the tuner
 * tunes for exactly what the benchmark reports. */
#ifndef FUSEGEN_BENCH_CASES_H
#define FUSEGEN_BENCH_CASES_H
#include "fusegen.h"

typedef struct bench_case_ctx bench_case_ctx;

int bench_case_count(void);
const char *bench_case_op(int i);   /* "rope" */
const char *bench_case_name(int i); /* "hunyuan [1,115200,24,128]" */
/* FILTER: the start of an op's name ("norm": every norm + modulation op) or part of a case name. */
int bench_case_selected(int i, const char *filter);
/* Its tensors on the current GPU, random inputs. */
bench_case_ctx *bench_case_setup(int i);
/* One call of the op; bench_case_run exits with the library's message on an error. */
fg_status bench_case_try(bench_case_ctx *c);
void bench_case_run(void *c);
/* The stream of every later call (NULL, the default stream, at the start). */
void bench_case_stream(fg_stream_t s);
/* Bytes the call moves at least (fg__bytes_moved of the op's signature). */
double bench_case_bytes(const bench_case_ctx *c);
void bench_case_free(bench_case_ctx *c);
/* The case's device buffers (inputs and outputs, each once): at most max. */
typedef struct {
  void *data;
  size_t bytes;
  DLDataType dtype;
} bench_buffer;
int bench_case_buffers(const bench_case_ctx *c, bench_buffer *out, int max);

#endif
