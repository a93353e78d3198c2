// Step-level model of the POPS d > g randomized router (not linked into optinet):
// the same keys, relays, windows and back-offs as protocols/pops/randomized_plan.cpp, one loop
// per step over the pending packets (slot 1: unique per (source group, relay); slot 2: unique
// per key), one random stream per run instead of one per node, so it agrees with optinet in
// distribution, not run by run. Used to find why the first layer-window router was slow at
// g = 2 and at large n (docs/pops-model.md, "The correct routers").
//
//   g++ -O2 -std=c++17 -I. bench/pops_step_model.cpp -o /tmp/pops_step_model
//   /tmp/pops_step_model D G RUNS POLICY [WINDOW_LENGTH [VERBOSE]]
//
// POLICY 0: windows of WINDOW_LENGTH steps per layer, then every packet, back-off halving per K
//           failures (K=3: `randomized` before this change); 1: the same without back-off;
//           2: one coin of 1/2 per three failures; 3: windows that cycle on after 3L steps;
//           4: window length from the mean-field rule (W=w overrides), then every packet with
//              participation 1 / (1 + C floor(f/K)) (HALVE=1: 2^-floor(f/K)); CLASS=1 window
//              classes (the current `randomized`: POLICY 4, CLASS=1, K=4, NOLAW=1).
// Environment: K, C, W, CLASS, HALVE, NOLAW (no tail law), TAU, BLOCK, TRAFFIC=transpose.
// VERBOSE=1 prints the mean number of pending packets after each step.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "models/core/rng.h"
using namespace optinet;
static std::uint32_t kh(std::uint64_t seed, std::uint64_t tag, std::uint64_t a, std::uint64_t b,
                        std::uint32_t g) {
  return (std::uint32_t)(mix64(mix64(mix64(seed ^ tag) ^ a) ^ b) % g);
}
struct P {
  uint32_t src, dst;
  unsigned fail;
  bool done;
};
int policy = 0;
double param = 3.0;
int verbose = 0;
unsigned K = 3;
int main(int argc, char** argv) {
  uint32_t d = atoi(argv[1]), g = atoi(argv[2]);
  int runs = atoi(argv[3]);
  policy = atoi(argv[4]);
  if (argc > 5) param = atof(argv[5]);
  if (argc > 6) verbose = atoi(argv[6]);
  if (getenv("K")) K = atoi(getenv("K"));
  const char* traffic = getenv("TRAFFIC");
  uint32_t n = d * g, L = (d + g - 1) / g;
  double sum = 0, sumsq = 0;
  int mx = 0, unfinished = 0;
  std::vector<double> rem(400, 0);
  for (int run = 0; run < runs; ++run) {
    uint64_t seed = 1 + run;
    Rng rng = Rng::stream(seed, 0, 1);
    std::vector<uint32_t> perm(n);
    for (uint32_t i = 0; i < n; ++i) perm[i] = i;
    if (traffic && !strcmp(traffic, "transpose")) {
      uint32_t m = (uint32_t)std::lround(std::sqrt(n));
      for (uint32_t i = 0; i < n; ++i) perm[i] = (i % m) * m + i / m;
    } else
      rng.shuffle(perm);
    std::vector<P> ps(n);
    for (uint32_t i = 0; i < n; ++i) ps[i] = {i, perm[i], 0, false};
    uint32_t pending = n;
    uint64_t step = 0;
    std::vector<int> c1(g * g), c2(g * g);
    std::vector<uint32_t> tt(n), rr(n);
    std::vector<char> part(n), surv(n);
    uint32_t w4 = 0;
    double fw = 1;
    while (fw > 0.1353352832366127 && w4 < 8) {
      fw *= 1 - std::pow(1 - fw / g, g - 1.0);
      ++w4;
    }
    if (getenv("W")) w4 = atoi(getenv("W"));
    const uint64_t W4 = (uint64_t)w4 * L;
    const double lam0 = getenv("NOLAW") ? 0 : L * fw;
    const double tau = getenv("TAU") ? atof(getenv("TAU")) : 0.25;
    const uint64_t W = policy == 4 ? W4 : (uint64_t)param * L;
    const uint64_t WL = (uint64_t)param;  // window steps
    while (pending && step < 4000) {
      ++step;
      std::fill(c1.begin(), c1.end(), 0);
      std::fill(c2.begin(), c2.end(), 0);
      for (uint32_t i = 0; i < n; ++i) {
        P& p = ps[i];
        part[i] = 0;
        if (p.done) continue;
        uint32_t G = p.dst / d, idx = p.dst % d, l = idx / g, u = p.dst % g;
        if (getenv("CLASS")) l = (l + kh(seed, 0x63, G, u, L)) % L;
        uint32_t t = (u + kh(seed, 0x68, step, l, g)) % g;
        uint32_t r = (G + kh(seed, 0x72, step, t, g)) % g;
        tt[i] = t;
        rr[i] = r;
        double prob = 1;
        uint32_t off = kh(seed, 0x77, G, 0, L);
        bool full;
        if (policy == 0 || policy == 1 || policy == 2) {  // windows W steps then all
          full = step > W;
          if (!full) prob = (l == ((step - 1) / (uint64_t)param + off) % L) ? 1 : 0;
          if (full && p.fail) {
            if (policy == 0) {
              unsigned h = std::min(p.fail / K, 10u);
              if (h) prob = getenv("HARM") ? 1.0 / (1 + h) : std::ldexp(1.0, -(int)h);
            }
            if (policy == 2) {
              if (p.fail % 3 == 0) prob = 0.5;
            }
          }
        } else if (policy == 4) {  // mean-field window length, tail law, harmonic back-off
          full = step > W4;
          if (!full)
            prob = (l == ((step - 1) / w4 + off) % L) ? 1 : 0;
          else if (getenv("BLOCK")) {
            uint32_t m = (uint32_t)std::ceil(atof(getenv("BLOCK")) / fw);
            if (m > L) m = L;
            uint32_t nb = (L + m - 1) / m;
            uint32_t pos = (l + off) % L;
            prob = (pos / m == (step - W4 - 1) % nb) ? 1 : 0;
            unsigned h = p.fail / K;
            prob /= (1 + h);
          } else {
            double lam = lam0 - (double)(step - W4 - 1) * tau;
            prob = lam > 1 ? 1 / lam : 1;
            unsigned h = p.fail / K;
            if (getenv("HALVE"))
              prob = std::ldexp(prob, -(int)std::min(h, 10u));
            else
              prob /= (1 + (getenv("C") ? atof(getenv("C")) : 1.0) * h);
          }
        } else if (policy == 3) {  // windows continue cyclically, window length 3 then 1
          uint64_t w = step <= 3ull * L ? (step - 1) / 3 : L + (step - 1 - 3ull * L);
          prob = (l == (w + off) % L) ? 1 : 0;
        }
        if (rng.chance(prob)) {
          part[i] = 1;
          c1[(p.src / d) * g + r]++;
        }
      }
      for (uint32_t i = 0; i < n; ++i) {
        surv[i] = 0;
        if (part[i] && c1[(ps[i].src / d) * g + rr[i]] == 1) {
          surv[i] = 1;
          c2[(ps[i].dst / d) * g + tt[i]]++;
        }
      }
      bool fullstep = step > W;
      for (uint32_t i = 0; i < n; ++i) {
        if (!part[i]) continue;
        if (surv[i] && c2[(ps[i].dst / d) * g + tt[i]] == 1) {
          ps[i].done = true;
          --pending;
          ps[i].fail = 0;
        } else if (fullstep)
          ps[i].fail++;
      }
      if (step < rem.size()) rem[step] += pending;
      if (verbose > 1 && step > 3990)
        for (uint32_t i = 0; i < n; ++i)
          if (!ps[i].done)
            printf("step %lu run %d src %u dst %u part %d t %u r %u surv %d\n", step, run,
                   ps[i].src, ps[i].dst, part[i], tt[i], rr[i], surv[i]);
    }
    if (pending) unfinished++;
    sum += step;
    sumsq += step * step;
    mx = std::max<int>(mx, step);
  }
  double mean = sum / runs;
  printf("POPS(%u,%u) policy %d param %g: mean %.2f sd %.2f max %d unfinished %d\n", d, g, policy,
         param, mean,
         std::sqrt(std::max(0.0, (sumsq - runs * mean * mean) / std::max(1, runs - 1))), mx,
         unfinished);
  if (verbose) {
    for (int s = 1; s < 80; ++s) printf("%d:%.1f ", s, rem[s] / runs);
    printf("\n");
  }
}
