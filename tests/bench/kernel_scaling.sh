#!/bin/sh
# Benchmark, not a test (`make bench-scaling`): how the reference device's kernel throughput
# scales with its worker threads. tests/bench/kernel_speed runs every kernel on the reference
# device with CLVET_THREADS=N for each N of THREADS (default "1 2 4 8 16"), with the checkers
# off (CLVET_CHECK=none) and all on; each kernel in a process of its own. The table gives the
# wall seconds of each kernel region on the first thread count and the speed-up of every
# other (wall time on 1 thread / wall time on N), and their geometric means: the README's
# scaling table, in its form.
# Usage: kernel_scaling.sh BUILD_DIR [SCALE]; THREADS="1 2 4 8 16" sets the thread counts,
# KERNEL_SPEED_TIMEOUT (seconds, 600) bounds each run.
set -u
build=${1:?usage: kernel_scaling.sh BUILD_DIR [SCALE]}
scale=${2:-16}
threads=${THREADS:-1 2 4 8 16}
bench="$build/tests/bench/kernel_speed"
[ -x "$bench" ] || { echo "kernel_scaling.sh: $bench is not built" >&2; exit 2; }
clvet_icd="$(cd "$build" && pwd)/icd"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" --list >"$work/kernels"

# Lines "CHECK THREADS KERNEL WALL STATUS" in $work/runs.
: >"$work/runs"
for check in none all; do
  for n in $threads; do
    echo "== CLVET_CHECK=$check CLVET_THREADS=$n: running" >&2
    while read -r kernel; do
      timeout "${KERNEL_SPEED_TIMEOUT:-600}" env CLVET_CHECK=$check CLVET_THREADS=$n \
        OCL_ICD_VENDORS="$clvet_icd" OCL_ICD_FILENAMES= \
        "$bench" clvet --scale "$scale" --only "$kernel" 2>>"$work/err" |
        awk -v c=$check -v n=$n '!/^#/ { print c, n, $1, $3, $4 }' >>"$work/runs"
    done <"$work/kernels"
  done
done

awk -v threads="$threads" -v scale="$scale" '
BEGIN { nt = split(threads, t, " ") }
{ wall[$1, $2, $3] = $4; status[$1, $2, $3] = $5; if (!($3 in seen)) { seen[$3] = 1; order[++nk] = $3 } }
function speedup(c, n, k) {
  if (status[c, t[1], k] != "ok" || status[c, n, k] != "ok" || wall[c, n, k] <= 0) return "-"
  logsum[c, n] += log(wall[c, t[1], k] / wall[c, n, k]); count[c, n]++
  return sprintf("%.2f", wall[c, t[1], k] / wall[c, n, k])
}
function base(c, k) { return status[c, t[1], k] == "ok" ? sprintf("%.3f s", wall[c, t[1], k]) : status[c, t[1], k] "" }
END {
  printf "kernel region wall seconds on %s thread(s) and speed-up on N threads, scale %s\n\n", t[1], scale
  header = "| kernel | checks off, " t[1] " thread"
  for (i = 2; i <= nt; i++) header = header " | x" t[i]
  header = header " | all checks, " t[1] " thread"
  for (i = 2; i <= nt; i++) header = header " | x" t[i]
  print header " |"
  line = "|---|---"; for (i = 2; i <= 2 * nt; i++) line = line "|---"; print line "|"
  for (j = 1; j <= nk; j++) {
    k = order[j]; row = "| " k " | " base("none", k)
    for (i = 2; i <= nt; i++) row = row " | " speedup("none", t[i], k)
    row = row " | " base("all", k)
    for (i = 2; i <= nt; i++) row = row " | " speedup("all", t[i], k)
    print row " |"
  }
  row = "| geometric mean | "
  for (i = 2; i <= nt; i++) row = row " | " (count["none", t[i]] ? sprintf("%.2f", exp(logsum["none", t[i]] / count["none", t[i]])) : "-")
  row = row " | "
  for (i = 2; i <= nt; i++) row = row " | " (count["all", t[i]] ? sprintf("%.2f", exp(logsum["all", t[i]] / count["all", t[i]])) : "-")
  print row " |"
}' "$work/runs"
if [ -s "$work/err" ]; then echo; echo "errors:"; sort -u "$work/err" | head -20; fi
