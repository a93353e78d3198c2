#!/usr/bin/python3
"""The GTKWave save files in traces/ open their waveform as the docs say, from any folder:
`gtkwave traces/pops_demo.gtkw` from the project root (README) finds traces/pops_demo.vcd.

GTKWave 3.3 reads [dumpfile] and [savefile] from a save file opened alone; when both are there
it looks for the dump at the path the dump had relative to the saved file, beside the file as it
is opened now (savefile.c, find_dumpfile); without [savefile] it opens [dumpfile] relative to
the current folder, which fails anywhere but traces/. This checks each save file by that rule
(a port of find_dumpfile), and, where xvfb-run and gtkwave are installed, opens the demo's
waveform with the real GTKWave from the project root's layout.

usage: check_gtkw_dumpfiles.py SOURCE_DIR OPTINET
"""
import os
import shutil
import subprocess
import sys
import tempfile

SRC, OPTINET = sys.argv[1], sys.argv[2]
TRACES = os.path.join(SRC, "traces")
failures = []


def fields(path):
    """The [dumpfile] and [savefile] values of a save file (None where absent)."""
    found = {"dumpfile": None, "savefile": None}
    with open(path) as f:
        for line in f:
            for key in found:
                if line.startswith(f"[{key}] "):
                    found[key] = line.split(" ", 1)[1].strip().strip('"')
    return found["dumpfile"], found["savefile"]


def relative(directory, filename):
    """GTKWave's GetRelativeFilename for absolute Unix paths: (relative name, '..' levels)."""
    i = 1
    while i < len(filename) and i < len(directory) and directory[i] == filename[i]:
        i += 1
    if i == len(directory) and (filename[i:i + 1] == "/" or filename[i - 1] == "/"):
        return filename[i + 1:] if filename[i:i + 1] == "/" else filename[i:], 0
    marker, levels = i, 1
    while i < len(directory):
        i += 1
        if directory[i:i + 1] == "/":
            i += 1
            if i < len(directory):
                levels += 1
    while marker > 0 and filename[marker - 1] != "/":
        marker -= 1
    return "../" * levels + filename[marker:], levels


def find_dumpfile_2(orig_save, orig_dump, this_save):
    if "/" not in orig_save or len(orig_save) < 2 or len(orig_dump) < 2:
        return None
    name, dotdot = relative(orig_save[:orig_save.rindex("/")], orig_dump)
    folder = this_save[:this_save.rindex("/") + 1]
    return folder + name if folder.count("/") > dotdot else None


def find_dumpfile(orig_save, orig_dump, this_save):
    """Where GTKWave looks first for the dump of a save file opened as this_save (absolute)."""
    found = find_dumpfile_2(orig_save, orig_dump, this_save)
    return found or find_dumpfile_2("/././" + orig_save, "/././" + orig_dump, this_save)


for name in sorted(os.listdir(TRACES)):
    if not name.endswith(".gtkw"):
        continue
    dump, save = fields(os.path.join(TRACES, name))
    if dump is None or save is None:
        failures.append(f"{name}: [dumpfile] {dump!r}, [savefile] {save!r}: both are needed")
        continue
    for opened in (os.path.join("/repo", "traces", name), os.path.join("/elsewhere", name)):
        looked = find_dumpfile(save, dump, opened)
        beside = os.path.join(os.path.dirname(opened), dump)
        if looked != beside:
            failures.append(f"{name} opened as {opened}: GTKWave looks for {looked}, not {beside}")

# The real GTKWave, headless: the README's command from the project root's layout.
if shutil.which("xvfb-run") and shutil.which("gtkwave"):
    with tempfile.TemporaryDirectory(prefix="optinet-gtkw-") as root:
        os.mkdir(os.path.join(root, "traces"))
        shutil.copy(os.path.join(TRACES, "pops_demo.gtkw"), os.path.join(root, "traces"))
        subprocess.run([OPTINET, "pops", "--d", "4", "--g", "4", "--seed", "1", "--quiet", "--vcd",
                        os.path.join(root, "traces", "pops_demo.vcd")], check=True,
                       stdout=subprocess.DEVNULL)
        # GTKWave prints the dump's time range once it has loaded it, or "Could not initialize"
        # and exits; its window stays open, so `timeout` ends it (and xvfb-run its server).
        done = subprocess.run(["xvfb-run", "-a", "timeout", "4", "stdbuf", "-oL", "gtkwave",
                               "traces/pops_demo.gtkw"], cwd=root, capture_output=True,
                              text=True, stdin=subprocess.DEVNULL, timeout=120)
        said = done.stdout + done.stderr
        if "Could not initialize" in said or "start time" not in said:
            failures.append(f"gtkwave traces/pops_demo.gtkw from the project root: {said[-300:]!r}")
else:
    print("note: xvfb-run or gtkwave missing; GTKWave itself was not started")

for f in failures:
    print("FAIL:", f)
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
