/* One run of the generator's Lua side (fusegen.driver.run) on specs and
   templates already in memory: shared by the fusegen command and the spec
   fuzzer, so both exercise the same path. */
#ifndef FUSEGEN_GENERATOR_H
#define FUSEGEN_GENERATOR_H
#include "fs.h"

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
  const char *command;      /* "generate", "check" or "list" */
  const char *archs;        /* "sm_80,sm_90" */
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
} gen_request;

/* 0: the driver's result table is on top of L's stack ({files = {path = text}}
   or {listing = text}); -1: an error message is on top instead. */
int generator_run(lua_State *L, const gen_request *req);

#endif
