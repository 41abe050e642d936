/* Timing for the benchmark and the tuner: CUDA events, a warm-up, the median
 * of many runs with L2 flushed before each (bench/flush.cu), and the
 * device-to-device copy bandwidth that every result is a share of, and the
 * time of a copy of each call's own size. */
#ifndef FUSEGEN_BENCH_TIMING_H
#define FUSEGEN_BENCH_TIMING_H
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

#define CUDA_OK(x)                                                                        \
  do {                                                                                    \
    cudaError_t e_ = (x);                                                                 \
    if (e_ != cudaSuccess) {                                                              \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      exit(1);                                                                            \
    }                                                                                     \
  } while (0)

/* Allocate the flush buffer (4 x L2) and print the device's name; exits without a GPU. */
void timing_init(const char *program);
/* Median time in ms of fn(ctx) over n runs, L2 flushed before each. */
float time_median(void (*fn)(void *), void *ctx, int n);
/* Median time in ms of the kernel after fn(ctx): a buffer of half the L2 read
   three times, right after fn (L2 flushed before fn); fn NULL: after the flush
   alone. A call that leaves L2 full of lines the next kernel cannot evict (an
   L2 policy's lines left evict-last) makes it slower. */
float time_after_median(void (*fn)(void *), void *ctx, int n);
/* 1 GiB device-to-device copy, bytes read + written per second (GB/s); prints it. */
double copy_bandwidth(int runs);
/* Median ms of a device-to-device copy that moves `bytes` (half read, half
   written): the floor of a call of that size, fixed costs and all. */
float same_size_copy_ms(double bytes, int runs);

#endif
