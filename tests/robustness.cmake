# A user's files and the process: checked paths, atomic checked writes, bounded inputs, strict
# numbers (unit tests), and the whole command run as a user runs it (check_user_safety.py:
# bad paths, bad files, bad numbers, full disks, signals; docs/robustness.md lists the cases).
optinet_gtest(test_robustness SHARE_A_PROCESS)
if(Python3_Interpreter_FOUND)
  add_test(NAME user_safety
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_user_safety.py
                   $<TARGET_FILE:optinet> $<$<BOOL:${OPTINET_SANITIZE}>:--sanitized>)
  set_tests_properties(user_safety PROPERTIES TIMEOUT 300)
endif()
