#define _POSIX_C_SOURCE 200809L
#include "generator.h"

#include "fs.h"

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  lua_createtable(L, 0, 8);
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
  push_sources(L, req->tuning, req->n_tuning);
  lua_setfield(L, -2, "tuning");
  lua_pushboolean(L, req->tune_build);
  lua_setfield(L, -2, "tune_build");
  if (lua_pcall(L, 1, 1, handler) != LUA_OK) goto fail;
  lua_replace(L, handler); /* the result where the handler was; drop the module */
  lua_settop(L, handler);
  return 0;
fail:
  lua_replace(L, handler);
  lua_settop(L, handler);
  return -1;
}

void gen_sources_free(gen_source_set *s) {
  for (size_t i = 0; i < s->count; i++) {
    free((char *)s->items[i].name);
    free((char *)s->items[i].path);
    free((char *)s->items[i].text);
  }
  free(s->items);
}

int gen_sources_read(const char *dir, const char *suffix, gen_source_set *out, strlist *read) {
  strlist names = {0};
  *out = (gen_source_set){0};
  if (fs_list(dir, suffix, &names) != 0) {
    fprintf(stderr, "fusegen: cannot read folder %s\n", dir);
    return -1;
  }
  out->items = calloc(names.count ? names.count : 1, sizeof *out->items);
  for (size_t i = 0; i < names.count && out->items; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names.items[i]);
    size_t len;
    char *text = fs_read(path, &len);
    if (!text) { fprintf(stderr, "fusegen: cannot read %s\n", path); strlist_free(&names); return -1; }
    if (read) strlist_add(read, path);
    out->items[out->count++] = (gen_source){strdup(names.items[i]), strdup(path), text, len};
  }
  strlist_free(&names);
  return out->items ? 0 : -1;
}
