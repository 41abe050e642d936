// L2 flush for the benchmark: read a buffer several times the L2 size, so that
// the cache holds clean lines of other data (a memset would leave dirty lines
// that the next kernel has to write back, charging it for traffic not its own).
#include <cuda_runtime.h>

// A read of every 16 bytes of a buffer: the flush reads around L1 (__ldcg); the
// read after a call (the bench reads half the L2 three times: the first read
// from memory, the next two from L2 when the call left room for it) plainly.
template <bool AROUND_L1>
__global__ void fg_bench_read_kernel(const uint4* __restrict__ p, size_t n, unsigned* sink)
{
    unsigned acc = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        const uint4 v = AROUND_L1 ? __ldcg(p + i) : p[i];
        acc ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if (acc == 0x9e3779b9u) *sink = acc;  // keeps the loads; practically never stores
}

extern "C" cudaError_t fg_bench_reuse(const void* buf, size_t bytes, unsigned* sink, cudaStream_t stream)
{
    fg_bench_read_kernel<false><<<1024, 256, 0, stream>>>((const uint4*)buf, bytes / 16, sink);
    return cudaGetLastError();
}

extern "C" cudaError_t fg_bench_flush(const void* buf, size_t bytes, unsigned* sink, cudaStream_t stream)
{
    fg_bench_read_kernel<true><<<1024, 256, 0, stream>>>((const uint4*)buf, bytes / 16, sink);
    return cudaGetLastError();
}
