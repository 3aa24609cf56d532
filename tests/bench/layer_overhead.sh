#!/bin/sh
# Benchmark, not a test (`make bench`): the layer's overhead on the first platform (PoCL here)
# for three call-heavy programs, a million of the cheapest calls, 200,000 calls of a kernel
# loop (clSetKernelArg, clEnqueueNDRangeKernel, clEnqueueWriteBuffer) and 240,000 of the same
# loop for a kernel of ten arguments (twelve different calls an iteration), as process CPU time of
# the calls, the median of interleaved rounds (LAYER_OVERHEAD_REPS, 7), and its ratio to no
# layer and to the stamping floor:
# without the layer, under it, and, where this clvet has CLVET_TRACE, tracing without and with
# data capture, and with device times for every queue (CLVET_DEVICE_TIMES=1: profiling and an
# event per command, the driver's own cost); and, beside them, the floor of any layer that sees
# every call (tests/bench/floor_layer.c), of a recorder that only copies the stamp and three
# arguments into a file mapping, and of one that writes each call's entry (index, time, entry
# point, its arguments or a repeat of its previous call's) into a file mapping before the call
# is forwarded and completes it with the code and duration when it returns; and the layer with
# that floor stacked beside it (OPENCL_LAYERS=layer:floor): the least a traced clvet could cost,
# its rules and the smallest record of each call, each in a layer of its own. Usage: layer_overhead.sh BUILD_DIR [OCL_ICD_VENDORS]
set -eu
build=${1:?usage: layer_overhead.sh BUILD_DIR [OCL_ICD_VENDORS]}
export OCL_ICD_VENDORS=${2:-${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}}
export OCL_ICD_FILENAMES=
layer=$(cd "$build/layer" && pwd)/libclvet-layer.so
trace=$(mktemp -d)
trap 'rm -rf "$trace"' EXIT
set --
if "$build/layer/clvet" options 2>/dev/null | grep -q CLVET_TRACE_DATA; then
  set -- "layer, trace, no data:CLVET_TRACE=$trace/a.clvt,CLVET_TRACE_DATA=0" \
         "layer, trace and data:CLVET_TRACE=$trace/b.clvt,CLVET_TRACE_DATA=1" \
         "layer, trace, all device times:CLVET_TRACE=$trace/c.clvt,CLVET_TRACE_DATA=0,CLVET_DEVICE_TIMES=1"
elif "$build/layer/clvet" options 2>/dev/null | grep -q CLVET_TRACE; then
  set -- "layer, trace:CLVET_TRACE=$trace/a.clvt"
else
  echo "layer_overhead: this clvet has no CLVET_TRACE: tracing is not measured"
fi
# The floor: a layer that only calls on, one that also stamps each call, and the least recorders
# of each call can write (floor_layer.c).
floor=$(cd "$build/tests/bench" && pwd)/libfloor_layer.so
if [ -f "$floor" ]; then
  set -- "$@" "floor, a layer that calls on:OPENCL_LAYERS=$floor,CLVET_FLOOR=pass" \
              "floor, and stamps each call:OPENCL_LAYERS=$floor,CLVET_FLOOR=stamp" \
              "floor, and a 48-byte record in a file:OPENCL_LAYERS=$floor,CLVET_FLOOR=trace,CLVET_FLOOR_FILE=$trace/floor.bin" \
              "floor, and each call's entry before it:OPENCL_LAYERS=$floor,CLVET_FLOOR=record,CLVET_FLOOR_FILE=$trace/record.bin" \
              "layer, and that floor stacked with it:OPENCL_LAYERS=$layer:$floor,CLVET_FLOOR=record,CLVET_FLOOR_FILE=$trace/stacked.bin"
fi
"$build/tests/bench/layer_overhead" "$layer" "$@"
