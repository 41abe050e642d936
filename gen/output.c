#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include "fs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A file the generator wrote: its first lines say "do not edit". Only such
   files are ever removed as stale, whatever folder --out names. */
static int is_generated(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  char head[512];
  size_t n = fread(head, 1, sizeof head - 1, f);
  fclose(f);
  head[n] = 0;
  return strstr(head, "fusegen") && strstr(head, "do not edit");
}

static int wanted(const output_file *files, size_t count, const char *name) {
  size_t lo = 0, hi = count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(files[mid].name, name);
    if (c == 0) return 1;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return 0;
}

int output_check(const char *dir, const output_file *files, size_t count) {
  int differences = 0;
  char path[4096];
  for (size_t i = 0; i < count; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, files[i].name);
    if (!fs_same(path, files[i].text, files[i].len)) { printf("differs: %s\n", path); differences++; }
  }
  strlist have = {0};
  fs_list_all(dir, &have); /* dot files too: a foreign one must survive the swap */
  for (size_t i = 0; i < have.count; i++) {
    if (wanted(files, count, have.items[i])) continue;
    snprintf(path, sizeof path, "%s/%s", dir, have.items[i]);
    if (is_generated(path)) { printf("stale: %s\n", path); differences++; }
    else fprintf(stderr, "fusegen: warning: %s was not written by fusegen; left alone\n", path);
  }
  strlist_free(&have);
  if (differences) printf("fusegen check: %d file(s) differ from the specs; run `ninja` or `fusegen generate`\n", differences);
  else printf("fusegen check: %zu files up to date\n", count);
  return differences ? OUTPUT_DIFFERS : OUTPUT_OK;
}

int output_write(const char *dir, const output_file *files, size_t count) {
  char staged[4096], from[4096], to[8192];
  snprintf(staged, sizeof staged, "%s.staging-%ld", dir, (long)getpid());
  int changed = 0, failed = 0;
  char *same = calloc(count ? count : 1, 1);
  for (size_t i = 0; i < count; i++) {
    snprintf(from, sizeof from, "%s/%s", dir, files[i].name);
    same[i] = (char)fs_same(from, files[i].text, files[i].len);
    changed += !same[i];
  }
  /* Files there that the run did not produce: stale ones (generated) are
     dropped, foreign ones carried over. Dot files too: a foreign one must survive. */
  strlist have = {0}, foreign = {0};
  fs_list_all(dir, &have);
  for (size_t i = 0; i < have.count; i++) {
    if (wanted(files, count, have.items[i])) continue;
    snprintf(from, sizeof from, "%s/%s", dir, have.items[i]);
    if (is_generated(from)) { changed++; continue; }
    fprintf(stderr, "fusegen: warning: %s was not written by fusegen; left alone\n", from);
    strlist_add(&foreign, have.items[i]);
  }
  if (changed == 0) goto done;

  /* Stage the new folder beside the old one (same file system, so the swap is
     a rename): unchanged and foreign files linked, changed files written. */
  if (fs_remove_tree(staged) != 0) { fprintf(stderr, "fusegen: cannot remove %s\n", staged); failed = 1; goto done; }
  for (size_t i = 0; i < count && !failed; i++) {
    snprintf(from, sizeof from, "%s/%s", dir, files[i].name);
    snprintf(to, sizeof to, "%s/%s", staged, files[i].name);
    if ((same[i] ? fs_keep(from, to) : fs_write(to, files[i].text, files[i].len)) != 0) {
      fprintf(stderr, "fusegen: cannot write %s\n", to);
      failed = 1;
    }
  }
  for (size_t i = 0; i < foreign.count && !failed; i++) {
    snprintf(from, sizeof from, "%s/%s", dir, foreign.items[i]);
    snprintf(to, sizeof to, "%s/%s", staged, foreign.items[i]);
    if (fs_keep(from, to) != 0) { fprintf(stderr, "fusegen: cannot copy %s to %s\n", from, to); failed = 1; }
  }
  if (!failed && fs_replace_dir(dir, staged) != 0) {
    fprintf(stderr, "fusegen: cannot move %s to %s\n", staged, dir);
    failed = 1;
  }
  fs_remove_tree(staged); /* the old folder after a swap; the partial one after a failure */
  if (failed) fprintf(stderr, "fusegen: %s left as it was\n", dir);

done:
  if (!failed) printf("fusegen: %zu files, %d changed\n", count, changed);
  free(same);
  strlist_free(&have);
  strlist_free(&foreign);
  return failed ? OUTPUT_IO_ERROR : OUTPUT_OK;
}
