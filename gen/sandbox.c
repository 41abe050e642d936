#include "sandbox.h"
#include "embedded.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FG_HOOK_STEP 10000

static void *limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  sandbox_limits *lim = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    lim->used -= old;
    return NULL;
  }
  if (nsize > old && lim->used - old + nsize > lim->limit) return NULL; /* Lua raises "not enough memory" */
  void *p = realloc(ptr, nsize);
  if (p) lim->used = lim->used - old + nsize;
  return p;
}

static void count_hook(lua_State *L, lua_Debug *ar) {
  sandbox_limits *lim;
  lua_getallocf(L, (void **)&lim);
  if (ar->event == LUA_HOOKLINE) {
    if (lim->on_line) lim->on_line(L, ar);
    return;
  }
  if (++lim->steps <= lim->max_steps) return;
  /* From now on every instruction fails, so a pcall in a spec cannot swallow
     the error and go on looping. */
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  /* Name what was running: the driver keeps it in the global FUSEGEN_ACTIVITY. */
  lua_getglobal(L, "FUSEGEN_ACTIVITY");
  const char *what = lua_tostring(L, -1);
  char msg[512];
  snprintf(msg, sizeof msg,
           "%s: instruction budget exhausted (%lld million instructions): does a spec or template loop forever?",
           what ? what : "fusegen", (long long)lim->max_steps * FG_HOOK_STEP / 1000000);
  lua_pop(L, 1);
  lua_pushstring(L, msg);
  lua_error(L);
}

/* The state's libraries and globals, set up under lua_pcall (open_sandbox). */
static void open_libraries(lua_State *L) {
  /* Only the pure libraries: no io, os, package, debug. */
  static const luaL_Reg libs[] = {
      {LUA_GNAME, luaopen_base},     {LUA_TABLIBNAME, luaopen_table},
      {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
      {LUA_UTF8LIBNAME, luaopen_utf8}, {NULL, NULL}};
  for (const luaL_Reg *l = libs; l->func; l++) {
    luaL_requiref(L, l->name, l->func, 1);
    lua_pop(L, 1);
  }
  /* Nothing may reach the file system from Lua. */
  static const char *const banned[] = {"dofile", "loadfile", NULL};
  for (const char *const *b = banned; *b; b++) {
    lua_pushnil(L);
    lua_setglobal(L, *b);
  }
  /* Strings share one metatable whose __index is the string library: hide it,
     so that a spec cannot patch string functions the generator relies on. */
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) {
    lua_pushliteral(L, "the string metatable is not available to specs");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

static int embedded_require(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, "fusegen.loaded");
  lua_getfield(L, -1, name);
  if (!lua_isnil(L, -1)) return 1;
  lua_pop(L, 1);
  for (size_t i = 0; i < embedded_module_count; i++) {
    const embedded_module *m = &embedded_modules[i];
    if (strcmp(m->module, name) != 0) continue;
    char chunkname[512];
    snprintf(chunkname, sizeof chunkname, "@%s", m->path);
    if (luaL_loadbufferx(L, m->source, m->length, chunkname, "t") != LUA_OK) return lua_error(L);
    lua_pushstring(L, name);
    lua_call(L, 1, 1);
    if (lua_isnil(L, -1)) { lua_pop(L, 1); lua_pushboolean(L, 1); }
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, name);
    return 1;
  }
  return luaL_error(L, "module '%s' is not part of the generator", name);
}

static int open_sandbox(lua_State *L) {
  open_libraries(L);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, "fusegen.loaded");
  lua_pushcfunction(L, embedded_require);
  lua_setglobal(L, "require");
  return 0;
}

lua_State *sandbox_new(sandbox_limits *lim) {
  lua_State *L = lua_newstate(limited_alloc, lim);
  if (!L) return NULL;
  lua_pushcfunction(L, open_sandbox);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
    lua_close(L);
    return NULL;
  }
  lua_sethook(L, count_hook, LUA_MASKCOUNT | (lim->on_line ? LUA_MASKLINE : 0), FG_HOOK_STEP);
  return L;
}
