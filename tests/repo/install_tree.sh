#!/bin/sh
# usage: install_tree.sh CMAKE BUILD_DIR
# Installs BUILD_DIR into a temporary prefix P and checks the tree: P/bin/optinet and
# P/bin/optinet_vp, a GTKWave save file in P/share/optinet/traces, the README in
# P/share/doc/optinet, and `P/bin/optinet --help` exits 0.
cmake=$1
build=$2
prefix=$(mktemp -d) || exit 1
trap 'rm -rf "$prefix"' EXIT
"$cmake" --install "$build" --prefix "$prefix" >/dev/null || { echo "FAIL: cmake --install"; exit 1; }
fail=0
for exe in optinet optinet_vp; do
  [ -x "$prefix/bin/$exe" ] || { echo "FAIL: no executable bin/$exe"; fail=1; }
done
[ -f "$prefix/share/optinet/traces/pops_demo.gtkw" ] ||
  { echo "FAIL: no share/optinet/traces/pops_demo.gtkw"; fail=1; }
[ -f "$prefix/share/doc/optinet/README.md" ] || { echo "FAIL: no share/doc/optinet/README.md"; fail=1; }
[ -f "$prefix/share/doc/optinet/waveforms.md" ] ||
  { echo "FAIL: no share/doc/optinet/waveforms.md"; fail=1; }
"$prefix/bin/optinet" --help >/dev/null || { echo "FAIL: bin/optinet --help: exit status $?"; fail=1; }
[ $fail -eq 0 ] || { (cd "$prefix" && find . | sort); exit 1; }
echo "ok: installed tree in $prefix"
