#!/bin/sh
# usage: vcd_gtkwave.sh OPTINET VCD2FST WORKDIR PYTHON CHECK_VCD_PY
# optinet --vcd writes a waveform GTKWave's vcd2fst accepts, with hierarchical names; with
# Python, check_vcd.py also checks the signals against the run.
optinet=$1
vcd2fst=$2
dir=$3
python=$4
checker=$5
vcd=$dir/pops_4x4.vcd
fst=$dir/pops_4x4.fst
json=$dir/pops_4x4_vcd.json
rm -f "$vcd" "$fst" "$json"
"$optinet" pops --d 4 --g 4 --seed 3 --quiet --vcd "$vcd" --json "$json" || {
  echo "FAIL: optinet exit status $?"
  exit 1
}
[ -s "$vcd" ] || { echo "FAIL: no VCD written"; exit 1; }
"$vcd2fst" "$vcd" "$fst" || { echo "FAIL: vcd2fst exit status $?"; exit 1; }
[ -s "$fst" ] || { echo "FAIL: vcd2fst wrote no FST"; exit 1; }
for scope in pops control group0 group3 proc0 proc3 coupler_b0_a1 coupler_b3_a2; do
  grep -q "^\$scope module $scope \$end" "$vcd" || { echo "FAIL: no scope $scope"; exit 1; }
done
for var in clk slot tx_valid tx_packet rx_valid rx_packet busy collision frame_packet; do
  grep -q "^\$var wire .* $var" "$vcd" || { echo "FAIL: no signal $var"; exit 1; }
done
if [ "$python" = none ]; then
  echo "note: python3 not found; the signals were not checked against the run"
  exit 0
fi
exec "$python" "$checker" "$vcd" "$json" 4 4
