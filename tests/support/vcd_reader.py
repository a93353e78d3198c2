"""Reads a VCD as written by optinet (SystemC's tracer): the tests' one VCD parser."""


def parse(path):
    """(names, changes): id code -> its full dotted names; id code -> [(time, value)]."""
    names = {}  # id code -> list of full names
    scope = []
    changes = {}  # id code -> [(time, value)]
    time = 0
    in_header = True
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words:
                continue
            if in_header:
                if words[0] == "$scope":
                    scope.append(words[2])
                elif words[0] == "$upscope":
                    scope.pop()
                elif words[0] == "$var":
                    code, name = words[3], words[4]
                    names.setdefault(code, []).append(".".join(scope + [name]))
                elif words[0] == "$enddefinitions":
                    in_header = False
                continue
            w = words[0]
            if w.startswith("#"):
                time = int(w[1:])
            elif w.startswith("$"):
                continue
            elif w[0] in "bBrR":
                changes.setdefault(words[1], []).append((time, w[1:]))
            else:
                changes.setdefault(w[1:], []).append((time, w[0]))
    return names, changes


def full_names(names):
    """Full dotted name -> id code."""
    return {name: code for code, all_names in names.items() for name in all_names}
