// Command samerows checks that two datasets hold the same rows: every
// games row and every positions row, compared field by field in the order
// the readers give them (variant, game id, ply). scripts/slurm/local-cluster-test.sh
// uses it to show that the union of a Slurm array's shards is the
// single-process run of the same seed; the files themselves differ (their
// footers record each writer's shard), the rows must not.
//
//	go run ./scripts/slurm/samerows DIR_A DIR_B
//
// It streams both datasets side by side, so memory does not grow with
// them. Exit status: 0 when the rows are the same, 1 when they differ (the
// first difference is printed), 2 on a usage error or a dataset that
// cannot be read.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: samerows DIR_A DIR_B   (two datasets that should hold the same rows)")
		os.Exit(2)
	}
	a, b := os.Args[1], os.Args[2]
	res, err := compare(a, b)
	if err != nil {
		fmt.Fprintf(os.Stderr, "samerows: %v\n", err)
		os.Exit(2)
	}
	if res.diff != "" {
		fmt.Fprintf(os.Stderr, "samerows: %s and %s differ: %s\n", a, b, res.diff)
		os.Exit(1)
	}
	fmt.Printf("samerows: %s and %s hold the same rows: %d games, %d positions\n", a, b, res.games, res.positions)
}
