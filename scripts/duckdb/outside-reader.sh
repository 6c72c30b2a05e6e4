#!/usr/bin/env bash
# outside-reader.sh DIR: read a dataset as an outside program does, with
# DuckDB through the README's globs, and check that it sees what surakarta
# sees. It catches what only a reader with its own Parquet implementation
# meets: a stray copy of a part that the glob reads twice, footer statistics
# that make a filtered query skip pages holding matching rows, a column a
# reader cannot decode.
#
# One glob reads every partition of every game (TABLE/game=*/variant=*/,
# schema version 3: Surakarta's and Alquerque's datasets in one DIR, or
# either alone). Checks, per game and variant partition:
#   1. the README's outcome query (games by outcome: first, second, draw)
#      gives exactly the wins, draws and games of `surakarta stats DIR
#      --json` (Alquerque's partitions are its alquerque/VARIANT);
#   2. every game id appears once in the games table and the positions
#      table holds one row per searched ply of each game (no part read
#      twice);
#   3. a lookup by fen (WHERE fen = ..., which trusts the footer statistics)
#      finds the rows a full scan finds, for positions sampled across every
#      part;
#   4. the safe join of docs/DATASET.md, positions to games on (run_id,
#      game_id), counts every position once (over every game and variant),
#      each played move's policy entry carries the move column's notation,
#      and Surakarta's own columns are NULL exactly in another game's rows.
#
# DuckDB comes from npm (@duckdb/node-api), installed once into
# $DUCKDB_DIR (default ~/.cache/surakarta-duckdb); it needs node and npm.
# Not part of go test: run it on a dataset you are about to publish.
#
#   go run ./cmd/surakarta pipeline && scripts/duckdb/outside-reader.sh out/data
#
# Environment: SURAKARTA, the surakarta binary (default: built from this
# checkout). Exit status 0 when DuckDB agrees, 1 when it does not, 2 on a
# usage error.
set -euo pipefail

[[ $# -eq 1 ]] || { echo "usage: scripts/duckdb/outside-reader.sh DIR   (a dataset: the games/ and positions/ tables)" >&2; exit 2; }
dir=$1
[[ -d $dir/games ]] || { echo "outside-reader: $dir has no games/ table: give a dataset directory (pipeline: OUT/data; selfplay: its --out)" >&2; exit 2; }
command -v node >/dev/null && command -v npm >/dev/null || { echo "outside-reader: node and npm are needed for DuckDB's npm package" >&2; exit 2; }

top=$(cd "$(dirname "$0")/../.." && pwd)
duck=${DUCKDB_DIR:-$HOME/.cache/surakarta-duckdb}
if [[ ! -d $duck/node_modules/@duckdb/node-api ]]; then
  mkdir -p "$duck"
  echo "outside-reader: installing @duckdb/node-api into $duck" >&2
  (cd "$duck" && npm install --silent --no-audit --no-fund @duckdb/node-api >/dev/null)
fi
bin=${SURAKARTA:-}
if [[ -z $bin ]]; then
  bin=$(mktemp -d)/surakarta
  (cd "$top" && go build -o "$bin" ./cmd/surakarta)
fi

# --allow-damaged: compare what each reader makes of the files even when
# surakarta would refuse them; dataset verify says why it does.
stats=$("$bin" stats "$dir" --json --allow-damaged 2>/dev/null)
abs=$(cd "$dir" && pwd)
# The check lives beside DuckDB's node_modules: ES modules resolve packages
# from the importing file's directory, not from NODE_PATH.
check=$duck/outside-reader.mjs
cat >"$check" <<'EOF'
import { DuckDBInstance } from '@duckdb/node-api';

const dir = process.env.DATA;
const stats = JSON.parse(process.env.STATS);
const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
const rows = async (q) => (await c.runAndReadAll(q)).getRowObjectsJson();
const games = `read_parquet('${dir}/games/game=*/variant=*/*.parquet', hive_partitioning = true)`;
const positions = `read_parquet('${dir}/positions/game=*/variant=*/*.parquet', hive_partitioning = true, filename = true)`;
// stats names Surakarta's partitions by their variant, another game's by
// GAME/VARIANT (dataset.Key).
const key = (r) => (r.game === 'surakarta' ? r.variant : `${r.game}/${r.variant}`);
let failures = 0;
const fail = (msg) => { failures++; console.log(`FAIL ${msg}`); };

// 1. The README's outcome query against stats.
const outcome = await rows(`SELECT game, variant, outcome, count(*) AS games FROM ${games} GROUP BY ALL`);
if (new Set(outcome.map(key)).size !== stats.variants.length) fail(`DuckDB reads the partitions ${[...new Set(outcome.map(key))]}, stats ${stats.variants.map((v) => v.variant)}`);
for (const v of stats.variants) {
  const seen = { first: 0, second: 0, draw: 0 };
  for (const r of outcome.filter((r) => key(r) === v.variant)) seen[r.outcome] = Number(r.games);
  const want = { first: v.red_wins, second: v.black_wins, draw: v.draws };
  const ok = seen.first === want.first && seen.second === want.second && seen.draw === want.draw;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${v.variant}: DuckDB first-draw-second ${seen.first}-${seen.draw}-${seen.second}, stats ${want.first}-${want.draw}-${want.second}`);
  if (!ok) failures++;
}

// 2. Each game once, and the positions table's rows per game.
for (const r of await rows(`SELECT game, variant, count(*) AS n, count(DISTINCT game_id) AS ids FROM ${games} GROUP BY ALL ORDER BY ALL`)) {
  if (r.n !== r.ids) fail(`${key(r)}: the games glob reads ${r.n} rows for ${r.ids} game ids (a part read twice?)`);
  else console.log(`ok   ${key(r)}: ${r.n} games, each once`);
}
const dup = await rows(`SELECT game, variant, game_id, ply, count(*) AS n FROM ${positions} GROUP BY ALL HAVING count(*) > 1 LIMIT 3`);
if (dup.length > 0) fail(`positions rows read more than once, e.g. ${JSON.stringify(dup)}`);
else console.log('ok   positions: every (game, variant, game id, ply) once');

// 3. Lookups by fen find what a full scan finds, in every part.
const samples = await rows(`SELECT game, variant, filename, any_value(fen ORDER BY game_id, ply) AS fen FROM ${positions} GROUP BY ALL`);
let looked = 0;
for (const s of samples) {
  const fen = s.fen.replaceAll("'", "''");
  const [byFilter] = await rows(`SELECT count(*) AS n FROM ${positions} WHERE fen = '${fen}'`);
  const [byScan] = await rows(`SELECT sum(CASE WHEN fen = '${fen}' THEN 1 ELSE 0 END) AS n FROM ${positions}`);
  if (byFilter.n !== byScan.n) fail(`WHERE fen = '${s.fen}' finds ${byFilter.n} rows, a full scan ${byScan.n} (footer statistics of ${s.filename}?)`);
  looked++;
}
console.log(`${failures === 0 ? 'ok  ' : 'done'} fen lookups: ${looked} positions, one from each part`);

// 4. The safe join of docs/DATASET.md: positions to their games on
// (run_id, game_id) counts every position once, whatever the variants and
// runs the globs read; game_id alone pairs each position with every run's
// game of that number. And each played move's policy entry is named as
// the move column names it.
const [all] = await rows(`SELECT count(*) AS n FROM ${positions}`);
const [joined] = await rows(`SELECT count(*) AS n FROM ${positions} p JOIN ${games} g USING (run_id, game_id)`);
const [runs] = await rows(`SELECT count(DISTINCT run_id) AS n FROM ${games}`);
if (joined.n !== all.n) fail(`the join on (run_id, game_id) gives ${joined.n} rows for ${all.n} positions`);
else console.log(`ok   join on (run_id, game_id): ${joined.n} positions, each once, over ${runs.n} run(s)`);
const [naive] = await rows(`SELECT count(*) AS n FROM ${positions} p JOIN ${games} g USING (game_id)`);
console.log(`     (a join on game_id alone gives ${naive.n} rows${naive.n !== all.n ? ': it double-counts' : ''})`);
const [unnamed] = await rows(`SELECT count(*) AS n FROM ${positions} p WHERE len(list_filter(p.policy, e -> e.action IS NOT DISTINCT FROM p.move_index AND e.move = p.move)) <> 1`);
if (Number(unnamed.n) !== 0) fail(`${unnamed.n} positions whose played move's policy entry is not named as the move column names it`);
else console.log('ok   policy: every played move\'s entry carries its notation');
// Surakarta's own columns: never NULL in its rows, always in another
// game's (red_pieces 0 is a value: a side that lost every piece).
for (const r of await rows(`SELECT game, count(*) AS n, count(red) AS red, count(move_index) AS idx FROM ${positions} GROUP BY ALL ORDER BY ALL`)) {
  const want = r.game === 'surakarta' ? Number(r.n) : 0;
  if (Number(r.red) !== want || Number(r.idx) !== want) fail(`${r.game}: ${r.red} positions with red and ${r.idx} with move_index of ${r.n}: want ${want}`);
  else console.log(`ok   ${r.game}: Surakarta's columns ${want === 0 ? 'NULL' : 'present'} in all ${r.n} positions`);
}
for (const r of await rows(`SELECT game, count(*) AS n, count(red_pieces) AS pieces, count(*) FILTER (WHERE red_pieces = 0 OR black_pieces = 0) AS emptied FROM ${games} GROUP BY ALL ORDER BY ALL`)) {
  const want = r.game === 'surakarta' ? Number(r.n) : 0;
  if (Number(r.pieces) !== want) fail(`${r.game}: ${r.pieces} games with red_pieces of ${r.n}: want ${want}`);
  else console.log(`ok   ${r.game}: piece counts ${want === 0 ? 'NULL' : 'present'} in all ${r.n} games (${r.emptied} with a side at 0)`);
}
process.exit(failures === 0 ? 0 : 1);
EOF
STATS=$stats DATA=$abs node "$check"
