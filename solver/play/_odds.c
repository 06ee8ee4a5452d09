/* The optimal-policy table of the solitaire model, compiled.
 *
 * The solitaire model: the player holds a resting hand; each turn they draw one card of the pool
 * (the deck less the hand, each joker copy once), cut if some discard leaves a close, and else
 * discard any card. E(h) = 1 + sum_c w(c)/N [0 if h+c cuts else min_d E(h+c-d)].
 *
 * A hand is one class per order of its suits: its suits' rank masks sorted (highest first),
 * packed `nranks` bits a suit, the highest mask in the highest bits, under its jokers from bit
 * 58. So keys in ascending order are the classes in rank order (see "a class's rank"), and a
 * class's place in every list is its rank, computed from its masks with no lookup.
 *
 * Python says which resting classes are closes (from the compiled meld search, so the rules live
 * in one place); this file lists the classes, links each hand after the draw to the resting
 * classes it keeps, and sets every value once, smallest first (see "setting the labels": a
 * hand's value depends only on hands of smaller value, as in Dijkstra's algorithm). A Bellman
 * sweep over the finished table then checks it, and the policy it implies gives the chance to
 * cut within 1..HORIZON turns.
 *
 * Python reaches it through one class, Shape(*, suits, ranks, jokers, size): its classes(),
 * ranks(keys) and solve(...), answering in named tuples (Classes, Built). Names say which side
 * of the draw they count: `resting` (the hand's size at rest: 7 in Conga, 10 in Gin) and `drawn`
 * (one card more). The counts ranks() keeps between calls live in the module's state, under a
 * lock; the worker threads of a build each flag a failure in a slot of their own, read once they
 * are joined.
 *
 * Memory: the kept classes of every hand after the draw are the largest array, and the edges of
 * the resting classes (as many entries) the next; the edges are built from the resting side into
 * the kept classes' own memory once the policy no longer needs them, so the two never coexist.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../backends/bits.h"

#define MAX_SUITS 8
#define MAX_RANKS 16
#define JOKER_SHIFT 58
#define HORIZON 20

typedef struct {
    int nsuits, nranks, jokers, size;
} Shape;

/* Where suit place s sits in a key: the first (highest) mask in the highest bits. */
static int shift_of(const Shape *g, int s) { return (g->nsuits - 1 - s) * g->nranks; }

static uint64_t pack(const Shape *g, uint32_t *masks, int j) {
    /* insertion sort, highest first: the order of suits does not matter */
    for (int a = 1; a < g->nsuits; a++)
        for (int b = a; b > 0 && masks[b] > masks[b - 1]; b--) {
            uint32_t x = masks[b];
            masks[b] = masks[b - 1];
            masks[b - 1] = x;
        }
    uint64_t key = (uint64_t)j << JOKER_SHIFT;
    for (int s = 0; s < g->nsuits; s++) key |= (uint64_t)masks[s] << shift_of(g, s);
    return key;
}

static void unpack(const Shape *g, uint64_t key, uint32_t *masks, int *j) {
    uint32_t all = (1u << g->nranks) - 1;
    for (int s = 0; s < g->nsuits; s++) masks[s] = (uint32_t)(key >> shift_of(g, s)) & all;
    *j = (int)(key >> JOKER_SHIFT);
}

/* ---- a class's rank: its place in a table file, found without a list of keys ----
 *
 * Classes are ordered by their jokers, then by their suits' masks (highest first) compared in
 * turn. below[s][L][x] counts the ways suits s.. can hold L cards with suit s's mask under x (and
 * every later mask at most the one before it), so a class's rank is its jokers' offset plus, for
 * each suit, the ways that suit could have held a smaller mask. */

typedef struct {
    int nsuits, size;
    size_t wide; /* masks of one suit, plus one */
    uint64_t *below;
    uint64_t offset[16 + 1];
} Ranks;

static uint64_t *below_at(const Ranks *r, int s, int left) {
    return r->below + ((size_t)s * (r->size + 1) + left) * r->wide;
}

static int make_ranks(const Shape *g, int size, Ranks *r) {
    r->nsuits = g->nsuits;
    r->size = size;
    r->wide = ((size_t)1 << g->nranks) + 1;
    r->below = malloc(sizeof *r->below * g->nsuits * (size + 1) * r->wide);
    if (!r->below) return -1;
    for (int s = g->nsuits - 1; s >= 0; s--)
        for (int left = 0; left <= size; left++) {
            uint64_t *row = below_at(r, s, left);
            row[0] = 0;
            for (size_t x = 0; x + 1 < r->wide; x++) {
                int used = popcount32((uint32_t)x);
                uint64_t ways = 0;
                if (used <= left)
                    ways = s + 1 == g->nsuits ? used == left
                                              : below_at(r, s + 1, left - used)[x + 1];
                row[x + 1] = row[x] + ways;
            }
        }
    r->offset[0] = 0;
    for (int j = 0; j < 16; j++) {
        int held = j <= g->jokers && j <= size;
        r->offset[j + 1] = r->offset[j] + (held ? below_at(r, 0, size - j)[r->wide - 1] : 0);
    }
    return 0;
}

/* A class's hand: its suits' masks (highest first), the cards in each, its jokers. */
typedef struct {
    uint32_t masks[MAX_SUITS];
    int counts[MAX_SUITS];
    int j;
} Held;

static void hold(const Shape *g, uint64_t key, Held *h) {
    unpack(g, key, h->masks, &h->j);
    for (int s = 0; s < g->nsuits; s++) h->counts[s] = popcount32(h->masks[s]);
}

/* The rank of h's masks with j jokers, among the classes r counts. */
static uint64_t rank_held(const Ranks *r, const Held *h, int j) {
    uint64_t rank = r->offset[j];
    int left = r->size - j;
    for (int s = 0; s < r->nsuits; s++) {
        rank += below_at(r, s, left)[h->masks[s]];
        left -= h->counts[s];
    }
    return rank;
}

/* The rank of h with suit place s's mask changed to m, of c cards: m moves right (left) past
 * the larger (smaller) masks, so the masks stay in order. */
static uint64_t moved_rank(const Ranks *r, const Held *h, int s, uint32_t m, int c) {
    int to = s;
    while (to + 1 < r->nsuits && h->masks[to + 1] > m) to++;
    while (to > 0 && h->masks[to - 1] < m) to--;
    uint64_t rank = r->offset[h->j];
    int left = r->size - h->j;
    for (int k = 0; k < r->nsuits; k++) {
        int from = k == to   ? -1
                   : to >= s ? (k < s || k > to ? k : k + 1)
                             : (k < to || k > s ? k : k - 1);
        rank += below_at(r, k, left)[from < 0 ? m : h->masks[from]];
        left -= from < 0 ? c : h->counts[from];
    }
    return rank;
}

static uint64_t rank_of(const Shape *g, const Ranks *r, uint64_t key) {
    Held h;
    hold(g, key, &h);
    return rank_held(r, &h, h.j);
}

/* Is this the key of a class of `size` cards: masks in order, inside the deck? */
static int is_class(const Shape *g, int size, uint64_t key) {
    uint32_t masks[MAX_SUITS];
    int j, cards = 0, sorted = 1;
    unpack(g, key, masks, &j);
    for (int s = 0; s < g->nsuits; s++) {
        cards += popcount32(masks[s]);
        if (s && masks[s] > masks[s - 1]) sorted = 0;
    }
    return sorted && j <= g->jokers && cards + j == size &&
           !((key & ~((uint64_t)0xF << JOKER_SHIFT)) >> (g->nsuits * g->nranks));
}

/* Are these the resting classes, each at its rank? (-1: out of memory) */
static int all_classes(const Shape *g, const uint64_t *keys, size_t n) {
    Ranks r = {0};
    if (make_ranks(g, g->size, &r)) {
        free(r.below);
        return -1;
    }
    int whole = n == r.offset[16]; /* every class, of every number of jokers */
    for (size_t i = 0; i < n && whole; i++)
        whole = is_class(g, g->size, keys[i]) && rank_of(g, &r, keys[i]) == i;
    free(r.below);
    return whole;
}

/* ---- listing the classes ---- */

typedef struct {
    uint64_t *keys;
    size_t n, cap;
} Keys;

static int push(Keys *k, uint64_t key) {
    if (k->n == k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 1024;
        uint64_t *grown = realloc(k->keys, cap * sizeof *grown);
        if (!grown) return -1;
        k->keys = grown;
        k->cap = cap;
    }
    k->keys[k->n++] = key;
    return 0;
}

/* Suit masks in non-increasing order with `left` cards still to place: each class once.
 * bypop[c] lists the masks of c cards, highest first. */
static int list_from(const Shape *g, const Keys *bypop, uint32_t *masks, int suit, int left,
                     uint32_t bound, int j, Keys *out) {
    if (suit == g->nsuits) {
        if (left) return 0;
        uint32_t copy[MAX_SUITS];
        memcpy(copy, masks, sizeof copy);
        return push(out, pack(g, copy, j));
    }
    int room = (g->nsuits - suit - 1) * g->nranks; /* what the later suits can still take */
    for (int c = left < g->nranks ? left : g->nranks; c >= 0 && left - c <= room; c--) {
        if (suit + 1 == g->nsuits && c != left) continue;
        const Keys *list = &bypop[c];
        for (size_t i = 0; i < list->n; i++) {
            uint32_t m = (uint32_t)list->keys[i];
            if (m > bound) continue;
            masks[suit] = m;
            if (list_from(g, bypop, masks, suit + 1, left - c, m, j, out)) return -1;
        }
    }
    return 0;
}

/* Each key moved to its rank: the keys in ascending order. */
static int in_rank_order(const Shape *g, int size, Keys *k) {
    Ranks r = {0};
    uint64_t *ordered = malloc((k->n ? k->n : 1) * sizeof *ordered);
    int failed = !ordered || make_ranks(g, size, &r);
    for (size_t i = 0; i < k->n && !failed; i++) {
        uint64_t rank = rank_of(g, &r, k->keys[i]);
        failed = rank >= k->n;
        if (!failed) ordered[rank] = k->keys[i];
    }
    free(r.below);
    if (failed) {
        free(ordered);
        return -1;
    }
    free(k->keys);
    k->keys = ordered;
    k->cap = k->n;
    return 0;
}

static int list_classes(const Shape *g, int size, Keys *out) {
    uint32_t masks[MAX_SUITS] = {0};
    Keys bypop[MAX_RANKS + 1] = {{0}};
    int failed = 0;
    for (int64_t m = (1 << g->nranks) - 1; m >= 0 && !failed; m--)
        failed = push(&bypop[popcount32((uint32_t)m)], (uint64_t)m);
    for (int j = 0; j <= g->jokers && j <= size && !failed; j++)
        failed = list_from(g, bypop, masks, 0, size - j, (1u << g->nranks) - 1, j, out);
    for (int c = 0; c <= MAX_RANKS; c++) free(bypop[c].keys);
    return failed ? -1 : in_rank_order(g, size, out);
}

/* The real hands a class stands for: orders of its suits, times the choices of joker copies. */
static double hands_in(const Shape *g, uint64_t key) {
    uint32_t masks[MAX_SUITS];
    int j;
    unpack(g, key, masks, &j);
    double count = 1;
    for (int s = 1; s <= g->nsuits; s++) count *= s;
    for (int s = 0, run = 1; s < g->nsuits; s++, run++) {
        if (s + 1 == g->nsuits || masks[s + 1] != masks[s]) {
            for (int r = 2; r <= run; r++) count /= r;
            run = 0;
        }
    }
    for (int r = 0; r < j; r++) count = count * (g->jokers - r) / (r + 1);
    return count;
}

static int check_shape(const Shape *g) {
    if (g->nsuits < 1 || g->nsuits > MAX_SUITS || g->nranks < 1 || g->nranks > MAX_RANKS ||
        g->nsuits * g->nranks > JOKER_SHIFT || g->jokers < 0 || g->jokers > 15 || g->size < 1 ||
        g->size + 1 > g->nsuits * g->nranks + g->jokers) {
        PyErr_SetString(PyExc_ValueError, "a deck of 1-8 suits of 1-16 ranks, 0-15 jokers");
        return -1;
    }
    return 0;
}

/* ---- work in parts ---- */

/* The passes over every class split it in contiguous parts, one thread each; every class's
 * result depends on nothing but the class, so the tables are the same on any machine. */
#define MAX_PARTS 4

typedef void (*PartFn)(void *ctx, int part, int parts);

typedef struct {
    PartFn fn;
    void *ctx;
    int part, parts;
} Job;

static void run_part(Job *job) { job->fn(job->ctx, job->part, job->parts); }

/* The same three steps on either system's threads: start parts 1.., run part 0 here, wait for
 * the others (a part whose thread could not be started runs here too). */
#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

static int parts_here(void) {
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    DWORD cpus = info.dwNumberOfProcessors;
    return cpus < 1 ? 1 : cpus > MAX_PARTS ? MAX_PARTS : (int)cpus;
}

static DWORD WINAPI run_job(LPVOID arg) {
    run_part(arg);
    return 0;
}

static void in_parts(PartFn fn, void *ctx, int parts) {
    HANDLE threads[MAX_PARTS] = {0};
    Job jobs[MAX_PARTS];
    for (int p = 0; p < parts; p++) jobs[p] = (Job){fn, ctx, p, parts};
    for (int p = 1; p < parts; p++)
        threads[p] = CreateThread(NULL, 0, run_job, &jobs[p], 0, NULL);
    run_part(&jobs[0]);
    for (int p = 1; p < parts; p++) {
        if (threads[p]) {
            WaitForSingleObject(threads[p], INFINITE);
            CloseHandle(threads[p]);
        } else {
            run_part(&jobs[p]);
        }
    }
}
#else
#include <pthread.h>
#include <unistd.h>

static int parts_here(void) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus < 1 ? 1 : cpus > MAX_PARTS ? MAX_PARTS : (int)cpus;
}

static void *run_job(void *arg) {
    run_part(arg);
    return NULL;
}

static void in_parts(PartFn fn, void *ctx, int parts) {
    pthread_t threads[MAX_PARTS];
    Job jobs[MAX_PARTS];
    int started[MAX_PARTS] = {0};
    for (int p = 0; p < parts; p++) jobs[p] = (Job){fn, ctx, p, parts};
    for (int p = 1; p < parts; p++)
        started[p] = pthread_create(&threads[p], NULL, run_job, &jobs[p]) == 0;
    run_part(&jobs[0]);
    for (int p = 1; p < parts; p++) {
        if (started[p]) pthread_join(threads[p], NULL);
        else run_part(&jobs[p]);
    }
}
#endif

static void part_range(size_t n, int part, int parts, size_t *lo, size_t *hi) {
    *lo = n * (size_t)part / (size_t)parts;
    *hi = n * (size_t)(part + 1) / (size_t)parts;
}

/* ---- the model ---- */

/* A kept class of a hand after the draw, or an edge of a resting class (the class the policy keeps
 * after one draw): the class in the high bits, and in the low WEIGHT_BITS how many pool cards
 * lead from the resting class to the hand after the draw. */
#define WEIGHT_BITS 6
#define WEIGHT_MASK ((1u << WEIGHT_BITS) - 1)
#define NONE UINT32_MAX
#define CLASSES_NAMED (UINT32_MAX >> WEIGHT_BITS) /* an entry names fewer classes than this */
/* cut_drawn's marks for a hand after the draw: it cuts; it does not, and its value is settled */
#define CUT 1
#define SETTLED 2

typedef struct {
    Shape g;
    int parts;
    size_t nresting, ndrawn;
    const uint64_t *keys_resting;
    const uint8_t *close_resting;
    uint64_t *keys_drawn;
    Ranks ranks_resting, ranks_drawn; /* a class's place in its list: its rank */
    const double *hands_resting; /* the real hands each resting class stands for */
    uint8_t *cut_drawn;
    uint32_t *kept;    /* each hand after the draw: its distinct kept classes, NONE after */
    int stride;
    uint32_t *start;   /* the draws of resting class s: edge[start[s]] .. edge[start[s+1]-1] */
    uint32_t *edge;
    int32_t *best_kept;     /* after the draw: the best kept class (-1: it cuts) */
    double *E;
    int pool;
    int steps;         /* a chance to cut is kept as a whole number of these */
    /* a part's thread sets its own flag when a class does not link up; read after the threads
     * are joined */
    int failed[MAX_PARTS];
} Model;

static int any_failed(const Model *m) {
    int failed = 0;
    for (int p = 0; p < MAX_PARTS; p++) failed |= m->failed[p];
    return failed;
}

static void free_model(Model *m) {
    free(m->keys_drawn);
    free(m->ranks_resting.below);
    free(m->ranks_drawn.below);
    free(m->cut_drawn);
    free(m->kept);
    free(m->start);
    free(m->edge);
    free(m->best_kept);
}

#if defined(__GNUC__) || defined(__clang__)
#define prefetch(p) __builtin_prefetch(p)
#else
#define prefetch(p) ((void)(p))
#endif

/* The classes of these ranks, of `classes` in all; -1 when one is past them. */
static int as_classes(const uint64_t *ranks, int n, size_t classes, int32_t *out) {
    for (int k = 0; k < n; k++) {
        if (ranks[k] >= classes) return -1;
        out[k] = (int32_t)ranks[k];
    }
    return 0;
}

/* The distinct resting classes a hand after the draw keeps, how many of its cards leave each,
 * and whether one of them closes. Suits of equal masks give the same classes: each run of them
 * is taken once. Returns how many, or -1 when a kept hand is not a class. */
static int kept_classes(const Model *m, uint64_t key, int32_t *out, uint8_t *times, int *cut) {
    const Shape *g = &m->g;
    uint64_t ranks[MAX_SUITS * MAX_RANKS + 1];
    Held h;
    int n = 0;
    hold(g, key, &h);
    for (int s = 0; s < g->nsuits; s++) {
        int run = 1;
        while (s + run < g->nsuits && h.masks[s + run] == h.masks[s]) run++;
        /* of a run of equal suits, the last one's card leaves the masks in order */
        int last = s + run - 1;
        for (uint32_t b = h.masks[s]; b; b &= b - 1) {
            uint32_t less = h.masks[s] & ~(b & (~b + 1));
            ranks[n] = moved_rank(&m->ranks_resting, &h, last, less, h.counts[s] - 1);
            times[n++] = (uint8_t)run;
        }
        s = last;
    }
    if (h.j) {
        ranks[n] = rank_held(&m->ranks_resting, &h, h.j - 1);
        times[n++] = (uint8_t)h.j;
    }
    if (as_classes(ranks, n, m->nresting, out)) return -1;
    /* the same class from different cards: one entry */
    int kept = 0;
    *cut = 0;
    for (int a = 0; a < n; a++) {
        int k = 0;
        while (k < kept && out[k] != out[a]) k++;
        if (k == kept) {
            out[kept] = out[a];
            times[kept++] = times[a];
        } else {
            times[k] += times[a];
        }
        *cut |= m->close_resting[out[a]];
    }
    return kept;
}

/* The distinct hands after the draw of resting class s (each class once), and how many pool
 * cards lead to each: a card of a run of equal suits, in any suit of the run (the first one's
 * card leaves the masks in order); a joker, any copy not in the hand. Different entries are
 * different classes: two suits' masks changed differently never make the same multiset. */
static int draws_of(const Model *m, uint64_t key, int32_t *out, uint8_t *times) {
    const Shape *g = &m->g;
    uint64_t ranks[MAX_SUITS * MAX_RANKS + 1];
    Held h;
    int n = 0;
    hold(g, key, &h);
    uint32_t all = (1u << g->nranks) - 1;
    for (int s = 0; s < g->nsuits; s++) {
        int run = 1;
        while (s + run < g->nsuits && h.masks[s + run] == h.masks[s]) run++;
        for (uint32_t b = all & ~h.masks[s]; b; b &= b - 1) {
            times[n] = (uint8_t)run;
            uint32_t more = h.masks[s] | (b & (~b + 1));
            ranks[n++] = moved_rank(&m->ranks_drawn, &h, s, more, h.counts[s] + 1);
        }
        s += run - 1;
    }
    if (h.j < g->jokers) {
        times[n] = (uint8_t)(g->jokers - h.j);
        ranks[n++] = rank_held(&m->ranks_drawn, &h, h.j + 1);
    }
    return as_classes(ranks, n, m->ndrawn, out) ? -1 : n;
}

/* How many entries draws_of gives, without looking any up. */
static int draw_count(const Shape *g, uint64_t key) {
    uint32_t masks[MAX_SUITS];
    int j, n = 0;
    unpack(g, key, masks, &j);
    for (int s = 0; s < g->nsuits; s++) {
        n += g->nranks - popcount32(masks[s]);
        while (s + 1 < g->nsuits && masks[s + 1] == masks[s]) s++;
    }
    return n + (j < g->jokers);
}

/* How many pool cards lead from resting class s to class t after the draw: the real pairs
 * (hand, drawn card) between them, counted from either side, give
 * hands(s) * weight = hands(t) * times. */
static uint32_t weight(const Model *m, double hands_drawn, int32_t s, int times) {
    return (uint32_t)(hands_drawn * times / m->hands_resting[s] + 0.5); /* a whole number, exactly */
}

/* ---- what each hand after the draw keeps ---- */

static void keep_part(void *ctx, int part, int parts) {
    Model *m = ctx;
    size_t lo, hi;
    part_range(m->ndrawn, part, parts, &lo, &hi);
    for (size_t t = lo; t < hi; t++) {
        int32_t kept[MAX_SUITS * MAX_RANKS + 1];
        uint8_t times[MAX_SUITS * MAX_RANKS + 1];
        int cut, n = kept_classes(m, m->keys_drawn[t], kept, times, &cut);
        if (n < 0 || n > m->stride) {
            m->failed[part] = 1;
            return;
        }
        m->cut_drawn[t] = cut ? CUT : 0;
        double hands_drawn = hands_in(&m->g, m->keys_drawn[t]);
        uint32_t *row = m->kept + t * (size_t)m->stride;
        for (int k = 0; k < m->stride; k++)
            row[k] = k < n ? (uint32_t)kept[k] << WEIGHT_BITS | weight(m, hands_drawn, kept[k], times[k])
                           : NONE;
    }
}

static int keep(Model *m) {
    m->stride = m->g.size + 1;
    m->cut_drawn = malloc(m->ndrawn);
    m->kept = malloc(m->ndrawn * (size_t)m->stride * sizeof *m->kept);
    if (!m->cut_drawn || !m->kept || make_ranks(&m->g, m->g.size, &m->ranks_resting)) return -1;
    in_parts(keep_part, m, m->parts);
    return any_failed(m) ? -2 : 0;
}

/* ---- setting the labels ---- */

/* A resting hand's value depends only on the hands of smaller value: with the draws whose best
 * kept class is still unknown counted as keeping the hand (min(x, unknown) = x), its equation
 *     x = 1 + (known + unknown * x) / N
 * has x = (N + known) / (N - unknown), and the smallest such x among the open hands is exact
 * (as in Dijkstra's algorithm: every other open hand's true value is at least as large). So the
 * hands are settled once each, smallest first, and each hand after the draw is settled by the
 * first of its kept classes to be. */

/* An open resting hand: the known part of its equation, its weight still unknown, where it
 * sits in the heap (OFF_HEAP: not in it; DONE: settled). */
#define OFF_HEAP (-1)
#define DONE (-2)
#define ARITY 4

typedef struct {
    Model *m;
    double *known;
    int32_t *pos;
    uint8_t *unknown;
    double *key; /* the heap: keys and classes side by side, so sifting reads two arrays */
    int32_t *cls;
    size_t n;
} Labels;

static int lower(const Labels *L, size_t a, double k, int32_t s) {
    return L->key[a] < k || (L->key[a] == k && L->cls[a] < s);
}

static void heap_set(Labels *L, size_t i, double k, int32_t s) {
    L->key[i] = k;
    L->cls[i] = s;
    L->pos[s] = (int32_t)i;
}

static void heap_up(Labels *L, size_t i, double k, int32_t s) {
    while (i > 0) {
        size_t up = (i - 1) / ARITY;
        if (lower(L, up, k, s) == 0) {
            heap_set(L, i, L->key[up], L->cls[up]);
            i = up;
        } else {
            break;
        }
    }
    heap_set(L, i, k, s);
}

static void heap_down(Labels *L, size_t i, double k, int32_t s) {
    for (;;) {
        size_t c = ARITY * i + 1, best = c;
        if (c >= L->n) break;
        for (size_t d = c + 1; d < c + ARITY && d < L->n; d++)
            if (lower(L, d, L->key[best], L->cls[best])) best = d;
        if (!lower(L, best, k, s)) break;
        heap_set(L, i, L->key[best], L->cls[best]);
        i = best;
    }
    heap_set(L, i, k, s);
}

static double tentative(const Labels *L, int32_t s) {
    return (L->m->pool + L->known[s]) / (L->m->pool - L->unknown[s]);
}

static int start_labels(Labels *L) {
    Model *m = L->m;
    L->known = calloc(m->nresting, sizeof *L->known);
    L->pos = malloc(m->nresting * sizeof *L->pos);
    L->unknown = malloc(m->nresting);
    L->key = malloc(m->nresting * sizeof *L->key);
    L->cls = malloc(m->nresting * sizeof *L->cls);
    if (!L->known || !L->pos || !L->unknown || !L->key || !L->cls) return -1;
    for (size_t s = 0; s < m->nresting; s++) {
        L->unknown[s] = (uint8_t)m->pool;
        L->pos[s] = OFF_HEAP;
    }
    for (size_t t = 0; t < m->ndrawn; t++) {
        if (m->cut_drawn[t] != CUT) continue;
        const uint32_t *row = m->kept + t * (size_t)m->stride;
        for (int k = 0; k < m->stride && row[k] != NONE; k++)
            L->unknown[row[k] >> WEIGHT_BITS] -= (uint8_t)(row[k] & WEIGHT_MASK);
    }
    L->n = 0;
    for (size_t s = 0; s < m->nresting; s++)
        if (L->unknown[s] < m->pool) heap_set(L, L->n++, tentative(L, (int32_t)s), (int32_t)s);
    for (size_t i = L->n; i-- > 0;) heap_down(L, i, L->key[i], L->cls[i]);
    return 0;
}

static void free_labels(Labels *L) {
    free(L->known);
    free(L->pos);
    free(L->unknown);
    free(L->key);
    free(L->cls);
}

/* Settle the smallest open hand: each hand after the draw it is the first to settle passes its
 * value to its other kept classes. */
static int settle_next(Labels *L) {
    Model *m = L->m;
    double value = L->key[0];
    int32_t s = L->cls[0];
    L->pos[s] = DONE;
    if (--L->n) heap_down(L, 0, L->key[L->n], L->cls[L->n]);
    m->E[s] = value;
    int32_t draws[MAX_SUITS * MAX_RANKS + 1];
    uint8_t times[MAX_SUITS * MAX_RANKS + 1];
    int n = draws_of(m, m->keys_resting[s], draws, times);
    if (n < 0) return -1;
    /* the scattered reads asked for first: the draws' marks and kept classes, then the open
     * hands those name */
    for (int d = 0; d < n; d++) {
        prefetch(&m->cut_drawn[draws[d]]);
        prefetch(m->kept + (size_t)draws[d] * (size_t)m->stride);
    }
    int open = 0;
    for (int d = 0; d < n; d++) {
        size_t t = (size_t)draws[d];
        if (m->cut_drawn[t]) continue; /* cuts, or settled already */
        m->cut_drawn[t] = SETTLED;
        draws[open++] = (int32_t)t;
        const uint32_t *row = m->kept + t * (size_t)m->stride;
        for (int k = 0; k < m->stride && row[k] != NONE; k++) {
            prefetch(&L->pos[row[k] >> WEIGHT_BITS]);
            prefetch(&L->known[row[k] >> WEIGHT_BITS]);
        }
    }
    for (int d = 0; d < open; d++) {
        const uint32_t *row = m->kept + (size_t)draws[d] * (size_t)m->stride;
        for (int k = 0; k < m->stride && row[k] != NONE; k++) {
            int32_t o = (int32_t)(row[k] >> WEIGHT_BITS);
            if (L->pos[o] == DONE) continue;
            uint32_t w = row[k] & WEIGHT_MASK;
            L->known[o] += w * value;
            L->unknown[o] -= (uint8_t)w;
            heap_up(L, L->pos[o] == OFF_HEAP ? L->n++ : (size_t)L->pos[o], tentative(L, o), o);
        }
    }
    return 0;
}

static int report(PyObject *progress, const char *stage, double done) {
    if (progress == Py_None) return 0;
    PyObject *r = PyObject_CallFunction(progress, "sd", stage, done);
    Py_XDECREF(r);
    return r ? 0 : -1;
}

static int set_labels(Model *m, PyObject *progress) {
    Labels L = {m, NULL, NULL, NULL, NULL, NULL, 0};
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    failed = start_labels(&L) || make_ranks(&m->g, m->g.size + 1, &m->ranks_drawn);
    Py_END_ALLOW_THREADS
    size_t step = m->nresting / 100 + 1, settled = 0;
    while (!failed && L.n) {
        Py_BEGIN_ALLOW_THREADS
        for (size_t k = 0; k < step && L.n && !failed; k++, settled++) failed = settle_next(&L);
        Py_END_ALLOW_THREADS
        if (!failed && (report(progress, "labels", (double)settled / m->nresting) || PyErr_CheckSignals()))
            failed = 2;
    }
    free_labels(&L);
    if (failed == 1) PyErr_NoMemory();
    if (failed) return -1;
    if (settled != m->nresting) {
        PyErr_Format(PyExc_ValueError, "%zu resting hands can never cut", m->nresting - settled);
        return -1;
    }
    return 0;
}

/* ---- checking the labels: one Bellman sweep ---- */

/* Each hand after the draw: its best kept class, from the labels alone (not from the order
 * they were settled in), the lower class on a tie. */
static void rank_part(void *ctx, int part, int parts) {
    Model *m = ctx;
    size_t lo, hi;
    part_range(m->ndrawn, part, parts, &lo, &hi);
    for (size_t t = lo; t < hi; t++) {
        const uint32_t *row = m->kept + t * (size_t)m->stride;
        double b = INFINITY;
        int32_t a = -1;
        for (int k = 0; k < m->stride && row[k] != NONE && m->cut_drawn[t] != CUT; k++) {
            int32_t o = (int32_t)(row[k] >> WEIGHT_BITS);
            if (m->E[o] < b || (m->E[o] == b && o < a)) {
                b = m->E[o];
                a = o;
            }
        }
        m->best_kept[t] = a;
    }
}

/* ---- every resting class's draws, as edges ---- */

/* An edge names the resting class the policy keeps after one draw, in the high bits, and how
 * many pool cards make that draw: the best kept class of the hand after the draw, or the hand
 * itself when that is as good (discard the drawn card). Keeping the hand is one of the kept
 * classes, so the value kept is the best one's either way. A draw that cuts names the class one
 * past the last (nresting), so the chances to cut read it as one more class, certain to cut. */

/* A resting class's edges, in draws_of's order. The reads of the policy and of its values are
 * scattered, so all of a class's are asked for before any is waited on. */
static void edge_part(void *ctx, int part, int parts) {
    Model *m = ctx;
    size_t lo, hi;
    part_range(m->nresting, part, parts, &lo, &hi);
    for (size_t s = lo; s < hi; s++) {
        int32_t draws[MAX_SUITS * MAX_RANKS + 1];
        uint8_t times[MAX_SUITS * MAX_RANKS + 1];
        int n = draws_of(m, m->keys_resting[s], draws, times);
        if (n < 0 || (uint32_t)n != m->start[s + 1] - m->start[s]) {
            m->failed[part] = 1;
            return;
        }
        for (int k = 0; k < n; k++) prefetch(&m->best_kept[draws[k]]);
        for (int k = 0; k < n; k++) {
            draws[k] = m->best_kept[draws[k]];
            if (draws[k] >= 0) prefetch(&m->E[draws[k]]);
        }
        uint32_t *edge = m->edge + m->start[s];
        for (int k = 0; k < n; k++) {
            int32_t a = draws[k];
            uint32_t next = a < 0            ? (uint32_t)m->nresting
                            : m->E[a] < m->E[s] ? (uint32_t)a
                                                : (uint32_t)s;
            edge[k] = next << WEIGHT_BITS | times[k];
        }
    }
}

/* The policy's edges, built in the memory of the kept classes (there are as many entries: each
 * edge is one kept class of one hand after the draw), which the policy has just been read from;
 * then the hands after the draw are let go. */
static int link_draws(Model *m) {
    m->best_kept = malloc(m->ndrawn * sizeof *m->best_kept);
    m->start = malloc((m->nresting + 1) * sizeof *m->start);
    if (!m->best_kept || !m->start) return -1;
    in_parts(rank_part, m, m->parts);
    uint64_t total = 0;
    for (size_t s = 0; s < m->nresting; s++) {
        m->start[s] = (uint32_t)total;
        total += (uint64_t)draw_count(&m->g, m->keys_resting[s]);
    }
    if (total > UINT32_MAX || total > m->ndrawn * (uint64_t)m->stride) return -2;
    m->start[m->nresting] = (uint32_t)total;
    m->edge = m->kept;
    m->kept = NULL;
    in_parts(edge_part, m, m->parts);
    free(m->best_kept);
    m->best_kept = NULL;
    free(m->keys_drawn);
    m->keys_drawn = NULL;
    if (any_failed(m)) return -2;
    uint32_t *fitted = realloc(m->edge, (size_t)total * sizeof *m->edge);
    if (fitted) m->edge = fitted;
    return 0;
}

typedef struct {
    Model *m;
    double change[MAX_PARTS];
} Sweep;

/* The Bellman operator on the settled labels, E'(s) = 1 + sum_c w/N [cut ? 0 : min over the kept
 * classes], where keeping s itself (discarding the drawn card) is one of them; and its largest
 * change, per part. The labels stay as they are: the sweep checks them. */
static void sweep_part(void *ctx, int part, int parts) {
    Sweep *sw = ctx;
    Model *m = sw->m;
    size_t lo, hi;
    part_range(m->nresting, part, parts, &lo, &hi);
    double change = 0;
    for (size_t s = lo; s < hi; s++) {
        double here = m->E[s], total = 0;
        for (uint32_t e = m->start[s]; e < m->start[s + 1]; e++) {
            uint32_t next = m->edge[e] >> WEIGHT_BITS;
            if (next != m->nresting) total += (m->edge[e] & WEIGHT_MASK) * m->E[next];
        }
        double d = fabs(1 + total / m->pool - here);
        if (!(d <= change)) change = d; /* NaN or infinity too */
    }
    sw->change[part] = change;
}

/* ---- the chance to cut within 1..HORIZON turns ---- */

typedef struct {
    Model *m;
    const double *prev;
    double *next;
    uint16_t *within;
    int turn;
} Horizon;

/* A chance in whole steps, the nearest, but none but a certain cut kept as a certainty and
 * none but an impossible one as nothing: a certain chance sums to exactly 1 (whole weights of
 * exact ones, over the pool), an impossible one to exactly 0. */
static uint16_t in_steps(double p, double steps) {
    if (p <= 0) return 0;
    if (p >= 1) return (uint16_t)steps;
    double k = rint(p * steps);
    return (uint16_t)(k < 1 ? 1 : k > steps - 1 ? steps - 1 : k);
}

#define LOOK_AHEAD 64 /* edges */
static void horizon_part(void *ctx, int part, int parts) {
    Horizon *z = ctx;
    Model *m = z->m;
    size_t lo, hi;
    part_range(m->nresting, part, parts, &lo, &hi);
    double steps = m->steps;
    uint32_t ahead = m->start[lo], last = m->start[hi];
    for (size_t s = lo; s < hi; s++) {
        double p = 0;
        /* the chances read are scattered: asked for a class ahead */
        for (uint32_t until = m->start[s + 1] + LOOK_AHEAD; ahead < until && ahead < last; ahead++)
            prefetch(&z->prev[m->edge[ahead] >> WEIGHT_BITS]);
        for (uint32_t e = m->start[s]; e < m->start[s + 1]; e++) {
            p += (m->edge[e] & WEIGHT_MASK) * z->prev[m->edge[e] >> WEIGHT_BITS];
        }
        z->next[s] = p / m->pool;
        z->within[s * HORIZON + (size_t)z->turn] = in_steps(z->next[s], steps);
    }
}

/* The chances, and the deals' (every class's chance times its hands) summed turn by turn in one
 * order, so the sums do not depend on the parts. */
static int cut_within(Model *m, uint16_t *within, double *deal) {
    /* one more class, nresting: the cut, certain in any number of turns */
    double *prev = calloc(m->nresting + 1, sizeof *prev), *next = malloc((m->nresting + 1) * sizeof *next);
    if (!prev || !next) {
        free(prev);
        free(next);
        return -1;
    }
    prev[m->nresting] = next[m->nresting] = 1.0;
    Horizon z = {m, prev, next, within, 0};
    for (z.turn = 0; z.turn < HORIZON; z.turn++) {
        in_parts(horizon_part, &z, m->parts);
        deal[z.turn] = 0;
        for (size_t s = 0; s < m->nresting; s++) deal[z.turn] += m->hands_resting[s] * z.next[s];
        z.prev = z.next;
        z.next = z.next == prev ? next : prev;
    }
    free(prev);
    free(next);
    return 0;
}

/* The Bellman check and the chance to cut within 1..HORIZON turns, on the settled labels. */
static int check_and_follow(Model *m, uint16_t *within, double *deal, double *change) {
    Sweep sw = {m, {0}};
    int failed = link_draws(m);
    if (failed) return failed;
    in_parts(sweep_part, &sw, m->parts);
    *change = 0;
    for (int p = 0; p < m->parts; p++)
        if (!(sw.change[p] <= *change)) *change = sw.change[p];
    return cut_within(m, within, deal);
}


/* ---- the module: its state, the Shape class and its answers ---- */

typedef struct {
    PyTypeObject *shape_type;
    PyTypeObject *classes_type; /* the answers: struct sequences (named tuples) */
    PyTypeObject *built_type;
    /* The last shape's counts, kept: a lookup asks for a few hands, one at a time, of one table.
     * The lock guards them: any thread may ask. */
    PyThread_type_lock lock;
    Shape ranked;
    Ranks last_ranks;
} State;

typedef struct {
    PyObject_HEAD
    Shape g;
} ShapeObject;

static State *state_of(PyObject *self) { return PyType_GetModuleState(Py_TYPE(self)); }

/* The shape's counts, from the state's cache or made (and kept) now; NULL when out of memory.
 * The caller holds the lock. */
static const Ranks *ranks_for(State *st, const Shape *g) {
    if (st->last_ranks.below && !memcmp(g, &st->ranked, sizeof *g)) return &st->last_ranks;
    free(st->last_ranks.below);
    st->last_ranks.below = NULL;
    if (make_ranks(g, g->size, &st->last_ranks)) {
        free(st->last_ranks.below);
        st->last_ranks.below = NULL;
        return NULL;
    }
    st->ranked = *g;
    return &st->last_ranks;
}

static void lock(State *st) {
    if (PyThread_acquire_lock(st->lock, NOWAIT_LOCK)) return;
    /* another thread holds it: wait without the GIL, which that thread may need */
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(st->lock, WAIT_LOCK);
    Py_END_ALLOW_THREADS
}

/* Shape(*, suits, ranks, jokers, size): every keyword needed */
static PyObject *shape_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"suits", "ranks", "jokers", "size", NULL};
    Shape g = {INT_MIN, INT_MIN, INT_MIN, INT_MIN};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|$iiii:Shape", keywords, &g.nsuits, &g.nranks,
                                     &g.jokers, &g.size))
        return NULL;
    int *given[] = {&g.nsuits, &g.nranks, &g.jokers, &g.size};
    for (int k = 0; k < 4; k++)
        if (*given[k] == INT_MIN) {
            PyErr_Format(PyExc_TypeError, "Shape() needs the keyword %s", keywords[k]);
            return NULL;
        }
    if (check_shape(&g)) return NULL;
    ShapeObject *self = (ShapeObject *)type->tp_alloc(type, 0);
    if (self) self->g = g;
    return (PyObject *)self;
}

static void shape_dealloc(PyObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    type->tp_free(self);
    Py_DECREF(type);
}

/* classes() -> Classes(keys: uint64 bytes in rank order, hands: each class's, as doubles) */
static PyObject *shape_classes(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    const Shape *g = &((ShapeObject *)self)->g;
    Keys k = {0};
    if (list_classes(g, g->size, &k)) {
        free(k.keys);
        return PyErr_NoMemory();
    }
    PyObject *keys = PyBytes_FromStringAndSize((const char *)k.keys, k.n * sizeof *k.keys);
    PyObject *weights = PyBytes_FromStringAndSize(NULL, k.n * sizeof(double));
    if (keys && weights) {
        double *w = (double *)PyBytes_AS_STRING(weights);
        for (size_t i = 0; i < k.n; i++) w[i] = hands_in(g, k.keys[i]);
    }
    free(k.keys);
    PyObject *out = keys && weights ? PyStructSequence_New(state_of(self)->classes_type) : NULL;
    if (!out) {
        Py_XDECREF(keys);
        Py_XDECREF(weights);
        return NULL;
    }
    PyStructSequence_SetItem(out, 0, keys);
    PyStructSequence_SetItem(out, 1, weights);
    return out;
}

/* Each key's rank, or -1: not the key of a class of this shape. */
static int ranks_of(State *st, const Shape *g, const uint64_t *keys, size_t n, uint32_t *to) {
    const Ranks *r = ranks_for(st, g);
    if (!r) return -2;
    for (size_t i = 0; i < n; i++) {
        if (!is_class(g, g->size, keys[i])) return -1;
        to[i] = (uint32_t)rank_of(g, r, keys[i]);
    }
    return 0;
}

/* ranks(keys, /) -> each class key's (uint64) rank, as uint32 bytes */
static PyObject *shape_ranks(PyObject *self, PyObject *arg) {
    Py_buffer k;
    if (PyObject_GetBuffer(arg, &k, PyBUF_SIMPLE)) return NULL;
    PyObject *out = NULL;
    size_t n = k.len / sizeof(uint64_t);
    if (k.len % sizeof(uint64_t)) {
        PyErr_SetString(PyExc_ValueError, "keys are uint64: a multiple of 8 bytes");
        goto done;
    }
    /* made before the lock is taken: allocating may run Python code */
    out = PyBytes_FromStringAndSize(NULL, n * sizeof(uint32_t));
    if (!out) goto done;
    uint64_t *keys = malloc(n ? n * sizeof *keys : 1); /* the buffer's bytes may be unaligned */
    if (!keys) {
        Py_CLEAR(out);
        PyErr_NoMemory();
        goto done;
    }
    memcpy(keys, k.buf, n * sizeof *keys);
    State *st = state_of(self);
    lock(st);
    int found = ranks_of(st, &((ShapeObject *)self)->g, keys, n, (uint32_t *)PyBytes_AS_STRING(out));
    PyThread_release_lock(st->lock);
    free(keys);
    if (found) {
        Py_CLEAR(out);
        if (found == -2) PyErr_NoMemory();
        else PyErr_SetString(PyExc_ValueError, "not the key of a class of this shape");
    }
done:
    PyBuffer_Release(&k);
    return out;
}

/* solve(*, keys, hands, closes, steps, progress) -> Built: the resting classes (classes()'s keys
 * and hands), one close flag each, and progress(stage, share done), called as the work goes, or
 * None. */
static PyObject *shape_solve(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"keys", "hands", "closes", "steps", "progress", NULL};
    Model m = {0};
    Py_buffer keys = {0}, hands = {0}, closes = {0};
    PyObject *progress = NULL;
    m.g = ((ShapeObject *)self)->g;
    m.steps = INT_MIN;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|$y*y*y*iO:solve", keywords, &keys, &hands,
                                     &closes, &m.steps, &progress))
        return NULL;
    PyObject *out = NULL, *Eb = NULL, *Pb = NULL, *deal_within = NULL;
    double deal[HORIZON];
    if (!keys.obj || !hands.obj || !closes.obj || m.steps == INT_MIN || !progress) {
        PyErr_SetString(PyExc_TypeError,
                        "solve() needs the keywords keys, hands, closes, steps and progress");
        goto done;
    }
    if (progress != Py_None && !PyCallable_Check(progress)) {
        PyErr_SetString(PyExc_TypeError, "progress is None or a callable");
        goto done;
    }
    m.nresting = keys.len / sizeof(uint64_t);
    if (keys.len % sizeof(uint64_t) || (size_t)closes.len != m.nresting ||
        (size_t)hands.len != m.nresting * sizeof(double) || m.nresting == 0 ||
        m.nresting > INT32_MAX || m.steps < 1 || m.steps > UINT16_MAX) {
        PyErr_SetString(PyExc_ValueError, "one close flag and one count of hands per class");
        goto done;
    }
    m.keys_resting = keys.buf;
    int whole;
    Py_BEGIN_ALLOW_THREADS
    whole = all_classes(&m.g, m.keys_resting, m.nresting);
    Py_END_ALLOW_THREADS
    if (whole != 1) {
        if (whole < 0) PyErr_NoMemory();
        else PyErr_SetString(PyExc_ValueError, "keys are the shape's classes(), in their order");
        goto done;
    }
    m.hands_resting = hands.buf;
    m.close_resting = closes.buf;
    m.pool = m.g.nsuits * m.g.nranks + m.g.jokers - m.g.size;
    m.parts = parts_here();
    if (m.pool > (int)WEIGHT_MASK) {
        PyErr_SetString(PyExc_ValueError, "a pool of more cards than an edge can weigh");
        goto done;
    }
    Keys drawn = {0};
    int failed = report(progress, "listing", 0);
    if (failed) goto done;
    Py_BEGIN_ALLOW_THREADS
    failed = list_classes(&m.g, m.g.size + 1, &drawn);
    Py_END_ALLOW_THREADS
    m.keys_drawn = drawn.keys;
    m.ndrawn = drawn.n;
    if (failed || m.ndrawn >= CLASSES_NAMED || m.nresting >= CLASSES_NAMED) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        goto done;
    }
    if (report(progress, "linking", 0)) goto done;
    Py_BEGIN_ALLOW_THREADS
    failed = keep(&m);
    Py_END_ALLOW_THREADS
    if (failed) {
        if (failed == -2) PyErr_SetString(PyExc_ValueError, "the classes do not link up");
        else PyErr_NoMemory();
        goto done;
    }
    Eb = PyBytes_FromStringAndSize(NULL, m.nresting * sizeof(double));
    if (!Eb) goto done;
    m.E = (double *)PyBytes_AS_STRING(Eb);
    if (set_labels(&m, progress)) goto done;
    if (report(progress, "checking", 0)) goto done;
    Pb = PyBytes_FromStringAndSize(NULL, m.nresting * HORIZON * sizeof(uint16_t));
    if (!Pb) goto done;
    double change;
    Py_BEGIN_ALLOW_THREADS
    failed = check_and_follow(&m, (uint16_t *)PyBytes_AS_STRING(Pb), deal, &change);
    Py_END_ALLOW_THREADS
    if (failed) {
        if (failed == -2) PyErr_SetString(PyExc_ValueError, "the classes do not link up");
        else PyErr_NoMemory();
        goto done;
    }
    deal_within = PyBytes_FromStringAndSize((const char *)deal, sizeof deal);
    PyObject *sweeps = PyLong_FromLong(1), *max_change = PyFloat_FromDouble(change),
             *drawn_classes = PyLong_FromSize_t(m.ndrawn);
    out = deal_within && sweeps && max_change && drawn_classes
              ? PyStructSequence_New(state_of(self)->built_type)
              : NULL;
    if (out) {
        PyObject *items[] = {Eb, Pb, deal_within, sweeps, max_change, drawn_classes};
        for (int i = 0; i < 6; i++) PyStructSequence_SetItem(out, i, Py_NewRef(items[i]));
    }
    Py_XDECREF(sweeps);
    Py_XDECREF(max_change);
    Py_XDECREF(drawn_classes);
done:
    Py_XDECREF(Eb);
    Py_XDECREF(Pb);
    Py_XDECREF(deal_within);
    free_model(&m);
    PyBuffer_Release(&keys);
    PyBuffer_Release(&hands);
    PyBuffer_Release(&closes);
    return out;
}

static PyMethodDef shape_methods[] = {
    {"classes", shape_classes, METH_NOARGS,
     "classes() -> Classes(keys: uint64 class keys in rank order, hands: each class's, doubles)"},
    {"ranks", shape_ranks, METH_O, "ranks(keys, /) -> each uint64 class key's rank, as uint32"},
    {"solve", (PyCFunction)(void (*)(void))shape_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(*, keys, hands, closes, steps, progress) -> Built(turns, within, deal_within, "
     "sweeps, max_change, drawn_classes)"},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot shape_slots[] = {
    {Py_tp_new, shape_new},
    {Py_tp_dealloc, shape_dealloc},
    {Py_tp_methods, shape_methods},
    {Py_tp_doc, "Shape(*, suits, ranks, jokers, size): a deck of `suits` suits of `ranks` ranks "
                "and `jokers` jokers, and hands of `size` cards at rest; its classes, ranks and "
                "table."},
    {0, NULL},
};

static PyType_Spec shape_spec = {
    "mazo.solver.play._odds.Shape", sizeof(ShapeObject), 0, Py_TPFLAGS_DEFAULT, shape_slots,
};

static PyStructSequence_Field classes_fields[] = {
    {"keys", "uint64 class keys, in rank order"},
    {"hands", "the real hands each class stands for, doubles"},
    {NULL, NULL},
};

static PyStructSequence_Desc classes_desc = {
    "mazo.solver.play._odds.Classes", "Shape.classes()'s answer", classes_fields, 2,
};

static PyStructSequence_Field built_fields[] = {
    {"turns", "each resting class's expected turns to cut, doubles"},
    {"within", "each class's chance to cut within 1..HORIZON turns, in steps, uint16"},
    {"deal_within", "a deal's chances to cut within 1..HORIZON turns times its hands, doubles"},
    {"sweeps", "the Bellman sweeps run over the finished table"},
    {"max_change", "their largest change"},
    {"drawn_classes", "the classes after the draw"},
    {NULL, NULL},
};

static PyStructSequence_Desc built_desc = {
    "mazo.solver.play._odds.Built", "Shape.solve()'s answer", built_fields, 6,
};

static int odds_exec(PyObject *module) {
    State *st = PyModule_GetState(module);
    st->lock = PyThread_allocate_lock();
    if (!st->lock) {
        PyErr_NoMemory();
        return -1;
    }
    st->classes_type = PyStructSequence_NewType(&classes_desc);
    st->built_type = PyStructSequence_NewType(&built_desc);
    st->shape_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &shape_spec, NULL);
    if (!st->classes_type || !st->built_type || !st->shape_type) return -1;
    PyObject *type = (PyObject *)st->shape_type;
    PyObject *horizon = PyLong_FromLong(HORIZON), *shift = PyLong_FromLong(JOKER_SHIFT);
    int failed = !horizon || !shift || PyObject_SetAttrString(type, "HORIZON", horizon) ||
                 PyObject_SetAttrString(type, "JOKER_SHIFT", shift);
    Py_XDECREF(horizon);
    Py_XDECREF(shift);
    if (failed) return -1;
    if (PyModule_AddObjectRef(module, "Shape", type) ||
        PyModule_AddObjectRef(module, "Classes", (PyObject *)st->classes_type) ||
        PyModule_AddObjectRef(module, "Built", (PyObject *)st->built_type))
        return -1;
    return 0;
}

static int odds_traverse(PyObject *module, visitproc visit, void *arg) {
    State *st = PyModule_GetState(module);
    Py_VISIT(st->shape_type);
    Py_VISIT(st->classes_type);
    Py_VISIT(st->built_type);
    return 0;
}

static int odds_clear(PyObject *module) {
    State *st = PyModule_GetState(module);
    Py_CLEAR(st->shape_type);
    Py_CLEAR(st->classes_type);
    Py_CLEAR(st->built_type);
    return 0;
}

static void odds_free(void *module) {
    odds_clear(module);
    State *st = PyModule_GetState(module);
    free(st->last_ranks.below);
    st->last_ranks.below = NULL;
    if (st->lock) PyThread_free_lock(st->lock);
    st->lock = NULL;
}

static PyModuleDef_Slot odds_slots[] = {
    {Py_mod_exec, odds_exec},
    {0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_odds",
    .m_doc = "The compiled optimal-policy table.",
    .m_size = sizeof(State),
    .m_slots = odds_slots,
    .m_traverse = odds_traverse,
    .m_clear = odds_clear,
    .m_free = odds_free,
};

PyMODINIT_FUNC PyInit__odds(void) { return PyModuleDef_Init(&module); }
