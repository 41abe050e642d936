% -- The rows ring (tile bulk_rows; kernel/rows.cu.tpl includes it in four
% -- places, `part`): the streamed inputs' rows reach a block's shared memory by
% -- bulk copies, ring places of one row of each input. The copies signal a
% -- place's "full" barrier when their bytes have landed; thread 0 fills the
% -- place again once every warp has read it: at the row's first reduction
% -- after the last read from the ring, which syncs the warps (its stage calls
% -- row_synced(), which puts the refill there; with the tile refill_late, at
% -- that stage's last reduction: mapping_rows.lua), else at the row's end,
% -- after a barrier.
% local n = m.bulk
% local size = dtypes.info(m.act).size
% if part == "start" then
// the ring: $(n) places of a row of $(#m.rings == 1 and "the streamed input" or (#m.rings .. " streamed inputs")) in shared memory, each
// of the row's $(m.K) chunk slots a thread (its tail past C stays 0, so that every
// thread reads all its slots); the first $(n) rows of the block in flight
extern __shared__ __align__(128) unsigned char fg_ring[];
__shared__ unsigned long long ring_full[$(n)];
const uint32_t ring_bytes = (uint32_t)C * $(size);  // a row of an input: whole 16-byte chunks (16-byte path)
const uint32_t ring_stride = $(m.K * 16) * (uint32_t)tpr;
for (int q = 0; q < $(n * #m.rings); q++) {
  uint4* place = (uint4*)(fg_ring + (size_t)q * ring_stride);
  for (uint32_t c = ring_bytes / 16 + threadIdx.x; c < ring_stride / 16; c += blockDim.x) place[c] = make_uint4(0u, 0u, 0u, 0u);
}
if (threadIdx.x == 0) {
  for (int s = 0; s < $(n); s++) fg_ring_init(&ring_full[s], 1);
  fg_ring_init_fence();
  for (int s = 0; s < $(n); s++) {
    const int64_t r = (int64_t)blockIdx.x + (int64_t)s * gridDim.x;
    if (r < nrows) {
%   if m.ring_stagger > 0 then
      // tile ring_stagger: the block's later rows after every block's first
      // (the blocks start together), so that those reach memory first
      if (s == 1) fg_spin_cycles($(m.ring_stagger));
%   end
      % put(ring_fill("r", "s"))
    }
  }
}
__syncthreads();
% elseif part == "row" then
%   shared.ring_refilled = false  -- (row_synced() refills the place at most once a row)
// this row's ring place, once its bytes have landed
const uint32_t slot = it % $(n);
fg_ring_wait(&ring_full[slot], (it / $(n)) & 1u);
%   for _, ring in ipairs(m.rings) do
const uint4* $(ring.var) = (const uint4*)(fg_ring + (size_t)($(ring.index * n) + slot) * ring_stride);
%   end
% elseif part == "next" then
%   if not shared.ring_refilled then  -- (else refilled at a reduction: row_synced())
__syncthreads();  // every warp has read this row's place (no reduction synced them)
% put(ring_refill(nil))
%   end
%   shared.ring_refilled = nil
% elseif part == "launch" then
// the ring's shared memory (tile bulk_rows), and the blocks that fit with it
// and the row's warps: asked once per device for the last C (a call's blocks
// of one row each are smaller than the full block that per_sm counts)
const size_t ring_smem = (size_t)$(#m.rings * n * m.K * 16) * (size_t)threads;  // places of the row's chunk slots
static unsigned long long fit_of_c[FG_MAX_DEVICES];  // per device: C << 32 | blocks that fit; 0: not asked yet
const unsigned long long asked = dev < FG_MAX_DEVICES ? __atomic_load_n(&fit_of_c[dev], __ATOMIC_RELAXED) : 0;
if (asked != 0 && (int64_t)(asked >> 32) == $(host_dims.channels)) {
  fit = (int64_t)(asked & 0xffffffffu);
} else {
  // the kernel's leave to take the widest ring (idempotent)$(m.full and ", for each instance" or "")
%   for i, inst in ipairs(instances(kernel_name)) do
  $(i > 1 and "if (err == cudaSuccess) " or "")err = cudaFuncSetAttribute($(inst), cudaFuncAttributeMaxDynamicSharedMemorySize, $(m.ring_max_bytes));
%   end
  int blocks_fit = 0;
%   for i, inst in ipairs(instances(kernel_name)) do
%     if i == 1 then
  if (err == cudaSuccess) err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_fit, $(inst), (int)threads, ring_smem);
%     else
  int other = 0;  // the blocks of the kernel's other instance: the launch may take either
  if (err == cudaSuccess) err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&other, $(inst), (int)threads, ring_smem);
  if (other < blocks_fit) blocks_fit = other;
%     end
%   end
  if (err != cudaSuccess) return err;
  fit = blocks_fit < $(m.blocks_per_sm) ? blocks_fit : $(m.blocks_per_sm);
  if (fit < 1) fit = 1;
  if (dev < FG_MAX_DEVICES) __atomic_store_n(&fit_of_c[dev], (unsigned long long)$(host_dims.channels) << 32 | (unsigned long long)fit, __ATOMIC_RELAXED);
}
% end
