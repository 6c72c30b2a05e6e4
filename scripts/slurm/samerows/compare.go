package main

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/surakarta/surakarta/dataset"
)

// result is what compare found: the rows that agree, and the first
// difference ("" when there is none).
type result struct {
	games, positions int64
	diff             string
}

// compare streams the games and then the positions of datasets a and b
// side by side and stops at the first row that differs or is missing from
// one of them. An error means a dataset could not be read.
func compare(a, b string) (result, error) {
	var res result
	var err error
	res.games, res.diff, err = zip("games",
		func(fn func(*dataset.GameRow) error) error { return dataset.ScanGames(a, "", fn) },
		func(fn func(*dataset.GameRow) error) error { return dataset.ScanGames(b, "", fn) },
		(*dataset.GameRow).Clone,
		func(r *dataset.GameRow) string { return fmt.Sprintf("%s game %d", r.Variant, r.GameID) })
	if err != nil || res.diff != "" {
		return res, err
	}
	res.positions, res.diff, err = zip("positions",
		func(fn func(*dataset.PositionRow) error) error { return dataset.ScanPositions(a, "", nil, fn) },
		func(fn func(*dataset.PositionRow) error) error { return dataset.ScanPositions(b, "", nil, fn) },
		(*dataset.PositionRow).Clone,
		func(r *dataset.PositionRow) string { return fmt.Sprintf("game %d ply %d", r.GameID, r.Ply) })
	return res, err
}

// zip compares the rows of two scans of one table in order. scanA runs in
// its own goroutine and hands copies of its rows over a channel (the
// readers reuse one row), scanB's rows are compared with them as they
// come. It returns the number of rows that agree and the first difference.
func zip[T any](table string, scanA, scanB func(func(*T) error) error, clone func(*T) T, key func(*T) string) (int64, string, error) {
	rows := make(chan T, 64)
	done := make(chan struct{})
	errA := make(chan error, 1)
	go func() {
		defer close(rows)
		errA <- scanA(func(r *T) error {
			select {
			case rows <- clone(r):
				return nil
			case <-done:
				return dataset.ErrStop
			}
		})
	}()
	var n int64
	var diff string
	errB := scanB(func(r *T) error {
		ra, ok := <-rows
		switch {
		case !ok:
			diff = fmt.Sprintf("%s: the second has more rows than the first's %d, from %s on", table, n, key(r))
		default:
			if d := fieldDiff(&ra, r); d != "" {
				diff = fmt.Sprintf("%s row %d (%s): %s", table, n, key(r), d)
			}
		}
		if diff != "" {
			return dataset.ErrStop
		}
		n++
		return nil
	})
	if errB == nil && diff == "" {
		if ra, ok := <-rows; ok {
			diff = fmt.Sprintf("%s: the first has more rows than the second's %d, from %s on", table, n, key(&ra))
		}
	}
	close(done)
	for range rows {
	}
	if err := errors.Join(<-errA, errB); err != nil {
		return n, "", err
	}
	return n, diff, nil
}

// fieldDiff names the first field of two rows (pointers to one struct
// type) that differs, with both values, or returns "". Empty slices are
// equal whether nil or not: the readers reuse buffers. RunID, a hash of
// the run's settings, is compared last, so that the setting that differs
// (the seed, say) is the one named.
func fieldDiff(a, b any) string {
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	order := make([]int, 0, va.NumField())
	last := -1
	for i := range va.NumField() {
		if va.Type().Field(i).Name == "RunID" {
			last = i
			continue
		}
		order = append(order, i)
	}
	if last >= 0 {
		order = append(order, last)
	}
	for _, i := range order {
		fa, fb := va.Field(i), vb.Field(i)
		if fa.Kind() == reflect.Slice && fa.Len() == 0 && fb.Len() == 0 {
			continue
		}
		if !reflect.DeepEqual(fa.Interface(), fb.Interface()) {
			return fmt.Sprintf("%s is %v in the first, %v in the second", va.Type().Field(i).Name, fa.Interface(), fb.Interface())
		}
	}
	return ""
}
