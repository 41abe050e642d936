/* fusegen: reads op specs (Lua), composes stage templates into unrolled CUDA
   kernels and writes them, with the dispatch table and headers, into generated/.
   All generation logic lives in the embedded Lua modules (gen/lua/fusegen/);
   this file only reads and writes files and runs the sandboxed Lua state. */
#define _POSIX_C_SOURCE 200809L
#include "fs.h"
#include "generator.h"
#include "output.h"
#include "sandbox.h"

#include <lauxlib.h>
#include <lua.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EXIT_OK = 0, EXIT_SPEC = 1, EXIT_USAGE = 2, EXIT_DIFF = 3, EXIT_IO = 4 };

static const char usage[] =
    "usage: fusegen COMMAND [OPTIONS]\n"
    "\n"
    "commands:\n"
    "  generate   regenerate the output folder from the specs and templates\n"
    "  check      regenerate in memory; fail if the output folder differs\n"
    "  list       print every op and variant with its dispatch key\n"
    "  stages     print the stage library: each stage's declared contract (Markdown)\n"
    "  --help     this text\n"
    "\n"
    "options:\n"
    "  --specs DIR       spec folder (default gen/specs)\n"
    "  --templates DIR   template folder (default gen/templates)\n"
    "  --out DIR         output folder (default generated)\n"
    "  --archs LIST      GPU targets, comma or space separated (default sm_80,sm_90,sm_100)\n"
    "  --ops LIST        only these ops, comma or space separated (a copy of some ops\n"
    "                    of a family); every spec is still read and checked\n"
    "  --prefix NAME     symbol prefix of the generated code (default fg: fg_rope, FG_OK);\n"
    "                    a lower-case C identifier of 1 to 16 characters\n"
    "  --runtime DIR     runtime sources copied into the output (default runtime)\n"
    "  --tuning DIR      per-GPU tuning data sm_<N>.lua and sm_<N>_<model>.lua\n"
    "                    (default: the folder tuning beside the spec folder,\n"
    "                    gen/tuning; none if it is missing)\n"
    "  --tune-build      write the tuner's build instead: for each variant a tuning\n"
    "                    file names, one kernel per candidate tile set of its\n"
    "                    spec's `tune`; every other variant left out\n"
    "  --depfile FILE    write a Ninja depfile naming every spec and template read\n"
    "  --dep-target NAME the depfile's target (default build.ninja)\n"
    "\n"
    "exit codes: 0 success; 1 invalid spec or template (the message names file,\n"
    "field or line); 2 usage error; 3 check found differences; 4 file error.\n";

typedef struct {
  const char *command, *specs, *templates, *out, *archs, *depfile, *dep_target, *prefix, *runtime, *tuning, *ops;
  int tune_build;
} options;

/* "./gen//specs/" -> "gen/specs": file headers name the spec by this path, so
   the output must not depend on how the folder was spelled. */
static const char *normalize_dir(const char *in) {
  static char bufs[8][4096];
  static int next;
  char *out = bufs[next++ % 8];
  size_t n = 0;
  while (in[0] == '.' && in[1] == '/') in += 2;
  for (; *in && n < sizeof bufs[0] - 1; in++) {
    if (*in == '/' && n > 0 && out[n - 1] == '/') continue;
    if (*in == '/' && in[1] == '.' && in[2] == '/') { in++; continue; }
    out[n++] = *in;
  }
  while (n > 1 && out[n - 1] == '/') n--;
  out[n] = 0;
  return out;
}

static int parse_args(int argc, char **argv, options *o) {
  *o = (options){NULL, "gen/specs", "gen/templates", "generated", "sm_80,sm_90,sm_100", NULL, "build.ninja", "fg",
                 "runtime", NULL, NULL, 0};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char **slot = NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { o->command = "help"; return 0; }
    if (!strcmp(a, "--tune-build")) { o->tune_build = 1; continue; }
    if (!strcmp(a, "--specs")) slot = &o->specs;
    else if (!strcmp(a, "--templates")) slot = &o->templates;
    else if (!strcmp(a, "--out")) slot = &o->out;
    else if (!strcmp(a, "--archs")) slot = &o->archs;
    else if (!strcmp(a, "--depfile")) slot = &o->depfile;
    else if (!strcmp(a, "--dep-target")) slot = &o->dep_target;
    else if (!strcmp(a, "--prefix")) slot = &o->prefix;
    else if (!strcmp(a, "--runtime")) slot = &o->runtime;
    else if (!strcmp(a, "--tuning")) slot = &o->tuning;
    else if (!strcmp(a, "--ops")) slot = &o->ops;
    if (slot) {
      if (++i >= argc) { fprintf(stderr, "fusegen: %s needs a value\n", a); return -1; }
      *slot = slot == &o->ops ? argv[i] : normalize_dir(argv[i]);
    } else if (a[0] == '-') {
      fprintf(stderr, "fusegen: unknown option %s\n", a);
      return -1;
    } else if (!o->command) {
      o->command = a;
    } else {
      fprintf(stderr, "fusegen: unexpected argument %s\n", a);
      return -1;
    }
  }
  if (!o->command) { fprintf(stderr, "fusegen: no command given\n"); return -1; }
  /* --archs: GPU targets such as sm_90, separated by commas or spaces */
  int targets = 0;
  for (const char *p = o->archs; *p;) {
    if (*p == ',' || *p == ' ') { p++; continue; }
    if (strncmp(p, "sm_", 3) != 0 || !isdigit((unsigned char)p[3])) {
      fprintf(stderr, "fusegen: --archs: expected GPU targets such as sm_80,sm_90,sm_100, got \"%s\"\n", o->archs);
      return -1;
    }
    int sm = atoi(p + 3);
    for (p += 3; isdigit((unsigned char)*p); p++) {}
    if ((*p && *p != ',' && *p != ' ') || sm < 70) {
      fprintf(stderr, "fusegen: --archs: expected GPU targets such as sm_80,sm_90,sm_100, got \"%s\"\n", o->archs);
      return -1;
    }
    targets++;
  }
  if (!targets) { fprintf(stderr, "fusegen: --archs: expected at least one GPU target\n"); return -1; }
  /* --prefix: names every exported symbol, so two copies can share a program */
  size_t plen = strlen(o->prefix);
  int pok = plen >= 1 && plen <= 16 && islower((unsigned char)o->prefix[0]);
  for (size_t i = 0; i < plen; i++) pok &= islower((unsigned char)o->prefix[i]) || isdigit((unsigned char)o->prefix[i]);
  if (!pok) {
    fprintf(stderr, "fusegen: --prefix: expected 1 to 16 lower-case letters and digits, starting with a letter, got \"%s\"\n",
            o->prefix);
    return -1;
  }
  if (strcmp(o->command, "generate") && strcmp(o->command, "check") && strcmp(o->command, "list") &&
      strcmp(o->command, "stages")) {
    fprintf(stderr, "fusegen: unknown command %s\n", o->command);
    return -1;
  }
  return 0;
}

static int write_depfile(const char *depfile, const char *target, const strlist *read) {
  FILE *f = fopen(depfile, "w");
  if (!f) return -1;
  fprintf(f, "%s:", target);
  for (size_t i = 0; i < read->count; i++) fprintf(f, " \\\n  %s", read->items[i]);
  fprintf(f, "\n");
  return fclose(f);
}

int main(int argc, char **argv) {
  options o;
  if (parse_args(argc, argv, &o) != 0) { fputs(usage, stderr); return EXIT_USAGE; }
  if (!strcmp(o.command, "help")) { fputs(usage, stdout); return EXIT_OK; }

  /* 256 MiB and 10^9 Lua instructions: all of generated/ takes a few percent of either. */
  sandbox_limits lim = {.used = 0, .limit = (size_t)256 << 20, .steps = 0, .max_steps = 100000};
  lua_State *L = sandbox_new(&lim);
  if (!L) { fprintf(stderr, "fusegen: error: cannot create the Lua state (not enough memory)\n"); return EXIT_SPEC; }

  strlist read = {0};
  gen_source_set specs, templates, rt_c, rt_h, tuning;
  if (gen_sources_read(o.specs, ".lua", &specs, &read) != 0) return EXIT_IO;
  if (gen_sources_read(o.templates, ".tpl", &templates, &read) != 0) return EXIT_IO;
  if (gen_sources_read(o.runtime, ".c", &rt_c, &read) != 0 || gen_sources_read(o.runtime, ".h", &rt_h, &read) != 0)
    return EXIT_IO;
  /* tuning data beside the specs it tunes (gen/specs -> gen/tuning) unless --tuning names a
     folder; that default may be missing (the specs' tiles then), a named folder may not */
  char tuning_dir[4096];
  const int tuning_named = o.tuning != NULL;
  if (!tuning_named) {
    const char *slash = strrchr(o.specs, '/');
    snprintf(tuning_dir, sizeof tuning_dir, "%.*stuning", slash ? (int)(slash - o.specs) + 1 : 0, o.specs);
    o.tuning = tuning_dir;
  }
  if (!tuning_named && access(o.tuning, F_OK) != 0) tuning = (gen_source_set){0};
  else if (gen_sources_read(o.tuning, ".lua", &tuning, &read) != 0) return EXIT_IO;
  /* the runtime's C files, then its headers (python/ and other folders are not part of it) */
  size_t n_runtime = 0;
  gen_source *runtime = calloc(rt_c.count + rt_h.count + 1, sizeof *runtime);
  for (size_t i = 0; i < rt_c.count; i++)
    if (!strchr(rt_c.items[i].name, '/')) runtime[n_runtime++] = rt_c.items[i];
  for (size_t i = 0; i < rt_h.count; i++)
    if (!strchr(rt_h.items[i].name, '/')) runtime[n_runtime++] = rt_h.items[i];
  gen_request req = {.command = o.command, .archs = o.archs, .prefix = o.prefix, .ops = o.ops,
                     .specs = specs.items, .n_specs = specs.count,
                     .templates = templates.items, .n_templates = templates.count,
                     .runtime = runtime, .n_runtime = n_runtime,
                     .tuning = tuning.items, .n_tuning = tuning.count, .tune_build = o.tune_build};
  gen_result res;
  int failed = generator_run(L, &req, &res);
  free(runtime);
  gen_sources_free(&specs);
  gen_sources_free(&templates);
  gen_sources_free(&rt_c);
  gen_sources_free(&rt_h);
  gen_sources_free(&tuning);
  if (failed) {
    fprintf(stderr, "fusegen: error: %s\n", res.error);
    strlist_free(&read);
    lua_close(L);
    return EXIT_SPEC;
  }
  int rc = EXIT_OK;
  if (res.listing) fwrite(res.listing, 1, res.listing_len, stdout);
  else if (!strcmp(o.command, "check")) rc = output_check(o.out, res.files, res.n_files);
  else rc = output_write(o.out, res.files, res.n_files);
  if (rc == EXIT_OK && o.depfile) {
    if (write_depfile(o.depfile, o.dep_target, &read) != 0) {
      fprintf(stderr, "fusegen: cannot write %s\n", o.depfile);
      rc = EXIT_IO;
    }
  }
  strlist_free(&read);
  lua_close(L);
  return rc;
}
