/* libFuzzer target: the spec loader and validator, and what an accepted spec
 * makes of the host sources.
 *
 * Each input is the text of one spec. It goes through the generator's "host"
 * command (load in the sandbox, validate every field, expand the variants,
 * plan every variant's thread mapping, then render the headers and the entry
 * points, no kernels) in a fresh Lua state, with the real templates from
 * gen/templates and the runtime's sources from runtime/ (run from the
 * repository root). A spec may be refused, but only with an error about the
 * spec: an error raised inside the generator's own code (a message naming
 * gen/lua/fusegen/) is a bug, and so is any crash or undefined behaviour that
 * the sanitizers see.
 *
 * An accepted spec's text must not become code. Two oracles:
 *   - the code of the host sources (comments and string literals left out) is
 *     the same as that of the same sources rendered with every text of the
 *     spec (summary, docs, messages) replaced by one word (the driver returns
 *     them as neutral/<file>): no text reaches the code;
 *   - the headers and entry points compile: `cc -std=c11 -fsyntax-only` on a
 *     probe that includes fusegen.h, and on every <op>_entry.c (with
 *     $CUDA_HOME/include, default /usr/local/cuda/include). Output already
 *     compiled once is not compiled again.
 *
 * libFuzzer sees only C code; the validator is Lua. So every line the
 * generator's Lua code runs also counts as coverage (extra counters indexed
 * by a hash of chunk and line), which steers the fuzzer into the validator. */
#define _GNU_SOURCE
#include "fs.h"
#include "generator.h"
#include "sandbox.h"

#include <dirent.h>
#include <fcntl.h>
#include <lauxlib.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Lua line coverage, read by libFuzzer alongside its own counters. */
__attribute__((used, section("__libfuzzer_extra_counters"))) static uint8_t lua_lines[1 << 16];

static void count_line(lua_State *L, lua_Debug *ar) {
  if (!lua_getinfo(L, "S", ar)) return;
  uint32_t h = 2166136261u;
  for (const char *c = ar->source; *c; c++) h = (h ^ (uint8_t)*c) * 16777619u;
  h = (h ^ (uint32_t)ar->currentline) * 16777619u;
  uint8_t *counter = &lua_lines[(h ^ (h >> 16)) & (sizeof lua_lines - 1)];
  if (*counter < 255) ++*counter;
}

static gen_source_set templates, runtime_c, runtime_h;
static gen_source *runtime;
static size_t n_runtime;
static char cuda_include[1024];
static char work_dir[] = "/tmp/fuzz_spec.XXXXXX";

static void find_cuda_include(void) {
  const char *home = getenv("CUDA_HOME");
  snprintf(cuda_include, sizeof cuda_include, "%s/include", home && *home ? home : "/usr/local/cuda");
  char header[1100];
  snprintf(header, sizeof header, "%s/cuda_runtime_api.h", cuda_include);
  if (access(header, R_OK) != 0) {
    fprintf(stderr, "fuzz_spec: %s not found: the compile oracle needs the CUDA headers (set CUDA_HOME)\n", header);
    exit(2);
  }
}

static void clear_work_dir(void);
static void remove_work_dir(void) {
  clear_work_dir();
  rmdir(work_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (gen_sources_read("gen/templates", ".tpl", &templates, NULL) != 0 || templates.count == 0 ||
      gen_sources_read("runtime", ".c", &runtime_c, NULL) != 0 || gen_sources_read("runtime", ".h", &runtime_h, NULL) != 0) {
    fprintf(stderr, "fuzz_spec: cannot read gen/templates and runtime (run from the repository root)\n");
    exit(2);
  }
  /* the runtime's own files, as gen/main.c passes them (not runtime/python/) */
  runtime = calloc(runtime_c.count + runtime_h.count + 1, sizeof *runtime);
  for (size_t i = 0; i < runtime_c.count; i++)
    if (!strchr(runtime_c.items[i].name, '/')) runtime[n_runtime++] = runtime_c.items[i];
  for (size_t i = 0; i < runtime_h.count; i++)
    if (!strchr(runtime_h.items[i].name, '/')) runtime[n_runtime++] = runtime_h.items[i];
  find_cuda_include();
  if (!mkdtemp(work_dir)) {
    perror("fuzz_spec: mkdtemp");
    exit(2);
  }
  atexit(remove_work_dir); /* a crash leaves it, with the files that did not compile */
  return 0;
}

/* Limits reached are the sandbox doing its job, wherever it stopped. */
static int is_limit(const char *msg) {
  return strstr(msg, "instruction budget exhausted") || strstr(msg, "memory limit reached") ||
         strstr(msg, "not enough memory") || strstr(msg, "stack overflow");
}

/* "gen/lua/fusegen/spec.lua:123:": a Lua error raised by the generator's code
   (a spec's own text may contain the folder name). */
static int raised_in_generator(const char *msg) {
  for (const char *p = strstr(msg, "gen/lua/fusegen/"); p; p = strstr(p + 1, "gen/lua/fusegen/")) {
    const char *q = p + strlen("gen/lua/fusegen/");
    while ((*q >= 'a' && *q <= 'z') || *q == '_') q++;
    if (strncmp(q, ".lua:", 5) != 0) continue;
    q += 5;
    if (*q < '0' || *q > '9') continue;
    while (*q >= '0' && *q <= '9') q++;
    if (*q == ':') return 1;
  }
  return 0;
}

/* A refused spec: the message must name it, and not come from the generator's code. */
static void check_refusal(const char *msg) {
  if (!strstr(msg, "fuzz/fuzz.lua")) {
    fprintf(stderr, "fuzz_spec: the error does not name the spec:\n%s\n", msg);
    abort();
  }
  if (raised_in_generator(msg) && !is_limit(msg)) {
    fprintf(stderr, "fuzz_spec: an error inside the generator instead of one about the spec:\n%s\n", msg);
    abort();
  }
}

/* ---- the code of a C text ----------------------------------------------------- */

/* The text with its comments and string and character literals left out
   (each one a space), line splices removed and every run of white space one
   space: malloc'd. */
static char *code_of(const char *s, size_t n) {
  char *out = malloc(n + 1);
  size_t k = 0;
  int space = 0;
  for (size_t i = 0; i < n;) {
    char c = s[i];
    if (c == '\\' && i + 1 < n && s[i + 1] == '\n') { i += 2; continue; }
    if (c == '/' && i + 1 < n && s[i + 1] == '*') {
      const char *end = memmem(s + i + 2, n - i - 2, "*/", 2);
      i = end ? (size_t)(end - s) + 2 : n;
      space = 1;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i < n && s[i] != '\n') i += s[i] == '\\' && i + 1 < n ? 2 : 1;
      space = 1;
    } else if (c == '"' || c == '\'') {
      for (i++; i < n && s[i] != c && s[i] != '\n'; i += s[i] == '\\' ? 2 : 1) {}
      i++;
      space = 1;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      i++;
      space = 1;
    } else {
      if (space && k > 0) out[k++] = ' ';
      space = 0;
      out[k++] = c;
      i++;
    }
  }
  out[k] = 0;
  return out;
}

static int is_c_file(const char *name) {
  size_t n = strlen(name);
  return !strchr(name, '/') && n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

/* The file of that name, or NULL. */
static const output_file *find_file(const gen_result *r, const char *name) {
  for (size_t i = 0; i < r->n_files; i++)
    if (!strcmp(r->files[i].name, name)) return &r->files[i];
  return NULL;
}

/* Oracle 1: the code of every C file is the same as that of neutral/<file>,
   rendered with every text of the spec replaced by one word. */
static void check_texts_not_code(const gen_result *r) {
  for (size_t i = 0; i < r->n_files; i++) {
    const output_file *a = &r->files[i];
    if (!is_c_file(a->name)) continue;
    char neutral_name[4096];
    snprintf(neutral_name, sizeof neutral_name, "neutral/%s", a->name);
    const output_file *b = find_file(r, neutral_name);
    if (!b) {
      fprintf(stderr, "fuzz_spec: no %s beside %s\n", neutral_name, a->name);
      abort();
    }
    char *ca = code_of(a->text, a->len), *cb = code_of(b->text, b->len);
    if (strcmp(ca, cb) != 0) {
      size_t d = 0;
      while (ca[d] && ca[d] == cb[d]) d++;
      fprintf(stderr, "fuzz_spec: a text of the spec became code in %s:\n  with its texts:  ...%.160s\n"
              "  texts replaced:  ...%.160s\n", a->name, ca + (d > 60 ? d - 60 : 0), cb + (d > 60 ? d - 60 : 0));
      abort();
    }
    free(ca);
    free(cb);
  }
}

/* ---- compiling the headers and entry points ------------------------------------ */

static void clear_work_dir(void) {
  DIR *d = opendir(work_dir);
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char p[4096];
    snprintf(p, sizeof p, "%s/%s", work_dir, e->d_name);
    unlink(p);
  }
  if (d) closedir(d);
}

static void write_file(const char *name, const char *text, size_t len) {
  char p[4096];
  snprintf(p, sizeof p, "%s/%s", work_dir, name);
  FILE *f = fopen(p, "wb");
  if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
    fprintf(stderr, "fuzz_spec: cannot write %s\n", p);
    exit(2);
  }
}

/* cc -std=c11 -fsyntax-only on the given files of the work folder; 0 if it compiles. */
static int compile(char **files, int n_files) {
  char inc1[4200], inc2[1100], log[4200];
  snprintf(inc1, sizeof inc1, "-I%s", work_dir);
  snprintf(inc2, sizeof inc2, "-I%s", cuda_include);
  snprintf(log, sizeof log, "%s/cc.log", work_dir);
  char *argv[64] = {"cc", "-std=c11", "-fsyntax-only", "-w", inc1, inc2};
  int argc = 6;
  for (int i = 0; i < n_files && argc < 62; i++) argv[argc++] = files[i];
  argv[argc] = NULL;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid;
  int rc = posix_spawnp(&pid, "cc", &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    fprintf(stderr, "fuzz_spec: cannot run cc\n");
    exit(2);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* Code compiled before (64-bit hashes of the C files' code; the set starts
   over when full). A text that differs only in comments and literals cannot
   break the compile unless it leaves them, which oracle 1 sees. */
static uint64_t seen[1 << 12];
static size_t n_seen;

static int seen_before(const gen_result *r) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < r->n_files; i++) {
    if (!is_c_file(r->files[i].name)) continue;
    char *code = code_of(r->files[i].text, r->files[i].len);
    for (const char *c = r->files[i].name; *c; c++) h = (h ^ (uint8_t)*c) * 1099511628211ull;
    for (const char *c = code; *c; c++) h = (h ^ (uint8_t)*c) * 1099511628211ull;
    free(code);
  }
  for (size_t i = 0; i < n_seen; i++)
    if (seen[i] == h) return 1;
  if (n_seen == sizeof seen / sizeof seen[0]) n_seen = 0;
  seen[n_seen++] = h;
  return 0;
}

/* Oracle 2: the probe (fusegen.h) and every entry point compile. */
static void check_compiles(const gen_result *r) {
  if (seen_before(r)) return;
  clear_work_dir();
  char *sources[48];
  int n = 0;
  static const char probe[] = "#include \"fusegen.h\"\nint fuzz_probe(void) { return FG_OK; }\n";
  write_file("probe.c", probe, sizeof probe - 1);
  char path[4200];
  snprintf(path, sizeof path, "%s/probe.c", work_dir);
  sources[n++] = strdup(path);
  for (size_t i = 0; i < r->n_files; i++) {
    const output_file *f = &r->files[i];
    if (strchr(f->name, '/')) continue; /* neutral/, python/ */
    write_file(f->name, f->text, f->len);
    size_t len = strlen(f->name);
    if (len > 8 && !strcmp(f->name + len - 8, "_entry.c") && n < 48) {
      snprintf(path, sizeof path, "%s/%s", work_dir, f->name);
      sources[n++] = strdup(path);
    }
  }
  if (compile(sources, n) != 0) {
    char log[4200];
    snprintf(log, sizeof log, "%s/cc.log", work_dir);
    char *text = fs_read(log, NULL);
    fprintf(stderr, "fuzz_spec: an accepted spec's headers or entry points do not compile (%s):\n%.3000s\n", work_dir,
            text ? text : "");
    abort();
  }
  for (int i = 0; i < n; i++) free(sources[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* Smaller than the command's limits (256 MiB, 10^9 instructions) so that
     each input stays fast; every real spec needs far less. */
  sandbox_limits lim = {.used = 0, .limit = (size_t)64 << 20, .steps = 0, .max_steps = 2000, .on_line = count_line};
  lua_State *L = sandbox_new(&lim);
  if (!L) return 0;
  gen_source spec = {"fuzz.lua", "fuzz/fuzz.lua", (const char *)data, size};
  gen_request req = {.command = "host", .archs = "sm_90", .prefix = "fg", .specs = &spec, .n_specs = 1,
                     .templates = templates.items, .n_templates = templates.count,
                     .runtime = runtime, .n_runtime = n_runtime, .neutral_text = 1};
  gen_result res;
  if (generator_run(L, &req, &res) != 0) {
    check_refusal(res.error);
  } else {
    check_texts_not_code(&res);
    check_compiles(&res);
  }
  lua_close(L);
  return 0;
}
