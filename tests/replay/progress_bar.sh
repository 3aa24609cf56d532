#!/bin/sh
# The terminal progress bar of `clvet replay`: on a terminal (script(1) gives it one) a replay
# of 10,000 calls or more draws a bar that reaches 100% and is erased, also when the replay
# stops early at --to; with stderr not a terminal no bar is drawn at all.
# Usage: progress_bar.sh CLVET POCL_ICD WORKDIR COMMAND... Prints PASS or what failed.
set -eu
clvet=$1 pocl=$2 work=$3
shift 3
mkdir -p "$work"
cd "$work"
rm -f recorded.clvt
fail() { echo "FAIL: $*"; exit 1; }
OCL_ICD_VENDORS="$pocl" CLVET_REPORT=none "$clvet" run --trace=recorded.clvt --trace-data=0 -- "$@" \
  > recorded.out 2> recorded.err || fail "recording failed: $(tail -5 recorded.err)"

# What the terminal showed after the last carriage return: the line the user is left with.
last_line() { tr '\r' '\n' < "$1" | tail -n 1; }

export OCL_ICD_VENDORS="$pocl"
script -qec "'$clvet' replay recorded.clvt > whole.out" /dev/null > whole.tty
grep -q "replay \[#*\] 100%" whole.tty || fail "no bar reached 100%: $(tr '\r' '\n' < whole.tty | tail -n 3)"
last_line whole.tty | grep -q "replay \[" && fail "the bar was left on screen after the replay"
grep -q "calls replayed up to call" whole.out || fail "the replay did not finish: $(cat whole.out)"

script -qec "'$clvet' replay recorded.clvt --to 5000 > early.out" /dev/null > early.tty
grep -q "replay \[" early.tty || fail "no bar on a replay stopped at --to 5000"
grep -q "100%" early.tty && fail "a replay stopped at call 5000 showed 100%"
last_line early.tty | grep -q "replay \[" && fail "the bar was left on screen after --to 5000"
grep -q "up to call 5000" early.out || fail "the replay did not stop at call 5000: $(cat early.out)"

"$clvet" replay recorded.clvt > plain.out 2> plain.err
grep -q "replay \[" plain.err && fail "a bar was drawn on stderr that is not a terminal"
echo PASS
