# The boundaries an RTL model can fill, and the check that a design's top module has the pins
# of its boundary (docs/cosimulation.md gives each contract). Script-mode usable: tests run
# optinet_check_rtl_contract through cmake -P (tests/rtl/rtl_contract_check.cmake).

# Per boundary kind: the ports of the top module and the parameters it is verilated with.
set(OPTINET_RTL_KINDS coupler receiver link)
set(OPTINET_RTL_coupler_PORTS clk valid frame out_valid out_frame collision busy)
set(OPTINET_RTL_coupler_PARAMETERS D=64 W=192)
set(OPTINET_RTL_receiver_PORTS clk my_addr valid dest frame out_valid out_frame collision
                               addressed)
set(OPTINET_RTL_receiver_PARAMETERS K=64 A=16 W=352)
set(OPTINET_RTL_link_PORTS clk in_valid in_data in_ready out_valid out_data out_ready)
set(OPTINET_RTL_link_PARAMETERS W=224)

# Sets ${result} to "" when module `top`, found in `sources`, has every port and parameter of
# boundary `kind`, else to one line saying what does not fit.
function(optinet_check_rtl_contract kind top sources result)
  if(NOT kind IN_LIST OPTINET_RTL_KINDS)
    list(JOIN OPTINET_RTL_KINDS ", " kinds)
    set(${result} "unknown boundary kind '${kind}' (accepted: ${kinds})" PARENT_SCOPE)
    return()
  endif()
  set(header "")
  foreach(source IN LISTS sources)
    if(NOT EXISTS "${source}")
      set(${result} "no file ${source}" PARENT_SCOPE)
      return()
    endif()
    file(READ "${source}" text LIMIT 1048576)
    string(REGEX REPLACE "//[^\n]*" "" text "${text}")
    # The module's header: from `module top` to the `);` closing its port list.
    string(REGEX MATCH "module[ \t\r\n]+${top}[^;]*\\)[ \t\r\n]*;" found "${text}")
    if(found)
      set(header "${found}")
      break()
    endif()
  endforeach()
  if(header STREQUAL "")
    set(${result} "no module ${top} in ${sources}" PARENT_SCOPE)
    return()
  endif()
  list(JOIN OPTINET_RTL_${kind}_PORTS " " ports)
  list(JOIN OPTINET_RTL_${kind}_PARAMETERS " " parameters)
  foreach(port IN LISTS OPTINET_RTL_${kind}_PORTS)
    if(NOT header MATCHES "[^A-Za-z0-9_]${port}[ \t\r\n]*[,)]")
      set(${result}
          "module ${top} has no port ${port} of a ${kind} (needs: ${ports})"
          PARENT_SCOPE)
      return()
    endif()
  endforeach()
  foreach(assignment IN LISTS OPTINET_RTL_${kind}_PARAMETERS)
    string(REGEX REPLACE "=.*" "" parameter "${assignment}")
    if(NOT header MATCHES "parameter[^,;()]*[^A-Za-z0-9_]${parameter}[ \t\r\n]*=")
      set(${result}
          "module ${top} has no parameter ${parameter} of a ${kind} (verilated with ${parameters})"
          PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${result} "" PARENT_SCOPE)
endfunction()
