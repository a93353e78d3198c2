# The D-dimensional mesh of optical buses (issue 17): the network; its protocols and command are
# the OCPC family's (cmake/ocpc.cmake).
target_sources(optinet_models PRIVATE
  models/networks/dmob_network.cpp
)
