#!/bin/sh
# A real program's trace, recorded under the layer on PoCL, replayed to its end with --verify
# on PoCL and on the reference device: what the program read when it was recorded is what the
# replay reads. REFERENCE says what the reference device must do:
#   verify           the same: every read and answer compared is as recorded, as many as on PoCL
#   differs:REASON   it replays to the end, and some reads differ, for REASON (printed)
#   skip:REASON      it lacks something the program uses: --skip-unsupported goes on to the end
#                    and lists what it skipped, for REASON (printed)
#   pocl-only:REASON it is not replayed there, for REASON (printed)
# Usage: replay_program.sh CLVET POCL_ICD WORKDIR REFERENCE -- COMMAND...
# Prints PASS or what failed.
set -eu
clvet=$1 pocl=$2 work=$3 reference=$4
shift 5
mkdir -p "$work"
cd "$work"
rm -f recorded.clvt
fail() { echo "FAIL: $*"; exit 1; }

status=0
OCL_ICD_VENDORS="$pocl" CLVET_REPORT=none "$clvet" run --trace=recorded.clvt -- "$@" \
  > recorded.out 2> recorded.err || status=$?
# 1: clvet's findings (a program's deliberate mistake); anything else: the program failed.
[ "$status" -le 1 ] || fail "the program failed under the layer ($status): $(tail -5 recorded.err)"
[ -s recorded.clvt ] || fail "no trace was recorded"

# The last call replayed, from "... calls replayed up to call N".
last_call() { sed -n 's/.* calls replayed up to call \([0-9]*\).*/\1/p' "$1"; }
# How many reads and answers --verify compared, from "verify: N reads and answers compared, ...".
compared() { sed -n 's/^verify: \([0-9]*\) reads and answers compared.*/\1/p' "$1"; }

OCL_ICD_VENDORS="$pocl" "$clvet" replay recorded.clvt --verify > pocl.out 2> pocl.err ||
  fail "replay on PoCL: $(cat pocl.out pocl.err)"
grep -q "all the same as recorded" pocl.out || fail "replay on PoCL: $(cat pocl.out)"
echo "== on PoCL"
cat pocl.out

case "$reference" in
  pocl-only:*)
    echo "not replayed on the reference device: ${reference#pocl-only:}"
    echo PASS
    exit 0
    ;;
esac
echo "== on the reference device"
case "$reference" in
  verify)
    CLVET_REPORT=none "$clvet" replay recorded.clvt --verify --platform reference > ref.out 2> ref.err ||
      fail "replay on the reference device: $(cat ref.out ref.err)"
    cat ref.out
    grep -q "all the same as recorded" ref.out || fail "replay on the reference device differs"
    # The same reads and answers compared on both: none passed over on the reference device.
    [ "$(compared ref.out)" = "$(compared pocl.out)" ] ||
      fail "the reference device compared $(compared ref.out) reads and answers, PoCL $(compared pocl.out)"
    ;;
  differs:*)
    CLVET_REPORT=none "$clvet" replay recorded.clvt --verify --platform reference > ref.out 2> ref.err || true
    cat ref.out
    ! grep -q "replay stopped" ref.err || fail "replay on the reference device stopped: $(cat ref.err)"
    grep -q "differ; the first" ref.out || fail "the reference device was expected to differ"
    echo "the reference device differs, as it may: ${reference#differs:}"
    ;;
  skip:*)
    CLVET_REPORT=none "$clvet" replay recorded.clvt --verify --skip-unsupported --platform reference \
      > ref.out 2> ref.err || true
    cat ref.out
    ! grep -q "replay stopped" ref.err || fail "replay on the reference device stopped: $(cat ref.err)"
    grep -q "^skipped: " ref.out || fail "nothing was skipped on the reference device"
    echo "the reference device skips what it lacks: ${reference#skip:}"
    ;;
  *) fail "unknown REFERENCE $reference" ;;
esac
[ "$(last_call ref.out)" = "$(last_call pocl.out)" ] ||
  fail "the reference device stopped at call $(last_call ref.out), PoCL at $(last_call pocl.out)"
echo PASS
