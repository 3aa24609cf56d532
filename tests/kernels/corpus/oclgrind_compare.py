#!/usr/bin/env python3
"""Runs every corpus case on Oclgrind through corpus_runner and compares Oclgrind's diagnostics
with the case's `// expect:` annotations (kind and line): the README's agreement table.

  oclgrind_compare.py RUNNER [CASE.cl ...]

CORPUS_BUILD_OPTIONS in the environment (e.g. -cl-opt-disable) is appended to each build.

Needs an ICD file naming /usr/lib/oclgrind/liboclgrind-rt-icd.so in a folder given by
OCL_ICD_VENDORS (the script makes one in a temporary folder when OCL_ICD_VENDORS is unset).
Prints one line per case: agree, or what Oclgrind missed and what it reported beyond the
annotations."""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECT = re.compile(r"// expect:(.*)$")

# Oclgrind's message headings, in its words, and the corpus kind each one means.
HEADINGS = [
    (re.compile(r"^Write-write data race"), "race-write-write"),
    (re.compile(r"^Read-write data race"), "race-read-write"),
    (re.compile(r"^Invalid (read|write) of size"), "out-of-bounds"),
    (re.compile(r"^Index \(\d+\) exceeds static array size"), "out-of-bounds"),
    (re.compile(r"^Invalid write to read-only"), "read-only-write"),
    (re.compile(r"^Invalid read from write-only"), "write-only-read"),
    (re.compile(r"^(Invalid|Unaligned).*(align|unaligned)", re.I), "misaligned"),
    (re.compile(r"ninitiali[sz]ed"), "uninitialised"),
    (re.compile(r"^Work-group divergence detected"), "barrier-divergence"),
    (re.compile(r"finished without waiting for events"), "unwaited-async-copy"),
]
AT_LINE = re.compile(r"At line (\d+)")


def expectations(path):
    found = set()
    with open(path) as f:
        for number, line in enumerate(f, 1):
            m = EXPECT.search(line)
            if m:
                for kind in m.group(1).split(","):
                    found.add((number, kind.strip()))
    return found


def classify(stderr):
    """(line, kind) pairs from Oclgrind's messages; a message with no line gets line 0."""
    found = set()
    unknown = []
    blocks = re.split(r"\n(?=\S)", stderr)
    for block in blocks:
        heading = block.splitlines()[0] if block.strip() else ""
        if not heading or heading.startswith("corpus_runner"):
            continue
        kind = next((k for pattern, k in HEADINGS if pattern.search(heading)), None)
        if kind is None:
            unknown.append(heading.strip())
            continue
        # Oclgrind's global addresses carry the buffer number above bit 48: buffer 0 is NULL.
        address = re.search(r"global memory address 0x([0-9a-f]+)", heading)
        if kind == "out-of-bounds" and address and int(address.group(1), 16) >> 48 == 0:
            kind = "null-access"
        lines = [int(n) for n in AT_LINE.findall(block)] or [0]
        for n in lines:
            found.add((n, kind))
    return found, unknown


def main():
    runner = sys.argv[1]
    cases = sys.argv[2:] or sorted(
        os.path.join(d, f) for d, _, fs in os.walk(HERE) for f in fs if f.endswith(".cl"))
    env = dict(os.environ)
    # The folder of Oclgrind's .icd file, when none is given, lives as long as the comparison.
    vendors = tempfile.TemporaryDirectory(prefix="clvet-oclgrind-")
    if "OCL_ICD_VENDORS" not in env:
        with open(os.path.join(vendors.name, "oclgrind.icd"), "w") as f:
            f.write("/usr/lib/oclgrind/liboclgrind-rt-icd.so\n")
        env["OCL_ICD_VENDORS"] = vendors.name
    env.update(OCLGRIND_DATA_RACES="1", OCLGRIND_UNINITIALIZED="1", OCLGRIND_CHECK_API="1")
    for case in cases:
        name = os.path.relpath(case, HERE)
        want = expectations(case)
        try:
            args = [runner, "--platform=Oclgrind", case]
            if os.environ.get("CORPUS_BUILD_OPTIONS"):
                args.insert(1, "--options=" + os.environ["CORPUS_BUILD_OPTIONS"])
            run = subprocess.run(args, env=env, timeout=20,
                                 capture_output=True, text=True)
            got, unknown = classify(run.stderr)
            status = "" if run.returncode == 0 else f" (runner exit {run.returncode})"
        except subprocess.TimeoutExpired:
            got, unknown, status = set(), [], " (still running after 20 s: no budget)"
        missed = sorted(want - got)
        extra = sorted(got - want)
        verdict = "agree" if not missed and not extra else "differ"
        detail = ""
        if missed:
            detail += " missed: " + ", ".join(f"{k}@{n}" for n, k in missed)
        if extra:
            detail += " extra: " + ", ".join(f"{k}@{n}" for n, k in extra)
        if unknown:
            detail += " unclassified: " + " | ".join(sorted(set(unknown))[:3])
        print(f"{name}: {verdict}{status}{detail}", flush=True)


if __name__ == "__main__":
    main()
