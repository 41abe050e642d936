// The device header's division by a launch-constant divisor (fg_udiv), checked
// against n / d, on the host (where the launcher makes the divisors) and on the GPU.
#include "fusegen_device.cuh"

#include <stdio.h>

// Divisors: the edges (1, powers of two and their neighbours, the largest
// values) and a spread of others.
static int make_divisors(uint32_t *d, int max) {
  int n = 0;
  for (uint32_t k = 1; k <= 31 && n + 3 <= max; k++) {
    d[n++] = (1u << k) - 1;
    d[n++] = 1u << k;
    d[n++] = (1u << k) + 1;
  }
  const uint32_t more[] = {1u, 3u, 5u, 6u, 7u, 12u, 24u, 25u, 30u, 48u, 100u, 641u, 1152u, 4608u, 32760u, 115200u,
                           2147483647u, 4294967294u, 4294967295u};
  for (size_t i = 0; i < sizeof more / sizeof more[0] && n < max; i++) d[n++] = more[i];
  return n;
}

// The numerators tried for divisor d, by index i of [0, count): small values,
// the largest values, the neighbours of multiples of d, and hashed ones.
static __host__ __device__ uint32_t numerator(uint32_t d, uint32_t i) {
  const uint32_t kind = i & 3, k = i >> 2;
  if (kind == 0) return k;
  if (kind == 1) return 0xffffffffu - k;
  if (kind == 2) {
    const uint64_t m = (uint64_t)d * (k >> 1) + (k & 1 ? d - 1 : 0);  // q * d and q * d + d - 1
    return (uint32_t)(m > 0xffffffffu ? 0xffffffffu - (k & 7) : m);
  }
  uint32_t h = k * 2654435761u ^ d * 40503u;
  h ^= h >> 15;
  h *= 2246822519u;
  return h ^ (h >> 13);
}

struct udiv_fail {
  unsigned count;
  uint32_t n, d, got;
};

__global__ void udiv_check_kernel(const uint32_t *divs, int ndiv, uint32_t per, udiv_fail *fail) {
  const int which = blockIdx.y;
  if (which >= ndiv) return;
  const uint32_t d = divs[which];
  const fg_udiv v = fg_udiv_make(d);
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < per; i += gridDim.x * blockDim.x) {
    const uint32_t n = numerator(d, i), got = fg_udiv_div(n, v);
    // fg_udiv_div31 where it applies: n < 2^31, d <= 2^31
    const uint32_t got31 = n < 0x80000000u && d <= 0x80000000u ? fg_udiv_div31(n, v) : n / d;
    if ((got != n / d || got31 != n / d) && atomicAdd(&fail->count, 1u) == 0) {
      fail->n = n;
      fail->d = d;
      fail->got = got != n / d ? got : got31;
    }
  }
}

// 0 when every quotient is right; otherwise 1 with the first wrong one in msg.
// gpu: also run the kernel-side division (2^22 numerators per divisor).
extern "C" int fg_test_udiv(int gpu, char *msg, size_t len) {
  uint32_t divs[128];
  const int ndiv = make_divisors(divs, 128);
  for (int j = 0; j < ndiv; j++) {  // fg_udiv_make and fg_udiv_div on the host
    const fg_udiv v = fg_udiv_make(divs[j]);
    for (uint32_t i = 0; i < (1u << 16); i++) {
      const uint32_t n = numerator(divs[j], i);
      const uint32_t got = fg_udiv_div(n, v);
      if (got != n / divs[j]) {
        snprintf(msg, len, "host: %u / %u gave %u (mul %u, shift %u)", n, divs[j], got, v.mul, v.shift);
        return 1;
      }
      const uint32_t n31 = n & 0x7fffffffu;  // fg_udiv_div31: n < 2^31, d <= 2^31
      if (divs[j] <= 0x80000000u && fg_udiv_div31(n31, v) != n31 / divs[j]) {
        snprintf(msg, len, "host: fg_udiv_div31 %u / %u gave %u (mul %u, shift %u)", n31, divs[j],
                 fg_udiv_div31(n31, v), v.mul, v.shift);
        return 1;
      }
    }
  }
  if (!gpu) return 0;
  uint32_t *ddivs = NULL;
  udiv_fail *dfail = NULL, hfail = {0, 0, 0, 0};
  cudaError_t err = cudaMalloc(&ddivs, sizeof divs);
  if (err == cudaSuccess) err = cudaMalloc(&dfail, sizeof hfail);
  if (err == cudaSuccess) err = cudaMemcpy(ddivs, divs, sizeof divs, cudaMemcpyHostToDevice);
  if (err == cudaSuccess) err = cudaMemcpy(dfail, &hfail, sizeof hfail, cudaMemcpyHostToDevice);
  if (err == cudaSuccess) {
    udiv_check_kernel<<<dim3(64, ndiv), 256>>>(ddivs, ndiv, 1u << 22, dfail);
    err = cudaGetLastError();
  }
  if (err == cudaSuccess) err = cudaMemcpy(&hfail, dfail, sizeof hfail, cudaMemcpyDeviceToHost);
  cudaFree(ddivs);
  cudaFree(dfail);
  if (err != cudaSuccess) {
    snprintf(msg, len, "CUDA: %s", cudaGetErrorString(err));
    return 1;
  }
  if (hfail.count) {
    snprintf(msg, len, "GPU: %u wrong quotients, the first %u / %u = %u", hfail.count, hfail.n, hfail.d, hfail.got);
    return 1;
  }
  return 0;
}
