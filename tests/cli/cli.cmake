# Tests of the command line: options, refusals, the elaborated hierarchy.
optinet_gtest(cli/test_cli SHARE_A_PROCESS)
optinet_gtest(cli/test_view_choice SHARE_A_PROCESS)

optinet_usage_error_test(unknown_option "--frobnicate" pops --frobnicate)
optinet_usage_error_test(missing_value "--seed" pops --seed)
optinet_usage_error_test(unwritable_vcd "--vcd" pops --vcd /nonexistent-dir/x.vcd)
optinet_usage_error_test(unwritable_json "--json" pops --json /nonexistent-dir/x.json)
optinet_usage_error_test(unwritable_hierarchy "--hierarchy" pops --hierarchy /nonexistent-dir/x.json)
optinet_usage_error_test(hierarchy_is_the_json "--hierarchy"
                         ocpc --json ${E2E_DIR}/same.json --hierarchy ${E2E_DIR}/same.json)
optinet_usage_error_test(unknown_network "network" torus --d 4)
optinet_usage_error_test(no_arguments "network")

if(Python3_Interpreter_FOUND)
  # --hierarchy: the elaborated SystemC hierarchy of every family, every port bound; POPS's
  # pins view wired processor to coupler to processor.
  optinet_script_test(hierarchy_of_every_family cli/check_hierarchy.py hierarchy 120)
endif()
