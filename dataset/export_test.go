package dataset

// WriteFault gives the external tests the part writers' fault injection
// (writeFault): a test sets it to fail the write of a path, and resets it.
var WriteFault = &writeFault

// The footer's keys, for the external test that reads footers as Arrow
// does.
const (
	KeyTable     = keyTable
	KeySeed      = keySeed
	KeyRules     = keyRules
	KeyFirstGame = keyFirstGame
	KeyLastGame  = keyLastGame
)

// KeyValues gives the external tests the footer's key-value pairs of m
// (keyValues), to write files of another schema under a dataset's footer.
func (m *FileMeta) KeyValues() [][2]string { return m.keyValues() }

// ReadCommit gives the external tests a part's commit record as a resume
// reads it (readCommit).
var ReadCommit = readCommit
