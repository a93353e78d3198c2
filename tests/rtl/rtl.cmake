# Tests of the verilated media beyond the coupler (see cmake/rtl.cmake): only with Verilator.
if(verilator_FOUND)
  optinet_gtest(rtl/test_rtl_bus_receiver)
endif()

# optinet_add_rtl_model's pin check, in script mode (no Verilator needed).
add_test(NAME rtl_contract_check
         COMMAND ${CMAKE_COMMAND} -DRTL=${PROJECT_SOURCE_DIR}/rtl
                 -DTESTS=${CMAKE_CURRENT_SOURCE_DIR} -P
                 ${CMAKE_CURRENT_SOURCE_DIR}/rtl/rtl_contract_check.cmake)
set_tests_properties(rtl_contract_check PROPERTIES TIMEOUT 30)
if(verilator_FOUND)
  # OPTINET_RTL_MODELS: a user's coupler enters the generated registry; one whose pins do not
  # fit stops the configuration with one line naming it (configure only, in a scratch folder).
  add_test(NAME rtl_user_models_configure
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/rtl/rtl_user_models.sh ${CMAKE_COMMAND}
                   ${PROJECT_SOURCE_DIR} ${E2E_DIR}/rtl_user_models)
  set_tests_properties(rtl_user_models_configure PROPERTIES TIMEOUT 300)
endif()
