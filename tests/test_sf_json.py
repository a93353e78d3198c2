#!/usr/bin/env python3
"""End-to-end: `optinet hypercube ... --json FILE` exits 0 and writes the per-run fields and the
summary the docs and scripts rely on.

usage: test_sf_json.py OPTINET JSON_PATH
"""
import json
import subprocess
import sys

KEYS = ('seed', 'slots', 'packets', 'delivered', 'collisions', 'hit_limit', 'ok', 'errors',
        'phase_a_slots', 'phase_b_slots', 'max_node_population', 'max_queue')


def main():
    optinet, path = sys.argv[1], sys.argv[2]
    args = [optinet, 'hypercube', '--n', '6', '--runs', '3', '--traffic', 'random', '--json', path,
            '--quiet']
    status = subprocess.call(args)
    if status != 0:
        print('FAIL: %s: exit status %d' % (' '.join(args), status))
        return 1
    with open(path) as f:
        d = json.load(f)
    r = d['runs']
    assert len(r) == 3
    [r0[k] for r0 in r for k in KEYS]
    assert all(x['ok'] and x['delivered'] == 64 for x in r)
    s = d['summary']['slots']
    assert s['min'] <= s['mean'] <= s['max']
    return 0


if __name__ == '__main__':
    sys.exit(main())
