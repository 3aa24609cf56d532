#!/bin/sh
# Records a kernel with a data race three times: traced under the layer on PoCL (what the GUI
# opens), on the reference device with its kernel checkers, whose JSON report names the lines
# and work-items of the race (what the GUI loads beside the trace), and traced under the layer
# over the reference device, whose trace holds the race itself (race-reference.clvt).
# Usage: record_kernel_findings.sh CLVET CORPUS_RUNNER CASE.cl WORKDIR POCL_VENDORS REFERENCE_VENDORS
set -u
clvet=$1 runner=$2 case=$3 work=$4 pocl=$5 reference=$6
mkdir -p "$work"
cd "$work"
rm -f race.clvt race.json race-reference.clvt
OCL_ICD_VENDORS=$pocl OCL_ICD_FILENAMES= "$clvet" run --trace=race.clvt --report=none -- \
  "$runner" --platform=Portable "$case" > race-pocl.out 2>&1
status=$?
[ "$status" -eq 0 ] || { echo "FAIL: the case on PoCL exited with $status"; cat race-pocl.out; exit 1; }
OCL_ICD_VENDORS=$reference OCL_ICD_FILENAMES= "$clvet" run --device=reference --report-format=json \
  --report="$work/race.json" -- "$runner" --platform=clvet "$case" > race-reference.out 2>&1
status=$?
# 1: it ran and clvet reported findings, as the case expects.
[ "$status" -eq 1 ] || { echo "FAIL: the case on the reference device exited with $status"; cat race-reference.out; exit 1; }
grep -q '"kind": "race-write-write"' race.json || { echo "FAIL: no race in the report"; cat race.json; exit 1; }
rm -f race-reference.clvt
OCL_ICD_VENDORS=$reference OCL_ICD_FILENAMES= "$clvet" run --trace=race-reference.clvt --report=none -- \
  "$runner" --platform=clvet "$case" > race-reference-traced.out 2>&1
status=$?
[ "$status" -le 1 ] || { echo "FAIL: the case traced on the reference device exited with $status"; cat race-reference-traced.out; exit 1; }
[ -s race-reference.clvt ] || { echo "FAIL: no trace on the reference device"; exit 1; }
echo PASS
