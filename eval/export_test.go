package eval

// CheckNumbers, RandomBoards, RandomBoard, EncodeModelBin and
// DecodeModelBin expose checkNumbers, randomBoards, randomBoard,
// encodeModelBin and decodeModelBin to the external tests.
var (
	EncodeModelBin = encodeModelBin
	DecodeModelBin = decodeModelBin
	CheckNumbers   = checkNumbers
	RandomBoards   = randomBoards
	RandomBoard    = randomBoard
)
