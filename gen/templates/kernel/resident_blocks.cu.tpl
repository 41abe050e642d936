% -- Shared by the launchers (kernel/heads.cu.tpl, kernel/rows.cu.tpl): per_sm,
% -- the blocks per multiprocessor of a grid of what fits (the occupancy asked
% -- once per device, capped by the tile blocks_per_sm). blocks_per_sm = 0
% -- launches every block and asks nothing, unless the heads tile tail_walk
% -- sizes its tail by what fits.
% if m.blocks_per_sm == 0 and not m.tail then
(void)sm_count;
% else
static int resident[FG_MAX_DEVICES];  // per device; 0: not asked yet
int dev = 0;
cudaError_t err = cudaGetDevice(&dev);
if (err != cudaSuccess) return err;
int per_sm = dev < FG_MAX_DEVICES ? __atomic_load_n(&resident[dev], __ATOMIC_RELAXED) : 0;
if (per_sm == 0) {
%   local list = instances and instances(kernel_name) or { kernel_name }
  err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, $(list[1]), $(m.threads), 0);
  if (err != cudaSuccess) return err;
%   for i = 2, #list do
  {
    int other = 0;  // the blocks of the kernel's other instance: the launch may take either
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&other, $(list[i]), $(m.threads), 0);
    if (err != cudaSuccess) return err;
    if (other < per_sm) per_sm = other;
  }
%   end
%   if m.blocks_per_sm > 0 then
  if (per_sm > $(m.blocks_per_sm)) per_sm = $(m.blocks_per_sm);
%   end
  if (per_sm < 1) per_sm = 1;
  if (dev < FG_MAX_DEVICES) __atomic_store_n(&resident[dev], per_sm, __ATOMIC_RELAXED);
}
% end
