#!/bin/sh
# usage: rtl_user_models.sh CMAKE SOURCE_DIR SCRATCH
# Configures the project with OPTINET_RTL_MODELS naming a user's coupler: its model is in the
# generated registry. Then with a coupler lacking a pin: the configuration fails, saying which.
cmake=$1
source=$2
scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
"$cmake" -S "$source" -B "$scratch/good" -DCMAKE_BUILD_TYPE=Release \
  -DOPTINET_RTL_MODELS="coupler:$source/tests/rtl/user_star.sv" >"$scratch/good.log" 2>&1 || {
  cat "$scratch/good.log"
  exit 1
}
registry="$scratch/good/generated/rtl_model_registry.cpp"
grep -q 'rtl_model<pops::RtlCouplerSignals, Vuser_star>("user_star")' "$registry" || {
  echo "user_star is not in $registry"
  exit 1
}
grep -q 'rtl_model<ocpc::RtlReceiverSignals, Vocpc_bus_receiver>("ocpc_bus_receiver")' "$registry" || {
  echo "the shipped receiver is not in $registry"
  exit 1
}
if "$cmake" -S "$source" -B "$scratch/bad" -DCMAKE_BUILD_TYPE=Release \
  -DOPTINET_RTL_MODELS="coupler:$source/tests/rtl/user_star_missing_busy.sv" \
  >"$scratch/bad.log" 2>&1; then
  echo "a coupler without busy was accepted"
  exit 1
fi
# CMake wraps a message's lines: compare with the whitespace joined.
tr -s ' \n' '  ' <"$scratch/bad.log" |
  grep -q "optinet_add_rtl_model: module user_star_missing_busy has no port busy of a coupler" || {
  cat "$scratch/bad.log"
  exit 1
}
if "$cmake" -S "$source" -B "$scratch/kind" -DCMAKE_BUILD_TYPE=Release \
  -DOPTINET_RTL_MODELS="star:$source/tests/rtl/user_star.sv" >"$scratch/kind.log" 2>&1; then
  echo "an unknown boundary kind was accepted"
  exit 1
fi
tr -s ' \n' '  ' <"$scratch/kind.log" | grep -q "unknown boundary kind 'star'" || {
  cat "$scratch/kind.log"
  exit 1
}
rm -rf "$scratch"
