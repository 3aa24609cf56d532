#!/bin/sh
# Repeat items for writes whose bytes are a blob (FORMAT.md 5.0), in the layer's trace with data
# of tests/layer/trace/repeated_blobs.c on PoCL: 256 bytes written from one array again and again,
# changed in place between some writes, with writes of another array between others. A write may
# be a Repeat of its thread's latest one only while its bytes are that call's blob still.
# Checked:
#   - the trace with Repeats reads as the trace without them (--trace-repeats=0), call for call,
#     input for input (blob hashes included; addresses and times aside);
#   - the blobs written into x follow the program: a new content at rounds 50, 100, 150... and
#     one float changed at round 125, so runs of 50 50 25 25 50 50 50 50 50 writes, each run
#     its own blob; the 58 writes into z all one blob;
#   - it is smaller, by more than a quarter;
#   - it replays on PoCL reading what was recorded (clvet replay --verify).
# Usage: repeated_blobs.sh CLVET PROGRAM WORKDIR. Prints PASS or what failed.
set -eu
clvet=$1 program=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
. "$here/repeats_both_ways.sh"
record_both_ways 1

# The blob each write names, by buffer: x is the buffer of the last write, z the other one.
writes() { awk -v want="$1" '/clEnqueueWriteBuffer\(/ { match($0, /buffer: mem#[0-9]+/); b = substr($0, RSTART + 8, RLENGTH - 8); getline; if (b == want) print $NF }' with.calls; }
x=$(awk '/clEnqueueWriteBuffer\(/ { match($0, /buffer: mem#[0-9]+/); b = substr($0, RSTART + 8, RLENGTH - 8) } END { print b }' with.calls)
z=$(awk '/clEnqueueWriteBuffer\(/ { match($0, /buffer: mem#[0-9]+/); print substr($0, RSTART + 8, RLENGTH - 8) }' with.calls | sort -u | grep -vx "$x")
[ "$(writes "$x" | wc -l)" -eq 400 ] || fail "not 400 writes into x ($x)"
runs=$(writes "$x" | uniq -c | awk '{ print $1 }' | tr '\n' ' ')
[ "$runs" = "50 50 25 25 50 50 50 50 50 " ] || fail "the blobs written into x run '$runs'"
[ "$(writes "$x" | sort -u | wc -l)" -eq 9 ] || fail "not nine contents written into x"
[ "$(writes "$z" | wc -l)" -eq 58 ] || fail "not 58 writes into z ($z)"
[ "$(writes "$z" | sort -u | wc -l)" -eq 1 ] || fail "the writes into z name more than one blob"

with=$(wc -c < with.clvt) without=$(wc -c < without.clvt)
[ $((with * 4)) -lt $((without * 3)) ] || fail "with Repeats $with bytes, without $without: not a quarter smaller"

CLVET_REPORT=none "$clvet" replay with.clvt --verify > replay.out 2> replay.err ||
  fail "replay: $(cat replay.out replay.err)"
grep -q "all the same as recorded" replay.out || fail "replay: $(cat replay.out)"
echo PASS
