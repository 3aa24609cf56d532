#!/bin/sh
# Shared virtual memory across platforms: tests/replay/programs/svm.c, which checks every
# result against the host's computation, recorded under the layer on PoCL and on the reference
# device, each trace replayed with --verify on the other (and on its own). What the host wrote
# into a map, an SVM copy's host source and the fine-grain writes before each launch are only in
# the trace: the replay's reads equal the recorded ones only if it rebuilt them (2.0 §5.6.2).
# Usage: svm_replay.sh CLVET POCL_ICD REFERENCE_ICD_DIR WORKDIR PROGRAM
# Prints PASS or what failed.
set -eu
clvet=$1 pocl=$2 reference=$3 work=$4 program=$5
mkdir -p "$work"
cd "$work"
rm -f pocl.clvt ref.clvt
fail() { echo "FAIL: $*"; exit 1; }
compared() { sed -n 's/^verify: \([0-9]*\) reads and answers compared.*/\1/p' "$1"; }

for where in pocl ref; do
  if [ "$where" = pocl ]; then vendors=$pocl; else vendors=$reference; fi
  OCL_ICD_VENDORS="$vendors" CLVET_REPORT=none "$clvet" run --trace="$where.clvt" -- "$program" \
    > "$where-run.out" 2> "$where-run.err" || fail "the program failed under the layer on $where: $(cat "$where-run.out" "$where-run.err")"
  grep -q "^coarse-grain ok" "$where-run.out" || fail "coarse-grain SVM on $where: $(cat "$where-run.out")"
  grep -q "^fine-grain ok" "$where-run.out" || fail "fine-grain SVM on $where: $(cat "$where-run.out")"
  # The host's side is in the trace: the unmap's and the copy's inputs, the copies to the
  # host as outputs (blocking) or read bytes (not), the map for reading's region, and the
  # fine-grain allocation before each launch and after each finish.
  "$clvet" trace dump "$where.clvt" > "$where.dump" || fail "trace dump of $where.clvt"
  [ "$(grep -c '^    in  svm_ptr: ' "$where.dump")" -ge 1 ] || fail "$where: no bytes for clEnqueueSVMUnmap"
  [ "$(grep -c '^    in  src_ptr: ' "$where.dump")" -eq 1 ] || fail "$where: no host source for clEnqueueSVMMemcpy"
  [ "$(grep -c '^    out dst_ptr: ' "$where.dump")" -eq 1 ] || fail "$where: no host destination of the blocking clEnqueueSVMMemcpy"
  [ "$(grep -c '^    in  fine-grain SVM: ' "$where.dump")" -eq 2 ] || fail "$where: fine-grain contents not before both launches"
  [ "$(grep -c '^    out fine-grain SVM: ' "$where.dump")" -ge 2 ] || fail "$where: fine-grain contents not after the finishes"
done

# Each trace on the other platform and on its own: every read the same, as many compared.
for trace in pocl ref; do
  for target in pocl ref; do
    if [ "$target" = pocl ]; then vendors=$pocl; else vendors=$reference; fi
    OCL_ICD_VENDORS="$vendors" CLVET_REPORT=none "$clvet" replay "$trace.clvt" --verify \
      > "$trace-on-$target.out" 2> "$trace-on-$target.err" ||
      fail "$trace.clvt replayed on $target: $(cat "$trace-on-$target.out" "$trace-on-$target.err")"
    echo "== $trace.clvt replayed on $target"
    cat "$trace-on-$target.out"
    grep -q "all the same as recorded" "$trace-on-$target.out" || fail "$trace.clvt replayed on $target differs"
  done
  # The five reads of the program: the copy back blocking and the one not, the map for
  # reading, and the fine-grain allocation after each of the two finishes that follow a launch
  # on it (no answer of this program is compared: each depends on the platform).
  for target in pocl ref; do
    [ "$(compared "$trace-on-$target.out")" = 5 ] ||
      fail "$trace.clvt on $target: $(compared "$trace-on-$target.out") reads compared, not the program's 5"
  done
done
echo PASS
