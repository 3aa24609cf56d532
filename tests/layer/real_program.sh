#!/bin/sh
# A real OpenCL program from a Debian package under the layer on PoCL: its stdout, passed
# through the sed FILTER (which drops timings), is the same as without clvet, and clvet run
# exits 0 (no findings), with the layer loaded in the program (the dynamic linker's log says
# so: a program that never loaded it would pass for nothing). Usage: real_program.sh CLVET VENDORS FILTER -- COMMAND...
set -eu
clvet=$1 vendors=$2 filter=$3
shift 4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export OCL_ICD_VENDORS="$vendors" OCL_ICD_FILENAMES=
"$@" > alone.out 2> alone.err || { echo "FAIL: the program fails without clvet"; cat alone.err; exit 1; }
status=0
LD_DEBUG=libs "$clvet" run --report="$work/report" -- "$@" > layer.out 2> layer.err || status=$?
sed -E "$filter" alone.out > alone.filtered
sed -E "$filter" layer.out > layer.filtered
echo "== clvet's report"
cat report 2>/dev/null || true
echo "== output under clvet (filtered)"
cat layer.filtered
failed=0
if ! diff -u alone.filtered layer.filtered; then
  echo "FAIL: the output differs under clvet"
  failed=1
fi
if ! grep -q "calling init: .*libclvet-layer.so" layer.err; then
  echo "FAIL: the program never loaded the layer"
  failed=1
fi
if [ "$status" -ne 0 ]; then
  echo "FAIL: clvet run exited with $status (1: findings)"
  grep -v "^ *[0-9]*:" layer.err
  failed=1
fi
[ -s alone.filtered ] || { echo "FAIL: no output to compare"; failed=1; }
exit $failed
