/* The stage contract, as a careless spec writer breaks it. Every op of every
 * spec file under gen/specs is run through the generator with one mistake at
 * a time: a scalar, an enum, a tensor or a stage instance removed, an axis
 * renamed, one bound stage parameter dropped. Each must be refused naming the
 * spec file and a field (never a generator internal, a template line or a Lua
 * error), or be accepted and generate entry points that compile.
 *
 * The mistake is made on the spec's own tables: the spec's text runs inside a
 * wrapper that takes its op number `op`, breaks part number `k` of one kind,
 * and returns that op alone; past the last part it raises FGMUT_END (past the
 * last op FGMUT_NO_OP), which ends the kind. */
#define _POSIX_C_SOURCE 200809L
#include "gen_fixture.h"
#include "harness.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lua that breaks part k of op `__op` (kind by index); keys sorted, so that
   the part numbers are the same on every run. */
static const char *const mutations[] = {
    /* a scalar removed */
    "if k > #(__op.scalars or {}) then error('FGMUT_END') end table.remove(__op.scalars, k)",
    /* an enum removed */
    "local names = {} for n in pairs(__op.enums or {}) do names[#names + 1] = n end table.sort(names)\n"
    "if k > #names then error('FGMUT_END') end __op.enums[names[k]] = nil",
    /* a tensor removed */
    "if k > #__op.tensors then error('FGMUT_END') end table.remove(__op.tensors, k)",
    /* an axis renamed */
    "if k > #__op.axes then error('FGMUT_END') end __op.axes[k].name = __op.axes[k].name .. '_x'",
    /* a stage instance removed */
    "local all = {} for _, lvl in ipairs { 'token', 'head', 'row' } do\n"
    "  for i in ipairs(__op.kernel.stages[lvl] or {}) do all[#all + 1] = { lvl, i } end end\n"
    "if k > #all then error('FGMUT_END') end table.remove(__op.kernel.stages[all[k][1]], all[k][2])",
    /* a bound stage parameter dropped */
    "local all = {} for _, lvl in ipairs { 'token', 'head', 'row' } do\n"
    "  for i, inst in ipairs(__op.kernel.stages[lvl] or {}) do\n"
    "    if type(inst) == 'table' then local keys = {} for key in pairs(inst) do\n"
    "      if type(key) == 'string' and key ~= 'when' then keys[#keys + 1] = key end end\n"
    "      table.sort(keys) for _, key in ipairs(keys) do all[#all + 1] = { inst, key } end end end end\n"
    "if k > #all then error('FGMUT_END') end all[k][1][all[k][2]] = nil",
};
static const char *const kind_names[] = {"scalar removed", "enum removed", "tensor removed", "axis renamed",
                                         "stage removed", "stage parameter dropped"};
enum { NKINDS = sizeof mutations / sizeof mutations[0] };

static char *wrap(const char *text, int op, int kind, int k) {
  static const char fmt[] =
      "local __ops = (function() %s\nend)()\n"
      "local __list = __ops[1] and __ops or { __ops }\n"
      "local __op = __list[%d]\n"
      "if not __op then error('FGMUT_NO_OP') end\n"
      "local k = %d\n"
      "%s\n"
      "return __op\n";
  size_t n = strlen(fmt) + strlen(text) + strlen(mutations[kind]) + 64;
  char *out = malloc(n);
  snprintf(out, n, fmt, text, op, k, mutations[kind]);
  return out;
}

/* A refusal is clean when it names the spec file and a field, and nothing of
   the generator's own code or a Lua internal. */
static int clean_refusal(const char *msg, const char *file) {
  return strstr(msg, file) && strstr(msg, "field '") && !strstr(msg, "gen/lua/") && !strstr(msg, "templates/") &&
         !strstr(msg, "attempt to ") && !strstr(msg, "stack traceback") && !strstr(msg, "gave nil");
}

/* Accepted: the op's entry points must compile. */
static int entries_compile(const char *out) {
  const char *cuda = getenv("CUDA_HOME");
  char cmd[2048];
  snprintf(cmd, sizeof cmd,
           "for f in %s/*_entry.c; do cc -std=c11 -fsyntax-only -I%s -I%s/include \"$f\" || exit 1; done", out, out,
           cuda && *cuda ? cuda : "/usr/local/cuda");
  run_result r = run_shell(".", RUN_TIMEOUT, cmd);
  int ok = r.code == 0;
  if (!ok) fprintf(stderr, "    %s\n", r.err);
  run_free(&r);
  return ok;
}

typedef struct {
  int refused, accepted, bad;
} tally;

/* One mutant: generate (list first: cheaper; a refusal shows there). */
static void try_mutant(fixture *f, const char *file, const char *text, int op, int kind, int k, int *end, tally *t) {
  char *w = wrap(text, op, kind, k);
  write_text(f->spec, w);
  free(w);
  run_result r = fusegen_in(".", RUN_TIMEOUT, "list --specs %s --archs sm_90", f->specs);
  *end = 0;
  if (strstr(r.err, "FGMUT_END")) *end = 1;
  else if (strstr(r.err, "FGMUT_NO_OP")) *end = 2;
  else if (r.code == 1 && clean_refusal(r.err, f->spec)) t->refused++;
  else if (r.code == 0) {
    run_free(&r);
    rm_rf(f->out);
    r = fusegen_in(".", RUN_TIMEOUT, "generate --specs %s --out %s --archs sm_90", f->specs, f->out);
    if (r.code == 0 && entries_compile(f->out)) t->accepted++;
    else {
      t->bad++;
      CHECK_MSG(0, "%s op %d, %s %d: accepted by list, then: %s", file, op, kind_names[kind], k, r.err);
    }
  } else {
    t->bad++;
    CHECK_MSG(0, "%s op %d, %s %d: exit %d: %s", file, op, kind_names[kind], k, r.code, r.err);
  }
  run_free(&r);
}

TEST(test_contract_careless_specs) {
  DIR *d = opendir("gen/specs");
  if (!d) {
    CHECK_MSG(0, "cannot read gen/specs: run the tests from the repository root");
    return;
  }
  pathlist files = {0};
  for (struct dirent *e; (e = readdir(d));) {
    size_t n = strlen(e->d_name);
    if (n > 4 && !strcmp(e->d_name + n - 4, ".lua")) pathlist_add(&files, e->d_name);
  }
  closedir(d);
  tally t = {0};
  for (size_t i = 0; i < files.count; i++) {
    char path[512];
    snprintf(path, sizeof path, "gen/specs/%s", files.items[i]);
    char *text = read_text(path, NULL);
    fixture f;
    if (!text || !fixture_open(&f, text)) {
      CHECK_MSG(0, "cannot set up %s", path);
      free(text);
      continue;
    }
    int last_op = 0;
    for (int op = 1; !last_op; op++) {
      for (int kind = 0; kind < NKINDS && !last_op; kind++) {
        for (int k = 1;; k++) {
          int end;
          try_mutant(&f, files.items[i], text, op, kind, k, &end, &t);
          if (end == 2) last_op = 1;
          if (end) break;
        }
      }
    }
    fixture_close(&f);
    free(text);
  }
  pathlist_free(&files);
  /* the mutants must exist (a wrapper that broke nothing would pass vacuously) */
  CHECK_MSG(t.refused > 300, "only %d mutants refused", t.refused);
  printf("    careless specs: %d refused cleanly, %d accepted (entry points compile), %d mishandled\n", t.refused,
         t.accepted, t.bad);
}
