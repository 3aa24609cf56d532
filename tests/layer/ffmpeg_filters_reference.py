#!/usr/bin/env python3
"""ffmpeg's OpenCL image filters on the reference device, against PoCL.

Each filter runs on a generated testsrc2 clip (64 x 64, two frames, yuv420p) once on PoCL and
once under `clvet run --device=reference` with the kernel checkers on. Their output frames must
agree byte for byte within 1: the filters compute in float and write CL_UNORM_INT8 planes with
write_imagef, whose conversion may round either way of a value within 0.6 of an integer
(SPIR-V environment 7.4.1, f_approx), and a float sum evaluated in another order may fall on
the other side. The findings must be the ones judged here: pad_opencl's kernel writes at every
work-item of a global size rounded up past the padded frame, without the bounds check the other
filters have, which OpenCL C leaves undefined (1.2 6.12.14.4); the other filters have none.

Usage: ffmpeg_filters_reference.py CLVET POCL_ICD FFMPEG
"""
import json
import os
import subprocess
import sys
import tempfile

FILTERS = [
    # (name, filter, the kernel of the expected undefined-behaviour finding or None)
    ("avgblur", "avgblur_opencl", None),
    ("boxblur", "boxblur_opencl", None),
    ("sobel", "sobel_opencl", None),
    ("unsharp", "unsharp_opencl", None),
    ("transpose", "transpose_opencl", None),
    ("pad", "pad_opencl=w=80:h=72:x=8:y=4", "pad"),
]


def ffmpeg_args(ffmpeg, vf, out):
    return [ffmpeg, "-nostdin", "-hide_banner", "-loglevel", "error", "-f", "lavfi",
            "-i", "testsrc2=size=64x64:rate=5", "-frames:v", "2",
            "-init_hw_device", "opencl=gpu:0.0", "-filter_hw_device", "gpu",
            "-vf", "format=yuv420p,hwupload," + vf + ",hwdownload,format=yuv420p",
            "-f", "rawvideo", "-y", out]


def main():
    clvet, pocl_icd, ffmpeg = sys.argv[1:4]
    failed = False
    with tempfile.TemporaryDirectory() as work:
        for name, vf, expected_kernel in FILTERS:
            pocl_out = os.path.join(work, name + ".pocl.yuv")
            ref_out = os.path.join(work, name + ".ref.yuv")
            report = os.path.join(work, name + ".json")
            env = dict(os.environ, OCL_ICD_VENDORS=pocl_icd, OCL_ICD_FILENAMES="")
            run = subprocess.run(ffmpeg_args(ffmpeg, vf, pocl_out), env=env,
                                 capture_output=True, text=True)
            if run.returncode != 0:
                print(f"FAIL: {name} on PoCL exited with {run.returncode}: {run.stderr}")
                failed = True
                continue
            run = subprocess.run([clvet, "run", "--device=reference", "--report-format=json",
                                  "--report=" + report, "--"] + ffmpeg_args(ffmpeg, vf, ref_out),
                                 capture_output=True, text=True)
            # 1: the program ran and clvet reported findings.
            if run.returncode not in (0, 1) or not os.path.exists(ref_out):
                print(f"FAIL: {name} on the reference device exited with {run.returncode}: "
                      f"{run.stderr}")
                failed = True
                continue
            with open(pocl_out, "rb") as f:
                want = f.read()
            with open(ref_out, "rb") as f:
                got = f.read()
            if len(got) != len(want) or not want:
                print(f"FAIL: {name}: {len(got)} bytes on the reference device, {len(want)} on PoCL")
                failed = True
                continue
            differences = [abs(a - b) for a, b in zip(got, want)]
            largest = max(differences)
            differing = sum(1 for d in differences if d)
            with open(report) as f:
                findings = json.load(f)["findings"]
            kinds = sorted({(x.get("kind"), x.get("kernel")) for x in findings})
            print(f"{name}: {len(got)} bytes, {differing} differ from PoCL's (largest by "
                  f"{largest}); findings: {kinds if kinds else 'none'}")
            for x in findings:
                print(f"  {x.get('file')}:{x.get('line')}: {x.get('kind')} in '{x.get('kernel')}': "
                      f"{x.get('detail')}")
            if largest > 1:
                print(f"FAIL: {name}: a byte differs from PoCL's by {largest}")
                failed = True
            wanted = [("undefined-behaviour", expected_kernel)] if expected_kernel else []
            if kinds != wanted:
                print(f"FAIL: {name}: findings {kinds}, expected {wanted}")
                failed = True
    print("FAIL" if failed else "PASS")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
