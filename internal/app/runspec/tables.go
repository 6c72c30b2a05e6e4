package runspec

import (
	"encoding/json"
	"strings"

	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// A run whose engine searches with endgame tables records what they hold
// beside the directory its tablebase setting names: the directory is where
// they were, the identity (tablebase.Identity: the rules' tag and the
// pieces they answer for, "standard up to 4 pieces") is which tables played,
// so that the same directory holding other tables on a resume makes the
// run's settings differ rather than change its games silently. Without
// tables a run records its engine as runs always have.

// TablesIdentity is what the tables e searches with hold under rules r
// (tablebase.Identity), "" when it searches with none.
func TablesIdentity(e mcts.Engine, r rules.Rules) string {
	if e.Tablebase == "" {
		return ""
	}
	return tablebase.Identity(e.Tablebase, r)
}

// DescribeWithTables is e's description (mcts.Engine.Describe) as a run
// records it: with "tables", the identity of the tables it searches with
// (TablesIdentity), unless tables is "".
func DescribeWithTables(e mcts.Engine, tables string) string {
	d := e.Describe()
	if tables == "" {
		return d
	}
	id, _ := json.Marshal(tables)
	return d[:len(d)-1] + `,"tables":` + string(id) + "}"
}

// TablesSuffix is what a run's engine text (mcts.Engine.Text) records
// after the settings for the tables' identity: "; tables: standard up to
// 4 pieces", or "" for none. CutTables takes it off.
func TablesSuffix(tables string) string {
	if tables == "" {
		return ""
	}
	return tablesMark + tables
}

const tablesMark = "; tables: "

// CutTables splits an engine text that may end with TablesSuffix into the
// settings' text and the tables' identity ("" for none).
func CutTables(text string) (settings, tables string) {
	settings, tables, _ = strings.Cut(text, tablesMark)
	return settings, tables
}
