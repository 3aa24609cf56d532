#!/bin/sh
# Runs the cheap-calls benchmark without the layer and under it (best of three each) and
# prints nanoseconds per call and the ratio. Usage: cheap_calls.sh BUILD_DIR [VENDORS]
build=${1:?usage: cheap_calls.sh BUILD_DIR [OCL_ICD_VENDORS]}
export OCL_ICD_VENDORS=${2:-${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}}
bench=$build/tests/layer/bench/cheap_calls
best() { for i in 1 2 3; do "$@"; done | sort -n | head -1; }
plain=$(best "$bench")
layered=$(best env OPENCL_LAYERS="$build/layer/libclvet-layer.so" CLVET_REPORT=none "$bench")
awk -v p="$plain" -v l="$layered" \
  'BEGIN { printf "no layer: %s ns per call; layer: %s ns per call; ratio %.2f\n", p, l, l / p }'
