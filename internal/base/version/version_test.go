package version

import (
	"strings"
	"testing"
)

func TestStringNamesModuleAndRevision(t *testing.T) {
	s := String()
	if !strings.Contains(s, Module()) || !strings.Contains(s, VCSRevision()) {
		t.Fatalf("String() = %q does not contain module %q and revision %q", s, Module(), VCSRevision())
	}
	if VCSRevision() == "" {
		t.Fatal("VCSRevision is empty: want a commit or \"unknown\"")
	}
}

// TestGoTestBinariesReadTheirSourceTree checks that a binary built by "go
// test" (in the go command's build directory) is recognised as one, so that
// it may take its revision from the source tree when it carries no VCS stamp,
// and that a path outside such a directory is not.
func TestGoTestBinariesReadTheirSourceTree(t *testing.T) {
	if !builtByGoCommand() {
		t.Fatal("this go test binary is not recognised as built by the go command")
	}
	for path, want := range map[string]bool{
		"/tmp/go-build2019516310/b001/exe/surakarta": true,
		"/tmp/go-build3733729353/b125/version.test":  true,
		"/root/go/bin/surakarta":                     false,
		"/work/studybin/sk":                          false,
		"/home/u/go-builder/bin/sk":                  false,
	} {
		if got := inGoBuildDir(path); got != want {
			t.Errorf("inGoBuildDir(%q) = %v, want %v", path, got, want)
		}
	}
}
