#!/bin/sh
# The layer under ThreadSanitizer: tests/layer/trace/threads_traced.c built with
# -fsanitize=thread runs four threads through a layer built with -DCLVET_TSAN=ON (its object
# table, call path, trace writer, device times, clock pairs and kernel-buffer callbacks from
# PoCL's threads), tracing with kernel buffers on. No ThreadSanitizer report, right results.
# Prints SKIP when that build has no layer (make tsan builds it; a partial ThreadSanitizer
# build may not: build the layer there with
# `cmake --build build-tsan --target clvet-layer`).
# Usage: threads_tsan.sh TSAN_BUILD_DIR PROGRAM WORKDIR. Prints PASS, SKIP or what failed.
set -eu
tsan_build=$1 program=$2 work=$3
layer=$tsan_build/layer/libclvet-layer.so
[ -f "$layer" ] || { echo "SKIP: no ThreadSanitizer build of the layer at $layer"; exit 0; }
mkdir -p "$work"
cd "$work"
rm -f tsan.clvt
fail() { echo "FAIL: $*"; exit 1; }
status=0
OPENCL_LAYERS=$layer CLVET_TRACE=tsan.clvt CLVET_TRACE_KERNEL_BUFFERS=1 CLVET_DEVICE_TIMES=1 CLVET_REPORT=none \
  TSAN_OPTIONS="second_deadlock_stack=1" timeout 300 "$program" > out.txt 2> tsan.txt || status=$?
! grep -q ThreadSanitizer tsan.txt || { cat tsan.txt; fail "ThreadSanitizer reports"; }
[ "$status" -eq 0 ] || fail "the program ended with status $status: $(tail -n 5 tsan.txt)"
[ "$(cat out.txt)" = "threads ok" ] || fail "the program said '$(cat out.txt)'"
echo PASS
