#!/bin/sh
# What the layer's trace holds of tests/layer/trace/traced_kernel.c on PoCL:
#   device times: a DeviceCommand per command on its profiling queue, the kernel's named,
#     queued <= submit <= start <= end;
#   CLVET_TRACE_KERNEL_BUFFERS=1: KernelBuffers records of the kernel's buffer before (1..8,
#     then 3..24) and after (3..24, then 9..72) each run;
#   data capture: the 16 bytes the host wrote into a mapped region, at the unmap;
#   build options always, program sources only with CLVET_TRACE_DATA=1;
#   times: kernel arguments not timed, a finish, a launch, a build and a last release timed.
# Usage: trace_contents.sh CLVET PROGRAM WORKDIR. Prints PASS or what failed.
set -eu
clvet=$1 program=$2 work=$3
mkdir -p "$work"
cd "$work"
rm -f data.clvt nodata.clvt
fail() { echo "FAIL: $*"; exit 1; }

out=$("$clvet" run --trace=data.clvt --trace-kernel-buffers=1 -- "$program")
[ "$out" = "9 18 27 36 45 54 63 72 " ] || fail "the program computed '$out' under clvet"
"$clvet" trace dump --all data.clvt > data.txt

# Times (format 3.0): the cheapest calls are not timed (their end time is not read), and say
# so; every other call has its duration, a release that destroys its object too.
grep -q ', not timed\] clSetKernelArg(' data.txt || fail "clSetKernelArg not said to be untimed"
! grep 'clSetKernelArg(' data.txt | grep -v ', not timed\] ' || fail "a clSetKernelArg with a duration"
for call in clFinish clEnqueueNDRangeKernel clBuildProgram clReleaseKernel clReleaseContext; do
  grep -q ", [0-9.]* [nµm]s\] $call(" data.txt || fail "$call without its duration"
done

# Device times, in order, for the two kernels, the map and the unmap.
grep -q 'device-command: CL_COMMAND_NDRANGE_KERNEL on queue#[0-9]* "scale" from call #' data.txt ||
  fail "no device times of the kernel"
[ "$(grep -c 'device-command: CL_COMMAND_NDRANGE_KERNEL' data.txt)" -eq 2 ] || fail "not two kernel commands"
grep -q 'device-command: CL_COMMAND_UNMAP_MEM_OBJECT' data.txt || fail "no device times of the unmap"
grep 'device-command:' data.txt | sed 's/.*submit +\([0-9]*\), start +\([0-9]*\), end +\([0-9]*\).*/\1 \2 \3/' |
  while read -r submit start end; do
    # Offsets from queued: a time before queued wraps around to a huge number.
    [ "$submit" -le "$start" ] && [ "$start" -le "$end" ] && [ "$end" -lt 1000000000000 ] ||
      fail "device times out of order: submit +$submit, start +$start, end +$end"
  done

# Device commands in the Perfetto export, as slices of the device's track.
"$clvet" trace export --perfetto data.clvt -o data.json >/dev/null
grep -q '"cat":"device"' data.json || grep -q '"cat": "device"' data.json || fail "no device slices in the Perfetto export"

# Kernel buffers: KernelBuffers records, before and after each kernel call.
grep -q 'kernel-buffers: before call #[0-9]*: \[\[0, <32 bytes: 01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00 05 00 00 00 06 00 00 00 07 00 00 00 08 00 00 00>\]\]' data.txt ||
  fail "no buffer contents before the first kernel"
grep -q 'kernel-buffers: after call #[0-9]*: \[\[0, <32 bytes: 03 00 00 00 06 00 00 00 09 00 00 00 0c 00 00 00 0f 00 00 00 12 00 00 00 15 00 00 00 18 00 00 00>\]\]' data.txt ||
  fail "no buffer contents after the first kernel"
grep -q 'kernel-buffers: after call #[0-9]*: \[\[0, <32 bytes: 09 00 00 00 12 00 00 00 1b 00 00 00 24 00 00 00 2d 00 00 00 36 00 00 00 3f 00 00 00 48 00 00 00>\]\]' data.txt ||
  fail "no buffer contents after the second kernel"

# The bytes written into the mapped region, recorded at the unmap.
grep -q 'in  mapped_ptr: <16 bytes: a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 aa ab ac ad ae af>' data.txt ||
  fail "no mapped bytes at the unmap"

# Build options are arguments: kept without data; the source is data.
grep -q 'clBuildProgram(.*options: "-DFACTOR=3"' data.txt || fail "no build options with data"
grep -q 'clCreateProgramWithSource(.*strings: \[<74 bytes, blob [0-9a-f]*>\]' data.txt ||
  fail "no program source with data"
"$clvet" run --trace=nodata.clvt --trace-data=0 -- "$program" >/dev/null
"$clvet" trace dump --all nodata.clvt > nodata.txt
grep -q 'clBuildProgram(.*options: "-DFACTOR=3"' nodata.txt || fail "no build options without data"
grep -q 'clCreateProgramWithSource(.*strings: 0x[0-9a-f]*,' nodata.txt ||
  fail "the program source kept without data"
! grep -q 'mapped_ptr: <' nodata.txt || fail "mapped bytes kept without data"
! grep -q 'kernel-buffers:' nodata.txt || fail "kernel buffers kept without the option"
echo PASS
