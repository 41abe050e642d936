/* Tests of per-GPU tuning (docs/tuning.md), without a GPU:
 *   a spec's `tune` candidates are checked like its tiles;
 *   a tuning file changes only its target's kernels of the variants it names,
 *     is named in the depfile, and its errors name the file and the field;
 *   a GPU model's file (sm_<N>_<model>.lua) gives a variant a kernel of its
 *     own only where its tiles differ from the target's, and the target's file
 *     may take a model's tiles as its own (default_model);
 *   a tuning build holds every candidate of those variants under one key;
 *   the runtime's dispatch picks the selected candidate, and only in range,
 *     and a GPU model's own kernel for a device of that model alone. */
#include "gen_fixture.h"
#include "harness.h"

#include "fusegen_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define VARIANT "rope_bf16_tabfp32_pairinterleaved_d128_rotfull_vec16"
#define KERNEL_FILE "kernels/rope_bf16_tabfp32_pairinterleaved.cu"

/* ---- the spec's candidates ------------------------------------------------------ */

TEST(test_tuning_spec_candidate_bad_value) {
  expect_spec_error("tune = { warps = { 2, 4, 8 }", "tune = { warps = { 2, 40, 8 }", "tune.warps[2]",
                    "an integer: warps per block (1 to 32), got 40");
}

TEST(test_tuning_spec_candidates_not_a_list) {
  expect_spec_error("tune = { warps = { 2, 4, 8 }", "tune = { warps = 4", "tune.warps",
                    "a list of candidate values, got 4");
}

TEST(test_tuning_spec_candidate_unknown_name) {
  expect_spec_error("tune = { warps = { 2, 4, 8 }", "tune = { warp = { 2, 4, 8 }", "tune.warp",
                    "a tile parameter (ahead, block_phase, blocks_per_sm, chunks, even_runs, evict_first, flat_waves, heads_in_flight, l2_keep, lean, min_blocks, pdl_early, sum_steps, tail_above, tail_walk, token_block, walk, walk_index32, warps), got \"warp\"");
}

/* Ranges of the tiles that choose a kernel's form: rows_per_block, prefetch, blocks_per_sm, evict_first,
   wide_sum, flat_waves */
#define NM_TILES "warps = 32, chunks = 2, blocks_per_sm = 0, min_blocks = 2, rows_per_block = 1,"
TEST(test_tuning_spec_rows_per_block_range) {
  expect_spec_error_in("gen/specs/norm_modulate.lua", NM_TILES,
                       "warps = 32, chunks = 2, blocks_per_sm = 0, min_blocks = 2, rows_per_block = 33,",
                       "tiles.rows_per_block", "an integer: 0: a block takes as many rows as its warps hold");
  expect_spec_error_in("gen/specs/norm_modulate.lua", NM_TILES, NM_TILES " prefetch = 3,", "tiles.prefetch",
                       "an integer: 0: each stage loads where it uses the values");
  expect_spec_error_in("gen/specs/norm_modulate.lua", NM_TILES,
                       "warps = 32, chunks = 2, blocks_per_sm = -1, min_blocks = 2, rows_per_block = 1,",
                       "tiles.blocks_per_sm", "an integer: 0: one block per row group of the call");
  expect_spec_error_in("gen/specs/norm_modulate.lua", NM_TILES, NM_TILES " evict_first = 2,", "tiles.evict_first",
                       "an integer: 1: the streamed inputs");
  expect_spec_error_in("gen/specs/norm_modulate.lua", NM_TILES " wide_sum = 1,", NM_TILES " wide_sum = 2,",
                       "tiles.wide_sum", "an integer: 1: a block of one row reads its warps' partial sums");
  expect_spec_error_in("gen/specs/serving.lua", "short_rows = 256, short_chunks = 1 })", "short_rows = 256, short_chunks = 33 })",
                       "tiles.short_chunks", "an integer: 0: the short form (short_rows) has the kernel's chunk slots");
  expect_spec_error_in("tests/fixtures/rope.lua", "warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32,",
                       "warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 33,", "tiles.blocks_per_sm",
                       "an integer: 0: a warp per work item");
  expect_spec_error_in("tests/fixtures/rope.lua", "warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32,",
                       "warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32, flat_waves = 1025,",
                       "tiles.flat_waves", "an integer: with blocks_per_sm = n: 0: every call on the grid of what fits");
  expect_spec_error_in("tests/fixtures/rope.lua", "warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32,",
                       "warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32, tail_above = 65,",
                       "tiles.tail_above", "an integer: with tail_walk: s: the launcher cuts the tail only");
}

/* ---- tuning files ---------------------------------------------------------------- */

/* The fixture (its spec: spec_text, or rope.lua when NULL) plus root/tuning/<name> holding text. */
static int tuning_fixture_text(fixture *f, const char *spec_text, const char *name, const char *text) {
  if (!fixture_open(f, spec_text)) return 0;
  char dir[600], path[700];
  snprintf(dir, sizeof dir, "%s/tuning", f->root);
  snprintf(path, sizeof path, "%s/%s", dir, name);
  if (mkdir(dir, 0755) != 0 || write_text(path, text) != 0) {
    CHECK_MSG(0, "cannot write %s", path);
    return 0;
  }
  return 1;
}

static int tuning_fixture(fixture *f, const char *name, const char *text) {
  return tuning_fixture_text(f, NULL, name, text);
}

static run_result generate_tuned(fixture *f, const char *archs, const char *extra) {
  return fusegen_in(f->root, RUN_TIMEOUT,
                    "generate --specs '%s' --templates gen/templates --out '%s' --archs %s --depfile '%s/dep.d' %s",
                    f->specs, f->out, archs, f->root, extra);
}

/* The kernel file that holds VARIANT (malloc'd; NULL if missing). */
static char *kernel_file(fixture *f) {
  char path[700];
  snprintf(path, sizeof path, "%s/%s", f->out, KERNEL_FILE);
  return read_text(path, NULL);
}

TEST(test_tuning_file_applies_to_its_target_only) {
  fixture f;
  const char *text = "return { gpu = \"test\", ops = { rope = { " VARIANT " = { warps = 8 } } } }\n";
  if (!tuning_fixture(&f, "sm_90.lua", text)) { fixture_close(&f); return; }
  /* tuned: the variant's kernel differs by target; sm_90's has 8 warps, sm_80's 4 */
  run_result r = generate_tuned(&f, "sm_80,sm_90", "");
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  char *tuned = kernel_file(&f);
  CHECK_MSG(tuned != NULL, "no %s", KERNEL_FILE);
  if (tuned) {
    char *sm80 = strstr(tuned, "#if FG_SM == 80  // tile parameters for sm_80\n// " VARIANT "\n");
    char *sm90 = strstr(tuned, "#elif FG_SM == 90  // tile parameters for sm_90 (");
    CHECK_MSG(sm80 && sm90 && sm80 < sm90, "the tuned variant is not written per target:\n%.400s", tuned);
    if (sm80 && sm90) {
      char *end = strstr(sm90, "#endif");
      CHECK_MSG(end && strstr(sm90, "8 warps per block") && strstr(sm90, "8 warps per block") < end,
                "sm_90's kernel does not have the tuned 8 warps");
      char *in80 = strstr(sm80, "4 warps per block");
      CHECK_MSG(in80 && in80 < sm90, "sm_80's kernel does not keep the spec's 4 warps");
    }
    /* only that variant: one #if in the file */
    int ifs = 0;
    for (char *p = tuned; (p = strstr(p, "#if FG_SM == ")); p++) ifs++;
    CHECK_MSG(ifs == 1, "%d variants written per target; expected only the tuned one", ifs);
  }
  /* the depfile names the tuning file, so that Ninja regenerates when it changes */
  char dep[700];
  snprintf(dep, sizeof dep, "%s/dep.d", f.root);
  char *deps = read_text(dep, NULL);
  CHECK_MSG(deps && strstr(deps, "tuning/sm_90.lua"), "the depfile does not name the tuning file:\n%s", deps ? deps : "");
  free(deps);
  /* deterministic: the same again changes nothing */
  r = generate_tuned(&f, "sm_80,sm_90", "");
  CHECK_MSG(r.code == 0 && strstr(r.out, " 0 changed"), "a second run changed files: %s%s", r.out, r.err);
  run_free(&r);
  /* untuned (the tuning folder emptied): one kernel text for every target again */
  char path[700];
  snprintf(path, sizeof path, "%s/tuning/sm_90.lua", f.root);
  remove(path);
  r = generate_tuned(&f, "sm_80,sm_90", "");
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  char *plain = kernel_file(&f);
  CHECK_MSG(plain && !strstr(plain, "#if FG_SM == "), "without tuning data the kernels still differ by target");
  free(plain);
  free(tuned);
  fixture_close(&f);
}

/* The rows mapping's forms, set per target by tuning files: sm_90 with
   prefetch 2 and one block per row (loads of x, scale, shift and gate issued
   before the first reduction, x evict-first; a 3-D grid, no occupancy query;
   the spec's wide_sum = 1: partials read four at a time, the spare slots
   zeroed first), sm_80 with a persistent grid, no prefetch (each stage loads
   where it uses values), plain loads of x (evict_first = 0) and the partials
   read in a loop (wide_sum = 0). */
#define NM_VARIANT "norm_modulate_select01_bf16_idxi64_nores_vec16"
static int in_order(const char *text, const char *end, const char *const *marks, int n) {
  const char *missing = first_out_of_order(text, end, marks, n);
  CHECK_MSG(!missing, "[%s] missing or out of order in:\n%.*s", missing, (int)(end - text), text);
  return !missing;
}

/* With the fixture's sm_90.lua in place: writes sm_80.lua (text), generates for both targets and
   returns the kernel file at rel (malloc'd; NULL on failure), with the sm_80 and sm_90 sections
   of its one per-target variant found (*sm80, *sm90, and *end, the #endif after them). */
static char *generate_two_targets(fixture *f, const char *extra, const char *sm80_text, const char *rel, char **sm80,
                                  char **sm90, char **end) {
  char path[700];
  *sm80 = *sm90 = *end = NULL;
  snprintf(path, sizeof path, "%s/tuning/sm_80.lua", f->root);
  CHECK(write_text(path, sm80_text) == 0);
  run_result r = generate_tuned(f, "sm_80,sm_90", extra);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  snprintf(path, sizeof path, "%s/%s", f->out, rel);
  char *text = read_text(path, NULL);
  CHECK_MSG(text != NULL, "no %s", path);
  *sm80 = text ? strstr(text, "#if FG_SM == 80  // tile parameters for sm_80 (") : NULL;
  *sm90 = *sm80 ? strstr(*sm80, "#elif FG_SM == 90  // tile parameters for sm_90 (") : NULL;
  *end = *sm90 ? strstr(*sm90, "#endif") : NULL;
  CHECK_MSG(*sm80 && *sm90 && *end, "the variant is not written per target");
  return text;
}

TEST(test_tuning_rows_forms) {
  /* the family's file, of which --ops keeps the one op */
  char *spec = read_text("gen/specs/norm_modulate.lua", NULL);
  CHECK_MSG(spec != NULL, "cannot read gen/specs/norm_modulate.lua");
  fixture f;
  if (!spec || !tuning_fixture_text(&f, spec, "sm_90.lua",
                                    "return { gpu = \"test\", ops = { norm_modulate_select01 = { " NM_VARIANT
                                    " = { prefetch = 2, blocks_per_sm = 0 } } } }\n")) {
    fixture_close(&f);
    free(spec);
    return;
  }
  char *sm80, *sm90, *end;
  char *text = generate_two_targets(&f, "--ops norm_modulate_select01", "return { gpu = \"test\", ops = { norm_modulate_select01 = { " NM_VARIANT
                                        " = { prefetch = 0, blocks_per_sm = 32, evict_first = 0, wide_sum = 0 } } } }\n",
                                    "kernels/norm_modulate_select01_bf16.cu", &sm80, &sm90, &end);
  CHECK_MSG(!sm80 || strstr(sm80, "// " NM_VARIANT "\n") == strchr(sm80, '\n') + 1,
            "the variant is not written per target");
  if (sm80 && sm90 && end) {
    const char *ahead[] = {"__align__(16) float red", "fg_block_sum_init<", "// issue:", "fg_ld16_stream(xr + e)",
                           "fg_ld16_keep(scale_row + e)", "fg_ld16_keep(gate_row + e)", "// use:", "fg_block_sum<",
                           "fg_st16(orow + e, gate_raw[0])", "const dim3 grid(", "65535"};
    in_order(sm90, end, ahead, (int)(sizeof ahead / sizeof ahead[0]));
    char *occ = strstr(sm90, "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    CHECK_MSG(!occ || occ > end, "the one-block-per-row launcher asks the occupancy calculator");
    const char *at_use[] = {"for (int64_t first", "fg_load_bf16x8_plain(xr + e", "fg_row_sum<",
                            "fg_load_bf16x8_keep(scale_row + e", "cudaOccupancyMaxActiveBlocksPerMultiprocessor"};
    in_order(sm80, sm90, at_use, (int)(sizeof at_use / sizeof at_use[0]));
    char *wide = strstr(sm80, "fg_block_sum");
    CHECK_MSG(!wide || wide > sm90, "sm_80's kernel (wide_sum 0) reads the partials four at a time");
    char *issue = strstr(sm80, "// issue:");
    CHECK_MSG(!issue || issue > sm90, "sm_80's kernel (prefetch 0) has an issue phase");
  }
  free(text);
  free(spec);
  fixture_close(&f);
}

/* The heads mapping's grid forms, set per target: sm_90 with blocks_per_sm = 0
   (a warp per item, every item launched at once: no occupancy query; flat_waves
   means nothing there), sm_80
   with the persistent grid (the occupancy asked once, the grid capped by it)
   for calls of up to 16 such grids of items, every block launched past that. */
TEST(test_tuning_heads_grid_forms) {
  fixture f;
  if (!tuning_fixture(
          &f, "sm_90.lua",
          "return { gpu = \"test\", ops = { rope = { " VARIANT " = { blocks_per_sm = 0, flat_waves = 16 } } } }\n")) {
    fixture_close(&f);
    return;
  }
  char *sm80, *sm90, *end;
  char *text = generate_two_targets(
      &f, "", "return { gpu = \"test\", ops = { rope = { " VARIANT " = { blocks_per_sm = 32, flat_waves = 16 } } } }\n",
      KERNEL_FILE, &sm80, &sm90, &end);
  if (sm80 && sm90 && end) {
    const char *flat[] = {"// Grid: flat, every item's block at once", "int64_t blocks = (items + 4 - 1) / 4;",
                          "if (blocks > 2147483647) blocks = 2147483647;", ", (unsigned)blocks, 128, 0, stream, pdl, *p, g);"};
    in_order(sm90, end, flat, (int)(sizeof flat / sizeof flat[0]));
    char *occ = strstr(sm90, "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    CHECK_MSG(!occ || occ > end, "the one-warp-per-item launcher asks the occupancy calculator");
    CHECK_MSG(!strstr(sm90, "blocks > cap") || strstr(sm90, "blocks > cap") > end, "the flat form caps its grid");
    const char *capped[] = {"// 16 such grids of items, flat (every item's block) past that",
                            "cudaOccupancyMaxActiveBlocksPerMultiprocessor", "if (per_sm > 32) per_sm = 32;",
                            "const int64_t cap = (int64_t)sm_count * per_sm;", "if (blocks > cap * 16) {",
                            "if (blocks > 2147483647) blocks = 2147483647;", "} else if (blocks > cap) {",
                            "blocks = cap;"};
    in_order(sm80, sm90, capped, (int)(sizeof capped / sizeof capped[0]));
  }
  free(text);
  fixture_close(&f);
}

/* A bad tuning file: exit 1, the message names the file, the field and what was expected. */
static void expect_tuning_error(const char *name, const char *text, const char *field, const char *expected) {
  fixture f;
  if (!tuning_fixture(&f, name, text)) { fixture_close(&f); return; }
  run_result r = generate_tuned(&f, "sm_90", "");
  char path[700], needle[512];
  snprintf(path, sizeof path, "%s/tuning/%s", f.root, name);
  snprintf(needle, sizeof needle, "field '%s'", field);
  CHECK_MSG(r.code == 1, "exit %d (expected 1), stderr:\n%s", r.code, r.err);
  CHECK_MSG(strstr(r.err, path) != NULL, "message does not name %s:\n%s", path, r.err);
  CHECK_MSG(strstr(r.err, needle) != NULL, "message does not contain [%s]:\n%s", needle, r.err);
  CHECK_MSG(strstr(r.err, expected) != NULL, "message does not contain [%s]:\n%s", expected, r.err);
  CHECK_MSG(!exists(f.out), "a failed generation created %s", f.out);
  run_free(&r);
  fixture_close(&f);
}

TEST(test_tuning_file_errors) {
  expect_tuning_error("sm_90.lua", "return { ops = { nosuch = {} } }\n", "ops.nosuch",
                      "expected the name of an op of the specs, got \"nosuch\"");
  expect_tuning_error("sm_90.lua", "return { ops = { rope = { rope_bogus = {} } } }\n", "ops.rope.rope_bogus",
                      "expected a variant of rope as `fusegen list` names it, without _sm90");
  expect_tuning_error("sm_90.lua", "return { ops = { rope = { " VARIANT " = { warp = 8 } } } }\n",
                      "ops.rope." VARIANT ".warp", "expected a tile parameter (ahead, block_phase, blocks_per_sm,");
  expect_tuning_error("sm_90.lua", "return { ops = { rope = { " VARIANT " = { warps = 0 } } } }\n",
                      "ops.rope." VARIANT ".warps", "expected an integer: warps per block (1 to 32), got 0");
  expect_tuning_error("sm_90.lua", "return { opz = {} }\n", "opz",
                      "expected only the fields gpu, ops and default_model (a target's file)");
  expect_tuning_error("sm_90.lua", "return { ops = 3 }\n", "ops", "expected a table of op name");
  expect_tuning_error("h100.lua", "return { ops = {} }\n", "(file name)",
                      "expected sm_<N>.lua (a GPU target such as 90) or sm_<N>_<model>.lua");
  expect_tuning_error("sm_90_H100.lua", "return { ops = {} }\n", "(file name)", "got \"sm_90_H100.lua\"");
  /* a GPU model's file */
  expect_tuning_error("sm_90_h200.lua", "return { ops = {} }\n", "devices",
                      "expected a list of the device names this model's tiles are for");
  expect_tuning_error("sm_90_h200.lua", "return { devices = { \"H200\\\"x\" }, ops = {} }\n", "devices[1]",
                      "expected a device name of letters, digits, spaces and - . _ / ( )");
  expect_tuning_error("sm_90_h200.lua", "return { devices = { \"NVIDIA H200\" }, default_model = \"h100\", ops = {} }\n",
                      "default_model", "expected only the fields gpu, devices and ops (a GPU model's file)");
  expect_tuning_error("sm_90_h200.lua",
                      "return { devices = { \"NVIDIA H200\" }, ops = { rope = { " VARIANT " = { warps = 0 } } } }\n",
                      "ops.rope." VARIANT ".warps", "expected an integer: warps per block (1 to 32), got 0");
  /* the target's file taking a model's tiles */
  expect_tuning_error("sm_90.lua", "return { default_model = \"h100\" }\n", "default_model",
                      "expected a GPU model with a file sm_90_<name>.lua (none here), got \"h100\"");
  expect_tuning_error("sm_90.lua", "return { default_model = 3 }\n", "default_model",
                      "expected the name of a GPU model of this target");
  expect_tuning_error("sm_90.lua", "return { default_model = \"h100\", ops = {} }\n", "ops",
                      "expected no ops beside default_model");
}

/* ---- GPU models ------------------------------------------------------------------ */

static int write_tuning_file(fixture *f, const char *name, const char *text) {
  char path[700];
  snprintf(path, sizeof path, "%s/tuning/%s", f->root, name);
  int ok = write_text(path, text) == 0;
  CHECK_MSG(ok, "cannot write %s", path);
  return ok;
}

static char *read_out(fixture *f, const char *rel) {
  char path[700];
  snprintf(path, sizeof path, "%s/%s", f->out, rel);
  return read_text(path, NULL);
}

/* The target's tiles for VARIANT (8 warps); h100 the same (no kernel of its
   own), h200 2 warps (a kernel of its own, under sm_90 only). */
TEST(test_tuning_model_gets_its_own_kernel_where_tiles_differ) {
  fixture f;
  if (!tuning_fixture(&f, "sm_90.lua", "return { ops = { rope = { " VARIANT " = { warps = 8 } } } }\n") ||
      !write_tuning_file(&f, "sm_90_h100.lua",
                         "return { devices = { \"NVIDIA H100 80GB HBM3\" }, ops = { rope = { " VARIANT
                         " = { warps = 8 } } } }\n") ||
      !write_tuning_file(&f, "sm_90_h200.lua",
                         "return { gpu = \"NVIDIA H200\", devices = { \"NVIDIA H200\", \"NVIDIA H200 NVL\" }, ops = "
                         "{ rope = { " VARIANT " = { warps = 2 } } } }\n")) {
    fixture_close(&f);
    return;
  }
  run_result r = generate_tuned(&f, "sm_80,sm_90", "");
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  char *kernels = kernel_file(&f), *dispatch = read_out(&f, "fusegen_dispatch.c");
  CHECK_MSG(kernels && dispatch, "no kernel file or dispatch table");
  if (kernels && dispatch) {
    char *own = strstr(kernels, "#if FG_SM == 90  // tile parameters of the GPU model h200 (");
    CHECK_MSG(own != NULL, "no kernel of h200's own");
    if (own) {
      char *end = strstr(own, "#endif");
      char *warps = strstr(own, "2 warps per block");
      CHECK_MSG(end && warps && warps < end, "h200's kernel does not have its 2 warps");
      CHECK_MSG(strstr(own, "FG_ARCH_NAME(fg_" VARIANT "_h200)") != NULL, "h200's kernel is not named for it");
    }
    CHECK_MSG(!strstr(kernels, "GPU model h100"), "h100, whose tiles are the target's, has a kernel of its own");
    /* the models, by name, and the entry of h200 (model 2) after the target's */
    CHECK_MSG(strstr(dispatch, "{.name = \"h100\", .arch = 90, .ndevices = 1, .devices = fg__model_h100_devices}") &&
                  strstr(dispatch, "{.name = \"h200\", .arch = 90, .ndevices = 2, .devices = fg__model_h200_devices}") &&
                  strstr(dispatch, "fg__model_h200_devices[] = {\"NVIDIA H200\", \"NVIDIA H200 NVL\"};") &&
                  strstr(dispatch, "const int fg__model_count = 2;"),
              "the models are not listed");
    char *target = strstr(dispatch, ".arch = 90, .model = 0, .launch = fg__launch_" VARIANT "_sm90,");
    char *model = strstr(dispatch, ".arch = 90, .model = 2, .launch = fg__launch_" VARIANT "_h200_sm90, .name = \""
                                   VARIANT "_sm90_h200\"}");
    CHECK_MSG(target && model && target < model, "h200's dispatch entry is missing or before the target's");
  }
  free(kernels);
  free(dispatch);
  /* `fusegen list` names it */
  r = fusegen_in(f.root, RUN_TIMEOUT, "list --specs '%s' --templates gen/templates --archs sm_90", f.specs);
  CHECK_MSG(r.code == 0 && strstr(r.out, VARIANT "_sm90_h200") && strstr(r.out, "(GPU model h200)"),
            "fusegen list does not show h200's kernel:\n%s%s", r.out, r.err);
  run_free(&r);
  /* a tuning build tunes the variant once, with no model's kernels */
  r = generate_tuned(&f, "sm_90", "--tune-build");
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  dispatch = read_out(&f, "fusegen_dispatch.c");
  CHECK_MSG(dispatch && strstr(dispatch, "const int fg__rope_kernel_count = 60;") && !strstr(dispatch, "_h200") &&
                strstr(dispatch, "const int fg__model_count = 0;"),
            "the tuning build holds models' kernels");
  free(dispatch);
  fixture_close(&f);
}

/* text with every occurrence of name replaced by "K" (malloc'd). */
static char *rename_all(const char *text, const char *name) {
  size_t n = strlen(name), len = strlen(text);
  char *out = malloc(len + 1), *o = out;
  for (const char *p = text; *p;) {
    if (!strncmp(p, name, n)) *o++ = 'K', p += n;
    else *o++ = *p++;
  }
  *o = 0;
  return out;
}

/* From "// <name>\n" to the first `end` after it (malloc'd), or NULL. */
static char *kernel_text(const char *file, const char *name, const char *end) {
  char head[256];
  snprintf(head, sizeof head, "// %s\n", name);
  const char *a = file ? strstr(file, head) : NULL, *b = a ? strstr(a, end) : NULL;
  if (!b) return NULL;
  char *out = malloc((size_t)(b - a) + 1);
  memcpy(out, a, (size_t)(b - a));
  out[b - a] = 0;
  return out;
}

/* A GPU model's own kernel is, but for its name, the tuning build's candidate
   of the same tiles: the one the tuner ran and checked on that GPU. */
TEST(test_tuning_model_kernel_is_its_candidate) {
  fixture f;
  if (!tuning_fixture(&f, "sm_90.lua", "return { ops = { rope = { " VARIANT " = {} } } }\n") ||
      !write_tuning_file(&f, "sm_90_h200.lua",
                         "return { devices = { \"NVIDIA H200\" }, ops = { rope = { " VARIANT
                         " = { warps = 2, heads_in_flight = 2 } } } }\n")) {
    fixture_close(&f);
    return;
  }
  run_result r = generate_tuned(&f, "sm_90", "");
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  char *lib = kernel_file(&f);
  char *own = kernel_text(lib, VARIANT "_h200", "\n#endif");
  CHECK_MSG(own != NULL, "no kernel " VARIANT "_h200");
  r = generate_tuned(&f, "sm_90", "--tune-build");
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  char *cands = read_out(&f, "fusegen_candidates.c"), *tune = read_out(&f, "kernels/" VARIANT ".cu");
  /* the candidate whose tiles are the model's */
  const char *want = ".params = \"heads_in_flight = 2, warps = 2\"";
  const char *at = cands ? strstr(cands, want) : NULL;
  const char *k = at ? at : NULL;
  while (k && k > cands && strncmp(k, "{.kernel = \"", 12)) k--;
  char name[256] = "";
  if (k && at) sscanf(k, "{.kernel = \"%255[a-z0-9_]", name);
  char *sm = strstr(name, "_sm90");
  if (sm) *sm = 0;
  CHECK_MSG(name[0], "no candidate with %s", want);
  /* the tuner's baselines: the model's candidate and the spec's (the target's) */
  const char *line_end = at ? strchr(at, '}') : NULL;
  const char *cur = at ? strstr(at, ".current = \"h200\"") : NULL;
  CHECK_MSG(cur && cur < line_end, "the h200 candidate is not labelled current for h200");
  char *cand = name[0] ? kernel_text(tune, name, "\nextern \"C\" cudaError_t FG_ARCH_NAME(fg__attributes_") : NULL;
  CHECK_MSG(cand != NULL, "no kernel %s in the tuning build", name);
  if (own && cand) {
    char *a = rename_all(own, VARIANT "_h200"), *b = rename_all(cand, name);
    size_t la = strlen(a), lb = strlen(b);
    while (la && (a[la - 1] == '\n')) a[--la] = 0;
    while (lb && (b[lb - 1] == '\n')) b[--lb] = 0;
    CHECK_MSG(!strcmp(a, b), "h200's kernel differs from candidate %s:\n%.600s\n---\n%.600s", name, a, b);
    free(a);
    free(b);
  }
  free(own);
  free(cand);
  free(lib);
  free(cands);
  free(tune);
  fixture_close(&f);
}

/* The target's file naming a model: that model's tiles are the target's, and
   the model has no kernel of its own. */
TEST(test_tuning_default_model) {
  fixture f;
  if (!tuning_fixture(&f, "sm_90.lua", "return { default_model = \"h100\" }\n") ||
      !write_tuning_file(&f, "sm_90_h100.lua",
                         "return { devices = { \"NVIDIA H100 80GB HBM3\" }, ops = { rope = { " VARIANT
                         " = { warps = 8 } } } }\n")) {
    fixture_close(&f);
    return;
  }
  run_result r = generate_tuned(&f, "sm_80,sm_90", "");
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  char *kernels = kernel_file(&f);
  if (kernels) {
    char *sm90 = strstr(kernels, "#elif FG_SM == 90  // tile parameters for sm_90 (");
    char *end = sm90 ? strstr(sm90, "#endif") : NULL;
    char *warps = sm90 ? strstr(sm90, "8 warps per block") : NULL;
    CHECK_MSG(end && warps && warps < end, "sm_90's kernel does not have h100's 8 warps");
    CHECK_MSG(!strstr(kernels, "GPU model"), "h100 has a kernel of its own");
  } else {
    CHECK_MSG(0, "no %s", KERNEL_FILE);
  }
  free(kernels);
  fixture_close(&f);
}

TEST(test_tuning_named_folder_missing) {
  fixture f;
  if (!fixture_open(&f, NULL)) { fixture_close(&f); return; }
  run_result r = generate_tuned(&f, "sm_90", "--tuning /nonexistent/tuning");
  CHECK_MSG(r.code == 4 && strstr(r.err, "cannot read folder /nonexistent/tuning"), "exit %d, stderr:\n%s", r.code,
            r.err);
  run_free(&r);
  fixture_close(&f);
}

/* ---- a tuning build ---------------------------------------------------------------- */

TEST(test_tuning_build_holds_candidates) {
  fixture f;
  const char *text = "return { ops = { rope = { " VARIANT " = {} } } }\n";
  if (!tuning_fixture(&f, "sm_90.lua", text)) { fixture_close(&f); return; }
  run_result r = generate_tuned(&f, "sm_90", "--tune-build");
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  /* rope.lua's tune: warps {2, 4, 8} x heads_in_flight {1, 2} x chunks {1, 2} x blocks_per_sm {0, 32}
     x flat_waves {0, 4, 8, 16}; with blocks_per_sm = 0 flat_waves means nothing, so 12 + 12 * 4 distinct */
  const int expected = 60;
  char path[700];
  snprintf(path, sizeof path, "%s/fusegen_candidates.c", f.out);
  char *cands = read_text(path, NULL);
  CHECK_MSG(cands != NULL, "no fusegen_candidates.c in a tuning build");
  snprintf(path, sizeof path, "%s/fusegen_dispatch.c", f.out);
  char *dispatch = read_text(path, NULL);
  if (cands && dispatch) {
    int n = 0;
    for (char *p = cands; (p = strstr(p, "{.kernel = \"" VARIANT "_t")); p++) n++;
    CHECK_MSG(n == expected, "%d candidates listed, expected %d", n, expected);
    CHECK_MSG(strstr(cands, "{.kernel = \"" VARIANT "_t0_sm90\", .op = \"rope\", .variant = \"" VARIANT
                            "\", .arch = 90, .index = 0,\n     .attributes = fg__attributes_" VARIANT
                            "_t0_sm90, .params = \"\""),
              "candidate 0 is not the spec's own tiles");
    int entries = 0;
    for (char *p = dispatch; (p = strstr(p, "fg__launch_" VARIANT "_t")); p++) entries++;
    CHECK_MSG(entries == expected, "%d dispatch entries, expected %d", entries, expected);
    CHECK_MSG(strstr(dispatch, "const int fg__rope_kernel_count = 60;"), "the rope table holds other variants");
    CHECK_MSG(strstr(dispatch, "const int fg__rope_per_head_kernel_count") == NULL, "ops outside the fixture");
  }
  pathlist kernels = list_files(f.out);
  int cu = 0;
  for (size_t i = 0; i < kernels.count; i++) cu += strstr(kernels.items[i], ".cu") != NULL && strstr(kernels.items[i], "kernels/");
  CHECK_MSG(cu == 1 && pathlist_has(&kernels, "kernels/" VARIANT ".cu"), "expected one kernel file, " VARIANT ".cu");
  pathlist_free(&kernels);
  free(cands);
  free(dispatch);
  fixture_close(&f);
}

/* The serving spec, with the target's file naming rmsnorm's bf16 variant and,
   given h200 (its text), an H200 file. */
static int serving_rmsnorm_fixture(fixture *f, const char *h200) {
  char *spec = read_text("gen/specs/serving.lua", NULL);
  memset(f, 0, sizeof *f);
  CHECK_MSG(spec != NULL, "cannot read gen/specs/serving.lua");
  int ok = spec && tuning_fixture_text(f, spec, "sm_90.lua", "return { ops = { rmsnorm = { rmsnorm_bf16_wbf16_vec16 = {} } } }\n") &&
           (!h200 || write_tuning_file(f, "sm_90_h200.lua", h200));
  free(spec);
  return ok;
}

/* A candidate with a second kernel (the rows mapping's short form) reports the
   local memory of the one that uses more, so that the tuner leaves out a
   candidate whose short form spills (the library's build would refuse it). */
TEST(test_tuning_build_candidate_reports_its_short_form) {
  fixture f;
  if (!serving_rmsnorm_fixture(&f, NULL)) { fixture_close(&f); return; }
  run_result r = generate_tuned(&f, "sm_90", "--tune-build");
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  char path[700];
  snprintf(path, sizeof path, "%s/kernels/rmsnorm_bf16_wbf16_vec16.cu", f.out);
  char *text = read_text(path, NULL);
  CHECK_MSG(text != NULL, "no %s", path);
  const char *at = text ? strstr(text, "FG_ARCH_NAME(fg__attributes_rmsnorm_bf16_wbf16_vec16_t0)(cudaFuncAttributes* a)") : NULL;
  CHECK_MSG(at && strstr(at, "cudaFuncGetAttributes(&b, FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16_t0_short)<false>);") &&
                strstr(at, "cudaFuncGetAttributes(&b, FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16_t0_short)<true>);") &&
                strstr(at, "if (err == cudaSuccess && b.localSizeBytes > a->localSizeBytes) a->localSizeBytes = b.localSizeBytes;"),
            "candidate 0's attributes leave its short form out");
  /* and the first kernel's FULL instance (tile full_rows) */
  CHECK_MSG(at && strstr(at, "cudaFuncGetAttributes(a, FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16_t0)<false>);") &&
                strstr(at, "cudaFuncGetAttributes(&b, FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16_t0)<true>);"),
            "candidate 0's attributes leave an instance out");
  free(text);
  fixture_close(&f);
}

/* The sm_90 tuning build of the fixture: its fusegen_candidates.c (NULL, and a
   failed check, where it did not generate) */
static char *tuning_build_candidates(fixture *f) {
  run_result r = generate_tuned(f, "sm_90", "--tune-build");
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  char *cands = read_out(f, "fusegen_candidates.c");
  CHECK_MSG(cands != NULL, "no fusegen_candidates.c");
  return cands;
}

/* Tiles a GPU runs now that lie outside the spec's tune are candidates too,
   after the tune's, labelled with whose they are: the tuner's baseline. */
TEST(test_tuning_build_current_tiles_are_candidates) {
  fixture f;
  if (!tuning_fixture(&f, "sm_90.lua", "return { ops = { rope = { " VARIANT " = {} } } }\n") ||
      !write_tuning_file(&f, "sm_90_h200.lua",
                         "return { devices = { \"NVIDIA H200\" }, ops = { rope = { " VARIANT " = { warps = 16 } } } }\n")) {
    fixture_close(&f);
    return;
  }
  char *cands = tuning_build_candidates(&f);
  if (cands) {
    int n = 0;
    for (char *p = cands; (p = strstr(p, "{.kernel = \"" VARIANT "_t")); p++) n++;
    CHECK_MSG(n == 61, "%d candidates, expected the tune's 60 and h200's", n);
    const char *last = strstr(cands, VARIANT "_t60_sm90\", .op");
    const char *end = last ? strchr(last, '}') : NULL;
    const char *params = last ? strstr(last, ".params = \"warps = 16\"") : NULL;
    const char *cur = last ? strstr(last, ".current = \"h200\"") : NULL;
    CHECK_MSG(params && params < end && cur && cur < end, "candidate 60 is not h200's warps = 16, labelled h200");
    const char *first = strstr(cands, VARIANT "_t0_sm90\", .op");
    end = first ? strchr(first, '}') : NULL;
    cur = first ? strstr(first, ".current = \"target\"") : NULL;
    CHECK_MSG(cur && cur < end, "candidate 0 (the spec's tiles, the target's) is not labelled target");
  }
  free(cands);
  fixture_close(&f);
}

/* The candidate of `.params = "<params>"` (a whole match): whether it is listed,
   and its .current label into cur (size n). */
static int candidate_with(const char *cands, const char *variant, const char *params, char *cur, size_t n) {
  char want[400];
  snprintf(want, sizeof want, ".params = \"%s\",", params);
  for (const char *p = cands; (p = strstr(p, "{.kernel = \"")); p++) {
    const char *end = strchr(p, '}');
    if (!end || strncmp(p + 12, variant, strlen(variant)) || strncmp(p + 12 + strlen(variant), "_t", 2)) continue;
    const char *at = strstr(p, want);
    if (!at || at > end) continue;
    const char *c = strstr(p, ".current = \"");
    const char *q = c ? strchr(c + 12, '"') : NULL;
    size_t len = c && q && q < end ? (size_t)(q - (c + 12)) : 0;
    if (len >= n) len = n - 1;
    memcpy(cur, c ? c + 12 : "", len);
    cur[len] = 0;
    return 1;
  }
  return 0;
}

/* A spec's tune.around values are tried one at a time on the tiles each GPU
   runs now, outside the product: serving's l2_last, on rmsnorm with the
   spec's tiles for the target and h200's own. */
TEST(test_tuning_build_around_current_tiles) {
  fixture f;
  if (!serving_rmsnorm_fixture(&f, "return { devices = { \"NVIDIA H200\" }, ops = { rmsnorm = { rmsnorm_bf16_wbf16_vec16 = "
                                   "{ chunks = 4, warps = 16, evict_first = 0, l2_last = 1 } } } }\n")) {
    fixture_close(&f);
    return;
  }
  char *cands = tuning_build_candidates(&f);
  if (cands) {
    const char *v = "rmsnorm_bf16_wbf16_vec16";
    char cur[256];
    CHECK_MSG(candidate_with(cands, v, "chunks = 4, evict_first = 0, l2_last = 1, warps = 16", cur, sizeof cur) &&
                  !strcmp(cur, "h200"),
              "h200's tiles are not a candidate labelled h200");
    CHECK_MSG(candidate_with(cands, v, "chunks = 4, evict_first = 0, warps = 16", cur, sizeof cur) && !cur[0],
              "h200's tiles without l2_last are not a candidate (unlabelled)");
    CHECK_MSG(candidate_with(cands, v, "l2_last = 1", cur, sizeof cur) && !cur[0],
              "the target's tiles (the spec's) with l2_last = 1 are not a candidate");
    CHECK_MSG(candidate_with(cands, v, "", cur, sizeof cur) && !strcmp(cur, "target"),
              "candidate 0 is not the spec's tiles, labelled target");
    /* the second value of around's full_rows, on each */
    CHECK_MSG(candidate_with(cands, v, "chunks = 4, evict_first = 0, full_rows = 0, l2_last = 1, warps = 16", cur, sizeof cur) && !cur[0],
              "h200's tiles with full_rows = 0 are not a candidate (unlabelled)");
    CHECK_MSG(candidate_with(cands, v, "full_rows = 0", cur, sizeof cur) && !cur[0],
              "the target's tiles with full_rows = 0 are not a candidate");
    /* the product's 64 sets hold neither (l2_last is not in it) */
    int n = 0, with = 0;
    char key[300];
    snprintf(key, sizeof key, "{.kernel = \"%s_t", v);
    for (char *p = cands; (p = strstr(p, key)); p++) {
      n++;
      const char *end = strchr(p, '}'), *at = strstr(p, ".params = \"");
      char params[300] = "";
      if (at && at < end) sscanf(at + 11, "%299[^\"]", params);
      if (strstr(params, "l2_last = 1")) with++;
    }
    CHECK_MSG(with == 3, "%d candidates with l2_last = 1, expected h200's, h200's with full_rows = 0 and the target's with it", with);
    CHECK_MSG(n <= 64 + 1 + 4, "%d candidates: more than the product, h200's and the four around them", n);
  }
  free(cands);
  fixture_close(&f);
}

/* tune.around is checked like the rest of tune: a table of parameter =
   {values}, each a tile parameter with values in its range. */
TEST(test_tuning_spec_around_checked) {
  const char *ok = "local around = { l2_last = { 0, 1 }, full_rows = { 1, 0 } }";
  expect_spec_error_in("gen/specs/serving.lua", ok, "local around = { 0, 1 }", "tune[1].around",
                       "a table of tile parameter = {values}, each tried alone on the tiles a GPU runs now, got");
  expect_spec_error_in("gen/specs/serving.lua", ok, "local around = { l2_lost = { 0, 1 } }", "tune[1].around.l2_lost",
                       "a tile parameter (");
  expect_spec_error_in("gen/specs/serving.lua", ok, "local around = { l2_last = { 0, 2 } }", "tune[1].around.l2_last[2]",
                       "an integer: 1: the streamed inputs that no output overwrites");
  expect_spec_error_in("gen/specs/serving.lua", ok, "local around = { l2_last = 1 }", "tune[1].around.l2_last",
                       "a list of candidate values, got 1");
}

TEST(test_tuning_build_needs_a_tuning_file) {
  fixture f;
  if (!fixture_open(&f, NULL)) { fixture_close(&f); return; }
  run_result r = generate_tuned(&f, "sm_90", "--tune-build");
  CHECK_MSG(r.code == 1 && strstr(r.err, "--tune-build: no variant to tune for sm_90"), "exit %d, stderr:\n%s", r.code,
            r.err);
  run_free(&r);
  fixture_close(&f);
}

/* ---- the runtime's choice ---------------------------------------------------------- */

static cudaError_t no_launch(const void *p, int n, int pdl, cudaStream_t s) {
  (void)p, (void)n, (void)pdl, (void)s;
  return cudaSuccess;
}

TEST(test_tuning_dispatch_selects_candidate) {
  /* key {1}: sm_80, then three candidates for sm_90, then sm_100 */
  const fg__kernel_entry table[] = {
      {{0}, 90, no_launch, "other", 0},  {{1}, 80, no_launch, "a80", 0},   {{1}, 90, no_launch, "c0", 0},
      {{1}, 90, no_launch, "c1", 0},     {{1}, 90, no_launch, "c2", 0},    {{1}, 100, no_launch, "a100", 0},
      {{2}, 90, no_launch, "next", 0},
  };
  const int n = (int)(sizeof table / sizeof table[0]), key[1] = {1};
  const struct { int cc, sel; const char *want; } cases[] = {
      {90, 0, "c0"}, {90, 1, "c1"}, {90, 2, "c2"}, {90, 3, NULL}, {90, -1, NULL},
      {86, 0, "a80"}, {86, 1, NULL}, {100, 0, "a100"}, {100, 1, NULL}, {89, 0, "a80"}, {75, 0, NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    fg__select_candidate(cases[i].sel);
    const fg__kernel_entry *e = fg__find_kernel(table, n, 1, key, cases[i].cc, 0);
    const char *got = e ? e->name : NULL;
    CHECK_MSG(got == cases[i].want || (got && cases[i].want && !strcmp(got, cases[i].want)),
              "cc %d, candidate %d: got %s, expected %s", cases[i].cc, cases[i].sel, got ? got : "none",
              cases[i].want ? cases[i].want : "none");
  }
  fg__select_candidate(0);
}

TEST(test_tuning_dispatch_selects_model) {
  /* key {1}: sm_80; sm_90's own, then models 1 and 3's; sm_100's own, then model 2's */
  const fg__kernel_entry table[] = {
      {{0}, 90, no_launch, "other", 0}, {{1}, 80, no_launch, "a80", 0},  {{1}, 90, no_launch, "a90", 0},
      {{1}, 90, no_launch, "m1", 1},    {{1}, 90, no_launch, "m3", 3},   {{1}, 100, no_launch, "a100", 0},
      {{1}, 100, no_launch, "m2", 2},   {{2}, 90, no_launch, "next", 0}, {{2}, 90, no_launch, "next_m2", 2},
  };
  const int n = (int)(sizeof table / sizeof table[0]);
  const struct { int key, cc, model; const char *want; } cases[] = {
      {1, 90, 0, "a90"}, {1, 90, 1, "m1"},   {1, 90, 3, "m3"},     {1, 90, 2, "a90"}, /* model 2: none of its own */
      {1, 86, 1, "a80"}, {1, 100, 2, "m2"},  {1, 100, 1, "a100"},  {1, 75, 1, NULL},
      {2, 90, 2, "next_m2"}, {2, 90, 3, "next"}, {0, 90, 1, "other"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const fg__kernel_entry *e = fg__find_kernel(table, n, 1, &cases[i].key, cases[i].cc, cases[i].model);
    const char *got = e ? e->name : NULL;
    CHECK_MSG(got == cases[i].want || (got && cases[i].want && !strcmp(got, cases[i].want)),
              "key %d, cc %d, model %d: got %s, expected %s", cases[i].key, cases[i].cc, cases[i].model,
              got ? got : "none", cases[i].want ? cases[i].want : "none");
  }
  /* a tuning build's candidate selected: never a model's kernel */
  fg__select_candidate(1);
  const fg__kernel_entry *e = fg__find_kernel(table, n, 1, &cases[0].key, 90, 1);
  CHECK_MSG(e == NULL, "candidate 1 of a table of models found %s", e ? e->name : "");
  fg__select_candidate(0);
}
