# The reservation protocol and its control plane (protocols/pops/reservation.h,
# protocols/ocpc/reservation.h, models/optical/control_channel.h).
optinet_gtest(pops/test_reservation)

# The control channels are traced under their names, beside the couplers and buses.
add_test(NAME reservation_vcd_has_the_control_plane
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_in_file.sh ${E2E_DIR}/reservation.vcd
                 +request_star +claim_plane +grant_plane "+ words "
                 -- ${OPTINET_BIN} pops --d 2 --g 2 --protocol reservation --traffic bernoulli
                 --rate 0.5 --warmup 20 --measure 100 --quiet --vcd ${E2E_DIR}/reservation.vcd)
add_test(NAME reservation_json_has_the_control_cost
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_in_file.sh ${E2E_DIR}/reservation.json
                 +control_channel +bits_received +energy_per_packet_pj
                 -- ${OPTINET_BIN} ocpc --p 8 --protocol reservation --traffic bernoulli
                 --rate 0.5 --warmup 20 --measure 100 --quiet --json ${E2E_DIR}/reservation.json)
set_tests_properties(reservation_vcd_has_the_control_plane reservation_json_has_the_control_cost
                     PROPERTIES TIMEOUT 30)

# Bad input: the protocol on a network or shape it does not support is one line naming
# --protocol, exit 2.
add_test(NAME reservation_refused_on_the_dmob
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_one_line_error.sh --protocol
                 ${OPTINET_BIN} dmob --k 4 --dim 3 --protocol reservation)
add_test(NAME reservation_refused_on_splithash
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_one_line_error.sh --protocol
                 ${OPTINET_BIN} splithash --protocol reservation)
set_tests_properties(reservation_refused_on_the_dmob reservation_refused_on_splithash
                     PROPERTIES TIMEOUT 30)
