#!/bin/sh
# The Slurm round trip of optinet-sweep on a one-node cluster brought up here: munged, slurmctld
# and slurmd on localhost with a configuration generated into a temporary folder, started and
# stopped by this script. A small sweep goes through --backend slurm; --collect must give the same
# CSVs as --backend local for the same spec and seeds. If the daemons cannot start, the reason is
# printed and the test is skipped (exit 77), never passed.
# usage: sweep_slurm_cluster.sh SOURCE_DIR OPTINET
set -u
src=$1
optinet=$2
skip() { echo "SKIP: $*"; exit 77; }
for tool in munged mungekey slurmctld slurmd sbatch squeue scontrol; do
  command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] ||
    skip "$tool not installed (scripts/install-deps.sh installs slurm-wlm and munge)"
done
PATH=$PATH:/usr/sbin
[ "$(id -u)" -eq 0 ] || skip "slurmd must run as root here (it launches tasks as their users)"

dir=$(mktemp -d /tmp/optinet-slurm.XXXXXX)
chmod 755 "$dir"
pids=""
cleanup() {
  for p in $pids; do kill "$p" 2>/dev/null; done
  sleep 1
  for p in $pids; do kill -9 "$p" 2>/dev/null; done
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

# Free TCP ports for slurmctld and slurmd (other clusters may run on this machine).
ports=$(/usr/bin/python3 -c '
import socket
ss = [socket.socket() for _ in range(2)]
for s in ss: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in ss))')
set -- $ports
ctld_port=$1
slurmd_port=$2

# munge: a key, a socket and its files in the temporary folder.
mkdir -p "$dir/munge" && chmod 700 "$dir/munge"
mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null 2>&1 ||
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$dir/munge/munge.key"
munged --force --socket="$dir/munge/socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munge/pid" --log-file="$dir/munge/log" --seed-file="$dir/munge/seed" ||
  skip "munged did not start: $(tail -1 "$dir/munge/log" 2>/dev/null)"
sleep 1
[ -f "$dir/munge/pid" ] && pids="$pids $(cat "$dir/munge/pid")"

host=$(hostname -s)
cpus=$(nproc)
mem_mib=$(awk '/MemTotal/ {print int($2 / 1024 / 2)}' /proc/meminfo)
mkdir -p "$dir/state" "$dir/spool"
cat >"$dir/slurm.conf" <<EOF
ClusterName=optinet-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mib State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF" -i >/dev/null 2>&1 ||
  skip "slurmctld did not start: $(tail -2 "$dir/slurmctld.log" 2>/dev/null | tr '\n' ' ')"
sleep 1
[ -f "$dir/slurmctld.pid" ] && pids="$pids $(cat "$dir/slurmctld.pid")"
slurmd -f "$SLURM_CONF" -N "$host" >/dev/null 2>&1 ||
  skip "slurmd did not start: $(tail -2 "$dir/slurmd.log" 2>/dev/null | tr '\n' ' ')"
sleep 1
[ -f "$dir/slurmd.pid" ] && pids="$pids $(cat "$dir/slurmd.pid")"
up=0
for _ in $(seq 1 30); do
  if sinfo -h -o %T 2>/dev/null | grep -Eq '^(idle|mixed|allocated)'; then up=1; break; fi
  sleep 1
done
[ "$up" -eq 1 ] || skip "the node did not come up: $(sinfo -h -o '%T %E' 2>&1 | head -1);" \
  "$(tail -2 "$dir/slurmd.log" 2>/dev/null | tr '\n' ' ')"

# A small sweep: 2 shapes x 2 protocols, 3 seeds each in jobs of 2 and 1 runs.
cat >"$dir/spec.toml" <<EOF
[sweep]
name = "slurm-round-trip"
network = "pops"
[axes]
"d:g" = ["2:2", "4:2"]
protocol = ["randomized", "offline"]
[runs]
count = 3
seed = 7
per_job = 2
[merge]
fields = ["slots", "collisions"]
EOF
runner="$src/scripts/optinet-sweep"
/usr/bin/python3 "$runner" "$dir/spec.toml" --optinet "$optinet" --output "$dir/local" \
  --jobs 2 >/dev/null 2>&1 || { echo "FAIL: the local backend"; exit 1; }
/usr/bin/python3 "$runner" "$dir/spec.toml" --optinet "$optinet" --output "$dir/slurm" \
  --backend slurm --chunk 3 --partition test --time 00:05:00 ||
  { echo "FAIL: --backend slurm"; tail -5 "$dir/slurmctld.log"; exit 1; }
grep -q -- '--array=0-2' "$dir"/slurm/slurm/sweep-*.sbatch ||
  { echo "FAIL: 8 jobs in chunks of 3 should be tasks 0-2"; exit 1; }
done=0
for _ in $(seq 1 120); do
  if /usr/bin/python3 "$runner" "$dir/spec.toml" --optinet "$optinet" --output "$dir/slurm" \
       --status | grep -q '8 of 8 job(s) finished'; then done=1; break; fi
  sleep 1
done
/usr/bin/python3 "$runner" "$dir/spec.toml" --optinet "$optinet" --output "$dir/slurm" --status
if [ "$done" -ne 1 ]; then
  echo "FAIL: the array's jobs did not all land"
  cat "$dir"/slurm/slurm/task-*.log 2>/dev/null | tail -5
  tail -5 "$dir/slurmctld.log"
  exit 1
fi
/usr/bin/python3 "$runner" "$dir/spec.toml" --optinet "$optinet" --output "$dir/slurm" \
  --collect || { echo "FAIL: --collect"; exit 1; }
for f in runs.csv points.csv; do
  cmp "$dir/local/$f" "$dir/slurm/$f" || { echo "FAIL: $f differs between local and slurm"; exit 1; }
done
# The coupler study's runs as Slurm jobs: the same table as run here.
study="$src/scripts/results/coupler_study.py"
mkdir -p "$dir/study-local" "$dir/study-slurm"
/usr/bin/python3 "$study" --optinet "$optinet" --out "$dir/study-local" --only shapes \
  --sizes 4 --d 4 >/dev/null 2>&1 || { echo "FAIL: the coupler study here"; exit 1; }
/usr/bin/python3 "$study" --optinet "$optinet" --out "$dir/study-slurm" --only shapes \
  --sizes 4 --d 4 --backend slurm --partition test --time 00:05:00 --jobs 4 >/dev/null ||
  { echo "FAIL: the coupler study with --backend slurm"; tail -5 "$dir/slurmctld.log"; exit 1; }
# The same table but for its timings (columns named *_seconds: simulation and CPU time per run,
# the latter recorded only for runs of this machine).
untimed() {
  /usr/bin/python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
keep = [i for i, name in enumerate(rows[0]) if not name.endswith("_seconds")]
for row in rows: print(",".join(row[i] for i in keep))' "$1"
}
untimed "$dir/study-local/coupler-evaluation-shapes.csv" > "$dir/study-local.untimed" &&
  untimed "$dir/study-slurm/coupler-evaluation-shapes.csv" > "$dir/study-slurm.untimed" &&
  cmp "$dir/study-local.untimed" "$dir/study-slurm.untimed" ||
  { echo "FAIL: the coupler study's shapes differ between here and slurm"; exit 1; }
echo "PASS: 8 jobs through a 3-task Slurm array; --collect gives the local backend's CSVs;" \
  "the coupler study's runs as Slurm jobs give its table"
