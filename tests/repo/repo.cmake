# Tests of the repository: the install tree, the layering, the format.
# `cmake --install` into a temporary prefix gives a usable tree.
add_test(NAME install_tree
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/repo/install_tree.sh ${CMAKE_COMMAND}
                 ${PROJECT_BINARY_DIR})
set_tests_properties(install_tree PROPERTIES TIMEOUT 60)

# The layering and the folders of docs/architecture.md (tests/repo/check_layering.py).
if(Python3_Interpreter_FOUND)
  add_test(NAME layering
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/repo/check_layering.py
                   ${PROJECT_SOURCE_DIR})
  set_tests_properties(layering PROPERTIES LABELS repository)
endif()
# The committed .clang-format holds for every C++ source (clang-format 14, Debian's; another
# version formats some constructs differently, so the check names its version).
find_program(CLANG_FORMAT_14 NAMES clang-format-14)
if(Python3_Interpreter_FOUND AND CLANG_FORMAT_14)
  add_test(NAME format
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/repo/check_format.py
                   ${CLANG_FORMAT_14} ${PROJECT_SOURCE_DIR})
  set_tests_properties(format PROPERTIES LABELS repository)
else()
  add_test(NAME format COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/skip.sh
                               "clang-format-14 not found (scripts/install-deps.sh installs it)")
  set_tests_properties(format PROPERTIES SKIP_RETURN_CODE 77)
endif()
