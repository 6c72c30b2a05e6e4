package eval

// CheckNumbers exposes checkNumbers to the external tests.
var CheckNumbers = checkNumbers
