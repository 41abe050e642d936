#!/bin/sh
# Fuzzing, bounded in time: `ninja fuzz` (needs clang with libFuzzer).
#   usage: tests/fuzz/run.sh BUILD_DIR SECONDS_PER_TARGET
# For each target: first every input under tests/fuzz/regressions/<target>/
# (crashes found before, now fixed, and hostile specs), then fresh inputs for
# the given time. fuzz_spec compiles accepted specs' headers with cc and the
# CUDA headers ($CUDA_HOME/include, default /usr/local/cuda/include).
# A crash leaves its input in BUILD_DIR/fuzz/crashes/ and fails the run: fix
# it and add the input to the regressions.
set -u
build=$1 seconds=$2
status=0
for target in spec args; do
  bin=$build/fuzz_$target
  work=$build/fuzz/$target
  rm -rf "$work" && mkdir -p "$work/corpus" "$build/fuzz/crashes"
  case $target in
    spec) cp gen/specs/*.lua "$work/corpus/"; extra="-dict=tests/fuzz/spec.dict -max_len=16384" ;;
    args) extra="-max_len=512" ;;
  esac
  regressions=$(ls tests/fuzz/regressions/$target/* 2>/dev/null)
  if [ -n "$regressions" ]; then
    if "$bin" $regressions >"$work/regressions.log" 2>&1; then
      echo "fuzz_$target: $(echo "$regressions" | wc -l) regression inputs pass"
    else
      echo "fuzz_$target: a regression input fails again:"; tail -30 "$work/regressions.log"; status=1
    fi
  fi
  "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/fuzz/crashes/${target}-" $extra "$work/corpus" >"$work/fuzz.log" 2>&1
  rc=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/fuzz.log" | grep -o '[0-9]*$')
  if [ $rc = 0 ]; then
    echo "fuzz_$target: ${runs:-?} inputs in ${seconds} s, no crash"
  else
    echo "fuzz_$target: crash (exit $rc); input kept in $build/fuzz/crashes/:"; tail -40 "$work/fuzz.log"; status=1
  fi
done
exit $status
