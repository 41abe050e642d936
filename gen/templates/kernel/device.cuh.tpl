// Device helpers shared by every generated kernel: 16-byte and narrower typed
// loads and stores that convert to and from fp32, and the pair rotation.
#pragma once
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <stdint.h>

// Kernel sources are compiled once per GPU target with -DFG_SM=<target>;
// FG_ARCH_NAME(fg_x) names the target's symbol fg_x_sm<target>.
#define FG_ARCH_NAME_(x, sm) x##_sm##sm
#define FG_ARCH_NAME2(x, sm) FG_ARCH_NAME_(x, sm)
#define FG_ARCH_NAME(x) FG_ARCH_NAME2(x, FG_SM)

// Launchers remember per-device occupancy for devices 0 .. FG_MAX_DEVICES-1.
#define FG_MAX_DEVICES 64

// Programmatic dependent launch (sm_90 and later; fg_set_pdl). A kernel
// launched with it may be scheduled while the kernel before it on the stream
// still runs, so every kernel's first statement waits until that kernel has
// finished and its writes are visible, before any load or store. Launched
// without the attribute, the wait does nothing.
__device__ __forceinline__ void fg_grid_dependency() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}
// Where the tile pdl_early is 1, a kernel's second statement lets the kernel
// after it be scheduled at once: its blocks take the multiprocessors' free
// slots and wait there (fg_grid_dependency) while this one runs, which takes
// their launch off a short call's time. Elsewhere it is scheduled as this
// kernel's blocks exit. Either way it starts its work only once this kernel
// has finished.
__device__ __forceinline__ void fg_launch_dependents() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}
// The launchers' one launch: kernel<<<grid, block, smem, stream>>>(args...),
// with programmatic dependent launch where pdl is 1 (the runtime passes 1 only
// on devices of compute capability 9.0 and later). A failed launch is the
// thread's last CUDA error, which the launcher returns.
template <typename... Params, typename... Args>
static inline void fg_launch(void (*kernel)(Params...), dim3 grid, dim3 block, size_t smem, cudaStream_t stream, int pdl,
                             Args&&... args)
{
  if (!pdl) {
    kernel<<<grid, block, smem, stream>>>(static_cast<Args&&>(args)...);
    return;
  }
  cudaLaunchAttribute attr;
  attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = smem;
  config.stream = stream;
  config.attrs = &attr;
  config.numAttrs = 1;
  (void)cudaLaunchKernelEx(&config, kernel, static_cast<Args&&>(args)...);
}

// n / d for any 32-bit n by a multiply-high, an add and a shift, with
// d >= 1 fixed for a launch: the launcher makes the divisor once (on the host),
// the kernel divides by it per work item. With 2^(l-1) < d <= 2^l:
// mul = floor(2^32 * (2^l - d) / d) + 1 and n / d = (mulhi(n, mul) + n) >> l.
struct fg_udiv {
  uint32_t mul, shift;
};
static inline __host__ __device__ fg_udiv fg_udiv_make(uint32_t d)
{
  uint32_t l = 0;
  while (l < 32 && (1ull << l) < d) l++;
  fg_udiv v;
  v.mul = d == 0 ? 0u : (uint32_t)((((1ull << l) - d) << 32) / d + 1);
  v.shift = l;
  return v;
}
static __host__ __device__ __forceinline__ uint32_t fg_udiv_hi(uint32_t n, fg_udiv v)  // mulhi(n, mul)
{
#ifdef __CUDA_ARCH__
  return __umulhi(n, v.mul);
#else
  return (uint32_t)(((uint64_t)n * v.mul) >> 32);
#endif
}
static __host__ __device__ __forceinline__ uint32_t fg_udiv_div(uint32_t n, fg_udiv v)
{
  return (uint32_t)(((uint64_t)fg_udiv_hi(n, v) + n) >> v.shift);
}
// The same for n < 2^31 and d <= 2^31: the add cannot carry out of 32 bits
// (mulhi(n, mul) <= n), so it stays a 32-bit add.
static __host__ __device__ __forceinline__ uint32_t fg_udiv_div31(uint32_t n, fg_udiv v)
{
  return (fg_udiv_hi(n, v) + n) >> v.shift;
}

// A heads-mapping launch's work decomposition for one head set, which its
// launcher computes once: lane groups per token (hg), tokens per warp item
// (tpw), head blocks per token (nhb), the set's work items (nit), and the
// divisors by hg and nhb.
struct fg_heads_set {
  int32_t hg, tpw, nhb;
  fg_udiv hg_div, nhb_div;
  int64_t nit;
};

// L2 eviction policies for the loads and stores of the tile l2_keep: a kernel
// that overwrites rows in place loads them evict-last (kept in L2 until its
// stores, which merge with them) and stores them evict-normal, which also puts
// the lines back to the normal priority (stores without a policy leave them
// evict-last, and evict-first ones did not demote them either: lines that a
// later kernel's data could not evict); out of place, the heads mapping loads
// and stores evict-first (as __ldcs).
__device__ __forceinline__ unsigned long long fg_l2_evict_last()
{
  unsigned long long policy = 0;
#if __CUDA_ARCH__ >= 800
  asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));
#endif
  return policy;
}
__device__ __forceinline__ unsigned long long fg_l2_evict_normal()
{
  unsigned long long policy = 0;
#if __CUDA_ARCH__ >= 800
  asm("createpolicy.fractional.L2::evict_normal.b64 %0, 1.0;" : "=l"(policy));
#endif
  return policy;
}
__device__ __forceinline__ unsigned long long fg_l2_evict_first()
{
  unsigned long long policy = 0;
#if __CUDA_ARCH__ >= 800
  asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
#endif
  return policy;
}
// Loads under a policy. Volatile: the compiler keeps them in order with the
// stores around them (a kernel in place loads a row before it overwrites it).
__device__ __forceinline__ uint4 fg_ld_policy(const uint4* p, unsigned long long policy)
{
#if __CUDA_ARCH__ >= 800
  uint4 r;
  asm volatile("ld.global.L2::cache_hint.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
               : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "l"(p), "l"(policy));
  return r;
#else
  return *p;
#endif
}
__device__ __forceinline__ uint2 fg_ld_policy(const uint2* p, unsigned long long policy)
{
#if __CUDA_ARCH__ >= 800
  uint2 r;
  asm volatile("ld.global.L2::cache_hint.v2.u32 {%0, %1}, [%2], %3;" : "=r"(r.x), "=r"(r.y) : "l"(p), "l"(policy));
  return r;
#else
  return *p;
#endif
}
__device__ __forceinline__ unsigned fg_ld_policy(const unsigned* p, unsigned long long policy)
{
#if __CUDA_ARCH__ >= 800
  unsigned r;
  asm volatile("ld.global.L2::cache_hint.u32 %0, [%1], %2;" : "=r"(r) : "l"(p), "l"(policy));
  return r;
#else
  return *p;
#endif
}
// Stores under a policy.
__device__ __forceinline__ void fg_st_policy(uint4* p, uint4 v, unsigned long long policy)
{
#if __CUDA_ARCH__ >= 800
  asm volatile("st.global.L2::cache_hint.v4.u32 [%0], {%1, %2, %3, %4}, %5;"
               :: "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w), "l"(policy) : "memory");
#else
  __stwb(p, v);
#endif
}
__device__ __forceinline__ void fg_st_policy(uint2* p, uint2 v, unsigned long long policy)
{
#if __CUDA_ARCH__ >= 800
  asm volatile("st.global.L2::cache_hint.v2.u32 [%0], {%1, %2}, %3;" :: "l"(p), "r"(v.x), "r"(v.y), "l"(policy) : "memory");
#else
  __stwb(p, v);
#endif
}
__device__ __forceinline__ void fg_st_policy(unsigned* p, unsigned v, unsigned long long policy)
{
#if __CUDA_ARCH__ >= 800
  asm volatile("st.global.L2::cache_hint.u32 [%0], %1, %2;" :: "l"(p), "r"(v), "l"(policy) : "memory");
#else
  __stwb(p, v);
#endif
}

// Raw 16-byte accesses. Reads once: "stream" (evict first) or "plain" (the default
// policy; the tile evict_first picks), or "policy" (an L2 policy; the tile
// l2_keep); "keep": read again (tables).
__device__ __forceinline__ uint4 fg_ld16_stream(const void* p) { return __ldcs(reinterpret_cast<const uint4*>(p)); }
__device__ __forceinline__ uint4 fg_ld16_plain(const void* p) { return *reinterpret_cast<const uint4*>(p); }
__device__ __forceinline__ uint4 fg_ld16_policy(const void* p, unsigned long long policy) { return fg_ld_policy(reinterpret_cast<const uint4*>(p), policy); }
// The pointer passes through an empty asm: ptxas cannot move a load through
// it above this point (tile hold_rows: a row's loads kept after its
// reductions, so that they hold no registers across them)
template <typename T>
__device__ __forceinline__ void fg_hold(const T*& p) { asm volatile("" : "+l"(p)); }
__device__ __forceinline__ uint4 fg_ld16_keep(const void* p) { return __ldg(reinterpret_cast<const uint4*>(p)); }
__device__ __forceinline__ void fg_st16(void* p, uint4 v) { __stwb(reinterpret_cast<uint4*>(p), v); }
__device__ __forceinline__ void fg_st16_policy(void* p, uint4 v, unsigned long long policy) { fg_st_policy(reinterpret_cast<uint4*>(p), v, policy); }

// 16-byte copies from global to shared memory that run while the thread works
// on (cp.async, sm_80 and later; the heads mapping's tile ahead): each lane
// copies its own chunks and reads back only those, so a wait for its own
// groups is all the ordering it needs. "cg": through L2 only, as the chunks
// are read once; a policy where the loads would take one.
__device__ __forceinline__ void fg_async16(void* smem, const void* p) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"((unsigned)__cvta_generic_to_shared(smem)), "l"(p) : "memory");
}
__device__ __forceinline__ void fg_async16_policy(void* smem, const void* p, unsigned long long policy) {
  asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;"
               :: "r"((unsigned)__cvta_generic_to_shared(smem)), "l"(p), "l"(policy) : "memory");
}
// N bytes (4, 8 or 16) through L1 ("ca"): the heads mapping's block phase,
// whose rows every block of a multiprocessor reads; behind a wait and a
// barrier, as other threads read them
template <int N> __device__ __forceinline__ void fg_async_l1(void* smem, const void* p) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" :: "r"((unsigned)__cvta_generic_to_shared(smem)), "l"(p), "n"(N) : "memory");
}
// the copies issued since the last commit form one group
__device__ __forceinline__ void fg_async_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
// until every group but the newest N has landed
template <int N> __device__ __forceinline__ void fg_async_wait() { asm volatile("cp.async.wait_group %0;" :: "n"(N) : "memory"); }

// The rows ring (tile bulk_rows; sm_90 and later): a block's next rows of a
// streamed input arrive in shared memory by bulk copies (the copy engine, not
// the threads' loads), each ring place with a barrier that the copies signal
// when their bytes have landed. Only kernels of an sm_90 target call these.
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
__device__ __forceinline__ unsigned fg_smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void fg_ring_init(unsigned long long* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(fg_smem_addr(bar)), "r"(count) : "memory");
}
// after the barriers' init, before any bulk copy signals them
__device__ __forceinline__ void fg_ring_init_fence() { asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory"); }
// barrier `full` expects `bytes` more: the place's copies then signal it
__device__ __forceinline__ void fg_ring_expect(unsigned long long* full, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(fg_smem_addr(full)), "r"(bytes) : "memory");
}
// bytes (a multiple of 16, both addresses 16-byte aligned) from global src to shared dst
__device__ __forceinline__ void fg_ring_copy(void* dst, const void* src, unsigned bytes, unsigned long long* full) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(fg_smem_addr(dst)), "l"(src), "r"(bytes), "r"(fg_smem_addr(full)) : "memory");
}
// the same under an L2 cache policy (tiles l2_keep, l2_last)
__device__ __forceinline__ void fg_ring_copy_policy(void* dst, const void* src, unsigned bytes, unsigned long long* full,
                                                    unsigned long long policy) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;"
               :: "r"(fg_smem_addr(dst)), "l"(src), "r"(bytes), "r"(fg_smem_addr(full)), "l"(policy) : "memory");
}
// n clock cycles of this thread (tile ring_stagger: the rest of a block's first
// fill goes out after every block's first row); a timed loop, since
// __nanosleep may return early
__device__ __forceinline__ void fg_spin_cycles(long long n) {
  const long long t0 = clock64();
  while (clock64() - t0 < n) {
  }
}
// until the phase of the given parity has completed
__device__ __forceinline__ void fg_ring_wait(unsigned long long* bar, unsigned parity) {
  asm volatile("{\n .reg .pred ready;\n wait: mbarrier.try_wait.parity.shared::cta.b64 ready, [%0], %1;\n @!ready bra wait;\n}"
               :: "r"(fg_smem_addr(bar)), "r"(parity) : "memory");
}
#endif

// One element to and from fp32; rounding to nearest even.
__device__ __forceinline__ float fg_to_f32(float x) { return x; }
__device__ __forceinline__ float fg_to_f32(__half x) { return __half2float(x); }
__device__ __forceinline__ float fg_to_f32(__nv_bfloat16 x) { return __bfloat162float(x); }
template <class T> __device__ __forceinline__ T fg_from_f32(float x);
template <> __device__ __forceinline__ float fg_from_f32<float>(float x) { return x; }
template <> __device__ __forceinline__ __half fg_from_f32<__half>(float x) { return __float2half_rn(x); }
template <> __device__ __forceinline__ __nv_bfloat16 fg_from_f32<__nv_bfloat16>(float x) { return __float2bfloat16_rn(x); }
// fp8 e4m3 (float8_e4m3fn): saturated to +-448, NaN stays NaN
__device__ __forceinline__ float fg_to_f32(__nv_fp8_e4m3 x) { return static_cast<float>(x); }
template <> __device__ __forceinline__ __nv_fp8_e4m3 fg_from_f32<__nv_fp8_e4m3>(float x) {
  __nv_fp8_e4m3 r;
  r.__x = __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E4M3);
  return r;
}
// x as it would read back after a store in dtype T.
template <class T> __device__ __forceinline__ float fg_round_to(float x) { return fg_to_f32(fg_from_f32<T>(x)); }

// Two packed 16-bit values in one 32-bit word, to and from fp32.
__device__ __forceinline__ void fg_unpack2(unsigned w, __nv_bfloat16, float* d) {
  const float2 f = __bfloat1622float2(*reinterpret_cast<const __nv_bfloat162*>(&w)); d[0] = f.x; d[1] = f.y;
}
__device__ __forceinline__ void fg_unpack2(unsigned w, __half, float* d) {
  const float2 f = __half22float2(*reinterpret_cast<const __half2*>(&w)); d[0] = f.x; d[1] = f.y;
}
// bf16 by a shift and a mask (tile bf16_shift of the rows mapping): a bf16
// value is the upper half of its fp32 value, one instruction each, where the
// intrinsic takes three a pair. Fewer instructions for the norms an H200 runs
// at its issue rate; in other kernels ptxas may keep more values unpacked.
template <bool Shift>
__device__ __forceinline__ void fg_unpack2_bf16(unsigned w, float* d) {
  if (Shift) {
    d[0] = __uint_as_float(w << 16); d[1] = __uint_as_float(w & 0xffff0000u);
  } else {
    fg_unpack2(w, __nv_bfloat16(), d);
  }
}
__device__ __forceinline__ unsigned fg_pack2(const float* s, __nv_bfloat16) {
  const __nv_bfloat162 v = __floats2bfloat162_rn(s[0], s[1]); return *reinterpret_cast<const unsigned*>(&v);
}
__device__ __forceinline__ unsigned fg_pack2(const float* s, __half) {
  const __half2 v = __floats2half2_rn(s[0], s[1]); return *reinterpret_cast<const unsigned*>(&v);
}
// Two and four fp8 e4m3 values (saturated) in one 16- or 32-bit word.
__device__ __forceinline__ unsigned short fg_pack2_fp8e4m3(const float* s) {
  return __nv_cvt_float2_to_fp8x2(make_float2(s[0], s[1]), __NV_SATFINITE, __NV_E4M3);
}
__device__ __forceinline__ unsigned fg_pack4_fp8e4m3(const float* s) {
  return (unsigned)fg_pack2_fp8e4m3(s) | ((unsigned)fg_pack2_fp8e4m3(s + 2) << 16);
}

% -- Vector loads and stores: fg_load_<dtype>x<n>_<hint>(p, d), fg_load_<dtype>x<n>_policy(p, d, policy),
% -- fg_store_<dtype>x<n>(p, s), fg_store_<dtype>x<n>_policy(p, s, policy),
% -- and fg_unpack_<dtype>x<n>(r, d) for a raw access loaded earlier (fg_ld16_*);
% -- the bf16 loads and unpacking take <true> for the shift form (fg_unpack2_bf16).
// Vector loads and stores. The stores go through __stwb, a plain write-back
// store: a uint4 built field by field and assigned came out of some kernels as
// four 4-byte stores.
% local raw = { [4] = "unsigned", [8] = "uint2", [16] = "uint4" }
% local words = { [4] = { "" }, [8] = { ".x", ".y" }, [16] = { ".x", ".y", ".z", ".w" } }
% for _, dt in ipairs { "fp32", "fp16", "bf16" } do
%   local info = dtypes.info(dt)
%   for _, n in ipairs(cg.vector_widths(dt)) do
%     local bytes = n * info.size
%     local R = raw[bytes]
%     local bf = dt == "bf16"
%     local tp, ta = bf and "template <bool Shift = false>\n" or "", bf and "<Shift>" or ""
$(tp)__device__ __forceinline__ void fg_unpack_$(dt)x$(n)(const $(R) r, float* d) {
%     for w, field in ipairs(words[bytes]) do
%       if dt == "fp32" then
  d[$(w - 1)] = __uint_as_float(r$(field));
%       elseif bf then
  fg_unpack2_bf16<Shift>(r$(field), d + $(2 * (w - 1)));
%       else
  fg_unpack2(r$(field), $(info.cuda)(), d + $(2 * (w - 1)));
%       end
%     end
}
%     for _, hint in ipairs { "stream", "plain", "keep" } do
%       local read = ({ stream = "__ldcs(", plain = "*(", keep = "__ldg(" })[hint]
$(tp)__device__ __forceinline__ void fg_load_$(dt)x$(n)_$(hint)(const $(info.cuda)* p, float* d) {
  fg_unpack_$(dt)x$(n)$(ta)($(read)reinterpret_cast<const $(R)*>(p)), d);
}
%     end
$(tp)__device__ __forceinline__ void fg_load_$(dt)x$(n)_policy(const $(info.cuda)* p, float* d, unsigned long long policy) {
  fg_unpack_$(dt)x$(n)$(ta)(fg_ld_policy(reinterpret_cast<const $(R)*>(p), policy), d);
}
%     for _, policy in ipairs { false, true } do
__device__ __forceinline__ void fg_store_$(dt)x$(n)$(policy and "_policy" or "")($(info.cuda)* p, const float* s$(policy and ", unsigned long long policy" or "")) {
  $(R) r;
%       for w, field in ipairs(words[bytes]) do
%         if dt == "fp32" then
  r$(field) = __float_as_uint(s[$(w - 1)]);
%         else
  r$(field) = fg_pack2(s + $(2 * (w - 1)), $(info.cuda)());
%         end
%       end
%       if policy then
  fg_st_policy(reinterpret_cast<$(R)*>(p), r, policy);
%       else
  __stwb(reinterpret_cast<$(R)*>(p), r);
%       end
}
%     end
%   end
% end
// fp8 e4m3 stores only (no op reads fp8): 2, 4, 8 or 16 values at a time.
__device__ __forceinline__ void fg_store_fp8e4m3x2(__nv_fp8_e4m3* p, const float* s) {
  *reinterpret_cast<unsigned short*>(p) = fg_pack2_fp8e4m3(s);
}
% for _, n in ipairs { 4, 8, 16 } do
%   local R = raw[n]
__device__ __forceinline__ void fg_store_fp8e4m3x$(n)(__nv_fp8_e4m3* p, const float* s) {
  $(R) r;
%   for w, field in ipairs(words[n]) do
  r$(field) = fg_pack4_fp8e4m3(s + $(4 * (w - 1)));
%   end
  __stwb(reinterpret_cast<$(R)*>(p), r);
}
% end

// Rotate the pair (a, b) by the angle whose cosine and sine are c and s.
__device__ __forceinline__ void fg_rotate(float& a, float& b, float c, float s) {
  const float a0 = a;
  a = a0 * c - b * s;
  b = b * c + a0 * s;
}

// The same, in eager PyTorch's rounding order for bf16 (x*cos rounded to bf16,
// then an fp32 multiply-add): products of bf16 values are exact in fp32, so
// this matches eager bit for bit after the final rounding at the store.
__device__ __forceinline__ float fg_round_bf16(float x) { return __bfloat162float(__float2bfloat16_rn(x)); }
__device__ __forceinline__ void fg_rotate_eager_bf16(float& a, float& b, float c, float s) {
  const float a0 = a;
  a = fmaf(-b, s, fg_round_bf16(a0 * c));
  b = fmaf(a0, s, fg_round_bf16(b * c));
}

// Sum of x over the 32 lanes of a warp, in every lane.
__device__ __forceinline__ float fg_warp_sum(float x) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) x += __shfl_xor_sync(0xffffffffu, x, o);
  return x;
}

// Sum of x over the threads of a row group: wr warps (group g holds warps
// g*wr .. g*wr+wr-1 of a block of W). Every thread of the block calls it the
// same number of times (it syncs the block when wr > 1); rbuf alternates the two
// slot rows, so that one sync per reduction is enough.
template <int W>
__device__ __forceinline__ float fg_row_sum(float x, float (*red)[W], int& rbuf, int wr, int group) {
  x = fg_warp_sum(x);
  if (wr == 1) return x;
  const int warp = threadIdx.x >> 5;
  if ((threadIdx.x & 31) == 0) red[rbuf][warp] = x;
  __syncthreads();
  float s = 0.f;
  const int first = group * wr;
  for (int w = 0; w < wr && first + w < W; w++) s += red[rbuf][first + w];
  rbuf ^= 1;
  return s;
}

// The largest x over the 32 lanes of a warp, and over a row group's threads,
// as fg_row_sum (the dynamic quantisation scale's amax; x >= 0).
__device__ __forceinline__ float fg_warp_max(float x) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) x = fmaxf(x, __shfl_xor_sync(0xffffffffu, x, o));
  return x;
}
template <int W>
__device__ __forceinline__ float fg_row_max(float x, float (*red)[W], int& rbuf, int wr, int group) {
  x = fg_warp_max(x);
  if (wr == 1) return x;
  const int warp = threadIdx.x >> 5;
  if ((threadIdx.x & 31) == 0) red[rbuf][warp] = x;
  __syncthreads();
  float s = 0.f;
  const int first = group * wr;
  for (int w = 0; w < wr && first + w < W; w++) s = fmaxf(s, red[rbuf][first + w]);
  rbuf ^= 1;
  return s;
}

// The same for a block of one row (wr <= W warps, W a multiple of 4): the slots
// from wr on stay 0 (fg_block_sum_init, before the first sum), so the partials
// are read four at a time. fg_block_sum reads two float4 a step in a loop on the
// slots that hold the row's warps: fewer instructions than a test of every slot
// (1.7 to 4.5% on the issue-bound norm forms of an H200); fg_block_max keeps the
// test of every slot, whose loads all go out at once (the loop lost 0.3 us on a
// 5 us call of the dynamic fp8 quantisation).
template <int W>
__device__ __forceinline__ void fg_block_sum_init(float (*red)[W], int wr) {
  if (threadIdx.x < 2 * W && (int)(threadIdx.x % W) >= wr) red[threadIdx.x / W][threadIdx.x % W] = 0.f;
}
template <int W>
__device__ __forceinline__ float fg_block_sum(float x, float (*red)[W], int& rbuf, int wr) {
  static_assert(W % 4 == 0, "whole float4 slots");
  x = fg_warp_sum(x);
  if (wr == 1) return x;
  if ((threadIdx.x & 31) == 0) red[rbuf][threadIdx.x >> 5] = x;
  __syncthreads();
  const float4* q = reinterpret_cast<const float4*>(red[rbuf]);
  float s = 0.f;
  const int n4 = (wr + 3) >> 2;  // the float4 slots that hold the row's warps
  for (int i = 0; i < n4; i += 2) {  // two at a time: the second past n4 holds 0
    const float4 t = q[i], u = i + 1 < W / 4 ? q[i + 1] : make_float4(0.f, 0.f, 0.f, 0.f);
    s += (t.x + t.y) + (t.z + t.w);
    s += (u.x + u.y) + (u.z + u.w);
  }
  rbuf ^= 1;
  return s;
}
template <int W>
__device__ __forceinline__ float fg_block_max(float x, float (*red)[W], int& rbuf, int wr) {
  static_assert(W % 4 == 0, "whole float4 slots");
  x = fg_warp_max(x);
  if (wr == 1) return x;
  if ((threadIdx.x & 31) == 0) red[rbuf][threadIdx.x >> 5] = x;
  __syncthreads();
  const float4* q = reinterpret_cast<const float4*>(red[rbuf]);
  float s = 0.f;  // the slots past wr hold 0, and every x is >= 0
#pragma unroll
  for (int i = 0; i < W / 4; i++) {
    if (4 * i < wr) {
      const float4 t = q[i];
      s = fmaxf(s, fmaxf(fmaxf(t.x, t.y), fmaxf(t.z, t.w)));
    }
  }
  rbuf ^= 1;
  return s;
}

// The activations of the *_and_mul ops, in fp32 with the hardware's exp2 and
// reciprocal (__expf, __fdividef: a few units in the last place, far inside
// ops.md's 1e-5 for fp32 rows): expf and an IEEE division took about 30
// instructions per element, enough to hold an H200 below its bandwidth.
// sigmoid(z) from e = exp(-|z|) in (0, 1], which cannot overflow. e by the
// hardware's exp2 without flushing subnormal results (ex2.approx.f32, no .ftz:
// the same instruction as __expf for results of 2^-126 and more, a few more for
// smaller ones): e^z of z < -87 is a subnormal that silu's product with z
// brings back to a normal value. No branch: a branch to the full expf below
// z = -80, never taken, cost silu's short calls 7 to 11% ([32,28672], H100 and
// H200), and this form costs its long ones nothing.
__device__ __forceinline__ float fg_exp_subnormal(float x) {
  float r;
  asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(x * 1.4426950408889634f));
  return r;
}
// sigmoid(z) from e = exp(-|z|): 1 / (1 + e), or e / (1 + e) for z < 0
__device__ __forceinline__ float fg_sigmoid_of(float z, float e) {
  const float s = __fdividef(1.0f, 1.0f + e);
  return z >= 0.0f ? s : e * s;
}
__device__ __forceinline__ float fg_sigmoid(float z) { return fg_sigmoid_of(z, fg_exp_subnormal(-fabsf(z))); }
// The same with __expf, for values whose e^z does not flush (z >= -80).
__device__ __forceinline__ float fg_sigmoid_fast(float z) { return fg_sigmoid_of(z, __expf(-fabsf(z))); }
__device__ __forceinline__ float fg_silu(float a) { return a * fg_sigmoid(a); }
// gelu_tanh(a) = 0.5 a (1 + tanh(u)) = a * sigmoid(2u), u = sqrt(2/pi) (a + 0.044715 a^3):
// the same function as with tanhf, at the cost of silu. The n values of a chunk
// take __expf unless one of them needs the full expf (2u < -80, where __expf
// would flush e^2u to 0), tested once per chunk: a test per value cost the
// short calls 14% (gelu_tanh_and_mul [32,28672], H200), and silu's exp2 that
// keeps subnormals cost gelu's long calls 2% (its polynomial fills their
// issue slots).
template <int N>
__device__ __forceinline__ void fg_gelu_tanh_n(float* v) {
  float z[N], lo = 0.0f;
#pragma unroll
  for (int j = 0; j < N; j++) {
    z[j] = 2.0f * (0.7978845608028654f * fmaf(0.044715f * v[j], v[j] * v[j], v[j]));
    lo = fminf(lo, z[j]);
  }
  if (lo < -80.0f) {  // rare
#pragma unroll
    for (int j = 0; j < N; j++) v[j] *= z[j] < -80.0f ? expf(z[j]) : fg_sigmoid_fast(z[j]);
    return;
  }
#pragma unroll
  for (int j = 0; j < N; j++) v[j] *= fg_sigmoid_fast(z[j]);
}
