package eval

// CheckNumbers and RandomBoards expose checkNumbers and randomBoards to
// the external tests.
var (
	CheckNumbers = checkNumbers
	RandomBoards = randomBoards
)
