#!/bin/sh
# Benchmark, not a test (`make bench-kernels`): tests/bench/kernel_speed on the reference device
# (clvet), PoCL and Oclgrind (its default checks) with the same sizes, one after the other, and
# one table of the process CPU seconds of each kernel region, the ratios clvet/PoCL and
# Oclgrind/clvet (and Oclgrind/PoCL), and their geometric means. A kernel that fails on a
# platform (an error, wrong results, a crash) shows as such in that platform's column and is
# left out of the ratios; what went wrong is listed under the table.
# Usage: kernel_speed.sh BUILD_DIR [SCALE]; KERNEL_SPEED_TIMEOUT (seconds, 1200) bounds each
# platform's run.
set -u
build=${1:?usage: kernel_speed.sh BUILD_DIR [SCALE]}
scale=${2:-1}
bench="$build/tests/bench/kernel_speed"
[ -x "$bench" ] || { echo "kernel_speed.sh: $bench is not built" >&2; exit 2; }
pocl_icd=/etc/OpenCL/vendors/pocl.icd
oclgrind_lib=/usr/lib/oclgrind/liboclgrind-rt-icd.so

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/oclgrind" "$work/pocl"
echo "$oclgrind_lib" >"$work/oclgrind/oclgrind.icd"
cp "$pocl_icd" "$work/pocl/"

# run LABEL VENDORS_DIR PLATFORM_SUBSTRING: output in $work/LABEL.out, errors in LABEL.err.
run() {
  echo "== $1 ($3): running" >&2
  # clvet's column is the interpreter with its checkers off (CLVET_CHECK=none): the speed of
  # execution itself, against Oclgrind's default checks.
  timeout "${KERNEL_SPEED_TIMEOUT:-1200}" env -u OCLGRIND_DATA_RACES -u OCLGRIND_UNINITIALIZED CLVET_CHECK=none OCL_ICD_VENDORS="$2" OCL_ICD_FILENAMES= \
    "$bench" "$3" --scale "$scale" >"$work/$1.out" 2>"$work/$1.err"
  echo "$?" >"$work/$1.rc"
}
run clvet "$(cd "$build" && pwd)/icd" clvet
run pocl "$work/pocl" Portable
run oclgrind "$work/oclgrind" Oclgrind
"$bench" --list >"$work/kernels"

awk -v work="$work" -v scale="$scale" '
function load(label,   file, line, f) {
  file = work "/" label ".out"
  while ((getline line < file) > 0) {
    if (line ~ /^#/) continue
    split(line, f, " ")
    status[label, f[1]] = f[4]
    cpu[label, f[1]] = f[2]
    detail = line
    sub(/^ *[^ ]+ +[^ ]+ +[^ ]+ +/, "", detail)
    why[label, f[1]] = detail
  }
  close(file)
  getline rc[label] < (work "/" label ".rc")
}
function ok(label, k) { return ((label, k) in status) && status[label, k] == "ok" }
function cell(label, k) {
  if (ok(label, k)) return sprintf("%.6f", cpu[label, k])
  if ((label, k) in status) return status[label, k]
  return "no result"
}
function ratio(a, b, k, slot) {
  if (!ok(a, k) || !ok(b, k) || cpu[b, k] <= 0 || cpu[a, k] <= 0) return "-"
  logsum[slot] += log(cpu[a, k] / cpu[b, k]); count[slot]++
  return sprintf("%.1f", cpu[a, k] / cpu[b, k])
}
function seconds_mean(label,   k, s, n, i) {
  for (i = 1; i <= nk; i++) { k = kernels[i]; if (ok(label, k)) { s += log(cpu[label, k]); n++ } }
  return n ? sprintf("%.6f", exp(s / n)) : "-"
}
function ratio_mean(slot) { return count[slot] ? sprintf("%.1f", exp(logsum[slot] / count[slot])) : "-" }
BEGIN {
  while ((getline k < (work "/kernels")) > 0) kernels[++nk] = k
  load("clvet"); load("pocl"); load("oclgrind")
  printf "kernel region CPU seconds (process CPU time, all threads), scale %s\n\n", scale
  fmt = "%-18s %12s %12s %12s %12s %15s %15s\n"
  printf fmt, "kernel", "clvet", "PoCL", "Oclgrind", "clvet/PoCL", "Oclgrind/clvet", "Oclgrind/PoCL"
  for (i = 1; i <= nk; i++) {
    k = kernels[i]
    printf fmt, k, cell("clvet", k), cell("pocl", k), cell("oclgrind", k),
      ratio("clvet", "pocl", k, 1), ratio("oclgrind", "clvet", k, 2), ratio("oclgrind", "pocl", k, 3)
  }
  printf fmt, "geometric mean", seconds_mean("clvet"), seconds_mean("pocl"),
    seconds_mean("oclgrind"), ratio_mean(1), ratio_mean(2), ratio_mean(3)
  split("clvet pocl oclgrind", labels, " ")
  for (j = 1; j <= 3; j++) {
    l = labels[j]; header = 0
    for (i = 1; i <= nk; i++) {
      k = kernels[i]
      if (ok(l, k)) continue
      if (!header++) printf "\n%s (exit status %s):\n", l, rc[l]
      if ((l, k) in status) printf "  %s: %s\n", k, why[l, k]
      else printf "  %s: no result (the program ended before it)\n", k
    }
  }
}'

# A program that ended early says why on stderr.
for label in clvet pocl oclgrind; do
  rc=$(cat "$work/$label.rc")
  if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
    echo
    echo "$label: kernel_speed ended with status $rc; the end of its error output:"
    tail -n 15 "$work/$label.err" | sed 's/^/  /'
  fi
done
exit 0
