package testutil

import (
	"reflect"
	"testing"
)

// Declared is one entry of a settings table, as CheckEveryFieldDeclared
// reads it: the setting's name and the address of its field in the struct
// checked.
type Declared struct {
	Name  string
	Field any
}

// CheckEveryFieldDeclared fails t when two entries of a settings table
// share a field of *structPtr, or a field of it (through embedded structs)
// has no entry: a setting that the flags, specs and descriptions made from
// the table would silently miss. table names the table in the errors (its
// variable and file).
func CheckEveryFieldDeclared(t testing.TB, structPtr any, table string, entries []Declared) {
	t.Helper()
	declared := map[any]string{}
	for _, e := range entries {
		if other, dup := declared[e.Field]; dup {
			t.Errorf("settings %s and %s share a field", other, e.Name)
		}
		declared[e.Field] = e.Name
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
	v := reflect.ValueOf(structPtr).Elem()
	walk(v, v.Type().Name()+".")
}
