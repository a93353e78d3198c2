#!/bin/sh
# usage: rtl_lint.sh VERILATOR RTL_FILE
# The coupler RTL must lint clean with -Wall, at the default parameters and at those verilated.
verilator=$1
rtl=$2
"$verilator" --lint-only -Wall "$rtl" || exit 1
"$verilator" --lint-only -Wall -GD=64 -GW=192 "$rtl" || exit 1
"$verilator" --lint-only -Wall -GD=1 -GW=8 "$rtl" || exit 1
echo "lint clean: $rtl"
