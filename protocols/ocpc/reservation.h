#pragma once
/// \file
/// Reservation on the OCPC and the MOB-PC (docs/reservation-protocol.md): dual round-robin
/// request and grant on the control channels beside the buses, so a receiver is addressed by one
/// sender per slot and data never collides. Pipelined, one reservation per node every slot:
///   slot D-2, request: a node sends, on the control channel beside the bus that reaches its
///     chosen next hop, that node's local index; it chooses round-robin among the next hops it
///     holds packets for, from one past the last next hop that granted it;
///   slot D-1, grant: a node that heard requests addressed to it grants one of them round-robin
///     (its own pointer over the minislots of its buses), sending the requester's local index on
///     the grant channel beside that bus;
///   slot D, data: the granted node sends its oldest packet for that next hop.
/// On the MOB-PC a packet goes along the row, then the column (dimension order); a relay queues
/// it for its second hop. A node knows only its packets and the words it hears.
#include "models/ocpc/ocpc_node.h"

namespace optinet::ocpc {

/// Packets a node takes from its host at most (the rest wait in the host's injection queue).
inline constexpr std::size_t kReservationQueueLimit = 512;

class ReservationProtocol : public OcpcProtocol {
 public:
  void run(OcpcNodeContext& node) const override;
};

}  // namespace optinet::ocpc
