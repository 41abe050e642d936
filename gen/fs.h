/* File-system helpers of the generator: the only place that touches files. */
#ifndef FUSEGEN_FS_H
#define FUSEGEN_FS_H
#include <stddef.h>

typedef struct {
  char **items;
  size_t count, cap;
} strlist;

void strlist_add(strlist *l, const char *s);
void strlist_sort(strlist *l);
void strlist_free(strlist *l);

/* Whole file into a NUL-terminated buffer; NULL (errno set) on failure. */
char *fs_read(const char *path, size_t *len);
/* Paths (relative to dir) of the regular files under dir whose names end in suffix, sorted. */
int fs_list(const char *dir, const char *suffix, strlist *out);
/* mkdir -p of the folder that holds path. */
int fs_make_parent(const char *path);
/* Write only when the content differs; via a temporary file and rename. 1 written, 0 same, -1 error. */
int fs_write_if_changed(const char *path, const char *data, size_t len);
/* 1 if the file holds exactly data, 0 if not (or missing). */
int fs_same(const char *path, const char *data, size_t len);
/* Remove empty folders under dir (not dir itself). */
void fs_prune_empty(const char *dir);

#endif
