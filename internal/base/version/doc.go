// Package version reports the program's module version and VCS revision, for
// --version and for the provenance written into datasets and weights files.
//
// Files: version.go reads the build's module version and revision (the
// linker's Revision, the VCS stamp, or for go run and go test binaries the
// source tree they were built from).
package version
