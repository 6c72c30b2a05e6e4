// Package archtest holds the test that keeps docs/ARCHITECTURE.md true: it
// reads the package table there and checks every project package's imports
// against it (a "standard library only" row admits no third-party module),
// and the packages in its never list against what they must not depend on
// even indirectly; and it checks the floors the table's headings state: no
// package's code imports one on a floor above its own or test support, and
// a floor that names a folder holds exactly that folder's packages. It
// also holds the house's bounds on length: no non-test function over 80
// lines and no non-test file over 600, but for the exceptions
// length_test.go lists with their reasons (a list that only shrinks), and
// no package over 4,000 non-test lines, but for those size_test.go lists;
// and
// that only commands name flags (flags_test.go: no string of a non-test
// file outside cmd/ names one of ours). The package has no code of its
// own.
package archtest
