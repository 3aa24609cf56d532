#!/bin/sh
# Runs api_sequences under `clvet run` for a layer fuzz test: the seed and the command that
# repeats the run first, then the run's last lines (the call that crashed, if one did).
# usage: run_api_sequences.sh CLVET API_SEQUENCES SECONDS SEED|clock TRACE
clvet=$1 program=$2 seconds=$3 seed=$4 trace=$5
[ "$seed" = clock ] && seed=$(date +%s)
echo "seed $seed; repeat with: OCL_ICD_VENDORS=$OCL_ICD_VENDORS $clvet run -- $program $seconds $seed"
"$clvet" run --report=none --trace="$trace" -- "$program" "$seconds" "$seed" | tail -n 3
