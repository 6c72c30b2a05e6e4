package version

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckoutFindsTheModulesGoModAbove: from a directory below it, the
// checkout is the nearest directory whose go.mod declares the module,
// another module's go.mod on the way passed over; outside one, an error
// says so.
func TestCheckoutFindsTheModulesGoModAbove(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("module \""+ModulePath+"\"\n\ngo 1.26.0\n"), 0o644)
	os.WriteFile(filepath.Join(deep, "go.mod"), []byte("module example.com/other\n"), 0o644)
	if got, err := Checkout(deep); err != nil || got != root {
		t.Errorf("from %s: %q, %v; want %q", deep, got, err, root)
	}
	if _, err := Checkout(t.TempDir()); err == nil || !strings.Contains(err.Error(), "is not inside a surakarta checkout") {
		t.Errorf("outside a checkout: %v", err)
	}
	here, _ := os.Getwd()
	if got, err := Checkout(here); err != nil || got != filepath.Clean(filepath.Join(here, "..", "..", "..")) {
		t.Errorf("this package's checkout: %q, %v", got, err)
	}
}
