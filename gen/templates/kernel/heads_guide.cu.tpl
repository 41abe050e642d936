% -- Read once at the top of a kernel file of the "heads" mapping: what its
% -- kernels share, so that each kernel's own comments say only what differs.
// How these kernels work (the "heads" thread mapping, docs/architecture.md):
// - A lane group of L lanes takes one head: each lane holds chunks of one
//   16-byte (or one-element) access; a warp holds G heads.
// - Work items are (token, block of heads): a lane group takes heads h,
//   h + hg, ... of its item, U in flight; with fewer heads than groups, the
//   groups of a warp take several tokens at once. A "walk" kernel's warp
//   instead walks the heads of one token, so that per-token data (table rows,
//   weights) is loaded once per token; with "a block per item", the block's
//   lane groups take one token's heads together, and a sum over the token
//   adds its warps' sums through shared memory.
// - <kernel>_grid is the call's work decomposition, computed once by the
//   launcher: the kernel divides by run-time sizes only through its fg_udiv
//   divisors, in 32 bits (an op takes fewer than 2^31 tokens).
// - Item -> token t (sequence b, position s) -> the input and output rows of
//   token (b, s), their head strides and the head count.
// - Grid: a warp per item. The persistent form launches as many blocks as fit
//   on the GPU at once (the occupancy asked once per device, capped per
//   multiprocessor) and its item loop covers the rest; the flat form launches
//   every item's block and the hardware starts blocks as others finish;
//   there a token walk may cut the call's last wave's worth of tokens into
//   short runs (tile tail_walk), which go to the multiprocessors that free up first.
//   flat_waves = w keeps the persistent grid up to w grids of items: over a
//   long loop the warps drift apart and their reads spread over more of
//   memory, while on a short call the flat grid's last wave is partly idle.
