package testutil

import (
	"reflect"
	"testing"
)

// CheckEveryFieldDeclared fails t when two entries of a settings table
// share a field of the struct S, or a field of S (through embedded structs)
// has no entry: a setting that the flags, specs and descriptions made from
// the table would silently miss. entry gives an entry's name and the
// address of its field in s; table names the table in the errors (its
// variable and file).
func CheckEveryFieldDeclared[S, E any](t testing.TB, table string, entries []E, entry func(e *E, s *S) (name string, field any)) {
	t.Helper()
	var s S
	declared := map[any]string{}
	for i := range entries {
		name, field := entry(&entries[i], &s)
		if other, dup := declared[field]; dup {
			t.Errorf("settings %s and %s share a field", other, name)
		}
		declared[field] = name
	}
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		t.Helper()
		for i := range v.NumField() {
			f, ft := v.Field(i), v.Type().Field(i)
			if ft.Anonymous {
				walk(f, path+ft.Name+".")
				continue
			}
			if _, ok := declared[f.Addr().Interface()]; !ok {
				t.Errorf("field %s%s has no entry in %s: declare it there", path, ft.Name, table)
			}
		}
	}
	v := reflect.ValueOf(&s).Elem()
	walk(v, v.Type().Name()+".")
}
