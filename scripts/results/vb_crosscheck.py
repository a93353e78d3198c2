#!/usr/bin/python3
"""An independent, plain-Python simulation of Phase A of d-SHUFFLE (section 6), to cross-check
the SystemC model: every packet starts at slot 0 with n random digits, each (node, edge) has a
FIFO queue, each edge carries one packet per slot, a packet that arrives in slot t can leave in
slot t+1. Compare with (time-disjoint phases, so Phase B traffic does not interfere):

    optinet shuffle --d D --n N --protocol dshuffle --runs 20 --phase-b-start 1000

usage: scripts/results/vb_crosscheck.py [runs]
"""
import collections
import random

import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cli_guard  # noqa: E402


def phase_a(d, n, seed):
    rnd = random.Random(seed)
    N = d ** n
    top = N // d
    queues = collections.defaultdict(collections.deque)  # (node, label) -> remaining labels
    for x in range(N):
        t = [rnd.randrange(d) for _ in range(n)]
        queues[(x, t[0])].append(t[1:])
    slot, left = 0, N
    while left:
        moves = [(x, a, q.popleft()) for (x, a), q in list(queues.items()) if q]
        slot += 1
        for x, a, rest in sorted(moves, key=lambda m: (m[0], m[1])):
            y = a * top + x // d  # the edge with label a: a becomes the leading digit
            if rest:
                queues[(y, rest[0])].append(rest[1:])
            else:
                left -= 1
    return slot


def main():
    ap = cli_guard.ArgumentParser(description=__doc__)
    ap.add_argument("runs", metavar="RUNS", nargs="?", type=cli_guard.positive_int, default=20,
                    help="runs a size (default %(default)s)")
    runs = ap.parse_args().runs
    for d, n in ((2, 8), (2, 10), (2, 12), (3, 6), (4, 5)):
        v = [phase_a(d, n, s) for s in range(runs)]
        print("d=%d n=%d: Phase A mean %.2f over %d runs" % (d, n, sum(v) / len(v), runs))


if __name__ == "__main__":
    cli_guard.run(main)
