#pragma once
/// \file
/// SystemC version compatibility. SC_HAS_PROCESS is required by 2.3.x and deprecated in 3.0.
#include <systemc>

#if defined(SC_VERSION_MAJOR) && SC_VERSION_MAJOR >= 3
#define OPTINET_HAS_PROCESS(T)
#else
#define OPTINET_HAS_PROCESS(T) SC_HAS_PROCESS(T)
#endif
