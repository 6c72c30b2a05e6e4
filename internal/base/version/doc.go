// Package version reports the program's module version and VCS revision, for
// --version and for the provenance written into datasets and weights files,
// and finds the module's checkout.
//
// Files: version.go reads the build's module version and revision (the
// linker's Revision, the VCS stamp, or for go run and go test binaries the
// source tree they were built from); checkout.go the module's path and
// the checkout a directory lies in (Checkout: docs finds docs/CLI.md).
package version
