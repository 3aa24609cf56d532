#!/bin/sh
# Benchmark, not a test (`make bench-kernels`): tests/bench/kernel_speed with the same sizes on
#   clvet-none      the reference device with its checkers off (CLVET_CHECK=none): execution
#   clvet-all       the reference device with every checker on (CLVET_CHECK=all)
#   PoCL
#   Oclgrind        its default checks
#   Oclgrind-races  with its race detector (OCLGRIND_DATA_RACES=1)
#   Oclgrind-uninit with its uninitialised-value tracking (OCLGRIND_UNINITIALIZED=1)
# each kernel in a process of its own (for its peak memory), one platform after the other.
# Two tables: the process CPU seconds of each kernel region with the ratios (the headline is
# Oclgrind-races / clvet-all: every clvet checker against Oclgrind's race detector alone) and
# their geometric means; then each run's peak resident memory (getrusage) and clvet's race
# shadow per byte of buffer (CLVET_CHECKER_STATS, the launch with the most). A kernel that
# fails on a platform (an error, wrong results, a crash) shows as such in that platform's column
# and is left out of the ratios; what went wrong is listed under the tables.
# Usage: kernel_speed.sh BUILD_DIR [SCALE]; KERNEL_SPEED_TIMEOUT (seconds, 600) bounds each run.
set -u
build=${1:?usage: kernel_speed.sh BUILD_DIR [SCALE]}
scale=${2:-1}
bench="$build/tests/bench/kernel_speed"
[ -x "$bench" ] || { echo "kernel_speed.sh: $bench is not built" >&2; exit 2; }
pocl_icd=/etc/OpenCL/vendors/pocl.icd
oclgrind_lib=/usr/lib/oclgrind/liboclgrind-rt-icd.so
clvet_icd="$(cd "$build" && pwd)/icd"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/oclgrind" "$work/pocl"
echo "$oclgrind_lib" >"$work/oclgrind/oclgrind.icd"
cp "$pocl_icd" "$work/pocl/"
"$bench" --list >"$work/kernels"

# run LABEL VENDORS_DIR PLATFORM_SUBSTRING [VAR=VALUE...]: each kernel in its own process;
# its lines are gathered in $work/LABEL.out, its error output in LABEL.err, and the exit
# status of the last failing process in LABEL.rc.
run() {
  label=$1 vendors=$2 platform=$3
  shift 3
  echo "== $label ($platform $*): running" >&2
  echo 0 >"$work/$label.rc"
  : >"$work/$label.out"
  : >"$work/$label.err"
  while read -r kernel; do
    timeout "${KERNEL_SPEED_TIMEOUT:-600}" env -u OCLGRIND_DATA_RACES -u OCLGRIND_UNINITIALIZED \
      -u CLVET_CHECKER_STATS CLVET_CHECK=none "$@" OCL_ICD_VENDORS="$vendors" OCL_ICD_FILENAMES= \
      "$bench" "$platform" --scale "$scale" --only "$kernel" >"$work/one.out" 2>"$work/one.err"
    rc=$?
    [ "$rc" = 0 ] || echo "$rc" >"$work/$label.rc"
    grep -v '^#' "$work/one.out" >>"$work/$label.out"
    rss=$(sed -n 's/^# peak-rss-kib //p' "$work/one.out")
    echo "$label $kernel ${rss:--}" >>"$work/rss"
    # The race shadow of the launch with the most per byte (CLVET_CHECKER_STATS lines).
    per_byte=$(sed -n 's/.*race shadow peak .*(\([0-9.]*\) per byte).*/\1/p' "$work/one.err" |
               sort -g | tail -n 1)
    [ -z "$per_byte" ] || echo "$kernel $per_byte" >>"$work/shadow"
    grep -v 'race shadow peak' "$work/one.err" | sed "s/^/$kernel: /" >>"$work/$label.err"
  done <"$work/kernels"
}
: >"$work/rss"
: >"$work/shadow"
run clvet-none "$clvet_icd" clvet
run clvet-all "$clvet_icd" clvet CLVET_CHECK=all CLVET_CHECKER_STATS=1
run pocl "$work/pocl" Portable
run oclgrind "$work/oclgrind" Oclgrind
run oclgrind-races "$work/oclgrind" Oclgrind OCLGRIND_DATA_RACES=1
run oclgrind-uninit "$work/oclgrind" Oclgrind OCLGRIND_UNINITIALIZED=1

awk -v work="$work" -v scale="$scale" '
function load(label,   file, line, f) {
  file = work "/" label ".out"
  while ((getline line < file) > 0) {
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
  if (ok(label, k)) return sprintf("%.4f", cpu[label, k])
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
  return n ? sprintf("%.4f", exp(s / n)) : "-"
}
function ratio_mean(slot) { return count[slot] ? sprintf("%.1f", exp(logsum[slot] / count[slot])) : "-" }
function mib(label, k) { return ((label, k) in rss) && rss[label, k] != "-" ? sprintf("%.0f", rss[label, k] / 1024) : "-" }
BEGIN {
  while ((getline k < (work "/kernels")) > 0) kernels[++nk] = k
  nl = split("clvet-none clvet-all pocl oclgrind oclgrind-races oclgrind-uninit", labels, " ")
  for (j = 1; j <= nl; j++) load(labels[j])
  while ((getline line < (work "/rss")) > 0) { split(line, f, " "); rss[f[1], f[2]] = f[3] }
  while ((getline line < (work "/shadow")) > 0) { split(line, f, " "); shadow[f[1]] = f[2] }

  printf "kernel region CPU seconds (process CPU time, all threads), scale %s\n\n", scale
  fmt = "%-16s %10s %10s %10s %10s %10s %10s %10s %10s %12s %12s\n"
  printf fmt, "kernel", "clvet-none", "clvet-all", "PoCL", "Oclgrind", "Ogr-races", "Ogr-uninit",
    "none/PoCL", "Ogr/none", "races/all", "uninit/all"
  for (i = 1; i <= nk; i++) {
    k = kernels[i]
    printf fmt, k, cell("clvet-none", k), cell("clvet-all", k), cell("pocl", k),
      cell("oclgrind", k), cell("oclgrind-races", k), cell("oclgrind-uninit", k),
      ratio("clvet-none", "pocl", k, 1), ratio("oclgrind", "clvet-none", k, 2),
      ratio("oclgrind-races", "clvet-all", k, 3), ratio("oclgrind-uninit", "clvet-all", k, 4)
  }
  printf fmt, "geometric mean", seconds_mean("clvet-none"), seconds_mean("clvet-all"),
    seconds_mean("pocl"), seconds_mean("oclgrind"), seconds_mean("oclgrind-races"),
    seconds_mean("oclgrind-uninit"), ratio_mean(1), ratio_mean(2), ratio_mean(3), ratio_mean(4)
  printf "\nheadline: Oclgrind with race detection / clvet with every checker, geometric mean %sx\n", ratio_mean(3)

  printf "\npeak resident memory of each run (MiB), clvet-all race shadow bytes per byte of buffer\n\n"
  fmt = "%-16s %10s %10s %10s %10s %10s %10s %12s\n"
  printf fmt, "kernel", "clvet-none", "clvet-all", "PoCL", "Oclgrind", "Ogr-races", "Ogr-uninit", "shadow/byte"
  for (i = 1; i <= nk; i++) {
    k = kernels[i]
    printf fmt, k, mib("clvet-none", k), mib("clvet-all", k), mib("pocl", k), mib("oclgrind", k),
      mib("oclgrind-races", k), mib("oclgrind-uninit", k), (k in shadow) ? shadow[k] : "-"
  }

  for (j = 1; j <= nl; j++) {
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

# A run that ended badly says why on stderr.
for label in clvet-none clvet-all pocl oclgrind oclgrind-races oclgrind-uninit; do
  rc=$(cat "$work/$label.rc")
  if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
    echo
    echo "$label: a kernel_speed process ended with status $rc; the end of its error output:"
    tail -n 15 "$work/$label.err" | sed 's/^/  /'
  fi
done
exit 0
