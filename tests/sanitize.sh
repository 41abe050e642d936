#!/bin/sh
# Runs the GPU tests under compute-sanitizer, one test per process so that a
# report names its test, and prints one line per test and tool, then a total.
#   usage: tests/sanitize.sh [TOOL...] (default: memcheck racecheck initcheck)
#   FUSEGEN_TESTS: the test binary (default build/fusegen_tests)
#   SANITIZE_FILTER: run only tests whose name contains it
# Generator tests are left out: they launch nothing on the GPU.
# Exit status 1 when any tool reports an error or any test fails under it.
tests=${FUSEGEN_TESTS:-build/fusegen_tests}
sanitizer=${COMPUTE_SANITIZER:-compute-sanitizer}
tools=${*:-memcheck racecheck initcheck}
log=${SANITIZE_LOG:-/tmp/fusegen_sanitize.log}
: >"$log"
clean=0 dirty=0
for tool in $tools; do
  for t in $("$tests" --list | grep -v '^test_generator_' | grep -e "${SANITIZE_FILTER:-}"); do
    # Leaks are checked in the C tests; in the Python binding's test PyTorch's
    # caching allocator keeps its blocks until the process ends.
    case $tool/$t in
      memcheck/test_python_binding) opts= ;;
      memcheck/*) opts="--leak-check full" ;;
      *) opts= ;;
    esac
    start=$(date +%s)
    out=$("$sanitizer" --tool "$tool" $opts --error-exitcode 97 --print-limit 20 "$tests" "$t" 2>&1)
    rc=$?
    # A test that fails its calls before they reach the GPU makes no CUDA call
    # at all; the sanitizer then has nothing to check and says so.
    if [ "$rc" = 255 ] && printf '%s\n' "$out" | grep -q 'terminated before first instrumented API call' &&
       printf '%s\n' "$out" | grep -q '^ok '; then
      rc=0 summary_extra="(no CUDA call)"
    else
      summary_extra=
    fi
    secs=$(( $(date +%s) - start ))
    summary=$(printf '%s\n' "$out" | grep -E '^========= (ERROR SUMMARY|RACECHECK SUMMARY|LEAK SUMMARY)' | sed 's/^========= //' | tr '\n' ' ')
    result=$(printf '%s\n' "$out" | grep -E '^(ok|FAIL|skip) ' | head -1 | cut -c1-4)
    printf '%-10s %-58s %-4s rc=%-3s %4ss  %s\n' "$tool" "$t" "$result" "$rc" "$secs" "$summary$summary_extra"
    printf '### %s %s\n%s\n' "$tool" "$t" "$out" >>"$log"
    if [ "$rc" = 0 ]; then clean=$((clean + 1)); else dirty=$((dirty + 1)); fi
  done
done
echo "$clean clean, $dirty with errors or failures (full output: $log)"
[ "$dirty" = 0 ]
