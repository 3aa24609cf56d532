#!/bin/sh
# OpenCL calls from a thread's exit under ThreadSanitizer: tests/layer/programs/thread_exit_calls.c
# built with -fsanitize=thread, through the layer of the ThreadSanitizer build (make tsan),
# untraced and traced with kernel buffers. Its calls after the thread's C++ thread_local objects are destroyed must not touch the
# layer's freed per-thread state (ThreadSanitizer reports a heap use after free): no report, the
# program's output, and the layer's one finding (the released buffer queried).
# Prints SKIP when that build has no layer (build it with
# `cmake --build build-tsan --target clvet-layer`).
# Usage: thread_exit_tsan.sh TSAN_BUILD_DIR PROGRAM. Prints PASS, SKIP or what failed.
set -eu
tsan_build=$1 program=$2
layer=$tsan_build/layer/libclvet-layer.so
[ -f "$layer" ] || { echo "SKIP: no ThreadSanitizer build of the layer at $layer"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
expected=$(printf '64 64 64\nat exit: 64 64\nat exit: kernel and map read 136\nreleased buffer queried: -38')
# Untraced, then traced with kernel buffers (the recorder's per-thread state: its open calls,
# the launch's and the map's events).
for trace in "" "$work/t.clvt"; do
  status=0
  OPENCL_LAYERS=$layer CLVET_TRACE=$trace CLVET_TRACE_KERNEL_BUFFERS=1 CLVET_REPORT=stderr \
    TSAN_OPTIONS="second_deadlock_stack=1" \
    timeout 240 "$program" > "$work/out.txt" 2> "$work/err.txt" || status=$?
  ! grep -q ThreadSanitizer "$work/err.txt" || { cat "$work/err.txt"; fail "ThreadSanitizer reports (trace '$trace')"; }
  [ "$status" -eq 0 ] || fail "the program ended with status $status (trace '$trace'): $(tail -n 5 "$work/err.txt")"
  [ "$(cat "$work/out.txt")" = "$expected" ] || fail "the program said '$(cat "$work/out.txt")' (trace '$trace')"
  grep -q "GetMemObjectInfoInvalidMemObject" "$work/err.txt" || fail "no finding (trace '$trace'): $(cat "$work/err.txt")"
done
echo PASS
