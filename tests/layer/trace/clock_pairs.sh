#!/bin/sh
# Clock pairs of a program that finishes its profiling queue after every command
# (tests/layer/trace/finish_often.c, on PoCL, which has no clGetDeviceAndHostTimer): each of
# its 601 commands has device times (read in batches, the last when the trace closes), each
# once, and the trace holds a handful of clock-sync estimates, not one per clFinish: an estimate is written when it halves the uncertainty of the last one,
# or a second after it, and the best one kept is written when the trace closes.
# Usage: clock_pairs.sh CLVET PROGRAM WORKDIR. Prints PASS or what failed.
set -eu
clvet=$1 program=$2 work=$3
mkdir -p "$work"
cd "$work"
rm -f often.clvt
fail() { echo "FAIL: $*"; exit 1; }
out=$("$clvet" run --trace=often.clvt -- "$program") || fail "the program failed under the layer"
[ "$out" = "last value 599" ] || fail "the program said '$out'"
"$clvet" trace dump --all often.clvt > often.txt
commands=$(grep -c 'device-command:' often.txt) || true
[ "$commands" -eq 601 ] || fail "$commands device times, not 601"
once=$(grep 'device-command:' often.txt | grep -o 'from call #[0-9]*' | sort -u | wc -l)
[ "$once" -eq 601 ] || fail "$once calls with device times, not 601"
syncs=$(grep -c 'clock-sync:' often.txt) || true
[ "$syncs" -ge 1 ] && [ "$syncs" -le 20 ] || fail "$syncs clock-sync records for 600 finishes"
echo "PASS ($syncs clock-sync records)"
