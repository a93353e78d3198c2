# Optional: the media as verilated RTL. The coupler (--coupler rtl|lockstep) is verilated with
# D = 64 source ports (ports d..63 tied low) and W = 192-bit frames; see rtl/README.md.
find_package(verilator HINTS /usr/share/verilator $ENV{VERILATOR_ROOT})
if(verilator_FOUND)
  message(STATUS "Verilator ${verilator_VERSION}: RTL couplers enabled")
  target_sources(optinet_models PRIVATE models/optical/rtl_passive_star.cpp)
  verilate(optinet_models SYSTEMC
    SOURCES rtl/single_source_select.sv rtl/optical_passive_star.sv
    TOP_MODULE optical_passive_star
    PREFIX Voptical_passive_star
    VERILATOR_ARGS -GD=64 -GW=192 -Wall)
  # A coupler with a planted bug (collisions unflagged), for lockstep's tests and example.
  verilate(optinet_models SYSTEMC
    SOURCES rtl/star_drops_collisions.sv
    TOP_MODULE star_drops_collisions
    PREFIX Vstar_drops_collisions
    VERILATOR_ARGS -GD=64 -GW=192 -Wall)
  # The OCPC / MOB-PC bus receiver stage: K = 64 transmitters, 16-bit addresses, 352-bit
  # frames (a message: 11 words of 32 bits); the same with registered outputs; and one with
  # registered outputs and a planted bug (collisions unflagged), for lockstep's tests and example.
  target_sources(optinet_models PRIVATE models/networks/rtl_ocpc_receiver.cpp)
  foreach(receiver ocpc_bus_receiver ocpc_bus_receiver_registered receiver_drops_collisions)
    set(sources rtl/single_source_select.sv rtl/ocpc_bus_receiver.sv rtl/${receiver}.sv)
    list(REMOVE_DUPLICATES sources)
    verilate(optinet_models SYSTEMC
      SOURCES ${sources}
      TOP_MODULE ${receiver}
      PREFIX V${receiver}
      VERILATOR_ARGS -GK=64 -GA=16 -GW=352 -Wall)
  endforeach()
  # The store-and-forward link stage (W = 224-bit packets: 7 words) and one with a planted bug
  # (the source field lost), swapped per link by --rtl link:U:V=MODEL.
  target_sources(optinet_models PRIVATE models/networks/rtl_sf_link.cpp)
  foreach(link sf_link_stage sf_link_drops_source)
    verilate(optinet_models SYSTEMC
      SOURCES rtl/${link}.sv
      TOP_MODULE ${link}
      PREFIX V${link}
      VERILATOR_ARGS -GW=224 -Wall)
  endforeach()
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
else()
  message(STATUS "Verilator not found: behavioural couplers only")
endif()
