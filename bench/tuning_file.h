/* Writing a per-GPU tuning file (gen/tuning/sm_<N>.lua; docs/tuning.md):
 * shared by the tuner and by fusegen_bench --variants, which prints a first
 * one naming the variants that the bench cases run. */
#ifndef FUSEGEN_BENCH_TUNING_FILE_H
#define FUSEGEN_BENCH_TUNING_FILE_H
#include <stddef.h>
#include <stdio.h>

typedef struct {
  char op[64];        /* "rope" */
  char variant[160];  /* "rope_bf16_tabfp32_pairinterleaved_d128_rotfull_vec16" */
  char params[160];   /* tile parameters in Lua: "chunks = 2, warps = 4"; "": the spec's tiles */
  char comment[1024]; /* lines written above the entry, each starting "-- "; may be empty */
} tuning_entry;

/* From a kernel name as fg__last_kernel() gives it ("rope_..._vec16_sm90", or
   "..._sm90_h200" for a GPU model's own tiles): its op (the longest op name
   of the catalogue it starts with) and variant (the name before "_sm<N>").
   0, or -1 if no op matches. */
int tuning_split_kernel(const char *kernel, tuning_entry *e);
/* The whole file, entries sorted by op then variant (duplicates written once).
   model: NULL for the target's file (sm_<N>.lua), or a GPU model's name
   ("h200") for its own file (sm_<N>_h200.lua), which then lists gpu as the
   device name it applies to. */
void tuning_file_write(FILE *f, const char *gpu, int arch, const char *model, const char *note, tuning_entry *e,
                       size_t n);

#endif
