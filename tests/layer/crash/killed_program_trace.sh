#!/bin/sh
# A program traced under `clvet run` and killed with SIGKILL mid-run leaves a trace that reads
# back to its last completed call (traces survive crashes).
# usage: killed_program_trace.sh CLVET ENDLESS_CALLS WORK_DIR
set -eu
clvet=$1 program=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"

"$clvet" run --trace=trace.clvt --report=none -- "$program" pid > progress 2>stderr &
runner=$!
# Wait until the program has made at least 5000 calls, then kill it without warning.
for _ in $(seq 1 300); do
  [ -s progress ] && [ "$(tail -n 1 progress)" -ge 5000 ] 2>/dev/null && break
  sleep 0.1
done
made=$(tail -n 1 progress)
kill -KILL "$(cat pid)"
wait "$runner" || true
echo "killed after at least $made calls"

# Every call up to the kill is in the trace, in order, the last one complete.
"$clvet" trace dump --all --no-times trace.clvt > dump 2> problems || true
recorded=$(grep -c 'clGetPlatformInfo(' dump || true)
echo "calls of clGetPlatformInfo in the trace: $recorded"
cat problems
[ "$recorded" -ge "$made" ] || { echo "FAIL: fewer calls in the trace than the program made"; exit 1; }
grep -q 'clGetPlatformIDs(' dump || { echo "FAIL: the first call is missing"; exit 1; }
if grep -qi 'damage\|corrupt\|checksum' problems; then echo "FAIL: the trace is damaged"; exit 1; fi
echo "PASS"
