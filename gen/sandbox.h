/* The generator's Lua state: no io, no os, no debug, no file loading;
   a memory limit and an instruction budget so that a spec or a template
   that loops or allocates without end stops with a clear error. */
#ifndef FUSEGEN_SANDBOX_H
#define FUSEGEN_SANDBOX_H
#include <lua.h>
#include <stddef.h>

typedef struct {
  size_t used, limit;         /* bytes */
  long long steps, max_steps; /* in units of FG_HOOK_STEP instructions */
  /* Optional: called on every new line Lua runs (the spec fuzzer's coverage). */
  void (*on_line)(lua_State *L, lua_Debug *ar);
} sandbox_limits;

/* A new state with the pure libraries and require() of the generator's own
   embedded modules (fusegen.*), set up under a protected call; NULL if that
   fails (no memory). */
lua_State *sandbox_new(sandbox_limits *lim);

#endif
