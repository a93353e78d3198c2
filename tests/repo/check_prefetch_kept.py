#!/usr/bin/python3
"""Software prefetches stay in the code: optinet::prefetch survives where GCC deletes
__builtin_prefetch, and the store-and-forward network's look-ahead fetches are in the binary.

GCC from -O2 deletes a loop whose only work is __builtin_prefetch (-ffinite-loops treats it as
free of side effects): inlined into the network's walk, the look-ahead fetches vanished silently
and the 2^16-cube ran at its old speed (models/core/prefetch.h). This test compiles
that pattern with optinet::prefetch and the build's compiler at -O3 and looks for a prefetch
instruction, then looks for them in SfRouter::fetch_for_step and fetch_for_admit in OPTINET.

usage: check_prefetch_kept.py OPTINET CXX SOURCE_DIR
Prints what it found; exit status 1 if a prefetch is missing.
"""
import re
import subprocess
import sys

FUNCTIONS = ("optinet::sf::SfRouter::fetch_for_step(int, unsigned long) const",
             "optinet::sf::SfRouter::fetch_for_admit(unsigned long, int) const")
HEADER = re.compile(r"^[0-9a-f]+ <(.+)>:$")
CLONE = re.compile(r" \[clone [^]]*\]$")
# A walk over records that fetches for a record ahead, the fetch inlined into the walk (with
# __builtin_prefetch, GCC 12 -O3 emits no prefetch here).
PATTERN = """
#include <cstdint>
#include "models/core/prefetch.h"
struct Record {
  const char* targets;
  std::uint64_t mask;
  void fetch(int stage) const {
    if (stage == 0) {
      for (std::uint64_t m = mask; m != 0; m &= m - 1) optinet::prefetch(targets + 64 * __builtin_ctzll(m));
    }
  }
};
void walk(const Record* r, int n) {
  for (int i = 0; i < n; ++i) r[i + 8].fetch(0);
}
"""


def pattern_keeps_prefetch(cxx: str, source_dir: str) -> bool:
    asm = subprocess.run([cxx, "-std=c++17", "-O3", "-I", source_dir, "-x", "c++", "-S", "-o", "-",
                          "-"], input=PATTERN, check=True, capture_output=True, text=True).stdout
    return "prefetch" in asm


def main():
    if len(sys.argv) != 4:
        print("usage: check_prefetch_kept.py OPTINET CXX SOURCE_DIR", file=sys.stderr)
        return 2
    kept = pattern_keeps_prefetch(sys.argv[2], sys.argv[3])
    print(f"a prefetch-only loop inlined into a walk: {'kept' if kept else 'DELETED'}")
    listing = subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", sys.argv[1]],
                             check=True, capture_output=True, text=True).stdout
    counts = {}
    current = None
    for line in listing.splitlines():
        m = HEADER.match(line)
        if m:
            name = CLONE.sub("", m.group(1))  # GCC's clones (.constprop, .isra) count as theirs
            current = name if name in FUNCTIONS else None
            if current is not None:
                counts.setdefault(current, 0)
        elif current is not None and "prefetch" in line:
            counts[current] += 1
    bad = not kept
    for f in FUNCTIONS:
        if f not in counts:
            print(f"{f}: not in the binary (renamed or inlined? update this test)")
            bad = True
        else:
            print(f"{f}: {counts[f]} prefetch instructions")
            bad = bad or counts[f] == 0
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
