#!/usr/bin/env bash
# Installs the Debian packages OptiNet needs; does nothing when all are present.
# --check: installs nothing and prints nothing; exit status 0 when every package is present, 1
# when one is missing (the Makefile runs the installer only then).
set -euo pipefail
check=0
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  *) printf -v shown '%q' "${1:0:40}"
     echo "install-deps.sh: $shown is not an option (accepted: --check, or none)" >&2; exit 2 ;;
esac
packages=(cmake g++ make pkg-config libsystemc-dev libgtest-dev libcli11-dev nlohmann-json3-dev
          libglpk-dev gtkwave gnuplot-nox python3 python3-matplotlib python3-tqdm verilator clang
          libclang-rt-14-dev clang-format-14 slurm-wlm munge valgrind
          flex bison)  # flex, bison: building BookSim2 for bench/booksim_compare.py
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((check)); then
  if ((${#missing[@]})); then exit 1; fi
  exit 0
fi
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# Each SystemC thread stack is an mmap with a guard page (two memory maps), so a network of
# n processors needs about 2n maps; Linux's default limit (65530) stops near 32k processors.
want=8388608   # 2^21 processors need a little over 2^22 maps (a thread stack and its guard page each)
have=$(cat /proc/sys/vm/max_map_count 2>/dev/null || echo "$want")
if [ "$have" -lt "$want" ]; then
  if [ "$(id -u)" -eq 0 ]; then
    sysctl -q -w vm.max_map_count=$want || echo "install-deps: could not raise vm.max_map_count (have $have); larger networks will be refused"
  else
    echo "install-deps: vm.max_map_count is $have; for networks above ~30k processors run: sudo sysctl -w vm.max_map_count=$want"
  fi
fi
