#!/usr/bin/python3
"""The layering and the folders of docs/architecture.md.

Layers: nothing under models/ includes protocols/ or testbenches/, and nothing under protocols/
includes testbenches/. Folders: every source file of a layer lives in a folder that is either one
family's or a shared folder named for its kind; a shared folder includes no family folder (except
testbenches/app, the family table); one family includes another only along an edge listed below;
the include graph between the folders of a layer has no cycle; a family folder's files
declare their names in the family's namespace, optinet::<family> (the TLM-2.0 family keeps
optinet: an optinet::tlm would hide SystemC's tlm); and in models/ and testbenches/ their names
start with the family's prefix (protocols/<family>/ names its files after the protocols).

usage: check_layering.py SOURCE_DIR
Prints each include across the layering and each folder rule broken; exit status 1 if any.
"""
import pathlib
import re
import sys

FORBIDDEN = {
    "models": ("protocols/", "testbenches/"),
    "protocols": ("testbenches/",),
    "testbenches": (),
}
FAMILIES = {"pops", "ocpc", "splithash", "sf", "mesh", "tlm"}
SHARED = {
    "models": {"core", "optical", "topology"},
    "protocols": {"funnel"},
    "testbenches": {"io", "traffic", "open_loop", "run", "faults", "cli", "app"},
}
# Shared folders that may include family folders: the family table and the mains.
SHARED_SEES_FAMILIES = {"testbenches/app"}
# One family's folder using another's: split&hash's buses are the OCPC's (models and
# protocols); the TLM-2.0 device wraps POPS; the D-MOB's funnel options are split&hash's. The
# phases split&hash's protocols and the D-MOB's both run are in the shared protocols/funnel.
CROSS_FAMILY = {
    ("models/splithash", "models/ocpc"),
    ("models/tlm", "models/pops"),
    ("protocols/splithash", "protocols/ocpc"),
    ("testbenches/ocpc", "testbenches/splithash"),
    ("testbenches/tlm", "testbenches/pops"),
}
# Cycles between the folders of a layer that are allowed: none.
KNOWN_CYCLES = set()
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')
NAMESPACE = re.compile(r"^namespace ([\w:]+) \{")
# Families whose folders declare their names in optinet itself.
FAMILIES_IN_OPTINET = {"tlm"}
# The layers whose family files carry the family's prefix, and the prefixes beyond the family's
# own name (the OCPC family holds the MOB-PC and the D-dimensional MOB).
PREFIXED_LAYERS = {"models", "testbenches"}
EXTRA_PREFIXES = {"ocpc": ("mob_", "dmob_")}
SOURCES = (".h", ".hpp", ".cpp", ".cc")


def folder_of(path):
    parts = path.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else None


def cycles(edges, nodes):
    """Each strongly connected set of two or more folders (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(group)

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return found


def main():
    root = pathlib.Path(sys.argv[1])
    bad = []
    checked = 0
    for layer, forbidden in FORBIDDEN.items():
        edges, folders = {}, set()
        for path in sorted((root / layer).rglob("*")):
            if path.suffix not in SOURCES:
                continue
            checked += 1
            rel = path.relative_to(root).as_posix()
            here = folder_of(rel)
            if here is None:
                bad.append(f"{rel}: a source file outside any folder of {layer}/")
                continue
            name = here.split("/")[1]
            if name not in FAMILIES and name not in SHARED[layer]:
                bad.append(f"{rel}: {here}/ is neither a family's folder nor a shared one")
            folders.add(here)
            prefixes = (name + "_",) + EXTRA_PREFIXES.get(name, ())
            if layer in PREFIXED_LAYERS and name in FAMILIES and not path.name.startswith(prefixes):
                bad.append(f"{rel}: a file of {here}/ not named {' or '.join(prefixes)}*")
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                ns = NAMESPACE.match(line)
                if ns and name in FAMILIES and name not in FAMILIES_IN_OPTINET:
                    if ns.group(1) != f"optinet::{name}" and not ns.group(1).startswith(
                        f"optinet::{name}::"
                    ):
                        bad.append(f"{rel}:{number}: namespace {ns.group(1)} in {here}/")
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = m.group(1)
                if forbidden and target.startswith(forbidden):
                    bad.append(f"{rel}:{number}: includes {target}")
                there = folder_of(target)
                if there is None or there == here or not there.startswith(layer + "/"):
                    continue
                edges.setdefault(here, set()).add(there)
                there_name = there.split("/")[1]
                if there_name in FAMILIES:
                    if name in FAMILIES and (here, there) not in CROSS_FAMILY:
                        bad.append(f"{rel}:{number}: {here} includes the family folder {there}")
                    if name not in FAMILIES and here not in SHARED_SEES_FAMILIES:
                        bad.append(f"{rel}:{number}: the shared {here} includes {there}")
        for group in cycles(edges, folders):
            if frozenset(group) not in KNOWN_CYCLES:
                bad.append(f"{layer}: the folders {', '.join(sorted(group))} include each other")
    for b in bad:
        print(b)
    print(f"layering: {checked} files checked, {len(bad)} includes across the layering or folders")
    return 1 if bad or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
