# cmake -DRTL=<rtl dir> -DTESTS=<tests dir> -P rtl_contract_check.cmake: the pin check of
# optinet_add_rtl_model accepts every shipped design at its boundary and a user's coupler, and
# names what does not fit in the others.
cmake_minimum_required(VERSION 3.16)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/rtl_contract.cmake)

function(expect kind top source expected)
  optinet_check_rtl_contract("${kind}" "${top}" "${source}" problem)
  if(NOT problem STREQUAL expected)
    message(FATAL_ERROR "${kind} ${top}: got '${problem}', expected '${expected}'")
  endif()
endfunction()

expect(coupler optical_passive_star ${RTL}/optical_passive_star.sv "")
expect(coupler star_drops_collisions ${RTL}/star_drops_collisions.sv "")
expect(coupler user_star ${TESTS}/rtl/user_star.sv "")
foreach(receiver ocpc_bus_receiver ocpc_bus_receiver_registered receiver_drops_collisions)
  expect(receiver ${receiver} ${RTL}/${receiver}.sv "")
endforeach()
expect(coupler user_star_missing_busy ${TESTS}/rtl/user_star_missing_busy.sv
       "module user_star_missing_busy has no port busy of a coupler (needs: clk valid frame out_valid out_frame collision busy)")
expect(receiver optical_passive_star ${RTL}/optical_passive_star.sv
       "module optical_passive_star has no port my_addr of a receiver (needs: clk my_addr valid dest frame out_valid out_frame collision addressed)")
expect(coupler user_star ${RTL}/optical_passive_star.sv
       "no module user_star in ${RTL}/optical_passive_star.sv")
expect(coupler user_star ${TESTS}/rtl/no_such_file.sv "no file ${TESTS}/rtl/no_such_file.sv")
foreach(link sf_link_stage sf_link_drops_source)
  expect(link ${link} ${RTL}/${link}.sv "")
endforeach()
expect(link user_star ${TESTS}/rtl/user_star.sv
       "module user_star has no port in_valid of a link (needs: clk in_valid in_data in_ready out_valid out_data out_ready)")
expect(star user_star ${TESTS}/rtl/user_star.sv
       "unknown boundary kind 'star' (accepted: coupler, receiver, link)")
message(STATUS "rtl contract check: all cases as expected")
