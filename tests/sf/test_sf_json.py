#!/usr/bin/python3
"""End-to-end: `optinet hypercube ... --json FILE` exits 0 and writes the per-run fields and the
summary the docs and scripts rely on; a closed-loop report has no open-loop fields; an open-loop
grid run reports its load, latency, links and its two bounds.

usage: test_sf_json.py OPTINET JSON_PATH
"""
import json
import subprocess
import sys

OPEN_LOOP_KEYS = ('offered', 'accepted', 'latency_mean', 'latency_p99', 'utilization',
                  'saturated', 'counted_slots', 'busiest_medium', 'media')

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
    assert 'open_loop' not in d and 'power_budget' not in d
    assert all(k not in x for x in r for k in OPEN_LOOP_KEYS)
    return open_loop(optinet, path)


def open_loop(optinet, path):
    args = [optinet, 'grid', '--n', '4', '--traffic', 'bernoulli', '--rate', '0.1', '--warmup',
            '100', '--measure', '1000', '--json', path, '--quiet']
    status = subprocess.call(args)
    if status != 0:
        print('FAIL: %s: exit status %d' % (' '.join(args), status))
        return 1
    with open(path) as f:
        d = json.load(f)
    o = d['open_loop']
    assert o['pattern'] == 'uniform' and 0 < o['routing_bound']['value'] < 1, o
    assert o['routing_bound']['bottleneck'].startswith('link '), o
    # Uniform traffic on a 4 x 4 grid: any routing meets the bisection, as dimension order does.
    assert o['hardware_bound']['method'] == 'lp', o
    assert abs(o['hardware_bound']['value'] - o['routing_bound']['value']) < 1e-6, o
    assert d['power_budget']['link']['kind'] == 'point-to-point'
    assert d['power_budget']['link']['fanout'] == 1
    run = d['runs'][0]
    [run[k] for k in KEYS + OPEN_LOOP_KEYS]
    assert run['ok'] and not run['saturated'] and run['collisions'] == 0
    assert len(run['media']) == d['parameters']['links'] == 48
    assert run['media'][0]['name'] == 'link 0->1'
    assert all(m['collision'] == 0 and m['single'] <= 1000 for m in run['media'])
    assert abs(run['accepted'] - run['offered']) < 0.01
    assert set(d['summary']) == {'offered', 'accepted', 'latency_mean', 'latency_p99',
                                 'utilization', 'ok'}
    return 0


if __name__ == '__main__':
    sys.exit(main())
