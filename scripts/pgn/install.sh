#!/usr/bin/env bash
# install.sh [DIR]: install the independent PGN reader that eval/arena's
# TestPGNReadByAnIndependentReader reads surakarta's PGN with:
# @mliebelt/pgn-parser from npm (a PEG grammar of PGN that checks the
# syntax, not a chess position), pinned, into DIR (default
# $SURAKARTA_PGN_PARSER, else ~/.cache/surakarta-pgn-parser). It needs
# node and npm; the test skips, naming this script, where the reader is
# not installed. .ci/run runs it before go test.
set -euo pipefail
dir=${1:-${SURAKARTA_PGN_PARSER:-$HOME/.cache/surakarta-pgn-parser}}
version=1.4.19
if [[ -f $dir/node_modules/@mliebelt/pgn-parser/package.json ]] &&
	grep -q "\"version\": \"$version\"" "$dir/node_modules/@mliebelt/pgn-parser/package.json"; then
	exit 0
fi
mkdir -p "$dir"
npm install --prefix "$dir" --no-audit --no-fund --silent "@mliebelt/pgn-parser@$version"
