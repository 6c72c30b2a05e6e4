//go:build unix

package eval

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkOpenShippedModel is what the first open of the shipped model
// costs a command (its compact form read from the binary, checked and
// decoded, its tables built): the figure docs/BENCHMARKS.md holds against
// the 50 ms budget of a command's start. Each iteration decodes afresh, as
// a new process does. cpu-ms/op is the process's CPU time (getrusage),
// which a loaded machine does not inflate as it does the wall time.
func BenchmarkOpenShippedModel(b *testing.B) {
	benchmarkCPU(b, func() error {
		data, err := modelFiles.ReadFile("models/" + ShippedModel + ".bin")
		if err != nil {
			return err
		}
		if _, err := modelBinIdentity(data); err != nil {
			return err
		}
		_, err = decodeModelBin(data)
		return err
	})
}

// BenchmarkLoadShippedModelJSON is the same open from the model's JSON
// file (read, hashed for its identity, decoded): what the binary did
// before it held the compact form, and what opening a model file costs.
func BenchmarkLoadShippedModelJSON(b *testing.B) {
	path := filepath.Join("models", ShippedModel+".json")
	benchmarkCPU(b, func() error {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		_ = fileIdentity(data)
		_, err = loadFile(data)
		return err
	})
}

// benchmarkCPU runs f once an iteration, reporting allocations and the
// process's CPU time an iteration (cpu-ms/op).
func benchmarkCPU(b *testing.B, f func() error) {
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		if err := f(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// cpuTime is the process's user and system time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
