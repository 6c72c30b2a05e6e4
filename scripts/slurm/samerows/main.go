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
