#!/bin/sh
# usage: cli_json_run.sh OPTINET JSON_PATH PYTHON CHECK_JSON_PY
# A good run with --json: exit status 0 and a JSON file with the runs and their summary. With
# Python, check_json.py also checks the structure and the numbers.
optinet=$1
json=$2
python=$3
checker=$4
rm -f "$json"
"$optinet" pops --d 4 --g 4 --runs 3 --seed 5 --quiet --json "$json"
status=$?
if [ "$status" -ne 0 ]; then
  echo "FAIL: exit status $status, expected 0"
  exit 1
fi
for key in '"runs"' '"summary"' '"slots"' '"collisions"' '"seed"' '"packets"' '"delivered"'; do
  if ! grep -q -F -e "$key" "$json"; then
    echo "FAIL: $json has no $key"
    cat "$json"
    exit 1
  fi
done
if [ "$python" = none ]; then
  echo "note: python3 not found; only the keys were checked"
  exit 0
fi
exec "$python" "$checker" "$json" 4 4 3 5
