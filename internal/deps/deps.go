//go:build tools

// Package deps pins the project's third-party modules while packages that use
// them are being written.
package deps

import (
	_ "github.com/apache/arrow-go/v18/parquet/file"
	_ "github.com/parquet-go/parquet-go"
	_ "github.com/spf13/cobra"
	_ "github.com/vbauerster/mpb/v8"
	_ "go.yaml.in/yaml/v3"
	_ "golang.org/x/term"
	_ "gonum.org/v1/gonum/mat"
	_ "gonum.org/v1/plot"
)
