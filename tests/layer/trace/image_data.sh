#!/bin/sh
# Image data in the layer's trace (contents at creation, write and unmap), on PoCL,
# with tests/layer/trace/traced_image.c: the trace holds exactly the bytes the program handed
# over, the creation's 32 host bytes, the write's 8, and the 16 it wrote into the mapped
# region (packed, read through the row pitch the map returned), and those three, applied to
# an image in the order of the calls, give the image the program read back (a host
# computation, independent of the layer).
# Usage: image_data.sh CLVET PROGRAM WORKDIR. Prints PASS, SKIP or what failed.
set -eu
clvet=$1 program=$2 work=$3
mkdir -p "$work"
cd "$work"
rm -f image.clvt
fail() { echo "FAIL: $*"; exit 1; }

status=0
out=$("$clvet" run --trace=image.clvt -- "$program") || status=$?
[ "$status" -ne 77 ] || { echo "SKIP: the device has no images"; exit 0; }
[ "$status" -eq 0 ] || fail "the program failed under the layer ($status)"
"$clvet" trace dump image.clvt > image.txt

hex() { awk 'BEGIN { for (i = 0; i < 32; ++i) printf "%02x ", i }'; }
bytes() { sed -n "s/^ *in  $1: <[0-9]* bytes: \\([0-9a-f ]*\\)>.*/\\1/p" image.txt; }
created=$(bytes host_ptr)
written=$(bytes ptr)
mapped=$(bytes mapped_ptr)
[ "$created" = "$(hex | sed 's/ $//')" ] || fail "creation bytes: '$created'"
[ "$written" = "b0 b1 b2 b3 b4 b5 b6 b7" ] || fail "write bytes: '$written'"
[ "$mapped" = "c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 ca cb cc cd ce cf" ] || fail "unmap bytes: '$mapped'"

# The image rebuilt from the trace: 4 bytes a pixel, 8 a row; the write is one pixel of each
# of rows 0 and 1 (packed: 4 bytes a row), the mapping two pixels of rows 2 and 3.
rebuilt=$(echo "$created|$written|$mapped" | awk -F'|' '{
  n = split($1, image, " ")
  split($2, w, " "); for (y = 0; y < 2; ++y) for (i = 0; i < 4; ++i) image[y * 8 + 4 + i + 1] = w[y * 4 + i + 1]
  split($3, m, " "); for (y = 0; y < 2; ++y) for (i = 0; i < 8; ++i) image[(2 + y) * 8 + i + 1] = m[y * 8 + i + 1]
  for (i = 1; i <= n; ++i) printf "%s%s", image[i], i == n ? "\n" : " "
}')
[ "$rebuilt" = "$out" ] || fail "the trace rebuilds '$rebuilt', the program read '$out'"
echo PASS
