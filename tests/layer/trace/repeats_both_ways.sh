# Sourced by the Repeat tests (repeated_arguments.sh, repeated_blobs.sh), after `set -eu` and a
# fail() function, in the work folder, with $clvet and $program set.
# record_both_ways DATA: records the program with Repeats and without them (--trace-repeats=0),
# with --trace-data=DATA, each run's last line "same"; leaves with.clvt, without.clvt and their
# calls and items (with.calls, without.calls; addresses, which differ from run to run, masked);
# fails unless the two read alike, call for call, item for item.
record_both_ways() {
  rm -f with.clvt without.clvt
  for mode in with without; do
    repeats=1
    [ "$mode" = without ] && repeats=0
    out=$("$clvet" run --trace=$mode.clvt --trace-data="$1" --trace-repeats=$repeats -- "$program")
    [ "$(echo "$out" | tail -1)" = same ] || fail "the program computed otherwise than the host ($mode Repeats): $out"
    "$clvet" trace dump --no-times $mode.clvt |
      grep -E '^#[0-9]+ |^    (in|out|created) ' | sed -E 's/0x[0-9a-f]+/ADDRESS/g' > $mode.calls
  done
  cmp -s with.calls without.calls ||
    fail "the trace with Repeats reads otherwise: $(diff without.calls with.calls | head -5)"
}
