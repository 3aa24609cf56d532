#!/bin/sh
# clvet replay --threads=recorded: a four-thread program's trace (recorded under the layer on
# PoCL) replayed on PoCL under the layer, which records the replay's own calls with the host
# thread that made each. With --threads=recorded the replay's calls come from as many host
# threads as the program had, each making the calls of one program thread (the same number of
# queues and launches per thread); with --threads=one, from one. --verify is clean both ways.
# Usage: recorded_threads.sh CLVET POCL_ICD WORKDIR PROGRAM. Prints PASS or what failed.
set -eu
clvet=$1 pocl=$2 work=$3 program=$4
mkdir -p "$work"
cd "$work"
rm -f recorded.clvt replayed-*.clvt
fail() { echo "FAIL: $*"; exit 1; }
export OCL_ICD_VENDORS="$pocl" CLVET_REPORT=none

"$clvet" run --trace=recorded.clvt -- "$program" > recorded.out 2>&1 || fail "the program: $(cat recorded.out)"

# "N M" lines: how many calls of ENTRY each thread made, sorted, for the trace $1.
per_thread() {
  "$clvet" trace dump "$1" | sed -n "s/^#[0-9]* \[thread \([0-9]*\) .*\] $2(.*/\1/p" | sort | uniq -c |
    awk '{print $1}' | sort -n | tr '\n' ' '
}
recorded_queues=$(per_thread recorded.clvt clCreateCommandQueue)
recorded_launches=$(per_thread recorded.clvt clEnqueueNDRangeKernel)
echo "recorded: queues per thread: $recorded_queues; launches per thread: $recorded_launches"
[ "$recorded_queues" = "1 1 1 1 " ] || fail "the program did not make a queue on each of four threads"

for threads in recorded one; do
  "$clvet" run --trace="replayed-$threads.clvt" -- "$clvet" replay recorded.clvt --verify --threads=$threads \
    > "replay-$threads.out" 2>&1 || fail "replay --threads=$threads: $(cat replay-$threads.out)"
  grep -q "all the same as recorded" "replay-$threads.out" || fail "replay --threads=$threads: $(cat replay-$threads.out)"
  queues=$(per_thread "replayed-$threads.clvt" clCreateCommandQueue)
  launches=$(per_thread "replayed-$threads.clvt" clEnqueueNDRangeKernel)
  echo "--threads=$threads: queues per thread: $queues; launches per thread: $launches"
  case $threads in
    recorded)
      [ "$queues" = "$recorded_queues" ] || fail "--threads=recorded made the queues on threads $queues"
      [ "$launches" = "$recorded_launches" ] || fail "--threads=recorded launched on threads $launches" ;;
    one)
      [ "$queues" = "4 " ] || fail "--threads=one made the queues on threads $queues" ;;
  esac
done
echo PASS
