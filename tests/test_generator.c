/* Tests of the generator (build/fusegen) as its users meet it: a subprocess run
 * from the repository root on a copy of tests/fixtures/rope.lua (edited in small,
 * realistic ways), each test in its own temporary folder under /tmp.
 *
 *   valid spec -> exit 0 and the expected files; `list` prints the variants
 *   bad spec   -> exit 1; the message names the spec file, the field and what
 *                 was expected (field spellings: gen/lua/fusegen/spec.lua)
 *   sandbox    -> no io/os/require/load/debug, an instruction budget, a memory limit
 *   templates  -> a Lua error in a template names the template file and line
 *   output     -> deterministic, rewritten only when changed, stale files removed;
 *                 `check` exits 3 on any difference
 *   the build's ptxas flags turn local memory (stack frame) into an error */
#define _GNU_SOURCE
#include "gen_fixture.h"
#include "harness.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- a valid spec ---------------------------------------------------------------- */

TEST(test_generator_valid_spec_generates) {
  fixture f;
  if (!fixture_open(&f, NULL)) { fixture_close(&f); return; }
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  static const char *const expected[] = {
      "fusegen_ops.h", "fusegen_dispatch.c", "fusegen_params.h", "fusegen_kernels.h", "fusegen_device.cuh",
      "rope_entry.c", "sources.ninja", "kernels/rope_bf16_tabfp32_pairinterleaved.cu",
      "kernels/rope_fp16_tabfp16_pairhalf.cu", "kernels/rope_fp32_tabfp32_pairinterleaved.cu",
  };
  pathlist files = list_files(f.out);
  for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
    CHECK_MSG(pathlist_has(&files, expected[i]), "%s/%s was not generated", f.out, expected[i]);
  /* kernel files: pairing x (act, table) = 2 x 9, each compiled for every target
     (sources.ninja: sm_90 only) */
  int kernels = 0, other_arch = 0, mixed = 0;
  for (size_t i = 0; i < files.count; i++) {
    const char *p = files.items[i];
    if (strncmp(p, "kernels/", 8) != 0) continue;
    size_t n = strlen(p);
    CHECK_MSG(n > 3 && !strcmp(p + n - 3, ".cu"), "unexpected kernel file %s", p);
    kernels++;
    if (strstr(p, "_sm")) other_arch++; /* sources name no target */
    if (strstr(p, "bf16_tabfp16") || strstr(p, "fp16_tabbf16") || strstr(p, "fp32_tabbf16") ||
        strstr(p, "fp32_tabfp16"))
      mixed++;
  }
  CHECK_MSG(kernels == 18, "%d kernel files, expected 18", kernels);
  CHECK_MSG(other_arch == 0, "%d kernel files name a GPU target", other_arch);
  {
    char ninja_path[4096];
    snprintf(ninja_path, sizeof ninja_path, "%s/sources.ninja", f.out);
    char *ninja = read_text(ninja_path, NULL);
    CHECK_MSG(ninja && strstr(ninja, "rope_bf16_tabfp32_pairinterleaved_sm90.o: nvcc generated/kernels/rope_bf16_tabfp32_pairinterleaved.cu"),
              "sources.ninja does not build the sm_90 object of a kernel file");
    CHECK_MSG(ninja && !strstr(ninja, "_sm80.o") && !strstr(ninja, "_sm100.o"),
              "sources.ninja builds objects for targets other than sm_90");
    free(ninja);
  }
  CHECK_MSG(mixed == 8, "%d kernel files for tables of a third dtype (neither fp32 nor x's), expected 8", mixed);
  /* each file says it is generated; the op's own files name the spec */
  for (size_t i = 0; i < files.count; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", f.out, files.items[i]);
    char *text = read_text(path, NULL);
    CHECK_MSG(text != NULL, "cannot read %s", path);
    if (!text) continue;
    char *nl = strchr(text, '\n');
    if (nl) *nl = 0;
    CHECK_MSG(strstr(text, "do not edit") != NULL, "%s: first line does not say \"do not edit\": %s", path, text);
    if (!strncmp(files.items[i], "kernels/", 8) || !strcmp(files.items[i], "rope_entry.c"))
      CHECK_MSG(strstr(text, f.spec) != NULL, "%s: first line does not name the spec %s: %s", path, f.spec, text);
    free(text);
  }
  char ops_path[4096];
  snprintf(ops_path, sizeof ops_path, "%s/fusegen_ops.h", f.out);
  char *ops = read_text(ops_path, NULL);
  CHECK_MSG(ops && strstr(ops, "fg_status fg_rope(const DLTensor* x, DLTensor* out"),
            "fusegen_ops.h does not declare fg_rope");
  free(ops);
  pathlist_free(&files);
  run_free(&r);
  fixture_close(&f);
}

/* Programmatic dependent launch: in every kernel of the landed specs (the
   committed generated/, which `fusegen check` keeps equal to the generator's
   output) the body's first statement waits for the kernel before it, ahead of
   any load or store, and the second, where there is one, lets the kernel
   after it be scheduled (tile pdl_early); every launch goes through fg_launch with the launcher's
   pdl, and no kernel is launched by <<<>>> outside it. */
TEST(test_generator_kernels_wait_for_the_kernel_before) {
  pathlist files = list_files("generated/kernels");
  CHECK_MSG(files.count > 0, "no kernel files under generated/kernels");
  int kernels = 0, launches = 0, early = 0, triggers = 0;
  for (size_t i = 0; i < files.count; i++) {
    char path[4096];
    snprintf(path, sizeof path, "generated/kernels/%s", files.items[i]);
    char *t = read_text(path, NULL);
    CHECK_MSG(t != NULL, "cannot read %s", path);
    if (!t) continue;
    CHECK_MSG(!strstr(t, "<<<"), "%s: a launch by <<<>>>, not fg_launch", path);
    for (char *k = strstr(t, "__global__"); k; k = strstr(k + 1, "__global__")) {
      kernels++;
      char *body = strstr(k, "\n{\n");
      CHECK_MSG(body && !strncmp(body + 3, "  fg_grid_dependency();", 23), "%s: a kernel whose first statement is not fg_grid_dependency():\n%.300s",
                path, k);
      char *second = body ? strchr(body + 3, '\n') : NULL;
      if (second && !strncmp(second + 1, "  fg_launch_dependents();", 25)) early++;
    }
    for (char *d = strstr(t, "fg_launch_dependents();"); d; d = strstr(d + 1, "fg_launch_dependents();")) triggers++;
    for (char *l = strstr(t, "extern \"C\" cudaError_t"); l; l = strstr(l + 1, "extern \"C\" cudaError_t")) {
      char *eol = strchr(l, '\n');
      static const char sig[] = "(const void* params, int sm_count, int pdl, cudaStream_t stream)";
      CHECK_MSG(eol && memmem(l, (size_t)(eol - l), sig, sizeof sig - 1),
                "%s: a launcher without pdl: %.200s", path, l);
    }
    for (char *l = strstr(t, "fg_launch("); l; l = strstr(l + 1, "fg_launch(")) {
      launches++;
      char *end = strstr(l, ");");
      CHECK_MSG(end && memmem(l, (size_t)(end - l), ", stream, pdl, ", strlen(", stream, pdl, ")), "%s: a launch without the launcher's pdl: %.200s", path, l);
    }
    free(t);
  }
  CHECK_MSG(kernels > 100 && launches >= kernels, "%d kernels, %d launches", kernels, launches);
  /* tile pdl_early's trigger is a kernel's second statement and nowhere else,
     and most kernels have it (those of variants tuned to 0 do not) */
  CHECK_MSG(triggers == early, "%d fg_launch_dependents() calls, %d of them a kernel's second statement", triggers, early);
  CHECK_MSG(early > kernels / 2 && early < kernels, "%d of %d kernels trigger early", early, kernels);
  pathlist_free(&files);
}

/* The heads kernels divide by run-time sizes only through the launcher's
   fg_udiv divisors: no integer division by a run-time value in a kernel body
   (some twenty dependent instructions each, before a short call's first load),
   and every launcher makes the divisors it passes. rope_per_head's 16-byte
   variants have the lean form too (tile lean): a second kernel before the
   launcher, which makes its divisors and runs it only when p.index32 holds. */
TEST(test_generator_heads_kernels_divide_by_constants) {
  static const char *const specs[] = {"tests/fixtures/rope.lua", "gen/specs/rotary.lua"};
  static const char *const files[] = {"rope_bf16_tabfp32_pairinterleaved.cu", "rope_per_head_bf16.cu"};
  for (int fi = 0; fi < 2; fi++) {
    char *spec = read_text(specs[fi], NULL);
    CHECK_MSG(spec != NULL, "cannot read %s", specs[fi]);
    fixture f;
    memset(&f, 0, sizeof f);
    if (!spec || !fixture_open(&f, spec)) { free(spec); fixture_close(&f); return; }
    free(spec);
    run_result r = generate(&f);
    CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
    char path[4096];
    snprintf(path, sizeof path, "%s/kernels/%s", f.out, files[fi]);
    char *text = read_text(path, NULL);
    CHECK_MSG(text != NULL, "cannot read %s", path);
    static const char *const runtime_division[] = {"/ (uint32_t)", "/ (int)", "/ hg", "% hg", "/ nhb", "/ tpw", "/ p.", "% p."};
    int kernels = 0, lean = 0, vec16 = 0;
    for (char *k = text ? strstr(text, "__global__") : NULL; k; k = strstr(k + 1, "__global__")) {
      char *launcher = strstr(k, "extern \"C\" cudaError_t");
      CHECK_MSG(launcher != NULL, "%s: a kernel without its launcher", path);
      if (!launcher) break;
      kernels++;
      char *eol = strchr(strchr(k, '\n') + 1, '\n');
      const int is_lean = eol && memmem(k, (size_t)(eol - k), "_lean", 5) != NULL;
      lean += is_lean;
      vec16 += !is_lean && eol && memmem(k, (size_t)(eol - k), "_vec16", 6) != NULL;
      for (size_t i = 0; i < sizeof runtime_division / sizeof runtime_division[0]; i++) {
        char *at = strstr(k, runtime_division[i]);
        CHECK_MSG(!at || at > launcher, "%s: a kernel divides by a run-time value (%s): %.120s", path, runtime_division[i],
                  at ? at - 60 : "");
      }
      char *end = strstr(launcher, "\n}\n");
      const char *made[] = {"g.s_div = fg_udiv_make((uint32_t)p->S);", "set.nhb_div = fg_udiv_make((uint32_t)set.nhb);",
                            "set.hg_div = fg_udiv_make((uint32_t)set.hg);", ", stream, pdl, *p, g);"};
      const char *made_lean[] = {"if (p->index32 && (", "lg.nhb_div[0] = fg_udiv_make((uint32_t)lg.nhb[0]);",
                                 "lg.s_div = fg_udiv_make((uint32_t)p->S);", "_lean), (unsigned)lean_blocks,"};
      for (size_t i = 0; i < 4; i++) {
        char *at = strstr(launcher, is_lean ? made_lean[i] : made[i]);
        CHECK_MSG(at && (!end || at < end), "%s: a launcher lacks [%s]", path, is_lean ? made_lean[i] : made[i]);
      }
    }
    CHECK_MSG(kernels >= 7, "%d kernels in %s, expected one per head size and access at least", kernels, path);
    if (fi == 0) CHECK_MSG(lean == 0, "%s: %d lean kernels, but rope's tiles have none", path, lean);
    else CHECK_MSG(lean == vec16 && lean >= 14, "%s: %d lean kernels, expected one per 16-byte variant (%d)", path, lean, vec16);
    free(text);
    run_free(&r);
    fixture_close(&f);
  }
}

/* The rows mapping's slice form (the ops that reduce over no row: a block per
   slice of a row) finds a block's row through the launcher's divisor: no
   division or remainder by a run-time value in the kernel body, where a block
   of one chunk a thread is short and two divisions came before its first
   load; and every launcher makes the divisor it passes. */
TEST(test_generator_slice_kernels_divide_by_constants) {
  char *spec = read_text("gen/specs/serving.lua", NULL);
  CHECK_MSG(spec != NULL, "cannot read gen/specs/serving.lua");
  fixture f;
  memset(&f, 0, sizeof f);
  if (!spec || !fixture_open(&f, spec)) { free(spec); fixture_close(&f); return; }
  free(spec);
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  static const char *const files[] = {"silu_and_mul_bf16.cu", "gelu_tanh_and_mul_fp16.cu", "gated_residual_add_fp32.cu"};
  for (int fi = 0; fi < 3; fi++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/kernels/%s", f.out, files[fi]);
    char *text = read_text(path, NULL);
    CHECK_MSG(text != NULL, "cannot read %s", path);
    static const char *const runtime_division[] = {"/ (unsigned)", "% (unsigned)", "tpr - 1) /", "/ (1 * tpr)", "/ p.", "% p."};
    int slice_kernels = 0;
    for (char *k = text ? strstr(text, "__global__") : NULL; k; k = strstr(k + 1, "__global__")) {
      char *launcher = strstr(k, "extern \"C\" cudaError_t");
      CHECK_MSG(launcher != NULL, "%s: a kernel without its launcher", path);
      if (!launcher) break;
      const char *sig = strchr(strchr(k, '\n') + 1, '\n');
      if (!sig || !memmem(k, (size_t)(sig - k), "_vec16", 6)) continue;  // the element path: a block per row
      slice_kernels++;
      CHECK_MSG(strstr(k, "fg_udiv_div31(blockIdx.x, slices_div)") != NULL && strstr(k, "fg_udiv_div31(blockIdx.x, slices_div)") < launcher,
                "%s: a slice kernel does not find its row by the launcher's divisor", path);
      for (size_t i = 0; i < sizeof runtime_division / sizeof runtime_division[0]; i++) {
        char *at = strstr(k, runtime_division[i]);
        CHECK_MSG(!at || at > launcher, "%s: a slice kernel divides by a run-time value (%s): %.120s", path,
                  runtime_division[i], at ? at - 60 : "");
      }
      char *end = strstr(launcher, "\n}\n");
      char *made = strstr(launcher, "(uint32_t)slices, fg_udiv_make((uint32_t)slices));");
      CHECK_MSG(made && (!end || made < end), "%s: a launcher does not pass the slice count and its divisor", path);
    }
    CHECK_MSG(slice_kernels >= 1, "%s: no 16-byte (slice) kernel found", path);
    free(text);
  }
  run_free(&r);
  fixture_close(&f);
}

/* l2_keep = 1: each 16-byte kernel picks its L2 policies per work item (in place,
   loads evict-last and stores evict-normal; else both evict-first); the element path
   and kernels without the tile keep plain accesses. */
static int holds(const char *k, size_t len, const char *s) { return memmem(k, len, s, strlen(s)) != NULL; }
static void check_l2_keep_kernels(const char *tiles_repl, int want) {
  char *spec = tiles_repl ? replace_once(rope_text(), "warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32,",
                                         tiles_repl)
                          : strdup(rope_text());
  CHECK_MSG(spec != NULL, "tests/fixtures/rope.lua no longer holds the tiles this test edits");
  fixture f;
  memset(&f, 0, sizeof f);
  if (!spec || !fixture_open(&f, spec)) { free(spec); fixture_close(&f); return; }
  free(spec);
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  char path[4096];
  snprintf(path, sizeof path, "%s/kernels/rope_bf16_tabfp32_pairinterleaved.cu", f.out);
  char *text = read_text(path, NULL);
  CHECK_MSG(text != NULL, "cannot read %s", path);
  int vec = 0, scalar = 0;
  for (char *k = text ? strstr(text, "__global__") : NULL; k; k = strstr(k + 1, "__global__")) {
    char *launcher = strstr(k, "extern \"C\" cudaError_t");
    CHECK_MSG(launcher != NULL, "%s: a kernel without its launcher", path);
    if (!launcher) break;
    const char *sig = strchr(strchr(k, '\n') + 1, '\n');
    const int is_vec = sig && memmem(k, (size_t)(sig - k), "_vec16", 6) != NULL;
    *(is_vec ? &vec : &scalar) += 1;
    const size_t len = (size_t)(launcher - k);
    const int policy = holds(k, len, "const unsigned long long l2_load = (const void*)xin == (const void*)xout ? "
                                     "fg_l2_evict_last() : fg_l2_evict_first();") &&
                       holds(k, len, "const unsigned long long l2_store = (const void*)xin == (const void*)xout ? "
                                     "fg_l2_evict_normal() : fg_l2_evict_first();");
    const int loads = holds(k, len, "fg_load_bf16x8_policy(px + e + 0, &xa[0][0][0], l2_load);");
    const int stores = holds(k, len, "fg_store_bf16x8_policy(po + e + 0, &xa[0][0][0], l2_store);");
    const int plain = holds(k, len, "fg_load_bf16x8_stream(") || holds(k, len, "fg_store_bf16x8(");
    if (want && is_vec)
      CHECK_MSG(policy && loads && stores && !plain, "%s: a 16-byte kernel with l2_keep = 1 lacks its policy (%d), policy loads (%d) "
                "or policy stores (%d), or keeps plain accesses (%d): %.160s", path, policy, loads, stores, plain, k);
    else
      CHECK_MSG(!policy && !loads && !stores && !holds(k, len, "l2_"),
                "%s: a kernel %s uses the L2 policies: %.160s", path, is_vec ? "without l2_keep" : "of the element path", k);
  }
  CHECK_MSG(vec >= 1 && scalar >= 1, "%s: %d 16-byte and %d element kernels found", path, vec, scalar);
  free(text);
  run_free(&r);
  fixture_close(&f);
}

TEST(test_generator_l2_keep_picks_policies_per_item) {
  check_l2_keep_kernels("warps = 4, chunks = 1, heads_in_flight = 1, blocks_per_sm = 32, l2_keep = 1,", 1);
  check_l2_keep_kernels(NULL, 0);
}

/* The rows mapping's L2 policy tiles, checked over two serving specs' bf16 kernels:
   each member edit turns the tile on (want = 1) or is left out (want = 0); then every
   16-byte kernel of the two files must hold the lines `checks` names for its file and
   none of `plain` (an access the tile replaces), and every other kernel (the element
   path, or all of them without the tile) none of `absent`. */
typedef struct {
  const char *tile;
  const char *edits[2][2];           /* a member's text, the same with its tiles */
  const char *files[2];
  const char *const (*checks)[2];    /* file, line */
  size_t nchecks;
  const char *plain[2];
  const char *absent[2];
} rows_policy_case;

static void check_rows_policy_tile(const rows_policy_case *c, int want) {
  char *text = read_text("gen/specs/serving.lua", NULL), *spec = text;
  CHECK_MSG(text != NULL, "cannot read gen/specs/serving.lua");
  for (int e = 0; want && spec && e < 2; e++) {
    char *next = replace_once(spec, c->edits[e][0], c->edits[e][1]);
    free(spec);
    spec = next;
    CHECK_MSG(spec != NULL, "gen/specs/serving.lua no longer holds `%s`", c->edits[e][0]);
  }
  fixture f;
  memset(&f, 0, sizeof f);
  if (!spec || !fixture_open(&f, spec)) { free(spec); fixture_close(&f); return; }
  free(spec);
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  for (int fi = 0; fi < 2; fi++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/kernels/%s", f.out, c->files[fi]);
    char *t = read_text(path, NULL);
    CHECK_MSG(t != NULL, "cannot read %s", path);
    int vec = 0, scalar = 0;
    for (char *k = t ? strstr(t, "__global__") : NULL; k; k = strstr(k + 1, "__global__")) {
      char *launcher = strstr(k, "extern \"C\" cudaError_t");
      CHECK_MSG(launcher != NULL, "%s: a kernel without its launcher", path);
      if (!launcher) break;
      const char *sig = strchr(strchr(k, '\n') + 1, '\n');
      const int is_vec = sig && memmem(k, (size_t)(sig - k), "_vec16", 6) != NULL;
      *(is_vec ? &vec : &scalar) += 1;
      const size_t len = (size_t)(launcher - k);
      if (want && is_vec) {
        for (size_t i = 0; i < c->nchecks; i++)
          if (!strcmp(c->checks[i][0], c->files[fi]))
            CHECK_MSG(holds(k, len, c->checks[i][1]), "%s: a 16-byte kernel with %s = 1 lacks `%s`: %.160s", path, c->tile,
                      c->checks[i][1], k);
        for (int i = 0; i < 2; i++)
          CHECK_MSG(!holds(k, len, c->plain[i]), "%s: a 16-byte kernel with %s = 1 keeps `%s`: %.160s", path, c->tile,
                    c->plain[i], k);
      } else {
        for (int i = 0; i < 2; i++)
          CHECK_MSG(!holds(k, len, c->absent[i]), "%s: a kernel %s holds `%s`: %.160s", path,
                    is_vec ? "without the tile" : "of the element path", c->absent[i], k);
      }
    }
    CHECK_MSG(vec >= 1 && scalar >= 1, "%s: %d 16-byte and %d element kernels found", path, vec, scalar);
    free(t);
  }
  run_free(&r);
  fixture_close(&f);
}

/* l2_keep: a streamed input that an output overwrites loads under a policy that is
   evict-last in place (an optional output equal to its input, or a tensor read and
   written), and that output stores evict-normal; other inputs and outputs keep their
   accesses. */
static const char *const ROWS_L2_KEEP_CHECKS[][2] = {
  /* fused_add_rmsnorm: out over x, residual_out over residual, tested per call */
  {"fused_add_rmsnorm_bf16.cu", "const unsigned long long l2_x = (const void*)p.x == (const void*)p.out ? fg_l2_evict_last() : fg_l2_evict_first();"},
  {"fused_add_rmsnorm_bf16.cu", "const unsigned long long l2_residual = (const void*)p.residual == (const void*)p.residual_out ? fg_l2_evict_last() : fg_l2_evict_first();"},
  {"fused_add_rmsnorm_bf16.cu", "const unsigned long long l2_store = fg_l2_evict_normal();"},
  {"fused_add_rmsnorm_bf16.cu", "x_raw[0] = fg_ld16_policy(xr + e, l2_x);"},
  {"fused_add_rmsnorm_bf16.cu", "residual_raw[0] = fg_ld16_policy(residual_row + e, l2_residual);"},
  {"fused_add_rmsnorm_bf16.cu", "fg_store_bf16x8_policy(to_row + e + 0, &v[0][0], l2_store);"},
  {"fused_add_rmsnorm_bf16.cu", "fg_store_bf16x8_policy(orow + e + 0, &v[0][0], l2_store);"},
  /* fused_add_rmsnorm_quant_fp8: the residual read and written, always in place;
     x and the fp8 output as before */
  {"fused_add_rmsnorm_quant_fp8_bf16.cu", "const unsigned long long l2_residual = fg_l2_evict_last();"},
  {"fused_add_rmsnorm_quant_fp8_bf16.cu", "x_raw[0] = fg_ld16_stream(xr + e);"},
  {"fused_add_rmsnorm_quant_fp8_bf16.cu", "residual_raw[0] = fg_ld16_policy(residual_row + e, l2_residual);"},
  {"fused_add_rmsnorm_quant_fp8_bf16.cu", "fg_store_bf16x8_policy(to_row + e + 0, &v[0][0], l2_store);"},
  {"fused_add_rmsnorm_quant_fp8_bf16.cu", "fg_store_fp8e4m3x8(orow + e + 0, &v[0][0]);"},
};
static const rows_policy_case ROWS_L2_KEEP = {
  "l2_keep",
  {{"op = \"fused_add_rmsnorm\", norm = true,", "op = \"fused_add_rmsnorm\", norm = true, tiles = { { when = { act = \"bf16\" }, l2_keep = 1 } },"},
   {"op = \"fused_add_rmsnorm_quant_fp8\", norm = true,",
    "op = \"fused_add_rmsnorm_quant_fp8\", norm = true, tiles = { { when = { act = \"bf16\" }, l2_keep = 1 } },"}},
  {"fused_add_rmsnorm_bf16.cu", "fused_add_rmsnorm_quant_fp8_bf16.cu"},
  ROWS_L2_KEEP_CHECKS, sizeof ROWS_L2_KEEP_CHECKS / sizeof ROWS_L2_KEEP_CHECKS[0],
  {"fg_store_bf16x8(", "fg_ld16_stream(residual"},
  {"l2_", "_policy("},
};

TEST(test_generator_rows_l2_keep_overwritten_inputs) {
  check_rows_policy_tile(&ROWS_L2_KEEP, 1);
  check_rows_policy_tile(&ROWS_L2_KEEP, 0);
}

/* l2_last: the streamed inputs that no output overwrites load under an L2
   evict-last policy; an input that l2_keep covers keeps its own policy. */
static const char *const ROWS_L2_LAST_CHECKS[][2] = {
  {"rmsnorm_bf16.cu", "const unsigned long long l2_last = fg_l2_evict_last();"},
  {"rmsnorm_bf16.cu", "(xr + e"},  /* x's loads (as values, or raw in the short form) under it: */
  {"rmsnorm_bf16.cu", ", l2_last);"},
  {"fused_add_rmsnorm_quant_fp8_bf16.cu", "const unsigned long long l2_last = fg_l2_evict_last();"},
  {"fused_add_rmsnorm_quant_fp8_bf16.cu", "x_raw[0] = fg_ld16_policy(xr + e, l2_last);"},
  {"fused_add_rmsnorm_quant_fp8_bf16.cu", "residual_raw[0] = fg_ld16_policy(residual_row + e, l2_residual);"},
};
static const rows_policy_case ROWS_L2_LAST = {
  "l2_last",
  {{"op = \"rmsnorm\", norm = true,", "op = \"rmsnorm\", norm = true, tiles = { { when = { act = \"bf16\" }, l2_last = 1 } },"},
   {"op = \"fused_add_rmsnorm_quant_fp8\", norm = true,",
    "op = \"fused_add_rmsnorm_quant_fp8\", norm = true, tiles = { { when = { act = \"bf16\" }, l2_keep = 1, l2_last = 1 } },"}},
  {"rmsnorm_bf16.cu", "fused_add_rmsnorm_quant_fp8_bf16.cu"},
  ROWS_L2_LAST_CHECKS, sizeof ROWS_L2_LAST_CHECKS / sizeof ROWS_L2_LAST_CHECKS[0],
  {"_plain(xr", "_stream(xr"},
  {"l2_last", "l2_last"},
};

TEST(test_generator_rows_l2_last_other_inputs) {
  check_rows_policy_tile(&ROWS_L2_LAST, 1);
  check_rows_policy_tile(&ROWS_L2_LAST, 0);
}

/* The rows kernels' constants from the launcher. A norm's mean is its sum
 * times 1 / C, which the launcher of a 16-byte kernel computes (no reciprocal
 * or division of C in the kernel). A tensor that groups the rows (per frame: [B, F, 1, C], row l in
 * frame l / (L / F)): each kernel takes the divisor L / F from its launcher and
 * finds the frame by a multiply-high, with no division of its own; the kernels
 * of an op without such a tensor take no divisor. */
TEST(test_generator_rows_launcher_constants) {
  char *text = read_text("gen/specs/norm_modulate.lua", NULL);
  CHECK_MSG(text != NULL, "cannot read gen/specs/norm_modulate.lua");
  fixture f;
  memset(&f, 0, sizeof f);
  if (!text || !fixture_open(&f, text)) { free(text); fixture_close(&f); return; }
  free(text);
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  char path[4096];
  snprintf(path, sizeof path, "%s/kernels/norm_modulate_per_frame_bf16.cu", f.out);
  char *t = read_text(path, NULL);
  CHECK_MSG(t != NULL, "cannot read %s", path);
  int kernels = 0, vec = 0;
  for (char *k = t ? strstr(t, "__global__") : NULL; k; k = strstr(k + 1, "__global__")) {
    char *next = strstr(k + 1, "__global__");
    const size_t len = next ? (size_t)(next - k) : strlen(k);
    const char *sig = strchr(strchr(k, '\n') + 1, '\n');
    const int is_vec = sig && memmem(k, (size_t)(sig - k), "_vec16", 6) != NULL;
    kernels++;
    vec += is_vec;
    static const char *const want[] = {
      "const fg_udiv rows_per_F",  /* then ")", or the ring's ", const fg_udiv rows_div)" */
      "fg_udiv_div31((uint32_t)l, rows_per_F) * p.scale_stride[1]",
      "fg_udiv_div31((uint32_t)l, rows_per_F) * p.shift_stride[1]",
      "const fg_udiv rows_per_F = fg_udiv_make(p->L > 0 ? (uint32_t)(p->L / p->F) : 1u);",
      ", rows_per_F",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
      CHECK_MSG(holds(k, len, want[i]), "%s: a kernel and its launcher lack `%s`: %.200s", path, want[i], k);
    CHECK_MSG(!holds(k, len, "(uint32_t)p.F"), "%s: a kernel divides by the frame length itself: %.200s", path, k);
    /* the 16-byte path: 1 / C from the launcher (the element path computes it) */
    static const char *const want_vec[] = {
      "_params p, const float inv_C, ",
      "const float inv_C = p->C > 0 ? 1.0f / (float)p->C : 0.f;",
      ") * inv_C + p.eps);",
    };
    for (size_t i = 0; is_vec && i < sizeof want_vec / sizeof want_vec[0]; i++)
      CHECK_MSG(holds(k, len, want_vec[i]), "%s: a 16-byte kernel and its launcher lack `%s`: %.200s", path, want_vec[i], k);
    CHECK_MSG(!is_vec || !holds(k, len, "(float)C"), "%s: a 16-byte kernel divides by C itself: %.200s", path, k);
  }
  CHECK_MSG(vec >= 2, "%s: %d 16-byte kernels found", path, vec);
  CHECK_MSG(kernels >= 4, "%s: %d kernels found", path, kernels);
  free(t);
  snprintf(path, sizeof path, "%s/kernels/norm_modulate_bf16.cu", f.out);
  t = read_text(path, NULL);
  CHECK_MSG(t != NULL, "cannot read %s", path);
  CHECK_MSG(!t || !strstr(t, "rows_per_"), "%s: a per-batch kernel takes a group divisor", path);
  CHECK_MSG(!t || strstr(t, "_params p, const float inv_C)"), "%s: no per-batch kernel takes 1 / C from its launcher", path);
  free(t);
  run_free(&r);
  fixture_close(&f);
}

/* A generated file of fixture f that must hold neither needle (b may be NULL);
   why: what holding one would mean, after the file's path. */
static void check_file_lacks(const fixture *f, const char *file, const char *a, const char *b, const char *why) {
  char path[4096];
  snprintf(path, sizeof path, "%s/kernels/%s", f->out, file);
  char *t = read_text(path, NULL);
  CHECK_MSG(t && !strstr(t, a) && !(b && strstr(t, b)), "%s: %s", path, why);
  free(t);
}

static char *kernel_text(const char *file_text, const char *name) {
  const char *k = file_text ? strstr(file_text, name) : NULL;
  if (!k) return NULL;
  const char *end = strstr(k + 1, "\n// Grid:");
  const char *next = end ? strstr(end, "\n}\n") : NULL;
  return next ? strndup(k, (size_t)(next - k)) : NULL;
}
/* The short form (tile short_rows, the serving norms): a second kernel for
   calls of at most 256 rows, which loads the weight and bias rows after the
   row's raw loads and before its reduction (raw chunks where a chunk is one,
   fp32 values else), unpacks them at their use, and may take every register;
   with short_chunks = 1 it has one chunk slot a thread on up to 32 warps. The
   launcher picks it by the row count, for rows of at most 1024 chunks, on the
   warps they need. fp32 rows, ops without a reduction and the norm_modulate
   forms have none. */
static char *between(const char *text, const char *from, const char *to) {
  const char *a = text ? strstr(text, from) : NULL;
  const char *b = a ? strstr(a, to) : NULL;
  return b ? strndup(a, (size_t)(b - a)) : NULL;
}

/* One heads kernel of a generation from spec text: the fixture, the kernels
   file's text, the kernel fg_<base> and its launcher's body (NULL where
   missing, each checked here). open returns 0 where the fixture did not open. */
typedef struct {
  fixture f;
  run_result r;
  char path[4096];
  char *text, *kernel, *launch;
} gen_kernel;
static int gen_kernel_open(gen_kernel *g, const char *spec_text, const char *file, const char *base) {
  memset(g, 0, sizeof *g);
  if (!fixture_open(&g->f, spec_text)) { fixture_close(&g->f); return 0; }
  g->r = generate(&g->f);
  CHECK_MSG(g->r.code == 0, "exit %d, stderr:\n%s", g->r.code, g->r.err);
  snprintf(g->path, sizeof g->path, "%s/kernels/%s", g->f.out, file);
  g->text = read_text(g->path, NULL);
  CHECK_MSG(g->text != NULL, "cannot read %s", g->path);
  char name[512];
  snprintf(name, sizeof name, "(fg_%s)(", base);
  g->kernel = kernel_text(g->text, name);
  snprintf(name, sizeof name, "(fg__launch_%s)(", base);
  g->launch = between(g->text, name, "\n}\n");
  CHECK_MSG(g->kernel && g->launch, "%s: no kernel or launcher %s", g->path, base);
  return 1;
}
static void gen_kernel_close(gen_kernel *g) {
  free(g->kernel);
  free(g->launch);
  free(g->text);
  run_free(&g->r);
  fixture_close(&g->f);
}
TEST(test_generator_rows_short_form) {
  char *text = read_text("gen/specs/serving.lua", NULL);
  CHECK_MSG(text != NULL, "cannot read gen/specs/serving.lua");
  fixture f;
  memset(&f, 0, sizeof f);
  if (!text || !fixture_open(&f, text)) { free(text); fixture_close(&f); return; }
  free(text);
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  char path[4096];
  snprintf(path, sizeof path, "%s/kernels/layernorm_bf16.cu", f.out);
  char *t = read_text(path, NULL);
  CHECK_MSG(t != NULL, "cannot read %s", path);
  char *lng = between(t, "(fg_layernorm_bf16_vec16)(", "// layernorm_bf16_vec16, short form");
  char *shrt = between(t, "__global__ void __launch_bounds__(1024, 1)\nFG_ARCH_NAME(fg_layernorm_bf16_vec16_short)(", "// Grid:");
  CHECK_MSG(lng && !strstr(lng, "_held"), "the long form holds the affine rows (or is missing)");
  CHECK_MSG(shrt != NULL, "no short form of layernorm_bf16_vec16 with every register free");
  if (shrt) {
    const char *x = strstr(shrt, "x_raw[0] = fg_ld16_stream("), *w = strstr(shrt, "weight_held[0] = fg_ld16_keep(");
    const char *bi = strstr(shrt, "bias_held[0] = fg_ld16_keep("), *sum = strstr(shrt, "fg_block_sum<");
    const char *use = strstr(shrt, "fg_unpack_bf16x8(weight_held[0], &w[0]);");
    CHECK_MSG(x && w && bi && sum && use && x < w && w < bi && bi < sum && sum < use,
              "the short form does not load x, then weight and bias raw, then reduce, then unpack the weight:\n%s", shrt);
  }
  /* one chunk slot a thread (short_chunks = 1): no second slot, and no threads-per-row stride for one */
  CHECK_MSG(shrt && strstr(shrt, "uint4 x_raw[1];") && !strstr(shrt, "pos + 1 * tpr") && !strstr(shrt, "const int tpr") &&
                strstr(shrt, "fg_block_sum<32>("),
            "the short form does not hold one chunk slot a thread on up to 32 warps:\n%s", shrt ? shrt : "(none)");
  char *launch = between(t, "(fg__launch_layernorm_bf16_vec16)(", "\n}\n");
  const char *pick = launch ? strstr(launch, "if (p->B * p->L <= 256 && nc <= 1024) {  // a short call: the short form") : NULL;
  const char *warps = pick ? strstr(pick, "const unsigned short_threads = (unsigned)(32 * ((nc + 31) / 32));") : NULL;
  CHECK_MSG(warps && strstr(warps, "_short)<false>, grid, short_threads, 0, stream, pdl, *p"),
            "the launcher does not pick the short form by the row count and the row's chunks, on the warps they need:\n%s",
            launch ? launch : "(none)");
  free(launch);
  free(lng);
  free(shrt);
  free(t);
  /* an fp32 weight of bf16 rows: held as fp32 values, loaded as they are */
  snprintf(path, sizeof path, "%s/kernels/rmsnorm_bf16.cu", f.out);
  t = read_text(path, NULL);
  shrt = between(t, "(fg_rmsnorm_bf16_wfp32_vec16_short)(", "// Grid:");
  CHECK_MSG(shrt && strstr(shrt, "float weight_held[1][8] = {};") && strstr(shrt, "const float* w = weight_held[0];"),
            "rmsnorm_bf16_wfp32_vec16's short form does not hold its fp32 weight as values");
  free(shrt);
  free(t);
  static const char *const none[] = {"layernorm_fp32.cu", "silu_and_mul_bf16.cu", "gated_residual_add_bf16.cu"};
  for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
    snprintf(path, sizeof path, "%s/kernels/%s", f.out, none[i]);
    t = read_text(path, NULL);
    CHECK_MSG(t != NULL && !strstr(t, "_short"), "%s has a short form (or is missing)", path);
    free(t);
  }
  run_free(&r);
  fixture_close(&f);
}

/* ring_holds (the rows ring, sm_90): rmsnorm's ring kernel loads its weight
   once, before the row loop, and unpacks the held chunks in the row; without
   the tile each row loads the weight at its use. Either way the short form
   stays beside the ring's kernel: a block per row, without the ring, which the
   launcher runs for calls of at most 256 rows before it sizes the ring's grid.
   With l2_last the bulk copies of x go under its L2 policy, else none. */
/* gen/specs/serving.lua with rmsnorm's bf16 variants on the given tiles (the
   ring's tiles join the tuner's 64 candidates as a 65th: the members with
   tiles of their own get one candidate list here); NULL where the spec no
   longer holds what this edits (checked) */
static char *rmsnorm_bf16_tiles_spec(const char *tiles) {
  char *text = read_text("gen/specs/serving.lua", NULL);
  char tile[512];
  snprintf(tile, sizeof tile, "op = \"rmsnorm\", norm = true, tiles = { { when = { act = \"bf16\" }, %s } },", tiles);
  char *a = text ? replace_once(text, "op = \"rmsnorm\", norm = true,", tile) : NULL;
  char *spec = a ? replace_once(a, "tune = tune(o),", "tune = o.tiles and { warps = { 16 } } or tune(o),") : NULL;
  free(a);
  free(text);
  CHECK_MSG(spec != NULL, "gen/specs/serving.lua no longer holds the member this test edits");
  return spec;
}
static void check_ring_holds(int holds_whole, int l2_last) {
  char tiles[256];
  snprintf(tiles, sizeof tiles, "bulk_rows = 2, ring_holds = %d, blocks_per_sm = 16, warps = 16, chunks = 4, min_blocks = 1, l2_last = %d",
           holds_whole, l2_last);
  char *spec = rmsnorm_bf16_tiles_spec(tiles);
  fixture f;
  memset(&f, 0, sizeof f);
  if (!spec || !fixture_open(&f, spec)) { free(spec); fixture_close(&f); return; }
  free(spec);
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  char path[4096];
  snprintf(path, sizeof path, "%s/kernels/rmsnorm_bf16.cu", f.out);
  char *t = read_text(path, NULL);
  CHECK_MSG(t != NULL, "cannot read %s", path);
  char *ring = between(t, "(fg_rmsnorm_bf16_wbf16_vec16)(", "// rmsnorm_bf16_wbf16_vec16, short form");
  char *shrt = between(t, "(fg_rmsnorm_bf16_wbf16_vec16_short)(", "// Grid:");
  char *launch = between(t, "(fg__launch_rmsnorm_bf16_wbf16_vec16)(", "\n}\n");
  CHECK_MSG(ring && strstr(ring, "fg_ring_wait("), "rmsnorm_bf16_wbf16_vec16 with bulk_rows has no ring (or is missing)");
  if (ring && l2_last)
    CHECK_MSG(strstr(ring, "const unsigned long long l2_last = fg_l2_evict_last();") && strstr(ring, "&ring_full[s], l2_last);  // x") &&
                  !strstr(ring, "fg_ring_copy("),
              "the ring's kernel with l2_last does not copy x's rows under the policy:\n%s", ring);
  else if (ring)
    CHECK_MSG(!strstr(ring, "fg_ring_copy_policy(") && strstr(ring, "fg_ring_copy("), "the ring's kernel without l2_last copies under a policy");
  if (ring && holds_whole) {
    const char *held = strstr(ring, "weight_held[0] = fg_ld16_keep((const __nv_bfloat16*)p.weight + e);");
    const char *loop = strstr(ring, "for (int64_t row = blockIdx.x;");
    const char *use = loop ? strstr(loop, "fg_unpack_bf16x8(weight_held[0], &w[0]);") : NULL;
    CHECK_MSG(held && loop && use && held < loop, "the ring's kernel does not load the weight before its row loop and unpack it in the row:\n%s", ring);
    CHECK_MSG(!strstr(ring, "fg_load_bf16x8_keep(wt + e"), "the ring's kernel with ring_holds loads the weight per row");
  } else if (ring) {
    CHECK_MSG(!strstr(ring, "_held") && strstr(ring, "fg_load_bf16x8_keep(wt + e"),
              "the ring's kernel without ring_holds does not load the weight per row:\n%s", ring);
  }
  CHECK_MSG(shrt && !strstr(shrt, "fg_ring") && strstr(shrt, "weight_held[0] = fg_ld16_keep("),
            "no short form of a block per row beside the ring's kernel (or it uses the ring)");
  const char *pick = launch ? strstr(launch, "// a short call: the short form, a block per row") : NULL;
  const char *fit = launch ? strstr(launch, "ring_smem") : NULL;
  CHECK_MSG(pick && fit && pick < fit, "the ring's launcher does not pick the short form before sizing the ring:\n%s", launch ? launch : "(none)");
  free(ring);
  free(shrt);
  free(launch);
  free(t);
  run_free(&r);
  fixture_close(&f);
}

TEST(test_generator_rows_ring_holds) {
  check_ring_holds(1, 0);
  check_ring_holds(0, 0);
  check_ring_holds(1, 1);
}

/* flat_above (the rows ring, sm_90): beside the ring's kernel, a second one,
   the flat form, for calls of more than n rows per multiprocessor: a block per
   row without the ring, its weight loaded at the use, its x raw ahead with the
   tile's prefetch (the ring's kernel takes none). The launcher picks the short
   form first, then the flat form, before it sizes the ring. Without the tile,
   or where the ring keeps an operand across rows (norm_modulate per batch),
   there is none. */
static char *rmsnorm_ring_spec(const char *flat) {
  char tiles[256];
  snprintf(tiles, sizeof tiles,
           "bulk_rows = 2, ring_holds = 1, blocks_per_sm = 16, warps = 16, chunks = 4, min_blocks = 1, prefetch = 1, spread_below = 2, "
           "short_chunks = 0%s",
           flat);
  return rmsnorm_bf16_tiles_spec(tiles);
}
TEST(test_generator_rows_flat_form) {
  char *spec = rmsnorm_ring_spec(", flat_above = 48");
  gen_kernel g;
  if (spec && gen_kernel_open(&g, spec, "rmsnorm_bf16.cu", "rmsnorm_bf16_wbf16_vec16")) {
    char *flat = between(g.text, "(fg_rmsnorm_bf16_wbf16_vec16_flat)(", "// Grid:");
    CHECK_MSG(strstr(g.kernel, "fg_ring_wait(") && strstr(g.kernel, "weight_held[0]"), "the ring's kernel lost its ring or its held weight");
    CHECK_MSG(flat && !strstr(flat, "fg_ring") && !strstr(flat, "_held") && strstr(flat, "fg_load_bf16x8_keep(wt + e") &&
                  strstr(flat, "x_raw[0] = fg_ld16_"),
              "no flat form of a block per row, x loaded raw ahead and the weight at its use:\n%s", flat ? flat : "(none)");
    const char *shrt = strstr(g.launch, "// a short call: the short form, a block per row");
    const char *pick = strstr(g.launch, "if (p->B * p->L > (int64_t)48 * sm_count) {  // a long call: the flat form, a block per row");
    const char *run = pick ? strstr(pick, "fg_launch(FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16_flat)<false>, grid, (unsigned)threads, 0, stream, pdl, *p") : NULL;
    const char *fit = strstr(g.launch, "ring_smem");
    CHECK_MSG(shrt && pick && run && fit && shrt < pick && run < fit,
              "the launcher does not pick the short form, then the flat form, before sizing the ring:\n%s", g.launch);
    /* the short form beside the ring spreads its few rows (spread_below), as the flat grid's kernel would */
    char *sk = between(g.text, "(fg_rmsnorm_bf16_wbf16_vec16_short)(", "// Grid:");
    const char *spread = strstr(g.launch, "if (p->B * p->L < (int64_t)2 * sm_count) {");
    CHECK_MSG(sk && strstr(sk, "const int wr = (int)(blockDim.x >> 5);") && spread && shrt < spread && spread < pick &&
                  strstr(g.launch, "_short)<false>, grid, (unsigned)(32 * warps_now), 0, stream, pdl, *p"),
              "the short form beside the ring does not spread its rows:\n%s", g.launch);
    free(sk);
    free(flat);
    gen_kernel_close(&g);
  }
  free(spec);
  spec = rmsnorm_ring_spec("");
  if (spec && gen_kernel_open(&g, spec, "rmsnorm_bf16.cu", "rmsnorm_bf16_wbf16_vec16")) {
    CHECK_MSG(!strstr(g.text, "_flat"), "a flat form without the tile flat_above");
    gen_kernel_close(&g);
  }
  free(spec);
  /* the ring keeps the modulation rows across the block's rows: no flat form */
  char *text = read_text("gen/specs/norm_modulate.lua", NULL);
  spec = text ? replace_once(text, "bulk_rows = 2, blocks_per_sm = 16,", "bulk_rows = 2, flat_above = 48, blocks_per_sm = 16,") : NULL;
  free(text);
  CHECK_MSG(spec != NULL, "gen/specs/norm_modulate.lua no longer holds the tiles this test edits");
  if (spec && gen_kernel_open(&g, spec, "norm_modulate_bf16.cu", "norm_modulate_bf16_nores_vec16")) {
    CHECK_MSG(strstr(g.kernel, "fg_ring_wait(") && !strstr(g.text, "_flat"), "norm_modulate's ring kernel has a flat form (or no ring)");
    gen_kernel_close(&g);
  }
  free(spec);
}

/* The rows ring refills a row's place at the row's first reduction, whose
   barrier every warp passes after its reads from the place, so that the
   block's next row is in flight while this one finishes; a row without a
   reduction (norm none) refills it at its end, after a barrier. norm_modulate's
   ring kernel writes a row loop per norm kind, each with one refill. */
static const char *after(const char *from, const char *what) { return from ? strstr(from, what) : NULL; }
TEST(test_generator_rows_ring_refill) {
  char *text = read_text("gen/specs/norm_modulate.lua", NULL);
  CHECK_MSG(text != NULL, "cannot read gen/specs/norm_modulate.lua");
  gen_kernel g;
  if (text && gen_kernel_open(&g, text, "norm_modulate_bf16.cu", "norm_modulate_bf16_nores_vec16")) {
    char *ring = between(g.text, "FG_ARCH_NAME(fg_norm_modulate_bf16_nores_vec16)(const fg_norm_modulate_params p, const float inv_C, const fg_udiv rows_div)",
                         "extern \"C\" cudaError_t");
    const char *layer = after(ring, "if (p.norm == 0) {  // norm = layer");
    const char *rms = after(layer, "} else if (p.norm == 1) {  // norm = rms");
    const char *none = after(rms, "} else {  // norm = none");
    CHECK_MSG(layer && rms && none, "norm_modulate's ring kernel (or its loop per norm kind) is missing:\n%s", ring ? ring : g.text);
    const char *refill = "fg_ring_expect(&ring_full[slot], 1 * ring_bytes);";
    if (layer && rms && none) {
      const char *mean = after(layer, "const float mean = fg_block_sum<16>(s, red, rbuf, wr) * inv_C;");
      const char *r1 = after(layer, refill);
      const char *var = after(layer, "const float rstd = rsqrtf(fg_block_sum<16>(");
      CHECK_MSG(mean && r1 && var && mean < r1 && r1 < var && after(r1 + 1, refill) > rms,
                "LayerNorm's row does not refill its place once, between the mean's sum and the variance's:\n%.*s", (int)(rms - layer), layer);
      const char *rstd = after(rms, "const float rstd = rsqrtf(fg_block_sum<16>(");
      const char *r2 = after(rms, refill);
      CHECK_MSG(rstd && r2 && rstd < r2 && after(r2 + 1, refill) > none,
                "RMSNorm's row does not refill its place once, after its sum:\n%.*s", (int)(none - rms), rms);
      const char *store = after(none, "fg_store_bf16x8(orow + e + 0, &v[3][0]);");
      const char *bar = after(none, "__syncthreads();  // every warp has read this row's place (no reduction synced them)");
      const char *r3 = after(none, refill);
      CHECK_MSG(store && bar && r3 && store < bar && bar < r3 && !after(r3 + 1, refill),
                "the row without a reduction does not refill its place at its end, after a barrier:\n%s", none);
    }
    free(ring);
    gen_kernel_close(&g);
  }
  /* refill_late: LayerNorm's row refills its place after the variance's sum,
     not the mean's; RMSNorm's (one sum) where it did */
  char *late = text ? replace_once(text, "bulk_rows = 2, blocks_per_sm = 16,", "bulk_rows = 2, refill_late = 1, blocks_per_sm = 16,") : NULL;
  CHECK_MSG(late != NULL, "gen/specs/norm_modulate.lua no longer holds the tiles this test edits");
  if (late && gen_kernel_open(&g, late, "norm_modulate_bf16.cu", "norm_modulate_bf16_nores_vec16")) {
    char *ring = between(g.text, "FG_ARCH_NAME(fg_norm_modulate_bf16_nores_vec16)(const fg_norm_modulate_params p, const float inv_C, const fg_udiv rows_div)",
                         "extern \"C\" cudaError_t");
    const char *layer = after(ring, "if (p.norm == 0) {  // norm = layer");
    const char *rms = after(layer, "} else if (p.norm == 1) {  // norm = rms");
    const char *refill = "fg_ring_expect(&ring_full[slot], 1 * ring_bytes);";
    const char *var = after(layer, "const float rstd = rsqrtf(fg_block_sum<16>(");
    const char *r1 = after(layer, refill);
    const char *rstd = after(rms, "const float rstd = rsqrtf(fg_block_sum<16>(");
    const char *r2 = after(rms, refill);
    CHECK_MSG(layer && rms && var && r1 && var < r1 && r1 < rms && rstd && r2 && rstd < r2,
              "with refill_late, LayerNorm's row does not refill its place after the variance's sum (or RMSNorm's after its sum):\n%s",
              ring ? ring : g.text);
    free(ring);
    gen_kernel_close(&g);
  }
  free(late);
  free(text);
}

/* ring_stagger: thread 0 starts the block's first row, waits the tile's
   cycles where the block has a second row, then starts the rest of the ring's
   first rows; without the tile the first fill has no wait (and no kernel of
   the file spins). */
TEST(test_generator_rows_ring_stagger) {
  char *text = read_text("gen/specs/norm_modulate.lua", NULL);
  CHECK_MSG(text != NULL, "cannot read gen/specs/norm_modulate.lua");
  gen_kernel g;
  if (text && gen_kernel_open(&g, text, "norm_modulate_bf16.cu", "norm_modulate_bf16_nores_vec16")) {
    CHECK_MSG(strstr(g.kernel, "fg_ring_wait(") && !strstr(g.text, "fg_spin_cycles("),
              "norm_modulate's ring kernel waits in its first fill without the tile ring_stagger (or has no ring)");
    gen_kernel_close(&g);
  }
  char *spec = text ? replace_once(text, "bulk_rows = 2, blocks_per_sm = 16,", "bulk_rows = 2, ring_stagger = 700, blocks_per_sm = 16,") : NULL;
  CHECK_MSG(spec != NULL, "gen/specs/norm_modulate.lua no longer holds the tiles this test edits");
  if (spec && gen_kernel_open(&g, spec, "norm_modulate_bf16.cu", "norm_modulate_bf16_nores_vec16")) {
    const char *fill = after(g.kernel, "for (int s = 0; s < 2; s++) {\n      const int64_t r = (int64_t)blockIdx.x + (int64_t)s * gridDim.x;\n      if (r < nrows) {");
    const char *spin = "if (s == 1) fg_spin_cycles(700);";
    const char *wait = after(fill, spin);
    const char *copy = after(fill, "fg_ring_copy");
    const char *loop = after(fill, "for (int64_t row = blockIdx.x; row < nrows; row += gridDim.x, it++) {");
    CHECK_MSG(fill && wait && copy && loop && wait < copy && copy < loop && !after(wait + strlen(spin), "fg_spin_cycles("),
              "with ring_stagger = 700 the ring's first fill does not wait 700 cycles before its second row, once:\n%s", g.kernel);
    gen_kernel_close(&g);
  }
  free(spec);
  free(text);
}

/* A stage that says the row synced (row_synced(): the ring's refill goes
   there) and then reads the row from the ring would read the next row's bytes:
   the generator refuses it, naming the template line that reads. */
TEST(test_generator_rows_ring_read_after_refill) {
  char *text = read_text("gen/specs/norm_modulate.lua", NULL);
  fixture f;
  if (!text || !fixture_open(&f, text) || !fixture_copy_templates(&f)) { free(text); fixture_close(&f); CHECK_MSG(0, "no fixture"); return; }
  free(text);
  char path[1024];
  snprintf(path, sizeof path, "%s/stages/load_row.cu.tpl", f.templates);
  char *orig = read_text(path, NULL);
  const char *reads = "% local ring = not arg.offset and ring_of(from)\n";
  const char *at = orig ? strstr(orig, reads) : NULL;
  int line = 1;
  for (const char *c = orig; at && c < at; c++) line += *c == '\n';
  char *broken = at ? insert_line(orig, line, "% put(row_synced())") : NULL;
  CHECK_MSG(broken != NULL, "stages/load_row.cu.tpl no longer reads the ring as this test expects");
  if (broken) {
    write_text(path, broken);
    run_result r = generate(&f);
    CHECK_MSG(r.code == 1, "exit %d (expected 1), stderr:\n%s", r.code, r.err);
    char needle[1100];
    snprintf(needle, sizeof needle, "%s:%d:", path, line + 1);
    CHECK_MSG(strstr(r.err, needle) != NULL, "message does not name [%s]:\n%s", needle, r.err);
    CHECK_MSG(strstr(r.err, "reads input x from the rows ring after row_synced()") != NULL, "message does not say what is wrong:\n%s", r.err);
    CHECK_MSG(!exists(f.out), "a failed generation created %s", f.out);
    run_free(&r);
  }
  free(orig);
  free(broken);
  fixture_close(&f);
}

/* full_rows: each rows kernel of the 16-byte path is a template on FULL, and
   every chunk slot's test gives way to it; the launcher runs the FULL instance
   where the row fills every thread's chunk slots (4 slots of 8 bf16: C a
   multiple of 1024 * warps per row), for the ring's kernel, the flat form and
   the short form (its own slots: 1 a thread), and counts the blocks that fit of
   both instances, each given the ring's shared memory. Without the tile, or on
   the element path, one kernel tests every slot. */
static void check_full_rows(int full) {
  char *spec = rmsnorm_ring_spec(full ? ", flat_above = 48, short_chunks = 1" : ", flat_above = 48, short_chunks = 1, full_rows = 0");
  gen_kernel g;
  if (spec && gen_kernel_open(&g, spec, "rmsnorm_bf16.cu", "rmsnorm_bf16_wbf16_vec16")) {
    const char *kernel_at = strstr(g.text, "FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16)(");
    const char *tmpl = strstr(g.text, "template <bool FULL>\n__global__ void __launch_bounds__(512, 1)\nFG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16)(");
    const char *l = g.launch;
    if (full) {
      CHECK_MSG(tmpl && kernel_at && tmpl < kernel_at, "the ring's kernel is no template on FULL:\n%.400s", kernel_at ? kernel_at - 200 : g.text);
      CHECK_MSG(strstr(g.kernel, "if (live && (FULL || pos < nc)) {") && strstr(g.kernel, "if (live && (FULL || pos + 3 * tpr < nc)) {") &&
                    !strstr(g.kernel, "if (live && pos"),
                "a chunk slot of the ring's kernel is tested whatever FULL says:\n%s", g.kernel);
      CHECK_MSG(strstr(l, "const bool full = nc == 128 * wr;"), "the launcher does not test that the row fills its threads' slots:\n%s", l);
      CHECK_MSG(strstr(l, "if (full) fg_launch(FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16)<true>, (unsigned)blocks, (unsigned)threads, ring_smem, stream, pdl, *p") &&
                    strstr(l, "else fg_launch(FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16)<false>, (unsigned)blocks, (unsigned)threads, ring_smem, stream, pdl, *p") &&
                    strstr(l, "if (full) fg_launch(FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16_flat)<true>, grid, (unsigned)threads, 0, stream, pdl, *p") &&
                    strstr(l, "else fg_launch(FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16_flat)<false>, grid, (unsigned)threads, 0, stream, pdl, *p") &&
                    strstr(l, "if (nc == 1 * (int64_t)short_threads) fg_launch(FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16_short)<true>, grid, short_threads, 0, stream, pdl, *p"),
                "the launcher does not pick each form's FULL instance where the row fills its slots:\n%s", l);
      CHECK_MSG(strstr(l, "cudaFuncSetAttribute(FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16)<false>, cudaFuncAttributeMaxDynamicSharedMemorySize") &&
                    strstr(l, "cudaFuncSetAttribute(FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16)<true>, cudaFuncAttributeMaxDynamicSharedMemorySize") &&
                    strstr(l, "cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_fit, FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16)<false>, (int)threads, ring_smem);") &&
                    strstr(l, "cudaOccupancyMaxActiveBlocksPerMultiprocessor(&other, FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16)<true>, (int)threads, ring_smem);") &&
                    strstr(l, "if (other < blocks_fit) blocks_fit = other;"),
                "the ring's launcher does not give both instances the ring and count the fewer blocks:\n%s", l);
      CHECK_MSG(strstr(l, "cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16)<false>, 512, 0);") &&
                    strstr(l, "cudaOccupancyMaxActiveBlocksPerMultiprocessor(&other, FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16)<true>, 512, 0);"),
                "the launcher's blocks per multiprocessor leave an instance out:\n%s", l);
    } else {
      CHECK_MSG(!strstr(g.text, "FULL") && !strstr(g.text, "<true>") && !strstr(g.text, "<false>") &&
                    strstr(g.kernel, "if (live && pos + 3 * tpr < nc) {") &&
                    strstr(l, "  fg_launch(FG_ARCH_NAME(fg_rmsnorm_bf16_wbf16_vec16), (unsigned)blocks, (unsigned)threads, ring_smem, stream, pdl, *p"),
                "with full_rows = 0 a kernel has instances, or a slot is not tested:\n%s", l);
    }
    /* the element path: one kernel, every slot tested */
    char *head = between(g.text, "// rmsnorm_bf16_wbf16_scalar\n", "(fg_rmsnorm_bf16_wbf16_scalar)(");
    char *scalar = kernel_text(g.text, "(fg_rmsnorm_bf16_wbf16_scalar)(");
    CHECK_MSG(head && scalar && !strstr(head, "template") && !strstr(scalar, "FULL") && strstr(scalar, "if (live && pos < nc) {"),
              "the element path's kernel is a template on FULL (or missing)");
    free(head);
    free(scalar);
    gen_kernel_close(&g);
  }
  free(spec);
}
TEST(test_generator_rows_full_rows) {
  check_full_rows(1);
  check_full_rows(0);
}

/* Generates gen/specs/norm_modulate.lua with the tiles of its forms without
   the residual (`full_rows = 0` there) replaced by `tiles`, and hands the
   kernel text of select01's bf16 variant without the residual to `check`. */
static void check_select01_nores(const char *tiles, void (*check)(const gen_kernel *g, int on), int on) {
  char *text = read_text("gen/specs/norm_modulate.lua", NULL);
  char line[160];
  snprintf(line, sizeof line, "{ when = { residual = \"nores\" }, %s },", tiles);
  char *spec = text ? replace_once(text, "{ when = { residual = \"nores\" }, full_rows = 0 },", line) : NULL;
  free(text);
  CHECK_MSG(spec != NULL, "gen/specs/norm_modulate.lua no longer holds the tile this test edits");
  gen_kernel g;
  if (spec && gen_kernel_open(&g, spec, "norm_modulate_select01_bf16.cu", "norm_modulate_select01_bf16_idxi64_nores_vec16")) {
    check(&g, on);
    gen_kernel_close(&g);
  }
  free(spec);
}

/* hold_rows: after the row's last reduction, the pointers of the rows many
   rows read (select's branches) pass through fg_hold, once each, before the
   first load through them, in both instances of the kernel; without the tile
   the kernel has no fg_hold. */
static void hold_rows_held(const gen_kernel *g, int hold) {
  const char *k = g->kernel;
  if (hold) {
    static const char *const order[] = { "fg_block_sum<32>(s, red, rbuf, wr) * inv_C + p.eps", "fg_hold(gate_row);",
                                         "fg_hold(scale_row);", "fg_hold(shift_row);", "scale_row + e" };
    const char *shift = strstr(k, "fg_hold(shift_row);");
    CHECK_MSG(!first_out_of_order(k, NULL, order, (int)(sizeof order / sizeof *order)) && !strstr(shift + 1, "fg_hold("),
              "the branch rows' pointers are not held once, after the reductions and before their loads:\n%s", k);
  } else {
    CHECK_MSG(!strstr(g->text, "fg_hold("), "fg_hold without the tile hold_rows");
  }
}
TEST(test_generator_rows_hold_rows) {
  check_select01_nores("full_rows = 1, hold_rows = 1", hold_rows_held, 1);
  check_select01_nores("full_rows = 1, hold_rows = 0", hold_rows_held, 0);
}

/* batch_inner: the flat grid is one dimension, the batch entry innermost,
   found by the launcher's divisor of B in the kernel and passed to the
   launch; without the tile the batch entry is the grid's second (and third)
   dimension and no divisor is made. */
static void batch_inner_grid(const gen_kernel *g, int inner) {
  const char *k = g->kernel;
  if (inner) {
    static const char *const order[] = {
        "const uint32_t row_group = fg_udiv_div31(blockIdx.x, batch_div);",
        "const int64_t b = (int64_t)(blockIdx.x - row_group * (uint32_t)p.B);",
        "const fg_udiv batch_div = fg_udiv_make(p->B > 0 ? (uint32_t)p->B : 1u);",
        "const dim3 grid((unsigned)(p->B * ((p->L + rpb - 1) / rpb)));",
        ", grid, (unsigned)threads, 0, stream, pdl, *p, inv_C, batch_div);" };
    CHECK_MSG(!first_out_of_order(k, NULL, order, (int)(sizeof order / sizeof *order)) && !strstr(k, "blockIdx.y"),
              "the grid does not take the batch entry innermost:\n%s", k);
  } else {
    CHECK_MSG(strstr(k, "(int64_t)(blockIdx.z * 65535u + blockIdx.y)") && !strstr(k, "batch_div"),
              "the batch entry is not the grid's outer dimension without the tile batch_inner:\n%s", k);
  }
}

TEST(test_generator_rows_batch_inner) {
  check_select01_nores("full_rows = 0, batch_inner = 1", batch_inner_grid, 1);
  check_select01_nores("full_rows = 0, batch_inner = 0", batch_inner_grid, 0);
}

/* bf16_shift: the bf16 kernels' loads and unpacking take the shift form
   (<true>), their weight's too, in the first kernel and the short form, and
   the kernel's comment says so; without the tile no load of the file does. */
static void check_bf16_shift(int shift) {
  char *text = read_text("gen/specs/serving.lua", NULL);
  char tile[256];
  snprintf(tile, sizeof tile, "op = \"rmsnorm\", norm = true, tiles = { { when = { act = \"bf16\" }, bf16_shift = %d } },", shift);
  char *spec = text ? replace_once(text, "op = \"rmsnorm\", norm = true,", tile) : NULL;
  free(text);
  CHECK_MSG(spec != NULL, "gen/specs/serving.lua no longer holds the member this test edits");
  fixture f;
  memset(&f, 0, sizeof f);
  if (!spec || !fixture_open(&f, spec)) { free(spec); fixture_close(&f); return; }
  free(spec);
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  char path[4096];
  snprintf(path, sizeof path, "%s/kernels/rmsnorm_bf16.cu", f.out);
  char *t = read_text(path, NULL);
  CHECK_MSG(t != NULL, "cannot read %s", path);
  char *k = t ? between(t, "(fg_rmsnorm_bf16_wbf16_vec16)(", "// rmsnorm_bf16_wbf16_vec16, short form") : NULL;
  char *shrt = t ? between(t, "(fg_rmsnorm_bf16_wbf16_vec16_short)(", "// Grid:") : NULL;
  CHECK_MSG(k && shrt, "%s: no rmsnorm_bf16_wbf16_vec16 kernel and short form", path);
  if (k && shrt && shift) {
    CHECK_MSG(strstr(k, "fg_load_bf16x8_stream<true>(") && strstr(k, "fg_load_bf16x8_keep<true>(wt + e"),
              "the kernel with bf16_shift does not load x and the weight in the shift form:\n%s", k);
    CHECK_MSG(strstr(shrt, "fg_unpack_bf16x8<true>(weight_held[0]"), "the short form with bf16_shift does not unpack the weight in the shift form:\n%s", shrt);
    CHECK_MSG(strstr(t, "; bf16 unpacked by a shift and a mask"), "%s: the kernel's comment does not name the shift form", path);
  } else if (t) {
    CHECK_MSG(!strstr(t, "x8<true>(") && !strstr(t, "shift and a mask"), "%s: a kernel without bf16_shift takes the shift form", path);
  }
  free(k);
  free(shrt);
  free(t);
  check_file_lacks(&f, "rmsnorm_fp16.cu", "x8<true>(", NULL, "an fp16 kernel takes the bf16 shift form");
  run_free(&r);
  fixture_close(&f);
}
TEST(test_generator_rows_bf16_shift) {
  check_bf16_shift(1);
  check_bf16_shift(0);
}

/* token_block (qknorm across heads, the spec's tiles): a block per (token, head
   set) item, its lane groups numbered across its warps, the token's sum of
   squares through shared memory before the head loop, and a launcher that
   launches a block per item; without the tile, a warp per item and its sum by
   shuffles alone. Ops without a sum over the token keep a warp per item. */
static void check_token_block(const char *text, int want) {
  gen_kernel g;
  if (!gen_kernel_open(&g, text, "qknorm_across_heads_rope_per_head_bf16.cu", "qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16")) return;
  const char *path = g.path, *k = g.kernel, *launch = g.launch;
  if (k && launch && want) {
    const char *group = strstr(k, "const int group = (threadIdx.x >> 5) * 4 + lane / 8;  // which of the block's 16 heads");
    const char *red = strstr(k, "__shared__ float red[2][4];");
    const char *loop = strstr(k, "for (int64_t it = blockIdx.x; it < nitems; it += gridDim.x) {");
    const char *sum = strstr(k, "ss = fg_row_sum<4>(ss, red, rbuf, 4, 0);");
    const char *heads = strstr(k, "for (int64_t h = group; h - group < H; h += hstep) {  // the token's heads");
    CHECK_MSG(group && red && loop && sum && heads && group < red && red < loop && loop < sum && sum < heads,
              "%s: the block form lacks its lane groups, shared sums, item loop or sum before the head loop:\n%s", path, k);
    CHECK_MSG(strstr(launch, "int64_t blocks = items;  // a block per item"), "%s: the block form's launcher does not launch a block per item", path);
  } else if (k && launch) {
    CHECK_MSG(strstr(k, "const int group = lane / 8;") && strstr(k, "ss = fg_warp_sum(ss);") && !strstr(k, "red[") &&
                  strstr(launch, "int64_t blocks = (items + 4 - 1) / 4;"),
              "%s: without token_block, not a warp per item summing by shuffles:\n%s", path, k);
  }
  check_file_lacks(&g.f, "qknorm_rope_cos_sin_cache_bf16.cu", "__shared__ float red", "int64_t blocks = items;",
                   "a kernel without a sum over the token has the block form");
  gen_kernel_close(&g);
}
TEST(test_generator_heads_token_block) {
  char *text = read_text("gen/specs/rotary.lua", NULL);
  CHECK_MSG(text != NULL, "cannot read gen/specs/rotary.lua");
  if (!text) return;
  check_token_block(text, 1);
  char *without = replace_once(text, "token_block = o.across and 1 or nil", "token_block = nil");
  CHECK_MSG(without != NULL, "gen/specs/rotary.lua no longer holds the tile this test edits");
  if (without) check_token_block(without, 0);
  free(without);
  free(text);
}

/* walk_index32 (a walk over a token's heads): the walk's loop and the
   across-heads sum's pass count heads in 32 bits, unsigned; without the tile,
   in 64. The rotary ops without a walk have no such loop either way. */
static void check_walk_index32(const char *text, int want) {
  gen_kernel g;
  if (!gen_kernel_open(&g, text, "qknorm_across_heads_rope_per_head_bf16.cu", "qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16")) return;
  const char *k = g.kernel;
  if (k) {
    const char *type = want ? "uint32_t" : "int64_t", *other = want ? "int64_t" : "uint32_t";
    char sum[160], walk[160], wrong[64];
    snprintf(sum, sizeof sum, "for (%s h = group; h - group < H; h += hstep) {\n", type);
    snprintf(walk, sizeof walk, "for (%s h = group; h - group < H; h += hstep) {  // the token's heads", type);
    snprintf(wrong, sizeof wrong, "for (%s h = ", other);
    const char *s1 = strstr(k, sum), *w1 = strstr(k, walk);
    CHECK_MSG(s1 && w1 && s1 < w1 && !strstr(k, wrong), "%s: with walk_index32 = %d, the sum's pass and the walk do not count heads in %s:\n%s",
              g.path, want, type, k);
  }
  check_file_lacks(&g.f, "rope_bf16.cu", "uint32_t h = ", NULL, "a rotary kernel without a walk has a 32-bit head walk");
  gen_kernel_close(&g);
}
TEST(test_generator_heads_walk_index32) {
  char *text = read_text("gen/specs/rotary.lua", NULL);
  CHECK_MSG(text != NULL, "cannot read gen/specs/rotary.lua");
  if (!text) return;
  check_walk_index32(text, 0);
  char *with = replace_once(text, "walk = o.walk, token_block = o.token_block,", "walk = o.walk, walk_index32 = 1, token_block = o.token_block,");
  CHECK_MSG(with != NULL, "gen/specs/rotary.lua no longer holds the tiles this test edits");
  if (with) check_walk_index32(with, 1);
  free(with);
  free(text);
}

/* sum_steps (the whole-token sum's pass of the across-heads ops): with 2, the
   pass steps over two head steps at a time, loads both steps' chunks raw (a
   d128 bf16 head: the lane's chunks pos and pos + 8, the second step's behind
   its own test) and unpacks and sums them only after the last load; with the
   default 1, the one-step pass that the load stage writes. The rotary ops
   without a sum over the token have no such pass either way. */
static void check_sum_steps(const char *text, int steps) {
  gen_kernel g;
  if (!gen_kernel_open(&g, text, "qknorm_across_heads_rope_per_head_bf16.cu", "qknorm_across_heads_rope_per_head_bf16_wfp32_tabbf16_pairhalf_d128_rotfull_vec16")) return;
  const char *k = g.kernel;
  if (k) {
    const char *pass = strstr(k, "// RMS over the token's H * D elements");
    const char *sum = strstr(k, "ss = fg_row_sum<");
    if (steps == 2) {
      const char *loop = strstr(k, "for (int64_t h = group; h - group < H; h += 2 * hstep) {");
      const char *second = strstr(k, "if (h + hstep < H) {  // head h + hstep");
      const char *last_load = second ? strstr(second, "raw[1][1] = fg_ld16_keep(px + (pos + 8) * 8);") : NULL;
      const char *first_load = strstr(k, "raw[0][0] = fg_ld16_keep(px + (pos + 0) * 8);");
      const char *unpack = strstr(k, "fg_unpack_bf16x8(raw[i][k], f);");
      CHECK_MSG(pass && loop && first_load && second && last_load && unpack && sum && pass < loop && loop < first_load &&
                first_load < second && last_load < unpack && unpack < sum,
                "%s: with sum_steps = 2, the sum's pass does not load two head steps raw before it sums them:\n%s", g.path, k);
    } else {
      const char *load = pass ? strstr(pass, "fg_load_bf16x8_keep(px + e + 64 + 0, &xb[0][0][0]);") : NULL;
      CHECK_MSG(pass && load && sum && load < sum && !strstr(k, "raw[") &&
                strstr(k, "for (int64_t h = group; h - group < H; h += hstep) {\n"),
                "%s: without sum_steps, the sum's pass is not the load stage's one step:\n%s", g.path, k);
    }
  }
  check_file_lacks(&g.f, "rope_bf16.cu", "tile sum_steps", NULL, "a rotary kernel without a sum over the token has the sum's pass");
  gen_kernel_close(&g);
}
TEST(test_generator_heads_sum_steps) {
  char *text = read_text("gen/specs/rotary.lua", NULL);
  CHECK_MSG(text != NULL, "cannot read gen/specs/rotary.lua");
  if (!text) return;
  check_sum_steps(text, 1);
  char *with = replace_once(text, "walk = o.walk, token_block = o.token_block,", "walk = o.walk, sum_steps = 2, token_block = o.token_block,");
  CHECK_MSG(with != NULL, "gen/specs/rotary.lua no longer holds the tiles this test edits");
  if (with) check_sum_steps(with, 2);
  free(with);
  free(text);
}

/* rotary.lua with every op on a token walk and the tiles `extra` (e.g.
   "ahead = 1, "), handed to check with arg */
static void with_walk_tiles(const char *extra, void (*check)(const char *, int), int arg) {
  char *text = read_text("gen/specs/rotary.lua", NULL);
  CHECK_MSG(text != NULL, "cannot read gen/specs/rotary.lua");
  if (!text) return;
  char repl[256];
  snprintf(repl, sizeof repl, "walk = o.walk or \"token\", %stoken_block = o.token_block,", extra);
  char *edited = replace_once(text, "walk = o.walk, token_block = o.token_block,", repl);
  CHECK_MSG(edited != NULL, "gen/specs/rotary.lua no longer holds the tiles this test edits");
  if (edited) check(edited, arg);
  free(edited);
  free(text);
}

/* even_runs (a token walk over q and k): the launcher cuts each head set into
   runs of the fewest heads of a set, in whole head steps, and the kernel finds
   the token, the set and the run of an item from the runs per token; without
   the tile, an item per (token, set). A whole-token need (qknorm across heads)
   ignores it. */
static void check_even_runs(const char *text, int want) {
  gen_kernel g;
  if (!gen_kernel_open(&g, text, "rope_qk_cos_sin_cache_bf16.cu", "rope_qk_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16")) return;
  const char *path = g.path, *k = g.kernel, *launch = g.launch;
  if (k && launch && want) {
    const char *item = strstr(k, "const int64_t j = fg_udiv_div((uint32_t)it, g.runs_div);");
    const char *set = strstr(k, "if (set == 0 && run >= g.set[0].nhb) { run -= g.set[0].nhb; set = 1; }");
    const char *heads = strstr(k, "for (int64_t h = h0 + group; h - group < hend; h += hstep) {  // the run's heads");
    CHECK_MSG(item && set && heads && item < set && set < heads, "%s: the kernel with even_runs does not walk runs:\n%s", path, k);
    CHECK_MSG(strstr(launch, "if (p->HK < fewest) fewest = p->HK;") && strstr(launch, "g.run = (int)((fewest + 3) / 4 * 4);") &&
                  strstr(launch, "set.nhb = (int)((p->HQ + g.run - 1) / g.run);  // runs per token") &&
                  strstr(launch, "g.runs_div = fg_udiv_make((uint32_t)g.runs);"),
              "%s: the launcher with even_runs does not cut the sets into runs:\n%s", path, launch);
  } else if (k && launch) {
    CHECK_MSG(strstr(k, "const int set = (int)(it % 2);") && !strstr(k, "runs_div") && strstr(launch, "set.nhb = 1;  // a run per token"),
              "%s: without even_runs, not an item per token and set:\n%s", path, k);
  }
  check_file_lacks(&g.f, "qknorm_across_heads_rope_per_head_bf16.cu", "runs_div", NULL, "a kernel that needs the whole token walks runs");
  gen_kernel_close(&g);
}
TEST(test_generator_heads_even_runs) {
  with_walk_tiles("even_runs = 1, ", check_even_runs, 1);
  with_walk_tiles("", check_even_runs, 0);
}

/* tail_walk (a token walk on the flat grid): the launcher asks the occupancy,
   cuts the last wave's worth of tokens into runs of n head steps numbered
   after the whole tokens, and the kernel walks an item's run [h0, hend); on a
   persistent grid, or where a stage needs the whole token, every item stays a
   whole token. */
static void check_tail_walk(const char *text, int want) {
  gen_kernel g;
  if (!gen_kernel_open(&g, text, "rope_qk_cos_sin_cache_bf16.cu", "rope_qk_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16")) return;
  const char *path = g.path, *k = g.kernel, *launch = g.launch;
  if (k && launch && want) {
    const char *which = strstr(k, "const bool in_tail = it >= g.head_items;");
    const char *token = strstr(k, "j = g.tail_tok + k;");
    const char *set = strstr(k, "if (set == 0 && run >= g.tail_nhb[0]) { run -= g.tail_nhb[0]; set = 1; }");
    const char *run = strstr(k, "const int64_t hrun = in_tail ? 8 : H, h0 = (int64_t)run * hrun, hend = H < h0 + hrun ? H : h0 + hrun;");
    const char *heads = strstr(k, "for (int64_t h = h0 + group; h - group < hend; h += hstep) {  // the item's heads");
    CHECK_MSG(which && token && set && run && heads && which < token && token < set && set < run && run < heads,
              "%s: the kernel with tail_walk does not walk the tail's runs:\n%s", path, k);
    CHECK_MSG(strstr(launch, "cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm") &&
                  strstr(launch, "int64_t tail = ((int64_t)sm_count * per_sm * 4 + 1) / 2;") &&
                  strstr(launch, "g.tail_nhb[1] = nhb1;") && strstr(launch, "g.tail_runs_div = fg_udiv_make((uint32_t)g.tail_runs);") &&
                  strstr(launch, "g.head_items = g.tail_tok * 2;") && strstr(launch, "items = g.head_items + tail * g.tail_runs;"),
              "%s: the launcher with tail_walk does not cut the last wave into runs:\n%s", path, launch);
  } else if (k && launch) {
    CHECK_MSG(!strstr(k, "in_tail") && !strstr(launch, "tail"), "%s: without tail_walk on the flat grid, a tail of runs:\n%s", path, k);
  }
  check_file_lacks(&g.f, "qknorm_across_heads_rope_per_head_bf16.cu", "in_tail", NULL, "a kernel that needs the whole token walks a tail of runs");
  gen_kernel_close(&g);
}
/* gen/specs/rotary.lua with every rotary op on a token walk and the given
   extra tiles, on the flat grid where flat is set; NULL (a failed check) where
   the spec no longer holds the tiles this edits. The caller frees it. */
static char *token_walk_spec(const char *tiles, int flat) {
  char *text = read_text("gen/specs/rotary.lua", NULL);
  CHECK_MSG(text != NULL, "cannot read gen/specs/rotary.lua");
  if (!text) return NULL;
  char repl[256];
  snprintf(repl, sizeof repl, "walk = o.walk or \"token\", %stoken_block = o.token_block,", tiles);
  char *walk = replace_once(text, "walk = o.walk, token_block = o.token_block,", repl);
  char *edited = walk && flat ? replace_once(walk, "blocks_per_sm = o.token_block and 0 or 32", "blocks_per_sm = 0") : NULL;
  CHECK_MSG(walk && (!flat || edited), "gen/specs/rotary.lua no longer holds the tiles this test edits");
  free(text);
  if (flat) free(walk);
  return flat ? edited : walk;
}
static void with_tail_tiles(const char *tail, int flat, int want) {
  char *spec = token_walk_spec(tail, flat);
  if (spec) check_tail_walk(spec, want);
  free(spec);
}
TEST(test_generator_heads_tail_walk) {
  with_tail_tiles("tail_walk = 2, ", 1, 1);
  with_tail_tiles("", 1, 0);
  with_tail_tiles("tail_walk = 2, ", 0, 0);  /* the persistent grid ignores it */
}

/* tail_above = s (with tail_walk): the launcher keeps every item a whole token
   where the head set with the most heads has at most s head steps (s * G * U
   heads: 6 steps of 4 here), and cuts its tail otherwise; without it, no bound. */
static void check_tail_above(const char *tiles, int want) {
  char *flat = token_walk_spec(tiles, 1);
  gen_kernel g;
  if (flat && gen_kernel_open(&g, flat, "rope_qk_cos_sin_cache_bf16.cu", "rope_qk_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16")) {
    const char *launch = g.launch;
    if (launch) {
      const char *cut = strstr(launch, "if (tail > ntok) tail = ntok;");
      const char *most = strstr(launch, "int64_t most = p->HQ;");
      const char *more = strstr(launch, "if (p->HK > most) most = p->HK;");
      const char *bound = strstr(launch, "if (most <= 24) tail = 0;");
      const char *first = strstr(launch, "g.tail_tok = ntok - tail;");
      if (want)
        CHECK_MSG(cut && most && more && bound && first && cut < most && most < more && more < bound && bound < first,
                  "%s: the launcher with tail_above = 6 does not keep tokens of at most 24 heads whole:\n%s", g.path, launch);
      else
        CHECK_MSG(cut && first && !strstr(launch, "most"), "%s: without tail_above, a bound on the tail:\n%s", g.path, launch);
    }
    gen_kernel_close(&g);
  }
  free(flat);
}
TEST(test_generator_heads_tail_above) {
  check_tail_above("tail_walk = 2, tail_above = 6, ", 1);
  check_tail_above("tail_walk = 2, ", 0);
}

/* ahead (a token walk, 16-byte path): each lane copies its chunks of the walk's
   first n head steps into shared memory before the token stages (the table
   row), then, each step, those of the step n on into the stage the step before
   read, waits for all but the n newest groups and reads its chunks back from
   shared memory; without the tile, the loads go to registers as before. A
   whole-token need (qknorm across heads) and the element path ignore it. */
static void check_ahead(const char *text, int n) {
  fixture f;
  memset(&f, 0, sizeof f);
  if (!fixture_open(&f, text)) { fixture_close(&f); return; }
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  char path[4096], want[256];
  snprintf(path, sizeof path, "%s/kernels/rope_qk_cos_sin_cache_bf16.cu", f.out);
  char *t = read_text(path, NULL);
  CHECK_MSG(t != NULL, "cannot read %s", path);
  char *k = kernel_text(t, "(fg_rope_qk_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16)(");
  char *scalar = kernel_text(t, "(fg_rope_qk_cos_sin_cache_bf16_tabfp32_posi64_pairinterleaved_dany_rotpartial_scalar)(");
  CHECK_MSG(k && scalar, "%s: no d128 kernel or element-path kernel", path);
  if (k && n) {
    snprintf(want, sizeof want, "__shared__ __align__(16) uint4 ahead[%d][2][128];", n + 1);
    const char *decl = strstr(k, want);
    const char *first = strstr(k, "fg_async16_policy(&ahead[0][0][threadIdx.x], pa + (pos + 0) * 8, fg_l2_evict_first());");
    const char *last_first = n == 2 ? strstr(k, "fg_async16_policy(&ahead[1][1][threadIdx.x], pa + (pos + 8) * 8, fg_l2_evict_first());") : first;
    const char *table = strstr(k, "// cos/sin of row positions[b, s] + position_offset of the packed cache");
    const char *loop = strstr(k, "for (int64_t h = group; h - group < H; h += hstep) {");
    snprintf(want, sizeof want, "fg_async16_policy(&ahead[%s][0][threadIdx.x], pa + (pos + 0) * 8,", n == 1 ? "ast ^ 1" : "(ast == 0 ? 2 : ast - 1)");
    const char *next = strstr(k, want);
    snprintf(want, sizeof want, "fg_async_wait<%d>();", n);
    const char *wait = strstr(k, want);
    const char *read = strstr(k, "fg_unpack_bf16x8(ahead[ast][0][threadIdx.x], &xa[0][0][0]);");
    const char *store = strstr(k, "fg_store_bf16x8(po + e + 0, &xa[0][0][0]);");
    const char *turn = strstr(k, n == 1 ? "ast ^= 1;" : "ast = ast == 2 ? 0 : ast + 1;");
    CHECK_MSG(decl && first && last_first && table && loop && next && wait && read && store && turn && decl < first &&
                  first <= last_first && last_first < table && table < loop && loop < next && next < wait && wait < read &&
                  read < store && store < turn,
              "%s: the kernel with ahead = %d does not copy its first steps before the table row, the next in the loop, "
              "then wait and read them back before the store:\n%s", path, n, k);
    CHECK_MSG(!strstr(k, "fg_load_bf16x8_stream("), "%s: the kernel with ahead still loads the activations into registers", path);
  } else if (k) {
    CHECK_MSG(!strstr(k, "ahead[") && !strstr(k, "fg_async") && strstr(k, "fg_load_bf16x8_stream(px + e + 0, &xa[0][0][0]);"),
              "%s: without ahead, the kernel copies into shared memory:\n%s", path, k);
  }
  CHECK_MSG(scalar && !strstr(scalar, "fg_async"), "%s: the element path copies into shared memory", path);
  free(k);
  free(scalar);
  free(t);
  check_file_lacks(&f, "qknorm_across_heads_rope_bf16.cu", "fg_async16", NULL, "a kernel that needs the whole token copies ahead (or is missing)");
  run_free(&r);
  fixture_close(&f);
}
TEST(test_generator_heads_ahead) {
  with_walk_tiles("", check_ahead, 0);
  with_walk_tiles("ahead = 1, ", check_ahead, 1);
  with_walk_tiles("ahead = 2, ", check_ahead, 2);
}

/* block_phase (a walk): norm_weights loads every head set's weights [D] into
   shared memory once a block, before the item loop and behind one barrier, and
   norm_rms reads them there at each head step, with no load of the weights
   from global memory in the loop; a run-time head size (dany) and a build
   without the tile keep them in registers. */
static void check_block_phase(const char *text, int on) {
  fixture f;
  memset(&f, 0, sizeof f);
  if (!fixture_open(&f, text)) { fixture_close(&f); return; }
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  char path[4096];
  snprintf(path, sizeof path, "%s/kernels/qknorm_rope_cos_sin_cache_bf16.cu", f.out);
  char *t = read_text(path, NULL);
  CHECK_MSG(t != NULL, "cannot read %s", path);
  char *k = kernel_text(t, "(fg_qknorm_rope_cos_sin_cache_bf16_wbf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16)(");
  char *dany = kernel_text(t, "(fg_qknorm_rope_cos_sin_cache_bf16_wfp32_tabfp32_posi64_pairinterleaved_dany_rotpartial_vec16)(");
  CHECK_MSG(k && dany, "%s: no d128 kernel or run-time head size kernel", path);
  if (k && on) {
    const char *decl = strstr(k, "__shared__ __align__(16) float w_shared[2][128];");
    const char *fill = strstr(k, "w_shared[1][e] = fg_to_f32(((const __nv_bfloat16*)p.k_weight)[e]);");
    const char *barrier = strstr(k, "__syncthreads();");
    const char *items = strstr(k, "for (int64_t it = ");
    const char *heads = strstr(k, "for (int64_t h = ");
    const char *read = strstr(k, "const float* pw = w_shared[set];");
    const char *use = strstr(k, "fg_load_fp32x4_plain(pw + e + 0, &wa[0][0]);");
    CHECK_MSG(decl && fill && barrier && items && heads && read && use && decl < fill && fill < barrier && barrier < items &&
                  items < heads && heads < read && read < use,
              "%s: with block_phase the weights are not filled into shared memory before the item loop and read there "
              "at each head step:\n%s", path, k);
    CHECK_MSG(!strstr(k, "fg_load_bf16x8_keep(pw"), "%s: with block_phase the kernel still loads the weights from global memory", path);
  } else if (k) {
    CHECK_MSG(!strstr(k, "w_shared") && !strstr(k, "__syncthreads") && strstr(k, "fg_load_bf16x8_keep(pw + e + 0, &wa[0][0]);"),
              "%s: without block_phase the weights are not loaded into registers:\n%s", path, k);
  }
  CHECK_MSG(dany && !strstr(dany, "w_shared"), "%s: a run-time head size holds its weights in shared memory", path);
  free(k);
  free(dany);
  free(t);
  run_free(&r);
  fixture_close(&f);
}
TEST(test_generator_heads_block_phase) {
  with_walk_tiles("", check_block_phase, 0);
  with_walk_tiles("block_phase = 1, ", check_block_phase, 1);
}

/* block_phase beside ahead: the block's first warp starts async copies of the
   weights as stored (no wait, no barrier before the items); each warp's first
   item waits for them and meets the block's barrier after its first loads and
   the table row, before its head loop, and a warp without items meets that
   barrier before the loop and is done. No item skips the barrier (a walk has
   no item past the last token). */
static void check_block_async(const char *text, int unused) {
  (void)unused;
  gen_kernel g;
  if (!gen_kernel_open(&g, text, "qknorm_rope_cos_sin_cache_bf16.cu",
                       "qknorm_rope_cos_sin_cache_bf16_wbf16_tabfp32_posi64_pairinterleaved_d128_rotfull_vec16")) return;
  const char *path = g.path, *k = g.kernel;
  if (k) {
    const char *decl = strstr(k, "__shared__ __align__(16) __nv_bfloat16 w_shared[2][128];");
    const char *who = strstr(k, "if (threadIdx.x < 32 && (int64_t)blockIdx.x * ");
    const char *copy = strstr(k, "fg_async_l1<16>((char*)w_shared[set] + at * 16, src + at * 16);");
    const char *commit = strstr(k, "fg_async_commit();");
    const char *idle = strstr(k, "if (warp >= nitems) {");
    const char *idle_bar = idle ? strstr(idle, "__syncthreads();") : NULL;
    const char *items = strstr(k, "for (int64_t it = warp; it < nitems; it += nwarps) {");
    const char *first = strstr(k, "(&ahead[0][0][threadIdx.x], pa + (pos + 0) * 8");
    const char *table = strstr(k, "// cos/sin of row positions[b, s] + position_offset of the packed cache");
    const char *once = strstr(k, "if (it == warp) {");
    const char *wait = once ? strstr(once, "fg_async_wait<1>();") : NULL;
    const char *bar = wait ? strstr(wait, "__syncthreads();") : NULL;
    const char *heads = strstr(k, "for (int64_t h = ");
    const char *read = strstr(k, "const __nv_bfloat16* pw = w_shared[set];");
    const char *use = strstr(k, "fg_load_bf16x8_plain(pw + e + 0, &wa[0][0]);");
    CHECK_MSG(decl && who && copy && commit && idle && idle_bar && items && first && table && once && wait && bar && heads &&
                  read && use && decl < who && who < copy && copy < commit && commit < idle && idle_bar < items &&
                  items < first && first < table && table < once && bar < heads && heads < read && read < use,
              "%s: with block_phase and ahead the weights are not copied by the first warp, then waited for behind the "
              "barrier in each warp's first item after its first loads:\n%s", path, k);
    int bars = 0;
    for (const char *q = strstr(k, "__syncthreads();"); q; q = strstr(q + 1, "__syncthreads();")) bars++;
    CHECK_MSG(bars == 2, "%s: with block_phase and ahead the kernel has %d barriers, not 2 (a warp without items, a warp's first item):\n%s",
              path, bars, k);
    CHECK_MSG(!strstr(k, "continue;") && !strstr(k, "fg_to_f32(((const"),
              "%s: with block_phase and ahead an item may skip the barrier, or the weights are still loaded by the threads:\n%s", path, k);
  }
  gen_kernel_close(&g);
}
TEST(test_generator_heads_block_phase_async) {
  with_walk_tiles("ahead = 1, block_phase = 1, ", check_block_async, 0);
}

/* the block phase's data shares the 48 KiB with ahead's places: at D = 128
   12 warps of 2 stages of the widest variants' 4 places fill exactly 48 KiB,
   which the spec may take alone, not beside the block phase's qknorm weights */
#define BLOCK_PHASE_TILES_FIND                                                                  \
  "    walk = o.walk, token_block = o.token_block, evict_first = o.token_block and 0 or nil,\n" \
  "    { when = { pairing = \"interleaved\" }, chunks = 2 },\n"                                   \
  "    { when = { access = \"vec16\" }, min_blocks = 3, lean = o.lean },\n"                        \
  "    { when = { head_dim = \"any\" }, min_blocks = 1 },\n"
#define BLOCK_PHASE_TILES(extra)                                                                            \
  "    walk = o.walk or \"token\", token_block = o.token_block, evict_first = o.token_block and 0 or nil,\n" \
  "    { when = { pairing = \"interleaved\" }, chunks = 2 },\n"                                               \
  "    { when = { access = \"vec16\" }, min_blocks = 3, lean = o.lean },\n"                                    \
  "    { when = { head_dim = \"any\" }, min_blocks = 1 },\n"                                                   \
  "    { when = { head_dim = 128 }, ahead = 1, warps = 12" extra " },\n"
TEST(test_generator_spec_tile_ahead_beside_block_phase) {
  char *orig = read_text("gen/specs/rotary.lua", NULL);
  char *text = orig ? replace_once(orig, BLOCK_PHASE_TILES_FIND, BLOCK_PHASE_TILES("")) : NULL;
  free(orig);
  CHECK_MSG(text != NULL, "gen/specs/rotary.lua no longer holds the tiles this test edits");
  if (text) {
    fixture f;
    memset(&f, 0, sizeof f);
    if (fixture_open(&f, text)) {
      run_result r = generate(&f);
      CHECK_MSG(r.code == 0, "48 KiB of ahead's places alone were refused: exit %d, stderr:\n%s", r.code, r.err);
      run_free(&r);
    }
    fixture_close(&f);
    free(text);
  }
  expect_spec_error_in("gen/specs/rotary.lua", BLOCK_PHASE_TILES_FIND, BLOCK_PHASE_TILES(", block_phase = 1"), "tiles",
                       "beside the block phase's 1024 bytes");
}

/* ahead's places must fit 48 KiB of shared memory a block: 4 stages of a
   16-warp block's chunks do not, and the spec is refused naming its tiles */
TEST(test_generator_spec_tile_ahead_past_shared_memory) {
  expect_spec_error_in("gen/specs/rotary.lua", "walk = o.walk, token_block = o.token_block,",
                       "walk = o.walk or \"token\", ahead = 3, warps = 16, token_block = o.token_block,", "tiles",
                       "ahead steps whose places fit 48 KiB of shared memory a block");
}

/* bulk_rows (the norm_modulate per-batch and per-frame specs, 16-bit, no
 * residual, sm_90): x's rows reach shared memory by bulk copies, the
 * modulation rows stay in registers, the run-time norm kind is tested around
 * the row loop, and the loop of the kind without a reduction ends each row with
 * a barrier; the other forms, and other targets, load as before. */
TEST(test_generator_rows_ring) {
  char *text = read_text("gen/specs/norm_modulate.lua", NULL);
  CHECK_MSG(text != NULL, "cannot read gen/specs/norm_modulate.lua");
  fixture f;
  memset(&f, 0, sizeof f);
  if (!text || !fixture_open(&f, text)) { free(text); fixture_close(&f); return; }
  free(text);
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  static const char *const ring_files[] = {"norm_modulate_bf16.cu", "norm_modulate_fp16.cu", "norm_modulate_per_frame_bf16.cu",
                                           "norm_modulate_per_frame_fp16.cu"};
  static const char *const want[] = {
    "extern __shared__ __align__(128) unsigned char fg_ring[];",
    "fg_ring_copy(fg_ring + (size_t)(0 + s) * ring_stride, (const ",
    "fg_ring_wait(&ring_full[slot], (it / 2) & 1u);",
    "fg_unpack_",  /* from the ring: every chunk slot */
    "if (scale_row != scale_kept_row) {",
    "if (p.norm == 0) {  // norm = layer",
    "} else {  // norm = none",
    "__syncthreads();  // every warp has read this row's place (no reduction synced them)",
    "const fg_udiv rows_div = fg_udiv_make(p->L > 0 ? (uint32_t)p->L : 1u);",
    "cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_fit,",
    "ring_smem, stream, pdl, *p, inv_C",
  };
  char path[4096];
  for (size_t i = 0; i < sizeof ring_files / sizeof ring_files[0]; i++) {
    snprintf(path, sizeof path, "%s/kernels/%s", f.out, ring_files[i]);
    char *t = read_text(path, NULL);
    CHECK_MSG(t != NULL, "cannot read %s", path);
    char base[128];
    snprintf(base, sizeof base, "(fg_%.*s_nores_vec16)(", (int)(strlen(ring_files[i]) - 3), ring_files[i]);
    char *k = kernel_text(t, base);
    CHECK_MSG(k != NULL, "%s: no kernel %s", path, base);
    for (size_t j = 0; k && j < sizeof want / sizeof want[0]; j++)
      CHECK_MSG(strstr(k, want[j]) != NULL, "%s: the ring kernel lacks `%s`", path, want[j]);
    /* the kinds with a reduction need no barrier of their own: one per kernel, the none loop's */
    int syncs = 0;
    for (const char *q = k; q && (q = strstr(q, "__syncthreads();  // every warp has read")); q++) syncs++;
    CHECK_MSG(syncs == 1, "%s: %d row-end barriers in the ring kernel, expected 1 (the none loop)", path, syncs);
    /* the residual form and the element path keep their loads */
    snprintf(base, sizeof base, "(fg_%.*s_res_vec16)(", (int)(strlen(ring_files[i]) - 3), ring_files[i]);
    char *res = kernel_text(t, base);
    CHECK_MSG(res != NULL && !strstr(res, "fg_ring"), "%s: the residual kernel uses a ring (or is missing)", path);
    free(res);
    free(k);
    free(t);
  }
  static const char *const plain_files[] = {"norm_modulate_fp32.cu", "norm_modulate_per_token_bf16.cu",
                                            "norm_modulate_select01_bf16.cu", "norm_modulate_scalar_bf16.cu"};
  for (size_t i = 0; i < sizeof plain_files / sizeof plain_files[0]; i++) {
    snprintf(path, sizeof path, "%s/kernels/%s", f.out, plain_files[i]);
    char *t = read_text(path, NULL);
    CHECK_MSG(t != NULL && !strstr(t, "fg_ring"), "%s uses a ring (or is missing)", path);
    free(t);
  }
  run_free(&r);
  /* tiles of a block per row (a tuning file's, say) leave the ring out */
  {
    char *orig = read_text("gen/specs/norm_modulate.lua", NULL);
    char *edited = orig ? replace_once(orig, "bulk_rows = 2, blocks_per_sm = 16,", "bulk_rows = 2, blocks_per_sm = 0,") : NULL;
    CHECK_MSG(edited != NULL, "gen/specs/norm_modulate.lua no longer holds the tiles this test edits");
    fixture g;
    memset(&g, 0, sizeof g);
    if (edited && fixture_open(&g, edited)) {
      run_result r2 = generate(&g);
      CHECK_MSG(r2.code == 0, "exit %d, stderr:\n%s", r2.code, r2.err);
      snprintf(path, sizeof path, "%s/kernels/norm_modulate_bf16.cu", g.out);
      char *t2 = read_text(path, NULL);
      char *k2 = kernel_text(t2, "(fg_norm_modulate_bf16_nores_vec16)(");
      CHECK_MSG(k2 != NULL && !strstr(k2, "fg_ring"), "%s: a kernel of one block per row uses a ring (or is missing)", path);
      free(k2);
      free(t2);
      run_free(&r2);
    }
    fixture_close(&g);
    free(edited);
    free(orig);
  }
  /* sm_80 has no bulk copies: the same spec's kernels load as before */
  r = fusegen_in(f.root, RUN_TIMEOUT, "generate --specs '%s' --templates '%s' --out '%s' --archs sm_80", f.specs, f.templates, f.out);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  snprintf(path, sizeof path, "%s/kernels/norm_modulate_bf16.cu", f.out);
  char *t = read_text(path, NULL);
  CHECK_MSG(t != NULL && !strstr(t, "fg_ring"), "%s: an sm_80 kernel uses a ring (or is missing)", path);
  free(t);
  run_free(&r);
  fixture_close(&f);
}

TEST(test_generator_list_prints_variants) {
  fixture f;
  if (!fixture_open(&f, NULL)) { fixture_close(&f); return; }
  run_result r = generate_into(&f, f.out, "list");
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  /* 9 (act, table) pairs x 2 pairings x 7 head sizes (6 and "any") x 2 rot x 2 access, one GPU target */
  CHECK_MSG(strstr(r.out, "rope  (") == r.out, "listing does not start with the op: %.200s", r.out);
  CHECK_MSG(strstr(r.out, "504 variants") != NULL, "listing does not count 504 variants: %.300s", r.out);
  CHECK_MSG(strstr(r.out, "key = {act, table, pairing, head_dim, rot, access}") != NULL,
            "listing does not name the key axes: %.300s", r.out);
  CHECK_MSG(strstr(r.out, "rope_bf16_tabfp32_pairinterleaved_d64_rotfull_vec16_sm90") != NULL, "first variant missing");
  CHECK_MSG(strstr(r.out, "key={0,0,0,0,0,0} sm_90") != NULL, "key of the first variant missing");
  CHECK_MSG(strstr(r.out, "rope_fp32_tabfp16_pairhalf_dany_rotpartial_scalar_sm90") != NULL, "last variant missing");
  CHECK_MSG(strstr(r.out, "key={2,2,1,6,1,1} sm_90") != NULL, "key of the last variant missing");
  CHECK_MSG(strstr(r.out, "tabbf16_pairinterleaved_d64_rotfull_vec16_sm90") != NULL, "bf16 table variant missing");
  CHECK_MSG(strstr(r.out, "rope_fp16_tabbf16_pairhalf_d128_rotfull_vec16_sm90") != NULL, "a table of a third dtype missing");
  CHECK_MSG(strstr(r.out, "sm_80") == NULL, "a variant for sm_80 is listed with --archs sm_90");
  int lines = 0;
  for (const char *p = r.out; (p = strstr(p, " key={")); p++) lines++;
  CHECK_MSG(lines == 504, "%d variant lines, expected 504", lines);
  CHECK_MSG(!exists(f.out), "list created the output folder %s", f.out);
  run_free(&r);
  fixture_close(&f);
}

TEST(test_generator_depfile_names_inputs) {
  fixture f;
  if (!fixture_open(&f, NULL)) { fixture_close(&f); return; }
  char dep[1024];
  snprintf(dep, sizeof dep, "%s/gen.d", f.root);
  run_result r = fusegen_in(f.root, RUN_TIMEOUT,
                            "generate --specs '%s' --templates gen/templates --out '%s' --archs sm_90 "
                            "--depfile '%s' --dep-target my_target",
                            f.specs, f.out, dep);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  char *text = read_text(dep, NULL);
  CHECK_MSG(text != NULL, "no depfile written at %s", dep);
  if (text) {
    CHECK_MSG(strncmp(text, "my_target:", 10) == 0, "depfile target: %.100s", text);
    CHECK_MSG(strstr(text, f.spec) != NULL, "depfile does not name %s", f.spec);
    CHECK_MSG(strstr(text, "gen/templates/stages/rotate.cu.tpl") != NULL, "depfile does not name rotate.cu.tpl");
    CHECK_MSG(strstr(text, "gen/templates/host/entry.c.tpl") != NULL, "depfile does not name entry.c.tpl");
  }
  free(text);
  run_free(&r);
  fixture_close(&f);
}

/* ---- invalid specs ------------------------------------------------------------- */

TEST(test_generator_spec_missing_op) {
  expect_spec_error("  op = \"rope\",\n", "", "op", "expected a lower-case identifier ([a-z][a-z0-9_]*), got nothing");
}

TEST(test_generator_spec_op_not_identifier) {
  expect_spec_error("op = \"rope\",", "op = \"Rope-2\",", "op", "expected a lower-case identifier ([a-z][a-z0-9_]*), got \"Rope-2\"");
}

TEST(test_generator_spec_dim_lower_case) {
  expect_spec_error("{ name = \"cos\", dims = { \"S\", \"R/2\" }", "{ name = \"cos\", dims = { \"S\", \"r/2\" }",
                    "tensors[3].dims[2]", "a dim such as \"S\", \"B?\", \"R/2\", \"C*2\", \"B|1\" or \"1\", got \"r/2\"");
}

TEST(test_generator_spec_dim_number) {
  expect_spec_error("{ name = \"x\",   dims = { \"B?\", \"S\", \"H\", \"D\" }",
                    "{ name = \"x\",   dims = { \"B?\", \"S\", 5, \"D\" }", "tensors[1].dims[3]",
                    "a dim such as \"S\", \"B?\", \"R/2\", \"C*2\", \"B|1\" or \"1\", got 5");
}

TEST(test_generator_spec_unknown_dtype) {
  expect_spec_error("dims = { \"B?\", \"S\", \"H\", \"D\" }, dtype = \"act\"",
                    "dims = { \"B?\", \"S\", \"H\", \"D\" }, dtype = \"bf17\"", "tensors[1].dtype",
                    "an axis name of kind dtype or a dtype (fp32, fp16, bf16, fp8e4m3, i32, i64), got \"bf17\"");
}

TEST(test_generator_spec_dtype_non_dtype_axis) {
  expect_spec_error("dims = { \"S\", \"R/2\" },          dtype = \"table\"",
                    "dims = { \"S\", \"R/2\" },          dtype = \"pairing\"", "tensors[3].dtype",
                    "an axis whose values are dtypes, got \"pairing\"");
}

TEST(test_generator_spec_bad_access) {
  expect_spec_error("access = \"in\",\n      doc = \"activations", "access = \"read\",\n      doc = \"activations",
                    "tensors[1].access", "expected \"in\", \"out\" or \"inout\", got \"read\"");
}

TEST(test_generator_spec_inplace_of_unknown) {
  expect_spec_error("inplace_of = \"x\"", "inplace_of = \"y\"", "tensors[2].inplace_of",
                    "the name of another tensor, got \"y\"");
}

TEST(test_generator_spec_axis_from_unknown_kind) {
  expect_spec_error("from = \"dtype x\"", "from = \"type x\"", "axes[1].from",
                    "\"dtype TENSOR\", \"symbol SYM\", \"scalar NAME\" or \"rule\", got \"type x\"");
}

TEST(test_generator_spec_axis_unknown_symbol) {
  expect_spec_error("from = \"symbol D\"", "from = \"symbol Q\"", "axes[4].from",
                    "naming a symbol of the tensors' dims, got \"symbol Q\"");
}

TEST(test_generator_spec_rule_unknown_word) {
  expect_spec_error("{ \"full\", \"R == D\" }", "{ \"full\", \"R == Q\" }", "axes[5].rule[1][2]",
                    "'Q' is none of them, got \"R == Q\"");
}

TEST(test_generator_spec_broadcast_dim_needs_full_symbol) {
  expect_spec_error("{ name = \"cos\", dims = { \"S\", \"R/2\" }", "{ name = \"cos\", dims = { \"Q|1\", \"R/2\" }",
                    "tensors[3].dims[1]", "a symbol that some other dim gives in full (not only \"Q|1\"), got \"Q|1\"");
}

TEST(test_generator_spec_literal_dim_other_number) {
  expect_spec_error("{ name = \"cos\", dims = { \"S\", \"R/2\" }", "{ name = \"cos\", dims = { \"2\", \"R/2\" }",
                    "tensors[3].dims[1]", "or \"1\", got \"2\"");
}

/* rule conditions may name optional tensors without inplace_of, nothing else */
TEST(test_generator_spec_rule_tensor_not_optional) {
  expect_spec_error("{ \"full\", \"R == D\" }", "{ \"full\", \"R == D && cos\" }", "axes[5].rule[1][2]",
                    "(or VEC, aligned16, an optional tensor); 'cos' is none of them");
}

/* the rows mapping: the tiles must hold kernel.max_channels */
TEST(test_generator_spec_rows_tiles_too_small) {
  expect_spec_error_in("gen/specs/norm_modulate.lua", "max_channels = 16384", "max_channels = 32768", "tiles",
                       "tiles that hold kernel.max_channels = 32768 channels of bf16 (32 * warps * chunks * 8), got ");
}

/* bulk_rows: a ring of one row would hold none in flight */
TEST(test_generator_spec_rows_ring_of_one) {
  expect_spec_error_in("gen/specs/norm_modulate.lua", "bulk_rows = 2, blocks_per_sm = 16,", "bulk_rows = 1, blocks_per_sm = 16,", "tiles",
                       "bulk_rows of 0 or 2 to 8");
}

/* bulk_rows: the widest row's ring must fit a block's shared memory */
TEST(test_generator_spec_rows_ring_too_wide) {
  expect_spec_error_in("gen/specs/norm_modulate.lua", "bulk_rows = 2, blocks_per_sm = 16,", "bulk_rows = 8, blocks_per_sm = 16,", "tiles",
                       "bulk_rows whose ring holds kernel.max_channels = 16384 in 227 KB");
}

/* a stage's `when` names a value of an axis: renaming the value in the axis
 * alone leaves the stage naming one that no longer exists */
TEST(test_generator_spec_stage_when_unknown_value) {
  expect_spec_error_in("gen/specs/norm_modulate.lua",
                       "values = { \"nores\", \"res\" }, from = \"rule\",\n"
                       "        rule = { { \"nores\", \"!residual && !residual_gate && !residual_out\" },\n"
                       "                 { \"res\",",
                       "values = { \"nores\", \"on\" }, from = \"rule\",\n"
                       "        rule = { { \"nores\", \"!residual && !residual_gate && !residual_out\" },\n"
                       "                 { \"on\",",
                       "kernel.stages.row[2].when.residual", "expected a value of axis residual, got \"res\"");
}

/* An optional output the stage writes without testing it: the stage must run
 * only where a rule makes the tensor given (or the tensor has an inplace_of). */
TEST(test_generator_spec_optional_tensor_untested) {
  expect_spec_error_in("gen/specs/norm_modulate.lua",
                       "{ \"add\", src = \"residual\", gate = \"residual_gate\", to = \"residual_out\", when = { residual = \"res\" } }",
                       "{ \"add\", src = \"x\", to = \"residual_out\" }", "kernel.stages.row[2].to",
                       "a tensor that is always given, or a `when` on a rule axis value whose condition requires residual_out");
}

TEST(test_generator_spec_rule_missing_value) {
  expect_spec_error(", { \"partial\", \"1\" }", "", "axes[5].rule", "a condition for every value (missing partial)");
}

TEST(test_generator_spec_constraint_unknown_symbol) {
  expect_spec_error("{ \"R >= 2 && R <= D\",", "{ \"R >= 2 && R <= HD\",", "constraints[1][1]",
                    "'HD' is none of them, got \"R >= 2 && R <= HD\"");
}

TEST(test_generator_spec_duplicate_tensor) {
  expect_spec_error("{ name = \"sin\",", "{ name = \"cos\",", "tensors[4].name",
                    "a name not used by another tensor, got \"cos\"");
}

TEST(test_generator_spec_unknown_field) {
  /* a typo of a top-level field: the message lists the known ones */
  expect_spec_error("  tensors = {", "  tensor = {", "tensor", "expected one of the known fields (axes, constraints");
}

TEST(test_generator_spec_unknown_stage) {
  expect_spec_error("{ \"load\", { \"rotate\"", "{ \"load\", { \"rotation\"", "kernel.stages.head[2]",
                    "a stage of the library for the heads mapping (load, norm_rms, norm_weights, rms_across_heads, rotate, "
                    "scale, store, table_cos_sin_cache, table_per_head, table_per_token, table_positions), got \"rotation\"");
}

TEST(test_generator_spec_files_unknown_axis) {
  expect_spec_error("files = { \"pairing\", \"act\", \"table\" }", "files = { \"pairing\", \"act\", \"tables\" }",
                    "kernel.files[3]", "the name of an axis, got \"tables\"");
}

TEST(test_generator_spec_tile_unknown_name) {
  expect_spec_error("warps = 4, chunks = 1", "warp = 4, chunks = 1", "tiles.warp",
                    "a tile parameter (ahead, block_phase, blocks_per_sm, chunks, even_runs, evict_first, flat_waves, heads_in_flight, l2_keep, lean, min_blocks, pdl_early, sum_steps, tail_above, tail_walk, token_block, walk, walk_index32, warps), got \"warp\"");
}

TEST(test_generator_spec_tile_bad_value) {
  expect_spec_error("warps = 4, chunks = 1", "warps = 0, chunks = 1", "tiles.warps",
                    "an integer: warps per block (1 to 32), got 0");
}

/* The table stages read R/2 angles a row: a table with other columns is refused
 * where the rotation names its dims. */
TEST(test_generator_spec_table_dims_not_half_r) {
  expect_spec_error("{ name = \"cos\", dims = { \"S\", \"R/2\" }", "{ name = \"cos\", dims = { \"S\", \"R/3\" }",
                    "kernel.stages.head[2].dims",
                    "the rotary dims whose angles the table stage table_per_token loads (cos's last dim is \"R/3\", so "
                    "dims/2 angles a row) (stage rotate), got \"R\"");
}

TEST(test_generator_spec_tile_walk_range) {
  expect_spec_error("warps = 4, chunks = 1", "warps = 4, chunks = 1, walk = 65", "tiles.walk",
                    "an integer: 0: items of one block of heads; n: a warp walks up to n blocks");
}

/* A register bound ptxas would ignore: min_blocks blocks of the block's threads
   beyond a multiprocessor's 2048 (the tuner leaves such a candidate out). */
TEST(test_generator_spec_tile_min_blocks_past_threads) {
  expect_spec_error("warps = 4, chunks = 1", "warps = 8, min_blocks = 9, chunks = 1", "tiles",
                    "min_blocks blocks of 32 * warps threads that fit a multiprocessor's 2048");
}

TEST(test_generator_spec_head_set_unknown_role) {
  expect_spec_error("files = { \"pairing\", \"act\", \"table\" }",
                    "head_sets = { { input = \"x\", output = \"out\", heads = \"H\", weight = \"w\" } },\n"
                    "    files = { \"pairing\", \"act\", \"table\" }",
                    "kernel.head_sets[1].weight", "expected input, output or heads, got \"weight\"");
}

TEST(test_generator_spec_head_set_role_unknown_tensor) {
  expect_spec_error("files = { \"pairing\", \"act\", \"table\" }",
                    "head_sets = { { input = \"y\", output = \"out\", heads = \"H\" } },\n"
                    "    files = { \"pairing\", \"act\", \"table\" }",
                    "kernel.head_sets[1].input", "the name of an input (or inout) tensor, got \"y\"");
}

TEST(test_generator_spec_unknown_mapping) {
  expect_spec_error("mapping = \"heads\"", "mapping = \"rows_of_heads\"", "kernel.mapping",
                    "a thread mapping (\"heads\", \"rows\"), got \"rows_of_heads\"");
}

TEST(test_generator_spec_keep_drops_all) {
  expect_spec_error_in("gen/specs/rotary.lua",
                       "keep = function(v) return v.rounding == \"fp32\" or v.act == \"bf16\" end",
                       "keep = function(v) return v.table == \"fp64\" end", "keep", "at least one variant to survive");
}

TEST(test_generator_spec_keep_without_doc) {
  expect_spec_error("  kernel = {\n", "  keep = function(v) return v.act == \"bf16\" end,\n  kernel = {\n",
                    "keep_doc", "a string saying which variants keep() drops");
}

TEST(test_generator_spec_syntax_error) {
  /* line 7 of rope.lua is `  summary = "..."` */
  expect_spec_error("  summary = \"rotary", "  summary = = \"rotary", ":7:", "unexpected symbol near '='");
}

TEST(test_generator_spec_runtime_error) {
  /* line 5 becomes `local base = nil`, so `op = base.op` is line 7 */
  expect_spec_error("return {\n  op = \"rope\",", "local base = nil\nreturn {\n  op = base.op,", ":7:",
                    "attempt to index a nil value");
}

TEST(test_generator_spec_helper_arguments) {
  /* extend and join refuse what is no table, naming the spec's line that
     called them (not a line of the generator) */
  expect_spec_error("return {\n  op = \"rope\",", "local t = extend(nil, {})\nreturn {\n  op = \"rope\",", ":5:",
                    "extend(base, changes): expected a table as base, got nil");
  expect_spec_error("return {\n  op = \"rope\",", "local t = extend({}, 7)\nreturn {\n  op = \"rope\",", ":5:",
                    "extend(base, changes): expected a table or nil as changes, got number");
  expect_spec_error("return {\n  op = \"rope\",", "local t = join({ 1 }, \"x\")\nreturn {\n  op = \"rope\",", ":5:",
                    "join(...): expected a list, nil or false as argument 2, got string");
}

TEST(test_generator_spec_not_a_table) {
  expect_spec_error("return {\n  op = \"rope\",", "local spec = {\n  op = \"rope\",", "(file)",
                    "expected the file to return a table (an op) or a list of op tables (a family), got nothing");
}

/* ---- the sandbox -------------------------------------------------------------- */

/* rope.lua with `line` as its first line. */
static char *spec_with_first_line(const char *line) { return insert_line(rope_text() ? rope_text() : "", 1, line); }

TEST(test_generator_sandbox_no_io_os_load) {
  /* Each tries to reach the file system; the marker file must never appear. */
  static const struct {
    const char *name, *code;
  } cases[] = {
      {"io", "io.open(\"%s\", \"w\"):write(\"x\")"},
      {"os", "os.execute(\"touch %s\")"},
      {"require", "require(\"io\").open(\"%s\", \"w\"):write(\"x\")"},
      {"load", "load(\"io.open('%s', 'w')\")()"},
      {"loadfile", "loadfile(\"%s\")"},
      {"dofile", "dofile(\"%s\")"},
      {"debug", "debug.getregistry()._LOADED.io.open(\"%s\", \"w\"):write(\"x\")"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    fixture f;
    if (!fixture_open(&f, NULL)) { fixture_close(&f); return; }
    char marker[1024], line[2048];
    snprintf(marker, sizeof marker, "%s/escaped", f.root);
    if (!strcmp(cases[i].name, "loadfile") || !strcmp(cases[i].name, "dofile")) {
      /* a file that would write the marker if it were run */
      char helper[1024], helper_text[2048];
      snprintf(helper, sizeof helper, "%s/helper.lua", f.root);
      snprintf(helper_text, sizeof helper_text, "io.open(\"%s\", \"w\"):write(\"x\")\n", marker);
      write_text(helper, helper_text);
      snprintf(line, sizeof line, cases[i].code, helper);
      if (!strcmp(cases[i].name, "loadfile")) strncat(line, "()", sizeof line - strlen(line) - 1);
    } else {
      snprintf(line, sizeof line, cases[i].code, marker);
    }
    char *text = spec_with_first_line(line);
    write_text(f.spec, text);
    run_result r = generate(&f);
    CHECK_MSG(r.code == 1, "%s: exit %d (expected 1), stderr:\n%s", cases[i].name, r.code, r.err);
    char where[1024];
    snprintf(where, sizeof where, "%s:1:", f.spec);
    CHECK_MSG(strstr(r.err, where) != NULL, "%s: message does not name %s:\n%s", cases[i].name, where, r.err);
    char quoted[64];
    snprintf(quoted, sizeof quoted, "'%s'", cases[i].name);
    CHECK_MSG(strstr(r.err, quoted) != NULL, "%s: message does not name %s:\n%s", cases[i].name, quoted, r.err);
    CHECK_MSG(!exists(marker), "%s: the spec reached the file system (%s exists)", cases[i].name, marker);
    run_free(&r);
    free(text);
    fixture_close(&f);
  }
}

/* Expect a spec that never ends to be stopped by the instruction budget. */
static void expect_budget_stop(const char *first_line) {
  fixture f;
  char *text = spec_with_first_line(first_line);
  if (!fixture_open(&f, text)) { fixture_close(&f); free(text); return; }
  run_result r = fusegen_in(f.root, LOOP_TIMEOUT, "generate --specs '%s' --templates gen/templates --out '%s' --archs sm_90",
                            f.specs, f.out);
  CHECK_MSG(!r.timed_out, "still running after %.0f s: the instruction budget (gen/main.c max_steps) is far too large "
            "or can be escaped", LOOP_TIMEOUT);
  if (!r.timed_out) {
    CHECK_MSG(r.code == 1, "exit %d (expected 1) after %.1f s, stderr:\n%s", r.code, r.seconds, r.err);
    CHECK_MSG(strstr(r.err, "instruction budget") != NULL, "no instruction-budget message:\n%s", r.err);
    CHECK_MSG(strstr(r.err, f.spec) != NULL, "message does not name %s:\n%s", f.spec, r.err);
    CHECK_MSG(r.seconds < 10.0, "took %.1f s to stop", r.seconds);
  }
  run_free(&r);
  free(text);
  fixture_close(&f);
}

TEST(test_generator_sandbox_infinite_loop) { expect_budget_stop("while true do end"); }

TEST(test_generator_sandbox_pcall_cannot_escape_budget) {
  /* the budget's error must not be caught and ignored by the spec itself */
  expect_budget_stop("while true do pcall(function() while true do end end) end");
}

TEST(test_generator_sandbox_memory_limit) {
  fixture f;
  char *text = spec_with_first_line("local t = {} while true do t[#t + 1] = string.rep(\"x\", 1000000) .. #t end");
  if (!fixture_open(&f, text)) { fixture_close(&f); free(text); return; }
  run_result r = fusegen_in(f.root, LOOP_TIMEOUT, "generate --specs '%s' --templates gen/templates --out '%s' --archs sm_90",
                            f.specs, f.out);
  CHECK_MSG(!r.timed_out, "still running after %.0f s", LOOP_TIMEOUT);
  CHECK_MSG(r.code == 1, "exit %d (expected 1), stderr:\n%s", r.code, r.err);
  CHECK_MSG(strstr(r.err, "memory") != NULL, "no memory message:\n%s", r.err);
  CHECK_MSG(strstr(r.err, f.spec) != NULL, "message does not name %s:\n%s", f.spec, r.err);
  run_free(&r);
  free(text);
  fixture_close(&f);
}

TEST(test_generator_sandbox_string_library_shared) {
  /* A spec must not be able to change how the generator writes other files:
   * the string metatable's __index is the generator's own string library.
   * Either the spec fails (naming itself) or the kernels come out as usual. */
  fixture f;
  char *text = spec_with_first_line("local s = getmetatable(\"\").__index; local f = s.format; "
                                    "s.format = function(...) return (f(...):gsub(\"__global__\", \"__device__\")) end");
  if (!fixture_open(&f, text)) { fixture_close(&f); free(text); return; }
  run_result r = generate(&f);
  if (r.code == 0) {
    char path[4096];
    snprintf(path, sizeof path, "%s/kernels/rope_bf16_tabfp32_pairinterleaved.cu", f.out);
    char *k = read_text(path, NULL);
    CHECK_MSG(k && strstr(k, "__global__"), "the spec rewrote the generator's output: %s has no __global__ kernel",
              path);
    free(k);
  } else {
    CHECK_MSG(r.code == 1, "exit %d, stderr:\n%s", r.code, r.err);
    CHECK_MSG(strstr(r.err, f.spec) != NULL, "message does not name %s:\n%s", f.spec, r.err);
  }
  run_free(&r);
  free(text);
  fixture_close(&f);
}

/* ---- templates ------------------------------------------------------------------ */

/* Generate with stages/rotate.cu.tpl of a copy of the templates edited by
 * `edit` (its text in, the new text out, NULL if it no longer applies); expect
 * exit 1 with a message holding "<template path><where>" and `expected`. */
static void expect_rotate_template_error(char *(*edit)(const char *text, const void *arg), const void *arg,
                                         const char *where, const char *expected) {
  fixture f;
  if (!fixture_open(&f, NULL) || !fixture_copy_templates(&f)) { fixture_close(&f); return; }
  char path[1024];
  snprintf(path, sizeof path, "%s/stages/rotate.cu.tpl", f.templates);
  char *orig = read_text(path, NULL);
  char *text = orig ? edit(orig, arg) : NULL;
  CHECK_MSG(text != NULL, "cannot edit %s", path);
  if (text) {
    write_text(path, text);
    run_result r = generate(&f);
    CHECK_MSG(r.code == 1, "exit %d (expected 1), stderr:\n%s", r.code, r.err);
    char needle[1100];
    snprintf(needle, sizeof needle, "%s%s", path, where);
    CHECK_MSG(strstr(r.err, needle) != NULL, "message does not name [%s]:\n%s", needle, r.err);
    CHECK_MSG(strstr(r.err, expected) != NULL, "message does not contain [%s]:\n%s", expected, r.err);
    CHECK_MSG(!exists(f.out), "a failed generation created %s", f.out);
    run_free(&r);
  }
  free(orig);
  free(text);
  fixture_close(&f);
}

static char *insert_at_line_5(const char *text, const void *line) { return insert_line(text, 5, line); }

/* `line` inserted as line 5 of stages/rotate.cu.tpl. */
static void expect_template_error(const char *line, const char *expected) {
  expect_rotate_template_error(insert_at_line_5, line, ":5:", expected);
}

static char *replace_pair(const char *text, const void *pair) {
  const char *const *p = pair;
  return replace_once(text, p[0], p[1]);
}

/* A stage's declaration is checked when the templates are read: here a need,
 * a level and a parameter option that the stage's mapping does not know. */
static void expect_declaration_error(const char *find, const char *repl, const char *expected) {
  const char *pair[2] = {find, repl};
  expect_rotate_template_error(replace_pair, pair, ": stage declaration: ", expected);
}

TEST(test_generator_declaration_unknown_need) {
  expect_declaration_error("needs = { pairs = {", "needs = { \"row_reduce\", pairs = {",
                           "needs: expected needs of its mappings (block_phase, lane_reduce, pairs, whole_head, whole_token), got row_reduce");
}

TEST(test_generator_declaration_level_of_other_mapping) {
  expect_declaration_error("level = \"head\"", "level = \"row\"",
                           "level: expected a level of the heads mapping (head, token), got row");
}

TEST(test_generator_declaration_tested_not_tensor) {
  expect_declaration_error("{ \"dims\", \"symbol\", doc", "{ \"dims\", \"symbol\", tested = true, doc",
                           "params[2] (dims): tested = true only on a tensor parameter");
}

TEST(test_generator_declaration_streamed_not_input) {
  expect_declaration_error("{ \"dims\", \"symbol\", doc", "{ \"dims\", \"symbol\", streamed = true, doc",
                           "params[2] (dims): streamed = true only on a tensor parameter of access \"in\"");
}

TEST(test_generator_template_lua_error_line) {
  expect_template_error("% local x = nil + 1", "attempt to perform arithmetic on a nil value");
}

TEST(test_generator_template_unclosed_expression) {
  expect_template_error("// $(m.U", "unclosed $(");
}

TEST(test_generator_template_syntax_error_line) {
  expect_template_error("% for u = do", "unexpected symbol near 'do'");
}

/* ---- determinism and the output folder ------------------------------------------------ */

/* Generate into f->out; 1 on success. */
static int generate_ok(fixture *f) {
  run_result r = generate(f);
  int ok = r.code == 0;
  CHECK_MSG(ok, "generate: exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  return ok;
}

TEST(test_generator_deterministic_output) {
  fixture f;
  if (!fixture_open(&f, NULL)) { fixture_close(&f); return; }
  char out2[1024];
  snprintf(out2, sizeof out2, "%s/out2", f.root);
  run_result a = generate_into(&f, f.out, "generate");
  run_result b = generate_into(&f, out2, "generate");
  CHECK_MSG(a.code == 0 && b.code == 0, "exit %d and %d, stderr:\n%s\n%s", a.code, b.code, a.err, b.err);
  pathlist la = list_files(f.out), lb = list_files(out2);
  CHECK_MSG(la.count > 5, "only %zu files generated", la.count);
  CHECK_MSG(la.count == lb.count, "%zu files, then %zu", la.count, lb.count);
  for (size_t i = 0; i < la.count && i < lb.count; i++) {
    CHECK_MSG(!strcmp(la.items[i], lb.items[i]), "file lists differ: %s vs %s", la.items[i], lb.items[i]);
    char pa[4096], pb[4096];
    snprintf(pa, sizeof pa, "%s/%s", f.out, la.items[i]);
    snprintf(pb, sizeof pb, "%s/%s", out2, lb.items[i]);
    size_t na = 0, nb = 0;
    char *ta = read_text(pa, &na), *tb = read_text(pb, &nb);
    CHECK_MSG(ta && tb && na == nb && !memcmp(ta, tb, na), "%s differs between two runs", la.items[i]);
    free(ta);
    free(tb);
  }
  pathlist_free(&la);
  pathlist_free(&lb);
  run_free(&a);
  run_free(&b);
  fixture_close(&f);
}

static const struct timespec OLD_TIME = {978307200, 0}; /* 2001-01-01 */

/* Set every file under dir to OLD_TIME. */
static void age_files(const char *dir, const pathlist *files) {
  for (size_t i = 0; i < files->count; i++) {
    char p[4096];
    snprintf(p, sizeof p, "%s/%s", dir, files->items[i]);
    struct timespec times[2] = {OLD_TIME, OLD_TIME};
    utimensat(AT_FDCWD, p, times, 0);
  }
}

static int is_old(const char *dir, const char *rel) {
  char p[4096];
  snprintf(p, sizeof p, "%s/%s", dir, rel);
  struct stat st;
  return stat(p, &st) == 0 && st.st_mtim.tv_sec == OLD_TIME.tv_sec && st.st_mtim.tv_nsec == OLD_TIME.tv_nsec;
}

TEST(test_generator_unchanged_files_not_rewritten) {
  fixture f;
  if (!fixture_open(&f, NULL) || !generate_ok(&f)) { fixture_close(&f); return; }
  pathlist files = list_files(f.out);
  age_files(f.out, &files);
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  CHECK_MSG(strstr(r.out, " 0 changed") != NULL, "second run reports changes: %s", r.out);
  for (size_t i = 0; i < files.count; i++)
    CHECK_MSG(is_old(f.out, files.items[i]), "%s was rewritten though its content did not change", files.items[i]);
  pathlist again = list_files(f.out);
  CHECK_MSG(again.count == files.count, "%zu files, then %zu", files.count, again.count);
  pathlist_free(&again);
  pathlist_free(&files);
  run_free(&r);
  fixture_close(&f);
}

TEST(test_generator_rewrites_only_changed_file) {
  fixture f;
  if (!fixture_open(&f, NULL) || !generate_ok(&f)) { fixture_close(&f); return; }
  pathlist files = list_files(f.out);
  char path[4096];
  snprintf(path, sizeof path, "%s/rope_entry.c", f.out);
  char *orig = read_text(path, NULL);
  write_text(path, "/* edited by hand */\n");
  age_files(f.out, &files);
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  CHECK_MSG(strstr(r.out, " 1 changed") != NULL, "expected one changed file: %s", r.out);
  char *now = read_text(path, NULL);
  CHECK_MSG(orig && now && !strcmp(orig, now), "rope_entry.c was not restored");
  for (size_t i = 0; i < files.count; i++) {
    if (!strcmp(files.items[i], "rope_entry.c")) CHECK_MSG(!is_old(f.out, files.items[i]), "rope_entry.c not rewritten");
    else CHECK_MSG(is_old(f.out, files.items[i]), "%s was rewritten though its content did not change", files.items[i]);
  }
  free(orig);
  free(now);
  pathlist_free(&files);
  run_free(&r);
  fixture_close(&f);
}

TEST(test_generator_removes_stale_files) {
  fixture f;
  if (!fixture_open(&f, NULL) || !generate_ok(&f)) { fixture_close(&f); return; }
  char stale[1024], stale_dir[1024], stale2[1100];
  snprintf(stale, sizeof stale, "%s/kernels/old_sm90.cu", f.out);
  snprintf(stale_dir, sizeof stale_dir, "%s/retired", f.out);
  snprintf(stale2, sizeof stale2, "%s/retired/old_entry.c", f.out);
  write_text(stale, "// generated from gen/specs/old.lua by fusegen: do not edit\n");
  mkdir(stale_dir, 0755);
  write_text(stale2, "// generated from gen/specs/old.lua by fusegen: do not edit\n");
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  CHECK_MSG(!exists(stale), "stale %s was not removed", stale);
  CHECK_MSG(!exists(stale2), "stale %s was not removed", stale2);
  CHECK_MSG(!exists(stale_dir), "empty folder %s was not removed", stale_dir);
  char kept[1024];
  snprintf(kept, sizeof kept, "%s/kernels/rope_bf16_tabfp32_pairinterleaved.cu", f.out);
  CHECK_MSG(exists(kept), "%s was removed", kept);
  run_free(&r);
  fixture_close(&f);
}

/* A file in the output folder that fusegen did not write is never removed. */
TEST(test_generator_keeps_foreign_files) {
  fixture f;
  if (!fixture_open(&f, NULL) || !generate_ok(&f)) { fixture_close(&f); return; }
  char foreign[1024];
  snprintf(foreign, sizeof foreign, "%s/NOTES.txt", f.out);
  write_text(foreign, "my own notes\n");
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  CHECK_MSG(exists(foreign), "%s was removed though fusegen did not write it", foreign);
  CHECK_MSG(strstr(r.err, "NOTES.txt") != NULL && strstr(r.err, "left alone") != NULL,
            "no warning about the foreign file: %s", r.err);
  run_free(&r);
  fixture_close(&f);
}

/* Every file under dir, names and contents, as one text (to compare folders). */
static char *snapshot(const char *dir) {
  pathlist files = list_files(dir);
  size_t cap = 1 << 20, len = 0;
  char *all = malloc(cap);
  all[0] = 0;
  for (size_t i = 0; i < files.count; i++) {
    char p[4096];
    snprintf(p, sizeof p, "%s/%s", dir, files.items[i]);
    size_t n = 0;
    char *text = read_text(p, &n);
    size_t need = len + strlen(files.items[i]) + n + 8;
    if (need > cap) {
      while (need > cap) cap *= 2;
      all = realloc(all, cap);
    }
    len += (size_t)sprintf(all + len, "== %s\n", files.items[i]);
    if (text) memcpy(all + len, text, n);
    len += n;
    all[len] = 0;
    free(text);
  }
  pathlist_free(&files);
  return all;
}

/* A run that cannot write (here: a file size limit of 1 KiB, so writing a
 * changed file fails) exits 4 and leaves the output folder as it was: the new
 * output is staged beside it and only swapped in once complete. */
TEST(test_generator_failed_write_leaves_output_unchanged) {
  fixture f;
  if (!fixture_open(&f, NULL) || !generate_ok(&f)) { fixture_close(&f); return; }
  char path[4096], foreign[4096];
  snprintf(path, sizeof path, "%s/rope_entry.c", f.out);
  write_text(path, "/* edited by hand */\n");
  snprintf(foreign, sizeof foreign, "%s/NOTES.txt", f.out);
  write_text(foreign, "my own notes\n");
  char hidden[4096];
  snprintf(hidden, sizeof hidden, "%s/kernels/.keep", f.out);
  write_text(hidden, "a dot file of the user's\n");
  char *before = snapshot(f.out);
  char cmd[8192];
  snprintf(cmd, sizeof cmd,
           "trap '' XFSZ; ulimit -f 1; exec '%s' generate --specs '%s' --templates '%s' --out '%s' --archs sm_90",
           test_fusegen_path(), f.specs, f.templates, f.out);
  run_result r = run_shell(f.root, RUN_TIMEOUT, cmd);
  CHECK_MSG(r.code == 4, "generate with a 1 KiB file size limit: exit %d (want 4), stderr:\n%s", r.code, r.err);
  CHECK_MSG(strstr(r.err, "cannot write") != NULL && strstr(r.err, "left as it was") != NULL,
            "stderr does not say what failed: %s", r.err);
  char *after = snapshot(f.out);
  CHECK_MSG(!strcmp(before, after), "the output folder changed though the run failed");
  pathlist left = {0};
  DIR *d = opendir(f.root);
  struct dirent *e;
  while (d && (e = readdir(d)))
    if (strstr(e->d_name, "staging")) pathlist_add(&left, e->d_name);
  if (d) closedir(d);
  CHECK_MSG(left.count == 0, "a staging folder was left behind: %s", left.count ? left.items[0] : "");
  /* The same run without the limit succeeds and restores the file. */
  run_result ok = generate(&f);
  CHECK_MSG(ok.code == 0, "generate: exit %d, stderr:\n%s", ok.code, ok.err);
  char *now = read_text(path, NULL);
  CHECK_MSG(now && strstr(now, "do not edit"), "rope_entry.c not restored by a good run");
  CHECK_MSG(exists(foreign), "the foreign file was lost");
  CHECK_MSG(exists(hidden), "the foreign dot file kernels/.keep was lost when the new folder was swapped in");
  free(now);
  free(before);
  free(after);
  pathlist_free(&left);
  run_free(&ok);
  run_free(&r);
  fixture_close(&f);
}

TEST(test_generator_check_up_to_date) {
  fixture f;
  if (!fixture_open(&f, NULL) || !generate_ok(&f)) { fixture_close(&f); return; }
  run_result r = generate_into(&f, f.out, "check");
  CHECK_MSG(r.code == 0, "check on a fresh folder: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.out, r.err);
  CHECK_MSG(strstr(r.out, "up to date") != NULL, "check output: %s", r.out);
  run_free(&r);
  fixture_close(&f);
}

TEST(test_generator_check_modified_file) {
  fixture f;
  if (!fixture_open(&f, NULL) || !generate_ok(&f)) { fixture_close(&f); return; }
  char path[4096];
  snprintf(path, sizeof path, "%s/kernels/rope_fp16_tabfp32_pairhalf.cu", f.out);
  char *orig = read_text(path, NULL);
  CHECK_MSG(orig != NULL, "%s was not generated", path);
  if (orig) {
    char *edited = malloc(strlen(orig) + 32);
    strcpy(edited, orig);
    strcat(edited, "// hand edit\n");
    write_text(path, edited);
    run_result r = generate_into(&f, f.out, "check");
    CHECK_MSG(r.code == 3, "check after an edit: exit %d (expected 3), stdout:\n%s", r.code, r.out);
    CHECK_MSG(strstr(r.out, path) != NULL, "check does not print the differing path %s:\n%s", path, r.out);
    char *now = read_text(path, NULL);
    CHECK_MSG(now && !strcmp(now, edited), "check modified %s", path);
    free(now);
    free(edited);
    run_free(&r);
  }
  free(orig);
  fixture_close(&f);
}

TEST(test_generator_check_missing_file) {
  fixture f;
  if (!fixture_open(&f, NULL) || !generate_ok(&f)) { fixture_close(&f); return; }
  char path[4096];
  snprintf(path, sizeof path, "%s/fusegen_dispatch.c", f.out);
  remove(path);
  run_result r = generate_into(&f, f.out, "check");
  CHECK_MSG(r.code == 3, "check with a missing file: exit %d (expected 3), stdout:\n%s", r.code, r.out);
  CHECK_MSG(strstr(r.out, path) != NULL, "check does not print the missing path %s:\n%s", path, r.out);
  CHECK_MSG(!exists(path), "check wrote %s", path);
  run_free(&r);
  fixture_close(&f);
}

TEST(test_generator_check_stale_file) {
  fixture f;
  if (!fixture_open(&f, NULL) || !generate_ok(&f)) { fixture_close(&f); return; }
  char stale[1024];
  snprintf(stale, sizeof stale, "%s/kernels/old_sm90.cu", f.out);
  write_text(stale, "// generated from gen/specs/old.lua by fusegen: do not edit\n");
  run_result r = generate_into(&f, f.out, "check");
  CHECK_MSG(r.code == 3, "check with a stale file: exit %d (expected 3), stdout:\n%s", r.code, r.out);
  CHECK_MSG(strstr(r.out, stale) != NULL, "check does not print the stale path %s:\n%s", stale, r.out);
  CHECK_MSG(exists(stale), "check removed %s", stale);
  run_free(&r);
  fixture_close(&f);
}

/* ---- the command line ---------------------------------------------------------------- */

TEST(test_generator_cli_help) {
  fixture f;
  if (!fixture_open(&f, NULL)) { fixture_close(&f); return; }
  run_result r = fusegen_in(f.root, RUN_TIMEOUT, "--help");
  CHECK_MSG(r.code == 0, "--help: exit %d", r.code);
  CHECK_MSG(strstr(r.out, "usage: fusegen") != NULL, "--help does not print usage on stdout:\n%s", r.out);
  CHECK_MSG(strstr(r.out, "--archs") && strstr(r.out, "generate") && strstr(r.out, "check"),
            "usage does not list the commands and options:\n%s", r.out);
  run_free(&r);
  fixture_close(&f);
}

static void expect_usage_error(const char *args, const char *expected) {
  fixture f;
  if (!fixture_open(&f, NULL)) { fixture_close(&f); return; }
  run_result r = fusegen_in(f.root, RUN_TIMEOUT, "%s", args);
  CHECK_MSG(r.code == 2, "`fusegen %s`: exit %d (expected 2), stderr:\n%s", args, r.code, r.err);
  CHECK_MSG(strstr(r.err, expected) != NULL, "`fusegen %s`: message does not contain [%s]:\n%s", args, expected, r.err);
  CHECK_MSG(strstr(r.err, "usage: fusegen") != NULL, "`fusegen %s`: no usage text:\n%s", args, r.err);
  run_free(&r);
  fixture_close(&f);
}

/* --ops: a copy of some ops of a family (the library's specs); a name that no
 * spec defines is refused, naming the ops there are, and nothing is written. */
TEST(test_generator_cli_ops) {
  fixture f;
  if (!fixture_open(&f, NULL)) { fixture_close(&f); return; }
  run_result r = fusegen_in(f.root, RUN_TIMEOUT, "generate --ops 'rmsnorm, layernorm' --out '%s' --archs sm_90", f.out);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  run_free(&r);
  char path[1200];
  snprintf(path, sizeof path, "%s/kernels/rmsnorm_bf16.cu", f.out);
  CHECK_MSG(exists(path), "no %s", path);
  snprintf(path, sizeof path, "%s/kernels/layernorm_fp16.cu", f.out);
  CHECK_MSG(exists(path), "no %s", path);
  snprintf(path, sizeof path, "%s/kernels/fused_add_rmsnorm_bf16.cu", f.out);
  CHECK_MSG(!exists(path), "%s written for an op --ops does not name", path);
  snprintf(path, sizeof path, "%s/fusegen_ops.h", f.out);
  char *ops = read_text(path, NULL);
  CHECK_MSG(ops && strstr(ops, " fg_rmsnorm(") && strstr(ops, " fg_layernorm(") && !strstr(ops, " fg_rope("),
            "%s does not declare exactly the ops named", path);
  free(ops);
  char out2[1100];
  snprintf(out2, sizeof out2, "%s/out2", f.root);
  r = fusegen_in(f.root, RUN_TIMEOUT, "generate --ops rmsnorm,rms_norm --out '%s' --archs sm_90", out2);
  CHECK_MSG(r.code == 1, "an unknown op name: exit %d (expected 1), stderr:\n%s", r.code, r.err);
  CHECK_MSG(strstr(r.err, "--ops: expected names of ops (fused_add_rmsnorm, ") && strstr(r.err, "got \"rms_norm\""),
            "the message does not name the option, the ops and the name:\n%s", r.err);
  CHECK_MSG(!exists(out2), "a refused --ops wrote %s", out2);
  run_free(&r);
  fixture_close(&f);
}

TEST(test_generator_cli_unknown_command) { expect_usage_error("regenerate", "unknown command regenerate"); }

TEST(test_generator_cli_unknown_option) { expect_usage_error("generate --spec gen/specs", "unknown option --spec"); }

TEST(test_generator_cli_missing_value) { expect_usage_error("generate --out", "--out needs a value"); }

TEST(test_generator_cli_bad_archs) {
  /* A bad --archs value is reported by the Lua side (variants.lua parse_archs)
   * and exits 1, not 2; nothing is written. */
  static const char *const bad[] = {"sm_xx", "sm_60", "90", ""};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    fixture f;
    if (!fixture_open(&f, NULL)) { fixture_close(&f); return; }
    run_result r = fusegen_in(f.root, RUN_TIMEOUT, "generate --specs '%s' --out '%s' --archs '%s'", f.specs, f.out, bad[i]);
    CHECK_MSG(r.code == 2, "--archs '%s': exit %d (expected 2, a usage error), stderr:\n%s", bad[i], r.code, r.err);
    CHECK_MSG(strstr(r.err, "--archs") != NULL, "--archs '%s': message does not name --archs:\n%s", bad[i], r.err);
    CHECK_MSG(!exists(f.out), "--archs '%s': output written", bad[i]);
    run_free(&r);
    fixture_close(&f);
  }
}

TEST(test_generator_committed_output_up_to_date) {
  /* CI's check: generated/ as committed is what the specs and templates give. */
  char dir[] = "/tmp/fusegen_gen.XXXXXX";
  if (!mkdtemp(dir)) { CHECK_MSG(0, "mkdtemp: %s", strerror(errno)); return; }
  run_result r = fusegen_in(dir, RUN_TIMEOUT, "check");
  CHECK_MSG(r.code == 0, "`fusegen check`: exit %d; stdout:\n%s\nstderr:\n%s", r.code, r.out, r.err);
  run_free(&r);
  rm_rf(dir);
}

/* ---- the build's ptxas check --------------------------------------------------------- */

static int find_nvcc(char *buf, size_t n) {
  const char *home = getenv("CUDA_HOME");
  if (home && *home) {
    snprintf(buf, n, "%s/bin/nvcc", home);
    if (access(buf, X_OK) == 0) return 1;
  }
  snprintf(buf, n, "/usr/local/cuda/bin/nvcc");
  return access(buf, X_OK) == 0;
}

/* build.ninja's `nvcc_flags = ...` value. */
static int build_nvcc_flags(char *buf, size_t n) {
  char *text = read_text("build.ninja", NULL);
  if (!text) return 0;
  int found = 0;
  for (char *line = text; line && *line;) {
    char *nl = strchr(line, '\n');
    if (nl) *nl = 0;
    if (!strncmp(line, "nvcc_flags = ", 13)) {
      snprintf(buf, n, "%s", line + 13);
      found = 1;
      break;
    }
    line = nl ? nl + 1 : NULL;
  }
  free(text);
  return found;
}

/* Write src to dir/kernel.cu and compile it for sm_90 with `flags`. */
static run_result nvcc_compile(const char *dir, const char *nvcc, const char *flags, const char *src) {
  char cu[1024], obj[1100], cmd[8192];
  snprintf(cu, sizeof cu, "%s/kernel.cu", dir);
  snprintf(obj, sizeof obj, "%s/kernel.o", dir);
  write_text(cu, src);
  remove(obj);
  snprintf(cmd, sizeof cmd, "'%s' %s -gencode=arch=compute_90,code=sm_90 -c '%s' -o '%s'", nvcc, flags, cu, obj);
  return run_shell(dir, 300.0, cmd);
}

/* Indexing a local array with a run-time index forces it into local memory
 * (a stack frame): the build must reject that. */
static const char local_memory_kernel[] =
    "__global__ void uses_local(float *out, const float *in, const int *idx, int n) {\n"
    "  float a[64];\n"
    "  for (int j = 0; j < 64; j++) a[j] = in[j * n + threadIdx.x];\n"
    "  for (int j = 0; j < n; j++) a[idx[j] & 63] += 1.0f;\n"
    "  float s = 0.0f;\n"
    "  for (int j = 0; j < 64; j++) s += a[j] * a[63 - j];\n"
    "  out[threadIdx.x] = s;\n"
    "}\n";

static const char clean_kernel[] =
    "__global__ void clean(float *out, const float *in, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  float a[4];\n"
    "  for (int j = 0; j < 4; j++) a[j] = in[(i + j) % n];\n"
    "  if (i < n) out[i] = a[0] * a[1] + a[2] * a[3];\n"
    "}\n";

typedef struct {
  char nvcc[1024];
  char flags[2048];
  char dir[64];
} nvcc_setup;

static int nvcc_open(nvcc_setup *s) {
  memset(s, 0, sizeof *s);
  if (!find_nvcc(s->nvcc, sizeof s->nvcc)) return 0;
  CHECK_MSG(build_nvcc_flags(s->flags, sizeof s->flags), "no `nvcc_flags = ` line in build.ninja");
  CHECK_MSG(strstr(s->flags, "--warn-on-local-memory-usage") != NULL, "nvcc_flags lack --warn-on-local-memory-usage: %s", s->flags);
  CHECK_MSG(strstr(s->flags, "--warn-on-spills") != NULL, "nvcc_flags lack --warn-on-spills: %s", s->flags);
  CHECK_MSG(strstr(s->flags, "--warning-as-error") != NULL, "nvcc_flags lack --warning-as-error: %s", s->flags);
  snprintf(s->dir, sizeof s->dir, "/tmp/fusegen_nvcc.XXXXXX");
  if (!mkdtemp(s->dir)) { CHECK_MSG(0, "mkdtemp: %s", strerror(errno)); s->dir[0] = 0; }
  return 1;
}

TEST(test_generator_ptxas_rejects_local_memory) {
  nvcc_setup s;
  if (!nvcc_open(&s)) SKIP("nvcc not found in $CUDA_HOME/bin or /usr/local/cuda/bin");
  if (!s.dir[0]) return;
  /* the kernel itself is fine: it compiles without the ptxas checks */
  run_result plain = nvcc_compile(s.dir, s.nvcc, "-O3 -std=c++17", local_memory_kernel);
  CHECK_MSG(plain.code == 0, "the local-memory kernel does not compile even without the checks:\n%s", plain.err);
  run_result r = nvcc_compile(s.dir, s.nvcc, s.flags, local_memory_kernel);
  CHECK_MSG(r.code != 0, "nvcc with build.ninja's nvcc_flags accepted a kernel with a stack frame");
  CHECK_MSG(strstr(r.err, "Local memory") || strstr(r.err, "stack frame"),
            "nvcc failed, but not because of local memory:\n%s", r.err);
  run_free(&plain);
  run_free(&r);
  rm_rf(s.dir);
}

TEST(test_generator_ptxas_accepts_clean_kernel) {
  nvcc_setup s;
  if (!nvcc_open(&s)) SKIP("nvcc not found in $CUDA_HOME/bin or /usr/local/cuda/bin");
  if (!s.dir[0]) return;
  run_result r = nvcc_compile(s.dir, s.nvcc, s.flags, clean_kernel);
  CHECK_MSG(r.code == 0, "nvcc with build.ninja's nvcc_flags rejected a clean kernel: exit %d\n%s", r.code, r.err);
  char obj[1100];
  snprintf(obj, sizeof obj, "%s/kernel.o", s.dir);
  CHECK_MSG(exists(obj), "no object file written");
  run_free(&r);
  rm_rf(s.dir);
}

/* ---- untrusted spec text and names (docs/spec-format.md, "Names", "Text", "Bounds") ---- */

/* tests/fixtures/rope.lua with each (find, replace) pair applied once, in order; NULL-terminated. */
static char *rope_edited(const char *const *pairs) {
  char *text = strdup(rope_text() ? rope_text() : "");
  for (int i = 0; pairs[i] && text; i += 2) {
    char *next = replace_once(text, pairs[i], pairs[i + 1]);
    CHECK_MSG(next != NULL, "tests/fixtures/rope.lua no longer contains the text this test edits: %s", pairs[i]);
    free(text);
    text = next;
  }
  return text;
}

/* The CUDA headers' folder (the generated entry points include cuda_runtime_api.h). */
static int cuda_include(char *buf, size_t n) {
  const char *home = getenv("CUDA_HOME");
  snprintf(buf, n, "%s/include", home && *home ? home : "/usr/local/cuda");
  char header[4200];
  snprintf(header, sizeof header, "%s/cuda_runtime_api.h", buf);
  return access(header, R_OK) == 0;
}

/* cc -std=c11 -fsyntax-only (warnings as the build's cflags: -Wall -Wextra
 * -Werror) on probe.c (`#include "fusegen.h"` then probe_body) and, with
 * entries, on every <op>_entry.c of the output folder. */
static run_result compile_output(fixture *f, const char *probe_body, int entries) {
  char inc[4096], probe[1024], cmd[16384];
  cuda_include(inc, sizeof inc);
  snprintf(probe, sizeof probe, "%s/probe.c", f->root);
  char *src = malloc(strlen(probe_body) + 64);
  sprintf(src, "#include \"fusegen.h\"\n%s\n", probe_body);
  write_text(probe, src);
  free(src);
  snprintf(cmd, sizeof cmd, "cc -std=c11 -Wall -Wextra -Werror -Wno-format-truncation -fsyntax-only -I'%s' -I'%s' '%s'%s%s%s",
           f->out, inc, probe, entries ? " '" : "", entries ? f->out : "", entries ? "'/*_entry.c" : "");
  return run_shell(f->root, RUN_TIMEOUT, cmd);
}

/* The text with its C comments and string and character literals left out. */
static char *c_code_of(const char *s) {
  char *out = malloc(strlen(s) + 1), *o = out;
  while (*s) {
    if (s[0] == '/' && s[1] == '*') {
      const char *e = strstr(s + 2, "*/");
      s = e ? e + 2 : s + strlen(s);
      *o++ = ' ';
    } else if (s[0] == '/' && s[1] == '/') {
      while (*s && *s != '\n') s += (s[0] == '\\' && s[1]) ? 2 : 1;
    } else if (*s == '"' || *s == '\'') {
      char q = *s++;
      while (*s && *s != q && *s != '\n') s += (s[0] == '\\' && s[1]) ? 2 : 1;
      if (*s == q) s++;
      *o++ = ' ';
    } else {
      *o++ = *s++;
    }
  }
  *o = 0;
  return out;
}

/* No C file of the output folder has `word` in its code (outside comments and literals). */
static void expect_not_in_code(fixture *f, const char *word) {
  pathlist files = list_files(f->out);
  for (size_t i = 0; i < files.count; i++) {
    const char *name = files.items[i];
    size_t n = strlen(name);
    if (n < 3 || (strcmp(name + n - 2, ".h") && strcmp(name + n - 2, ".c") && strcmp(name + n - 3, ".cu"))) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", f->out, name);
    char *text = read_text(path, NULL);
    char *code = text ? c_code_of(text) : NULL;
    CHECK_MSG(code && !strstr(code, word), "%s: [%s] outside comments and string literals", path, word);
    free(code);
    free(text);
  }
  pathlist_free(&files);
}

/* Generate `text` as rope.lua; expect success, a header and entry points that
 * compile, a probe reading evil_injected that does not, and no evil_injected
 * outside comments and literals. */
static void expect_text_harmless(const char *text) {
  char inc[4096];
  if (!cuda_include(inc, sizeof inc)) SKIP("no CUDA headers in $CUDA_HOME/include or /usr/local/cuda/include");
  fixture f;
  if (!fixture_open(&f, text)) { fixture_close(&f); return; }
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  if (r.code == 0) {
    run_result ok = compile_output(&f, "int probe(void) { return FG_OK; }", 1);
    CHECK_MSG(ok.code == 0, "the header or an entry point does not compile:\n%s", ok.err);
    run_result bad = compile_output(&f, "int probe(void) { return evil_injected; }", 0);
    CHECK_MSG(bad.code != 0 && strstr(bad.err, "evil_injected") && strstr(bad.err, "undeclared"),
              "`return evil_injected;` after fusegen.h: exit %d (expected an undeclared identifier):\n%s", bad.code, bad.err);
    expect_not_in_code(&f, "evil_injected");
    run_free(&ok);
    run_free(&bad);
  }
  run_free(&r);
  fixture_close(&f);
}

/* The issue's first case: a summary that closes its comment. */
TEST(test_generator_text_comment_close_summary) {
  static const char *const edits[] = {"summary = \"rotary embedding with per-token cos/sin tables\"",
                                      "summary = \"x */ int evil_injected = 1; /* y\"", NULL};
  char *text = rope_edited(edits);
  if (text) expect_text_harmless(text);
  free(text);
}

/* A summary is one line: a line break (here before a directive) is refused. */
TEST(test_generator_text_summary_line_break_refused) {
  expect_spec_error("summary = \"rotary embedding with per-token cos/sin tables\"",
                    "summary = \"rope\\n#error evil_injected\\nint evil_injected;\"", "summary",
                    "a non-empty string on one line (no line break or other control character)");
}

/* Every text a spec gives, each holding what could leave a comment or a
 * literal: comment ends and starts, line breaks before a directive, a
 * backslash at a line's end, trigraphs (a question mark twice, then /: a
 * backslash in C11), control
 * characters, quotes and printf conversions. The op's doc, the tensor and
 * scalar docs (header comment), a constraint message and a rule axis's doc
 * (printf formats), keep_doc (a string argument). */
#define EVIL_TEXT "a */ int evil_injected = 1; /* b\\n#error evil_injected\\nint evil_injected;\\\\\\nint evil_injected; ?\?/\\n" \
                  "int evil_injected; \\\"); int evil_injected; (\\\" %s %n \\1\\r\\t\\127 ?\?= ?\?) ?\?' \\\\"
TEST(test_generator_text_escaped_everywhere) {
  static const char *const edits[] = {
      "doc = [[\n", "doc = \"" EVIL_TEXT "\" .. [[\n",
      "doc = \"activations, last dim contiguous\"", "doc = \"" EVIL_TEXT "\"",
      "doc = \"which elements form a rotated pair\"", "doc = \"" EVIL_TEXT "\"",
      "\"the rotary dims R = 2 * cos.shape[1] must be 2 to the head size D\"", "\"" EVIL_TEXT "\"",
      "from = \"rule\",\n      rule = { { \"full\"", "from = \"rule\", doc = \"" EVIL_TEXT "\",\n      rule = { { \"full\"",
      "  kernel = {", "  keep = function(v) return true end,\n  keep_doc = \"" EVIL_TEXT "\",\n  kernel = {",
      NULL};
  char *text = rope_edited(edits);
  if (text) expect_text_harmless(text);
  free(text);
}

/* The summary in Python (generated/python/fusegen_api.py): the OPS table's
 * string literal and the docstring of fusegen.rope hold it as given, quotes
 * and backslashes included. */
TEST(test_generator_text_python_literal) {
  run_result have = run_shell("/tmp", RUN_TIMEOUT, "python3 -c 'import runpy'");
  int python = have.code == 0;
  run_free(&have);
  if (!python) SKIP("no python3");
  static const char summary[] = "say \"hi\" \\ */ ?\?/ ''' \"\"\" %s \\n";
  static const char *const edits[] = {"summary = \"rotary embedding with per-token cos/sin tables\"",
                                      "summary = [[say \"hi\" \\ */ ?\?/ ''' \"\"\" %s \\n]]", NULL};
  char *text = rope_edited(edits);
  fixture f;
  if (!text || !fixture_open(&f, text)) { free(text); fixture_close(&f); return; }
  run_result r = generate(&f);
  CHECK_MSG(r.code == 0, "exit %d, stderr:\n%s", r.code, r.err);
  char expected[1024], cmd[4096];
  snprintf(expected, sizeof expected, "%s/expected.txt", f.root);
  write_text(expected, summary);
  snprintf(cmd, sizeof cmd,
           "python3 -c 'import runpy, sys; m = runpy.run_path(sys.argv[1]); s = open(sys.argv[2]).read(); "
           "sys.exit(0 if m[\"OPS\"][\"rope\"][\"summary\"] == s and s in m[\"rope\"].__doc__ else 3)' "
           "'%s/python/fusegen_api.py' '%s'",
           f.out, expected);
  run_result py = run_shell(f.root, RUN_TIMEOUT, cmd);
  CHECK_MSG(py.code == 0, "python/fusegen_api.py: exit %d (3: the summary differs)\n%s", py.code, py.err);
  run_free(&py);
  run_free(&r);
  free(text);
  fixture_close(&f);
}

/* The issue's third case: a tensor named int. */
TEST(test_generator_names_keyword_tensor_refused) {
  expect_spec_error("{ name = \"x\",   dims", "{ name = \"int\",   dims", "tensors[1].name",
                    "an argument name that is not a keyword of C or C++, got \"int\"");
}

/* Names that reach C and would be read as something else, each refused with its rule. */
TEST(test_generator_names_reserved_refused) {
  static const struct {
    const char *find, *repl, *field, *expected;
  } cases[] = {
      {"{ name = \"x\",   dims", "{ name = \"class\",   dims", "tensors[1].name", "not a keyword of C or C++"},
      {"{ name = \"x\",   dims", "{ name = \"int64_t\",   dims", "tensors[1].name", "not a C or CUDA type name"},
      {"{ name = \"x\",   dims", "{ name = \"dim3\",   dims", "tensors[1].name", "not a C or CUDA type name"},
      {"{ name = \"x\",   dims", "{ name = \"errno\",   dims", "tensors[1].name", "not a macro of the C library"},
      {"{ name = \"x\",   dims", "{ name = \"a__b\",   dims", "tensors[1].name", "without a double underscore"},
      {"{ name = \"x\",   dims", "{ name = \"x_\",   dims", "tensors[1].name", "does not end in _"},
      {"{ name = \"x\",   dims", "{ name = \"fg_x\",   dims", "tensors[1].name", "does not start with fg_"},
      {"{ name = \"x\",   dims", "{ name = \"stream\",   dims", "tensors[1].name", "the generated code does not use itself"},
      {"{ name = \"x\",   dims", "{ name = \"aligned16\",   dims", "tensors[1].name", "the generated code does not use itself"},
      {"{ name = \"x\",   dims", "{ name = \"inplace\",   dims", "tensors[1].name", "the generated code does not use itself"},
      {"{ name = \"pairing\", type", "{ name = \"cos_stride\", type", "scalars[1].name", "the generated code does not use itself"},
      {"{ name = \"pairing\", type", "{ name = \"index32\", type", "scalars[1].name", "the generated code does not use itself"},
      {"dims = { \"B?\", \"S\", \"H\", \"D\" }, dtype = \"act\",   access = \"in\"",
       "dims = { \"B?\", \"S\", \"H\", \"VEC\" }, dtype = \"act\",   access = \"in\"", "tensors[1].dims[4]", "not VEC"},
      {"dims = { \"B?\", \"S\", \"H\", \"D\" }, dtype = \"act\",   access = \"in\"",
       "dims = { \"B?\", \"S\", \"H\", \"NULL\" }, dtype = \"act\",   access = \"in\"", "tensors[1].dims[4]",
       "nor a macro of the C and CUDA headers"},
      {"dims = { \"B?\", \"S\", \"H\", \"D\" }, dtype = \"act\",   access = \"in\"",
       "dims = { \"B?\", \"S\", \"H\", \"FG_OK\" }, dtype = \"act\",   access = \"in\"", "tensors[1].dims[4]", "no underscore"},
      {"op = \"rope\",", "op = \"template\",", "op", "not a keyword of C or C++"},
      {"op = \"rope\",", "op = \"lambda\",", "op", "not a keyword of Python"},
      {"enums = { pairing = {", "enums = { f32 = {", "enums.f32", "other than the scalar types f32 and i64"},
      {"{ \"interleaved\", \"half\" }", "{ \"interleaved\", \"half_\" }", "enums.pairing[2]", "does not end in _"},
      {"{ name = \"rot\", ", "{ name = \"key\", ", "axes[5].name", "not a field the generator keeps in each variant"},
      {"prefix = \"tab\"", "prefix = \"_tab\"", "axes[2].prefix", "not starting with _"},
      {"{ \"full\", \"partial\" }", "{ \"full\", \"partial__x\" }", "axes[5].values[2]", "no double or trailing underscore"},
      {"{ \"full\", \"R == D\" }", "{ \"full\", \"R /* D */ == D\" }", "axes[5].rule[1][2]", "no comment (//, /*, */) or trigraph (?\?)"},
      {"{ \"full\", \"R == D\" }", "{ \"full\", \"R == D ?\?! 0\" }", "axes[5].rule[1][2]", "no comment (//, /*, */) or trigraph (?\?)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    expect_spec_error(cases[i].find, cases[i].repl, cases[i].field, cases[i].expected);
}

/* The entry point's own names (t_, c_, key_, p_...) cannot be hidden by a
 * tensor or scalar: tensors named t, key and sig, a scalar named p compile. */
TEST(test_generator_names_entry_locals_cannot_collide) {
  static const char *const edits[] = {
      "{ name = \"x\",   dims", "{ name = \"t\",   dims",
      "inplace_of = \"x\"", "inplace_of = \"t\"",
      "{ name = \"cos\", dims", "{ name = \"key\", dims",
      "{ name = \"sin\", dims", "{ name = \"sig\", dims",
      "{ name = \"pairing\", type", "{ name = \"p\", type",
      "from = \"dtype x\"", "from = \"dtype t\"",
      "from = \"dtype cos\"", "from = \"dtype key\"",
      "from = \"scalar pairing\"", "from = \"scalar p\"",
      "cos = \"cos\", sin = \"sin\" }", "cos = \"key\", sin = \"sig\" }",
      "head_sets = { { input = \"x\",", "head_sets = { { input = \"t\",",
      NULL};
  char *text = rope_edited(edits);
  if (text) expect_text_harmless(text);
  free(text);
}

/* rope.lua edited, as rope.lua (second == NULL) or as a second spec of that
 * name beside it: expect it refused naming itself, `field` and `expected`. */
static void expect_edited_refused(const char *second, const char *const *edits, const char *field, const char *expected) {
  char *text = rope_edited(edits);
  fixture f;
  if (!text || !fixture_open(&f, NULL)) { free(text); fixture_close(&f); return; }
  char path[1024], needle[256];
  const char *name = second ? second : "rope.lua";
  snprintf(path, sizeof path, "%s/%s", f.specs, name);
  write_text(path, text);
  run_result r = generate(&f);
  snprintf(needle, sizeof needle, "field '%s'", field);
  CHECK_MSG(r.code == 1, "%s: exit %d (expected 1), stderr:\n%s", name, r.code, r.err);
  CHECK_MSG(strstr(r.err, path) && strstr(r.err, needle) && strstr(r.err, expected),
            "%s: the message does not name %s, [%s] and [%s]:\n%s", name, path, needle, expected, r.err);
  CHECK_MSG(!exists(f.out), "a failed generation created %s", f.out);
  run_free(&r);
  free(text);
  fixture_close(&f);
}

/* No C name means two things: the runtime's fg_last_error and fg_status, and
 * the parameter struct fg_rope_params of op rope beside an op rope_params. */
/* An op name holding a word that starts variant names (a value of its first
   axis) is refused: variant names must split into op and variant. */
TEST(test_generator_names_op_splits_from_variant) {
  expect_spec_error("op = \"rope\",", "op = \"rope_bf16\",", "op",
                    "an op name without the word \"bf16\", which starts variant names (a value of its first axis, act)");
  expect_spec_error("op = \"rope\",", "op = \"fp16_rope\",", "op", "without the word \"fp16\"");
  /* a word that only contains a value is fine */
  fixture f;
  char *spec = read_text("tests/fixtures/rope.lua", NULL);
  char *edited = spec ? replace_once(spec, "op = \"rope\",", "op = \"rope_bf16x\",") : NULL;
  CHECK_MSG(edited != NULL, "cannot edit tests/fixtures/rope.lua");
  if (edited && fixture_open(&f, edited)) {
    run_result r = generate(&f);
    CHECK_MSG(r.code == 0, "op rope_bf16x refused: %s", r.err);
    run_free(&r);
  }
  fixture_close(&f);
  free(edited);
  free(spec);
}

TEST(test_generator_names_public_collisions) {
  expect_spec_error("op = \"rope\",", "op = \"last_error\",", "op", "fg_last_error is the runtime's");
  expect_spec_error("enums = { pairing = { \"interleaved\", \"half\" } }",
                    "enums = { pairing = { \"interleaved\", \"half\" }, status = { \"a\" } }", "enums.status",
                    "fg_status is the runtime's");
  expect_spec_error("enums = { pairing = { \"interleaved\", \"half\" } }",
                    "enums = { pairing = { \"interleaved\", \"half\" }, err = { \"shape\" } }", "enums.err[1]",
                    "FG_ERR_SHAPE is the runtime's");
  static const char *const params[] = {"op = \"rope\",", "op = \"rope_params\",", NULL};
  expect_edited_refused("rope_params.lua", params, "op",
                             "fg_rope_params is also the parameter struct of op rope");
  /* two variants of one name: rot = partial with access = vec16_scalar, and
     rot = partial_vec16 with access = scalar */
  static const char *const variants[] = {
      "values = { \"full\", \"partial\" }", "values = { \"full\", \"partial\", \"partial_vec16\" }",
      "{ \"partial\", \"1\" } } },", "{ \"partial\", \"1\" }, { \"partial_vec16\", \"1\" } } },",
      "values = { \"vec16\", \"scalar\" }", "values = { \"vec16\", \"scalar\", \"vec16_scalar\" }",
      "{ \"scalar\", \"1\" } } },", "{ \"scalar\", \"1\" }, { \"vec16_scalar\", \"1\" } } },",
      NULL};
  expect_edited_refused(NULL, variants, "axes", "is also the variant");
}

/* The issue's fourth case: a head size of 1000000 is refused at once, with the allowed range. */
TEST(test_generator_bounds_head_size) {
  expect_spec_error("values = { 64, 80, 96, 128, 256, 320, \"any\" }", "values = { 64, 1000000 }", "axes[4].values[2]",
                    "a size from 1 to 4096 (or \"any\", last, with any_when and any_max), got 1000000");
  fixture f;
  static const char *const edits[] = {"values = { 64, 80, 96, 128, 256, 320, \"any\" }", "values = { 64, 1000000 }", NULL};
  char *text = rope_edited(edits);
  if (!text || !fixture_open(&f, text)) { free(text); fixture_close(&f); return; }
  run_result r = generate(&f);
  CHECK_MSG(r.code == 1 && r.seconds < 2.0, "exit %d after %.1f s (expected 1, at once)", r.code, r.seconds);
  run_free(&r);
  free(text);
  fixture_close(&f);
}

TEST(test_generator_bounds_channels_and_variants) {
  expect_spec_error_in("gen/specs/norm_modulate.lua", "max_channels = 16384", "max_channels = 1000000",
                       "kernel.max_channels", "the largest C the kernels take (an integer, 1 to 65536), got 1000000");
  /* 3 act x 3 table x 2 pairing x 60 head sizes x 2 rot x 2 access = 4320 variants */
  char sizes[1024] = "values = { 64";
  for (int d = 2; d <= 60; d++) snprintf(sizes + strlen(sizes), sizeof sizes - strlen(sizes), ", %d", 64 + 8 * d);
  strcat(sizes, " }");
  expect_spec_error("values = { 64, 80, 96, 128, 256, 320, \"any\" }", sizes, "axes[6].values",
                    "axes with at most 4096 combinations of values (variants per GPU target), got 4320");
}

/* An out-of-memory outside the driver (here: while the inputs are read into
 * the Lua state, a 257 MiB file among the specs) ends with a message and exit
 * 1, the output folder as it was: all Lua work runs under a protected call. */
TEST(test_generator_out_of_memory_reading_inputs) {
  fixture f;
  if (!fixture_open(&f, NULL) || !generate_ok(&f)) { fixture_close(&f); return; }
  char *before = snapshot(f.out);
  char huge[1024];
  snprintf(huge, sizeof huge, "%s/zz_huge.lua", f.specs);
  int fd = open(huge, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  CHECK_MSG(fd >= 0 && ftruncate(fd, (off_t)257 << 20) == 0, "cannot make %s", huge);
  if (fd >= 0) close(fd);
  run_result r = generate(&f);
  CHECK_MSG(r.code == 1, "exit %d (expected 1), stderr:\n%s", r.code, r.err);
  CHECK_MSG(strstr(r.err, "fusegen: error: not enough memory (memory limit reached) while reading the inputs"),
            "no out-of-memory message:\n%s", r.err);
  char *after = snapshot(f.out);
  CHECK_MSG(!strcmp(before, after), "the output folder changed though the run failed");
  free(before);
  free(after);
  run_free(&r);
  fixture_close(&f);
}


/* Conditions are copied into the entry point as C: what is not a C condition
 * over the symbols is refused when the spec loads, not by the C compiler. */
TEST(test_generator_spec_condition_not_c) {
  static const struct {
    const char *find, *repl, *field, *expected;
  } cases[] = {
      {"D % VEC == 0\" }", "D % VEC ==&0\" }", "axes[6].rule[1][2]", "an operand expected before '&'"},
      {"{ \"full\", \"R == D\" }", "{ \"full\", \"R = D\" }", "axes[5].rule[1][2]", "'=' is not an operator of conditions (== compares)"},
      {"\"R >= 2 && R <= D\"", "\"R >= 2 && R <= D--1\"", "constraints[1][1]", "'--' is C's decrement"},
      {"\"R >= 2 && R <= D\"", "\"R >= 02 && R <= D\"", "constraints[1][1]", "has a leading zero (octal in C)"},
      {"\"R >= 2 && R <= D\"", "\"(R >= 2 && R <= D\"", "constraints[1][1]", "')' expected before the end"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    expect_spec_error(cases[i].find, cases[i].repl, cases[i].field, cases[i].expected);
  /* an optional tensor in a rule is a pointer: only tested */
  expect_spec_error_in("gen/specs/norm_modulate.lua", "{ \"nores\", \"!residual && !residual_gate && !residual_out\" }",
                       "{ \"nores\", \"residual * 2 && !residual_gate && !residual_out\" }", "axes[2].rule[1][2]",
                       "a tensor is only tested (with !, && or ||), not an operand of *");
}

/* A list with a hole (a nil among its elements, here an undefined name) is refused. */
TEST(test_generator_spec_list_with_hole) {
  expect_spec_error("values = { 64, 80, 96, 128, 256, 320, \"any\" }", "values = { 64, 80, d96, 128, 256, 320, \"any\" }",
                    "axes[4].values", "a list without holes (no nil among its elements) of values");
}
