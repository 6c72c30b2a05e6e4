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
