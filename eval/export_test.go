package eval

// CheckNumbers, RandomBoards and RandomBoard expose checkNumbers,
// randomBoards and randomBoard to the external tests.
var (
	CheckNumbers = checkNumbers
	RandomBoards = randomBoards
	RandomBoard  = randomBoard
)
