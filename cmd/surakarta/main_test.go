package main

import (
	"os"
	"testing"

	"github.com/surakarta/surakarta/internal/testing/enginetest"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// childEnv, set in the environment, makes the test binary a child program
// instead of running the tests: "simple MODE..." runs the simple test
// engine (package internal/testing/enginetest), anything else the surakarta CLI
// with those arguments. Tests drive `surakarta engine` and external
// engines through real pipes this way.
const childEnv = "SURAKARTA_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		if len(os.Args) > 1 && os.Args[1] == "simple" {
			os.Exit(enginetest.Main(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
		}
		ctx, stop := signalContext()
		status := runMain(ctx, os.Args[1:])
		stop()
		os.Exit(status)
	}
	// The default tables directory of every command the tests run (their
	// children inherit it): never the user's cache. Both variants' 4-piece
	// tables are built first, so that every command (and the engine, which
	// builds none) sees them whatever order the tests run in.
	tables, err := os.MkdirTemp("", "surakarta-tables-")
	if err != nil {
		panic(err)
	}
	os.Setenv(tablebase.EnvDir, tables)
	for _, v := range []rules.Variant{rules.Standard, rules.Majority} {
		r := rules.DefaultRules()
		r.Variant = v
		if _, err := tablebase.Build(tables, tablebase.BuildOptions{Rules: r, Pieces: tablebase.AutoPieces}); err != nil {
			panic(err)
		}
	}
	status := m.Run()
	os.RemoveAll(tables)
	os.Exit(status)
}

// childCommand returns the command line that runs the test binary as the
// surakarta CLI with args (or, with "simple" first, as the simple engine),
// for engine: sides; it sets childEnv for the test's children.
func childCommand(t *testing.T, args string) string {
	t.Helper()
	t.Setenv(childEnv, "1")
	return "'" + os.Args[0] + "' " + args
}
