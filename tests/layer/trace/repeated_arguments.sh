#!/bin/sh
# Repeat items (FORMAT.md 5.0) in the layer's trace of tests/layer/trace/repeated_arguments.c on
# PoCL: a kernel loop whose calls pass the same argument values while the bytes behind them
# change in place. A call may be written as a Repeat of its thread's latest call of the same
# entry point only when those bytes are the same too. Checked:
#   - the trace with Repeats (the default) reads as the trace without them (--trace-repeats=0),
#     call for call, parameter for parameter, input for input (addresses and times aside: they
#     differ from run to run);
#   - its inputs are the program's values: the factor (1.0f, 2.0f, 0.5f, 1.0f, a hundred rounds
#     each), the global size (16 for 300 rounds, then 8), the buffer of argument 0 (one for 200
#     rounds, then the other), the 16 bytes written (eight contents, fifty rounds each);
#   - it is smaller, by more than a quarter (the loop's calls are most of it);
#   - recorded with data (so that it has the program's source to replay), it replays on PoCL
#     reading what was recorded (clvet replay --verify compares the reads).
# Usage: repeated_arguments.sh CLVET PROGRAM WORKDIR. Prints PASS or what failed.
set -eu
clvet=$1 program=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
cd "$work"
rm -f data.clvt
fail() { echo "FAIL: $*"; exit 1; }
. "$here/repeats_both_ways.sh"
record_both_ways 0
[ "$(grep -c 'clSetKernelArg(' with.calls)" -eq 1200 ] || fail "not 1200 clSetKernelArg calls"

# The values behind the pointers, in the trace with Repeats: each item follows its call's line.
count() { grep -c -- "$1" with.calls || true; }
[ "$(count 'in  arg_value: <4 bytes: 00 00 80 3f>')" -eq 200 ] || fail "the factor 1.0f not 200 times"
[ "$(count 'in  arg_value: <4 bytes: 00 00 00 40>')" -eq 100 ] || fail "the factor 2.0f not 100 times"
[ "$(count 'in  arg_value: <4 bytes: 00 00 00 3f>')" -eq 100 ] || fail "the factor 0.5f not 100 times"
[ "$(count 'global_work_size: \[16\]')" -eq 300 ] || fail "the global size 16 not 300 times"
[ "$(count 'global_work_size: \[8\]')" -eq 100 ] || fail "the global size 8 not 100 times"
# Argument 0's buffer: the item after each of its calls, as the buffers' ids in turn.
buffers=$(awk '/arg_index: 0,/ { getline; print $3 }' with.calls | uniq -c | awk '{ print $1 }' | tr '\n' ' ')
[ "$buffers" = "200 200 " ] || fail "argument 0's buffers in runs of '$buffers', not 200 then 200"
[ "$(awk '/arg_index: 0,/ { getline; print $3 }' with.calls | uniq | wc -l)" -eq 2 ] ||
  fail "argument 0 did not name two buffers"
# The bytes written: (r/50 + i) for i = 0..3 as floats, 0.0f 1.0f 2.0f 3.0f the first fifty rounds.
[ "$(count 'in  ptr: <16 bytes: 00 00 00 00 00 00 80 3f 00 00 00 40 00 00 40 40>')" -eq 50 ] ||
  fail "the first bytes written not 50 times"
[ "$(grep -- 'in  ptr: <16 bytes:' with.calls | uniq -c | awk '{ print $1 }' | tr '\n' ' ')" = \
  "50 50 50 50 50 50 50 50 " ] || fail "the bytes written do not change every fifty rounds"

with=$(wc -c < with.clvt) without=$(wc -c < without.clvt)
[ $((with * 4)) -lt $((without * 3)) ] || fail "with Repeats $with bytes, without $without: not a quarter smaller"

out=$("$clvet" run --trace=data.clvt -- "$program")
[ "$(echo "$out" | tail -1)" = same ] || fail "the program computed otherwise than the host (data): $out"
CLVET_REPORT=none "$clvet" replay data.clvt --verify > replay.out 2> replay.err ||
  fail "replay: $(cat replay.out replay.err)"
grep -q "all the same as recorded" replay.out || fail "replay: $(cat replay.out)"
echo PASS
