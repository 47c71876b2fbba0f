#!/usr/bin/env bash
# Two processes drain one queue on one Postgres: no job may run twice, nor twice at once.
# Run from apps/api-server: node ../../scripts/with-postgres.mjs bash bench/queue-spike/two-process.sh
# (QUEUE=ours|boss12, PGBOSS_DIR for pg-boss; NODE=the node binary, Node 22 for pg-boss 12).
set -euo pipefail
NODE="${NODE:-node}"
JOBS="${JOBS:-500}"
run() { "$NODE" --import tsx bench/queue-spike/bench.ts; }
JOBS=$JOBS ENQUEUE_ONLY=1 run
ROLE=worker EXPECT=$JOBS run & a=$!
ROLE=worker EXPECT=$JOBS run & b=$!
wait $a $b
ROLE=check run
