#!/bin/sh
# usage: vcd_trace_group.sh OPTINET WORKDIR
# With --trace-group 1 on POPS(4,4) the VCD has group 1's processors and the couplers c(b, a)
# with a = 1 or b = 1, and nothing else of the network.
optinet=$1
vcd=$2/pops_trace_group1.vcd
rm -f "$vcd"
"$optinet" pops --d 4 --g 4 --quiet --vcd "$vcd" --trace-group 1 >/dev/null || {
  echo "FAIL: optinet exit status $?"
  exit 1
}
# Scope lines in order, one per line, as "parent/child" paths.
scopes=$(awk '$1 == "$scope" { path[++depth] = $3; p = path[1]; for (i = 2; i <= depth; i++) p = p "/" path[i]; print p }
              $1 == "$upscope" { depth-- }' "$vcd")
fail=0
expect() {
  if ! echo "$scopes" | grep -q -x "$1"; then echo "FAIL: missing scope $1"; fail=1; fi
}
refuse() {
  if echo "$scopes" | grep -q -x "$1"; then echo "FAIL: unexpected scope $1"; fail=1; fi
}
expect SystemC/pops/group1/proc0
expect SystemC/pops/group1/proc3
expect SystemC/pops/group1/coupler_b1_a0
expect SystemC/pops/group1/coupler_b1_a3
expect SystemC/pops/group0/coupler_b0_a1
expect SystemC/pops/group3/coupler_b3_a1
refuse SystemC/pops/group0/proc0
refuse SystemC/pops/group2/proc3
refuse SystemC/pops/group0/coupler_b0_a2
refuse SystemC/pops/group3/coupler_b3_a0
[ $fail -eq 0 ] && echo "ok: scopes follow --trace-group 1"
exit $fail
