#!/usr/bin/python3
"""Why is CUBES's Phase A node population the smallest of the three cube schemes in our model
when the paper (section 7 (iii)) has CUBESS best and CUBES worst? An independent plain-Python
simulation of Phase A of CUBES, BASIC and CUBESS (the paper's set-up: identity permutation,
packets that finish Phase A stay at their node), in which each reading the paper leaves open is
a switch, so each can be measured on its own (docs/results/valiant-brebner.md, "Why CUBES has
the smallest population").

The baseline reproduces the model's slot rules: every (node, dimension) has a queue, each edge
carries one packet per slot, a packet sent in slot t is at the far node at instant t+1, and the
population is counted at each integral instant after the arrivals and before the departures.
Switches:
  --arrivals source|label|random|reverse   order in which same-slot arrivals join a queue: by
        sending node (the model's: a node numbers its input links by their source), by
        dimension (most significant first, or reversed), or at random
  --count all|transit|waiting|stayed|buffered
        all: every packet at the node, incl. those that finished Phase A (the model's count)
        transit: not counting packets that finished Phase A
        waiting: not counting the queue heads leaving at this instant (a packet is resident
                 only while it waits: the count between departures and arrivals)
        stayed: a packet counts only from the instant after its arrival (resident after its
                first wait; the node's own packet counts from instant 0)
        buffered: transit and waiting together (the packets in a queue behind its head: the
                 memory a node needs beside its output registers)
  --aggregate max|nodemean          the maximum over nodes and instants (the paper's "maximal
        number of packets that ever reside at one node"), or the mean over nodes of each node's
        maximum over time
  --discipline fifo|ftg             first-in-first-out (the paper's) or furthest-to-go-first
  --rng mt|vax|vaxlow              Python's Mersenne twister; the VAX/VMS system generator
        MTH$RANDOM (x := 69069 x + 1 mod 2^32, one stream for the whole run, packets in node
        order), using its leading bits (vax) or, as a careless "x mod k" would, its low bits
        (vaxlow: the low bit of this generator alternates)

usage: scripts/results/vb_population_probe.py [--n 10] [--runs 100] [switches]   (prints one table row a
scheme: mean Phase A time and mean max population with their variances)
"""
import random
import statistics

import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402


class Vax:
    """MTH$RANDOM of VAX/VMS: x := 69069 x + 1 mod 2^32."""

    def __init__(self, seed, low):
        self.x = (2 * seed + 1) & 0xFFFFFFFF
        self.low = low

    def below(self, k):
        self.x = (69069 * self.x + 1) & 0xFFFFFFFF
        return self.x % k if self.low else (self.x * k) >> 32


class Mt:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def below(self, k):
        return self.r.randrange(k)


def ticket(scheme, n, rng):
    """Phase A ticket of section 4 / section 7: the dimensions (0-based) in traversal order."""
    t = [i if rng.below(2) else -1 for i in range(n)]
    if scheme == "cubess":
        k = rng.below(n)
        t = t[n - k:] + t[:n - k]  # shift cyclically right by k
    packed = [i for i in t if i >= 0]
    if scheme == "basic":
        for i in range(len(packed) - 1, 0, -1):  # Fisher-Yates
            j = rng.below(i + 1)
            packed[i], packed[j] = packed[j], packed[i]
    return packed


def run(scheme, n, seed, a):
    N = 1 << n
    rng = Vax(seed, a.rng == "vaxlow") if a.rng.startswith("vax") else Mt(seed)
    order = Mt(seed + 10**6)  # random arrival order only
    queues = {}  # (node, dim) -> list of [remaining dims, arrival instant]
    held = [0] * N
    population = [0] * N  # every packet at the node (queued or held)
    for x in range(N):
        t = ticket(scheme, n, rng)
        population[x] += 1
        if t:
            queues.setdefault((x, t[0]), []).append([t, -1])
        else:
            held[x] += 1
    left = sum(1 for q in queues.values() for _ in q)
    node_best, instant = [0] * N, 0
    while True:
        # Count at this instant (after arrivals, before departures).
        if a.count == "all":
            c = population
        elif a.count == "transit":
            c = [population[x] - held[x] for x in range(N)]
        else:
            c = list(population) if a.count != "buffered" else [
                population[x] - held[x] for x in range(N)]
            for (x, _), q in queues.items():
                if not q:
                    continue
                if a.count in ("waiting", "buffered"):
                    c[x] -= 1  # the head leaves at this instant
                else:  # stayed: arrivals of this instant do not count yet
                    c[x] -= sum(1 for p in q if p[1] == instant)
        node_best = [max(b, v) for b, v in zip(node_best, c)]
        if left == 0:
            break
        moves = []
        for (x, d), q in queues.items():
            if not q:
                continue
            h = 0
            if a.discipline == "ftg":
                h = max(range(len(q)), key=lambda i: (len(q[i][0]), -i))
            moves.append((x, d, q.pop(h)[0]))
        instant += 1
        if a.arrivals == "random":
            order.r.shuffle(moves)
        elif a.arrivals == "source":
            moves.sort(key=lambda m: m[0])
        elif a.arrivals == "reverse":
            moves.sort(key=lambda m: -m[1])
        else:
            moves.sort(key=lambda m: m[1])
        for x, d, t in moves:
            y = x ^ (1 << (n - 1 - d))
            population[x] -= 1
            population[y] += 1
            rest = t[1:]
            if rest:
                queues.setdefault((y, rest[0]), []).append([rest, instant])
            else:
                held[y] += 1
                left -= 1
    best = max(node_best) if a.aggregate == "max" else sum(node_best) / N
    return instant, best


def main():
    p = cli_guard.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--n", type=cli_guard.positive_int, default=10)
    p.add_argument("--runs", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--arrivals", choices=["source", "label", "random", "reverse"], default="source")
    p.add_argument("--count", choices=["all", "transit", "waiting", "stayed", "buffered"], default="all")
    p.add_argument("--aggregate", choices=["max", "nodemean"], default="max")
    p.add_argument("--discipline", choices=["fifo", "ftg"], default="fifo")
    p.add_argument("--rng", choices=["mt", "vax", "vaxlow"], default="mt")
    a = p.parse_args()
    if a.runs < 2:
        p.error(f"argument --runs: '{a.runs}' is not accepted (an integer >= 2: a variance)")
    print("| N | arrivals | count | aggregate | discipline | rng | scheme | Phase A (variance) |"
          " population A (variance) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for scheme in ("cubes", "basic", "cubess"):
        r = [run(scheme, a.n, a.seed * 100003 + i, a) for i in range(a.runs)]
        t, pop = [x[0] for x in r], [x[1] for x in r]
        print(f"| {1 << a.n} | {a.arrivals} | {a.count} | {a.aggregate} | {a.discipline} | {a.rng} | "
              f"{scheme.upper()} | {statistics.mean(t):.2f} ({statistics.variance(t):.2f}) | "
              f"{statistics.mean(pop):.2f} ({statistics.variance(pop):.2f}) |")


if __name__ == "__main__":
    cli_guard.run(main)
