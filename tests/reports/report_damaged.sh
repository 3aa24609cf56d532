#!/bin/sh
# `clvet report` on a damaged trace (the sample trace with its last 16 bytes cut off, inside its
# last record, after the finding): the finding recorded before the damage is still reported,
# the damage is named on stderr with its offset, and the exit status is 3 (clvet(1), EXIT
# STATUS); the whole trace still gives 1 (a finding, no damage).
# Usage: report_damaged.sh CLVET SAMPLE_TRACE. Prints PASS or what failed.
set -u
clvet=$1 sample=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
size=$(wc -c < "$sample")
head -c $((size - 16)) "$sample" > "$work/damaged.clvt"

"$clvet" report "$sample" > "$work/whole.out" 2> "$work/whole.err"
[ $? = 1 ] || fail "the whole trace: status other than 1: $(cat "$work/whole.err")"

"$clvet" report "$work/damaged.clvt" > "$work/damaged.out" 2> "$work/damaged.err"
status=$?
[ "$status" = 3 ] || fail "the damaged trace: status $status, not 3"
grep -q "EnqueueReadBufferOutOfBounds" "$work/damaged.out" ||
  fail "the finding before the damage is not reported: $(cat "$work/damaged.out")"
grep -q "at offset 0x[0-9a-f]* is truncated" "$work/damaged.err" ||
  fail "the damage is not named with its offset: $(cat "$work/damaged.err")"

"$clvet" report --format=json "$work/damaged.clvt" > "$work/damaged.json" 2> /dev/null
[ $? = 3 ] || fail "the damaged trace as JSON: status other than 3"
python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$work/damaged.json" 2>/dev/null ||
  fail "the JSON report of the damaged trace is not JSON"
echo PASS
