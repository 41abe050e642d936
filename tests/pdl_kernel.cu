// The kernel before a library call in the programmatic dependent launch test
// (test_pdl_gpu.c): it lets the next kernel be scheduled at its start, as a
// kernel written for such launches may, then waits a while and only then
// copies its input to the buffer that the library call reads. A library kernel
// that touched memory before its wait would read the buffer as it was.
#include <cuda_runtime.h>
#include <stdint.h>

__global__ void pdl_late_copy_kernel(const uint4* src, uint4* dst, size_t n, long long delay_ns) {
#if __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
  const long long t0 = clock64();
  // clock64 counts cycles: at most 2 GHz, so delay_ns * 2 cycles last at least delay_ns
  while (clock64() - t0 < 2 * delay_ns) __nanosleep(1000);
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) dst[i] = src[i];
}

// bytes (a multiple of 16) from src to dst, after about delay_ns, on stream
extern "C" cudaError_t test_pdl_late_copy(const void* src, void* dst, size_t bytes, long long delay_ns, cudaStream_t stream) {
  pdl_late_copy_kernel<<<264, 256, 0, stream>>>((const uint4*)src, (uint4*)dst, bytes / 16, delay_ns);
  return cudaGetLastError();
}
