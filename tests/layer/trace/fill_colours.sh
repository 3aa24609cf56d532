#!/bin/sh
# clEnqueueFillImage's fill colour in the layer's trace, with tests/layer/trace/fill_colours.c
# under the layer on the reference device: the trace holds the colour the call takes (3.0
# §5.3.4), 4 bytes of a CL_DEPTH image's float and 16 of a CL_RGBA image's four floats, and the
# recorder reads no byte past it (each colour ends a readable page: reading 16 bytes of the
# depth colour ended the program with SIGSEGV). The program reads each colour back from its
# image (the values it wrote, a host fact), and the trace replays on the reference device with
# --verify reading the same.
# Usage: fill_colours.sh CLVET PROGRAM WORKDIR. Prints PASS or what failed.
set -eu
clvet=$1 program=$2 work=$3
mkdir -p "$work"
cd "$work"
rm -f fill.clvt
fail() { echo "FAIL: $*"; exit 1; }

status=0
out=$(CLVET_REPORT=none "$clvet" run --trace=fill.clvt -- "$program" 2> run.err) || status=$?
[ "$status" -eq 0 ] || fail "the program failed under the layer ($status): $(tail -3 run.err)"
[ "$out" = "depth 0.625 0.625 0.625 0.625
rgba 0.25 0.5 0.75 1 0.25 0.5 0.75 1 0.25 0.5 0.75 1 0.25 0.5 0.75 1" ] ||
  fail "the program read '$out'"

"$clvet" trace dump fill.clvt > fill.txt
colours=$(sed -n 's/^ *in  fill_color: \(.*\)$/\1/p' fill.txt)
# 0.625f is 0x3f200000; 0.25f, 0.5f, 0.75f and 1.0f are 0x3e800000, 0x3f000000, 0x3f400000 and
# 0x3f800000, little-endian.
[ "$colours" = "<4 bytes: 00 00 20 3f>
<16 bytes: 00 00 80 3e 00 00 00 3f 00 00 40 3f 00 00 80 3f>" ] || fail "the fill colours recorded: '$colours'"

CLVET_REPORT=none "$clvet" replay fill.clvt --verify > replay.out 2> replay.err ||
  fail "replay: $(cat replay.out replay.err)"
grep -q "all the same as recorded" replay.out || fail "replay: $(cat replay.out)"
echo PASS
