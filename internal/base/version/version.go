package version

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// Revision may be set at link time: -ldflags "-X github.com/surakarta/surakarta/internal/base/version.Revision=abc123".
var Revision string

var (
	once     sync.Once
	module   = "(devel)"
	revision = "unknown"
)

func load() {
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			module = bi.Main.Version
		}
		dirty := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if revision != "unknown" && dirty {
			revision += "+dirty"
		}
	}
	if Revision != "" {
		revision = Revision
		return
	}
	if revision == "unknown" && builtByGoCommand() {
		revision = fromSourceTree()
	}
}

// builtByGoCommand reports whether this program is a binary that "go run" or
// "go test" built for this run, in the go command's temporary build
// directory. Only then is the source tree it was compiled from, read now,
// the tree it was built from: an installed binary built without a VCS stamp
// (-buildvcs=false) may run long after that tree has moved on, so it says
// "unknown" rather than name a later commit.
func builtByGoCommand() bool {
	exe, err := os.Executable()
	return err == nil && inGoBuildDir(exe)
}

// inGoBuildDir reports whether path lies in a directory the go command made
// for a build (its temporary directories are named go-build and digits).
func inGoBuildDir(path string) bool {
	for _, part := range strings.Split(filepath.ToSlash(path), "/") {
		digits, ok := strings.CutPrefix(part, "go-build")
		if ok && digits != "" && strings.Trim(digits, "0123456789") == "" {
			return true
		}
	}
	return false
}

// fromSourceTree asks git about the tree this file was compiled from, which
// covers "go run" and "go test" when VCS stamping is off (-buildvcs=false).
func fromSourceTree() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "unknown"
	}
	dir := filepath.Dir(file)
	out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	rev := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", dir, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(strings.TrimSpace(string(st))) > 0 {
		rev += "+dirty"
	}
	return rev
}

// Module returns the main module's version, "(devel)" for a source build.
func Module() string { once.Do(load); return module }

// VCSRevision returns the commit the program was built from, with "+dirty"
// when the tree had uncommitted changes, or "unknown".
func VCSRevision() string { once.Do(load); return revision }

// String returns "MODULE (REVISION)".
func String() string { return Module() + " (" + VCSRevision() + ")" }
