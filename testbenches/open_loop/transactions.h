#pragma once
/// \file
/// Request-reply transactions of an open-loop run (--traffic request-reply), as BookSim's
/// read/write traffic runs them. Each node's injection process draws requests (Bernoulli, at
/// --rate / (request frames + reply frames) per slot, so --rate stays the frames a node offers
/// per slot); a node keeps at most M requests outstanding (issued, reply not yet complete), and a
/// request drawn while M are outstanding waits at its node, oldest first, until a place frees.
/// The request's destination answers with a reply of R frames, created kServiceSlots after the
/// request's last frame arrived; the transaction completes when the reply's last frame arrives
/// at the requester, and its place is free from the next slot on.
///
/// Requests and replies are two message classes with injection queues of their own at each
/// node: a protocol that takes its node's packets takes the replies first, so requests never
/// hold a reply back at its host (a reply completes a transaction and frees a place; replies are
/// bounded by the requests outstanding towards the node).
///
/// The round trip is from the request's issue to the reply's last frame; a transaction is
/// labelled when issued in the measurement window.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "testbenches/open_loop/batch_means.h"
#include "testbenches/open_loop/latency_stats.h"

namespace optinet {

struct RequestReplyConfig {
  /// Slots from a request's last frame's arrival to its reply's creation: the destination's
  /// host turns it around in one slot (its network interface has acted in the arrival slot).
  static constexpr std::uint32_t kServiceSlots = 1;
  static constexpr std::uint32_t kMaxOutstanding = 65536;
  std::uint32_t outstanding = 1;   ///< M: requests a node keeps outstanding at most
  std::uint32_t reply_frames = 1;  ///< R: frames per reply
};

/// One message class's frames and messages over the run.
struct ClassCounts {
  std::uint64_t messages_created = 0;
  std::uint64_t messages_delivered = 0;
  std::uint64_t frames_created = 0;
  std::uint64_t frames_delivered = 0;
  std::uint64_t frames_in_flight = 0;  ///< at the run's end, from the open messages
  LatencyStats latency;  ///< creation to the last frame, messages created in the window
};

/// What the transactions of one run measured.
struct TransactionResult {
  std::uint32_t outstanding_limit = 0;  ///< M
  std::uint32_t reply_frames = 0;       ///< R
  std::string request_frames;           ///< MessageSizes::describe()
  std::uint64_t drawn = 0;              ///< requests the injection processes drew
  std::uint64_t issued = 0;
  std::uint64_t completed = 0;
  std::uint64_t waiting = 0;   ///< drawn, not issued at the run's end
  std::uint64_t open = 0;      ///< issued, not completed at the run's end
  std::uint64_t labelled = 0;  ///< issued in the window
  std::uint64_t labelled_completed = 0;
  double offered = 0;     ///< requests drawn in the window per node per slot
  double throughput = 0;  ///< transactions completed in the window per node per slot
  std::optional<Interval> throughput_ci;
  LatencyStats round_trip;  ///< issue to the reply's last frame, labelled transactions
  std::optional<Interval> round_trip_ci;  ///< batch means by issue batch
  double source_wait_mean = 0;            ///< draw to issue, transactions issued in the window
  double outstanding_mean = 0;  ///< transactions outstanding per node, time average in the window
  ClassCounts requests;
  ClassCounts replies;
};

/// Sums per base batch of the window (batch k: slots [first + k b, first + (k+1) b)), for
/// batch-means intervals.
class WindowBatches {
 public:
  void reset(std::uint64_t batch_slots) {
    batch_ = batch_slots;
    sums_.clear();
    counts_.clear();
  }
  void add(std::uint64_t first, std::uint64_t slot, double value, double count = 1);
  /// The interval of sum / count over the batches.
  std::optional<Interval> ratio(double confidence) const;
  /// The interval of sum / (n x the batch's slots in [first, end)).
  std::optional<Interval> per_node_slot(std::uint64_t first, std::uint64_t end, std::uint32_t n,
                                        double confidence) const;

 private:
  std::uint64_t batch_ = 1;
  std::vector<double> sums_;
  std::vector<double> counts_;
};

}  // namespace optinet
