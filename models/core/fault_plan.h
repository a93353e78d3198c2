#pragma once
/// \file
/// Injected hardware faults: the plan the media and processors read, and the per-run log of what
/// the faults did. A fault acts in the hardware only (a dead coupler carries no light, a dead
/// receiver hears nothing, a jammer lights its media every slot, a garbled frame fails its check
/// and is heard as noise); a protocol sees only what its node's hardware would see. The testbench
/// reads the log to tell a packet lost to a fault from a model error.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "models/core/packet.h"
#include "models/core/rng.h"

namespace optinet {

enum class FaultKind : std::uint8_t { kCoupler, kBus, kLink, kReceiver, kJammer, kBer };

/// One injected fault, as given by `--fault SPEC`.
struct Fault {
  FaultKind kind = FaultKind::kCoupler;
  std::string spec;             ///< the text given, for reports
  std::uint32_t first = 0;      ///< coupler B, link U, the node of a receiver or jammer
  std::uint32_t second = 0;     ///< coupler A, link V
  std::string name;             ///< a bus's name
  std::uint64_t from_slot = 0;  ///< dead from this slot of every run on
  double probability = 0;       ///< ber: each frame garbled with this probability
  /// ber:budget: the probability comes from the received power and the receiver's bit-error
  /// ratio there (models/optical/bit_errors.h).
  bool from_budget = false;
  double received_power_dbm = 0;
  double bit_error_rate = 0;

  bool active(std::uint64_t slot) const { return slot >= from_slot; }
};

/// Told of every data frame a fault loses, as it is lost. Open-loop runs: the protocols that run
/// there with faults learn nothing of a garbled frame and do not send it again, so its packet is
/// lost (the host counts it).
class FrameLossListener {
 public:
  virtual ~FrameLossListener() = default;
  virtual void data_frame_lost(std::uint32_t packet_id, std::uint64_t slot) = 0;
};

/// What the faults did in one run, per fault and per packet.
class FaultLog {
 public:
  /// Per packet: the first fault that lost one of its frames, and whether an acknowledgement
  /// of it was lost (the source may then send it again: a duplicate the fault explains).
  struct PacketMark {
    int fault = -1;  ///< index into the plan of the first fault; -1: untouched
    std::uint64_t slot = 0;
    bool ack_lost = false;
    std::uint64_t faults = 0;  ///< bit i: fault i lost one of its frames (faults 0..63)
  };

  void reset(std::size_t faults) {
    frames_lost_.assign(faults, 0);
    marks_.clear();
    halts_.clear();
  }
  /// True once a fault has lost a frame in this run.
  bool any_lost() const {
    for (std::uint64_t f : frames_lost_) {
      if (f > 0) return true;
    }
    return false;
  }
  /// A node's protocol found a check of its own failing after faults had lost frames (an
  /// acknowledgement a contention-free schedule guarantees did not come) and stopped: what a
  /// node would raise to its host. Kept in the order of slot, then node (not the order in which
  /// the simulator happened to run the nodes of one slot).
  void halted(NodeId node, std::uint64_t slot, const std::string& what) {
    const Halt h{slot, node, what};
    halts_.insert(std::upper_bound(halts_.begin(), halts_.end(), h,
                                   [](const Halt& a, const Halt& b) {
                                     return a.slot != b.slot ? a.slot < b.slot : a.node < b.node;
                                   }),
                  h);
  }
  /// The halts, each as "node N, slot S: what".
  std::vector<std::string> halts() const {
    std::vector<std::string> lines;
    for (const Halt& h : halts_) {
      lines.push_back("node " + std::to_string(h.node) + ", slot " + std::to_string(h.slot) + ": " +
                      h.what);
    }
    return lines;
  }
  /// `fault` lost `frame` in `slot` (the frame never reached a receiver, or reached it garbled).
  void lost(std::size_t fault, const Frame& frame, std::uint64_t slot) {
    lost(fault, frame.kind, frame.packet.id, slot);
  }
  /// The same for a frame of another medium's format: its kind and its packet's id.
  void lost(std::size_t fault, FrameKind kind, std::uint32_t id, std::uint64_t slot) {
    if (fault < frames_lost_.size()) ++frames_lost_[fault];
    if (listener_ != nullptr) {
      if (kind == FrameKind::kData) listener_->data_frame_lost(id, slot);
      return;
    }
    if (kind != FrameKind::kData && kind != FrameKind::kAck) return;
    if (id >= marks_.size()) marks_.resize(id + 1);
    PacketMark& m = marks_[id];
    if (m.fault < 0) {
      m.fault = static_cast<int>(fault);
      m.slot = slot;
    }
    if (kind == FrameKind::kAck) m.ack_lost = true;
    if (fault < 64) m.faults |= std::uint64_t{1} << fault;
  }
  /// Where lost data frames go (null: nowhere). With a listener the log keeps no per-packet
  /// marks (an open-loop run's packets are many; the listener accounts for them).
  void set_listener(FrameLossListener* listener) { listener_ = listener; }
  /// Frames lost by each fault of the plan in this run.
  const std::vector<std::uint64_t>& frames_lost() const { return frames_lost_; }
  /// The mark of packet `id` (untouched if no fault lost one of its frames).
  PacketMark mark(std::uint32_t id) const { return id < marks_.size() ? marks_[id] : PacketMark{}; }

 private:
  std::vector<std::uint64_t> frames_lost_;
  struct Halt {
    std::uint64_t slot;
    NodeId node;
    std::string what;
  };
  std::vector<PacketMark> marks_;
  std::vector<Halt> halts_;
  FrameLossListener* listener_ = nullptr;
};

/// The faults of a run's configuration and the log of their effects. Media and processors hold
/// a pointer to it (nullptr: fault-free hardware, which costs nothing).
class FaultPlan {
 public:
  FaultPlan() = default;
  explicit FaultPlan(std::vector<Fault> faults) : faults_(std::move(faults)) {
    log_.reset(faults_.size());
  }

  const std::vector<Fault>& faults() const { return faults_; }
  bool empty() const { return faults_.empty(); }
  /// The latest slot from which a fault acts (0 if none): after it the hardware is fixed.
  std::uint64_t last_onset() const {
    std::uint64_t last = 0;
    for (const Fault& f : faults_) last = f.from_slot > last ? f.from_slot : last;
    return last;
  }

  /// True if the plan has a fault of `kind`.
  bool has(FaultKind kind) const {
    for (const Fault& f : faults_) {
      if (f.kind == kind) return true;
    }
    return false;
  }
  /// True if a medium with faults `dead` and `jammer` (-1: none) can be hit by a fault: the
  /// media that trace a `fault` signal.
  bool touches(int dead, int jammer = -1) const {
    return dead >= 0 || jammer >= 0 || has(FaultKind::kBer);
  }
  /// Index of the first fault of `kind` on (first, second), or -1.
  int find(FaultKind kind, std::uint32_t first, std::uint32_t second = 0) const {
    for (std::size_t i = 0; i < faults_.size(); ++i) {
      const Fault& f = faults_[i];
      if (f.kind == kind && f.first == first && f.second == second) return static_cast<int>(i);
    }
    return -1;
  }
  /// Index of the fault on the bus named `name`, or -1.
  int find_bus(const std::string& name) const {
    for (std::size_t i = 0; i < faults_.size(); ++i) {
      if (faults_[i].kind == FaultKind::kBus && faults_[i].name == name) return static_cast<int>(i);
    }
    return -1;
  }
  /// True if fault `index` (-1: none) acts in `slot`.
  bool acts(int index, std::uint64_t slot) const {
    return index >= 0 && faults_[static_cast<std::size_t>(index)].active(slot);
  }

  /// Starts a run: clears the log; bit errors draw from streams of `run_seed`.
  void begin_run(std::uint64_t run_seed) {
    run_seed_ = run_seed;
    log_.reset(faults_.size());
  }
  /// The bit-error fault that garbles the frame medium `medium` carries in `slot`, or -1. The
  /// draw is a hash of (run seed, medium, slot), so it does not depend on the order in which
  /// the simulator runs the media, and a seed fixes it.
  int garbles(std::uint64_t medium, std::uint64_t slot) const {
    for (std::size_t i = 0; i < faults_.size(); ++i) {
      const Fault& f = faults_[i];
      if (f.kind != FaultKind::kBer) continue;
      constexpr std::uint64_t kFaultStreams = 3;  // the random stream domain of bit errors
      Rng draw =
          Rng::stream(run_seed_, kFaultStreams, mix64(medium * 0x9E3779B97F4A7C15ULL ^ i) ^ slot);
      if (draw.unit() < f.probability) return static_cast<int>(i);
    }
    return -1;
  }

  FaultLog& log() { return log_; }
  const FaultLog& log() const { return log_; }

 private:
  std::vector<Fault> faults_;
  std::uint64_t run_seed_ = 0;
  FaultLog log_;
};

}  // namespace optinet
