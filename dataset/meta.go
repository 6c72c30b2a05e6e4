package dataset

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/filelock"
	"github.com/surakarta/surakarta/internal/base/setting"
	buildinfo "github.com/surakarta/surakarta/internal/base/version"
	"github.com/surakarta/surakarta/rules"
)

// Run holds the settings that decide a self-play run's rows. Every file of
// a run carries them in its footer, and each variant partition keeps them
// in a manifest, so that a run (a resumed one, another shard) whose
// settings differ from what a partition holds is refused instead of mixing
// data.
type Run struct {
	SchemaVersion int `json:"schema_version"`
	// Game names the game (game.Game's Name); empty means DefaultGame,
	// as in the runs of schema versions 1 and 2, which did not record it
	// (GameName).
	Game    string `json:"game,omitempty"`
	Variant string `json:"variant"`
	Rules   string `json:"rules"`
	// Engine describes the search settings and evaluator; any text the
	// producer chooses, compared as a string and, when it is a JSON object
	// (selfplay's mcts.Engine.Describe), key by key (Diffs); the manifest
	// holds such an object as an object.
	Engine setting.JSON `json:"engine"`
	Seed   uint64       `json:"seed"`
	// Games is N, the number of games of the whole run (all shards).
	Games         int64 `json:"games"`
	RandomOpening int   `json:"random_opening"`
	// Opening is the procedure that chose the RandomOpening plies
	// (OpeningEnumerated); empty for OpeningRandom, so that the settings
	// of random-opening runs read as they always have.
	Opening string `json:"opening,omitempty"`
	// GameIDs is the selection of a replay run (e.g. "3,17"); empty when the
	// run plays all of 0..Games-1.
	GameIDs string `json:"game_ids,omitempty"`
	// Start describes the positions a match's pairs start from
	// (arena.OpeningsText: a FEN, or a book's count and digest); empty: the
	// standard start.
	Start string `json:"start,omitempty"`
	// TimeControl is the game clock a match was played on, BASE+INC in
	// seconds (match --tc, arena.TimeControl's text), empty for none: the
	// TimeControl tag of its PGN. The engines' texts say the clock too,
	// so it is not part of the run's ID and needs no comparison of its
	// own.
	TimeControl string `json:"time_control,omitempty"`
}

// DefaultGame is the game of a run that names none: Surakarta, the only
// game of schema versions 1 and 2.
var DefaultGame = rules.Rules{}.Name()

// GameName returns the run's game: Game, or DefaultGame when empty.
func (r Run) GameName() string {
	if r.Game == "" {
		return DefaultGame
	}
	return r.Game
}

// SetGame records the game named name (game.Game's Name) as the run's:
// none for DefaultGame, whose runs record none, as before the game was
// named (their manifests and ids stay as they were).
func (r *Run) SetGame(name string) {
	r.Game = ""
	if name != DefaultGame {
		r.Game = name
	}
}

// Partition returns the key of the run's partitions (Key): its variant
// for DefaultGame, "GAME/VARIANT" for another game.
func (r Run) Partition() string { return Key(r.GameName(), r.Variant) }

// ID returns the run's identity as the tables' run_id column holds it:
// 16 hex digits of the SHA-256 of the settings that decide a game's rows
// (game, variant, rules, engine, seed, random opening plies and their
// procedure, a match's start). Games, the game id selection and the schema version are
// left out, so that a run keeps its id when it grows (game i does not
// depend on N), its shards and replays (--game-ids, which write the very
// rows of the run) share it, and a dataset written before the column
// existed reads with the id its run has now; so is DefaultGame, so that
// Surakarta's runs keep the ids they had before the game was recorded. The
// engine description is
// compared as JSON when it is an object, so key order does not matter.
func (r Run) ID() string {
	engine := any(string(r.Engine))
	var obj map[string]any
	dec := json.NewDecoder(strings.NewReader(string(r.Engine)))
	dec.UseNumber() // numbers kept exactly as written
	if strings.HasPrefix(string(r.Engine), "{") && dec.Decode(&obj) == nil {
		engine = obj // marshalled with sorted keys
	}
	game := r.Game
	if game == DefaultGame {
		game = "" // left out: Surakarta's ids stay as they were
	}
	b, _ := json.Marshal(struct {
		Game          string `json:"game,omitempty"`
		Variant       string `json:"variant"`
		Rules         string `json:"rules"`
		Engine        any    `json:"engine"`
		Seed          uint64 `json:"seed"`
		RandomOpening int    `json:"random_opening"`
		Opening       string `json:"opening,omitempty"` // absent for random openings: those ids stay
		Start         string `json:"start,omitempty"`   // absent from the standard start: those ids stay
	}{game, r.Variant, r.Rules, engine, r.Seed, r.RandomOpening, r.Opening, r.Start})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// Diff describes the first setting in which r differs from o, the settings
// already on disk (see Diffs), or returns "" when they agree.
func (r Run) Diff(o Run) string {
	if d := r.Diffs(o); len(d) > 0 {
		return d[0].String()
	}
	return ""
}

// FileMeta is the key-value metadata in the footer of every dataset file.
type FileMeta struct {
	Run
	// Table is TablePositions or TableGames.
	Table string
	// Version and Revision identify the program that wrote the file: its
	// module version and VCS revision ("unknown" when not stamped).
	Version, Revision string
	// Shard and Shards locate the writing run: shard Shard of Shards.
	Shard, Shards int
	// FirstGame and LastGame bound the game ids the file holds, inclusive;
	// a part holds every game of that range.
	FirstGame, LastGame int64
}

// Footer keys. All start with "surakarta." so they never collide with keys
// other tools add.
const (
	keySchemaVersion = "surakarta.schema_version"
	keyTable         = "surakarta.table"
	keyGame          = "surakarta.game" // from schema version 3; absent: DefaultGame
	keyVariant       = "surakarta.variant"
	keyRules         = "surakarta.rules"
	keyEngine        = "surakarta.engine"
	keySeed          = "surakarta.seed"
	keyGames         = "surakarta.games"
	keyRandomOpening = "surakarta.random_opening"
	keyGameIDs       = "surakarta.game_ids"
	keyOpening       = "surakarta.opening"
	keyStart         = "surakarta.start" // only when not empty
	keyShard         = "surakarta.shard"
	keyFirstGame     = "surakarta.first_game"
	keyLastGame      = "surakarta.last_game"
	keyVersion       = "surakarta.version"
	keyRevision      = "surakarta.revision"
)

func (m *FileMeta) keyValues() [][2]string {
	kv := [][2]string{
		{keySchemaVersion, strconv.Itoa(m.SchemaVersion)},
		{keyTable, m.Table},
		{keyGame, m.GameName()},
		{keyVariant, m.Variant},
		{keyRules, m.Rules},
		{keyEngine, string(m.Engine)},
		{keySeed, strconv.FormatUint(m.Seed, 10)},
		{keyGames, strconv.FormatInt(m.Games, 10)},
		{keyRandomOpening, strconv.Itoa(m.RandomOpening)},
		{keyGameIDs, m.GameIDs},
		{keyShard, fmt.Sprintf("%d/%d", m.Shard, m.Shards)},
		{keyFirstGame, strconv.FormatInt(m.FirstGame, 10)},
		{keyLastGame, strconv.FormatInt(m.LastGame, 10)},
		{keyVersion, m.Version},
		{keyRevision, m.Revision},
	}
	if m.Opening != "" { // absent for random openings, as before it was recorded
		kv = append(kv, [2]string{keyOpening, m.Opening})
	}
	if m.Start != "" { // the files of a run from the standard start stay as they were
		kv = append(kv, [2]string{keyStart, m.Start})
	}
	return kv
}

// parseFileMeta reads the footer keys through lookup; a missing or
// malformed key is an error naming it.
func parseFileMeta(lookup func(string) (string, bool)) (FileMeta, error) {
	var m FileMeta
	var errs []error
	str := func(key string) string {
		v, ok := lookup(key)
		if !ok {
			errs = append(errs, fmt.Errorf("footer key %s missing", key))
		}
		return v
	}
	num := func(key string) int64 {
		s := str(key)
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil && s != "" {
			errs = append(errs, fmt.Errorf("footer key %s=%q is not an integer", key, s))
		}
		return v
	}
	m.SchemaVersion = int(num(keySchemaVersion))
	m.Table = str(keyTable)
	m.Game, _ = lookup(keyGame)
	m.Variant = str(keyVariant)
	m.Rules = str(keyRules)
	m.Engine = setting.JSON(str(keyEngine))
	if s := str(keySeed); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			errs = append(errs, fmt.Errorf("footer key %s=%q is not an unsigned integer", keySeed, s))
		}
		m.Seed = v
	}
	m.Games = num(keyGames)
	m.RandomOpening = int(num(keyRandomOpening))
	m.GameIDs, _ = lookup(keyGameIDs)
	m.Opening, _ = lookup(keyOpening)
	m.Start, _ = lookup(keyStart)
	if s := str(keyShard); s != "" {
		if _, err := fmt.Sscanf(s, "%d/%d", &m.Shard, &m.Shards); err != nil {
			errs = append(errs, fmt.Errorf("footer key %s=%q is not i/n", keyShard, s))
		}
	}
	m.FirstGame = num(keyFirstGame)
	m.LastGame = num(keyLastGame)
	m.Version, _ = lookup(keyVersion)
	m.Revision, _ = lookup(keyRevision)
	return m, errors.Join(errs...)
}

// BuildVersion returns the module version and VCS revision of the running
// program (package internal/base/version), written into every footer.
func BuildVersion() (version, revision string) {
	return buildinfo.Module(), buildinfo.VCSRevision()
}

// ManifestName is the run manifest's file name inside each games partition
// (DIR/games/variant=V/_run.json). The leading underscore keeps it out of
// Hive-style readers, and it does not match *.parquet globs.
const ManifestName = "_run.json"

// ManifestPath returns the manifest's path for a partition of dir (its key,
// Key).
func ManifestPath(dir, variant string) string {
	return filepath.Join(PartitionDir(dir, TableGames, variant), ManifestName)
}

// ReadManifest returns the run settings a variant partition of dir holds;
// ok is false when it has none yet.
func ReadManifest(dir, variant string) (r Run, ok bool, err error) {
	path := ManifestPath(dir, variant)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return r, false, nil
	}
	if err != nil {
		return r, false, err
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, false, fmt.Errorf("%s: not a run manifest: %w", path, err)
	}
	return r, true, nil
}

// ClaimPartition checks that the variant partition of dir is empty or holds
// a run with the same settings as r, and records r in its manifest if it
// has none. A partition with data files but no manifest is checked against
// the footer of one of its files. A run of other settings gets a
// *RunMismatchError listing every differing setting.
func ClaimPartition(dir string, r Run) error { return ClaimRun(dir, r, false) }

// ClaimRun is ClaimPartition that, with grow, also accepts a run of more
// games than the partition's (the same run extended: game i does not
// depend on the number of games) and records the new number in the
// manifest. A run of fewer games is refused either way: the partition's
// games beyond them would lie outside it.
func ClaimRun(dir string, r Run, grow bool) error {
	pdir := PartitionDir(dir, TableGames, r.Partition())
	if err := os.MkdirAll(pdir, 0o755); err != nil {
		return err
	}
	l, err := filelock.Wait(filepath.Join(pdir, claimLockName), filelock.Holder())
	if err != nil {
		return err
	}
	defer l.Unlock()
	// Manifests are written only under this lock: a temporary one seen
	// now was left by a killed writer.
	p, err := ReadListing(dir, TableGames, r.Partition())
	if err != nil {
		return err
	}
	for _, t := range p.Temps {
		if t.First < 0 {
			os.Remove(t.Path)
		}
	}
	have, ok, err := ReadManifest(dir, r.Partition())
	if err != nil {
		return err
	}
	if !ok {
		files, err := listParts(dir, TableGames, r.Partition())
		if err != nil {
			return err
		}
		if len(files) > 0 {
			f, err := Open(files[0].Path)
			if err != nil {
				return err
			}
			have, ok = f.Meta.Run, true
			f.Close()
		}
	}
	if ok {
		if d := r.Diffs(have); len(d) > 0 {
			return &RunMismatchError{Partition: pdir, Diffs: d}
		}
		switch {
		case r.Games < have.Games:
			return setting.Errorf("%s holds a run of %d games: give %s (or more, with %s, to extend it)", pdir, have.Games, setting.Set("games", have.Games), setting.Key("resume"))
		case r.Games > have.Games && !grow:
			return setting.Errorf("%s holds a run of %d games: resume it (%s) to extend it to %d", pdir, have.Games, setting.Key("resume"), r.Games)
		case r.Games == have.Games:
			if _, err := os.Stat(ManifestPath(dir, r.Partition())); err == nil {
				return nil
			}
		}
	}
	return atomicfile.WriteJSON(ManifestPath(dir, r.Partition()), r)
}
