/* One run of the generator's Lua side (fusegen.driver.run) on specs and
   templates already in memory: shared by the fusegen command and the spec
   fuzzer, so both exercise the same path. */
#ifndef FUSEGEN_GENERATOR_H
#define FUSEGEN_GENERATOR_H
#include "fs.h"
#include "output.h"

#include <lua.h>
#include <stddef.h>

typedef struct {
  const char *name; /* relative to its folder: "rope.lua", "stages/load.cu.tpl" */
  const char *path; /* as errors name it: "gen/specs/rope.lua" */
  const char *text;
  size_t len;
} gen_source;

/* Every file under a folder ending in a suffix, read into memory, sorted by name. */
typedef struct {
  gen_source *items;
  size_t count;
} gen_source_set;

/* 0, or -1 with a message on stderr; each path read is added to `read` (may be NULL). */
int gen_sources_read(const char *dir, const char *suffix, gen_source_set *out, strlist *read);
void gen_sources_free(gen_source_set *s);

typedef struct {
  const char *command;      /* "generate", "check" or "list"; "host": the headers and entry points only (the spec fuzzer's) */
  const char *archs;        /* "sm_80,sm_90" */
  const char *ops;          /* NULL: every op; else the op names to emit, comma or space separated */
  const char *prefix;       /* the symbol prefix: "fg" gives fg_rope, FG_OK */
  const gen_source *specs;  /* gen/specs/ *.lua */
  size_t n_specs;
  const gen_source *templates; /* gen/templates/ *.tpl */
  size_t n_templates;
  const gen_source *runtime; /* runtime/ *.c, *.h: copied into the output, prefixed */
  size_t n_runtime;
  const gen_source *tuning; /* gen/tuning/sm_<N>.lua: tile parameters per GPU target */
  size_t n_tuning;
  int tune_build;           /* 1: the tuner's candidate kernels of the variants the tuning files name */
  int neutral_text;         /* "host" only: also each file as neutral/<name>, rendered with every text of the
                               specs replaced by one word (the spec fuzzer compares their code) */
} gen_request;

/* What a run gave. The texts live in the Lua state: valid until it is closed. */
typedef struct {
  const char *listing;       /* "list": the listing; otherwise NULL */
  size_t listing_len;
  const output_file *files;  /* the other commands: every file, sorted by name */
  size_t n_files;
  const char *error;         /* on failure: what went wrong, one message */
} gen_result;

/* One run of the driver. All of its Lua work (the request table, the driver,
   reading what it returns) runs under one protected call, so any error, an
   out-of-memory included, ends here: 0 and *res filled, or -1 and res->error. */
int generator_run(lua_State *L, const gen_request *req, gen_result *res);

#endif
