#pragma once
/// \file
/// Reservation for POPS(d,g) (docs/reservation-protocol.md): a source reserves a coupler c(b,a)
/// and a receiver of group b on the control plane before it sends, so data frames never collide.
/// Three control slots per data slot, pipelined (one reservation starts every slot):
///   slot D-3, request: every source of group a sends on its group's request star a g-bit map of
///     the destination groups it holds packets for, and a flag if it holds one for a receiver
///     the TDMA schedule (tdma.h) lets it reach in slot D;
///   slot D-2, coupler arbitration: every node of group a matches the group's sources to
///     destination groups (rotating_match, the same result at every node; a flagged source first
///     gets its TDMA group); the source that won group b claims c(b,a) on the control plane
///     into b, minislot a, with a d-bit map of the receivers of b it holds packets for (a flagged
///     winner: its TDMA receivers, flagged);
///   slot D-1, receiver arbitration: every receiver of group b matches the claims to receivers
///     (rotating_match; a flagged claim first gets the receiver that listens to its coupler under
///     TDMA); receiver j that got coupler a grants on the control plane into a,
///     minislot g + b, with its index j, and tunes to c(b,a) for slot D;
///   slot D, data: the granted source sends its oldest packet for (b, j) on c(b,a).
/// A slot where every source holds a packet for its TDMA pair gets TDMA's full permutation; a
/// pair left empty is filled only by another empty pair's source and group (d = g), so under a
/// uniform load the protocol saturates below TDMA's capacity (docs/reservation-protocol.md); under
/// a light load any pair gets the next slots. A node knows only its own packets and the words it
/// hears. Runs on every shape: a word is as wide as its map and flag (ControlWord), and a channel
/// whose words need more than one frame per slot is reported in the run's control.frames_per_slot.
#include <memory>

#include "models/pops/pops_node.h"

namespace optinet::pops {

/// Packets a node takes from its host into its virtual output queues at most (the rest wait in
/// the host's injection queue).
inline constexpr std::size_t kReservationQueueLimit = 512;
class ReservationRouter : public PopsProtocol {
 public:
  std::unique_ptr<PopsNodeSteps> steps(PopsNodeContext& node) const override;
  void run(PopsNodeContext& node) const override;
};

}  // namespace optinet::pops
