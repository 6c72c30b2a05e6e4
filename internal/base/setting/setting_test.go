package setting

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// mode is an enumeration with a text form of its own, as mcts.LeafMode.
type mode uint8

var modes = NewNames[mode]("fast", "slow", "exact")

func (m mode) String() string { return modes.String(m) }
func (m *mode) Set(s string) error {
	v, err := modes.Parse(s)
	if err == nil {
		*m = v
	}
	return err
}

type opts struct {
	Count  int
	Big    int64
	Seed   uint64
	Weight float64
	On     bool
	Name   string
	Mode   mode
}

// row is a package's own entry type, embedding Entry as mcts.Setting and
// runspec.Setting do.
type row struct {
	Entry[opts]
	note string
}

func table(words Words) []row {
	return []row{
		{Entry: Declare("count", 3, "", func(o *opts) *int { return &o.Count }, words, "n")},
		{Entry: Declare("big", int64(-4), "", func(o *opts) *int64 { return &o.Big }, words)},
		{Entry: Declare("seed", uint64(5), "", func(o *opts) *uint64 { return &o.Seed }, words)},
		{Entry: Declare("mix_weight", 0.25, "", func(o *opts) *float64 { return &o.Weight }, words, "old_weight")},
		{Entry: Declare("on", true, "", func(o *opts) *bool { return &o.On }, words)},
		{Entry: Declare("name", "x", "", func(o *opts) *string { return &o.Name }, words)},
		{Entry: Declare("mode", mode(2), "", func(o *opts) *mode { return &o.Mode }, words)},
	}
}

// TestSetReadsWhatGetWrites: every kind's text form reads back to the
// same value, floats in their shortest exact form, an enumeration by its
// names, and Kind is the type flags show.
func TestSetReadsWhatGetWrites(t *testing.T) {
	o := opts{Count: -7, Big: 1 << 40, Seed: math.MaxUint64, Weight: 0.1, On: false, Name: "a b", Mode: 1}
	want := map[string][2]string{
		"count": {"-7", "int"}, "big": {"1099511627776", "int64"}, "seed": {"18446744073709551615", "uint64"},
		"mix_weight": {"0.1", "float64"}, "on": {"false", "bool"}, "name": {"a b", "string"}, "mode": {"slow", "string"},
	}
	tab := table(Strconv)
	var back opts
	for i := range tab {
		e := &tab[i]
		if got := [2]string{e.Get(&o), e.Kind}; got != want[e.Name] {
			t.Errorf("%s: text and kind %q, want %q", e.Name, got, want[e.Name])
		}
		if err := e.Set(&back, e.Get(&o)); err != nil {
			t.Errorf("%s: %v", e.Name, err)
		}
	}
	if back != o {
		t.Errorf("read back %+v, want %+v", back, o)
	}
	// strconv's shortest form, which runs recorded before the table
	// existed wrote (fmt would write +Inf alike, but not every float).
	for f, want := range map[float64]string{1e21: "1e+21", 1e-7: "1e-07", math.Inf(1): "+Inf", 123456789: "1.23456789e+08"} {
		o.Weight = f
		if got := tab[3].Get(&o); got != want {
			t.Errorf("%v written %q, want %q", f, got, want)
		}
	}
}

// TestParseErrorsAreInTheTablesWords: a table of strconv words reports
// strconv's errors, one of wanted words what is wanted; an enumeration
// says its names either way; a bad value leaves the field as it was.
func TestParseErrorsAreInTheTablesWords(t *testing.T) {
	for _, tc := range []struct {
		words      Words
		name, text string
		want       string
	}{
		{Strconv, "count", "x", `strconv.ParseInt: parsing "x": invalid syntax`},
		{Strconv, "seed", "-1", `strconv.ParseUint: parsing "-1": invalid syntax`},
		{Strconv, "on", "maybe", `strconv.ParseBool: parsing "maybe": invalid syntax`},
		{Wanted, "count", "x", "want a whole number, e.g. 800"},
		{Wanted, "count", "1.5", "want a whole number, e.g. 800"},
		{Wanted, "mix_weight", "x", "want a number, e.g. 1.5"},
		{Wanted, "on", "maybe", "want true or false"},
		{Strconv, "mode", "Fast", "want fast, slow or exact"},
		{Wanted, "mode", "", "want fast, slow or exact"},
	} {
		o := Defaults[opts](table(tc.words))
		before := o
		err := Lookup[opts](table(tc.words), tc.name).Set(&o, tc.text)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s %q: error %v, want %q", tc.name, tc.text, err, tc.want)
		}
		if o != before {
			t.Errorf("%s %q: a value that does not parse changed the field: %+v", tc.name, tc.text, o)
		}
	}
}

// TestLookupFindsEverySpelling: a key names a setting by its name, its
// flag, either with "--", or an old spelling in either form; nothing else.
func TestLookupFindsEverySpelling(t *testing.T) {
	tab := table(Wanted)
	for key, want := range map[string]string{
		"count": "count", "--count": "count", "n": "count", "--n": "count",
		"mix_weight": "mix_weight", "mix-weight": "mix_weight", "--mix-weight": "mix_weight", "--mix_weight": "mix_weight",
		"old_weight": "mix_weight", "old-weight": "mix_weight", "--old-weight": "mix_weight",
	} {
		if r := Lookup[opts](tab, key); r == nil || r.Name != want {
			t.Errorf("Lookup(%q) = %v, want %s", key, r, want)
		}
	}
	for _, key := range []string{"", "-", "counts", "weight=1", "---count"} {
		if r := Lookup[opts](tab, key); r != nil {
			t.Errorf("Lookup(%q) = %s, want none", key, r.Name)
		}
	}
	if r := Lookup[opts](tab, "mode"); r != &tab[6] {
		t.Error("Lookup returned a copy, not the table's element")
	}
}

// TestDefaultsAndDiff: Defaults sets every field to its declared default,
// and Diff names exactly the settings two values differ in, in order.
func TestDefaultsAndDiff(t *testing.T) {
	tab := table(Wanted)
	d := Defaults[opts](tab)
	if want := (opts{3, -4, 5, 0.25, true, "x", 2}); d != want {
		t.Errorf("defaults %+v, want %+v", d, want)
	}
	o := d
	o.Mode, o.Count = 0, 9
	if got := Diff(tab, &d, &o); !reflect.DeepEqual(got, []string{"count", "mode"}) {
		t.Errorf("Diff = %v", got)
	}
	if got := Diff(tab, &d, &d); got != nil {
		t.Errorf("Diff of a value with itself = %v", got)
	}
}

// TestValueIsTheFlagOfTheField: the flag value writes into the field it
// is bound to and shows its type.
func TestValueIsTheFlagOfTheField(t *testing.T) {
	tab := table(Strconv)
	var o opts
	v := Lookup[opts](tab, "big").Value(&o)
	if err := v.Set("0x10"); err != nil || o.Big != 16 || v.String() != "16" || v.Type() != "int64" {
		t.Errorf("flag value: %v, field %d, shown %q as %s", err, o.Big, v.String(), v.Type())
	}
	if f := tab[1].Flag(); f != "big" || (&Entry[opts]{Name: "a_b_c"}).Flag() != "a-b-c" {
		t.Errorf("flags %q", f)
	}
}

// TestDeclareRefusesATypeWithoutTextForm: a field of a type the table
// cannot read is refused when the table is built, not when a flag is given.
func TestDeclareRefusesATypeWithoutTextForm(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "float32") {
			t.Errorf("panic %v, want one naming the type", r)
		}
	}()
	type s struct{ F float32 }
	Declare("f", float32(1), "", func(v *s) *float32 { return &v.F }, Wanted)
}

// TestNamesPrintWhatTheyParse: each name parses to its value and prints
// back; a value without a name prints as the type and number; the error
// lists the names in order.
func TestNamesPrintWhatTheyParse(t *testing.T) {
	for i, n := range []string{"fast", "slow", "exact"} {
		if m, err := modes.Parse(n); err != nil || m != mode(i) || m.String() != n {
			t.Errorf("%q parses to %v (%v), printed %q", n, m, err, m.String())
		}
	}
	if s := mode(3).String(); s != "mode(3)" {
		t.Errorf("mode(3) prints %q", s)
	}
	one := NewNames[mode]("only")
	if _, err := one.Parse("other"); err == nil || err.Error() != "want only" {
		t.Errorf("one name: %v", err)
	}
	two := NewNames[mode]("a", "b")
	if _, err := two.Parse("c"); err == nil || err.Error() != "want a or b" {
		t.Errorf("two names: %v", err)
	}
}
