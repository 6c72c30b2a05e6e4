// Package textout is the writer the reports print through: it passes
// writes on until one fails, then keeps that first error and refuses the
// rest, so that printing code stays plain (a run of Printf calls, one
// error checked at the end) and a report is never written past a failed
// write.
//
// Files: textout.go all of it.
package textout
