#!/bin/sh
# clvet diff, extract and run --diff on programs recorded under the layer on PoCL:
#   race_counter: a planted race whose result differs run to run; `clvet diff` says the launch
#     differs, gives PoCL's value (what the program printed) as the device's, and names the
#     race the reference device found; the exit status is 1; SARIF and JSON say the same;
#   fast_math: half_exp and native_sin under -cl-fast-relaxed-math, within their ULP limits:
#     no mismatch, exit status 0;
#   clean_kernels: an integer, a float and a __local-memory kernel checked against the host:
#     no mismatch; recorded without kernel buffers: nothing to compare, said, exit status 2;
#   clvet extract of the integer launch: its C program, built with cc -lOpenCL and run on
#     PoCL, writes the host's expected output; its trace diffs clean;
#   clvet run --diff: the race's launch said to differ while the program still runs under the
#     layer (it waits after its launch), and in the report at its end; the launches of every
#     process of the run, whichever records them: a script that runs the program (--trace with
#     %p: the script's own process records nothing), and the program run twice under one
#     --trace without %p (the first process takes the file, the second records beside it).
# Usage: diff_launches.sh CLVET PROGRAMS WORKDIR CC. Prints PASS or what failed.
set -eu
clvet=$1 programs=$2 work=$3 cc=$4
rm -rf "$work"
mkdir -p "$work"
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

# The race.
value=$("$clvet" run --trace=race.clvt --trace-kernel-buffers=1 -- "$programs/race_counter")
status=0
"$clvet" diff race.clvt > race.txt 2>&1 || status=$?
cat race.txt
[ "$status" -eq 1 ] || fail "clvet diff of the race exited with $status, not 1"
grep -q '"count": different: 1 of 1 elements' race.txt || fail "the race's launch is not said to differ"
grep -q "argument 0 'counter' (int): 1 of 1 elements differ; first at element 0, written by global id ([0-9]*), work-group ([0-3]) (its last store on the reference device); global id ([0-9]*, 0, 0) or ([0-9]*, 0, 0) (in the reference device's race-[a-z-]* finding): device $value, reference" race.txt ||
  fail "the mismatch does not give PoCL's value $value as the device's, or its last writer and the racing work-items"
grep -q 'likely cause' race.txt || fail "no likely cause beside the mismatch"
grep -qi 'race' race.txt || fail "the race is not named"
status=0
"$clvet" diff race.clvt --format=sarif -o race.sarif || status=$?
[ "$status" -eq 1 ] || fail "clvet diff --format=sarif exited with $status"
grep -q '"version": "2.1.0"' race.sarif && grep -q 'KernelOutputMismatch' race.sarif || fail "SARIF without the mismatch"
"$clvet" diff race.clvt --format=json -o race.json || true
python3 - race.json "$value" <<'PY' || fail "the JSON report is not what the text says"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["summary"]["different"] == 1, r["summary"]
l = r["launches"][0]
a = l["arguments"][0]
assert a["mismatches"] == 1 and a["first_mismatch"]["device"] == sys.argv[2], a
# The last store to the counter: one of the 256 work-items, in its group of 64.
w = a["first_mismatch"]["writer"]
assert 0 <= w["global_id"][0] < 256 and w["group_id"][0] == w["global_id"][0] // 64, w
assert w["local_id"][0] == w["global_id"][0] % 64, w
assert any("race" in f.get("kind", "") for f in l["findings"]), l["findings"]
PY

# Fast-math built-ins within their limits.
[ "$("$clvet" run --trace=fast.clvt --trace-kernel-buffers=1 -- "$programs/fast_math")" = sane ] ||
  fail "fast_math's results are not sane on PoCL"
status=0
"$clvet" diff fast.clvt --format=json -o fast.json || status=$?
[ "$status" -eq 0 ] || { cat fast.json; fail "clvet diff of fast_math exited with $status"; }
python3 - fast.json <<'PY' || fail "fast_math's launch is not the same within 8192 ulp"
import json, sys
l = json.load(open(sys.argv[1]))["launches"][0]
assert l["result"] == "same" and l["mismatches"] == 0, l
for a in l["arguments"][1:]:
    assert a["allowed"]["ulp"] == 8192, a
PY

# Clean kernels.
[ "$("$clvet" run --trace=clean.clvt --trace-kernel-buffers=1 -- "$programs/clean_kernels")" = ok ] ||
  fail "clean_kernels computed wrong results on PoCL"
status=0
"$clvet" diff clean.clvt > clean.txt || status=$?
cat clean.txt
[ "$status" -eq 0 ] || fail "clvet diff of the clean kernels exited with $status"
[ "$(grep -c '": same' clean.txt)" -eq 3 ] || fail "the three clean launches are not all the same"
"$clvet" run --trace=nobuffers.clvt -- "$programs/clean_kernels" >/dev/null
status=0
"$clvet" diff nobuffers.clvt > nobuffers.txt || status=$?
[ "$status" -eq 2 ] || fail "clvet diff of a trace without kernel buffers exited with $status, not 2"
grep -q 'not re-run: .*the trace holds no buffer contents for it (record with --trace-kernel-buffers=1)' nobuffers.txt ||
  fail "the missing kernel buffers are not said"

# Extract the integer launch; its C program on PoCL computes the host's result.
launch=$("$clvet" trace dump clean.clvt | sed -n 's/^#\([0-9]*\) .*clEnqueueNDRangeKernel.*/\1/p' | head -n 1)
[ -n "$launch" ] || fail "no launch in the clean trace"
status=0
"$clvet" extract clean.clvt --enqueue 1 -o nowhere 2> notlaunch.txt || status=$?
[ "$status" -eq 2 ] && grep -q "call 1 is not a kernel launch; the launches are: #$launch \"axpb\"" notlaunch.txt ||
  fail "extracting a call that is not a launch is not refused with the launches listed"
"$clvet" extract clean.clvt --enqueue "$launch" -o extracted || fail "clvet extract failed"
( cd extracted && "$cc" launch.c -o launch -lOpenCL && ./launch > launch.txt ) ||
  fail "the extracted C program did not build or run"
cat extracted/launch.txt
cmp extracted/arg3.out.bin expected.bin || fail "the extracted program's output is not the host's"
grep -q 'argument 3: 4096 bytes, the same as the recorded device' extracted/launch.txt ||
  fail "the extracted program did not find its output the same as the recorded one"
"$clvet" diff extracted/launch.clvt > extracted.txt || fail "the extracted trace does not diff clean"
grep -q '"axpb": same (3072 elements)' extracted.txt || fail "the extracted launch is not the axpb launch"

# Live: the race found under clvet run --diff while the program still runs. It waits after its
# launch until the file "release" exists, which this test makes only once the diff's line for
# the launch has appeared.
rm -f release
status=0
"$clvet" run --diff --trace=live.clvt -- "$programs/race_counter" release > live.txt 2>&1 &
run=$!
waited=0
until grep -q 'clvet diff: call #[0-9]* "count": different: 1 of 1 elements' live.txt; do
  kill -0 $run 2>/dev/null || { cat live.txt; fail "clvet run --diff ended before saying the launch differs"; }
  [ $waited -lt 300 ] || { touch release; cat live.txt; fail "no line for the launch within 300 s"; }
  sleep 1
  waited=$((waited + 1))
done
grep -q released live.txt && { cat live.txt; fail "the program ended before its launch was diffed"; }
touch release
wait $run || status=$?
cat live.txt
[ "$status" -eq 1 ] || fail "clvet run --diff exited with $status, not 1"
grep -q released live.txt || fail "the program did not go on once released"
# The report at the end takes the launch diffed while the program ran, with its race.
grep -q '^call #[0-9]* "count": different' live.txt && grep -qi 'race' live.txt ||
  fail "clvet run --diff's report at the end does not have the race"

# Every process's trace: the script's child's, found by its own process id.
status=0
"$clvet" run --diff --trace=wrapped-%p.clvt -- sh -c '"$0" > /dev/null; :' "$programs/race_counter" \
  > wrapped.txt 2>&1 || status=$?
cat wrapped.txt
[ "$status" -eq 1 ] || fail "clvet run --diff of a script that runs the program exited with $status, not 1"
grep -q '^call #[0-9]* "count": different' wrapped.txt ||
  fail "clvet run --diff of a script did not diff its child's launch"
# Two processes under one file: each trace's launch diffed, a report each.
status=0
"$clvet" run --diff --trace=twice.clvt -- sh -c '"$0" > /dev/null; "$0" > /dev/null' \
  "$programs/race_counter" > twice.txt 2>&1 || status=$?
cat twice.txt
[ "$status" -eq 1 ] || fail "clvet run --diff of two processes exited with $status, not 1"
[ -f twice.clvt ] && ls twice-*.clvt > /dev/null || fail "the second process did not record beside the first"
grep -q '^clvet diff: twice.clvt against' twice.txt || fail "the first process's trace was not diffed"
grep -q '^clvet diff: twice-[0-9]*.clvt against' twice.txt || fail "the second process's trace was not diffed"
[ "$(grep -c '^call #[0-9]* "count": different' twice.txt)" -eq 2 ] ||
  fail "not both processes' launches are said to differ"
# The same two processes' reports as JSON and as SARIF on stdout: one document each, a report
# (a run) per trace, both launches differing.
for format in json sarif; do
  rm -f twice*.clvt
  status=0
  "$clvet" run --diff --diff-format=$format --trace=twice.clvt -- sh -c '"$0" > /dev/null; "$0" > /dev/null' \
    "$programs/race_counter" > twice.$format 2> twice-$format.err || status=$?
  [ "$status" -eq 1 ] || { cat twice-$format.err; fail "clvet run --diff --diff-format=$format exited with $status, not 1"; }
  python3 - "$format" twice.$format <<'PY' || { cat twice.$format; fail "clvet run --diff --diff-format=$format: not one document of both traces"; }
import json, sys
document = json.load(open(sys.argv[2]))
if sys.argv[1] == "json":
    assert isinstance(document, list) and len(document) == 2, document
    assert sorted(r["trace"].startswith("twice") for r in document) == [True, True]
    assert all(l["result"] == "different" for r in document for l in r["launches"])
else:
    assert document["version"] == "2.1.0" and len(document["runs"]) == 2
    assert all(any(x["ruleId"] == "KernelOutputMismatch" for x in run["results"]) for run in document["runs"])
PY
done
echo PASS
