package fit

// The test helpers of helpers_test.go, for the external tests.
var (
	CaptureGames = captureGames
	ToRows       = toRows
	WriteDataset = writeDataset
)
