#!/usr/bin/env python3
"""piglit's OpenCL tests (Debian's piglit package) on clvet's reference device, judged against
piglit_expected.tsv: every test passes there unless the file lists it with the result it gives
and why that is the test's fault (or what the device does not offer).

  piglit.py one ICD_DIR BINARY        one piglit test program (a CTest test: the api tests)
  piglit.py all ICD_DIR RESULTS_DIR   the whole quick_cl profile through piglit's runner, then a
                                      summary of the results against the expectations

Both exit 0 when every result is the expected one, 1 otherwise (with what differs on stderr)."""
import gzip
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

PIGLIT_DIR = "/usr/lib/x86_64-linux-gnu/piglit"
HERE = os.path.dirname(os.path.abspath(__file__))


def expectations():
    """{test name: (result, reason)} from piglit_expected.tsv; a test not listed must pass."""
    expected = {}
    with open(os.path.join(HERE, "piglit_expected.tsv"), encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            name, result, reason = line.rstrip("\n").split("\t", 2)
            expected[name] = (result, reason)
    return expected


def accepted(got, want):
    """A listed skip may turn into a pass (the device gained what the test needs); any other
    result must be the expected one."""
    return got == want or (want == "skip" and got == "pass")


def reference_device_environment(icd_dir):
    env = dict(os.environ)
    # Absolute: piglit runs its tests from its own folder, where a relative path names nothing
    # and every test would skip for want of a platform.
    env.update({"OCL_ICD_VENDORS": os.path.abspath(icd_dir), "OCL_ICD_FILENAMES": "",
                "CLVET_REPORT": "none"})
    return env


def name_of(binary):
    """The piglit name of a test program (cl.xml's name, '@' read as '/', as piglit's summary
    writes it)."""
    with gzip.open(os.path.join(PIGLIT_DIR, "tests", "cl.xml.gz")) as f:
        for test in ElementTree.parse(f).getroot():
            for option in test:
                if option.get("name") == "command" and f"'{binary}'" in option.get("value", ""):
                    return test.get("name").replace("@", "/")
    return None


def one(icd_dir, binary):
    # A program piglit ships without listing it in its profile goes by its own name.
    name = name_of(binary) or binary
    want, reason = expectations().get(name, ("pass", ""))
    try:
        ran = subprocess.run([os.path.join(PIGLIT_DIR, "bin", binary)], capture_output=True,
                             text=True, timeout=300, env=reference_device_environment(icd_dir))
        results = re.findall(r'PIGLIT: \{"result": "(\w+)"', ran.stdout)
        got = results[-1] if results else f"crash (exit status {ran.returncode})"
    except subprocess.TimeoutExpired:
        got, ran = "timeout", None
    print(f"{name}: {got}" + (f" (expected: {reason})" if reason else ""))
    if accepted(got, want):
        return 0
    if ran is not None:
        sys.stderr.write(ran.stdout[-6000:] + ran.stderr[-4000:])
    print(f"piglit.py: {name} gave {got}, piglit_expected.tsv expects {want}", file=sys.stderr)
    return 1


def all_tests(icd_dir, results_dir):
    # From piglit's own folder: program tests name headers relative to it (-I tests/cl/...).
    # Results only: the kernel checkers, which piglit does not judge, are off.
    env = reference_device_environment(icd_dir)
    env["CLVET_CHECK"] = "none"
    subprocess.run(["piglit", "run", "--overwrite", "-j2", "--timeout", "300", "quick_cl",
                    os.path.abspath(results_dir)], env=env, cwd=PIGLIT_DIR, check=False)
    summary = subprocess.run(["piglit", "summary", "console", results_dir], capture_output=True,
                             text=True, check=True).stdout
    results = {}
    for line in summary.splitlines():
        m = re.match(r"^(\S.*): (pass|fail|skip|crash|timeout|warn|incomplete|dmesg-warn|dmesg-fail)$",
                     line)
        if m:
            results[m.group(1)] = m.group(2)
    expected = expectations()
    unexpected = []
    counts = {}
    for name, got in sorted(results.items()):
        counts[got] = counts.get(got, 0) + 1
        want = expected.get(name, ("pass", ""))[0]
        if not accepted(got, want):
            unexpected.append(f"{name}: {got}, expected {want}")
    for name in sorted(set(expected) - set(results)):
        unexpected.append(f"{name}: listed in piglit_expected.tsv but not run")
    print(f"quick_cl on the reference device: {len(results)} tests, " +
          ", ".join(f"{n} {r}" for r, n in sorted(counts.items())))
    for line in unexpected:
        print("unexpected: " + line, file=sys.stderr)
    return 1 if unexpected else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "one":
        sys.exit(one(sys.argv[2], sys.argv[3]))
    if len(sys.argv) == 4 and sys.argv[1] == "all":
        sys.exit(all_tests(sys.argv[2], sys.argv[3]))
    print(__doc__, file=sys.stderr)
    sys.exit(2)
