# Store-and-forward networks of Valiant and Brebner (issue 5): links, networks, schemes, commands.
target_sources(optinet_model PRIVATE
  testbenches/store_forward_command.cpp
)
