package alquerque

import "fmt"

// errorf builds the package's user-facing errors; messages are lowercase
// and say what is wrong and, where it helps, what to write instead.
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
