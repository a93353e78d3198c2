# Optional: the media as verilated RTL. Every model, shipped or a user's, is added by
# optinet_add_rtl_model against its boundary's contract (cmake/rtl_contract.cmake): couplers are
# verilated with D = 64 source ports and W = 192-bit frames, receivers with K = 64
# transmitters, 16-bit addresses and W = 352-bit frames, store-and-forward links with
# W = 224-bit packets; see rtl/README.md and docs/cosimulation.md.
include(${CMAKE_CURRENT_LIST_DIR}/rtl_contract.cmake)

set(OPTINET_RTL_MODELS
    ""
    CACHE STRING
          "A user's RTL models: a list of KIND:FILE.sv[,MORE.sv...] (KIND: coupler, receiver or \
link; the top module is named as FILE)")

find_package(verilator HINTS /usr/share/verilator $ENV{VERILATOR_ROOT})
if(NOT verilator_FOUND)
  if(OPTINET_RTL_MODELS)
    message(FATAL_ERROR "OPTINET_RTL_MODELS: Verilator was not found (apt install verilator)")
  endif()
  message(STATUS "Verilator not found: behavioural couplers only")
  return()
endif()
message(STATUS "Verilator ${verilator_VERSION}: RTL couplers, receivers and links enabled")
# Unity files only for the groups optinet_add_rtl_model names (one per verilated model).
set_target_properties(optinet_models PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)

# optinet_add_rtl_model(KIND coupler|receiver|link TOP module SOURCES file.sv...): verilates the
# design whose top module is TOP (after checking that it has the pins of KIND) into the model
# library, where --rtl KIND:...=TOP finds it.
function(optinet_add_rtl_model)
  cmake_parse_arguments(RTL "" "KIND;TOP" "SOURCES" ${ARGN})
  set(sources "")
  foreach(source IN LISTS RTL_SOURCES)
    get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${PROJECT_SOURCE_DIR}")
    list(APPEND sources "${source}")
  endforeach()
  optinet_check_rtl_contract("${RTL_KIND}" "${RTL_TOP}" "${sources}" problem)
  if(problem)
    message(FATAL_ERROR "optinet_add_rtl_model: ${problem}")
  endif()
  get_property(added GLOBAL PROPERTY OPTINET_RTL_ALL_MODELS)
  if(RTL_TOP IN_LIST added)
    message(FATAL_ERROR "optinet_add_rtl_model: a model ${RTL_TOP} was already added")
  endif()
  set(parameters "")
  foreach(assignment IN LISTS OPTINET_RTL_${RTL_KIND}_PARAMETERS)
    list(APPEND parameters "-G${assignment}")
  endforeach()
  verilate(optinet_models SYSTEMC
    SOURCES ${sources}
    TOP_MODULE ${RTL_TOP}
    PREFIX V${RTL_TOP}
    VERILATOR_ARGS ${parameters} -Wall)
  # Verilator writes each model as several C++ files (fast and slow code, one per dependency
  # set), each mostly SystemC's and Verilator's headers: they compile as one unity file.
  get_target_property(model_sources optinet_models SOURCES)
  list(FILTER model_sources INCLUDE REGEX "/V${RTL_TOP}(__[^/]*)?\\.cpp$")
  set_source_files_properties(${model_sources} PROPERTIES UNITY_GROUP V${RTL_TOP})
  set_property(GLOBAL APPEND PROPERTY OPTINET_RTL_ALL_MODELS ${RTL_TOP})
  set_property(GLOBAL APPEND PROPERTY OPTINET_RTL_${RTL_KIND}_MODELS ${RTL_TOP})
endfunction()

# The coupler; and a coupler with a planted bug (collisions unflagged), for lockstep's tests and
# example.
optinet_add_rtl_model(KIND coupler TOP optical_passive_star
  SOURCES rtl/single_source_select.sv rtl/optical_passive_star.sv)
optinet_add_rtl_model(KIND coupler TOP star_drops_collisions SOURCES rtl/star_drops_collisions.sv)
# The OCPC / MOB-PC bus receiver stage (a message: 11 words of 32 bits); the same with registered
# outputs; and one with registered outputs and a planted bug (collisions unflagged).
foreach(receiver ocpc_bus_receiver ocpc_bus_receiver_registered receiver_drops_collisions)
  set(sources rtl/single_source_select.sv rtl/ocpc_bus_receiver.sv rtl/${receiver}.sv)
  list(REMOVE_DUPLICATES sources)
  optinet_add_rtl_model(KIND receiver TOP ${receiver} SOURCES ${sources})
endforeach()
# The store-and-forward link stage (a packet: 7 words of 32 bits) and one with a planted bug
# (the source field lost), swapped per link by --rtl link:U:V=MODEL.
foreach(link sf_link_stage sf_link_drops_source)
  optinet_add_rtl_model(KIND link TOP ${link} SOURCES rtl/${link}.sv)
endforeach()

# The user's models.
foreach(entry IN LISTS OPTINET_RTL_MODELS)
  if(NOT entry MATCHES "^([a-z]+):(.+)$")
    message(FATAL_ERROR
            "OPTINET_RTL_MODELS: '${entry}' is not KIND:FILE.sv[,MORE.sv...] (KIND: coupler, receiver, link)")
  endif()
  set(kind "${CMAKE_MATCH_1}")
  string(REPLACE "," ";" files "${CMAKE_MATCH_2}")
  list(GET files 0 top_file)
  get_filename_component(top "${top_file}" NAME_WE)
  optinet_add_rtl_model(KIND ${kind} TOP ${top} SOURCES ${files})
endforeach()

# The one registry of the verilated models (models/core/rtl_models.h), each entered with its
# boundary's signals (models/pops/pops_rtl_coupler_models.h, models/ocpc/ocpc_rtl_receiver_models.h,
# models/sf/sf_rtl_link_models.h).
set(signals_coupler pops::RtlCouplerSignals)
set(signals_receiver ocpc::RtlReceiverSignals)
set(signals_link sf::RtlLinkSignals)
set(RTL_INCLUDES "")
set(RTL_MODELS "")
foreach(kind coupler receiver link)
  get_property(models GLOBAL PROPERTY OPTINET_RTL_${kind}_MODELS)
  foreach(model IN LISTS models)
    string(APPEND RTL_INCLUDES "#include \"V${model}.h\"\n")
    string(APPEND RTL_MODELS "      rtl_model<${signals_${kind}}, V${model}>(\"${model}\"),\n")
  endforeach()
endforeach()
configure_file(${CMAKE_CURRENT_LIST_DIR}/rtl_model_registry.cpp.in
               ${CMAKE_BINARY_DIR}/generated/rtl_model_registry.cpp @ONLY)

target_sources(optinet_models PRIVATE ${CMAKE_BINARY_DIR}/generated/rtl_model_registry.cpp)
# Verilator's own headers and runtime are not the project's code: the headers are system
# headers and the runtime sources compile without warnings (OPTINET_WERROR).
target_include_directories(optinet_models SYSTEM PUBLIC "${VERILATOR_ROOT}/include"
                                                       "${VERILATOR_ROOT}/include/vltstd")
get_target_property(model_sources optinet_models SOURCES)
foreach(source IN LISTS model_sources)
  string(FIND "${source}" "${VERILATOR_ROOT}/include/" at)
  if(at EQUAL 0)
    set_property(SOURCE "${source}" APPEND PROPERTY COMPILE_OPTIONS -w)
  endif()
endforeach()
target_compile_definitions(optinet_models PUBLIC OPTINET_HAVE_VERILATOR)
find_package(Threads REQUIRED)
target_link_libraries(optinet_models PUBLIC Threads::Threads)
