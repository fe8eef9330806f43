/* The compiled race step of `pnp mdd simulate`: fastrace.play_fast, in C.
 *
 * Input: `Race(width, finish, finalists, blocked, cell, occ, pos, lives, finals, dice, turn_cap, edge,
 * edge_damage[, awards])`, one board's `RaceTables` (fastboard.py; `finals` as cell indices) and the rule
 * options (`dice`: fastdice.ONE_DIE, or TWO_DICE by face then direction face, flattened to side, steps,
 * side, ...), converted to C arrays once per batch of races (ValueError for a board it does not race);
 * with `awards` true, the races keep the v2.1 award records (_awards.c) as `play_fast(..., awards=True)`
 * does (without the short cuts it takes only without them), and each result ends with the pawn holders.
 * Output:
 * `Race.play(random)`, where `random` is the bound `random` method of the race's `random.Random(seed)`,
 * plays one whole race and returns the tuple `play_fast` returns, or None for a race it leaves to
 * `play_fast` (finals positions it cannot fill, where `play_fast` raises ValueError). The dice are the
 * same doubles in the same order (a face is floor(random() * 6.0)) and the rules are applied in the order
 * of `play_fast`: each function names the Python it mirrors, and
 * tests/games/mdd/engine/test_compiled_step.py compares both race by race.
 *
 * Cells are those of fastboard.py: rows of `width` cells (the lanes counted from the right, then a pad),
 * a car placed by its rear cell and covering the cell in front, a row of pads above the row beyond the
 * line. Python reads cell[-1] and occ[-1] (a step off the right of the bottom row) as the last pad: the
 * arrays here start one slot early, and that slot holds the last pad (never written: no car enters a
 * pad). `Race()` checks the shape of the tables that keeps every other index within the board.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

#include "_awards.h"  /* the v2.1 award records, in _awards.c */

/* The widest track raced here. play_fast's `resolve` recurses once a lane, and on a track much wider
 * than this Python's recursion limit ends the race with RecursionError: such a board goes to play_fast,
 * and the C stack stays shallow. (A setup has at most 30 lanes.) */
#define MAX_LANES 256

#ifndef RACE_SOURCE  /* setup.py defines it: the SHA-256 of the C files, as `_race.SOURCE` */
#define RACE_SOURCE ""
#endif

typedef struct {
    PyObject_HEAD
    /* the board and the options, set by Race() */
    int width, two_rows, n, cars, finish, finalists, blocked, edge, edge_damage, two_dice, nfinals;
    long long turn_cap;
    int dice[36][2];                 /* (side, straight steps) by face, or by face * 6 + direction face */
    int *start;                      /* cell, occ (n each), pos, lives (cars each) at the start */
    int *finals;                     /* cell of each finals position */
    /* the race being played: one block, reset by play() */
    int *block, *cell, *occ;         /* cell and occ are indexed from -1 */
    int *pos, *lives, *status, *qualified, *finished, *live, *moving, *seen;
    int nqualified, nfinished, nlive, nmoving, racing, qualifying, over;
    int turn_over;                   /* end_qualifying cleared this turn's order (Python: `live.clear()`) */
    int fallback;                    /* a race left to play_fast: its result is dropped */
    int playing;                     /* play() is running (its `random` might call it again) */
    long long qualifying_turns, finals_turns, hits, exits, mines_taken, eliminations, stuck;
    Awards *awards;                  /* the v2.1 award records (_awards.c), or NULL: no awards kept */
} Race;

/* -- play_fast's helpers: remove, damage, cross, resolve, land, shift, wave, push, hold, end_qualifying - */

static void remove_car(Race *g, int c, int state) {  /* remove(c, state) */
    int p = g->pos[c];
    g->occ[p] = -1;
    g->occ[p + g->width] = -1;
    g->pos[c] = -1;
    g->status[c] = state;  /* RACING, QUALIFIED, FINISHED, ELIMINATED = 0, 1, 2, 3 */
    g->racing -= 1;
}

static int damage(Race *g, int c, int amount) {  /* damage(c, amount, ...): whether `c` is eliminated */
    int left = g->lives[c];
    if (g->awards != NULL)
        awards_damage(g->awards, c, amount, left, g->qualifying_turns + g->finals_turns);
    if (amount <= left) {
        g->lives[c] = left - amount;
        return 0;
    }
    g->lives[c] = 0;
    g->eliminations += 1;
    remove_car(g, c, 3);
    return 1;
}

static int take_mine(Race *g, int q, int c) {  /* `c` takes a mine of cell q: whether it is eliminated */
    g->cell[q] -= 1;
    g->mines_taken += 1;
    return damage(g, c, 1);
}

static int bump(Race *g, int c) {  /* damage(c, 1, True, ...): `c` is bumped; whether it is eliminated */
    if (g->awards != NULL)
        awards_bump(g->awards, c);
    return damage(g, c, 1);
}

static void cross(Race *g, int c) {  /* cross(c) */
    if (g->qualifying) {
        g->qualified[g->nqualified++] = c;
        remove_car(g, c, 1);
    } else {
        g->finished[g->nfinished++] = c;
        remove_car(g, c, 2);
    }
}

/* resolve(c, side, mover, seen, moving): whether `c` gets out of the way of a sideways step. seen[car] is
 * -1 (not met in this wave) or whether the car got out of the way. The recursion goes one lane further
 * each level, so `depth` stays below the number of lanes (at most MAX_LANES); the bound is only a guard. */
static int resolve(Race *g, int c, int side, int depth) {
    int *cell = g->cell, *occ = g->occ, *seen = g->seen;
    int beside = g->pos[c] + side, free, k, other, gone;
    if (depth > MAX_LANES) {
        g->fallback = 1;
        return 0;
    }
    if (cell[beside] == g->edge) {
        g->exits += 1;
        return damage(g, c, g->edge_damage);
    }
    free = cell[beside] >= 0 && cell[beside + g->width] >= 0;
    for (k = 0; k < 2; k++) {  /* for q in (beside, beside + width) */
        other = occ[beside + k * g->width];
        if (other < 0)
            continue;
        if (seen[other] >= 0) {
            free = free && seen[other];
            continue;
        }
        g->hits += 1;
        if (bump(g, other)) {
            seen[other] = 1;
            continue;
        }
        gone = resolve(g, other, side, depth + 1);
        seen[other] = gone;
        if (!gone)
            free = 0;
    }
    if (free) {
        if (g->nmoving == g->cars) {  /* never: each car is resolved once a wave */
            g->fallback = 1;
            return 0;
        }
        g->moving[g->nmoving++] = c;
    }
    return free;
}

/* land(moving, side, car): each car of `cars` left on the track meets what it moved onto (mines beside, or
 * the line and the mines ahead); whether the mover `car` still races. */
static int land(Race *g, const int *cars, int count, int side, int car) {
    int *cell = g->cell;
    int i, c, p, q;
    for (i = 0; i < count; i++) {
        c = cars[i];
        if (g->status[c])
            continue;
        p = g->pos[c];
        if (side) {
            if (cell[p] > 0 && take_mine(g, p, c))
                continue;
        } else if (p >= g->finish) {
            cross(g, c);
            continue;
        }
        q = p + g->width;
        if (cell[q] > 0)
            take_mine(g, q, c);
    }
    return g->status[car] == 0;
}

/* shift(moving, side, car): the cars move one cell together (sideways by `side`, else ahead), then land. */
static int shift(Race *g, const int *cars, int count, int side, int car) {
    int delta = side ? side : g->width, i, p;
    for (i = 0; i < count; i++) {
        p = g->pos[cars[i]];
        g->occ[p] = -1;
        g->occ[p + g->width] = -1;
    }
    for (i = 0; i < count; i++) {
        p = g->pos[cars[i]] + delta;
        g->pos[cars[i]] = p;
        g->occ[p] = cars[i];
        g->occ[p + g->width] = cars[i];
    }
    return land(g, cars, count, side, car);
}

static int wave(Race *g, int car, int side) {  /* wave(car, side) */
    int c;
    g->nmoving = 0;
    for (c = 0; c < g->cars; c++)
        g->seen[c] = -1;
    resolve(g, car, side, 0);
    if (!g->nmoving)
        return g->status[car] == 0;
    return shift(g, g->moving, g->nmoving, side, car);
}

/* push(car, p): a straight step of `car` (rear cell p) with a car ahead; whether `car` still races. */
static int push(Race *g, int car, int p) {
    int *cell = g->cell, *occ = g->occ, *pos = g->pos, *lives = g->lives, *moving = g->moving;
    int q = p + g->two_rows, r, c, other = occ[q], left, count, i, swap;
    g->hits += 1;
    left = lives[other];
    if (left && g->awards == NULL) {
        lives[other] = left - 1;
    } else if (bump(g, other)) {  /* the car ahead is gone: the mover takes its cell */
        occ[p] = -1;
        occ[q] = car;
        p += g->width;
        pos[car] = p;
        if (p >= g->finish) {
            cross(g, car);
            return 0;
        }
        return cell[q] > 0 ? !take_mine(g, q, car) : 1;
    }
    r = q + g->two_rows;
    if (occ[r] < 0) {
        if (cell[r] < 0)
            return 1;  /* a wall ahead of the car in front: nobody moves */
        occ[p] = -1;  /* both move, the one in front first */
        occ[q] = car;
        occ[r] = other;
        pos[other] = q + g->width;
        pos[car] = p + g->width;
        if (q + g->width >= g->finish) {
            cross(g, other);
        } else if (cell[r] > 0) {
            take_mine(g, r, other);
        }
        p += g->width;
        if (p >= g->finish) {
            cross(g, car);
            return 0;
        }
        return cell[q] > 0 ? !take_mine(g, q, car) : 1;
    }
    moving[0] = car;  /* a chain of three cars or more */
    moving[1] = other;
    count = 2;
    c = other;
    for (;;) {
        q = pos[c] + g->two_rows;
        other = occ[q];
        if (other < 0) {
            if (cell[q] < 0)
                return g->status[car] == 0;
            break;
        }
        g->hits += 1;
        left = lives[other];
        if (left && g->awards == NULL)
            lives[other] = left - 1;
        else if (bump(g, other))
            break;
        if (count == g->cars) {  /* never: a chain holds each car once */
            g->fallback = 1;
            return 0;
        }
        moving[count++] = other;
        c = other;
    }
    for (i = 0; i < count / 2; i++) {  /* moving.reverse() */
        swap = moving[i];
        moving[i] = moving[count - 1 - i];
        moving[count - 1 - i] = swap;
    }
    return shift(g, moving, count, 0, car);
}

static int hold(Race *g, int car, int home, int p) {  /* hold(car, home, p) */
    g->occ[home] = -1;
    g->occ[home + g->width] = -1;
    g->occ[p] = car;
    g->occ[p + g->width] = car;
    return p;
}

/* end_qualifying(): the rest of this turn's order is dropped and the finals start; play_fast's two
 * ValueError cases (too few finals positions, one not free) leave the race to play_fast. */
static void end_qualifying(Race *g) {
    int c, i, p;
    g->nlive = 0;
    g->turn_over = 1;
    for (c = 0; c < g->cars; c++)
        if (g->status[c] == 0)
            remove_car(g, c, 3);
    g->qualifying = 0;
    if (!g->nqualified) {
        g->over = 1;
        return;
    }
    if (g->nfinals < g->nqualified) {
        g->fallback = 1;
        return;
    }
    for (i = 0; i < g->nqualified; i++) {
        c = g->qualified[i];
        p = g->finals[i];
        if (g->occ[p] >= 0 || g->cell[p] < 0 || g->occ[p + g->width] >= 0 || g->cell[p + g->width] < 0) {
            g->fallback = 1;
            return;
        }
        g->pos[c] = p;
        g->occ[p] = c;
        g->occ[p + g->width] = c;
        g->status[c] = 0;
    }
    g->racing = g->nqualified;
    memcpy(g->live, g->qualified, sizeof(int) * (size_t)g->nqualified);
    g->nlive = g->nqualified;
}

/* the car crossed the line with its own steps (play_fast: `cross(car)`, then qualifying ends when the
 * finalists are in) */
static void cross_on_a_roll(Race *g, int car) {
    cross(g, car);
    if (g->qualifying && g->nqualified >= g->finalists)
        end_qualifying(g);
}

/* -- the roll of one car and the race ------------------------------------------------------------------ */

static int draw(PyObject *random, int *face) {  /* floor(rnd() * 6.0), or -1; -1 returned on an error */
    PyObject *x = PyObject_CallNoArgs(random);
    double value;
    if (x == NULL)
        return -1;
    value = PyFloat_AsDouble(x);
    Py_DECREF(x);
    if (value == -1.0 && PyErr_Occurred())
        return -1;
    value = floor(value * 6.0);
    *face = value >= 0.0 && value < 6.0 ? (int)value : -1;  /* -1: not a face, the race falls back */
    return 0;
}

/* One roll of `car`: the body of play_fast's `for car in live:` loop; -1 on a Python error. */
static int roll(Race *g, PyObject *random, int car) {
    int *cell = g->cell, *occ = g->occ, *pos = g->pos, *lives = g->lives, width = g->width;
    int home = pos[car], p, q, r, side, n, mines, more, other, po, qo, ro, end, front, going, face, way = 0;
    int pair[2], broke = 0;
    if (home < 0)
        return 0;  /* put off the track earlier in this turn */
    if (g->awards != NULL)
        awards_start_roll(g->awards, car);
    if (draw(random, &face) < 0 || (g->two_dice && draw(random, &way) < 0))
        return -1;
    if (g->two_dice)
        face = face < 0 || way < 0 ? -1 : face * 6 + way;
    if (face < 0) {
        g->fallback = 1;
        return 0;
    }
    side = g->dice[face][0];
    n = g->dice[face][1];
    p = home;
    if (side) {
        q = p + side;
        r = q + width;
        mines = cell[q];
        more = cell[r];
        if (occ[q] < 0 && occ[r] < 0) {  /* nobody beside */
            if (n && !mines && !more) {
                p = q;  /* written into `occ` with the straight steps */
            } else if (mines >= 0 && more >= 0) {  /* no wall, not the edge */
                occ[p] = -1;
                occ[p + width] = -1;
                occ[q] = car;
                occ[r] = car;
                pos[car] = p = home = q;
                if (mines && take_mine(g, q, car)) {
                    p = home = -1;
                    n = 0;
                }
                if (more && p >= 0 && take_mine(g, r, car)) {
                    p = home = -1;
                    n = 0;
                }
            } else if (mines == g->edge) {
                g->exits += 1;
                if (damage(g, car, g->edge_damage)) {
                    p = home = -1;
                    n = 0;
                }
            }  /* else a wall beside: the car stays, and goes on straight */
        } else {
            other = occ[q] >= 0 ? occ[q] : occ[r];
            po = pos[other];
            qo = po + side;
            ro = qo + width;
            if (g->awards == NULL
                && lives[other] && (occ[r] == -1 || occ[r] == other) && mines >= 0 && more >= 0 && cell[qo] >= 0
                && cell[ro] >= 0 && occ[qo] < 0 && occ[ro] < 0) {
                /* one car beside, that survives the bump and has free cells beside it: both move */
                g->hits += 1;
                lives[other] -= 1;
                occ[po] = occ[po + width] = occ[p] = occ[p + width] = -1;
                occ[qo] = occ[ro] = other;
                occ[q] = occ[r] = car;
                pos[other] = qo;
                pos[car] = p = q;
                pair[0] = other;
                pair[1] = car;
                if ((cell[qo] || cell[ro] || mines || more) && !land(g, pair, 2, side, car)) {
                    p = -1;
                    n = 0;
                }
            } else if (!wave(g, car, side)) {
                p = -1;
                n = 0;
            } else {
                p = pos[car];
            }
            home = p;
        }
    }
    /* straight steps; `p` is the car's rear cell, written to pos[car] before anything reads it */
    while (n && !broke) {
        q = p + g->two_rows;
        if (occ[q] >= 0) {  /* a car ahead */
            if (home != p)
                home = hold(g, car, home, p);
            n -= 1;
            pos[car] = p;
            going = push(g, car, p);
            if (g->qualifying && g->nqualified >= g->finalists) {
                end_qualifying(g);
                broke = 1;
            } else if (!going || g->fallback) {
                broke = 1;
            } else {
                home = p = pos[car];
            }
            continue;
        }
        mines = cell[q];
        if (!mines) {
            /* a free cell ahead: run on over every free cell (the pads above the line stop a car beyond
             * it), then move once */
            end = p + (n + 1) * width;
            front = q;
            while (front < end && occ[front + width] < 0 && !cell[front + width])
                front += width;
            occ[home] = -1;
            occ[home + width] = -1;
            p = front - width;
            occ[p] = car;
            occ[front] = car;
            pos[car] = p;
            if (p >= g->finish) {
                cross_on_a_roll(g, car);
                broke = 1;
            } else if (front == end) {
                broke = 1;
            } else {
                home = p;
                n = (end - front) / width;
            }
            continue;
        }
        if (home != p)
            home = hold(g, car, home, p);
        if (mines < 0) {
            pos[car] = p;
            broke = 1;  /* a wall ahead: every step left is the same blocked step */
            continue;
        }
        n -= 1;  /* a step onto mines */
        occ[p] = -1;
        occ[q] = car;
        p += width;
        pos[car] = p;
        if (p >= g->finish) {
            cross_on_a_roll(g, car);
            broke = 1;
            continue;
        }
        if (take_mine(g, q, car))
            broke = 1;
        else
            home = p;
    }
    if (!broke)
        pos[car] = p;  /* the loop's `else:`: -1 again for a car put off the track by its sideways step */
    if (g->awards != NULL)
        awards_roll(g->awards);
    return 0;
}

/* live.sort(key=pos, reverse=True); del live[racing:]. An insertion sort, stable as Python's (only cars
 * off the track, at -1, tie): the order kept from the last turn is nearly sorted. */
static void order_cars(Race *g) {
    int *live = g->live, *pos = g->pos, i, j, car;
    for (i = 1; i < g->nlive; i++) {
        car = live[i];
        for (j = i; j > 0 && pos[live[j - 1]] < pos[car]; j--)
            live[j] = live[j - 1];
        live[j] = car;
    }
    if (g->nlive > g->racing)
        g->nlive = g->racing;
}

/* The start state, the `while not over:` loop of play_fast, and its result. */
static PyObject *play_race(Race *g, PyObject *random) {
    int c, i, phase_qualifying, n = g->n, cars = g->cars;
    long long mines_left = g->blocked;
    g->cell[-1] = g->edge;  /* the last pad, as Python's cell[-1] and occ[-1] */
    g->occ[-1] = -1;
    memcpy(g->cell, g->start, sizeof(int) * (size_t)n);
    memcpy(g->occ, g->start + n, sizeof(int) * (size_t)n);
    memcpy(g->pos, g->start + 2 * n, sizeof(int) * (size_t)cars);
    memcpy(g->lives, g->start + 2 * n + cars, sizeof(int) * (size_t)cars);
    for (c = 0; c < cars; c++) {
        g->status[c] = 0;
        g->live[c] = c;
    }
    g->nqualified = g->nfinished = g->fallback = g->over = 0;
    g->nlive = g->racing = cars;
    g->qualifying = 1;
    g->qualifying_turns = g->finals_turns = g->hits = g->exits = g->mines_taken = g->eliminations = 0;
    g->stuck = 0;
    if (g->awards != NULL)
        awards_reset(g->awards);
    while (!g->over) {
        if (g->qualifying)
            g->qualifying_turns += 1;
        else
            g->finals_turns += 1;
        phase_qualifying = g->qualifying;
        order_cars(g);
        g->turn_over = 0;
        for (i = 0; i < g->nlive && !g->turn_over; i++) {
            if (roll(g, random, g->live[i]) < 0)
                return NULL;
            if (g->fallback)
                Py_RETURN_NONE;
        }
        if (g->qualifying != phase_qualifying)
            continue;  /* qualifying ended during the turn, and so did the turn */
        if (g->racing && (g->qualifying ? g->qualifying_turns : g->finals_turns) >= g->turn_cap) {
            for (c = 0; c < cars; c++) {
                if (g->status[c] == 0) {
                    g->stuck += 1;
                    remove_car(g, c, 3);
                }
            }
        }
        if (!g->racing && g->qualifying)
            end_qualifying(g);
        else if (!g->racing)
            g->over = 1;
        if (g->fallback)
            Py_RETURN_NONE;
    }
    for (i = 0; i < n; i++)
        mines_left += g->cell[i];
    return Py_BuildValue("(LLiLLLLLLiN)", g->qualifying_turns, g->finals_turns, g->nqualified, g->eliminations,
                         mines_left, g->hits, g->exits, g->mines_taken, g->stuck,
                         g->nfinished ? g->finished[0] : -1, awards_holders(g->awards));
}

/* Race.play(random): one race; a `random` that calls play() on the same Race again is refused (both
 * races would share one state block). */
static PyObject *Race_play(PyObject *self, PyObject *random) {
    Race *g = (Race *)self;
    PyObject *result;
    if (g->cell == NULL) {
        PyErr_SetString(PyExc_ValueError, "Race() was not set up");
        return NULL;
    }
    if (g->playing) {
        PyErr_SetString(PyExc_RuntimeError, "Race.play() was called again while it plays a race");
        return NULL;
    }
    g->playing = 1;
    result = play_race(g, random);
    g->playing = 0;
    return result;
}

/* -- Race(): the tables as C arrays, once per batch ---------------------------------------------------- */

static int ints(PyObject *tuple, int *out) {
    /* The ints of `tuple` into `out` (as many as it holds); -1 with an error. */
    Py_ssize_t i;
    long value;
    for (i = 0; i < PyTuple_GET_SIZE(tuple); i++) {
        value = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
        if (value == -1 && PyErr_Occurred())
            return -1;
        if (value < -(1L << 30) || value > (1L << 30)) {
            PyErr_SetString(PyExc_ValueError, "Race() takes small ints");
            return -1;
        }
        out[i] = (int)value;
    }
    return 0;
}

static int refuse(const char *what) {
    PyErr_Format(PyExc_ValueError, "not a board the compiled race step races: %s", what);
    return -1;
}

/* The checks and the C arrays of Race(), from the tables as tuples; -1 with an error. */
static int set_up(Race *g, PyObject *cell, PyObject *occ, PyObject *pos, PyObject *lives, PyObject *finals,
                  PyObject *dice) {
    Py_ssize_t n = PyTuple_GET_SIZE(cell), cars = PyTuple_GET_SIZE(pos), i = PyTuple_GET_SIZE(dice), held;
    int w = g->width, *start;
    int dice_ints[72];
    /* what keeps every index of play in -1 .. n - 1: rows of `width` cells, the line three rows from the
     * top, cars and finals below the row beyond the line */
    if (w < 2 || w > MAX_LANES + 1 || n < 3 * (Py_ssize_t)w || n % w || n > (1 << 24) || g->finish % w
        || (Py_ssize_t)g->finish + 3 * w != n || g->edge >= -1 || cars < 1 || cars > (1 << 16)
        || PyTuple_GET_SIZE(occ) != n || PyTuple_GET_SIZE(lives) != cars || PyTuple_GET_SIZE(finals) > (1 << 16))
        return refuse("sizes");
    if (i != 12 && i != 72)
        return refuse("dice");
    if (g->edge_damage < 0 || g->edge_damage > (1 << 30))  /* lives - damage stays an int */
        return refuse("edge damage");
    g->n = (int)n;
    g->cars = (int)cars;
    g->nfinals = (int)PyTuple_GET_SIZE(finals);
    g->two_rows = 2 * w;
    g->two_dice = i == 72;
    start = g->start = PyMem_Calloc((size_t)(2 * n + 2 * cars + g->nfinals + 1), sizeof(int));
    g->block = PyMem_Calloc((size_t)(2 * n + 2 + 8 * cars), sizeof(int));
    if (start == NULL || g->block == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    g->finals = start + 2 * n + 2 * cars;
    if (ints(cell, start) < 0 || ints(occ, start + n) < 0 || ints(pos, start + 2 * n) < 0
        || ints(lives, start + 2 * n + cars) < 0 || ints(finals, g->finals) < 0 || ints(dice, dice_ints) < 0)
        return -1;
    for (i = 0; i < n; i++) {
        if (i % w == w - 1 || i >= n - w ? start[i] != g->edge || start[n + i] != -1 : start[i] == g->edge)
            return refuse("pads");
        if (start[n + i] < -1 || start[n + i] >= cars)
            return refuse("occupancy");
    }
    /* each car holds its two cells and no other cell is held (no car overlaps another): play reads the
     * position of the car a held cell names, and that position must be the car's */
    for (i = 0, held = 0; i < n; i++)
        held += start[n + i] >= 0;
    if (held != 2 * cars)
        return refuse("car cells");
    for (i = 0; i < cars; i++)
        if (start[2 * n + i] < 0 || start[2 * n + i] >= n - 2 * w || start[n + start[2 * n + i]] != i
            || start[n + start[2 * n + i] + w] != i)
            return refuse("car cells");
    for (i = 0; i < cars; i++)
        if (start[2 * n + cars + i] < 0)
            return refuse("lives");
    for (i = 0; i < g->nfinals; i++)
        if (g->finals[i] < 0 || g->finals[i] >= n - 2 * w)
            return refuse("finals cells");
    for (i = 0; i < (g->two_dice ? 36 : 6); i++) {
        g->dice[i][0] = dice_ints[2 * i];
        g->dice[i][1] = dice_ints[2 * i + 1];
        if (g->dice[i][0] < -1 || g->dice[i][0] > 1 || g->dice[i][1] < 0 || g->dice[i][1] > 6)
            return refuse("dice");
    }
    g->cell = g->block + 1;
    g->occ = g->cell + n + 1;
    g->pos = g->occ + n;
    g->lives = g->pos + cars;
    g->status = g->lives + cars;
    g->qualified = g->status + cars;
    g->finished = g->qualified + cars;
    g->live = g->finished + cars;
    g->moving = g->live + cars;
    g->seen = g->moving + cars;
    return 0;
}

/* Race(...): the tables, copied into tuples first (a list that changes while its ints are read changes
 * nothing here), checked and converted; -1 with an error. */
static int Race_init(PyObject *self, PyObject *args, PyObject *kwds) {
    Race *g = (Race *)self;
    PyObject *given[6], *seq[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    int k, done = -1, awards = 0;
    (void)kwds;
    if (g->block != NULL)
        return refuse("Race() is set up once");
    if (!PyArg_ParseTuple(args, "iiiiOOOOOOLii|p:Race", &g->width, &g->finish, &g->finalists, &g->blocked,
                          &given[0], &given[1], &given[2], &given[3], &given[4], &given[5], &g->turn_cap,
                          &g->edge, &g->edge_damage, &awards))
        return -1;
    for (k = 0; k < 6; k++)
        if ((seq[k] = PySequence_Tuple(given[k])) == NULL)
            break;
    if (k == 6)
        done = set_up(g, seq[0], seq[1], seq[2], seq[3], seq[4], seq[5]);
    for (k = 0; k < 6; k++)
        Py_XDECREF(seq[k]);
    if (done == 0 && awards && (g->awards = awards_new(g->cars)) == NULL)
        done = -1;
    if (done < 0) {  /* not set up: play() refuses, and Race() may be called again */
        PyMem_Free(g->start);
        PyMem_Free(g->block);
        g->start = g->block = g->cell = NULL;
    }
    return done;
}

static void Race_dealloc(PyObject *self) {
    PyMem_Free(((Race *)self)->start);
    PyMem_Free(((Race *)self)->block);
    awards_free(((Race *)self)->awards);
    Py_TYPE(self)->tp_free(self);
}

static PyMethodDef Race_methods[] = {
    {"play", Race_play, METH_O,
     "play(random): the tuple of fastrace.play_fast (with the awards when Race() keeps them) for one race "
     "drawn with `random` (the bound `random` method of the race's random.Random), or None for a race left "
     "to play_fast."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RaceType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pnp.games.mdd._race.Race",
    .tp_basicsize = sizeof(Race),
    .tp_dealloc = Race_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Race(width, finish, finalists, blocked, cell, occ, pos, lives, finals, dice, turn_cap, edge, "
              "edge_damage[, awards]): one board's RaceTables and the options as C arrays (see the module).",
    .tp_methods = Race_methods,
    .tp_init = Race_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef race_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "pnp.games.mdd._race",
    .m_doc = "The compiled race step of `pnp mdd simulate` (fastrace.play_fast, in C).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__race(void) {
    PyObject *module;
    if (PyType_Ready(&RaceType) < 0 || (module = PyModule_Create(&race_module)) == NULL)
        return NULL;
    if (PyModule_AddStringConstant(module, "SOURCE", RACE_SOURCE) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&RaceType);
    if (PyModule_AddObject(module, "Race", (PyObject *)&RaceType) < 0) {
        Py_DECREF(&RaceType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
