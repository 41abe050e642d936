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

/* What run_driver works on. `oom` is the message for an out-of-memory in the
   step under way (Lua's own is a bare "not enough memory"). */
typedef struct {
  const gen_request *req;
  gen_result *res;
  const char *oom;
} run_state;

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

/* The driver's argument: the command, its options and every input. */
static void push_request(lua_State *L, const gen_request *req) {
  lua_createtable(L, 0, 9);
  lua_pushstring(L, req->command);
  lua_setfield(L, -2, "command");
  lua_pushstring(L, req->archs);
  lua_setfield(L, -2, "archs");
  if (req->ops) {
    lua_pushstring(L, req->ops);
    lua_setfield(L, -2, "ops");
  }
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
  lua_pushboolean(L, req->neutral_text);
  lua_setfield(L, -2, "neutral_text");
}

static int cmp_output(const void *a, const void *b) {
  return strcmp(((const output_file *)a)->name, ((const output_file *)b)->name);
}

/* The table {name = text} at files_idx as an array sorted by name, in a new
   userdatum on the stack (the strings stay alive in the table). */
static void read_files(lua_State *L, int files_idx, gen_result *res) {
  size_t n = 0;
  for (lua_pushnil(L); lua_next(L, files_idx); lua_pop(L, 1)) n++;
  output_file *files = lua_newuserdatauv(L, (n ? n : 1) * sizeof *files, 0);
  size_t i = 0;
  for (lua_pushnil(L); lua_next(L, files_idx); lua_pop(L, 1)) {
    if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TSTRING)
      luaL_error(L, "fusegen.driver returned a file whose name or text is not a string");
    files[i].name = lua_tostring(L, -2);
    files[i].text = lua_tolstring(L, -1, &files[i].len);
    i++;
  }
  qsort(files, n, sizeof *files, cmp_output);
  res->files = files;
  res->n_files = n;
}

/* The driver's result at index result: {listing = text} or {files = {...}}. */
static void read_result(lua_State *L, int result, gen_result *res) {
  luaL_checktype(L, result, LUA_TTABLE);
  if (lua_getfield(L, result, "listing") == LUA_TSTRING) {
    res->listing = lua_tolstring(L, -1, &res->listing_len);
    return;
  }
  if (lua_getfield(L, result, "files") != LUA_TTABLE) luaL_error(L, "fusegen.driver returned no files");
  read_files(L, lua_gettop(L), res);
}

/* All the Lua work of one run, called under lua_pcall (as lua.c's pmain is):
   load the driver, build its request, run it, read what it returns. Returns
   everything it left on the stack, so that the texts stay alive. */
static int run_driver(lua_State *L) {
  run_state *st = lua_touserdata(L, 1);
  int base = lua_gettop(L);
  st->oom = "not enough memory (memory limit reached) while loading the generator's Lua code";
  lua_getglobal(L, "require");
  lua_pushliteral(L, "fusegen.driver");
  lua_call(L, 1, 1);
  lua_getfield(L, -1, "run");
  st->oom = "not enough memory (memory limit reached) while reading the inputs into the Lua state";
  push_request(L, st->req);
  st->oom = "not enough memory (memory limit reached) while generating";
  lua_call(L, 1, 1);
  st->oom = "not enough memory (memory limit reached) while collecting the generated files";
  read_result(L, lua_gettop(L), st->res);
  return lua_gettop(L) - base;
}

int generator_run(lua_State *L, const gen_request *req, gen_result *res) {
  *res = (gen_result){0};
  run_state st = {req, res, "not enough memory (memory limit reached)"};
  lua_pushcfunction(L, msg_handler);
  int handler = lua_gettop(L);
  lua_pushcfunction(L, run_driver);
  lua_pushlightuserdata(L, &st);
  int status = lua_pcall(L, 1, LUA_MULTRET, handler);
  if (status == LUA_OK) return 0;
  if (status == LUA_ERRMEM) res->error = st.oom;
  else res->error = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(an error without a message)";
  res->listing = NULL;
  res->files = NULL;
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
