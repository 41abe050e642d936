#define _GNU_SOURCE /* renameat2 */
#include "fs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void strlist_add(strlist *l, const char *s) {
  if (l->count == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->items = realloc(l->items, l->cap * sizeof *l->items);
    if (!l->items) { perror("fusegen"); exit(4); }
  }
  l->items[l->count++] = strdup(s);
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

void strlist_sort(strlist *l) {
  if (l->count > 1) qsort(l->items, l->count, sizeof *l->items, cmp_str);
}

void strlist_free(strlist *l) {
  for (size_t i = 0; i < l->count; i++) free(l->items[i]);
  free(l->items);
  l->items = NULL;
  l->count = l->cap = 0;
}

char *fs_read(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  for (;;) {
    if (n + 1024 + 1 > cap) { cap *= 2; buf = realloc(buf, cap); }
    size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0) break;
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) { free(buf); errno = EIO; return NULL; }
  buf[n] = 0;
  if (len) *len = n;
  return buf;
}

static int list_rec(const char *root, const char *rel, const char *suffix, int dots, strlist *out) {
  char path[4096];
  snprintf(path, sizeof path, "%s%s%s", root, *rel ? "/" : "", rel);
  DIR *d = opendir(path);
  if (!d) return -1;
  struct dirent *e;
  int rc = 0;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    if (e->d_name[0] == '.' && !dots) continue; /* dot files and editor droppings */
    char sub[4096], full[4096];
    snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "", e->d_name);
    snprintf(full, sizeof full, "%s/%s", root, sub);
    struct stat st;
    if (stat(full, &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      if (list_rec(root, sub, suffix, dots, out) != 0) rc = -1;
    } else if (S_ISREG(st.st_mode)) {
      size_t ln = strlen(sub), ls = strlen(suffix);
      if (ln >= ls && strcmp(sub + ln - ls, suffix) == 0) strlist_add(out, sub);
    }
  }
  closedir(d);
  return rc;
}

int fs_list(const char *dir, const char *suffix, strlist *out) {
  int rc = list_rec(dir, "", suffix, 0, out);
  strlist_sort(out);
  return rc;
}

int fs_list_all(const char *dir, strlist *out) {
  int rc = list_rec(dir, "", "", 1, out);
  strlist_sort(out);
  return rc;
}

int fs_make_parent(const char *path) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *p = buf + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    if (mkdir(buf, 0777) != 0 && errno != EEXIST) return -1;
    *p = '/';
  }
  return 0;
}

int fs_same(const char *path, const char *data, size_t len) {
  size_t old_len;
  char *old = fs_read(path, &old_len);
  int same = old && old_len == len && memcmp(old, data, len) == 0;
  free(old);
  return same;
}

int fs_write(const char *path, const char *data, size_t len) {
  if (fs_make_parent(path) != 0) return -1;
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  size_t put = fwrite(data, 1, len, f);
  if (fclose(f) != 0 || put != len) { remove(path); return -1; }
  return 0;
}

/* A copy that keeps the modification time, for file systems without hard links. */
static int copy_keeping_mtime(const char *from, const char *to) {
  size_t len;
  char *data = fs_read(from, &len);
  if (!data) return -1;
  int rc = fs_write(to, data, len);
  free(data);
  struct stat st;
  if (rc == 0 && stat(from, &st) == 0) {
    struct timespec times[2] = {st.st_atim, st.st_mtim};
    utimensat(AT_FDCWD, to, times, 0);
  }
  return rc;
}

int fs_keep(const char *from, const char *to) {
  if (fs_make_parent(to) != 0) return -1;
  if (link(from, to) == 0) return 0;
  return copy_keeping_mtime(from, to);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st; (void)flag; (void)ftw;
  return remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

int fs_remove_tree(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0) return errno == ENOENT ? 0 : -1;
  return nftw(path, remove_entry, 32, FTW_DEPTH | FTW_PHYS);
}

int fs_replace_dir(const char *dir, const char *staged) {
  struct stat st;
  if (stat(dir, &st) != 0) return rename(staged, dir);
  /* One atomic step where the kernel has it: dir and staged trade places. */
  if (renameat2(AT_FDCWD, staged, AT_FDCWD, dir, RENAME_EXCHANGE) == 0) return 0;
  char old[4200];
  snprintf(old, sizeof old, "%s.old", staged);
  if (rename(dir, old) != 0) return -1;
  if (rename(staged, dir) != 0) { rename(old, dir); return -1; }
  return rename(old, staged);
}
