#!/bin/sh
# benchcmp.sh OLD NEW: the speed figures issue 23 keeps (two-player random
# games, 3- and 4-player random games, NPZR decisions, the solve) for two
# git revisions of this repository, in one run.
#
# A shared machine's clock is noisy, so each figure is given two ways:
#   - instructions per operation counted by valgrind's callgrind
#     (GOMAXPROCS=1, GODEBUG=asyncpreemptoff=1), the difference between
#     -test.benchtime N2x and N1x runs of the same test binary divided by
#     N2-N1, so that process start and a benchmark's setup cancel (the
#     whole solve, about 4 s of CPU, would take hours under callgrind on a
#     busy machine: it is timed only, its core, one loadout pairing's
#     move phase, is counted);
#   - CPU time per operation (user+sys of the process by /usr/bin/time over
#     a fixed -test.benchtime Nx, about a second of CPU on an idle core, as
#     /usr/bin/time counts in hundredths; GOMAXPROCS=1) and go test's sec/op, both
#     builds run in turn (old, new, old, new ...) COUNT times, summarised
#     by benchstat (golang.org/x/perf/cmd/benchstat, run with go run).
# It prints the load average before and after. Output: OUT (default
# ./benchcmp.out), one file per part. Environment: COUNT (default 8),
# PARTS ("callgrind time", default both), ONLY (an extended regular
# expression: the names of the list below to run alone), SET (below).
set -eu
[ $# -eq 2 ] || { echo "usage: scripts/benchcmp.sh OLD NEW" >&2; exit 2; }
old=$1 new=$2
count=${COUNT:-8}
parts=${PARTS:-callgrind time}
out=${OUT:-$PWD/benchcmp.out}
root=$(git rev-parse --show-toplevel)
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The benchmarks: name, test binary, -test.bench pattern, N1, N2 (callgrind),
# N (timing). SET=issue23 (the default) is issue 23's figures; SET=bots
# is issue 26's: a turn through the bot interfaces (random against
# random, with the table's own picks, asked through the interface with
# its legal set and from its listed choices, and against greedy), the
# engine's own Legal and Step loop (StepGame), and an mcts iteration. A
# benchmark that a revision does not have (TableTurnGreedy before issue
# 26's second pass, TableTurnMask before its fourth, TableTurnList
# before its sixth, PlayerTableGame before the seventh) is reported as "-" for
# it. PlayerTableGame is a game of 3- or 4-player NZSC or of NPZR
# through PlayerTable; MCTSDecision a 4-player mcts decision of 1000
# iterations.
issue23='
nzsc-2p-random-game nzsc ^BenchmarkRandomGame$ 20000 120000 5000000
nzscn-3p-random-game nzscn ^BenchmarkRandomGame3$ 5000 30000 3000000
nzscn-4p-random-game nzscn ^BenchmarkRandomGame4$ 5000 30000 2000000
npzr-random-decision npzr ^BenchmarkRandomDecision$ 20000 120000 10000000
npzr-greedy-decision npzrbots ^BenchmarkDecision$/^greedy$ 200 1200 300000
npzr-pimc-decision npzrbots ^BenchmarkDecision$/^pimc$ 10 40 2000
npzr-ismcts-decision npzrbots ^BenchmarkDecision$/^ismcts$ 4 16 400
solve-one-pairing solve ^BenchmarkSolveMovesSmall$ 2 12 250
solve-whole-game solve ^BenchmarkSolve$ 0 0 1
'
bots='
table-turn nzscbots ^BenchmarkTableTurn$ 2000 12000 2000000
table-turn-mask nzscbots ^BenchmarkTableTurnMask$ 2000 12000 2000000
table-turn-list nzscbots ^BenchmarkTableTurnList$ 2000 12000 2000000
table-turn-greedy nzscbots ^BenchmarkTableTurnGreedy$ 1000 6000 500000
step-game nzsc ^BenchmarkStepGame$ 2000 12000 1000000
playertable-turn nzscbots ^BenchmarkPlayerTableTurn$ 500 3000 1000000
mcts-iteration nzscbots ^BenchmarkMCTSIteration$ 4 24 5000
playertable-game-3 agents ^BenchmarkPlayerTableGame$/^nzsc3$ 500 3000 200000
playertable-game-4 agents ^BenchmarkPlayerTableGame$/^nzsc4$ 300 1800 150000
playertable-game-npzr agents ^BenchmarkPlayerTableGame$/^npzr$ 50 300 15000
mcts-decision-4 nzscnbots ^BenchmarkMCTSDecision$ 2 8 300
'
case ${SET:-issue23} in
issue23) list=$issue23 ;;
bots) list=$bots ;;
*) echo "benchcmp.sh: SET=$SET is not issue23 or bots" >&2; exit 2 ;;
esac

# build REV DIR: the test binaries of REV that the list runs. Two-player
# NZSC's engine and bots are engine/nzsc and agents/nzsc after issue
# 23's move, engine and agents before it.
build() {
	mkdir -p "$2/src"
	git -C "$root" archive "$1" | tar -x -C "$2/src"
	e2=engine a2=agents
	[ -d "$2/src/engine/nzsc" ] && e2=engine/nzsc
	[ -d "$2/src/agents/nzsc" ] && a2=agents/nzsc
	for b in $(echo "$list" | awk '{print $2}' | sort -u); do
		case $b in
		nzsc) p=$e2 ;;
		nzscbots) p=$a2 ;;
		nzscn) p=engine/nzscn ;;
		npzr) p=engine/npzr ;;
		npzrbots) p=agents/npzr ;;
		solve) p=analysis/solve ;;
		agents) p=agents ;;
		nzscnbots) p=agents/nzscn ;;
		esac
		(cd "$2/src" && go test -c -o "$2/$b.test" "./$p")
	done
}
build "$old" "$work/old"
build "$new" "$work/new"

# count BIN PATTERN N: the instructions callgrind counts in one run of
# BIN's benchmark PATTERN for N operations.
count() {
	pat=$2 n=$3
	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
		--callgrind-out-file=/dev/null "$1" -test.run '^$' \
		-test.bench "$pat" -test.benchtime "${n}x" 2>&1 |
		sed -n 's/^==[0-9]*== Collected : //p'
}

# has BIN PATTERN: whether BIN has the benchmark PATTERN names (its part
# before a sub-benchmark's slash).
has() {
	"$1" -test.list "${2%%/*}" | grep -q .
}

echo "load average before: $(cat /proc/loadavg)" | tee "$out/load"
if echo "$parts" | grep -q callgrind; then
	printf '%-24s %14s %14s %8s\n' benchmark old-instr/op new-instr/op new/old | tee "$out/callgrind"
	echo "$list" | while read -r name bin pat n1 n2 nt; do
		[ -n "$name" ] || continue
		[ -z "${ONLY:-}" ] || echo "$name" | grep -Eq "^($ONLY)\$" || continue
		[ "$n2" -gt 0 ] || continue # timed only: too long under callgrind
		for side in old new; do
			if ! has "$work/$side/$bin.test" "$pat"; then
				echo - >"$work/$side.ir"
				continue
			fi
			a=$(count "$work/$side/$bin.test" "$pat" "$n1")
			b=$(count "$work/$side/$bin.test" "$pat" "$n2")
			echo $(((b - a) / (n2 - n1))) >"$work/$side.ir"
		done
		o=$(cat "$work/old.ir") n=$(cat "$work/new.ir")
		if [ "$o" = - ] || [ "$n" = - ]; then
			printf '%-24s %14s %14s %8s\n' "$name" "$o" "$n" - | tee -a "$out/callgrind"
			continue
		fi
		printf '%-24s %14d %14d %8.4f\n' "$name" "$o" "$n" "$(echo "$n / $o" | bc -l)" | tee -a "$out/callgrind"
	done
fi
if echo "$parts" | grep -q time; then
	: >"$out/old.txt"
	: >"$out/new.txt"
	for i in $(seq "$count"); do
		echo "$list" | while read -r name bin pat n1 n2 nt; do
			[ -n "$name" ] || continue
			[ -z "${ONLY:-}" ] || echo "$name" | grep -Eq "^($ONLY)\$" || continue
			for side in old new; do
				has "$work/$side/$bin.test" "$pat" || continue
				# The result line gets the process's CPU per operation.
				GOMAXPROCS=1 /usr/bin/time -f '%U %S' -o "$work/cpu" \
					"$work/$side/$bin.test" -test.run '^$' -test.bench "$pat" \
					-test.benchtime "${nt}x" >"$work/res"
				cpu=$(awk '{print $1 + $2}' "$work/cpu")
				sed -n "s/^Benchmark[^[:space:]]*\(.*\)$/Benchmark$name\1/p" "$work/res" | grep -v '^$' |
					awk -v cpu="$cpu" -v n="$nt" '{print $0 "\t" cpu * 1e9 / (n + (n > 1)) " cpu-ns/op"}' >>"$out/$side.txt"
			done
		done
	done
	go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da \
		"$out/old.txt" "$out/new.txt" | tee "$out/benchstat"
fi
echo "load average after: $(cat /proc/loadavg)" | tee -a "$out/load"
