/* The generator's Lua modules, compiled into the binary by gen/embed.c at build
   time so that fusegen runs from any folder. */
#ifndef FUSEGEN_EMBEDDED_H
#define FUSEGEN_EMBEDDED_H
#include <stddef.h>

typedef struct {
  const char *module; /* "fusegen.template" */
  const char *path;   /* "gen/lua/fusegen/template.lua", for error messages */
  const char *source;
  size_t length;
} embedded_module;

extern const embedded_module embedded_modules[];
extern const size_t embedded_module_count;

#endif
