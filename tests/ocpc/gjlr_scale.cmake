# gjlr's schedule scale (--gjlr-scale): the pure schedule, bad values, and the JSON end to end.
optinet_gtest(ocpc/test_ocpc_gjlr_scale SHARE_A_PROCESS)

optinet_usage_error_test(gjlr_scale_zero "--gjlr-scale" ocpc --protocol gjlr --gjlr-scale 0)
optinet_usage_error_test(gjlr_scale_negative "--gjlr-scale" ocpc --protocol gjlr --gjlr-scale -1)
optinet_usage_error_test(gjlr_scale_too_large "--gjlr-scale" ocpc --protocol gjlr --gjlr-scale 17)
optinet_usage_error_test(gjlr_scale_not_a_number "--gjlr-scale" ocpc --protocol gjlr
                         --gjlr-scale half)
optinet_usage_error_test(gjlr_scale_nan "--gjlr-scale" mob --protocol gjlr --gjlr-scale nan)
optinet_usage_error_test(gjlr_scale_other_protocol "--gjlr-scale" ocpc --protocol thinning
                         --gjlr-scale 0.5)
optinet_usage_error_test(gjlr_scale_default_protocol "--gjlr-scale" mob --gjlr-scale 0.5)
# --gjlr-c3-scale and --gjlr-compaction-scale share --gjlr-scale's values and checks.
optinet_usage_error_test(gjlr_c3_scale_zero "--gjlr-c3-scale" ocpc --protocol gjlr --gjlr-c3-scale 0)
optinet_usage_error_test(gjlr_c3_scale_other_protocol "--gjlr-c3-scale" mob --gjlr-c3-scale 0.5)
optinet_usage_error_test(gjlr_compaction_scale_not_a_number "--gjlr-compaction-scale" mob
                         --protocol gjlr --gjlr-compaction-scale half)
optinet_usage_error_test(gjlr_compaction_scale_too_large "--gjlr-compaction-scale" ocpc
                         --protocol gjlr --gjlr-scale 2 --gjlr-compaction-scale 17)

if(Python3_Interpreter_FOUND)
  add_test(NAME gjlr_scale_json
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ocpc/test_gjlr_scale_json.py
                   ${OPTINET_BIN} ${E2E_DIR})
  set_tests_properties(gjlr_scale_json PROPERTIES TIMEOUT 120)
endif()
optinet_gtest(ocpc/test_ocpc_gjlr_lemma4)
optinet_usage_error_test(gjlr_lemma4_other_protocol "--gjlr-lemma4" mob --gjlr-lemma4)
optinet_usage_error_test(gjlr_lemma4_on_the_ocpc "--gjlr-lemma4" ocpc --protocol gjlr --gjlr-lemma4)
