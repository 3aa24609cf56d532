#!/usr/bin/env python3
"""Khronos OpenCL CTS binaries on clvet's reference device and on PoCL, sub-test by sub-test.

  cts.py CTS_BUILD ICD_DIR [LIST] [RESULTS]

CTS_BUILD is a CTS build made from a fetched snapshot (its test_conformance/ folder holds the
binaries, e.g. test_conformance/basic/test_basic). LIST (default cts_list.txt beside this
script) names one binary a line, optionally followed by the sub-tests to run (all when none);
'#' starts a comment. Each binary runs once on the reference device (the ICD in ICD_DIR, kernel
checkers off: the CTS judges results) and once on PoCL (/etc/OpenCL/vendors/pocl.icd), with a
time limit of CTS_TIMEOUT seconds (default 600). RESULTS (default cts_results.tsv beside this
script) gets one line per sub-test: binary, sub-test, clvet's result, PoCL's result, and the
reason for a difference, kept from the file's previous version (a new difference says
'unexplained'). Exits 1 when a difference has no reason."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
POCL_ICD = "/etc/OpenCL/vendors/pocl.icd"
# What the CTS harness prints after each sub-test (test_common/harness/testHarness.cpp).
RESULT_LINE = re.compile(r"^(\S+) (passed|FAILED|skipped|test not supported)\s*$")


def read_list(path):
    runs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if words:
                runs.append((words[0], words[1:]))
    return runs


def read_reasons(path):
    reasons = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                cells = line.rstrip("\n").split("\t")
                if len(cells) >= 5 and cells[4] != "unexplained":
                    reasons[(cells[0], cells[1])] = cells[4]
    return reasons


def run(binary, subtests, vendors, timeout):
    """{sub-test: passed | FAILED | skipped | timeout | crash} of one binary on one platform."""
    env = dict(os.environ)
    env.update({"OCL_ICD_VENDORS": vendors, "OCL_ICD_FILENAMES": "", "CLVET_REPORT": "none",
                "CLVET_CHECK": "none"})
    try:
        ran = subprocess.run([binary] + subtests, capture_output=True, text=True, timeout=timeout,
                             env=env, cwd=os.path.dirname(binary))
        output, status = ran.stdout + ran.stderr, ran.returncode
    except subprocess.TimeoutExpired as stopped:
        output = (stopped.stdout or b"").decode(errors="replace") if isinstance(
            stopped.stdout, bytes) else (stopped.stdout or "")
        status = "timeout"
    results = {}
    for line in output.splitlines():
        m = RESULT_LINE.match(line.strip())
        if m:
            results[m.group(1)] = "skipped" if m.group(2) == "test not supported" else m.group(2)
    # Sub-tests asked for that never reported ran into the time limit or a crash.
    for name in subtests:
        if name not in results:
            results[name] = "timeout" if status == "timeout" else f"crash ({status})"
    if not results:
        results["(binary)"] = "timeout" if status == "timeout" else f"no result ({status})"
    return results


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    cts_build, icd_dir = argv[1], argv[2]
    list_path = argv[3] if len(argv) > 3 else os.path.join(HERE, "cts_list.txt")
    results_path = argv[4] if len(argv) > 4 else os.path.join(HERE, "cts_results.tsv")
    timeout = int(os.environ.get("CTS_TIMEOUT", "600"))
    reasons = read_reasons(results_path)
    rows, unexplained = [], 0
    for name, subtests in read_list(list_path):
        binary = os.path.join(cts_build, "test_conformance", name)
        if not os.path.exists(binary):
            print(f"cts.py: {binary} does not exist", file=sys.stderr)
            return 2
        clvet = run(binary, subtests, icd_dir, timeout)
        pocl = run(binary, subtests, POCL_ICD, timeout)
        for subtest in sorted(set(clvet) | set(pocl)):
            a, b = clvet.get(subtest, "not run"), pocl.get(subtest, "not run")
            reason = ""
            if a != b:
                reason = reasons.get((name, subtest), "unexplained")
                unexplained += reason == "unexplained"
            rows.append((name, subtest, a, b, reason))
            print(f"{name} {subtest}: clvet {a}, PoCL {b}" + (f" ({reason})" if reason else ""))
    with open(results_path, "w", encoding="utf-8") as f:
        f.write("# binary\tsub-test\tclvet\tPoCL\treason for a difference (cts.py writes this "
                "file; edit only the reasons)\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    passed = sum(1 for r in rows if r[2] == "passed")
    pocl_passed = sum(1 for r in rows if r[3] == "passed")
    print(f"{len(rows)} sub-tests: clvet passes {passed}, PoCL {pocl_passed}; "
          f"{unexplained} differences without a reason")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
