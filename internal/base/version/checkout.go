package version

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ModulePath is the module's path, as its go.mod declares it.
const ModulePath = "github.com/surakarta/surakarta"

// Checkout returns the root of the checkout of the module that holds dir:
// the nearest directory at or above dir whose go.mod declares ModulePath
// (another module's go.mod on the way is passed over).
func Checkout(dir string) (string, error) {
	for d := dir; ; {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && declaresModule(b, ModulePath) {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("%s is not inside a surakarta checkout (no go.mod of %s above it)", dir, ModulePath)
		}
		d = parent
	}
}

// declaresModule reports whether the go.mod text declares module path.
func declaresModule(gomod []byte, path string) bool {
	for _, line := range strings.Split(string(gomod), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" && strings.Trim(f[1], `"`) == path {
			return true
		}
	}
	return false
}
