//go:build unix

package external

import (
	"os/exec"
	"testing"
	"time"

	"github.com/surakarta/surakarta/internal/testing/enginetest"
)

// TestWatchdogEndsTheEngineWhenTheMatchGoes: once the match's end of the
// watchdog's pipe closes, as when the match dies, the watchdog kills the
// engine's group, an engine that ignores the end of its input included.
func TestWatchdogEndsTheEngineWhenTheMatchGoes(t *testing.T) {
	s := simple(t, enginetest.Deaf)
	cmd := exec.Command(s.Argv[0], s.Argv[1:]...)
	cmd.SysProcAttr = nil
	ownGroup(cmd)
	in, err := cmd.StdinPipe() // kept open: only the watchdog can end it
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stop := watchdog(cmd)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		t.Fatalf("the engine ended before the match did: %v", err)
	case <-time.After(200 * time.Millisecond):
	}
	stop()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		killGroup(cmd)
		t.Fatal("the engine outlived the match's end of the watchdog pipe")
	}
}
