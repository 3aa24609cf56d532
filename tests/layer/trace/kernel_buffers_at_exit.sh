#!/bin/sh
# Kernel-buffer reads still pending when the process exits (tests/layer/trace/
# exit_after_enqueue.c, on PoCL): the layer waits for them (a bounded time) before it closes
# the trace, so the trace holds the buffer before the kernel (1..8) and after it (3..24).
# Usage: kernel_buffers_at_exit.sh CLVET PROGRAM WORKDIR. Prints PASS or what failed.
set -eu
clvet=$1 program=$2 work=$3
mkdir -p "$work"
cd "$work"
rm -f exit.clvt
fail() { echo "FAIL: $*"; exit 1; }
out=$(timeout 60 "$clvet" run --trace=exit.clvt --trace-kernel-buffers=1 -- "$program") ||
  [ $? -eq 1 ] || fail "the program failed under the layer"
[ "$out" = "let go" ] || fail "the program said '$out'"
"$clvet" trace dump --all exit.clvt > exit.txt
call=$(sed -n 's/^#\([0-9]*\) .*clEnqueueNDRangeKernel(.*/\1/p' exit.txt)
[ -n "$call" ] || fail "no kernel call in the trace"
grep -q "kernel-buffers: before call #$call: \[\[0, <32 bytes: 01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00 05 00 00 00 06 00 00 00 07 00 00 00 08 00 00 00>\]\]" exit.txt ||
  fail "not 1..8 before the kernel: $(grep 'before call' exit.txt)"
grep -q "kernel-buffers: after call #$call: \[\[0, <32 bytes: 03 00 00 00 06 00 00 00 09 00 00 00 0c 00 00 00 0f 00 00 00 12 00 00 00 15 00 00 00 18 00 00 00>\]\]" exit.txt ||
  fail "not 3..24 after the kernel: $(grep 'after call' exit.txt)"
echo PASS
