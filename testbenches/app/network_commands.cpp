/// \file
/// The family table of the optinet command: one entry per network.
#include "testbenches/cli/network_command.h"
#include "testbenches/mesh/mesh_command.h"
#include "testbenches/ocpc/ocpc_command.h"
#include "testbenches/pops/pops_command.h"
#include "testbenches/sf/sf_command.h"
#include "testbenches/splithash/splithash_command.h"

namespace optinet {

const std::vector<NetworkFamily>& network_families() {
  static const std::vector<NetworkFamily> families = {
      {"pops", "POPS(d,g): partitioned optical passive stars (Mei & Rizzi)",
       pops::PopsCommand::make},
      {"ocpc", "OCPC: p processors on one optical bus (Goldberg et al.)", ocpc::OcpcCommand::make},
      {"mob", "MOB-PC: p x p mesh of optical buses (Goldberg et al.)", ocpc::OcpcCommand::make},
      {"dmob", "D-dimensional mesh of optical buses, edge K (Meyer auf der Heide et al.)",
       ocpc::OcpcCommand::make},
      {"hypercube", "Boolean n-cube, store-and-forward (Valiant & Brebner)", sf::SfCommand::make},
      {"shuffle", "d-way shuffle, store-and-forward (Valiant & Brebner)", sf::SfCommand::make},
      {"ccc", "cube-connected cycles, store-and-forward (Valiant & Brebner)", sf::SfCommand::make},
      {"shuffle-exchange", "shuffle-exchange graph, store-and-forward (Valiant & Brebner)",
       sf::SfCommand::make},
      {"grid", "k-dimensional grid, store-and-forward (Valiant & Brebner)", sf::SfCommand::make},
      {"mesh", "n x n mesh with synchronization trees (Chochia, Cole & Heywood)",
       mesh::MeshCommand::make},
      {"splithash",
       "random (N, d, a) split&hash network of optical crossbars (Meyer auf der Heide et al.)",
       splithash::SplitHashCommand::make},
  };
  return families;
}

}  // namespace optinet
