#!/bin/sh
# `cmake --install` into a DESTDIR, then the installed tree on its own, with nothing of the
# build tree on its paths: no installed binary names the build folder, the source folder or
# the Clang resource folder of the machine that built it; `clvet run --device=reference`
# builds and runs a kernel there (its OpenCL C headers the tree's own: without them the build
# fails); clinfo lists the device through the .icd `clvet register` writes into the tree; no
# file of the build tree is loaded on the way; moved elsewhere, `clvet diff` still finds its
# reference device.
#   install_test.sh BUILD_DIR SOURCE_DIR CLANG_RESOURCE_DIR PROGRAM (image_pipeline: six kernels)
set -eu
build=$1 source=$2 clang_resource=$3 program=$4
root=$(mktemp -d /tmp/clvet-install-XXXXXX)
trap 'rm -rf "$root"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

DESTDIR=$root "${CMAKE:-cmake}" --install "$build" --prefix /opt/clvet > "$root/install.log" ||
  { cat "$root/install.log"; fail "cmake --install"; }
tree=$root/opt/clvet
clvet=$tree/bin/clvet
[ -x "$clvet" ] || fail "no bin/clvet in the installed tree"
for file in libclvet-device.so libclvet-layer.so libclvet-frontend.so \
            clang/include/opencl-c.h loader/libOpenCL.so.1 icd/clvet.icd; do
  [ -e "$(dirname "$(find "$tree" -name libclvet-device.so)")/$file" ] || fail "$file not installed"
done
[ -e "$tree/share/man/man1/clvet.1" ] || fail "no man page"

# Read-only data and run paths: where a path fixed at build time would be.
for binary in "$clvet" $(find "$tree" -name 'libclvet-*.so'); do
  for path in "$build" "$source" "$clang_resource"; do
    if readelf -p .rodata "$binary" | grep -qF "$path"; then fail "$binary names $path"; fi
    if readelf -d "$binary" | grep -E 'RPATH|RUNPATH' | grep -qF "$path"; then
      fail "$binary's run path names $path"
    fi
  done
done

# The program too is copied out of the build tree, so that any file the dynamic loader opens
# from there is clvet's.
cp "$program" "$root/program"
LD_DEBUG=files LD_DEBUG_OUTPUT=$root/ld "$clvet" run --device=reference --trace=none \
  --check=none -- "$root/program" > "$root/run.out" 2>&1 || true
cat "$root/run.out"
grep -q "all 6 checks passed" "$root/run.out" || fail "the kernels did not build and run"
grep -q "libclvet-frontend.so" "$root"/ld.* || fail "the front end was not loaded"
if grep -hF "$build" "$root"/ld.*; then fail "a file of the build tree was loaded"; fi

"$clvet" register --vendors "$tree/etc/OpenCL/vendors"
OCL_ICD_VENDORS=$tree/etc/OpenCL/vendors OCL_ICD_FILENAMES= CLVET_REPORT=none clinfo \
  > "$root/clinfo.out" 2>&1 || true
grep -Eq "Platform Name +clvet" "$root/clinfo.out" || { cat "$root/clinfo.out"; fail "clinfo"; }
# clinfo builds a kernel for the kernel work-group size it lists.
grep -Eq "Preferred work group size multiple \(kernel\) +[0-9]" "$root/clinfo.out" ||
  fail "clinfo's kernel did not build"
"$clvet" register --vendors "$tree/etc/OpenCL/vendors" --remove
[ ! -e "$tree/etc/OpenCL/vendors/clvet.icd" ] || fail "clvet register --remove"

"$clvet" rules --coverage > "$root/coverage.out" || fail "the installed clause index"

# A tree moved after it was installed: its .icd names the old place, and `clvet diff` finds the
# reference device beside itself all the same (the program's launches recorded on PoCL).
pocl=/etc/OpenCL/vendors/pocl.icd
if [ -e "$pocl" ]; then
  OCL_ICD_VENDORS=$pocl CLVET_REPORT=none "$clvet" run --trace="$root/launches.clvt" --trace-kernel-buffers=1 \
    -- "$root/program" > "$root/record.out" 2>&1 || { cat "$root/record.out"; fail "recording on PoCL"; }
  mv "$tree" "$root/moved"
  "$root/moved/bin/clvet" diff "$root/launches.clvt" > "$root/diff.out" 2>&1 || true
  mv "$root/moved" "$tree"
  cat "$root/diff.out"
  grep -Eq "^6 launches: 6 same" "$root/diff.out" || fail "clvet diff in a moved tree"
fi

# Without the tree's headers, the same build fails: they are the ones it compiles with.
rm "$(find "$tree" -name opencl-c-base.h)"
"$clvet" run --device=reference --trace=none --check=none -- "$root/program" \
  > "$root/noheaders.out" 2>&1 || true
if grep -q "all 6 checks passed" "$root/noheaders.out"; then
  fail "the kernels built without the tree's headers"
fi
echo "installed tree works"
