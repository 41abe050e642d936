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
/* Every regular file under dir, dot files included, sorted. */
int fs_list_all(const char *dir, strlist *out);
/* mkdir -p of the folder that holds path. */
int fs_make_parent(const char *path);
/* 1 if the file holds exactly data, 0 if not (or missing). */
int fs_same(const char *path, const char *data, size_t len);
/* Write data to path (creating its folders). 0, or -1 on error. */
int fs_write(const char *path, const char *data, size_t len);
/* Put the file `from` at `to` unchanged, modification time included (a hard
   link, or a copy where links fail), so Ninja sees no change. */
int fs_keep(const char *from, const char *to);
/* rm -r; 0 when path is gone afterwards. */
int fs_remove_tree(const char *path);
/* Make `staged` the folder `dir`; afterwards `staged` holds the old dir (if any),
   for the caller to remove. */
int fs_replace_dir(const char *dir, const char *staged);

#endif
