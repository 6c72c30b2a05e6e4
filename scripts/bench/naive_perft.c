/*
 * naive_perft.c: a straightforward Surakarta perft, the yardstick for the Go
 * rules core's speed (see compare-perft.sh and docs/BENCHMARKS.md).
 *
 * It is written the way published Surakarta engines generate moves: a
 * mailbox board of 36 points, and for captures a walk along each circuit,
 * point by point, from every position of every piece in both directions,
 * counting the loops passed, until the first piece met. Moves go into a list
 * (a capture reached by several routes is listed once); perft plays them with
 * make/unmake. Like the Go perft, the last ply is counted, not played (bulk
 * counting), so both programs do the same work per leaf apart from how they
 * find the moves.
 *
 * The rules are those of ../../../shared/RULES.md (the project's spec):
 * inner circuit a2-f2, loop, e1-e6, loop, f5-a5, loop, b6-b1, loop; outer
 * the same on rank 3, file d, rank 4, file c. A capture must pass at least
 * one loop, every point passed must be empty (the mover's own start point
 * counts as empty), and the route ends on the first piece met, which must
 * be the opponent's.
 *
 * Build and run:  gcc -O2 -o naive_perft naive_perft.c && ./naive_perft 6
 * Output: one line per depth 1..N, "depth D: COUNT (SECONDS s)"; the last
 * line is the bare count of depth N.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { EMPTY = 0, RED = 1, BLACK = 2 };
enum { NSQ = 36, TRACK = 24, MAXMOVES = 256 };

typedef struct {
	unsigned char from, to, capture;
} move_t;

static int board[NSQ];
static int track[2][TRACK]; /* square at each track position */

static int sq(int file, int rank) { return rank * 6 + file; }

static void build_tracks(void) {
	/* rank of the first segment and file of the second, per circuit */
	static const int lines[2][2] = {{1, 4}, {2, 3}};
	for (int c = 0; c < 2; c++) {
		int rank = lines[c][0], file = lines[c][1];
		for (int k = 0; k < 6; k++) {
			track[c][k] = sq(k, rank);              /* east along the rank */
			track[c][6 + k] = sq(file, k);          /* north along the file */
			track[c][12 + k] = sq(5 - k, 5 - rank); /* west */
			track[c][18 + k] = sq(5 - file, 5 - k); /* south */
		}
	}
}

static int already_listed(const move_t *list, int n, int from, int to) {
	for (int i = 0; i < n; i++)
		if (list[i].from == from && list[i].to == to)
			return 1;
	return 0;
}

/* gen_moves lists the legal moves of side into list and returns how many. */
static int gen_moves(int side, move_t *list) {
	int opp = side == RED ? BLACK : RED;
	int n = 0;
	for (int s = 0; s < NSQ; s++) {
		if (board[s] != side)
			continue;
		int f = s % 6, r = s / 6;
		for (int df = -1; df <= 1; df++)
			for (int dr = -1; dr <= 1; dr++) {
				int nf = f + df, nr = r + dr;
				if ((df || dr) && nf >= 0 && nf < 6 && nr >= 0 && nr < 6 && board[sq(nf, nr)] == EMPTY) {
					list[n].from = s;
					list[n].to = sq(nf, nr);
					list[n].capture = 0;
					n++;
				}
			}
		int first_capture = n;
		for (int c = 0; c < 2; c++)
			for (int start = 0; start < TRACK; start++) {
				if (track[c][start] != s)
					continue;
				for (int dir = -1; dir <= 1; dir += 2) {
					int pos = start, loops = 0;
					for (int step = 0; step < TRACK; step++) {
						int next = (pos + dir + TRACK) % TRACK;
						/* a loop lies between positions 6k-1 and 6k */
						if ((dir > 0 && next % 6 == 0) || (dir < 0 && pos % 6 == 0))
							loops++;
						pos = next;
						if (pos == start)
							break; /* all the way round: nothing met */
						int t = track[c][pos];
						if (t == s)
							continue; /* the vacated start, at a crossing */
						if (board[t] == EMPTY)
							continue;
						if (board[t] == opp && loops > 0 &&
						    !already_listed(list + first_capture, n - first_capture, s, t)) {
							list[n].from = s;
							list[n].to = t;
							list[n].capture = 1;
							n++;
						}
						break;
					}
				}
			}
	}
	return n;
}

static unsigned long long perft(int side, int depth) {
	move_t list[MAXMOVES];
	int n = gen_moves(side, list);
	if (depth == 1)
		return (unsigned long long)n;
	int opp = side == RED ? BLACK : RED;
	unsigned long long total = 0;
	for (int i = 0; i < n; i++) {
		int from = list[i].from, to = list[i].to;
		int taken = board[to];
		board[to] = side; /* make */
		board[from] = EMPTY;
		total += perft(opp, depth - 1);
		board[from] = side; /* unmake */
		board[to] = taken;
	}
	return total;
}

int main(int argc, char **argv) {
	int depth = argc > 1 ? atoi(argv[1]) : 6;
	if (depth < 1 || depth > 12) {
		fprintf(stderr, "naive_perft: depth %d out of range: want 1..12\n", depth);
		return 2;
	}
	build_tracks();
	for (int s = 0; s < NSQ; s++)
		board[s] = s < 12 ? RED : s >= 24 ? BLACK : EMPTY;
	unsigned long long last = 0;
	for (int d = 1; d <= depth; d++) {
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		last = perft(RED, d);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		printf("depth %d: %llu (%.3f s)\n", d, last, secs);
	}
	printf("%llu\n", last);
	return 0;
}
