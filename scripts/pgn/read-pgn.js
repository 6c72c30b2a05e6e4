// read-pgn.js: read PGN on standard input with an independent reader,
// @mliebelt/pgn-parser (a PEG grammar of PGN; it checks the syntax, not a
// chess position, so it reads Surakarta's moves), and print what it read
// as one JSON array: for each game its tags (Date as its text) and its
// moves' text, the comment after each and their move numbers. The package is
// found where NODE_PATH points (scripts/pgn/install.sh installs it).
'use strict';
const {parse} = require('@mliebelt/pgn-parser');
const text = require('fs').readFileSync(0, 'utf8');
const games = parse(text, {startRule: 'games'});
const out = games.map((g) => {
  const tags = {};
  for (const [k, v] of Object.entries(g.tags || {})) {
    if (k === 'messages') continue;
    tags[k] = (v && typeof v === 'object' && 'value' in v) ? v.value : v;
  }
  return {
    tags,
    moves: g.moves.map((m) => m.notation.notation),
    comments: g.moves.map((m) => m.commentAfter || null),
    numbers: g.moves.map((m) => m.moveNumber),
    messages: (g.tags && g.tags.messages || []).concat(g.messages || []),
  };
});
process.stdout.write(JSON.stringify(out));
