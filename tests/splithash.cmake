# Tests of area 'splithash' (see cmake/splithash.cmake).
