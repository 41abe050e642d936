#!/bin/sh
# The regeneration check: generated/ must be exactly what the specs and
# templates produce, and (in a git checkout) exactly what is committed; the
# stage library's tables in docs/templates.md must be what `fusegen stages`
# prints from the stages' declarations.
# usage: check_generated.sh FUSEGEN_BINARY ARCHS
set -e
fusegen=$1
"$fusegen" check --archs "$2"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  changed=$(git status --porcelain -- generated/)
  if [ -n "$changed" ]; then
    echo "generated/ differs from what is committed (regenerate and commit it):"
    echo "$changed"
    exit 1
  fi
fi

# docs/templates.md: the lines between its two markers are the output of
# `fusegen stages`, byte for byte.
doc=docs/templates.md
begin='<!-- fusegen stages: begin'
end='<!-- fusegen stages: end -->'
if [ -f "$doc" ]; then
  tmp=${TMPDIR:-/tmp}/fusegen_stages.$$
  trap 'rm -f "$tmp.doc" "$tmp.out"' EXIT
  "$fusegen" stages > "$tmp.out"
  awk -v b="$begin" -v e="$end" '
    index($0, e) == 1 { inside = 0; ends++ }
    inside { print }
    index($0, b) == 1 { inside = 1; begins++ }
    END { if (begins != 1 || ends != 1) exit 2 }' "$doc" > "$tmp.doc" || {
    echo "$doc: expected one line starting '$begin' and one '$end' around the stage tables"
    exit 1
  }
  if ! cmp -s "$tmp.out" "$tmp.doc"; then
    echo "$doc: the stage tables differ from what \`$fusegen stages\` prints from the stages' declarations:"
    diff "$tmp.doc" "$tmp.out" || true
    echo "(fix: replace the lines between the '$begin' and '$end' markers of $doc with the output of \`$fusegen stages\`)"
    exit 1
  fi
fi
