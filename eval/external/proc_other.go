//go:build !unix

package external

import "os/exec"

// ownGroup does nothing where process groups are not available.
func ownGroup(*exec.Cmd) {}

// watchGroup does nothing where there are no process groups: an engine
// must exit at the end of its input.
func watchGroup(*exec.Cmd) (stop func()) { return func() {} }

// killGroup kills the engine process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
