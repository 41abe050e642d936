/* copied from runtime/dispatch.c by fusegen: do not edit */
/* Finding a kernel in an op's sorted dispatch table. */
#include "fusegen_internal.h"

#include <stdio.h>

static int key_cmp(const int *a, const int *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

static _Thread_local int selected_candidate;

void fg__select_candidate(int index) { selected_candidate = index; }

/* Machine code for sm_XY runs on GPUs of the same major version and a minor
 * version at least Y; among those, take the newest. Its entries are sorted by
 * model: the target's own (model 0), then those of GPU models whose tiles
 * differ; a device of such a model takes its own. Of a tuning build's entries
 * (candidates in order, no models), the selected one. */
const fg__kernel_entry *fg__find_kernel(const fg__kernel_entry *table, int count, int nkey, const int *key,
                                        int cc, int model) {
  int lo = 0, hi = count;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (key_cmp(table[mid].key, key, nkey) < 0) lo = mid + 1;
    else hi = mid;
  }
  int best = -1;
  for (int i = lo; i < count && key_cmp(table[i].key, key, nkey) == 0; i++)
    if (table[i].arch / 10 == cc / 10 && table[i].arch <= cc && (best < 0 || table[i].arch != table[best].arch))
      best = i;
  if (best < 0) return NULL;
  if (model > 0 && selected_candidate == 0)
    for (int i = best + 1; i < count && key_cmp(table[i].key, key, nkey) == 0 && table[i].arch == table[best].arch; i++)
      if (table[i].model == model) return &table[i];
  int pick = best + selected_candidate;
  if (selected_candidate < 0 || pick >= count || key_cmp(table[pick].key, key, nkey) != 0 ||
      table[pick].arch != table[best].arch || table[pick].model != 0)
    return NULL;
  return &table[pick];
}

/* The kernel for key, or else for the most specific key that replaces some of
 * its values by their axes' general values (general[i] >= 0: a head size
 * "any", a rule's catch-all value; -1: none), fewest replaced first and the
 * last axes first: rare combinations run through general variants. */
const fg__kernel_entry *fg__find_kernel_general(const fg__kernel_entry *table, int count, int nkey, const int *key,
                                                const int *general, int cc, int model) {
  int axes[FG__MAX_KEY], k = 0;
  for (int i = nkey - 1; i >= 0; i--)
    if (general[i] >= 0 && general[i] != key[i]) axes[k++] = i; /* axes[0]: the last such axis */
  for (int n = 0; n <= k; n++) {
    for (unsigned mask = 0; mask < (1u << k); mask++) {
      if (__builtin_popcount(mask) != n) continue;
      int try_key[FG__MAX_KEY];
      for (int i = 0; i < nkey; i++) try_key[i] = key[i];
      for (int b = 0; b < k; b++)
        if (mask & (1u << b)) try_key[axes[b]] = general[axes[b]];
      const fg__kernel_entry *e = fg__find_kernel(table, count, nkey, try_key, cc, model);
      if (e) return e;
    }
  }
  return NULL;
}

fg_status fg__no_kernel(const fg__op_sig *sig, const int *key, int nkey, const fg__axis_desc *axes, int cc,
                        const char *note) {
  char text[256];
  size_t len = 0;
  text[0] = 0;
  for (int i = 0; i < nkey && len < sizeof text; i++)
    len += snprintf(text + len, sizeof text - len, "%s%s=%s", i ? " " : "", axes[i].name,
                    axes[i].values[key[i]]);
  return fg__fail(FG_ERR_UNSUPPORTED, "%s: no kernel for %s on sm_%d%s%s%s", sig->fn, text, cc,
                  *note ? " (" : "", note, *note ? "; or the build's GPU targets leave it out)" : "");
}
