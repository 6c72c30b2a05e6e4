#!/usr/bin/env bash
# first-move.sh: the smallest engine for docs/PROTOCOL.md, a shell script
# that plays the first legal move. The rules come from the surakarta
# program (replay for the position, moves for the legal moves), the way an
# author might lean on an existing move generator while writing their own.
#
#   surakarta match --a 'engine:bash scripts/engine/first-move.sh' --b sims=100 --games 10
#
# Usage: first-move.sh [SURAKARTA], SURAKARTA the program (default: surakarta
# on the PATH). Rules given with newgame are passed on to replay.
set -u -f
bin=${1:-surakarta}
start='bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1'
fen=
ruleflags=()
while IFS= read -r line; do
	set -- $line
	case ${1:-} in
	identify)
		printf 'id name first-move.sh\nid author the surakarta docs\nid protocol 1\nok\n' ;;
	setoption)
		echo "error first-move.sh has no options" ;;
	newgame)
		ruleflags=()
		IFS=, read -r -a kvs <<<"${2:-}"
		for kv in "${kvs[@]}"; do ruleflags+=("--${kv%%=*}" "${kv#*=}"); done
		echo ok ;;
	position)
		shift
		if [ "${1:-}" = startpos ]; then from=$start; shift
		elif [ "${1:-}" = fen ] && [ $# -ge 5 ]; then from="$2 $3 $4 $5"; shift 5
		else echo "error position wants startpos or fen FEN"; continue; fi
		[ "${1:-}" = moves ] && shift
		if out=$("$bin" replay "${ruleflags[@]}" --fen "$from" "$@" 2>&1); then
			fen=$(head -n 1 <<<"$out"); echo ok
		else
			echo "error $(tr '\n' ' ' <<<"$out")"
		fi ;;
	go)
		move=$("$bin" moves --fen "$fen" | head -n 1)
		if [ -n "$fen" ] && [ -n "$move" ]; then echo "bestmove $move"; else echo "error no position or no move"; fi ;;
	stop | '') ;;
	quit)
		echo ok; exit 0 ;;
	*)
		echo "error unknown command \"$1\"" ;;
	esac
done
