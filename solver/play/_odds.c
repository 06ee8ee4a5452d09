/* The optimal-policy table of the solitaire model, compiled: value iteration over hand classes.
 *
 * The solitaire model: the player holds a resting hand; each turn they draw one card of the pool
 * (the deck less the hand, each joker copy once), cut if some discard leaves a close, and else
 * discard any card. E(h) = 1 + sum_c w(c)/N [0 if h+c cuts else min_d E(h+c-d)].
 *
 * A hand is one class per order of its suits: its suits' rank masks sorted (highest first),
 * packed `nranks` bits a suit from bit 0, and its jokers from bit 58. Python says which resting
 * classes are closes (from the compiled meld search, so the rules live in one place); this file
 * lists the classes, links them, and iterates.
 *
 * A sweep takes, for every hand after the draw, its best and second-best kept class, then
 * solves each resting hand's own equation exactly: discarding the drawn card keeps the hand, so
 * E(s) = 1 + sum_i w_i/N min(E(s), m_i) is one unknown, found by water filling over the sorted
 * m_i. Still value iteration from 0 (every E rises to the unique solution), only without the
 * slow creep of hands whose best move is to wait.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SUITS 8
#define MAX_RANKS 16
#define JOKER_SHIFT 58
#define HORIZON 20

typedef struct {
    int nsuits, nranks, jokers, size;
} Shape;

static uint64_t pack(const Shape *g, uint32_t *masks, int j) {
    /* insertion sort, highest first: the order of suits does not matter */
    for (int a = 1; a < g->nsuits; a++)
        for (int b = a; b > 0 && masks[b] > masks[b - 1]; b--) {
            uint32_t x = masks[b];
            masks[b] = masks[b - 1];
            masks[b - 1] = x;
        }
    uint64_t key = (uint64_t)j << JOKER_SHIFT;
    for (int s = 0; s < g->nsuits; s++) key |= (uint64_t)masks[s] << (s * g->nranks);
    return key;
}

static void unpack(const Shape *g, uint64_t key, uint32_t *masks, int *j) {
    uint32_t all = (1u << g->nranks) - 1;
    for (int s = 0; s < g->nsuits; s++) masks[s] = (uint32_t)(key >> (s * g->nranks)) & all;
    *j = (int)(key >> JOKER_SHIFT);
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

static int cmp_key(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int list_classes(const Shape *g, int size, Keys *out) {
    uint32_t masks[MAX_SUITS] = {0};
    Keys bypop[MAX_RANKS + 1] = {{0}};
    int failed = 0;
    for (int64_t m = (1 << g->nranks) - 1; m >= 0 && !failed; m--)
        failed = push(&bypop[__builtin_popcount((uint32_t)m)], (uint64_t)m);
    for (int j = 0; j <= g->jokers && j <= size && !failed; j++)
        failed = list_from(g, bypop, masks, 0, size - j, (1u << g->nranks) - 1, j, out);
    for (int c = 0; c <= MAX_RANKS; c++) free(bypop[c].keys);
    if (failed) return -1;
    qsort(out->keys, out->n, sizeof *out->keys, cmp_key);
    return 0;
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

/* classes(nsuits, nranks, jokers, size) -> (keys as uint64 bytes, hands per class as doubles) */
static PyObject *classes(PyObject *Py_UNUSED(self), PyObject *args) {
    Shape g;
    if (!PyArg_ParseTuple(args, "iiii", &g.nsuits, &g.nranks, &g.jokers, &g.size) ||
        check_shape(&g))
        return NULL;
    Keys k = {0};
    if (list_classes(&g, g.size, &k)) {
        free(k.keys);
        return PyErr_NoMemory();
    }
    PyObject *keys = PyBytes_FromStringAndSize((const char *)k.keys, k.n * sizeof *k.keys);
    PyObject *weights = PyBytes_FromStringAndSize(NULL, k.n * sizeof(double));
    if (keys && weights) {
        double *w = (double *)PyBytes_AS_STRING(weights);
        for (size_t i = 0; i < k.n; i++) w[i] = hands_in(&g, k.keys[i]);
    }
    free(k.keys);
    if (!keys || !weights) {
        Py_XDECREF(keys);
        Py_XDECREF(weights);
        return NULL;
    }
    return Py_BuildValue("NN", keys, weights);
}

/* spell(nsuits, nranks, keys, codes, joker) -> one hand per class, its codes joined by spaces:
 * codes[suit * nranks + rank] names each natural card of the class's representative hand. */
static PyObject *spell(PyObject *Py_UNUSED(self), PyObject *args) {
    Shape g = {0, 0, 0, 1};
    Py_buffer keys;
    PyObject *codes;
    const char *joker;
    if (!PyArg_ParseTuple(args, "iiy*O!s", &g.nsuits, &g.nranks, &keys, &PyTuple_Type, &codes,
                          &joker))
        return NULL;
    size_t n = keys.len / sizeof(uint64_t);
    PyObject *out = NULL;
    if (g.nsuits < 1 || g.nsuits > MAX_SUITS || g.nranks < 1 || g.nranks > MAX_RANKS ||
        PyTuple_GET_SIZE(codes) != g.nsuits * g.nranks) {
        PyErr_SetString(PyExc_ValueError, "one code per natural card");
        goto done;
    }
    const char *text[MAX_SUITS * MAX_RANKS];
    for (int i = 0; i < g.nsuits * g.nranks; i++) {
        text[i] = PyUnicode_AsUTF8(PyTuple_GET_ITEM(codes, i));
        if (!text[i]) goto done;
    }
    out = PyList_New((Py_ssize_t)n);
    char line[1024];
    for (size_t i = 0; out && i < n; i++) {
        uint32_t masks[MAX_SUITS];
        int j, len = 0;
        unpack(&g, ((const uint64_t *)keys.buf)[i], masks, &j);
        for (int s = 0; s < g.nsuits; s++)
            for (int r = 0; r < g.nranks; r++)
                if (masks[s] >> r & 1)
                    len += snprintf(line + len, sizeof line - len, "%s ", text[s * g.nranks + r]);
        for (int k = 0; k < j; k++) len += snprintf(line + len, sizeof line - len, "%s ", joker);
        PyObject *item = PyUnicode_FromStringAndSize(line, len ? len - 1 : 0);
        if (!item) Py_CLEAR(out);
        else PyList_SET_ITEM(out, (Py_ssize_t)i, item);
    }
done:
    PyBuffer_Release(&keys);
    return out;
}

/* ---- the links and the sweeps ---- */

/* After the draw: the best kept class and the value of the best other one (cut: 0 both), side
 * by side, since each resting hand's draws read all three. */
typedef struct {
    double best, second;
    int32_t arg;
} Ranked;

typedef struct {
    Shape g;
    size_t n7, n8;
    const uint64_t *keys7;
    const uint8_t *close7;
    uint64_t *keys8;
    uint64_t *slot_key; /* open addressing over keys7: slot -> key, 0 free (no class is empty) */
    int32_t *slot_class;
    size_t slots;
    int32_t *sub;    /* 8 kept classes per hand after the draw, -1 past the distinct ones */
    uint8_t *times;  /* how many of its cards leave each */
    uint8_t *cut8;   /* some discard leaves a close */
    int64_t *start;  /* draws of resting class s: start[s] .. start[s+1]-1 */
    int32_t *draw;   /* the class after the draw */
    uint8_t *weight; /* how many pool cards lead there */
    double pool;     /* N */
    Ranked *ranked;
} Model;

static void free_model(Model *m) {
    free(m->keys8);
    free(m->slot_key);
    free(m->slot_class);
    free(m->sub);
    free(m->times);
    free(m->cut8);
    free(m->start);
    free(m->draw);
    free(m->weight);
    free(m->ranked);
}

static size_t slot_of(const Model *m, uint64_t key) {
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 20) & (m->slots - 1);
}

static int hash_classes(Model *m) {
    for (m->slots = 1024; m->slots < 2 * m->n7; m->slots *= 2) {}
    m->slot_key = calloc(m->slots, sizeof *m->slot_key);
    m->slot_class = malloc(m->slots * sizeof *m->slot_class);
    if (!m->slot_key || !m->slot_class) return -1;
    for (size_t i = 0; i < m->n7; i++) {
        size_t h = slot_of(m, m->keys7[i]);
        while (m->slot_key[h]) h = (h + 1) & (m->slots - 1);
        m->slot_key[h] = m->keys7[i];
        m->slot_class[h] = (int32_t)i;
    }
    return 0;
}

static int32_t class_of(const Model *m, uint64_t key) {
    for (size_t h = slot_of(m, key); m->slot_key[h]; h = (h + 1) & (m->slots - 1))
        if (m->slot_key[h] == key) return m->slot_class[h];
    return -1;
}

/* Keep class i among a hand's distinct kept classes; 1 if it is not a class at all. */
static int keep(const Model *m, int32_t i, int32_t *out, uint8_t *times, int *n, int *cut,
                int count) {
    if (i < 0) return 1;
    for (int k = 0; k < *n; k++)
        if (out[k] == i) {
            times[k] += (uint8_t)count;
            return 0;
        }
    out[*n] = i;
    times[(*n)++] = (uint8_t)count;
    *cut |= m->close7[i];
    return 0;
}

/* Each hand after the draw: its distinct kept classes, how many of its cards leave each, and
 * whether one of them closes. */
static int link_discards(Model *m) {
    const Shape *g = &m->g;
    m->sub = malloc(m->n8 * 8 * sizeof *m->sub);
    m->times = malloc(m->n8 * 8);
    m->cut8 = malloc(m->n8);
    if (!m->sub || !m->times || !m->cut8) return -1;
    int bad = 0;
#pragma omp parallel for schedule(dynamic, 4096) reduction(| : bad)
    for (int64_t t = 0; t < (int64_t)m->n8; t++) {
        uint32_t masks[MAX_SUITS], copy[MAX_SUITS];
        int j, n = 0, cut = 0;
        int32_t *out = m->sub + t * 8;
        uint8_t *times = m->times + t * 8;
        unpack(g, m->keys8[t], masks, &j);
        for (int s = 0; s < g->nsuits; s++)
            for (uint32_t b = masks[s]; b; b &= b - 1) {
                memcpy(copy, masks, sizeof copy);
                copy[s] &= ~(b & (~b + 1));
                bad |= keep(m, class_of(m, pack(g, copy, j)), out, times, &n, &cut, 1);
            }
        if (j) {
            memcpy(copy, masks, sizeof copy);
            bad |= keep(m, class_of(m, pack(g, copy, j - 1)), out, times, &n, &cut, j);
        }
        for (int k = n; k < 8; k++) out[k] = -1;
        m->cut8[t] = (uint8_t)cut;
    }
    return bad ? -2 : 0;
}

/* Each resting class: the classes its draws lead to, and how many pool cards lead to each. Read
 * off the discards' links: the real pairs (hand, drawn card) from class S to class T, counted
 * from either side, give hands(S) * weight(S, T) = hands(T) * times(T, S). */
static int link_draws(Model *m) {
    const Shape *g = &m->g;
    m->start = calloc(m->n7 + 1, sizeof *m->start);
    if (!m->start) return -1;
    for (size_t k = 0; k < m->n8 * 8; k++)
        if (m->sub[k] >= 0) m->start[m->sub[k] + 1]++;
    for (size_t s = 0; s < m->n7; s++) m->start[s + 1] += m->start[s];
    size_t edges = (size_t)m->start[m->n7];
    m->draw = malloc(edges * sizeof *m->draw);
    m->weight = malloc(edges);
    int64_t *fill = malloc(m->n7 * sizeof *fill);
    double *hands7 = malloc(m->n7 * sizeof *hands7);
    if (!m->draw || !m->weight || !fill || !hands7) {
        free(fill);
        free(hands7);
        return -1;
    }
#pragma omp parallel for schedule(static)
    for (int64_t s = 0; s < (int64_t)m->n7; s++) hands7[s] = hands_in(g, m->keys7[s]);
    memcpy(fill, m->start, m->n7 * sizeof *fill);
    for (size_t t = 0; t < m->n8; t++) {
        double ht = hands_in(g, m->keys8[t]);
        for (int k = 0; k < 8 && m->sub[t * 8 + k] >= 0; k++) {
            int32_t s = m->sub[t * 8 + k];
            int64_t e = fill[s]++;
            m->draw[e] = (int32_t)t;
            m->weight[e] = (uint8_t)lround(ht * m->times[t * 8 + k] / hands7[s]);
        }
    }
    free(fill);
    free(hands7);
    free(m->times); /* the weights hold what the sweeps need of it */
    m->times = NULL;
    return 0;
}

/* After the draw: the best kept class and the best of the others (cut: 0 both). */
static void rank_discards(Model *m, const double *E) {
#pragma omp parallel for schedule(static)
    for (int64_t t = 0; t < (int64_t)m->n8; t++) {
        Ranked *r = &m->ranked[t];
        if (m->cut8[t]) {
            r->best = r->second = 0;
            r->arg = -1;
            continue;
        }
        const int32_t *sub = m->sub + t * 8;
        double b = INFINITY, c = INFINITY;
        int32_t a = -1;
        for (int k = 0; k < 8 && sub[k] >= 0; k++) {
            double v = E[sub[k]];
            if (v < b) {
                c = b;
                b = v;
                a = sub[k];
            } else if (v < c) c = v;
        }
        r->best = b;
        r->second = c;
        r->arg = a;
    }
}

/* x = 1 + sum_i w_i/N min(x, v_i): the smallest x, by the sorted v_i. */
static double water(double *v, double *w, int n, double pool) {
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && v[b] < v[b - 1]; b--) {
            double x = v[b]; v[b] = v[b - 1]; v[b - 1] = x;
            x = w[b]; w[b] = w[b - 1]; w[b - 1] = x;
        }
    double W = 0, A = 0;
    for (int k = 0; k < n; k++) {
        if (isinf(v[k])) break;
        W += w[k];
        A += w[k] * v[k];
        double x = (pool + A) / W;
        if (k + 1 == n || x <= v[k + 1]) return x;
    }
    return W > 0 ? (pool + A) / W : INFINITY;
}

static double sweep(Model *m, double *E) {
    rank_discards(m, E);
    double change = 0;
#pragma omp parallel for schedule(dynamic, 4096) reduction(max : change)
    for (int64_t s = 0; s < (int64_t)m->n7; s++) {
        double v[MAX_SUITS * MAX_RANKS + 1], w[MAX_SUITS * MAX_RANKS + 1];
        int n = 0;
        for (int64_t e = m->start[s]; e < m->start[s + 1]; e++) {
            /* the reads of the sweep are scattered: ask for them a few draws ahead */
            if (e + 8 < m->start[s + 1]) __builtin_prefetch(&m->ranked[m->draw[e + 8]]);
            const Ranked *r = &m->ranked[m->draw[e]];
            v[n] = r->arg == (int32_t)s ? r->second : r->best;
            w[n++] = m->weight[e];
        }
        double x = water(v, w, n, m->pool);
        double d = fabs(x - E[s]);
        if (d > change) change = d;
        E[s] = x;
    }
    return change;
}

/* The chance to cut within 1..HORIZON turns, following the policy of E (ties: lowest class). */
static void cut_within(Model *m, const double *E, double *P) {
    rank_discards(m, E);
    double *prev = calloc(m->n7, sizeof *prev), *next = malloc(m->n7 * sizeof *next);
    if (!prev || !next) { free(prev); free(next); return; }
    for (int h = 0; h < HORIZON; h++) {
#pragma omp parallel for schedule(dynamic, 4096)
        for (int64_t s = 0; s < (int64_t)m->n7; s++) {
            double p = 0;
            for (int64_t e = m->start[s]; e < m->start[s + 1]; e++) {
                int32_t t = m->draw[e];
                p += m->weight[e] * (m->cut8[t] ? 1.0 : prev[m->ranked[t].arg]);
            }
            next[s] = p / m->pool;
            P[(size_t)s * HORIZON + h] = next[s];
        }
        double *x = prev; prev = next; next = x;
    }
    free(prev);
    free(next);
}

static int report(PyObject *progress, const char *stage, long sweeps, double change) {
    if (progress == Py_None) return 0;
    PyObject *r = PyObject_CallFunction(progress, "sld", stage, sweeps, change);
    Py_XDECREF(r);
    return r ? 0 : -1;
}

/* solve(nsuits, nranks, jokers, size, keys, closes, tolerance, max_sweeps, progress)
 *   -> (E doubles, cut_within doubles (HORIZON per class), sweeps, max change, classes after
 *      the draw). progress(stage, sweeps, change) is called as the work goes. */
static PyObject *solve(PyObject *Py_UNUSED(self), PyObject *args) {
    Model m = {0};
    Py_buffer k7, c7;
    double tol;
    long max_sweeps;
    PyObject *progress;
    if (!PyArg_ParseTuple(args, "iiiiy*y*dlO", &m.g.nsuits, &m.g.nranks, &m.g.jokers,
                          &m.g.size, &k7, &c7, &tol, &max_sweeps, &progress))
        return NULL;
    PyObject *out = NULL, *Eb = NULL, *Pb = NULL;
    if (check_shape(&m.g)) goto done;
    m.n7 = k7.len / sizeof(uint64_t);
    if ((size_t)c7.len != m.n7 || m.n7 == 0 || m.n7 > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "one close flag per class");
        goto done;
    }
    m.keys7 = k7.buf;
    m.close7 = c7.buf;
    m.pool = m.g.nsuits * m.g.nranks + m.g.jokers - m.g.size;
    Keys k8 = {0};
    int failed = report(progress, "listing", 0, 0);
    Py_BEGIN_ALLOW_THREADS
    failed = failed || list_classes(&m.g, m.g.size + 1, &k8);
    Py_END_ALLOW_THREADS
    m.keys8 = k8.keys;
    m.n8 = k8.n;
    if (failed || m.n8 > INT32_MAX) { if (!PyErr_Occurred()) PyErr_NoMemory(); goto done; }
    int linked = report(progress, "linking", 0, 0);
    if (!linked) {
        Py_BEGIN_ALLOW_THREADS
        linked = hash_classes(&m);
        if (!linked) linked = link_discards(&m);
        if (!linked) linked = link_draws(&m);
        Py_END_ALLOW_THREADS
    }
    if (linked) {
        if (linked == -2) PyErr_SetString(PyExc_ValueError, "the classes do not link up");
        else if (!PyErr_Occurred()) PyErr_NoMemory();
        goto done;
    }
    m.ranked = malloc(m.n8 * sizeof *m.ranked);
    Eb = PyBytes_FromStringAndSize(NULL, m.n7 * sizeof(double));
    Pb = PyBytes_FromStringAndSize(NULL, m.n7 * HORIZON * sizeof(double));
    if (!m.ranked || !Eb || !Pb) { if (!PyErr_Occurred()) PyErr_NoMemory(); goto done; }
    double *E = (double *)PyBytes_AS_STRING(Eb);
    memset(E, 0, m.n7 * sizeof *E);
    long sweeps = 0;
    double change = INFINITY;
    while (change >= tol && sweeps < max_sweeps) {
        Py_BEGIN_ALLOW_THREADS
        change = sweep(&m, E);
        Py_END_ALLOW_THREADS
        sweeps++;
        if (report(progress, "sweeps", sweeps, change) || PyErr_CheckSignals()) goto done;
    }
    if (change >= tol) {
        PyErr_Format(PyExc_RuntimeError, "no convergence in %ld sweeps (change %g)", sweeps, change);
        goto done;
    }
    if (report(progress, "horizon", sweeps, change)) goto done;
    Py_BEGIN_ALLOW_THREADS
    cut_within(&m, E, (double *)PyBytes_AS_STRING(Pb));
    Py_END_ALLOW_THREADS
    out = Py_BuildValue("OOldn", Eb, Pb, sweeps, change, (Py_ssize_t)m.n8);
done:
    Py_XDECREF(Eb);
    Py_XDECREF(Pb);
    free_model(&m);
    PyBuffer_Release(&k7);
    PyBuffer_Release(&c7);
    return out;
}

static PyMethodDef methods[] = {
    {"classes", classes, METH_VARARGS,
     "classes(nsuits, nranks, jokers, size) -> (uint64 keys, hands per class)"},
    {"spell", spell, METH_VARARGS,
     "spell(nsuits, nranks, keys, codes, joker) -> one hand per class, as codes"},
    {"solve", solve, METH_VARARGS,
     "solve(nsuits, nranks, jokers, size, keys, closes, tolerance, max_sweeps, progress) -> "
     "(E, cut_within, sweeps, max_change, classes after the draw)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_odds", "The compiled optimal-policy table.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__odds(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "HORIZON", HORIZON) < 0 ||
        PyModule_AddIntConstant(m, "JOKER_SHIFT", JOKER_SHIFT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
