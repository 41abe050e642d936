#!/bin/sh
# The drop-in check: generated output builds on its own, outside the tree,
# with its own Makefile or CMake file, and two copies generated with different
# symbol prefixes link into one program that uses both.
#   usage: tests/vendor/run.sh WORK_DIR   (from the repository root, after ninja)
#   VENDOR_ARCH: the GPU target of the small copies (default sm_90)
# Leaves WORK_DIR/consumer, the program, to run on a GPU machine.
set -eu
work=$1
fusegen=${FUSEGEN:-build/fusegen}
cuda=${CUDA_HOME:-/usr/local/cuda}
arch=${VENDOR_ARCH:-sm_90}
jobs=${VENDOR_JOBS:-2}
mkdir -p "$work"
step() { echo "== $*"; }

step "the whole generated/ copied out: its Makefile names only files inside it, its C sources compile there"
cp -R generated "$work/full"
make -s -n -f "$work/full/Makefile" BUILD="$work/full_build" >/dev/null
objects=$(cd "$work/full" && ls *.c | sed "s|^|$work/full_build/|; s|\.c$|.o|")
make -s -f "$work/full/Makefile" BUILD="$work/full_build" -j"$jobs" $objects

step "two small copies (norm_modulate_scalar, $arch) with the prefixes fga and fgb"
for p in fga fgb; do
  "$fusegen" generate --ops norm_modulate_scalar --out "$work/$p" --prefix $p --archs "$arch" >/dev/null
done
if grep -rnE '(^|[^A-Za-z0-9_]|-D)(fg|FG)_' "$work/fga" "$work/fgb" >"$work/left"; then
  echo "a copy still has fg_ or FG_ names:"; head "$work/left"; exit 1
fi

step "fga built with its Makefile"
make -s -f "$work/fga/Makefile" BUILD="$work/build_fga" -j"$jobs"
lib_a=$work/build_fga/libfusegen.a
if command -v cmake >/dev/null 2>&1; then
  step "fgb built with its CMake file"
  cmake -S "$work/fgb" -B "$work/build_fgb" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$cuda/bin/nvcc" >/dev/null
  cmake --build "$work/build_fgb" -j "$jobs" >/dev/null
  lib_b=$work/build_fgb/libfgb_fusegen.a
else
  step "fgb built with its Makefile (no cmake here)"
  make -s -f "$work/fgb/Makefile" BUILD="$work/build_fgb" -j"$jobs"
  lib_b=$work/build_fgb/libfusegen.a
fi

step "no symbol defined by both libraries"
nm -g --defined-only "$lib_a" | awk 'NF == 3 && $2 != "V" && $2 != "W" {print $3}' | sort -u >"$work/syms_a"
nm -g --defined-only "$lib_b" | awk 'NF == 3 && $2 != "V" && $2 != "W" {print $3}' | sort -u >"$work/syms_b"
both=$(comm -12 "$work/syms_a" "$work/syms_b" | grep -v '^DW\.ref\.__gxx_personality_v0$' || true)
if [ -n "$both" ]; then echo "defined in both copies:"; echo "$both" | head; exit 1; fi

step "one program using both copies"
for p in fga fgb; do
  up=$(echo $p | tr a-z A-Z)
  cc -std=c11 -O2 -Wall -Wextra -Werror -I"$work/$p" -I"$cuda/include" -DPREFIX=${p}_ -DUPREFIX=${up}_ \
    -c tests/vendor/consumer_copy.c -o "$work/consumer_$p.o"
done
cc -std=c11 -O2 -Wall -Wextra -Werror -I"$cuda/include" -c tests/vendor/consumer_main.c -o "$work/consumer_main.o"
cc -o "$work/consumer" "$work/consumer_main.o" "$work/consumer_fga.o" "$work/consumer_fgb.o" "$lib_a" "$lib_b" \
  -L"$cuda/lib64" -lcudart_static -lstdc++ -ldl -lrt -lpthread -lm
"$work/consumer"
