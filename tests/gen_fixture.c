/* What the generator's tests share (tests/gen_fixture.h). */
#define _GNU_SOURCE
#include "gen_fixture.h"
#include "harness.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>


/* ---- files ------------------------------------------------------------------ */

char *read_text(const char *path, size_t *len_out) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  if (!buf) { fclose(f); return NULL; }
  for (;;) {
    if (cap - len < 4097) {
      char *nb = realloc(buf, cap * 2);
      if (!nb) { free(buf); fclose(f); return NULL; }
      buf = nb;
      cap *= 2;
    }
    size_t got = fread(buf + len, 1, cap - len - 1, f);
    len += got;
    if (got == 0) break;
  }
  fclose(f);
  buf[len] = 0;
  if (len_out) *len_out = len;
  return buf;
}

int write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  size_t n = strlen(text);
  int ok = fwrite(text, 1, n, f) == n;
  return (fclose(f) == 0 && ok) ? 0 : -1;
}

int exists(const char *path) { return access(path, F_OK) == 0; }

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st; (void)flag; (void)ftw;
  remove(path);
  return 0;
}

void rm_rf(const char *path) {
  if (path && *path) nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Sorted list of the regular files under dir, as paths relative to dir. */

void pathlist_add(pathlist *l, const char *s) {
  if (l->count == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    l->items = realloc(l->items, l->cap * sizeof *l->items);
  }
  l->items[l->count++] = strdup(s);
}

void pathlist_free(pathlist *l) {
  for (size_t i = 0; i < l->count; i++) free(l->items[i]);
  free(l->items);
  memset(l, 0, sizeof *l);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void list_rec(const char *root, const char *rel, pathlist *out) {
  char path[4096];
  snprintf(path, sizeof path, "%s%s%s", root, *rel ? "/" : "", rel);
  DIR *d = opendir(path);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    char sub[4096], full[8192];
    snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "", e->d_name);
    snprintf(full, sizeof full, "%s/%s", root, sub);
    struct stat st;
    if (lstat(full, &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) list_rec(root, sub, out);
    else if (S_ISREG(st.st_mode)) pathlist_add(out, sub);
  }
  closedir(d);
}

pathlist list_files(const char *dir) {
  pathlist l = {0};
  list_rec(dir, "", &l);
  if (l.count) qsort(l.items, l.count, sizeof *l.items, cmp_str);
  return l;
}

int pathlist_has(const pathlist *l, const char *s) {
  for (size_t i = 0; i < l->count; i++)
    if (!strcmp(l->items[i], s)) return 1;
  return 0;
}

/* A new text with the first occurrence of find replaced by repl; NULL if absent. */
char *replace_once(const char *text, const char *find, const char *repl) {
  const char *at = strstr(text, find);
  if (!at) return NULL;
  size_t pre = (size_t)(at - text), fl = strlen(find), rl = strlen(repl);
  size_t total = strlen(text) - fl + rl;
  char *out = malloc(total + 1);
  memcpy(out, text, pre);
  memcpy(out + pre, repl, rl);
  strcpy(out + pre + rl, at + fl);
  return out;
}

/* The first of marks that is missing from text before end, or out of order. */
const char *first_out_of_order(const char *text, const char *end, const char *const *marks, int n) {
  if (!end) end = text + strlen(text);
  const char *at = text;
  for (int i = 0; i < n; i++) {
    const char *p = strstr(at, marks[i]);
    if (!p || p > end) return marks[i];
    at = p;
  }
  return NULL;
}

/* Insert a line before line `lineno` (1-based) of text. */
char *insert_line(const char *text, int lineno, const char *line) {
  const char *at = text;
  for (int i = 1; i < lineno && at; i++) {
    at = strchr(at, '\n');
    if (at) at++;
  }
  if (!at) return NULL;
  size_t pre = (size_t)(at - text), ll = strlen(line);
  char *out = malloc(strlen(text) + ll + 2);
  memcpy(out, text, pre);
  memcpy(out + pre, line, ll);
  out[pre + ll] = '\n';
  strcpy(out + pre + ll + 1, at);
  return out;
}

/* ---- subprocesses -------------------------------------------------------------- */


void run_free(run_result *r) {
  free(r->out);
  free(r->err);
  r->out = r->err = NULL;
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Run `cmd` with /bin/sh from the current folder (the repository root), stdout
 * and stderr captured to files in `dir`; killed (with its children) after timeout_s. */
run_result run_shell(const char *dir, double timeout_s, const char *cmd) {
  run_result r = {-1, 0, 0.0, NULL, NULL};
  char out_path[4096], err_path[4096];
  snprintf(out_path, sizeof out_path, "%s/run.stdout", dir);
  snprintf(err_path, sizeof err_path, "%s/run.stderr", dir);
  fflush(stdout);
  fflush(stderr);
  double t0 = now_s();
  pid_t pid = fork();
  if (pid < 0) {
    r.out = strdup("");
    r.err = strdup("fork failed");
    return r;
  }
  if (pid == 0) {
    setpgid(0, 0);
    int fo = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fe = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fo < 0 || fe < 0) _exit(126);
    dup2(fo, 1);
    dup2(fe, 2);
    close(fo);
    close(fe);
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  int status = 0;
  for (;;) {
    pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) { status = -1; break; }
    if (now_s() - t0 > timeout_s) {
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      r.timed_out = 1;
      break;
    }
    struct timespec nap = {0, 5 * 1000 * 1000};
    nanosleep(&nap, NULL);
  }
  r.seconds = now_s() - t0;
  if (status != -1) {
    if (WIFEXITED(status)) r.code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status)) r.code = 128 + WTERMSIG(status);
  }
  r.out = read_text(out_path, NULL);
  r.err = read_text(err_path, NULL);
  if (!r.out) r.out = strdup("");
  if (!r.err) r.err = strdup("");
  remove(out_path);
  remove(err_path);
  return r;
}

/* Run the generator with the given arguments (printf-style). */
run_result fusegen_in(const char *dir, double timeout_s, const char *fmt, ...) {
  char args[8192], cmd[12288];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(args, sizeof args, fmt, ap);
  va_end(ap);
  snprintf(cmd, sizeof cmd, "exec '%s' %s", test_fusegen_path(), args);
  return run_shell(dir, timeout_s, cmd);
}

/* ---- fixture: a temporary folder with specs/rope.lua --------------------------- */


const char *rope_text(void) {
  static char *text;
  if (!text) text = read_text("tests/fixtures/rope.lua", NULL);
  return text;
}

/* A fixture whose spec is `spec_text` (rope.lua when NULL). */
int fixture_open(fixture *f, const char *spec_text) {
  memset(f, 0, sizeof *f);
  if (access(test_fusegen_path(), X_OK) != 0) {
    CHECK_MSG(0, "%s not found: run the tests from the repository root after `ninja`", test_fusegen_path());
    return 0;
  }
  if (!rope_text()) {
    CHECK_MSG(0, "cannot read tests/fixtures/rope.lua: run the tests from the repository root");
    return 0;
  }
  snprintf(f->root, sizeof f->root, "/tmp/fusegen_gen.XXXXXX");
  if (!mkdtemp(f->root)) {
    CHECK_MSG(0, "mkdtemp: %s", strerror(errno));
    f->root[0] = 0;
    return 0;
  }
  snprintf(f->specs, sizeof f->specs, "%s/specs", f->root);
  snprintf(f->spec, sizeof f->spec, "%s/rope.lua", f->specs);
  snprintf(f->templates, sizeof f->templates, "gen/templates");
  snprintf(f->out, sizeof f->out, "%s/out", f->root);
  if (mkdir(f->specs, 0755) != 0 || write_text(f->spec, spec_text ? spec_text : rope_text()) != 0) {
    CHECK_MSG(0, "cannot write %s", f->spec);
    return 0;
  }
  return 1;
}

void fixture_close(fixture *f) {
  rm_rf(f->root);
}

/* Copy gen/templates into the fixture (to break one template). */
int fixture_copy_templates(fixture *f) {
  char cmd[2048];
  snprintf(f->templates, sizeof f->templates, "%s/templates", f->root);
  snprintf(cmd, sizeof cmd, "cp -R gen/templates '%s'", f->templates);
  run_result r = run_shell(f->root, RUN_TIMEOUT, cmd);
  int ok = r.code == 0;
  CHECK_MSG(ok, "copying gen/templates failed: %s", r.err);
  run_free(&r);
  return ok;
}

run_result generate_into(fixture *f, const char *out, const char *command) {
  return fusegen_in(f->root, RUN_TIMEOUT, "%s --specs '%s' --templates '%s' --out '%s' --archs sm_90", command,
                    f->specs, f->templates, out);
}

run_result generate(fixture *f) { return generate_into(f, f->out, "generate"); }

/* Edit rope.lua (first occurrence of find -> repl), generate, and expect exit 1
 * with a message that names the spec file and `where` and contains `expected`.
 * where: a field ("tensors[3].dims[2]": the message must hold "field '...'"),
 * or ":LINE:" (the message must hold "<spec path>:LINE:"). */
void expect_spec_error_in(const char *spec_path, const char *find, const char *repl, const char *where,
                                 const char *expected) {
  char *orig = read_text(spec_path, NULL);
  char *text = replace_once(orig ? orig : "", find, repl);
  free(orig);
  CHECK_MSG(text != NULL, "%s no longer contains the text this test edits: %s", spec_path, find);
  if (!text) return;
  fixture f;
  if (!fixture_open(&f, text)) { fixture_close(&f); free(text); return; }
  run_result r = generate(&f);
  CHECK_MSG(r.code == 1, "exit %d (expected 1), stderr:\n%s", r.code, r.err);
  CHECK_MSG(strstr(r.err, f.spec) != NULL, "message does not name the spec file %s:\n%s", f.spec, r.err);
  char needle[1024];
  if (where[0] == ':') snprintf(needle, sizeof needle, "%s%s", f.spec, where);
  else snprintf(needle, sizeof needle, "field '%s'", where);
  CHECK_MSG(strstr(r.err, needle) != NULL, "message does not contain [%s]:\n%s", needle, r.err);
  CHECK_MSG(strstr(r.err, expected) != NULL, "message does not contain [%s]:\n%s", expected, r.err);
  CHECK_MSG(!exists(f.out), "a failed generation created %s", f.out);
  run_free(&r);
  free(text);
  fixture_close(&f);
}

void expect_spec_error(const char *find, const char *repl, const char *where, const char *expected) {
  expect_spec_error_in("tests/fixtures/rope.lua", find, repl, where, expected);
}

