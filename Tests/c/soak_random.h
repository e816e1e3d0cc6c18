/* Random numbers for the soak drivers (rect_soak.c, state_soak.c): splitmix64, the same sequence
 * on every platform and compiler, so that a seed names one scenario everywhere. Each driver
 * seeds `rng_state` itself. */
#ifndef SOAK_RANDOM_H
#define SOAK_RANDOM_H

#include <stdint.h>

static uint64_t rng_state;

static uint64_t rnd(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
/* Uniform in [0, 1), [0, n) (0 when n <= 0), true with probability p, uniform in [lo, hi). */
static double u01(void) { return (double)(rnd() >> 11) * 0x1p-53; }
static int ri(int n) { return n <= 0 ? 0 : (int)(rnd() % (uint64_t)n); }
static int chance(double p) { return u01() < p; }
static double fr(double lo, double hi) { return lo + (hi - lo) * u01(); }

#endif
