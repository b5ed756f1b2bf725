#!/usr/bin/env bash
# Builds gammond.engine._ckernel with AddressSanitizer and UndefinedBehaviorSanitizer
# into a temporary copy of the package, then runs the kernel's differential
# tests and fuzzing against it (tests/test_kernel.py for the move generator,
# tests/test_kernel_features.py for the network inputs, test_kernel_net.py and
# test_kernel_ply.py for the network pass and one ply of search, test_playout.py
# for rollout trials, test_api_flow_kernel.py for Act's moves on Game bytes).  Fails on any test
# failure or sanitizer report.
#
#   tools/sanitize.sh [extra pytest args]
#   GAMMOND_FUZZ_EXAMPLES=20000 tools/sanitize.sh   # fuzz harder (default 3000)
#
# Needs gcc with libasan/libubsan; the tree itself is left untouched.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
CC=${CC:-gcc}

work=$(mktemp -d "${TMPDIR:-/tmp}/gammond-sanitize.XXXXXX")
trap 'rm -rf "$work"' EXIT
logs="$work/logs"
mkdir -p "$logs" "$work/tests"

# A copy of the package without any compiled kernel, so the sanitized one is used.
tar --exclude='*.so' --exclude='__pycache__' -cf - gammond tests/support tests/conftest.py \
  protos/python clients/python pyproject.toml | tar -xf - -C "$work"
cp tests/test_kernel.py tests/test_kernel_features.py tests/test_kernel_net.py tests/test_kernel_ply.py tests/test_playout.py \
  tests/test_turn_options_kernel.py tests/test_field_limits_wire.py tests/test_api_flow_kernel.py "$work/tests/"

include=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
suffix=$("$PY" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
echo "== building gammond/engine/_ckernel$suffix with -fsanitize=address,undefined"
"$CC" -shared -fPIC -std=c11 -O1 -g -Wall -Wextra -Wno-unused-parameter -Werror \
  -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
  -I"$include" gammond/engine/_ckernel_src/*.c -o "$work/gammond/engine/_ckernel$suffix"

# python itself is not instrumented, so the ASan runtime must be loaded first.
export LD_PRELOAD="$("$CC" -print-file-name=libasan.so) $("$CC" -print-file-name=libubsan.so)"
# CPython keeps its objects to the end, which LeakSanitizer would list as leaks.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:detect_stack_use_after_return=1:log_path=$logs/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# Objects from the system allocator, so ASan also guards the Plays object's items.
export PYTHONMALLOC=malloc
export GAMMOND_FUZZ_EXAMPLES=${GAMMOND_FUZZ_EXAMPLES:-3000}
unset GAMMOND_PURE_PYTHON

echo "== differential tests and fuzzing ($GAMMOND_FUZZ_EXAMPLES examples a property)"
# -s: a sanitizer writes its report to stderr and ends the process, so
# pytest must not be capturing stderr at that moment or the report is lost.
status=0
(cd "$work" && "$PY" -m pytest -q -s -p no:cacheprovider \
  tests/test_kernel.py tests/test_kernel_features.py tests/test_kernel_net.py tests/test_kernel_ply.py tests/test_playout.py \
  tests/test_turn_options_kernel.py tests/test_field_limits_wire.py tests/test_api_flow_kernel.py -k "not failed_compile" "$@") 2>&1 | tee "$work/run.txt" || status=$?

if compgen -G "$logs/*" >/dev/null ||
  grep -qE "runtime error:|ERROR: AddressSanitizer|SUMMARY: [A-Za-z]+Sanitizer" "$work/run.txt"; then
  echo "== sanitizer reports:"
  cat "$logs"/* 2>/dev/null || true
  grep -E -A3 "runtime error:|ERROR: AddressSanitizer" "$work/run.txt" || true
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "== tests failed (status $status)"
  exit "$status"
fi
echo "== clean: no sanitizer reports"
