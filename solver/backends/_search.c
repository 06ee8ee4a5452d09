/* The fast exact back end, compiled: a memoised search over disjoint melds.
 *
 * Python lists the melds (mazo.solver.melds.candidate_melds, so the rules live in one place) and
 * describes the spec's closes; this file only searches. A hand's cards become bits 0..n-1 in deck
 * order; the search branches on the lowest card: loose, or in one of the melds whose lowest card
 * it is. States (cards left, jokers left, loose cards still allowed) are memoised for the whole
 * hand, so the hands left by each discard share their work. Between equally good arrangements
 * that order decides: loose first, then the melds in the list's order, an option kept only when
 * strictly better. It is the tie rule of solver/backends/ties.py, which CP-SAT's answers follow.
 *
 * What a close asks, which close wins and how discards rank are defined once, in closes.py, and
 * come here as data: the closes in precedence order, each with its requirements by name (a name
 * this file does not test is refused, and Python leaves such specs to the general path), how it
 * scores, and each card's place in the order of throwing between equal outcomes.
 *
 * Python builds a table with keywords (the deck's, then the melds') and names, with each solve,
 * the dataclasses to answer in; it reads the limits (MAX_CARDS, MAX_NUMBER, CLOSE_TESTS) on the
 * Table class. Every input is checked when the table is built; a table whose build failed, or
 * that was never built, refuses every call. Nothing Python passes can make this file read or
 * write out of bounds.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"

#define MAX_CARDS 16
#define MAX_DECK 64
#define NEG INT32_MIN
#define UNBOUNDED (-1)
/* Card values, counts and limits are at most this: sums over a deck of 64 cards and 16 jokers
 * stay inside an int. */
#define MAX_NUMBER (1 << 24)

/* The requirements a close may name (closes.REQUIREMENTS); -1 where a close does not name one. */
enum { ONE_MELD, MIN_JOKERS, MAX_JOKERS, MAX_DEADWOOD, MAX_LOOSE, NO_DISCARD, NTESTS };
static const char *test_names[NTESTS] = {"one_meld",     "min_jokers",      "max_jokers",
                                         "max_deadwood", "max_loose_cards", "no_discard"};

typedef struct {
    int test[NTESTS];
    int counts_loose; /* the close scores the loose points, else `fixed` */
    PyObject *id;
    PyObject *fixed;
} CloseRule;

typedef struct {
    uint32_t mask; /* local card bits */
    int jokers;
    int worth; /* the loose points the meld saves */
    int id;    /* index in the table's meld list */
} Local;

typedef struct {
    int close; /* -1: no close */
    int dead;
    int nmelds;
    int melds[MAX_CARDS]; /* local meld indices, lowest card first */
    uint32_t loose;
    int loose_jokers;
} Outcome;

/* The answer types are the caller's classes (dataclasses: the rummy mechanism's result and
 * discard option), given with each solve. A generated __init__ costs more than the search, so an
 * answer is made as object.__new__ and each field set by name through its class's descriptor, as
 * a frozen dataclass's own __init__ sets it (object.__setattr__); the fields' order is the
 * class's own business. */
#define RESULT_FIELDS 14
#define DISCARD_FIELDS 6
static const char *result_fields[RESULT_FIELDS] = {
    "game", "hand", "melds", "meld_kinds", "deadwood", "deadwood_points", "discard",
    "discards", "can_cut", "close", "close_score", "proven_optimal", "variant",
    "deadwood_bound"};
static const char *discard_fields[DISCARD_FIELDS] = {"card", "deadwood_points", "can_cut",
                                                     "close", "melds", "deadwood"};

typedef struct {
    PyObject *type;                   /* NULL until a solve names it */
    PyObject *setter[RESULT_FIELDS];  /* each field's data descriptor on the class */
} Maker;

static void maker_clear(Maker *m) {
    Py_CLEAR(m->type);
    for (int i = 0; i < RESULT_FIELDS; i++) Py_CLEAR(m->setter[i]);
}

/* The class as the answer of these fields: a dataclass of exactly these fields, each one set
 * through a data descriptor of the class. Kept until another class is given. */
static int maker_use(Maker *m, PyObject *type, const char **names, int n) {
    if (type == m->type) return 0;
    maker_clear(m);
    if (!PyType_Check(type)) {
        PyErr_SetString(PyExc_TypeError, "an answer type must be a class");
        return -1;
    }
    PyObject *fields = PyObject_GetAttrString(type, "__dataclass_fields__");
    if (!fields || !PyDict_Check(fields)) {
        Py_XDECREF(fields);
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%R is not a dataclass", type);
        return -1;
    }
    int ok = PyDict_GET_SIZE(fields) == n;
    for (int i = 0; ok && i < n; i++) ok = PyDict_GetItemString(fields, names[i]) != NULL;
    Py_DECREF(fields);
    if (!ok) {
        PyErr_Format(PyExc_TypeError, "%R does not have the %d fields the search fills", type, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        PyObject *setter = PyObject_GetAttrString(type, names[i]);
        if (!setter && !PyErr_ExceptionMatches(PyExc_AttributeError)) {
            maker_clear(m);
            return -1;
        }
        if (!setter || !Py_TYPE(setter)->tp_descr_set) {
            PyErr_Clear();
            Py_XDECREF(setter);
            PyErr_Format(PyExc_TypeError, "%R.%s is not a field of its instances", type,
                         names[i]);
            maker_clear(m);
            return -1;
        }
        m->setter[i] = setter;
    }
    m->type = Py_NewRef(type);
    return 0;
}

/* A new answer holding these references (stolen, also on failure). */
static PyObject *make(const Maker *m, PyObject **args, int n) {
    PyObject *out = NULL, *no_args = NULL;
    for (int i = 0; i < n; i++)
        if (!args[i]) goto done;
    no_args = PyTuple_New(0);
    if (no_args) out = PyBaseObject_Type.tp_new((PyTypeObject *)m->type, no_args, NULL);
    for (int i = 0; out && i < n; i++)
        if (Py_TYPE(m->setter[i])->tp_descr_set(m->setter[i], out, args[i])) Py_CLEAR(out);
done:
    Py_XDECREF(no_args);
    for (int i = 0; i < n; i++) Py_XDECREF(args[i]);
    return out;
}

typedef struct {
    PyObject_HEAD
    int built;   /* a build succeeded: the table answers */
    int started; /* a build was tried: the table is never built again */
    int busy;    /* a call is running (a lookup may run Python code that calls back) */
    int ncards; /* natural cards in the deck; index ncards is the joker */
    int deck_jokers;
    int hand_size;
    int forbid_pozo;
    int nclose;
    int no_discard; /* some close takes the whole hand after the draw, with no discard */
    int nmelds;
    int max_budget;
    int value[MAX_DECK + 1];
    int throw_rank[MAX_DECK + 1]; /* between equal outcomes, the lower is thrown first */
    CloseRule *closes;
    uint64_t *mask;
    int *jokers;
    int *kind;
    int *worth;
    int *low_start; /* melds by lowest card: ids low_start[d] .. low_start[d+1]-1 of by_low */
    int *by_low;
    PyObject *index; /* token or Card -> deck index */
    /* the index's short ASCII tokens, for hands given as one string: no str object per card */
    uint64_t *text_key; /* token bytes | length << 32; 0: empty slot */
    int *text_card;
    int text_bits;
    PyObject *codes; /* deck index -> canonical code */
    PyObject *meld_codes;
    PyObject *meld_kinds;
    Maker result, discard; /* the answer types of the last solve */
    PyObject *game;
    PyObject *variant;
    /* the hand being solved */
    int n, jk;
    int deck_of[MAX_CARDS];
    Local *locs;
    int start[MAX_CARDS + 1];
    /* the memo, valid where stamp == gen */
    size_t cap;
    uint32_t gen;
    uint32_t *stamp;
    int32_t *saved;
    int32_t *choice;
} Table;

/* An int from lo to hi, or a ValueError naming what it is. */
static int bounded(PyObject *item, long lo, long hi, const char *what, int *out) {
    if (!PyLong_Check(item)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int", what);
        return -1;
    }
    int overflow;
    long v = PyLong_AsLongAndOverflow(item, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be from %ld to %ld", what, lo, hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int as_int(PyObject *seq, Py_ssize_t i, long lo, long hi, const char *what, int *out) {
    return bounded(PySequence_Fast_GET_ITEM(seq, i), lo, hi, what, out);
}

static void table_dealloc(Table *t) {
    for (int c = 0; t->closes && c < t->nclose; c++) {
        Py_XDECREF(t->closes[c].id);
        Py_XDECREF(t->closes[c].fixed);
    }
    free(t->closes);
    free(t->mask);
    free(t->jokers);
    free(t->kind);
    free(t->worth);
    free(t->low_start);
    free(t->by_low);
    free(t->locs);
    free(t->stamp);
    free(t->saved);
    free(t->choice);
    free(t->text_key);
    free(t->text_card);
    Py_XDECREF(t->index);
    Py_XDECREF(t->codes);
    Py_XDECREF(t->meld_codes);
    Py_XDECREF(t->meld_kinds);
    maker_clear(&t->result);
    maker_clear(&t->discard);
    Py_XDECREF(t->game);
    Py_XDECREF(t->variant);
    PyTypeObject *type = Py_TYPE(t);
    type->tp_free((PyObject *)t);
    Py_DECREF(type); /* a heap type: each instance holds it */
}

/* One close: (id, {requirement name: number}, scores the loose points, else this score). */
static int read_close(Table *t, PyObject *item, CloseRule *r) {
    for (int k = 0; k < NTESTS; k++) r->test[k] = -1;
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 4 ||
        !PyDict_Check(PyTuple_GET_ITEM(item, 1)) || !PyBool_Check(PyTuple_GET_ITEM(item, 2))) {
        PyErr_SetString(PyExc_TypeError, "a close is (id, {requirement: number}, bool, score)");
        return -1;
    }
    r->id = Py_NewRef(PyTuple_GET_ITEM(item, 0));
    r->counts_loose = PyTuple_GET_ITEM(item, 2) == Py_True;
    r->fixed = Py_NewRef(PyTuple_GET_ITEM(item, 3));
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(PyTuple_GET_ITEM(item, 1), &pos, &key, &value)) {
        int k = 0;
        while (k < NTESTS && !(PyUnicode_Check(key) &&
                               PyUnicode_CompareWithASCIIString(key, test_names[k]) == 0))
            k++;
        if (k == NTESTS) {
            PyErr_Format(PyExc_ValueError, "the search has no close requirement %R", key);
            return -1;
        }
        if (bounded(value, 0, MAX_NUMBER, test_names[k], &r->test[k])) return -1;
    }
    if (r->test[MAX_LOOSE] > t->max_budget) t->max_budget = r->test[MAX_LOOSE];
    if (r->test[NO_DISCARD] > 0) t->no_discard = 1;
    return 0;
}

static int read_closes(Table *t, PyObject *closes) {
    PyObject *seq = PySequence_Fast(closes, "closes must be a sequence");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    t->closes = calloc(n ? n : 1, sizeof(CloseRule));
    if (!t->closes) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    t->max_budget = 0;
    t->no_discard = 0;
    for (Py_ssize_t c = 0; c < n; c++) {
        t->nclose = (int)c + 1; /* what dealloc releases */
        if (c >= MAX_NUMBER || read_close(t, PySequence_Fast_GET_ITEM(seq, c), &t->closes[c])) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "too many closes");
            Py_DECREF(seq);
            return -1;
        }
    }
    if (t->max_budget > MAX_CARDS) t->max_budget = MAX_CARDS;
    Py_DECREF(seq);
    return 0;
}

static int read_melds(Table *t, PyObject *melds) {
    PyObject *seq = PySequence_Fast(melds, "melds must be a sequence");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) > MAX_NUMBER) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "too many melds");
        return -1;
    }
    int m = (int)PySequence_Fast_GET_SIZE(seq);
    t->nmelds = m;
    t->mask = calloc(m + 1, sizeof(uint64_t));
    t->jokers = calloc(m + 1, sizeof(int));
    t->kind = calloc(m + 1, sizeof(int));
    t->worth = calloc(m + 1, sizeof(int));
    t->by_low = calloc(m + 1, sizeof(int));
    t->low_start = calloc(t->ncards + 2, sizeof(int));
    t->locs = calloc(m + 1, sizeof(Local));
    int *low = calloc(m + 1, sizeof(int));
    if (!t->mask || !t->jokers || !t->kind || !t->worth || !t->by_low || !t->low_start ||
        !t->locs || !low) {
        free(low);
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < m; i++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, i), "a meld is a tuple");
        if (!row || PySequence_Fast_GET_SIZE(row) != 3) {
            Py_XDECREF(row);
            free(low);
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a meld is (mask, jokers, kind)");
            return -1;
        }
        PyObject *bits = PySequence_Fast_GET_ITEM(row, 0);
        unsigned long long mask = 0;
        if (PyLong_Check(bits))
            mask = PyLong_AsUnsignedLongLong(bits); /* OverflowError: negative or past 64 bits */
        else
            PyErr_SetString(PyExc_TypeError, "a meld's mask is an int");
        int bad = PyErr_Occurred() != NULL || as_int(row, 1, 0, MAX_CARDS, "a meld's jokers",
                                             &t->jokers[i]) ||
                  as_int(row, 2, 0, MAX_NUMBER, "a meld's kind", &t->kind[i]);
        Py_DECREF(row);
        if (!bad && (!mask || (t->ncards < 64 && mask >> t->ncards))) {
            PyErr_SetString(PyExc_ValueError,
                            "a meld's mask needs a natural card and only the deck's cards");
            bad = 1;
        }
        if (bad) {
            free(low);
            Py_DECREF(seq);
            return -1;
        }
        t->mask[i] = mask;
        int worth = t->jokers[i] * t->value[t->ncards];
        for (uint64_t bits = mask; bits; bits &= bits - 1) worth += t->value[ctz64(bits)];
        t->worth[i] = worth;
        low[i] = ctz64(mask);
        t->low_start[low[i] + 1]++;
    }
    for (int d = 0; d < t->ncards; d++) t->low_start[d + 1] += t->low_start[d];
    int *fill = calloc(t->ncards + 1, sizeof(int));
    if (!fill) {
        free(low);
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < m; i++) t->by_low[t->low_start[low[i]] + fill[low[i]]++] = i;
    free(fill);
    free(low);
    Py_DECREF(seq);
    return 0;
}

/* The index, copied (no one else can change it), each value a deck index. */
static int read_index(Table *t, PyObject *index) {
    t->index = PyDict_Copy(index);
    if (!t->index) return -1;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    int d;
    while (PyDict_Next(t->index, &pos, &key, &value))
        if (bounded(value, 0, t->ncards, "a deck index", &d)) return -1;
    return 0;
}

/* One int per deck card and one for the joker. */
static int read_per_card(Table *t, PyObject *items, const char *what, int *out) {
    PyObject *seq = PySequence_Fast(items, "values and throw ranks are sequences");
    if (!seq) return -1;
    int bad = PySequence_Fast_GET_SIZE(seq) != t->ncards + 1;
    if (bad) PyErr_Format(PyExc_ValueError, "one %s per card and one for the joker", what);
    for (int d = 0; !bad && d <= t->ncards; d++)
        bad = as_int(seq, d, 0, MAX_NUMBER, what, &out[d]);
    Py_DECREF(seq);
    return bad ? -1 : 0;
}

/* ---- hands in one string ---- */

#define TEXT_TOKEN 4 /* bytes: "10H", "12e", "*" */

static int is_separator(unsigned char c) { /* str.split's ASCII whitespace, and the comma */
    return c == ' ' || c == ',' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
}

static uint64_t text_key(const unsigned char *s, Py_ssize_t len) {
    uint64_t key = (uint64_t)len << 32;
    for (Py_ssize_t i = 0; i < len; i++) key |= (uint64_t)s[i] << (8 * i);
    return key;
}

static size_t text_slot(const Table *t, uint64_t key) {
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - t->text_bits));
}

static int read_text_index(Table *t) {
    t->text_bits = 1;
    while (((Py_ssize_t)1 << t->text_bits) < 4 * PyDict_GET_SIZE(t->index)) t->text_bits++;
    size_t size = (size_t)1 << t->text_bits;
    t->text_key = calloc(size, sizeof(uint64_t));
    t->text_card = malloc(size * sizeof(int));
    if (!t->text_key || !t->text_card) {
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t pos = 0;
    PyObject *token, *value;
    while (PyDict_Next(t->index, &pos, &token, &value)) {
        if (!PyUnicode_Check(token) || !PyUnicode_IS_ASCII(token)) continue;
        Py_ssize_t len = PyUnicode_GET_LENGTH(token);
        long d = PyLong_AsLong(value);
        if (d == -1 && PyErr_Occurred()) return -1;
        if (len < 1 || len > TEXT_TOKEN) continue;
        uint64_t key = text_key(PyUnicode_1BYTE_DATA(token), len);
        size_t at = text_slot(t, key);
        while (t->text_key[at] && t->text_key[at] != key) at = (at + 1) & (size - 1);
        t->text_key[at] = key;
        t->text_card[at] = (int)d;
    }
    return 0;
}

static int text_card(const Table *t, const unsigned char *s, Py_ssize_t len) {
    if (len > TEXT_TOKEN) return -1;
    uint64_t key = text_key(s, len);
    size_t mask = ((size_t)1 << t->text_bits) - 1;
    for (size_t at = text_slot(t, key); t->text_key[at]; at = (at + 1) & mask)
        if (t->text_key[at] == key) return t->text_card[at];
    return -1;
}

/* Table(*, naturals, jokers, hand_size, forbid_pozo_cut, values, throw_ranks, closes, index,
 *       codes, game, variant, melds, meld_codes, meld_kinds): the spec's, then the melds'; every
 * keyword is needed. */
static char *table_keywords[] = {"naturals",   "jokers", "hand_size", "forbid_pozo_cut",
                                 "values",     "throw_ranks", "closes", "index",
                                 "codes",      "game",   "variant",   "melds",
                                 "meld_codes", "meld_kinds",  NULL};
#define TABLE_KEYWORDS 14

static int table_init(Table *t, PyObject *args, PyObject *kwds) {
    PyObject *given[TABLE_KEYWORDS] = {NULL};
    if (t->started) {
        PyErr_SetString(PyExc_RuntimeError, "a table is built once");
        return -1;
    }
    t->started = 1;
    /* keyword-only arguments are optional to the parser: each is checked below */
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|$OOOOOOOOOOOOOO:Table", table_keywords,
                                     &given[0], &given[1], &given[2], &given[3], &given[4],
                                     &given[5], &given[6], &given[7], &given[8], &given[9],
                                     &given[10], &given[11], &given[12], &given[13]))
        return -1;
    for (int k = 0; k < TABLE_KEYWORDS; k++)
        if (!given[k]) {
            PyErr_Format(PyExc_TypeError, "Table() needs the keyword %s", table_keywords[k]);
            return -1;
        }
    PyObject *values = given[4], *throw = given[5], *closes = given[6], *index = given[7],
             *codes = given[8], *game = given[9], *variant = given[10], *melds = given[11],
             *meld_codes = given[12], *meld_kinds = given[13];
    if (!PyBool_Check(given[3]) || !PyDict_Check(index) || !PyTuple_Check(codes) ||
        !PyUnicode_Check(game) || !PyDict_Check(variant) || !PyTuple_Check(meld_codes) ||
        !PyTuple_Check(meld_kinds)) {
        PyErr_SetString(PyExc_TypeError,
                        "forbid_pozo_cut is a bool, index and variant dicts, game a str, codes, "
                        "meld_codes and meld_kinds tuples");
        return -1;
    }
    t->forbid_pozo = given[3] == Py_True;
    if (bounded(given[0], 1, MAX_DECK, "naturals", &t->ncards) ||
        bounded(given[1], 0, MAX_NUMBER, "jokers", &t->deck_jokers) ||
        bounded(given[2], 0, MAX_NUMBER, "hand_size", &t->hand_size))
        return -1;
    t->codes = Py_NewRef(codes);
    t->meld_codes = Py_NewRef(meld_codes);
    t->meld_kinds = Py_NewRef(meld_kinds);
    t->game = Py_NewRef(game);
    t->variant = PyDict_Copy(variant);
    if (!t->variant) return -1;
    if (read_index(t, index) || read_text_index(t) ||
        read_per_card(t, values, "value", t->value) ||
        read_per_card(t, throw, "throw rank", t->throw_rank) || read_closes(t, closes) ||
        read_melds(t, melds))
        return -1;
    if (PyTuple_GET_SIZE(t->codes) != t->ncards + 1 ||
        PyTuple_GET_SIZE(t->meld_codes) != t->nmelds ||
        PyTuple_GET_SIZE(t->meld_kinds) != t->nmelds) {
        PyErr_SetString(PyExc_ValueError, "codes and meld tuples do not match the counts");
        return -1;
    }
    t->built = 1;
    return 0;
}

/* ---- the search ---- */

static inline size_t state(const Table *t, uint32_t mask, int j, int budget) {
    return ((size_t)((budget + 1) * (t->jk + 1) + j) << t->n) | mask;
}

/* The most loose points melds can save from these cards, leaving at most `budget` cards loose
 * (UNBOUNDED: any number); NEG when no split leaves so few. */
static int32_t best(Table *t, uint32_t mask, int j, int budget) {
    size_t key = state(t, mask, j, budget);
    if (t->stamp[key] == t->gen) return t->saved[key];
    int32_t found = NEG, choice = -1;
    if (!mask) {
        found = (budget == UNBOUNDED || j <= budget) ? 0 : NEG;
    } else {
        int low = ctz32(mask);
        if (budget != 0) found = best(t, mask & (mask - 1), j, budget < 0 ? budget : budget - 1);
        for (int k = t->start[low]; k < t->start[low + 1]; k++) {
            const Local *m = &t->locs[k];
            if ((m->mask & ~mask) || m->jokers > j) continue;
            int32_t rest = best(t, mask & ~m->mask, j - m->jokers, budget);
            /* strictly better only: the tie rule keeps the earlier option */
            if (rest != NEG && rest + m->worth > found) {
                found = rest + m->worth;
                choice = k;
            }
        }
    }
    t->stamp[key] = t->gen;
    t->saved[key] = found;
    t->choice[key] = choice;
    return found;
}

/* Follow the memo's choices from a solved state into the outcome's melds and loose cards. */
static void walk(const Table *t, uint32_t mask, int j, int budget, Outcome *o) {
    o->nmelds = 0;
    o->loose = 0;
    while (mask) {
        int32_t k = t->choice[state(t, mask, j, budget)];
        if (k < 0) {
            uint32_t low = mask & (~mask + 1);
            o->loose |= low;
            mask ^= low;
            if (budget > 0) budget--;
        } else {
            o->melds[o->nmelds++] = k;
            mask &= ~t->locs[k].mask;
            j -= t->locs[k].jokers;
        }
    }
    o->loose_jokers = j;
}

/* Every natural card of the hand being solved. */
static uint32_t whole_hand(const Table *t) { return ((uint32_t)1 << t->n) - 1; }

static int points(const Table *t, uint32_t mask, int j) {
    int total = j * t->value[t->ncards];
    for (; mask; mask &= mask - 1) total += t->value[t->deck_of[ctz32(mask)]];
    return total;
}

/* The best close these kept cards make, by the spec's precedence, or none. A close takes the
 * kept cards of a resting hand, or, with no_discard, the whole hand after the draw. */
static void outcome(Table *t, uint32_t mask, int j, int may_cut, Outcome *o) {
    int total = points(t, mask, j);
    int32_t saved = best(t, mask, j, UNBOUNDED);
    walk(t, mask, j, UNBOUNDED, o);
    o->dead = total - saved;
    o->close = -1;
    if (!may_cut) return;
    int held = popcount32(mask) + j;
    int base_loose = popcount32(o->loose) + o->loose_jokers;
    for (int c = 0; c < t->nclose; c++) {
        const int *r = t->closes[c].test;
        if (held != t->hand_size + (r[NO_DISCARD] > 0)) continue;
        /* the jokers kept, wherever they lie */
        if (j < r[MIN_JOKERS] || (r[MAX_JOKERS] >= 0 && j > r[MAX_JOKERS])) continue;
        if (r[ONE_MELD] >= 0) { /* nothing loose: every other limit holds */
            for (int k = 0; k < t->start[t->n]; k++) {
                const Local *m = &t->locs[k];
                if (m->mask == mask && m->jokers == j && t->kind[m->id] == r[ONE_MELD]) {
                    o->close = c;
                    o->dead = 0;
                    o->nmelds = 1;
                    o->melds[0] = k;
                    o->loose = 0;
                    o->loose_jokers = 0;
                    return;
                }
            }
            continue;
        }
        if (r[MAX_DEADWOOD] >= 0 && o->dead > r[MAX_DEADWOOD]) continue;
        if (r[MAX_LOOSE] < 0 || base_loose <= r[MAX_LOOSE]) {
            o->close = c;
            return;
        }
        int32_t within = best(t, mask, j, r[MAX_LOOSE]);
        if (within == NEG || (r[MAX_DEADWOOD] >= 0 && total - within > r[MAX_DEADWOOD]))
            continue;
        walk(t, mask, j, r[MAX_LOOSE], o);
        o->dead = total - within;
        o->close = c;
        return;
    }
}

/* ---- loading a hand ---- */

/* Deck indices of a hand given as cards or tokens. 1: read; 0: not for this back end (an unknown
 * token, too many cards); -1: error */
static int read_cards(Table *t, PyObject *hand, int *order, int *count) {
    /* A tuple of its own: looking cards up may run Python code that could change a list. */
    PyObject *seq = PySequence_Tuple(hand);
    if (!seq) {
        PyErr_Clear();
        return 0;
    }
    Py_ssize_t size = PyTuple_GET_SIZE(seq);
    if (size > MAX_CARDS) {
        Py_DECREF(seq);
        return 0;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        PyObject *found = PyDict_GetItemWithError(t->index, PyTuple_GET_ITEM(seq, i));
        if (!found) {
            Py_DECREF(seq);
            if (PyErr_Occurred()) {
                if (!PyErr_ExceptionMatches(PyExc_TypeError)) return -1;
                PyErr_Clear();
            }
            return 0;
        }
        order[i] = (int)PyLong_AsLong(found);
    }
    Py_DECREF(seq);
    *count = (int)size;
    return 1;
}

/* The same for a hand in one string, split as cards.split_tokens splits it. */
static int read_text(Table *t, PyObject *text, int *order, int *count) {
    if (!PyUnicode_IS_ASCII(text)) { /* suit symbols, the ★: split into str objects */
        PyObject *comma = PyUnicode_FromString(","), *space = PyUnicode_FromString(" ");
        PyObject *spaced = comma && space ? PyUnicode_Replace(text, comma, space, -1) : NULL;
        PyObject *tokens = spaced ? PyUnicode_Split(spaced, NULL, -1) : NULL;
        Py_XDECREF(comma);
        Py_XDECREF(space);
        Py_XDECREF(spaced);
        if (!tokens) return -1;
        int read = read_cards(t, tokens, order, count);
        Py_DECREF(tokens);
        return read;
    }
    const unsigned char *s = PyUnicode_1BYTE_DATA(text);
    Py_ssize_t len = PyUnicode_GET_LENGTH(text);
    int n = 0;
    for (Py_ssize_t i = 0; i < len;) {
        if (is_separator(s[i])) {
            i++;
            continue;
        }
        Py_ssize_t end = i;
        while (end < len && !is_separator(s[end])) end++;
        int d = n < MAX_CARDS ? text_card(t, s + i, end - i) : -1;
        if (d < 0) return 0;
        order[n++] = d;
        i = end;
    }
    *count = n;
    return 1;
}

/* 1: loaded; 0: not for this back end (unknown token, a card twice, too many cards); -1: error */
/* The hand of these natural cards (deck mask) and jokers becomes the one being solved: its
 * local cards, the candidate melds it holds, a fresh memo. 1: loaded; -1: out of memory. */
static int load_mask(Table *t, uint64_t have, int jokers) {
    t->n = 0;
    t->jk = jokers;
    int local_of[MAX_DECK];
    for (uint64_t bits = have; bits; bits &= bits - 1) {
        int d = ctz64(bits);
        local_of[d] = t->n;
        t->deck_of[t->n++] = d;
    }
    int nloc = 0;
    for (int i = 0; i < t->n; i++) {
        int d = t->deck_of[i];
        t->start[i] = nloc;
        for (int k = t->low_start[d]; k < t->low_start[d + 1]; k++) {
            int id = t->by_low[k];
            if ((t->mask[id] & ~have) || t->jokers[id] > jokers) continue;
            uint32_t local = 0;
            for (uint64_t bits = t->mask[id]; bits; bits &= bits - 1)
                local |= (uint32_t)1 << local_of[ctz64(bits)];
            t->locs[nloc++] = (Local){local, t->jokers[id], t->worth[id], id};
        }
    }
    t->start[t->n] = nloc;
    size_t need = (size_t)(t->max_budget + 2) * (t->jk + 1) << t->n;
    if (need > t->cap) {
        free(t->stamp);
        free(t->saved);
        free(t->choice);
        t->stamp = calloc(need, sizeof(uint32_t));
        t->saved = malloc(need * sizeof(int32_t));
        t->choice = malloc(need * sizeof(int32_t));
        if (!t->stamp || !t->saved || !t->choice) {
            t->cap = 0;
            PyErr_NoMemory();
            return -1;
        }
        t->cap = need;
        t->gen = 0;
    }
    if (++t->gen == 0) {
        memset(t->stamp, 0, t->cap * sizeof(uint32_t));
        t->gen = 1;
    }
    return 1;
}

static int load(Table *t, PyObject *hand, int *order, int *count) {
    int read = PyUnicode_Check(hand) ? read_text(t, hand, order, count)
                                     : read_cards(t, hand, order, count);
    if (read <= 0) return read;
    uint64_t have = 0;
    int jokers = 0;
    for (int i = 0; i < *count; i++) {
        int d = order[i];
        if (d == t->ncards) {
            jokers++;
        } else {
            if (have >> d & 1) return 0;
            have |= (uint64_t)1 << d;
        }
    }
    if (jokers > t->deck_jokers) return 0;
    return load_mask(t, have, jokers);
}

/* ---- answers as Python objects ---- */

/* Tuples of card codes (or of tuples of them) cannot be part of a cycle. CPython untracks such a
 * tuple at its first collection; untracking it at once keeps a large batch from setting off
 * collections of the whole heap (they cost more than the search on a program with a big heap).
 * A DiscardOption is frozen and holds only codes, numbers and such tuples: untracked too. */
static PyObject *untracked(PyObject *obj) {
    if (obj && PyObject_GC_IsTracked(obj)) PyObject_GC_UnTrack(obj);
    return obj;
}

static PyObject *meld_ids(const Table *t, const Outcome *o) {
    PyObject *ids = PyTuple_New(o->nmelds);
    if (!ids) return NULL;
    for (int k = 0; k < o->nmelds; k++) {
        PyObject *id = PyLong_FromLong(t->locs[o->melds[k]].id);
        if (!id) {
            Py_DECREF(ids);
            return NULL;
        }
        PyTuple_SET_ITEM(ids, k, id);
    }
    return ids;
}

static PyObject *pick(PyObject *tuple, const Table *t, const Outcome *o) {
    PyObject *out = PyTuple_New(o->nmelds);
    if (!out) return NULL;
    for (int k = 0; k < o->nmelds; k++) {
        PyObject *item = PyTuple_GET_ITEM(tuple, t->locs[o->melds[k]].id);
        Py_INCREF(item);
        PyTuple_SET_ITEM(out, k, item);
    }
    return untracked(out);
}

static PyObject *loose_codes(const Table *t, const Outcome *o) {
    int naturals = popcount32(o->loose);
    PyObject *out = PyTuple_New(naturals + o->loose_jokers);
    if (!out) return NULL;
    int k = 0;
    for (uint32_t bits = o->loose; bits; bits &= bits - 1) {
        PyObject *code = PyTuple_GET_ITEM(t->codes, t->deck_of[ctz32(bits)]);
        Py_INCREF(code);
        PyTuple_SET_ITEM(out, k++, code);
    }
    for (int i = 0; i < o->loose_jokers; i++) {
        PyObject *code = PyTuple_GET_ITEM(t->codes, t->ncards);
        Py_INCREF(code);
        PyTuple_SET_ITEM(out, k++, code);
    }
    return untracked(out);
}

static PyObject *close_id(const Table *t, const Outcome *o) {
    return Py_NewRef(o->close < 0 ? Py_None : t->closes[o->close].id);
}

static PyObject *close_score(const Table *t, const Outcome *o) {
    if (o->close < 0) Py_RETURN_NONE;
    const CloseRule *r = &t->closes[o->close];
    return r->counts_loose ? PyLong_FromLong(o->dead) : Py_NewRef(r->fixed);
}

static PyObject *discard_option(const Table *t, int deck_index, const Outcome *o) {
    PyObject *card = PyTuple_GET_ITEM(t->codes, deck_index);
    Py_INCREF(card);
    PyObject *args[DISCARD_FIELDS] = {card,
                         PyLong_FromLong(o->dead),
                         PyBool_FromLong(o->close >= 0),
                         close_id(t, o),
                         pick(t->meld_codes, t, o),
                         loose_codes(t, o)};
    return untracked(make(&t->discard, args, DISCARD_FIELDS));
}

typedef struct {
    int deck_index;
    Outcome o;
} Option;

/* closes.discard_key: close precedence (the closes' order), then fewer loose points, then the
 * throw ranks. */
static int before(const Table *t, const Option *a, const Option *b) {
    int pa = a->o.close < 0 ? t->nclose : a->o.close, pb = b->o.close < 0 ? t->nclose : b->o.close;
    if (pa != pb) return pa < pb;
    if (a->o.dead != b->o.dead) return a->o.dead < b->o.dead;
    return t->throw_rank[a->deck_index] < t->throw_rank[b->deck_index];
}

static PyObject *solve_one(Table *t, PyObject *hand, int pozo) {
    int order[MAX_CARDS], count;
    int loaded = load(t, hand, order, &count);
    if (loaded <= 0) {
        if (loaded < 0) return NULL;
        Py_RETURN_NONE;
    }
    uint32_t all = whole_hand(t);
    int pozo_held = pozo < 0;
    for (int i = 0; i < count; i++) pozo_held |= order[i] == pozo;
    if (!pozo_held) Py_RETURN_NONE; /* Python reports the card taken from the pozo is missing */

    Option options[MAX_CARDS + 1];
    int nopt = 0;
    Outcome chosen;
    /* A close made without a discard comes before every discard (closes.py). */
    int whole = 0;
    if (count == t->hand_size + 1 && t->no_discard) {
        outcome(t, all, t->jk, 1, &chosen);
        whole = chosen.close >= 0;
    }
    if (count == t->hand_size + 1) {
        for (int i = 0; i <= t->n; i++) {
            if (i == t->n && !t->jk) break;
            Option *op = &options[nopt++];
            op->deck_index = i < t->n ? t->deck_of[i] : t->ncards;
            int may_cut = !(t->forbid_pozo && op->deck_index == pozo);
            if (i < t->n)
                outcome(t, all & ~((uint32_t)1 << i), t->jk, may_cut, &op->o);
            else
                outcome(t, all, t->jk - 1, may_cut, &op->o);
        }
        for (int i = 1; i < nopt; i++) {
            Option held = options[i];
            int k = i;
            for (; k > 0 && before(t, &held, &options[k - 1]); k--) options[k] = options[k - 1];
            options[k] = held;
        }
        if (!whole) chosen = options[0].o;
    } else {
        outcome(t, all, t->jk, 1, &chosen);
    }

    PyObject *discards = PyTuple_New(nopt);
    if (!discards) return NULL;
    for (int i = 0; i < nopt; i++) {
        PyObject *option = discard_option(t, options[i].deck_index, &options[i].o);
        if (!option) {
            Py_DECREF(discards);
            return NULL;
        }
        PyTuple_SET_ITEM(discards, i, option);
    }
    untracked(discards);
    PyObject *codes = PyTuple_New(count);
    if (!codes) {
        Py_DECREF(discards);
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        PyObject *code = PyTuple_GET_ITEM(t->codes, order[i]);
        Py_INCREF(code);
        PyTuple_SET_ITEM(codes, i, code);
    }
    untracked(codes);
    PyObject *discard =
        nopt && !whole ? PyTuple_GET_ITEM(t->codes, options[0].deck_index) : Py_None;
    Py_INCREF(discard);
    Py_INCREF(t->game);
    PyObject *args[RESULT_FIELDS] = {t->game,
                          codes,
                          pick(t->meld_codes, t, &chosen),
                          pick(t->meld_kinds, t, &chosen),
                          loose_codes(t, &chosen),
                          PyLong_FromLong(chosen.dead),
                          discard,
                          discards,
                          PyBool_FromLong(chosen.close >= 0),
                          close_id(t, &chosen),
                          close_score(t, &chosen),
                          Py_NewRef(Py_True),
                          PyDict_Copy(t->variant),
                          PyLong_FromLong(chosen.dead)};
    return make(&t->result, args, RESULT_FIELDS);
}


static int pozo_index(Table *t, PyObject *pozo, int *out) {
    *out = -1;
    if (pozo == Py_None) return 0;
    PyObject *found = PyDict_GetItemWithError(t->index, pozo);
    if (!found) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "unknown pozo card");
        return -1;
    }
    *out = (int)PyLong_AsLong(found); /* checked at build */
    return 0;
}

static PyObject *table_solve(Table *t, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"", "", "result", "discard", NULL};
    PyObject *hands, *pozo = Py_None, *result = NULL, *discard = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O$OO:solve", keywords, &hands, &pozo, &result,
                                     &discard))
        return NULL;
    if (!result || !discard) {
        PyErr_SetString(PyExc_TypeError, "solve() needs the answer types: result and discard");
        return NULL;
    }
    int pozo_at;
    if (maker_use(&t->result, result, result_fields, RESULT_FIELDS) ||
        maker_use(&t->discard, discard, discard_fields, DISCARD_FIELDS) ||
        pozo_index(t, pozo, &pozo_at))
        return NULL;
    PyObject *seq = PySequence_Tuple(hands); /* our own: lookups may run Python code */
    if (!seq) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    if (!out) {
        Py_DECREF(seq);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *result = solve_one(t, PyTuple_GET_ITEM(seq, i), pozo_at);
        if (!result) {
            Py_DECREF(out);
            Py_DECREF(seq);
            return NULL;
        }
        PyList_SET_ITEM(out, i, result);
    }
    Py_DECREF(seq);
    return out;
}

static int no_keywords(const char *name, PyObject *kwds) {
    if (kwds && PyDict_GET_SIZE(kwds)) {
        PyErr_Format(PyExc_TypeError, "%s() takes no keywords", name);
        return -1;
    }
    return 0;
}

static int load_or_raise(Table *t, PyObject *cards) {
    int order[MAX_CARDS], count;
    int loaded = load(t, cards, order, &count);
    if (loaded == 0) PyErr_SetString(PyExc_ValueError, "these cards are not for the search");
    return loaded == 1 ? 0 : -1;
}

static PyObject *table_outcome(Table *t, PyObject *args, PyObject *kwds) {
    if (no_keywords("outcome", kwds)) return NULL;
    PyObject *cards;
    int may_cut;
    if (!PyArg_ParseTuple(args, "Op", &cards, &may_cut) || load_or_raise(t, cards))
        return NULL;
    Outcome o;
    outcome(t, whole_hand(t), t->jk, may_cut, &o);
    PyObject *ids = meld_ids(t, &o);
    return ids ? Py_BuildValue("iN", o.close, ids) : NULL;
}

static PyObject *table_best(Table *t, PyObject *args, PyObject *kwds) {
    if (no_keywords("best", kwds)) return NULL;
    PyObject *cards;
    int budget;
    if (!PyArg_ParseTuple(args, "Oi", &cards, &budget)) return NULL;
    if (budget < UNBOUNDED) {
        PyErr_SetString(PyExc_ValueError, "max_loose_cards is -1 (any) or at least 0");
        return NULL;
    }
    if (budget >= MAX_CARDS) budget = UNBOUNDED; /* no hand has that many cards to leave loose */
    if (budget > t->max_budget) t->max_budget = budget; /* load sizes the memo for it */
    if (load_or_raise(t, cards)) return NULL;
    uint32_t all = whole_hand(t);
    if (best(t, all, t->jk, budget) == NEG) Py_RETURN_NONE;
    Outcome o;
    walk(t, all, t->jk, budget, &o);
    return meld_ids(t, &o);
}

/* closes(masks, jokers) -> one byte per hand, 1 where it makes a close of the game: hands as
 * uint64 deck masks of their natural cards and one byte of jokers each (the odds tables ask
 * this of millions of hands, so no card objects are made). */
static PyObject *table_closes(Table *t, PyObject *args, PyObject *kwds) {
    if (no_keywords("closes", kwds)) return NULL;
    Py_buffer masks, jokers;
    if (!PyArg_ParseTuple(args, "y*y*", &masks, &jokers)) return NULL;
    Py_ssize_t n = masks.len / (Py_ssize_t)sizeof(uint64_t);
    PyObject *out = NULL;
    if (jokers.len != n || masks.len % (Py_ssize_t)sizeof(uint64_t)) {
        PyErr_SetString(PyExc_ValueError, "one joker count per deck mask");
        goto done;
    }
    out = PyBytes_FromStringAndSize(NULL, n);
    if (!out) goto done;
    char *flag = PyBytes_AS_STRING(out);
    const uint8_t *j = jokers.buf;
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t have = 0;
        memcpy(&have, (const char *)masks.buf + i * sizeof have, sizeof have);
        int held = popcount32((uint32_t)have) + popcount32((uint32_t)(have >> 32)) + j[i];
        if (j[i] > t->deck_jokers || (t->ncards < 64 && have >> t->ncards) || held > MAX_CARDS) {
            PyErr_SetString(PyExc_ValueError, "a hand this deck does not have");
            Py_CLEAR(out);
            goto done;
        }
        if (load_mask(t, have, j[i]) < 0) {
            Py_CLEAR(out);
            goto done;
        }
        Outcome o;
        outcome(t, whole_hand(t), t->jk, 1, &o);
        flag[i] = o.close >= 0;
    }
done:
    PyBuffer_Release(&masks);
    PyBuffer_Release(&jokers);
    return out;
}

/* Every call: on a built table, one at a time (a card's __eq__ or a collection may run Python
 * code that calls back into the table while it holds a hand). */
typedef PyObject *(*Body)(Table *, PyObject *, PyObject *);

static PyObject *guarded(Table *t, PyObject *args, PyObject *kwds, Body body) {
    if (!t->built) {
        PyErr_SetString(PyExc_RuntimeError, "the table was not built");
        return NULL;
    }
    if (t->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the table is already solving");
        return NULL;
    }
    t->busy = 1;
    PyObject *out = body(t, args, kwds);
    t->busy = 0;
    return out;
}

static PyObject *call_solve(Table *t, PyObject *args, PyObject *kwds) {
    return guarded(t, args, kwds, table_solve);
}
static PyObject *call_outcome(Table *t, PyObject *args, PyObject *kwds) {
    return guarded(t, args, kwds, table_outcome);
}
static PyObject *call_best(Table *t, PyObject *args, PyObject *kwds) {
    return guarded(t, args, kwds, table_best);
}
static PyObject *call_closes(Table *t, PyObject *args, PyObject *kwds) {
    return guarded(t, args, kwds, table_closes);
}

static PyMethodDef table_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))call_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(hands, pozo=None, /, *, result, discard) -> one result per hand, None where the hand is not for this "
     "back end (an unknown token, a card twice, too many cards, the pozo card missing)."},
    {"outcome", (PyCFunction)(void (*)(void))call_outcome, METH_VARARGS | METH_KEYWORDS,
     "outcome(cards, may_cut) -> (close index or -1, meld indices)"},
    {"best", (PyCFunction)(void (*)(void))call_best, METH_VARARGS | METH_KEYWORDS,
     "best(cards, max_loose_cards or -1) -> meld indices of the fewest loose points, or None"},
    {"closes", (PyCFunction)(void (*)(void))call_closes, METH_VARARGS | METH_KEYWORDS,
     "closes(uint64 deck masks, uint8 jokers) -> one byte per hand: 1 where it makes a close"},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot table_slots[] = {
    {Py_tp_dealloc, table_dealloc},
    {Py_tp_doc, "A spec's or a hand's candidate melds, with the search over them."},
    {Py_tp_methods, table_methods},
    {Py_tp_init, table_init},
    {Py_tp_new, PyType_GenericNew},
    {0, NULL},
};

static PyType_Spec table_spec = {
    "mazo.solver.backends._search.Table", sizeof(Table), 0, Py_TPFLAGS_DEFAULT, table_slots,
};

/* The table's limits, on the class: MAX_CARDS, MAX_NUMBER and the close requirements it tests. */
static int add_limits(PyObject *type) {
    PyObject *tests = PyTuple_New(NTESTS);
    for (int k = 0; tests && k < NTESTS; k++) {
        PyObject *name = PyUnicode_FromString(test_names[k]);
        if (!name) Py_CLEAR(tests);
        else PyTuple_SET_ITEM(tests, k, name);
    }
    PyObject *cards = PyLong_FromLong(MAX_CARDS), *number = PyLong_FromLong(MAX_NUMBER);
    int failed = !tests || !cards || !number ||
                 PyObject_SetAttrString(type, "CLOSE_TESTS", tests) ||
                 PyObject_SetAttrString(type, "MAX_CARDS", cards) ||
                 PyObject_SetAttrString(type, "MAX_NUMBER", number);
    Py_XDECREF(tests);
    Py_XDECREF(cards);
    Py_XDECREF(number);
    return failed ? -1 : 0;
}

static int search_exec(PyObject *module) {
    PyObject *type = PyType_FromModuleAndSpec(module, &table_spec, NULL);
    int failed = !type || add_limits(type) || PyModule_AddObjectRef(module, "Table", type);
    Py_XDECREF(type);
    return failed ? -1 : 0;
}

static PyModuleDef_Slot search_slots[] = {
    {Py_mod_exec, search_exec},
    {0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_search",
    .m_doc = "The compiled meld search.",
    .m_size = 0,
    .m_slots = search_slots,
};

PyMODINIT_FUNC PyInit__search(void) { return PyModuleDef_Init(&module); }
