#include "generator.h"

#include <lauxlib.h>

static int msg_handler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  lua_pushstring(L, msg ? msg : "error object is not a string");
  return 1;
}

static void push_sources(lua_State *L, const gen_source *src, size_t n) {
  lua_createtable(L, (int)n, 0);
  for (size_t i = 0; i < n; i++) {
    lua_createtable(L, 0, 3);
    lua_pushstring(L, src[i].name);
    lua_setfield(L, -2, "name");
    lua_pushstring(L, src[i].path);
    lua_setfield(L, -2, "path");
    lua_pushlstring(L, src[i].text, src[i].len);
    lua_setfield(L, -2, "text");
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
}

int generator_run(lua_State *L, const gen_request *req) {
  lua_pushcfunction(L, msg_handler);
  int handler = lua_gettop(L);
  lua_getglobal(L, "require");
  lua_pushstring(L, "fusegen.driver");
  if (lua_pcall(L, 1, 1, handler) != LUA_OK) goto fail;
  lua_getfield(L, -1, "run");
  lua_createtable(L, 0, 6);
  lua_pushstring(L, req->command);
  lua_setfield(L, -2, "command");
  lua_pushstring(L, req->archs);
  lua_setfield(L, -2, "archs");
  lua_pushstring(L, req->prefix ? req->prefix : "fg");
  lua_setfield(L, -2, "prefix");
  push_sources(L, req->specs, req->n_specs);
  lua_setfield(L, -2, "specs");
  push_sources(L, req->templates, req->n_templates);
  lua_setfield(L, -2, "templates");
  push_sources(L, req->runtime, req->n_runtime);
  lua_setfield(L, -2, "runtime");
  if (lua_pcall(L, 1, 1, handler) != LUA_OK) goto fail;
  lua_replace(L, handler); /* the result where the handler was; drop the module */
  lua_settop(L, handler);
  return 0;
fail:
  lua_replace(L, handler);
  lua_settop(L, handler);
  return -1;
}
