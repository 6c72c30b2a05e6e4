// Package filelock gives a process exclusive use of a lock file: one
// writer of a run directory at a time. The lock is an flock(2) on the file,
// so the kernel releases it when the process exits, however it exits: a
// lock file left by a crashed writer is stale and taken over by the next.
// The file holds a line describing its holder (process, host, start,
// command), which the error of a refused writer quotes.
//
// On systems without flock (Windows), TryLock always succeeds: runs there
// are not protected against a second writer.
//
// Files: filelock.go takes and releases a lock (TryLock, Wait) and writes
// and quotes its holder's line; flock_unix.go is flock(2), flock_other.go
// the systems without it.
package filelock
