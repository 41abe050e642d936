"""What the Python test files share: check() counts each check and prints a
failed one, and finish() prints `N passed, N failed` and exits with status 1
after any failure (the test runner's test_python_binding reads the status)."""
import sys

passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL", what, flush=True)


def finish():
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
