% -- Kernel skeleton of the "heads" thread mapping (gen/lua/fusegen/mapping_heads.lua):
% -- loops over tokens and heads; the spec's stages fill in the work.
// $(v.name)
//   $(describe)
//   mapping: $(m.L) lanes per head, $(m.G) heads per warp, $(m.NV) rotate chunk(s) of $(m.C) per lane,
//            $(m.U) head(s) in flight per lane, $(m.warps) warps per block
__global__ void __launch_bounds__($(m.threads))
$(kernel_name)(const $(params_type) p)
{
    const int lane = threadIdx.x & 31;
    const int pos = lane % $(m.L);    // this lane's chunk position within its head
    const int group = lane / $(m.L);  // which of the warp's $(m.G) heads
% if m.G * m.L < 32 then
    if (group >= $(m.G)) return;       // lanes $(m.G * m.L)..31 hold no head
% end
    // A warp's head groups share a token (per-token data stays in registers for
    // all its heads); with fewer heads than groups they take several tokens.
    const int hg = p.H < $(m.G) ? (int)p.H : $(m.G);
    const int64_t tstep = $(m.G) / hg;
    const int tsub = group / hg;
    if (tsub >= tstep) return;
% for _, line in ipairs(kernel_prologue) do
    $(line)
% end
    const int64_t ntok = p.B * p.S;
    const int64_t warp = (int64_t)blockIdx.x * $(m.warps) + (threadIdx.x >> 5);
    const int64_t nwarps = (int64_t)gridDim.x * $(m.warps);
    for (int64_t t = warp * tstep + tsub; t < ntok; t += nwarps * tstep) {
        // token t of sequence b at position s (32-bit division: fewer than 2^31 tokens)
        const int64_t b = (uint32_t)t / (uint32_t)p.S, s = t - b * p.S;
% for _, name in ipairs(stages.token) do
        % stage(name)
% end
        for (int64_t h = group % hg; h < p.H; h += $(m.U) * hg) {
% for _, name in ipairs(stages.head) do
            % stage(name)
% end
        }
    }
}

// Grid: enough blocks for every token, at most $(m.blocks_per_sm) per multiprocessor (the loop above covers the rest).
extern "C" cudaError_t $(launcher_name)(const void* params, int sm_count, cudaStream_t stream)
{
    const $(params_type)* p = (const $(params_type)*)params;
    const int64_t tokens_per_block = $(m.warps) * ($(m.G) / (p->H < $(m.G) ? p->H : $(m.G)));
    int64_t blocks = (p->B * p->S + tokens_per_block - 1) / tokens_per_block;
    const int64_t cap = (int64_t)sm_count * $(m.blocks_per_sm);
    if (blocks > cap) blocks = cap;
    $(kernel_name)<<<(unsigned)blocks, $(m.threads), 0, stream>>>(*p);
    return cudaGetLastError();
}
