/* What the generator's tests share (tests/test_generator.c, tests/test_tuning.c;
 * tests/test_vendor.c reads and removes files with it): files, a subprocess
 * with a timeout, and a fixture folder under /tmp holding a copy of
 * tests/fixtures/rope.lua. */
#ifndef TEST_GEN_FIXTURE_H
#define TEST_GEN_FIXTURE_H
#include <stddef.h>

/* Timeouts, seconds. A good run takes well under a second. */
#define RUN_TIMEOUT 120.0
/* A spec that loops forever must be stopped within a few seconds. */
#define LOOP_TIMEOUT 20.0

/* Sorted list of the regular files under dir, as paths relative to dir. */
typedef struct {
  char **items;
  size_t count, cap;
} pathlist;
typedef struct {
  int code;      /* exit status; 128 + signal if killed by one; -1 if it could not run */
  int timed_out; /* killed after the timeout */
  double seconds;
  char *out, *err; /* captured stdout and stderr ("" when empty) */
} run_result;
typedef struct {
  char root[256];      /* /tmp/fusegen_gen.XXXXXX */
  char specs[512];     /* root/specs */
  char spec[512];      /* root/specs/rope.lua */
  char templates[512]; /* gen/templates (read-only) or root/templates (a copy) */
  char out[512];       /* root/out (not created: the generator creates it) */
} fixture;

/* files */
char *read_text(const char *path, size_t *len_out);
int write_text(const char *path, const char *text);
int exists(const char *path);
void rm_rf(const char *path);
void pathlist_add(pathlist *l, const char *s);
void pathlist_free(pathlist *l);
pathlist list_files(const char *dir);
int pathlist_has(const pathlist *l, const char *s);
/* the first occurrence of find replaced / a line inserted before line lineno (1-based); malloc'd, NULL if absent */
char *replace_once(const char *text, const char *find, const char *repl);
char *insert_line(const char *text, int lineno, const char *line);
/* the first of marks[0..n) not found in text before end (NULL: text's end), each at or after
   the one before; NULL when all are in order */
const char *first_out_of_order(const char *text, const char *end, const char *const *marks, int n);

/* subprocesses: `cmd` under /bin/sh from the repository root, output captured in dir */
void run_free(run_result *r);
run_result run_shell(const char *dir, double timeout_s, const char *cmd);
/* the generator with the given arguments (printf-style) */
run_result fusegen_in(const char *dir, double timeout_s, const char *fmt, ...);

/* the fixture: spec_text (rope.lua when NULL) as root/specs/rope.lua */
const char *rope_text(void);
int fixture_open(fixture *f, const char *spec_text);
void fixture_close(fixture *f);
int fixture_copy_templates(fixture *f);
run_result generate_into(fixture *f, const char *out, const char *command);
run_result generate(fixture *f);

/* Edit a spec (first occurrence of find -> repl), generate, and expect exit 1
 * with a message that names the spec file and `where` and contains `expected`.
 * where: a field ("tensors[3].dims[2]": the message must hold "field '...'"),
 * or ":LINE:" (the message must hold "<spec path>:LINE:"). */
void expect_spec_error_in(const char *spec_path, const char *find, const char *repl, const char *where,
                          const char *expected);
/* the same on tests/fixtures/rope.lua */
void expect_spec_error(const char *find, const char *repl, const char *where, const char *expected);

#endif
