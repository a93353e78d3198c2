#!/bin/sh
# usage: rtl_lint.sh VERILATOR RTL_DIR
# Every RTL top must lint clean with -Wall, at its default parameters, at those verilated, and at
# the smallest ones.
verilator=$1
rtl=$2
lint() {
  top=$1
  shift
  "$verilator" --lint-only -Wall "$@" "$rtl/single_source_select.sv" "$rtl/$top.sv" \
    --top-module "$top" || exit 1
}
lint optical_passive_star
lint optical_passive_star -GD=64 -GW=192
lint optical_passive_star -GD=1 -GW=8
lint ocpc_bus_receiver
lint_alone() {
  top=$1
  shift
  "$verilator" --lint-only -Wall "$@" "$rtl/$top.sv" --top-module "$top" || exit 1
}
lint_alone star_drops_collisions
lint_alone star_drops_collisions -GD=64 -GW=192
lint_alone star_drops_collisions -GD=1 -GW=8
# The receivers verilated at K = 64, A = 16, W = 352 (rtl/README.md).
lint_receiver() {
  top=$1
  shift
  stage=
  [ "$top" = ocpc_bus_receiver ] || stage="$rtl/ocpc_bus_receiver.sv"
  "$verilator" --lint-only -Wall "$@" "$rtl/single_source_select.sv" $stage "$rtl/$top.sv" \
    --top-module "$top" || exit 1
}
for receiver in ocpc_bus_receiver ocpc_bus_receiver_registered receiver_drops_collisions; do
  lint_receiver $receiver
  lint_receiver $receiver -GK=64 -GA=16 -GW=352
  lint_receiver $receiver -GK=1 -GA=1 -GW=8
done
# The store-and-forward link stages verilated at W = 224 (the planted bug's field needs W >= 128).
for link in sf_link_stage sf_link_drops_source; do
  lint_alone $link
  lint_alone $link -GW=224
done
lint_alone sf_link_stage -GW=1
echo "lint clean: $rtl"
