package external_test

import (
	"fmt"
	"strings"

	"github.com/surakarta/surakarta/eval/external"
)

// An engine started and checked before a match's first game: here a few
// lines of shell that answer identify (docs/PROTOCOL.md) and quit. Start
// sends identify, reads the id lines up to ok, and keeps the process for
// the match's first player; an engine that fails here stops the match
// before it begins, with an error that says how to try it by hand.
func Example() {
	script := `while read -r cmd rest; do
	case $cmd in
	identify) printf 'id name shell-engine\nid author the example\nid protocol 1\nid game surakarta\nok\n' ;;
	quit) exit 0 ;;
	esac
done`
	e, err := external.Start(external.Spec{Argv: []string{"sh", "-c", script}})
	if err != nil {
		panic(err)
	}
	defer e.Close()
	fmt.Printf("%s plays %s\n", e.Name, e.Game)

	// An engine that exits at once: the error's first words (the rest
	// says what it did and how to try it by hand).
	_, err = external.Start(external.Spec{Argv: []string{"sh", "-c", "exit 3"}})
	first, _, _ := strings.Cut(err.Error(), ", so")
	fmt.Println(first)
	// Output:
	// shell-engine plays surakarta
	// engine engine:sh -c 'exit 3' failed before the first game
}
