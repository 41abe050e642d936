#!/bin/sh
# The regeneration check: generated/ must be exactly what the specs and
# templates produce, and (in a git checkout) exactly what is committed.
# usage: check_generated.sh FUSEGEN_BINARY ARCHS
set -e
"$1" check --archs "$2"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  changed=$(git status --porcelain -- generated/)
  if [ -n "$changed" ]; then
    echo "generated/ differs from what is committed (regenerate and commit it):"
    echo "$changed"
    exit 1
  fi
fi
