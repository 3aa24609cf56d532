#!/bin/sh
# Device times for queues created without profiling, on PoCL, with
# tests/layer/trace/hidden_profiling.c:
#   the program prints the same under the layer as without it: queue properties and property
#     arrays as it created them, CL_PROFILING_INFO_NOT_AVAILABLE from clGetEventProfilingInfo
#     (1.2 §5.12: the queue was created without CL_QUEUE_PROFILING_ENABLE), same results;
#   the trace holds a DeviceCommand for each of its 3 commands on each of its 3 queues;
#   with --device-times=0 it holds none;
#   ClockSync records pair each device's clock with the host's, and the Perfetto export places
#     every device slice after the host began enqueueing it and before the clFinish that
#     waited for it returned.
# Usage: device_times.sh CLVET PROGRAM WORKDIR. Prints PASS or what failed.
set -eu
clvet=$1 program=$2 work=$3
mkdir -p "$work"
cd "$work"
rm -f times.clvt off.clvt
fail() { echo "FAIL: $*"; exit 1; }

"$program" > plain.txt || fail "the program failed without the layer"
# Exit status 1: the program ran and clvet has findings (it asks for profiling info that
# 1.2 §5.12 says is not available); the same findings with and without device times.
"$clvet" run --trace=times.clvt --report=findings-times.txt --device-times=1 -- "$program" > layer.txt ||
  [ $? -eq 1 ] || fail "the program failed under the layer"
diff plain.txt layer.txt > /dev/null || { diff plain.txt layer.txt; fail "the program saw something else under the layer"; }
grep -q 'clGetEventProfilingInfo -7 -7 -7 -7' plain.txt || fail "PoCL itself answered profiling on a queue without it"
queues=$(grep -c ': result' plain.txt)

"$clvet" trace dump --all times.clvt > times.txt
[ "$(grep -c 'device-command:' times.txt)" -eq $((queues * 3)) ] ||
  fail "$(grep -c 'device-command:' times.txt) device commands for $queues queues of 3 commands"
[ "$(grep -c 'device-command: CL_COMMAND_NDRANGE_KERNEL on queue#[0-9]* "twice"' times.txt)" -eq "$queues" ] ||
  fail "not one kernel command per queue"
grep -q 'device-command: CL_COMMAND_WRITE_BUFFER' times.txt || fail "no device times of the write"
grep -q 'device-command: CL_COMMAND_READ_BUFFER' times.txt || fail "no device times of the read"

# Clock pairs, and device slices placed on the host timeline with them: each command starts
# after its enqueue call began and ends before the clFinish after it returned, within the
# largest uncertainty the clock-sync records state (PoCL has no clGetDeviceAndHostTimer:
# CL_INVALID_OPERATION, so these are estimates).
grep 'clock-sync: device#[0-9]* clock [0-9]* ns = host [0-9.]* s ± [0-9]* ns' times.txt > syncs.txt ||
  fail "no clock-sync records"
slack=$(sed 's/.* ± \([0-9]*\) ns.*/\1/' syncs.txt | sort -n | tail -n 1)
"$clvet" trace export --perfetto times.clvt -o times.json > /dev/null
placed=$(python3 - times.json "$slack" <<'PY'
import json, sys
events = json.load(open(sys.argv[1]))["traceEvents"]
slack = int(sys.argv[2]) / 1000.0  # the export's times are in microseconds
calls = [e for e in events if e.get("cat") == "api" and e.get("ph") == "X"]
by_call = {e["args"]["call"]: e for e in calls}
placed = 0
for d in (e for e in events if e.get("cat") == "device"):
    enqueue = by_call[d["args"]["call"]]
    finish = min((c for c in calls if c["name"] == "clFinish" and c["tid"] == enqueue["tid"]
                  and c["ts"] >= enqueue["ts"]), key=lambda c: c["ts"])
    if d["ts"] < enqueue["ts"] - slack or d["ts"] + d["dur"] > finish["ts"] + finish["dur"] + slack:
        print(f"call {d['args']['call']}: device slice {d['ts']}+{d['dur']} us outside "
              f"enqueue {enqueue['ts']} .. clFinish end {finish['ts'] + finish['dur']} (slack {slack})")
        sys.exit(0)
    placed += 1
print(placed)
PY
)
[ "$placed" = $((queues * 3)) ] || fail "device slices misplaced: $placed"

"$clvet" run --trace=off.clvt --report=findings-off.txt --device-times=0 -- "$program" > off.txt ||
  [ $? -eq 1 ] || fail "the program failed with --device-times=0"
diff plain.txt off.txt > /dev/null || fail "the program saw something else with --device-times=0"
"$clvet" trace dump --all off.clvt > off-dump.txt
! grep -q 'device-command:' off-dump.txt || fail "device times with --device-times=0"
sed 's/(call #[0-9]*)//' findings-times.txt > a.txt
sed 's/(call #[0-9]*)//' findings-off.txt > b.txt
diff a.txt b.txt > /dev/null || fail "other findings with device times than without"
grep -q GetEventProfilingInfoNotAvailable a.txt || fail "no finding for the profiling info asked of a queue without profiling"

echo PASS
