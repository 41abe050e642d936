/* fusegen_tune: ahead-of-time tuning on a GPU (docs/tuning.md). Linked with
 * a tuning build (fusegen generate --tune-build), which holds, for each
 * variant that this GPU's tuning file names, one kernel per candidate tile set
 * of its spec's `tune`. For every bench case (bench/cases.c) it times each
 * candidate of the variant the case runs (median of many runs, L2 flushed),
 * leaves out candidates that spill registers, and writes the winners as the
 * new tuning file; regenerating then bakes them in.
 *
 * Before timing a case, every candidate runs it once from the same memory and
 * its results (every buffer of the case) are compared with the baseline's (the
 * tiles the library runs now, below); one that differs is reported and left
 * out, so that a wrong kernel is never kept.
 *
 * The baseline is the candidate whose tiles this GPU runs now (the GPU model's
 * file's with --model, else the target's; the build labels them, `current`),
 * or the spec's tiles (candidate 0); where that one spills registers in the
 * tuning build, the first candidate that does not. A candidate replaces the
 * baseline only if it is at least 1% faster over the variant's cases (geometric mean) and
 * slower on none by more than the timing's noise (1%),
 * in the timing pass and again in a second pass that times the two
 * alternately: the tuned build is never slower on a bench shape than the
 * untuned one, to within the noise of the measurement.
 * With --model NAME ("h200") the file is that GPU model's own
 * (gen/tuning/sm_<N>_<NAME>.lua), naming this device; without, the target's.
 * usage: fusegen_tune [--runs N] [--out FILE] [--model NAME] [FILTER] */
#include "cases.h"
#include "fusegen_internal.h"
#include "timing.h"
#include "tuning_file.h"

#include <math.h>
#include <string.h>

enum { MAX_CAND = 64, MAX_CASES = 16 };

typedef struct {
  tuning_entry e;
  const fg__candidate *cand[MAX_CAND];
  int ncand, spills[MAX_CAND], wrong[MAX_CAND];
  int cases[MAX_CASES], ncases;
  float ms[MAX_CAND][MAX_CASES]; /* the timing pass */
  int winner;
  int base; /* the baseline: the candidate this GPU runs now */
} variant_run;

static int runs = 100;

static const fg__candidate *find_candidate(const char *kernel) {
  for (int i = 0; i < fg__candidate_count; i++)
    if (!strcmp(fg__candidates[i].kernel, kernel)) return &fg__candidates[i];
  return NULL;
}

/* Whether the contents y of buffer b match the reference x: bf16 to 2 units in
   the last place (candidates may sum a row in another order), fp32 to 1e-5,
   fp8 e4m3 to one step (a sum in another order moves a value that sits on a
   rounding tie), anything else exactly. On a mismatch *at is the element. */
static int same_results(const bench_buffer *b, const void *x, const void *y, size_t *at) {
  if (!memcmp(x, y, b->bytes)) return 1; /* the usual case, and fast on buffers of a gigabyte */
  const DLDataType dt = b->dtype;
  if (dt.code == kDLBfloat || (dt.code == kDLFloat && dt.bits == 32)) {
    const size_t n = b->bytes / (dt.bits / 8);
    for (size_t i = 0; i < n; i++) {
      float a, r;
      if (dt.bits == 32) {
        memcpy(&a, (const char *)y + 4 * i, 4);
        memcpy(&r, (const char *)x + 4 * i, 4);
      } else {
        uint32_t ua = (uint32_t)((const uint16_t *)y)[i] << 16, ur = (uint32_t)((const uint16_t *)x)[i] << 16;
        memcpy(&a, &ua, 4);
        memcpy(&r, &ur, 4);
      }
      const float tol = dt.bits == 32 ? 1e-5f * fabsf(r) : 1.0f / 64 * fabsf(r) + 1e-3f;
      if (!(fabsf(a - r) <= tol) && !(isnan(a) && isnan(r))) {
        *at = i;
        return 0;
      }
    }
    return 1;
  }
  if (dt.code == FG_DL_FLOAT8_E4M3FN && dt.bits == 8) {
    for (size_t i = 0; i < b->bytes; i++) {
      const int a = ((const unsigned char *)y)[i], r = ((const unsigned char *)x)[i];
      if ((a ^ r) & 0x80 ? (a & 0x7f) || (r & 0x7f) : abs((a & 0x7f) - (r & 0x7f)) > 1) { /* +0 and -0 agree */
        *at = i;
        return 0;
      }
    }
    return 1;
  }
  for (size_t i = 0; i < b->bytes; i++)
    if (((const unsigned char *)x)[i] != ((const unsigned char *)y)[i]) {
      *at = i / (dt.bits / 8 ? dt.bits / 8 : 1);
      return 0;
    }
  return 1;
}

/* Host copies of a case's buffers: pinned, so that the copies of a large case
   (LTX-2's and HunyuanVideo's, over a gigabyte each way) run at full speed for
   every candidate; pageable memory if pinning fails. */
static void *host_alloc(size_t bytes, int *pinned) {
  void *p = NULL;
  *pinned = cudaMallocHost(&p, bytes) == cudaSuccess;
  if (*pinned) return p;
  (void)cudaGetLastError();
  p = malloc(bytes);
  if (!p) {
    fprintf(stderr, "fusegen_tune: out of host memory (%zu bytes)\n", bytes);
    exit(1);
  }
  return p;
}

static void host_free(void *p, int pinned) {
  if (pinned) CUDA_OK(cudaFreeHost(p));
  else free(p);
}

/* Runs case c once under each candidate, each from the same memory, and marks
   those whose results differ from the baseline's (run first); the case's
   memory is left as it was. Returns how many it marked. */
enum { MAX_BUFS = 16 };
static int check_case(variant_run *v, bench_case_ctx *c) {
  bench_buffer b[MAX_BUFS];
  const int nb = bench_case_buffers(c, b, MAX_BUFS);
  void *start[MAX_BUFS], *ref[MAX_BUFS], *got[MAX_BUFS];
  int pinned[MAX_BUFS][3];
  for (int i = 0; i < nb; i++) {
    start[i] = host_alloc(b[i].bytes, &pinned[i][0]);
    ref[i] = host_alloc(b[i].bytes, &pinned[i][1]);
    got[i] = host_alloc(b[i].bytes, &pinned[i][2]);
    CUDA_OK(cudaMemcpy(start[i], b[i].data, b[i].bytes, cudaMemcpyDeviceToHost));
  }
  int marked = 0;
  const int base = v->base;
  for (int n = -1; n < v->ncand; n++) { /* the baseline first: the reference */
    const int k = n < 0 ? base : n;
    if ((n >= 0 && k == base) || !v->cand[k] || v->spills[k] || v->wrong[k]) continue;
    for (int i = 0; i < nb; i++) CUDA_OK(cudaMemcpy(b[i].data, start[i], b[i].bytes, cudaMemcpyHostToDevice));
    fg__select_candidate(k);
    bench_case_run(c);
    CUDA_OK(cudaDeviceSynchronize());
    for (int i = 0; i < nb; i++) {
      CUDA_OK(cudaMemcpy(k != base ? got[i] : ref[i], b[i].data, b[i].bytes, cudaMemcpyDeviceToHost));
      size_t at = 0;
      if (k != base && !same_results(&b[i], ref[i], got[i], &at)) {
        fprintf(stderr, "%s: candidate t%d (%s) differs from the baseline t%d in buffer %d, element %zu: left out\n",
                v->e.variant, k, v->cand[k]->params, base, i, at);
        v->wrong[k] = 1;
        marked++;
        break;
      }
    }
  }
  fg__select_candidate(0);
  for (int i = 0; i < nb; i++) {
    CUDA_OK(cudaMemcpy(b[i].data, start[i], b[i].bytes, cudaMemcpyHostToDevice));
    host_free(start[i], pinned[i][0]);
    host_free(ref[i], pinned[i][1]);
    host_free(got[i], pinned[i][2]);
  }
  return marked;
}

/* Time case i under each candidate of its variant. */
static void time_case(variant_run *v, int slot, bench_case_ctx *c) {
  for (int k = 0; k < v->ncand; k++) {
    if (v->spills[k] || v->wrong[k]) continue;
    fg__select_candidate(k);
    v->ms[k][slot] = time_median(bench_case_run, c, runs);
  }
  fg__select_candidate(0);
}

/* A time within 1% of another's is level with it: medians of the same kernel
   differ by that much from run to run (short calls most). */
#define NOISE 1.01f

/* The best candidate under the rule above, on times t (the baseline if none beats it). */
static int pick(const variant_run *v, float t[][MAX_CASES], const int *allowed) {
  const int b = v->base;
  int best = b;
  double best_score = 0.99; /* geometric mean of time over the baseline's: must be under 1% less */
  for (int k = 0; k < v->ncand; k++) {
    if (k == b || !v->cand[k] || v->spills[k] || v->wrong[k] || (allowed && !allowed[k])) continue;
    double log_sum = 0;
    int slower = 0;
    for (int j = 0; j < v->ncases; j++) {
      if (t[k][j] > t[b][j] * NOISE) slower = 1;
      log_sum += log((double)t[k][j] / t[b][j]);
    }
    double score = exp(log_sum / v->ncases);
    if (!slower && score < best_score) { best = k; best_score = score; }
  }
  return best;
}

/* Times the winner and the baseline again, alternately, three times each;
   keeps the winner only if it still holds (best of the three per case). */
static int confirm(variant_run *v, int w, bench_case_ctx **ctx) {
  float t[MAX_CAND][MAX_CASES];
  const int b = v->base;
  for (int j = 0; j < v->ncases; j++) {
    t[b][j] = t[w][j] = INFINITY;
    for (int r = 0; r < 3; r++)
      for (int k = 0; k < 2; k++) {
        int cand = k ? w : b;
        fg__select_candidate(cand);
        float ms = time_median(bench_case_run, ctx[j], runs);
        if (ms < t[cand][j]) t[cand][j] = ms;
      }
  }
  fg__select_candidate(0);
  int allowed[MAX_CAND] = {0};
  allowed[w] = 1;
  for (int j = 0; j < v->ncases; j++) v->ms[w][j] = t[w][j], v->ms[b][j] = t[b][j];
  return pick(v, t, allowed) == w ? w : b;
}

/* Whether a space-separated list holds word. */
static int has_word(const char *list, const char *word) {
  size_t n = strlen(word);
  for (const char *p = list; p && *p;) {
    while (*p == ' ') p++;
    const char *e = p;
    while (*e && *e != ' ') e++;
    if ((size_t)(e - p) == n && !strncmp(p, word, n)) return 1;
    p = e;
  }
  return 0;
}

/* A model's name as its file name takes it (sm_<N>_<model>.lua): a lower-case
   letter, then lower-case letters and digits, at most 16. */
static int model_name_ok(const char *m) {
  size_t n = strlen(m);
  if (n == 0 || n > 16 || m[0] < 'a' || m[0] > 'z') return 0;
  for (size_t i = 0; i < n; i++)
    if (!((m[i] >= 'a' && m[i] <= 'z') || (m[i] >= '0' && m[i] <= '9'))) return 0;
  return 1;
}

int main(int argc, char **argv) {
  const char *filter = NULL, *out_path = NULL, *model = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--out") && i + 1 < argc) out_path = argv[++i];
    else if (!strcmp(argv[i], "--model") && i + 1 < argc) model = argv[++i];
    else filter = argv[i];
  }
  if (runs < 5) runs = 5;
  if (model && !model_name_ok(model)) {
    fprintf(stderr, "fusegen_tune: --model: expected a short lower-case name such as h200, got \"%s\"\n", model);
    return 2;
  }
  timing_init("fusegen_tune");
  double copy_gbs = copy_bandwidth(50);
  int dev = 0;
  struct cudaDeviceProp prop;
  CUDA_OK(cudaGetDevice(&dev));
  CUDA_OK(cudaGetDeviceProperties(&prop, dev));
  const int arch = prop.major * 10 + prop.minor;

  /* the variants: every one the tuning build holds for this GPU */
  variant_run *vars = calloc((size_t)fg__candidate_count, sizeof *vars);
  int nvars = 0;
  for (int i = 0; i < fg__candidate_count; i++) {
    const fg__candidate *c = &fg__candidates[i];
    if (c->arch != arch) continue;
    variant_run *v = NULL;
    for (int j = 0; j < nvars; j++)
      if (!strcmp(vars[j].e.variant, c->variant)) v = &vars[j];
    if (!v) {
      v = &vars[nvars++];
      snprintf(v->e.op, sizeof v->e.op, "%s", c->op);
      snprintf(v->e.variant, sizeof v->e.variant, "%s", c->variant);
    }
    if (c->index < MAX_CAND) {
      v->cand[c->index] = c;
      if (c->index + 1 > v->ncand) v->ncand = c->index + 1;
      struct cudaFuncAttributes a;
      CUDA_OK(c->attributes(&a));
      v->spills[c->index] = a.localSizeBytes > 0;
    }
  }
  if (!nvars) {
    fprintf(stderr, "fusegen_tune: this tuning build has no candidates for sm_%d: generate it for this GPU\n", arch);
    return 1;
  }
  int failures = 0, wrong = 0;
  /* each variant's baseline: the tiles of this GPU model's file, else the target's */
  for (int k = 0; k < nvars; k++) {
    variant_run *v = &vars[k];
    int target = -1, own = -1;
    for (int c = 0; c < v->ncand; c++) {
      if (!v->cand[c]) continue;
      if (has_word(v->cand[c]->current, "target")) target = c;
      if (model && has_word(v->cand[c]->current, model)) own = c;
    }
    v->base = own >= 0 ? own : target >= 0 ? target : 0;
    /* (the spec's tiles, say, may spill in the tuning build: then the first candidate that does not) */
    for (int c = 0; v->spills[v->base] && c < v->ncand; c++)
      if (v->cand[c] && !v->spills[c]) v->base = c;
    if (v->spills[v->base]) {
      fprintf(stderr, "%s: every candidate spills registers in the tuning build\n", v->e.variant);
      failures++;
    }
  }
  printf("tuning %d variants for sm_%d, %d runs per time\n\n", nvars, arch, runs);

  /* the timing pass: each case under each candidate of its variant */
  bench_case_ctx **ctx = calloc((size_t)bench_case_count(), sizeof *ctx);
  for (int i = 0; i < bench_case_count(); i++) {
    if (!bench_case_selected(i, filter)) continue;
    bench_case_ctx *c = bench_case_setup(i);
    fg__select_candidate(0);
    if (bench_case_try(c) != FG_OK) {
      fprintf(stderr, "%s %s: %s\n  (the tuning file names the variants to tune: `fusegen_bench --variants` lists those "
              "the bench cases run)\n", bench_case_op(i), bench_case_name(i), fg_last_error());
      failures++;
      bench_case_free(c);
      continue;
    }
    const fg__candidate *c0 = find_candidate(fg__last_kernel());
    variant_run *v = NULL;
    for (int j = 0; c0 && j < nvars; j++)
      if (!strcmp(vars[j].e.variant, c0->variant)) v = &vars[j];
    if (!v || v->ncases == MAX_CASES) {
      fprintf(stderr, "%s %s: kernel %s is not a candidate of this build\n", bench_case_op(i), bench_case_name(i),
              fg__last_kernel());
      failures++;
      bench_case_free(c);
      continue;
    }
    int slot = v->ncases++;
    v->cases[slot] = i;
    ctx[i] = c;
    wrong += check_case(v, c);
    time_case(v, slot, c);
    printf("%-24s %-36s", bench_case_op(i), bench_case_name(i));
    for (int k = 0; k < v->ncand; k++) {
      if (v->spills[k]) printf("  t%d spills", k);
      else if (v->wrong[k]) printf("  t%d WRONG", k);
      else printf("  t%d%s %.1f", k, k == v->base ? "*" : "", v->ms[k][slot] * 1e3);
    }
    printf("  (us; the baseline t%d at %.1f%% of copy)\n", v->base,
           100 * bench_case_bytes(c) / (v->ms[v->base][slot] * 1e-3) / 1e9 / copy_gbs);
  }

  /* the winners, confirmed */
  printf("\n");
  tuning_entry *entries = calloc((size_t)nvars, sizeof *entries);
  for (int k = 0; k < nvars; k++) {
    variant_run *v = &vars[k];
    tuning_entry *e = &entries[k];
    *e = v->e;
    if (!v->ncases) {
      snprintf(e->params, sizeof e->params, "%s", v->cand[v->base]->params);
      snprintf(e->comment, sizeof e->comment, "      -- no bench case runs it: the tiles it ran before\n");
      printf("%s: no bench case runs it\n", v->e.variant);
      continue;
    }
    if (v->spills[v->base]) { /* (reported above) */
      snprintf(e->params, sizeof e->params, "%s", v->cand[v->base]->params);
      snprintf(e->comment, sizeof e->comment, "      -- every candidate spills: the tiles it ran before\n");
      continue;
    }
    bench_case_ctx *cs[MAX_CASES];
    for (int j = 0; j < v->ncases; j++) cs[j] = ctx[v->cases[j]];
    const int b = v->base;
    int w = pick(v, v->ms, NULL);
    if (w != b) w = confirm(v, w, cs);
    v->winner = w;
    snprintf(e->params, sizeof e->params, "%s", v->cand[w]->params);
    size_t len = 0;
    for (int j = 0; j < v->ncases && len < sizeof e->comment; j++)
      len += (size_t)snprintf(e->comment + len, sizeof e->comment - len, "      -- %s %s: %.1f us -> %.1f us\n",
                              bench_case_op(v->cases[j]), bench_case_name(v->cases[j]), v->ms[b][j] * 1e3,
                              v->ms[w][j] * 1e3);
    printf("%s: %s%s\n%s", v->e.variant, w ? v->cand[w]->params : "the spec's tiles",
           w == b ? (b ? " (the current tiles, kept)" : "") : "", e->comment);
  }
  for (int i = 0; i < bench_case_count(); i++)
    if (ctx[i]) bench_case_free(ctx[i]);

  char note[256];
  snprintf(note, sizeof note, "-- Written by fusegen_tune on %s (%d runs per time; times: the tiles it ran before -> these).\n",
           prop.name, runs);
  FILE *f = out_path ? fopen(out_path, "w") : stdout;
  if (!f) { fprintf(stderr, "fusegen_tune: cannot write %s\n", out_path); return 1; }
  if (f == stdout) printf("\n");
  tuning_file_write(f, prop.name, arch, model, note, entries, (size_t)nvars);
  if (f != stdout) fclose(f);
  free(entries);
  free(vars);
  free(ctx);
  if (wrong) fprintf(stderr, "fusegen_tune: %d candidate(s) gave other results than the baseline (above): "
                             "a generator bug to report\n", wrong);
  return failures || wrong ? 1 : 0;
}
