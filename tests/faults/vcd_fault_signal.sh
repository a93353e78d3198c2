#!/bin/sh
# usage: vcd_fault_signal.sh OPTINET WORKDIR
# With a dead coupler and a dead receiver, the VCD has a `fault` signal on exactly those two
# (c(1,0) and p5 = group1.proc1), and each rises at least once; exit status 4 (losses the
# faults explain).
optinet=$1
vcd=$2/faults_signal.vcd
rm -f "$vcd"
"$optinet" pops --d 4 --g 4 --seed 1 --fault coupler:1:0 --fault receiver:5 --trace-slots 0:24 \
  --vcd "$vcd" --quiet >/dev/null
status=$?
[ "$status" -eq 4 ] || { echo "FAIL: exit status $status, expected 4"; exit 1; }
count=$(awk '$1=="$var" && $5=="fault"' "$vcd" | wc -l)
[ "$count" -eq 2 ] || { echo "FAIL: $count fault signals, expected 2"; exit 1; }
for scope in coupler_b1_a0 proc1; do
  id=$(awk -v s="$scope" '$1=="$scope" && $3==s {inside=1} inside && $1=="$var" && $5=="fault" {print $4; exit}' "$vcd")
  [ -n "$id" ] || { echo "FAIL: no fault signal under $scope"; exit 1; }
  grep -q "^1$id\$" "$vcd" || { echo "FAIL: $scope.fault never rises"; exit 1; }
done
rm -f "$vcd"
exit 0
