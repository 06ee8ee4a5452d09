/* Bit counting for the compiled back ends, on every compiler the wheels are built with.
 *
 * GCC and Clang (Linux, macOS) have __builtin_popcount and __builtin_ctz; MSVC (Windows) has
 * _BitScanForward in <intrin.h> instead. MSVC's __popcnt is not used: it exists only on x86 and
 * emits an instruction older processors lack, so MSVC counts bits with the usual arithmetic.
 * Every caller passes a non-zero mask to the ctz functions, whose result is undefined for zero
 * on every compiler.
 */
#ifndef MAZO_BITS_H
#define MAZO_BITS_H

#include <stdint.h>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>

static __inline int popcount32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

static __inline int ctz32(uint32_t x) {
    unsigned long index;
    _BitScanForward(&index, x);
    return (int)index;
}

static __inline int ctz64(uint64_t x) {
    unsigned long index;
#if defined(_M_X64) || defined(_M_ARM64)
    _BitScanForward64(&index, x);
#else
    /* 32-bit Windows has no 64-bit scan: the low word first, then the high one. */
    if (!_BitScanForward(&index, (unsigned long)x)) {
        _BitScanForward(&index, (unsigned long)(x >> 32));
        index += 32;
    }
#endif
    return (int)index;
}
#else
static inline int popcount32(uint32_t x) { return __builtin_popcount(x); }
static inline int ctz32(uint32_t x) { return __builtin_ctz(x); }
static inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
#endif

#endif
