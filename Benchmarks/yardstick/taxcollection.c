/*
 * The C yardstick: the classic Tax Collection rules of docs/RULES.md in plain C, playing the same random
 * playouts as `tcnet bench rules` (SplitMix64, the same move policy, the same digest of final states), so
 * that equal output lines prove identical games and the timings compare like with like.
 *
 *   cc -O2 -march=native -o build/taxcollection taxcollection.c
 *   build/taxcollection GAMES SEED
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { RING = 12, BOTTOM = 5, TOP = 11, TREASURY_START = 10, TURN_CAP = 200, YOUNG_MIN = 0, BORROWING = 1 };
enum { PHASE_REFILL, PHASE_SOW, PHASE_OVER };
enum { WIN_A = 0, WIN_B = 1, DRAW = 2, NO_WINNER = 3 };

typedef struct {
    uint8_t ring[16];            /* ring[12..15] stay 0, as in Swift's SIMD16 */
    int coll[2], debt[2];
    int turn, phase, turns, winner;
} State;

static uint64_t rng_state;

static inline uint64_t splitmix64(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline int next_index(int count) {
    return (int)(((unsigned __int128)splitmix64() * (uint64_t)count) >> 64);
}

static inline int next_square(int position, int step) {
    int next = position + step;
    if (next == RING) return 0;
    if (next < 0) return RING - 1;
    return next;
}

static inline int is_treasury(int position) { return position == BOTTOM || position == TOP; }
static inline int bank_base(int seat) { return seat == 0 ? 0 : 6; }

static int bank_total(const State *s, int seat) {
    int base = bank_base(seat), sum = 0;
    for (int i = base; i < base + 5; i++) sum += s->ring[i];
    return sum;
}

static void start(State *s) {
    memset(s, 0, sizeof *s);
    for (int i = 0; i < RING; i++) s->ring[i] = 5;
    s->ring[TOP] = s->ring[BOTTOM] = TREASURY_START;
    s->turn = 0;
    s->phase = PHASE_SOW;
    s->winner = NO_WINNER;
}

static int can_refill(const State *s, int seat) {
    return s->coll[seat] >= 5 || (BORROWING && s->coll[seat] + s->coll[1 - seat] >= 5);
}

static void end_game(State *s) {
    for (int seat = 0; seat < 2; seat++) {
        int base = bank_base(seat);
        s->coll[seat] += bank_total(s, seat);
        for (int i = base; i < base + 5; i++) s->ring[i] = 0;
    }
    int a = s->coll[0] - s->debt[0] + s->debt[1], b = s->coll[1] - s->debt[1] + s->debt[0];
    s->winner = a > b ? WIN_A : b > a ? WIN_B : DRAW;
    s->phase = PHASE_OVER;
}

static void refill(State *s) {
    int seat = s->turn, own = s->coll[seat] < 5 ? s->coll[seat] : 5, shortfall = 5 - own;
    s->coll[seat] -= own;
    s->coll[1 - seat] -= shortfall;
    s->debt[seat] += shortfall;
    for (int i = bank_base(seat); i < bank_base(seat) + 5; i++) s->ring[i]++;
    s->phase = PHASE_SOW;
}

/* The relay-repeat rule, as in Swift's RelayHistory: boards (with the position in byte 15) seen at relays
 * since the last drop into a treasury. */
static int relay_repeats(uint8_t history[][16], int *count, const uint8_t ring[16], int position) {
    uint8_t key[16];
    memcpy(key, ring, 16);
    key[15] = (uint8_t)position;
    for (int i = 0; i < *count; i++)
        if (memcmp(history[i], key, 16) == 0) return 1;
    if (*count >= 12) abort();
    memcpy(history[(*count)++], key, 16);
    return 0;
}

static void capture(State *s, int gap, int step) {
    for (;;) {
        int target = next_square(gap, step), count = s->ring[target];
        if (count == 0 || (is_treasury(target) && count < YOUNG_MIN)) return;
        s->ring[target] = 0;
        s->coll[s->turn] += count;
        int after = next_square(target, step);
        if (is_treasury(after) || s->ring[after] != 0) return;
        gap = after;
    }
}

static void sow_turn(State *s, int start_square, int step) {
    uint8_t history[12][16];
    int history_count = 0;
    int position = start_square, hand = s->ring[position];
    s->ring[position] = 0;
    for (;;) {
        while (hand > 0) {
            position = next_square(position, step);
            s->ring[position]++;
            hand--;
            if (is_treasury(position)) history_count = 0;
        }
        int next = next_square(position, step);
        if (is_treasury(next)) break;
        if (s->ring[next] > 0) {
            if (relay_repeats(history, &history_count, s->ring, next)) break;
            hand = s->ring[next];
            s->ring[next] = 0;
            position = next;
            continue;
        }
        capture(s, next, step);
        break;
    }
    s->turns++;
    if (s->ring[TOP] == 0 && s->ring[BOTTOM] == 0) { end_game(s); return; }
    if (s->turns >= TURN_CAP) { end_game(s); return; }
    s->turn = 1 - s->turn;
    if (bank_total(s, s->turn) > 0) s->phase = PHASE_SOW;
    else if (can_refill(s, s->turn)) s->phase = PHASE_REFILL;
    else end_game(s);
}

/* legalMoves[nextIndex(below: 2m)]: the (i/2)-th non-empty bank from the top, up if i is even. */
static void random_sow(State *s) {
    int seat = s->turn, banks[5], m = 0;
    for (int number = 1; number <= 5; number++) {
        int square = seat == 0 ? number - 1 : 11 - number;
        if (s->ring[square]) banks[m++] = square;
    }
    int pick = next_index(2 * m);
    int down = pick & 1;
    int step = (down == (seat == 0)) ? 1 : -1;
    sow_turn(s, banks[pick >> 1], step);
}

int main(int argc, char **argv) {
    long games = argc > 1 ? atol(argv[1]) : 200000;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    uint64_t seed = rng_state, digest = 0xcbf29ce484222325ULL;
    long sowing = 0, refills = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long g = 0; g < games; g++) {
        State s;
        start(&s);
        while (s.phase != PHASE_OVER) {
            if (s.phase == PHASE_REFILL) { refill(&s); refills++; }
            else { random_sow(&s); sowing++; }
        }
        int64_t values[8] = {s.turns, s.ring[TOP], s.ring[BOTTOM], s.coll[0], s.coll[1], s.debt[0], s.debt[1],
                             s.winner};
        for (int i = 0; i < 8; i++) digest = (digest ^ (uint64_t)values[i]) * 0x100000001b3ULL;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("rules=classic seed=%llu games=%ld sowing-moves=%ld refills=%ld digest=%016llx\n",
           (unsigned long long)seed, games, sowing, refills, (unsigned long long)digest);
    printf("time=%.3fs sowing-moves/s=%.2fM ns/move=%.1f\n", seconds, sowing / seconds / 1e6,
           seconds * 1e9 / sowing);
    return 0;
}
