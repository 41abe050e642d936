/* libFuzzer target: the spec loader and validator.
 *
 * Each input is the text of one spec. It goes through the generator's `list`
 * command (load in the sandbox, validate every field, expand the variants,
 * plan every variant's thread mapping) in a fresh Lua state, with the real
 * templates from gen/templates (run from the repository root). A spec may be
 * refused, but only with an error about the spec: an error raised inside the
 * generator's own code (a message naming gen/lua/fusegen/) is a bug, and so is
 * any crash or undefined behaviour that the sanitizers see.
 *
 * libFuzzer sees only C code; the validator is Lua. So every line the
 * generator's Lua code runs also counts as coverage (extra counters indexed
 * by a hash of chunk and line), which steers the fuzzer into the validator. */
#include "fs.h"
#include "generator.h"
#include "sandbox.h"

#include <lauxlib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lua line coverage, read by libFuzzer alongside its own counters. */
__attribute__((used, section("__libfuzzer_extra_counters"))) static uint8_t lua_lines[1 << 16];

static void count_line(lua_State *L, lua_Debug *ar) {
  if (!lua_getinfo(L, "S", ar)) return;
  uint32_t h = 2166136261u;
  for (const char *c = ar->source; *c; c++) h = (h ^ (uint8_t)*c) * 16777619u;
  h = (h ^ (uint32_t)ar->currentline) * 16777619u;
  uint8_t *counter = &lua_lines[(h ^ (h >> 16)) & (sizeof lua_lines - 1)];
  if (*counter < 255) ++*counter;
}

static gen_source_set templates;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (gen_sources_read("gen/templates", ".tpl", &templates, NULL) != 0 || templates.count == 0) {
    fprintf(stderr, "fuzz_spec: cannot read gen/templates (run from the repository root)\n");
    exit(2);
  }
  return 0;
}

/* Limits reached are the sandbox doing its job, wherever it stopped. */
static int is_limit(const char *msg) {
  return strstr(msg, "instruction budget exhausted") || strstr(msg, "memory limit reached") ||
         strstr(msg, "not enough memory") || strstr(msg, "stack overflow");
}

/* "gen/lua/fusegen/spec.lua:123:": a Lua error raised by the generator's code
   (a spec's own text may contain the folder name). */
static int raised_in_generator(const char *msg) {
  for (const char *p = strstr(msg, "gen/lua/fusegen/"); p; p = strstr(p + 1, "gen/lua/fusegen/")) {
    const char *q = p + strlen("gen/lua/fusegen/");
    while ((*q >= 'a' && *q <= 'z') || *q == '_') q++;
    if (strncmp(q, ".lua:", 5) != 0) continue;
    q += 5;
    if (*q < '0' || *q > '9') continue;
    while (*q >= '0' && *q <= '9') q++;
    if (*q == ':') return 1;
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* Smaller than the command's limits (256 MiB, 10^9 instructions) so that
     each input stays fast; every real spec needs far less. */
  sandbox_limits lim = {.used = 0, .limit = (size_t)64 << 20, .steps = 0, .max_steps = 2000, .on_line = count_line};
  lua_State *L = sandbox_new(&lim);
  if (!L) return 0;
  gen_source spec = {"fuzz.lua", "fuzz/fuzz.lua", (const char *)data, size};
  gen_request req = {.command = "list", .archs = "sm_90", .prefix = "fg", .specs = &spec, .n_specs = 1,
                     .templates = templates.items, .n_templates = templates.count};
  gen_result res;
  if (generator_run(L, &req, &res) != 0) {
    const char *msg = res.error;
    if (!strstr(msg, "fuzz/fuzz.lua")) {
      fprintf(stderr, "fuzz_spec: the error does not name the spec:\n%s\n", msg);
      abort();
    }
    if (raised_in_generator(msg) && !is_limit(msg)) {
      fprintf(stderr, "fuzz_spec: an error inside the generator instead of one about the spec:\n%s\n", msg);
      abort();
    }
  }
  lua_close(L);
  return 0;
}
