#!/usr/bin/env bash
# test-slurm.sh: run docs/distributed.md's Slurm recipe on a real,
# one-node Slurm cluster started on this machine, and check that the
# merged counts equal a one-machine run's.
#
# It installs Debian's slurm-wlm and munge when they are missing (needs
# root and apt-get), then starts munged, slurmctld and slurmd from a
# generated configuration in a temporary directory (ports 16817/16818, its
# own munge socket: nothing of a system installation is used or touched),
# submits the job array and the merge job with the scripts taken word for
# word from docs/distributed.md, waits, and compares. The daemons it
# started are stopped on exit, whatever happens.
#
# Environment: NZSC_SLURM_KEEP=1 keeps the temporary directory (logs).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
start=$(date +%s)
say() { echo "test-slurm: $*"; }

# The trial: 4 shards of a 4-bot round robin, 2000 games a pairing,
# small enough for two cores (each shard has the whole node, in turn).
shards=4
export NZSC_BOTS=random,classic,greedy,nash
export NZSC_GAMES=2000
export NZSC_SEED=0x5eed

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
	! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
	if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
		say "Slurm or munge is missing and cannot be installed here (want root and apt-get)" >&2
		exit 1
	fi
	say "installing slurm-wlm and munge"
	t0=$(date +%s)
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
	say "installed in $(($(date +%s) - t0)) s"
fi

tmp=$(mktemp -d /tmp/nzsc-slurm.XXXXXX)
chmod 755 "$tmp"
pids=()
cleanup() {
	status=$?
	for f in slurmd.pid slurmctld.pid munge/munged.pid; do
		if [ -f "$tmp/$f" ]; then
			pid=$(cat "$tmp/$f")
			kill "$pid" 2>/dev/null || true
			for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
			kill -9 "$pid" 2>/dev/null || true
		fi
	done
	if [ "$status" != 0 ]; then
		for log in slurmctld.log slurmd.log munge/munged.log; do
			[ -f "$tmp/$log" ] && { echo "--- $log (last lines)"; tail -n 20 "$tmp/$log"; }
		done
	fi
	if [ "${NZSC_SLURM_KEEP:-}" = 1 ] || [ "$status" != 0 ]; then
		say "kept $tmp"
	else
		rm -rf "$tmp"
	fi
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The scripts, word for word from the docs: the fenced block after each
# "<!-- file: NAME" line.
mkdir -p "$tmp/bin" "$tmp/work"
extract() {
	awk -v name="$1" '
		index($0, "<!-- file: " name " ") == 1 || $0 == "<!-- file: " name " -->" { want = 1; next }
		want == 1 && /^```/ { want = 2; next }
		want == 2 && /^```/ { exit }
		want == 2 { print }
	' docs/distributed.md >"$2"
	if [ ! -s "$2" ]; then
		say "docs/distributed.md has no block for $1" >&2
		exit 1
	fi
}
extract nzsc-shard.sh "$tmp/bin/nzsc-shard.sh"
extract shards.sbatch "$tmp/work/shards.sbatch"
extract submit.sh "$tmp/work/submit.sh"
chmod +x "$tmp/bin/nzsc-shard.sh"
go build -o "$tmp/bin/nzsc" ./cmd/nzsc
export PATH="$tmp/bin:$PATH"

# munge, on its own socket and key.
mkdir -p "$tmp/munge"
chmod 700 "$tmp/munge"
mungekey --create --keyfile="$tmp/munge/munge.key" 2>/dev/null ||
	dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
munged --force --socket="$tmp/munge/munge.socket" --key-file="$tmp/munge/munge.key" \
	--pid-file="$tmp/munge/munged.pid" --log-file="$tmp/munge/munged.log" \
	--seed-file="$tmp/munge/munged.seed"

# Slurm: one node, this machine, two CPUs.
mkdir -p "$tmp/state" "$tmp/spool"
export SLURM_CONF="$tmp/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=nzsctest
SlurmctldHost=localhost
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
SchedulerParameters=sched_interval=1
MinJobAge=600
NodeName=localhost NodeHostname=localhost CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -f "$SLURM_CONF" -i
slurmd -f "$SLURM_CONF" -N localhost
for i in $(seq 60); do
	state=$(sinfo -h -n localhost -o %T 2>/dev/null || true)
	[ "$state" = idle ] && break
	[ "$i" = 60 ] && { say "the node did not come up (state '$state')" >&2; exit 1; }
	sleep 1
done
say "cluster up: $(sinfo -h -o '%P %D node(s) %c CPUs %T') ($(sinfo -V))"

# The documented submission, with fewer shards.
cd "$tmp/work"
export HOME="$tmp/home" # the docs' default folder, $HOME/nzsc-results
unset NZSC_OUT
mkdir -p "$HOME"
t0=$(date +%s)
merge_job=$(NZSC_SHARDS=$shards sh submit.sh | tail -n 1)
say "submitted $shards shards and merge job $merge_job"
out="$HOME/nzsc-results"
for i in $(seq 600); do
	if [ -z "$(squeue -h -o %i)" ]; then
		break
	fi
	if squeue -h -j "$merge_job" -o %r 2>/dev/null | grep -q DependencyNeverSatisfied; then
		say "a shard failed; the merge job will never run" >&2
		ls -l "$out" "$out/logs" 2>&1 >&2 || true
		cat slurm-*.out >&2 2>/dev/null || true
		exit 1
	fi
	[ "$i" = 600 ] && { say "the jobs did not finish in 10 minutes" >&2; squeue >&2; exit 1; }
	sleep 1
done
say "jobs done in $(($(date +%s) - t0)) s"
ls "$out"
[ -f "$out/merged/counts.json" ] || { say "no merged run directory" >&2; cat "$out/logs/merge.txt" >&2 2>/dev/null; exit 1; }
grep -q '"complete": *true' "$out/merged/manifest.json" || { say "the merged run is not complete" >&2; exit 1; }
head -n 1 "$out/logs/merge.txt"

# The same tournament on one machine, same seed: the counts must be
# byte for byte the merged ones.
nzsc tournament --quiet --format csv --bots "$NZSC_BOTS" --games "$NZSC_GAMES" \
	--seed "$NZSC_SEED" --out "$tmp/single" >/dev/null
if ! cmp "$out/merged/counts.json" "$tmp/single/counts.json"; then
	say "FAIL: the merged counts differ from the one-machine run's" >&2
	exit 1
fi
games=$(grep -o '"games_done": *[0-9]*' "$out/merged/manifest.json" | head -n 1)
say "ok: $shards shards merged ($games) equal the one-machine run byte for byte; $(($(date +%s) - start)) s in all"
