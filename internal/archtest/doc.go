// Package archtest holds the test that keeps docs/ARCHITECTURE.md true: it
// reads the package table there and checks every project package's imports
// against it. The package has no code of its own.
package archtest
