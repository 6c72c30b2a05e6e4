package protocol

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ReplyKind is the kind of a line the engine sends to the controller.
type ReplyKind uint8

// The engine's lines. OK, Error and BestMove end the answer to a command;
// ID, Option and Info come before the line that ends it.
const (
	OK       ReplyKind = iota + 1 // ok
	Error                         // error MESSAGE
	ID                            // id name|author|protocol VALUE
	Option                        // option NAME default VALUE [doc TEXT]
	Info                          // info [sims N] [nodes N] [time MS] [value V] [string TEXT | pv M...]
	BestMove                      // bestmove MOVE
)

// Reply is one parsed engine line.
type Reply struct {
	Kind ReplyKind
	// Text is an error's message, an id's value or an option's doc.
	Text string
	// Key is an id's key: name, author or protocol.
	Key string
	// Opt is an option line's option.
	Opt OptionInfo
	// Info is an info line's fields.
	Info SearchInfo
	// Move is a bestmove's move as written (the controller checks it
	// against the position with package rules).
	Move string
}

// OptionInfo describes one option the engine accepts.
type OptionInfo struct {
	Name, Default, Doc string
}

// SearchInfo is what an info line reports; absent fields are zero, with
// HasValue false when no value was given.
type SearchInfo struct {
	Sims, Nodes, TimeMS int64
	Value               float64
	HasValue            bool
	// PV is the principal variation, first move first, as written.
	PV []string
	// Text is an "info string" line's free text.
	Text string
}

// reportsNothing says whether the info line would be "info" alone (a
// baseline engine's move, found in under a millisecond with no search):
// such a line is not sent.
func (s SearchInfo) reportsNothing() bool {
	return s.Sims == 0 && s.Nodes == 0 && s.TimeMS == 0 && !s.HasValue && len(s.PV) == 0 && s.Text == ""
}

// String returns the info line (without newline), fields in a fixed order.
func (s SearchInfo) String() string {
	if s.Text != "" {
		return "info string " + s.Text
	}
	var b strings.Builder
	b.WriteString("info")
	add := func(k string, v int64) {
		if v != 0 {
			b.WriteString(" " + k + " " + strconv.FormatInt(v, 10))
		}
	}
	add("sims", s.Sims)
	add("nodes", s.Nodes)
	add("time", s.TimeMS)
	if s.HasValue {
		b.WriteString(" value " + strconv.FormatFloat(s.Value, 'f', 4, 64))
	}
	if len(s.PV) > 0 {
		b.WriteString(" pv " + strings.Join(s.PV, " "))
	}
	return b.String()
}

// String returns the reply as a line (without newline) that ParseReply
// parses back to r.
func (r Reply) String() string {
	switch r.Kind {
	case OK:
		return "ok"
	case Error:
		return "error " + r.Text
	case ID:
		return "id " + r.Key + " " + r.Text
	case Option:
		s := "option " + r.Opt.Name + " default " + r.Opt.Default
		if r.Opt.Doc != "" {
			s += " doc " + r.Opt.Doc
		}
		return s
	case Info:
		return r.Info.String()
	case BestMove:
		return "bestmove " + r.Move
	}
	return fmt.Sprintf("ReplyKind(%d)", uint8(r.Kind))
}

// ParseReply parses one line from the engine (without its newline; a
// trailing carriage return is dropped). A line that is not a reply of this
// protocol is an error saying what is wrong: the controller counts it as
// garbage. ParseReply never panics.
func ParseReply(line string) (Reply, error) {
	line = strings.TrimSuffix(line, "\r")
	if err := checkText(line); err != nil {
		return Reply{}, err
	}
	f := fields(line)
	if len(f) == 0 {
		return Reply{}, ErrEmpty
	}
	rest := func(n int) string { // the line after its first n fields
		s := strings.TrimLeft(line, " \t")
		for i := 0; i < n; i++ {
			s = strings.TrimLeft(s[len(f[i]):], " \t")
		}
		return strings.TrimRight(s, " \t")
	}
	switch f[0] {
	case "ok":
		if len(f) != 1 {
			return Reply{}, fmt.Errorf("ok takes nothing after it, got %q", rest(1))
		}
		return Reply{Kind: OK}, nil
	case "error":
		return Reply{Kind: Error, Text: rest(1)}, nil
	case "id":
		if len(f) < 3 {
			return Reply{}, errors.New("id wants a key (name, author or protocol) and a value")
		}
		return Reply{Kind: ID, Key: f[1], Text: rest(2)}, nil
	case "option":
		if len(f) < 4 || f[2] != "default" {
			return Reply{}, errors.New("option wants NAME default VALUE [doc TEXT]")
		}
		o := OptionInfo{Name: f[1], Default: f[3]}
		if len(f) > 4 {
			if f[4] != "doc" {
				return Reply{}, fmt.Errorf("option %s: unexpected %q after the default, want doc TEXT", f[1], f[4])
			}
			o.Doc = rest(5)
		}
		return Reply{Kind: Option, Opt: o}, nil
	case "info":
		info, err := parseInfo(f[1:], rest)
		if err != nil {
			return Reply{}, fmt.Errorf("info: %w", err)
		}
		return Reply{Kind: Info, Info: info}, nil
	case "bestmove":
		if len(f) != 2 {
			return Reply{}, fmt.Errorf("bestmove wants exactly one move, got %d fields", len(f)-1)
		}
		return Reply{Kind: BestMove, Move: f[1]}, nil
	}
	return Reply{}, fmt.Errorf("unknown reply %q: want ok, error, id, option, info or bestmove", f[0])
}

// parseInfo reads the fields after "info". Unknown keys are refused rather
// than skipped: without knowing their arity a reader could not find the
// next key.
func parseInfo(f []string, rest func(int) string) (SearchInfo, error) {
	var s SearchInfo
	for i := 0; i < len(f); i++ {
		k := f[i]
		switch k {
		case "string":
			s.Text = rest(i + 2)
			return s, nil
		case "pv":
			s.PV = append([]string(nil), f[i+1:]...)
			return s, nil
		}
		if i+1 >= len(f) {
			return SearchInfo{}, fmt.Errorf("%s has no value", k)
		}
		v := f[i+1]
		i++
		switch k {
		case "sims", "nodes", "time":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 {
				return SearchInfo{}, fmt.Errorf("%s %q: want a whole number, 0 or more", k, v)
			}
			switch k {
			case "sims":
				s.Sims = n
			case "nodes":
				s.Nodes = n
			default:
				s.TimeMS = n
			}
		case "value":
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || math.IsNaN(x) || x < -1 || x > 1 {
				return SearchInfo{}, fmt.Errorf("value %q: want a number from -1 to 1", v)
			}
			s.Value, s.HasValue = x, true
		default:
			return SearchInfo{}, fmt.Errorf("unknown key %q: want sims, nodes, time, value, pv or string", k)
		}
	}
	return s, nil
}
