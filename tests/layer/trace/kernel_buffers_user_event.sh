#!/bin/sh
# CLVET_TRACE_KERNEL_BUFFERS never blocks the application, on PoCL, with
# tests/layer/trace/user_event_kernel.c: a kernel whose wait list holds a user event the host
# sets after the enqueue returns. Under the layer the program must finish (a bounded time: a
# layer that read the buffers at the enqueue would wait for that event forever), compute what
# it computes without the layer, and its trace must hold the buffer before the kernel ran as
# the host left it when it set the event (11..18) and after it (33..54).
# Usage: kernel_buffers_user_event.sh CLVET PROGRAM WORKDIR. Prints PASS or what failed.
set -eu
clvet=$1 program=$2 work=$3
mkdir -p "$work"
cd "$work"
rm -f gate.clvt
fail() { echo "FAIL: $*"; exit 1; }

plain=$(timeout 60 "$program") || fail "the program failed without the layer"
[ "$plain" = "33 36 39 42 45 48 51 54 " ] || fail "the program computed '$plain' without the layer"
out=$(timeout 60 "$clvet" run --trace=gate.clvt --trace-kernel-buffers=1 -- "$program") ||
  fail "the program did not finish under the layer (status $?; 124: it hung)"
[ "$out" = "$plain" ] || fail "the program computed '$out' under the layer"
"$clvet" trace dump --all gate.clvt > gate.txt
call=$(sed -n 's/^#\([0-9]*\) .*clEnqueueNDRangeKernel(.*/\1/p' gate.txt)
[ -n "$call" ] || fail "no kernel call in the trace"
grep -q "kernel-buffers: before call #$call: \[\[0, <32 bytes: 0b 00 00 00 0c 00 00 00 0d 00 00 00 0e 00 00 00 0f 00 00 00 10 00 00 00 11 00 00 00 12 00 00 00>\]\]" gate.txt ||
  fail "not 11..18 before the kernel: $(grep 'before call' gate.txt)"
grep -q "kernel-buffers: after call #$call: \[\[0, <32 bytes: 21 00 00 00 24 00 00 00 27 00 00 00 2a 00 00 00 2d 00 00 00 30 00 00 00 33 00 00 00 36 00 00 00>\]\]" gate.txt ||
  fail "not 33..54 after the kernel: $(grep 'after call' gate.txt)"
echo PASS
