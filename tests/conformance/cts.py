#!/usr/bin/env python3
"""Khronos OpenCL CTS binaries on clvet's reference device and on PoCL, sub-test by sub-test.

  cts.py run CTS_BUILD ICD_DIR LOGS [LIST] [RESULTS]
  cts.py merge CLVET_LOGS POCL_LOGS [LIST] [RESULTS]
  cts.py update CLVET_LOGS POCL_LOGS [LIST] [RESULTS]

LIST (default cts_list.txt beside this script) has one run a line: a name, the binary's folder
under a CTS build's test_conformance/, the binary, and its arguments (sub-tests and options,
all sub-tests when none); '#' starts a comment. A run's output is the log NAME.log.

'run' runs each line on the reference device (the ICD in ICD_DIR, kernel checkers off: the
CTS judges results) and on PoCL (/etc/OpenCL/vendors/pocl.icd), with a time limit of
CTS_TIMEOUT seconds (default 600), keeps the logs in LOGS/clvet and LOGS/pocl, and merges them.
'merge' judges logs saved elsewhere, for instance those of a run on a bigger machine with
devcarry-style scripts; a log that is missing counts as 'not run'. A log may end with the line
'rc=N' (the binary's exit status; 124 is a time-out). 'update' judges only the runs that have a
new log on either side, and keeps every other row of RESULTS as it was, and the other side's
results of such a run where only one side has a new log: the way to add a few runs made
elsewhere (the logs of earlier runs are not kept in the repository).

RESULTS (default cts_results.tsv beside this script) gets one line per run and sub-test: the
run's name, the sub-test, clvet's result, PoCL's, and the reason for a difference, kept from the
file's previous version (a new difference says 'unexplained'; one where a side did not reach the
sub-test keeps a reason if it has one). A run's row '(sub-tests)' gives the harness's own count
('PASSED 973 of 973'). A binary that skips at initialization names no sub-test: each sub-test the
other side names counts as skipped. Exits 1 when a difference has no reason."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
POCL_ICD = "/etc/OpenCL/vendors/pocl.icd"
# What the CTS harness prints after each sub-test and at the end of a binary
# (test_common/harness/testHarness.cpp).
# A sub-test that prints progress dots leaves them before its name ("....vstore_half passed"); one
# the harness skips for the device's version gives its reason after it ("NAME skipped (requires
# at least OpenCL version 3.1, ...)"), and the harness then counts it as passed.
RESULT_LINE = re.compile(
    r"^\.*([^\s.]\S*) (passed|FAILED|skipped|test not supported)(?: \(.*\))?\s*$")
# A count of one or none prints 'PASSED test.' where others print 'PASSED 4 of 4 tests.'.
COUNT_LINE = re.compile(r"^(PASSED|FAILED|SKIPPED) (?:(\d+ of \d+) )?(sub-test|test)s?\.")
# A status below zero is Python's way of saying a signal ended the binary (-11: SIGSEGV); after a
# time-out it may follow the progress dots the sub-test left on an unfinished line.
STATUS_LINE = re.compile(r"^\.*rc=(-?\d+)")
# A sub-test's first line ("NAME..."), and the harness's verdict when it ran one sub-test alone:
# that verdict names the sub-test only through the first line when the sub-test's own output
# left its "NAME passed" line glued to an unfinished line of its own.
START_LINE = re.compile(r"^(\w+)\.\.\.$")
SINGLE_LINE = re.compile(r"^(PASSED|FAILED) sub-test\.")
# A sub-test's verdict glued to the end of a line the sub-test left unfinished ("(seed = 15263)
# linkage_linkonce_odr passed"): taken only for the sub-test the last first line named.
GLUED_LINE = re.compile(r"\s(\w+) (passed|FAILED|skipped|test not supported)$")


def read_list(path):
    """[(name, folder, binary, arguments)] of a list file."""
    runs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if len(words) >= 3:
                runs.append((words[0], words[1], words[2], words[3:]))
    return runs


def read_reasons(path):
    """{(run, sub-test): reason} of a results file, its differences' reasons."""
    return {(row[0], row[1]): row[4] for rows in read_rows(path).values() for row in rows
            if row[4] not in ("", "unexplained")}


def judge(text):
    """{sub-test: passed | FAILED | skipped | timeout | crash (N) | ...} of one run's log."""
    results, counts, status, started = {}, {}, None, None
    for line in text.splitlines():
        line = line.strip()
        m = START_LINE.match(line)
        if m:
            started = m.group(1)
        m = SINGLE_LINE.match(line)
        if m and started and started not in results:
            results[started] = "passed" if m.group(1) == "PASSED" else "FAILED"
        m = RESULT_LINE.match(line)
        if not m:
            m = GLUED_LINE.search(line)
            if m and m.group(1) != started:
                m = None
        if m:
            results[m.group(1)] = "skipped" if m.group(2) == "test not supported" else m.group(2)
        m = COUNT_LINE.match(line)
        if m:
            counts[f"({m.group(3)}s)"] = " ".join(filter(None, m.group(1, 2)))
        m = STATUS_LINE.match(line)
        if m:
            status = int(m.group(1))
    # A binary that stopped before its summary (a time-out or a crash) left the rest unrun.
    if not counts and status not in (None, 0, 1):
        results["(rest)"] = ("timeout" if status == 124 else f"crash ({status})" if status > 0
                             else f"crash (signal {-status})")
    results.update(counts)
    if not results:
        results["(binary)"] = f"no result ({status})"
    return results


def read_log(path):
    if not os.path.exists(path):
        return {"(binary)": "not run"}
    with open(path, encoding="utf-8", errors="replace") as f:
        return judge(f.read())


def run_one(cts_build, folder, binary, arguments, vendors, timeout, log):
    env = dict(os.environ)
    env.update({"OCL_ICD_VENDORS": vendors, "OCL_ICD_FILENAMES": "", "CLVET_REPORT": "none",
                "CLVET_CHECK": "none"})
    where = os.path.join(cts_build, "test_conformance", folder)
    try:
        ran = subprocess.run([os.path.join(where, binary)] + arguments, capture_output=True,
                             text=True, timeout=timeout, env=env, cwd=where)
        output, status = ran.stdout + ran.stderr, ran.returncode
    except subprocess.TimeoutExpired as stopped:
        output = stopped.stdout or ""
        if isinstance(output, bytes):
            output = output.decode(errors="replace")
        status = 124
    with open(log, "w", encoding="utf-8") as f:
        f.write(output + f"\nrc={status}\n")


def absent(results):
    """What a sub-test missing from a log gave: a binary that skipped at initialization (the
    device lacks what every test needs) names no sub-test, and skipped them all."""
    if (results.get("(tests)", "").startswith("SKIPPED")
            and all(key.startswith("(") for key in results)):
        return "skipped"
    return "not run"


def run_rows(name, clvet, pocl, reasons):
    """The results file's rows of one run, from each side's {sub-test: result}."""
    rows = []
    for subtest in sorted(set(clvet) | set(pocl)):
        a, b = clvet.get(subtest, absent(clvet)), pocl.get(subtest, absent(pocl))
        reason = ""
        if a != b and not subtest.endswith("tests)"):
            # A sub-test one side never reached (its log missing, or cut short by a crash or a
            # time-out) may have a reason; two results must have one.
            missing = "" if "not run" in (a, b) else "unexplained"
            reason = reasons.get((name, subtest), missing)
        rows.append((name, subtest, a, b, reason))
    return rows


def read_rows(path):
    """{run: [(name, sub-test, clvet, PoCL, reason)]} of a results file."""
    runs = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                cells = (line.rstrip("\n").split("\t") + [""] * 5)[:5]
                runs.setdefault(cells[0], []).append(tuple(cells))
    return runs


def write_rows(rows, runs, results_path):
    with open(results_path, "w", encoding="utf-8") as f:
        f.write("# run (a line of cts_list.txt)\tsub-test\tclvet\tPoCL\treason for a difference "
                "(cts.py writes this file; edit only the reasons)\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
            if row[4] == "unexplained":
                print(f"{row[0]} {row[1]}: clvet {row[2]}, PoCL {row[3]}: unexplained")
    judged = [r for r in rows if not r[1].endswith("tests)")]
    passed = sum(1 for r in judged if r[2] == "passed")
    pocl_passed = sum(1 for r in judged if r[3] == "passed")
    unexplained = sum(1 for r in rows if r[4] == "unexplained")
    print(f"{len(judged)} sub-tests in {runs} runs: clvet passes {passed}, "
          f"PoCL {pocl_passed}; {unexplained} differences without a reason")
    return 1 if unexplained else 0


def merge(clvet_logs, pocl_logs, list_path, results_path):
    reasons = read_reasons(results_path)
    rows = []
    runs = read_list(list_path)
    for name, _folder, _binary, _arguments in runs:
        rows += run_rows(name, read_log(os.path.join(clvet_logs, name + ".log")),
                         read_log(os.path.join(pocl_logs, name + ".log")), reasons)
    return write_rows(rows, len(runs), results_path)


def update(clvet_logs, pocl_logs, list_path, results_path):
    reasons, old = read_reasons(results_path), read_rows(results_path)
    rows = []
    runs = read_list(list_path)
    for name, _folder, _binary, _arguments in runs:
        logs = [os.path.join(clvet_logs, name + ".log"), os.path.join(pocl_logs, name + ".log")]
        if not any(os.path.exists(log) for log in logs):
            rows += old.get(name, [])
            continue
        # A side without a new log keeps the results the file had for it.
        sides = [read_log(log) if os.path.exists(log) else
                 {row[1]: row[2 + side] for row in old.get(name, []) if row[2 + side] != "not run"}
                 or {"(binary)": "not run"}
                 for side, log in enumerate(logs)]
        print(f"cts.py: {name} judged again", flush=True)
        rows += run_rows(name, sides[0], sides[1], reasons)
    return write_rows(rows, len(runs), results_path)


def main(argv):
    if len(argv) >= 5 and argv[1] == "run":
        cts_build, icd_dir, logs = argv[2], argv[3], argv[4]
        list_path = argv[5] if len(argv) > 5 else os.path.join(HERE, "cts_list.txt")
        results_path = argv[6] if len(argv) > 6 else os.path.join(HERE, "cts_results.tsv")
        timeout = int(os.environ.get("CTS_TIMEOUT", "600"))
        for platform, vendors in (("clvet", icd_dir), ("pocl", POCL_ICD)):
            os.makedirs(os.path.join(logs, platform), exist_ok=True)
            for name, folder, binary, arguments in read_list(list_path):
                print(f"cts.py: {name} on {platform}", flush=True)
                run_one(cts_build, folder, binary, arguments, vendors, timeout,
                        os.path.join(logs, platform, name + ".log"))
        return merge(os.path.join(logs, "clvet"), os.path.join(logs, "pocl"), list_path,
                     results_path)
    if len(argv) >= 4 and argv[1] == "merge":
        list_path = argv[4] if len(argv) > 4 else os.path.join(HERE, "cts_list.txt")
        results_path = argv[5] if len(argv) > 5 else os.path.join(HERE, "cts_results.tsv")
        return merge(argv[2], argv[3], list_path, results_path)
    if len(argv) >= 4 and argv[1] == "update":
        list_path = argv[4] if len(argv) > 4 else os.path.join(HERE, "cts_list.txt")
        results_path = argv[5] if len(argv) > 5 else os.path.join(HERE, "cts_results.tsv")
        return update(argv[2], argv[3], list_path, results_path)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
