#!/usr/bin/env bash
# Runs tournaments through a real Slurm cluster of one node on this machine (munged,
# slurmctld and slurmd on localhost, a generated slurm.conf in a temporary directory,
# 2 CPUs) and checks what `junqi tournament --slurm` promises:
#   1. a sharded tournament merged by the dependent job equals the same tournament played
#      whole (same seed): the standings (OUT.csv) and the pair and result counts byte for
#      byte, and every game's record but its clock readings;
#   2. a failed task keeps the merge job from running, `junqi slurm merge` names the
#      missing shard, and `junqi slurm resubmit` plays only that shard; a task requeued
#      (as preemption does) resumes its own record file;
#   3. `junqi slurm status --stop` cancels a running array once the SPRT has decided on the
#      merged counts, and merges what was recorded;
#   4. `junqi tune spsa --slurm` (each iteration a job step over the job's tasks) writes the
#      state file and weights of the same run on one machine.
# Needs root (the daemons run as root), Debian's slurm-wlm and munge (installed here if
# missing) and a built junqi (build/runner/junqi; built here if missing). About a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

packages=(slurm-wlm munge)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "slurm-test: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
junqi=$repo/build/runner/junqi
if [[ ! -x $junqi ]]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
  cmake --build build -j "$(nproc)" --target junqi
fi

tmp=$(mktemp -d /tmp/junqi-slurm-test.XXXXXX)
chmod 755 "$tmp"
pids=()
cleanup() {
  local status=$?
  scancel --me >/dev/null 2>&1 || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if ((status == 0)); then rm -rf "$tmp"; else echo "slurm-test: FAILED; logs in $tmp" >&2; fi
}
trap cleanup EXIT
fail() { echo "slurm-test: FAILED: $*" >&2; exit 1; }

# --- the cluster ----------------------------------------------------------------------
host=$(hostname -s)
# Ports of our own, so that a cluster this machine may run is left alone.
ctld_port=$((20000 + RANDOM % 20000))
slurmd_port=$((ctld_port + 1))
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log"
chmod 700 "$tmp/munge"
head -c 1024 /dev/urandom >"$tmp/munge/munge.key"
chmod 400 "$tmp/munge/munge.key"
munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/munge.socket" \
  --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/log/munged.log" --seed-file="$tmp/munge/seed" \
  >>"$tmp/log/munged.log" 2>&1 &
pids+=($!)

cat >"$tmp/slurm.conf" <<CONF
ClusterName=junqitest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire: also how long a requeued job waits before it starts again (120 s by default)
AuthInfo=socket=$tmp/munge/munge.socket,cred_expire=10
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
ReturnToService=2
KillWait=5
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf

for _ in $(seq 50); do [[ -S $tmp/munge/munge.socket ]] && break; sleep 0.1; done
slurmctld -D -i -f "$SLURM_CONF" >>"$tmp/log/slurmctld.log" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >>"$tmp/log/slurmd.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
  state=$(sinfo --noheader --format=%T 2>/dev/null || true)
  [[ $state == idle ]] && break
  sleep 0.2
done
[[ $state == idle ]] || fail "the node did not come up (sinfo: '$state'); see $tmp/log"
echo "slurm-test: one-node cluster up ($host, 2 CPUs, slurmctld port $ctld_port)"

# Waits until no job of ours is queued or running (at most $1 seconds).
wait_for_jobs() {
  for _ in $(seq "$(($1 * 5))"); do
    [[ -z $(squeue --me --noheader) ]] && return 0
    sleep 0.2
  done
  squeue --me
  fail "jobs still queued after $1 s"
}

# The lines of a summary that depend on the games alone (no clock readings).
counts_of() { grep -v -E '"(ms_per_move|max_ms|config)"' "$1"; }
# Records without their clock readings.
timeless() { sed -E 's/"start_time":"[^"]*"//; s/"ms":[0-9]+//g' "$1"; }

# --- 1. sharded = whole ---------------------------------------------------------------
flags=(--player random --player greedy --player pimc --pairs 4 --tc iterations=20 --seed 5)
"$junqi" tournament "${flags[@]}" --concurrency 2 --out "$tmp/whole.jsonl" >"$tmp/whole.txt"
"$junqi" tournament "${flags[@]}" --slurm "$tmp/job" --tasks 3 --cpus-per-task 1 --time 10:00 |
  tee "$tmp/submit.txt"
wait_for_jobs 120
[[ -s $tmp/job/tournament.jsonl ]] || fail "no merged records; merge log: $(cat "$tmp/job/logs/merge.out" 2>&1)"
cmp "$tmp/whole.csv" "$tmp/job/tournament.csv" || fail "standings differ"
diff <(counts_of "$tmp/whole.summary.json") <(counts_of "$tmp/job/tournament.summary.json") || fail "counts differ"
diff <(timeless "$tmp/job/tournament.jsonl" | sort) <(timeless "$tmp/whole.jsonl" | sort) >/dev/null ||
  fail "records differ"
echo "slurm-test: 1. sharded tournament merged by the dependent job = the whole tournament ($(wc -l <"$tmp/whole.jsonl") games) ($SECONDS s)"

# --- 2. a failed task, the merge refused, the shard resubmitted -----------------------
mkdir -p "$tmp/job2/shards/2.jsonl"  # a directory where shard 2's records go: task 2 fails
"$junqi" tournament "${flags[@]}" --slurm "$tmp/job2" --tasks 3 --cpus-per-task 1 >/dev/null
wait_for_jobs 120
[[ ! -e $tmp/job2/tournament.jsonl ]] || fail "the merge job ran although a task failed"
if "$junqi" slurm merge "$tmp/job2" 2>"$tmp/merge2.err"; then fail "merge accepted an incomplete set"; fi
grep -q "shard 2 (" "$tmp/merge2.err" || fail "the merge did not name shard 2: $(cat "$tmp/merge2.err")"
[[ $(wc -l <"$tmp/merge2.err") == 1 ]] || fail "the merge's error is not one line"
rmdir "$tmp/job2/shards/2.jsonl"
"$junqi" slurm resubmit "$tmp/job2" | tee "$tmp/resubmit.txt"
grep -q "Resubmitted 1 shard(s) (2)" "$tmp/resubmit.txt" || fail "resubmit did not choose shard 2 alone"
wait_for_jobs 120
cmp "$tmp/whole.csv" "$tmp/job2/tournament.csv" || fail "standings differ after the resubmission"
echo "slurm-test: 2. failed shard named by the merge ($(cat "$tmp/merge2.err")), resubmitted alone, merged ($SECONDS s)"

# --- 2b. a preempted task resumes its records ------------------------------------------
# One task plays the whole tournament; once it has recorded a few games Slurm requeues it
# (as preemption does): it is killed, queued again, and resumes its own record file.
requeue_flags=(--player random --player greedy --pairs 8 --seed 11)
"$junqi" tournament "${requeue_flags[@]}" --concurrency 2 --out "$tmp/whole4.jsonl" >/dev/null
"$junqi" tournament "${requeue_flags[@]}" --slurm "$tmp/job4" --tasks 1 --cpus-per-task 1 >/dev/null
array=$(sed -n 's/.*"array_job": "\([0-9]*\)".*/\1/p' "$tmp/job4/job.json")
for _ in $(seq 600); do
  [[ -f $tmp/job4/shards/1.jsonl ]] && (($(wc -l <"$tmp/job4/shards/1.jsonl") >= 3)) && break
  sleep 0.1
done
before=$(wc -l <"$tmp/job4/shards/1.jsonl")
((before < 16)) || fail "the task finished before it could be requeued; the test needs longer games"
scontrol requeue "${array}_1"
wait_for_jobs 180
grep -q "^Resuming: [1-9][0-9]* games recorded" "$tmp/job4/logs/task-1.out" || fail "the requeued task did not resume"
cmp "$tmp/whole4.csv" "$tmp/job4/tournament.csv" || fail "standings differ after the requeue"
echo "slurm-test: 2b. task requeued after $before games: $(grep '^Resuming' "$tmp/job4/logs/task-1.out" | tail -1); merged = whole ($SECONDS s)"

# --- 3. an SPRT stops the array ------------------------------------------------------
sprt_flags=(--player ismcts --player random --pairs 1000 --tc iterations=30 --seed 3
  --sprt "elo0=0 elo1=200 alpha=0.05 beta=0.05")
"$junqi" tournament "${sprt_flags[@]}" --slurm "$tmp/job3" --tasks 2 --cpus-per-task 1 >/dev/null
for _ in $(seq 120); do
  "$junqi" slurm status "$tmp/job3" --stop >"$tmp/status3.txt"
  grep -q "^Records: " "$tmp/status3.txt" && break
  sleep 1
done
grep -q "SPRT on the merged counts: H1 accepted" "$tmp/status3.txt" || fail "the SPRT did not decide: $(cat "$tmp/status3.txt")"
grep -q "^SPRT decided: cancelled" "$tmp/status3.txt" || fail "status --stop cancelled nothing"
wait_for_jobs 60
games=$(wc -l <"$tmp/job3/tournament.jsonl")
((games < 2000)) || fail "all 2000 games were played"
grep -q '"decision": "H1"' "$tmp/job3/tournament.summary.json" || fail "the merged report has no H1"
echo "slurm-test: 3. SPRT H1 on the merged counts, array cancelled after $games of 2000 games ($SECONDS s)"

# --- 4. SPSA: each iteration one job step over the job's tasks ---------------------------
spsa_flags=(--params configs/tune/spsa_example.toml --bot pimc --tc iterations=4 --iterations 3 --pairs 3 --seed 2
  --rule max_plies=200)
"$junqi" tune spsa "${spsa_flags[@]}" --concurrency 2 --state "$tmp/spsa-here.json" --out "$tmp/spsa-here.toml" \
  >"$tmp/spsa-here.txt"
"$junqi" tune spsa "${spsa_flags[@]}" --state "$tmp/spsa-job.json" --out "$tmp/spsa-job.toml" \
  --slurm "$tmp/spsa" --tasks 2 --cpus-per-task 1 >/dev/null
wait_for_jobs 300
cmp "$tmp/spsa-here.json" "$tmp/spsa-job.json" || fail "the SPSA state differs from the one-machine run's"
cmp <(tail -n +2 "$tmp/spsa-here.toml") <(tail -n +2 "$tmp/spsa-job.toml") || fail "the tuned weights differ"
echo "slurm-test: 4. SPSA over 2 tasks, 3 iterations of 3 pairs: the state file of the one-machine run, byte for byte ($SECONDS s)"
echo "slurm-test: passed"
