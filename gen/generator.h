/* One run of the generator's Lua side (fusegen.driver.run) on specs and
   templates already in memory: shared by the fusegen command and the spec
   fuzzer, so both exercise the same path. */
#ifndef FUSEGEN_GENERATOR_H
#define FUSEGEN_GENERATOR_H
#include <lua.h>
#include <stddef.h>

typedef struct {
  const char *name; /* relative to its folder: "rope.lua", "stages/load.cu.tpl" */
  const char *path; /* as errors name it: "gen/specs/rope.lua" */
  const char *text;
  size_t len;
} gen_source;

/* command: "generate", "check" or "list"; archs: "sm_80,sm_90".
   0: the driver's result table is on top of L's stack ({files = {path = text}}
   or {listing = text}); -1: an error message is on top instead. */
int generator_run(lua_State *L, const char *command, const char *archs, const gen_source *specs, size_t n_specs,
                  const gen_source *templates, size_t n_templates);

#endif
