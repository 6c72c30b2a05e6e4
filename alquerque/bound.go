package alquerque

// maxMoves is MaxMoves, the most legal moves a position can have.
//
// Without a capture a position has at most 12 × 8 = 96 steps. With one,
// only captures are legal, and a piece's jumps keep the parities of its
// file and rank, so the board's points fall into four classes that
// capture independently: a1's (file and rank even, 9 points), b2's (both
// odd, 4), a2's and b1's (6 each). The captures of a class's pieces depend
// only on which of its points hold a piece and which of the points
// between them (the only ones they can jump) hold an enemy: an enemy on
// one of the class's own points blocks as a piece of the mover's does, so
// counting it as the mover's only adds moves. Every such arrangement is
// counted in the tests (TestMaxMovesBoundsEveryPosition): at most 260
// capture moves for a1's class, 4 for b2's and 7 each for a2's and b1's,
// so at most 278 in all. One piece alone reaches 260, in a legal position
// ("5/1bbb1/1b1b1/bbbbb/1bwb1 w 0 1": White's c1 against twelve).
const maxMoves = 260 + 4 + 7 + 7
