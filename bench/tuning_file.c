/* Writing a per-GPU tuning file (bench/tuning_file.h). */
#include "tuning_file.h"

#include "fusegen_internal.h"

#include <stdlib.h>
#include <string.h>

int tuning_split_kernel(const char *kernel, tuning_entry *e) {
  size_t best = 0;
  for (int i = 0; i < fg__op_count; i++) {
    const char *op = fg__ops[i].sig->fn + 3; /* past "fg_" */
    size_t n = strlen(op);
    if (n > best && !strncmp(kernel, op, n) && kernel[n] == '_') best = n;
  }
  if (!best || best >= sizeof e->op) return -1;
  memcpy(e->op, kernel, best);
  e->op[best] = 0;
  /* the variant: the kernel name up to its _sm<N> (after which a GPU model's name may follow) */
  snprintf(e->variant, sizeof e->variant, "%s", kernel);
  char *sm = NULL;
  for (char *p = strstr(e->variant, "_sm"); p; p = strstr(p + 1, "_sm"))
    if (p[3] >= '0' && p[3] <= '9') sm = p;
  if (sm) *sm = 0;
  return 0;
}

static int cmp_entry(const void *a, const void *b) {
  const tuning_entry *x = a, *y = b;
  int c = strcmp(x->op, y->op);
  return c ? c : strcmp(x->variant, y->variant);
}

void tuning_file_write(FILE *f, const char *gpu, int arch, const char *model, const char *note, tuning_entry *e,
                       size_t n) {
  qsort(e, n, sizeof *e, cmp_entry);
  size_t m = 0; /* each variant once */
  for (size_t i = 0; i < n; i++)
    if (m == 0 || cmp_entry(&e[m - 1], &e[i])) e[m++] = e[i];
  n = m;
  if (model) {
    fprintf(f, "-- Tile parameters for the GPU model %s on sm_%d (docs/tuning.md): on a device\n", model, arch);
    fprintf(f, "-- named in devices, each variant's values are laid over its spec's tiles; {}\n");
    fprintf(f, "-- keeps the spec's tiles. A variant whose tiles equal the target default's\n");
    fprintf(f, "-- (sm_%d.lua) shares its kernel; one that differs gets a kernel of its own.\n", arch);
  } else {
    fprintf(f, "-- Tile parameters for sm_%d (docs/tuning.md): each variant's values are laid\n", arch);
    fprintf(f, "-- over its spec's tiles when the library is generated for sm_%d; {} keeps the\n", arch);
    fprintf(f, "-- spec's tiles. The variants named here are the ones a tuning build tunes.\n");
  }
  if (note && *note) fprintf(f, "%s", note);
  fprintf(f, "return {\n  gpu = \"%s\",\n", gpu);
  if (model) fprintf(f, "  devices = { \"%s\" },\n", gpu);
  fprintf(f, "  ops = {\n");
  for (size_t i = 0; i < n; i++) {
    int first = i == 0 || strcmp(e[i - 1].op, e[i].op) != 0;
    int last = i + 1 == n || strcmp(e[i + 1].op, e[i].op) != 0;
    if (first) fprintf(f, "    %s = {\n", e[i].op);
    if (e[i].comment[0]) fprintf(f, "%s", e[i].comment);
    if (e[i].params[0]) fprintf(f, "      %s = { %s },\n", e[i].variant, e[i].params);
    else fprintf(f, "      %s = {},\n", e[i].variant);
    if (last) fprintf(f, "    },\n");
  }
  fprintf(f, "  },\n}\n");
}
