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
//
// Files: main.go reads the arguments and sets the exit status; compare.go
// streams the two datasets side by side and finds the first difference.
package main
