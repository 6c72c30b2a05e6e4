//go:build unix

package filelock

import (
	"errors"
	"os"
	"syscall"
)

var errWouldBlock = syscall.EWOULDBLOCK

func flock(f *os.File, wait bool) error {
	how := syscall.LOCK_EX | syscall.LOCK_NB
	if wait {
		how = syscall.LOCK_EX
	}
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
