#!/bin/sh
# Records the traces the GUI tests open: real programs under the clvet layer on PoCL, with
# their data and kernel buffers. Each program's own checks must pass (its exit status and
# output), so the traces are of runs that did what the programs mean.
# KERNEL_BUFFERS=0 in the environment records them without kernel buffers: traces that hold no
# data of what kernels wrote.
# Usage: record_traces.sh CLVET WORKDIR NAME=COMMAND... (COMMAND split on spaces)
set -u
clvet=$1 work=$2
shift 2
mkdir -p "$work"
cd "$work"
failed=0
for spec in "$@"; do
  name=${spec%%=*}
  command=${spec#*=}
  rm -f "$name.clvt"
  # shellcheck disable=SC2086
  "$clvet" run --trace="$name.clvt" --trace-kernel-buffers="${KERNEL_BUFFERS:-1}" --device-times=1 --report=none -- $command \
    > "$name.out" 2> "$name.err"
  status=$?
  # 1: the program ran and clvet reported findings; 77: no image support (traced_image).
  if [ "$status" -ne 0 ] && [ "$status" -ne 1 ] && [ "$status" -ne 77 ]; then
    echo "FAIL: $name exited with $status"; cat "$name.err"; failed=1
  fi
  [ -s "$name.clvt" ] || { echo "FAIL: $name left no trace"; failed=1; }
  echo "$name: $(wc -c < "$name.clvt") bytes, status $status"
done
[ "$failed" -eq 0 ] && echo PASS
