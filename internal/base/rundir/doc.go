// Package rundir gives a command that writes a run directory (train,
// experiment run, pipeline) that directory for itself: one writer at a
// time, by a lock file (internal/base/filelock) taken before anything is read
// or written there, so that a second writer is refused with its holder's
// pid and command line; the refusal of a directory that holds something
// else, saying what is there and that no run is writing it; and the
// removal, once the lock is held, of the temporary files a killed writer
// left (internal/base/atomicfile), said once in a note.
//
// Files: rundir.go all of it.
package rundir
