#!/bin/sh
# Four threads under the tracing layer at once (tests/layer/trace/threads_traced.c), on PoCL,
# with device times and kernel buffers on: the program's results are right, the trace reads
# back whole, and it holds each thread's commands: 4 threads × 20 rounds of a write, a kernel
# and a read have 240 device times, and 80 kernels 80 KernelBuffers records before and 80 after.
# Usage: threads_trace.sh CLVET PROGRAM WORKDIR. Prints PASS or what failed.
set -eu
clvet=$1 program=$2 work=$3
mkdir -p "$work"
cd "$work"
rm -f threads.clvt
fail() { echo "FAIL: $*"; exit 1; }

out=$(timeout 120 "$clvet" run --trace=threads.clvt --trace-kernel-buffers=1 --device-times=1 -- "$program") ||
  fail "the program failed under the layer: $out"
[ "$out" = "threads ok" ] || fail "the program said '$out'"
"$clvet" trace dump --all threads.clvt > threads.txt 2> problems.txt
[ ! -s problems.txt ] || fail "the trace reads with problems: $(cat problems.txt)"
[ "$(grep -c 'device-command:' threads.txt)" -eq 240 ] || fail "$(grep -c 'device-command:' threads.txt) device times, not 240"
[ "$(grep -c 'kernel-buffers: before call' threads.txt)" -eq 80 ] || fail "not 80 buffer records before kernels"
[ "$(grep -c 'kernel-buffers: after call' threads.txt)" -eq 80 ] || fail "not 80 buffer records after kernels"
! grep 'kernel-buffers:' threads.txt | grep -q NULL || fail "a kernel buffer read failed"
# Clock pairs: the program finishes its queues 80 times, but an estimate is written only when
# it halves the last one's uncertainty, or a second later: a handful, not one per finish.
syncs=$(grep -c 'clock-sync:' threads.txt) || true
[ "$syncs" -ge 1 ] && [ "$syncs" -le 20 ] || fail "$syncs clock-sync records for one device"
echo PASS
