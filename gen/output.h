/* The output folder: compare it with the generated files, or replace it with
   them in one step (staged beside it, then swapped in), so that a failed run
   leaves it exactly as it was. */
#ifndef FUSEGEN_OUTPUT_H
#define FUSEGEN_OUTPUT_H
#include <stddef.h>

typedef struct {
  const char *name; /* path relative to the output folder */
  const char *text;
  size_t len;
} output_file;

/* Exit codes shared with main. */
enum { OUTPUT_OK = 0, OUTPUT_DIFFERS = 3, OUTPUT_IO_ERROR = 4 };

/* Print each differing, missing or stale file; OUTPUT_DIFFERS if any. */
int output_check(const char *dir, const output_file *files, size_t count);
/* Make dir hold exactly files (sorted by name), plus any file found there that
   fusegen did not write; unchanged files keep their modification time. */
int output_write(const char *dir, const output_file *files, size_t count);

#endif
