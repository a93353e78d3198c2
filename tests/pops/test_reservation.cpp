/// \file
/// The reservation protocol (protocols/pops/reservation.h, protocols/ocpc/reservation.h) and its
/// control plane (models/optical/control_channel.h): the arbitration's matching, the control
/// words and their slots on a hand-checked tiny case, words wider than 64 bits, no data collision
/// in any slot at full load on every POPS shape kind, the OCPC and the MOB-PC, every packet
/// delivered once, accepted equals offered below saturation, and no source starves at saturation.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "models/optical/control_channel.h"
#include "protocols/pops/reservation_match.h"
#include "protocols/pops/tdma.h"
#include "testbenches/ocpc/ocpc_experiment.h"
#include "testbenches/pops/pops_experiment.h"
#include "tests/support/open_loop_checks.h"

namespace {

using namespace optinet;
using namespace optinet::pops;
using namespace optinet::ocpc;
using pops::kUnmatched;
using pops::rotating_match;

// ---- pure ------------------------------------------------------------------------------------

TEST(ReservationMatch, HandCheckedRotation) {
  // Three requesters, four targets. turn 1: requester 1 goes first and starts at target
  // (1 + 1) mod 4 = 2; requester 2 starts at 3 and takes it; requester 0 starts at 1: 1 is not
  // in its map, 2 is taken, so 0 wraps round to target 0.
  const std::vector<std::uint64_t> requests = {0b0101, 0b0110, 0b1100};
  std::vector<std::uint32_t> out;
  rotating_match(requests, 4, 1, out);
  EXPECT_EQ(out, (std::vector<std::uint32_t>{0, 2, 3}));
  // turn 0: requester 0 first from target 0 -> 0; requester 1 from 1 -> 1; requester 2 from 2.
  rotating_match(requests, 4, 0, out);
  EXPECT_EQ(out, (std::vector<std::uint32_t>{0, 1, 2}));
}

TEST(ReservationMatch, MaximalDistinctAndKeepsTheFirstAssignment) {
  std::uint64_t state = 12345;
  const auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  };
  for (int trial = 0; trial < 2000; ++trial) {
    const std::uint32_t count = 1 + next() % 12;
    const std::uint32_t targets = 1 + next() % 12;
    std::vector<std::uint64_t> requests(count);
    for (auto& r : requests) r = next() & ((std::uint64_t{1} << targets) - 1);
    std::vector<std::uint32_t> first(count, kUnmatched);
    std::uint64_t used = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
      const std::uint32_t t = static_cast<std::uint32_t>(next() % targets);
      if (next() % 3 == 0 && (requests[i] >> t & 1U) && !(used >> t & 1U)) {
        first[i] = t;
        used |= std::uint64_t{1} << t;
      }
    }
    std::vector<std::uint32_t> out;
    rotating_match(requests, targets, next(), out, &first);
    std::uint64_t taken = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
      if (first[i] != kUnmatched) {
        EXPECT_EQ(out[i], first[i]);
      }
      if (out[i] == kUnmatched) continue;
      EXPECT_TRUE(requests[i] >> out[i] & 1U) << "a target outside the request";
      EXPECT_FALSE(taken >> out[i] & 1U) << "a target matched twice";
      taken |= std::uint64_t{1} << out[i];
    }
    for (std::uint32_t i = 0; i < count; ++i) {
      if (out[i] == kUnmatched) {
        EXPECT_EQ(requests[i] & ~taken, 0u) << "not maximal";
      }
    }
  }
}

// ---- simulation (one elaboration per test) -----------------------------------------------------

PopsExperimentConfig pops_config(std::uint32_t d, std::uint32_t g) {
  PopsExperimentConfig c;
  c.shape = pops::PopsShape{d, g};
  c.protocol = "reservation";
  return c;
}

OcpcExperimentConfig ocpc_config(ocpc::Topology topology, std::uint32_t p, double rate,
                                 std::uint64_t max_slots = 50000) {
  OcpcExperimentConfig c;
  c.shape = ocpc::OcpcShape{topology, p};
  c.protocol = "reservation";
  return test::short_open_loop(c, rate, max_slots);
}

std::uint64_t coupler_collisions(const PopsRunResult& r) {
  std::uint64_t sum = 0;
  for (const MediumCounters& c : r.couplers) sum += c.collision_slots;
  return sum;
}

TEST(ReservationPops, ControlWordsAndTheirSlotsOnAHandCheckedCase) {
  // POPS(1,2), one packet 0 -> 1. Slot 0: node 0 requests group 1 on group 0's request star
  // (TDMA reaches node 1 in slot 3, so the word is flagged: 0b110). Slot 1: it wins coupler
  // c(1,0) and claims receiver 0 of group 1 on the claim plane into group 1, flagged (0b11).
  // Slot 2: node 1 grants on the grant plane into group 0, minislot 1 (its group), with its
  // index 0. Slot 3: node 0
  // sends and node 1 listens to c(1,0); node 1 delivers at the start of slot 4.
  PopsExperimentConfig c = pops_config(1, 2);
  c.traffic = PermutationKind::kFile;
  c.file_permutation = {1, kNoNode};
  c.max_slots = 100;
  PopsExperiment e(c);
  const PopsRunResult r = e.run(1);
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  EXPECT_EQ(r.delivered, 1u);
  EXPECT_EQ(r.slots, 4u);
  EXPECT_EQ(r.collisions, 0u);
  // Channels: request stars of groups 0 and 1, then per group its claim and grant planes.
  ASSERT_EQ(r.control.size(), 6u);
  const std::vector<std::uint64_t> words = {1, 0, 0, 1, 1, 0};  // request, grant into 0, claim
  for (std::size_t k = 0; k < words.size(); ++k) EXPECT_EQ(r.control[k].words, words[k]) << k;
  // Word sizes: g + 1 = 3 bits on a request star, d + 1 = 2 for a claim, 1 for a receiver
  // index; every listener (d = 1 per group) decodes every word.
  EXPECT_EQ(r.control[0].bits_sent, 3u);
  EXPECT_EQ(r.control[4].bits_sent, 2u);
  EXPECT_EQ(r.control[3].bits_received, 1u);
  for (const ControlCounters& k : r.control) EXPECT_EQ(k.collisions, 0u);
  // A slot's capacity: d (g + 1) = 3 bits on a request star, g (d + 1) = 4 on a claim plane,
  // g * 1 = 2 on a grant plane.
  EXPECT_EQ(r.control[0].slot_bits, 3u);
  EXPECT_EQ(r.control[2].slot_bits, 4u);
  EXPECT_EQ(r.control[3].slot_bits, 2u);
  // Each word stays on its medium, stamped with its slot, until the slot of the same parity
  // after it: the request of slot 0, the claim of slot 1 and the grant of slot 2 (index 0), and
  // no grant in slot 3.
  pops::PopsNetwork& net = e.network();
  EXPECT_EQ(net.group(0).request_star->heard(0, 0), std::optional<std::uint64_t>{0b110});
  EXPECT_EQ(net.group(1).claim_plane->heard(0, 1), std::optional<std::uint64_t>{0b11});
  EXPECT_FALSE(net.group(1).claim_plane->heard(0, 3).has_value());
  EXPECT_EQ(net.group(0).grant_plane->heard(1, 2), std::optional<std::uint64_t>{0});
  EXPECT_FALSE(net.group(0).grant_plane->heard(1, 3).has_value());
}

/// POPS(d,g) at rate 1, above what it carries: every slot's collisions are counted by the
/// couplers' tally (r.collisions, the whole run), and a collision or a doubly used control
/// minislot is also a run error.
void expect_no_collision_at_full_load(std::uint32_t d, std::uint32_t g) {
  PopsExperimentConfig c = pops_config(d, g);
  c.max_slots = 4000;
  OpenLoopConfig o;
  o.rate = 1.0;
  o.steady.warmup = 200;
  o.steady.measure = 1000;
  c.open_loop = o;
  PopsExperiment e(c);
  const PopsRunResult r = e.run(7);
  EXPECT_TRUE(r.errors.empty()) << r.errors.front();
  EXPECT_EQ(r.collisions, 0u);
  EXPECT_EQ(coupler_collisions(r), 0u);
  // It carries most of the hardware's min(1, g/d) per node.
  EXPECT_GT(r.open_loop->accepted, 0.5 * std::min(1.0, double(g) / d));
  std::uint64_t control_words = 0;
  for (const ControlCounters& k : r.control) control_words += k.words;
  EXPECT_GT(control_words, 0u);
}

/// POPS(d,g) at `rate`, below saturation: drained, every labelled packet delivered once,
/// accepted equal to offered, no collision.
PopsRunResult expect_accepts_the_offered_load(std::uint32_t d, std::uint32_t g, double rate,
                                              std::uint64_t seed) {
  PopsExperimentConfig c = test::short_open_loop(pops_config(d, g), rate, 50000);
  PopsExperiment e(c);
  const PopsRunResult r = e.run(seed);
  test::expect_drained(r);
  EXPECT_NEAR(r.open_loop->accepted, r.open_loop->offered, 0.01);
  EXPECT_EQ(r.collisions, 0u);
  return r;
}

TEST(ReservationPops, NoDataCollisionAtFullLoadDEqualsG) { expect_no_collision_at_full_load(4, 4); }
TEST(ReservationPops, NoDataCollisionAtFullLoadDBelowG) { expect_no_collision_at_full_load(2, 8); }
TEST(ReservationPops, NoDataCollisionAtFullLoadDAboveG) { expect_no_collision_at_full_load(8, 2); }

// The receivers a flagged claim may get first: tdma_listeners(b, a) is exactly the receivers j
// of group b, ascending, with tdma_listened_group((b, j)) = a, on every kind of shape.
TEST(ReservationPops, TdmaListenersInvertTheListenedGroup) {
  for (const auto& [d, g] : {std::pair{4U, 4U}, std::pair{2U, 8U}, std::pair{3U, 5U},
                             std::pair{8U, 2U}, std::pair{6U, 4U}}) {
    const pops::PopsShape s{d, g};
    std::vector<std::uint32_t> got;
    for (std::uint64_t t = 0; t < 3 * std::uint64_t{d} * g; ++t) {
      for (std::uint32_t b = 0; b < g; ++b) {
        for (std::uint32_t a = 0; a < g; ++a) {
          std::vector<std::uint32_t> want;
          for (std::uint32_t j = 0; j < d; ++j) {
            if (pops::tdma_listened_group(s, t, s.node(b, j)) == a) want.push_back(j);
          }
          pops::tdma_listeners(s, t, b, a, got);
          ASSERT_EQ(got, want) << "d " << d << " g " << g << " t " << t << " b " << b << " a " << a;
        }
      }
    }
  }
}

TEST(ReservationControlWord, OrWithAndReset) {
  ControlWord wide(70);
  ControlWord narrow(5);
  narrow.set(1);
  narrow.set(4);
  wide.set(66);
  wide.or_with(narrow);
  EXPECT_TRUE(wide.test(1) && wide.test(4) && wide.test(66));
  wide.reset(66);
  wide.reset(4);
  EXPECT_FALSE(wide.test(66) || wide.test(4));
  EXPECT_TRUE(wide.test(1));
  narrow.or_with(wide);  // only the narrow word's limb
  EXPECT_EQ(narrow.low(), 0b10010U);
}

TEST(ReservationMatch, WideMapsHandChecked) {
  // Three requesters, 70 targets; requester 1's map also has bit 70 set (a flag past the
  // targets, ignored). turn 0: order 0, 1, 2. Requester 0 from target 0 takes 65; requester 1
  // from 1 finds 65 taken; requester 2 from 2 takes 3.
  std::vector<ControlWord> requests(3, ControlWord(71));
  requests[0].set(65);
  requests[0].set(69);
  requests[1].set(65);
  requests[1].set(70);
  requests[2].set(3);
  requests[2].set(66);
  std::vector<std::uint32_t> out;
  rotating_match(requests, 70, 0, out);
  EXPECT_EQ(out, (std::vector<std::uint32_t>{65, kUnmatched, 3}));
  // turn 1: order 1, 2, 0. Requester 1 from 2 takes 65; requester 2 from 3 takes 3; requester
  // 0 from 1 finds 65 taken and takes 69.
  rotating_match(requests, 70, 1, out);
  EXPECT_EQ(out, (std::vector<std::uint32_t>{69, 65, 3}));
  // turn 68: order 2, 0, 1. Requester 2 from (2 + 68) mod 70 = 0 takes 3; requester 0 from 68
  // takes 69; requester 1 from 69 wraps round to 65.
  rotating_match(requests, 70, 68, out);
  EXPECT_EQ(out, (std::vector<std::uint32_t>{69, 65, 3}));
}

TEST(ReservationControlChannel, CarriesWordsWiderThan64Bits) {
  // Two minislots of 130-bit words (three limbs), three listeners.
  ControlChannel channel("wide", ControlChannelConfig{2, 130, 3});
  ControlWord word(130);
  word.set(0);
  word.set(64);
  word.set(129);
  channel.send(1, word, 5);
  ControlWord heard;
  ASSERT_TRUE(channel.heard(1, 5, heard));
  EXPECT_EQ(heard, word);
  EXPECT_EQ(heard.data()[0], 1u);
  EXPECT_EQ(heard.data()[1], 1u);
  EXPECT_EQ(heard.data()[2], 2u);  // bit 129 = limb 2, bit 1
  EXPECT_FALSE(channel.heard(0, 5, heard));
  EXPECT_FALSE(heard.any());
  // Real bits: one 130-bit word sent, heard by 3 receivers; a full slot is 2 * 130 bits.
  EXPECT_EQ(channel.counters().bits_sent, 130u);
  EXPECT_EQ(channel.counters().bits_received, 390u);
  EXPECT_EQ(channel.counters().slot_bits, 260u);
  // A second sender garbles the minislot.
  channel.send(1, word, 5);
  EXPECT_FALSE(channel.heard(1, 5, heard));
  EXPECT_EQ(channel.counters().collisions, 1u);
  // A bit past the channel's 130 is a SystemC error (reported to the test, and thrown).
  static ControlChannel* refused = &channel;
  static ControlWord too_wide(131);
  too_wide.set(130);
  EXPECT_NONFATAL_FAILURE(EXPECT_THROW(refused->send(0, too_wide, 6), sc_core::sc_report),
                          "a control word wider than the channel's word");
}

TEST(ReservationPops, NoDataCollisionAtFullLoadWideRequests) {
  // g = 64: a request maps 64 groups and a flag, 65 bits.
  expect_no_collision_at_full_load(2, 64);
}
TEST(ReservationPops, NoDataCollisionAtFullLoadWideClaims) {
  // d = 64: a claim maps 64 receivers and a flag, 65 bits.
  expect_no_collision_at_full_load(64, 2);
}

TEST(ReservationPops, WideWordsDeliverEveryPacketAndCountTheirBits) {
  // POPS(2,64) at 0.5: every labelled packet delivered once (created = delivered + in flight).
  // Its channels: request stars 2 minislots of 65 bits (130 per slot), claim planes 64 of 3
  // bits (192), grant planes 64 of 1 bit: the widest carries 192 bits per slot.
  const PopsRunResult r = expect_accepts_the_offered_load(2, 64, 0.5, 4);
  ControlCounters all;
  std::uint64_t request_words = 0;
  std::uint64_t request_bits = 0;
  for (std::size_t k = 0; k < r.control.size(); ++k) {
    all += r.control[k];
    if (k < 64) {  // the request stars come first
      request_words += r.control[k].words;
      request_bits += r.control[k].bits_sent;
    }
  }
  EXPECT_EQ(all.collisions, 0u);
  EXPECT_EQ(all.slot_bits, 192u);
  EXPECT_GT(request_words, 0u);
  EXPECT_EQ(request_bits, 65 * request_words);
}

TEST(ReservationPops, DeliversEveryPermutationPacketOnce) {
  PopsExperimentConfig c = pops_config(8, 2);
  c.traffic = PermutationKind::kRandom;
  PopsExperiment e(c);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const PopsRunResult r = e.run(seed);
    ASSERT_TRUE(r.errors.empty()) << r.errors.front();
    EXPECT_EQ(r.delivered, r.packets);
    EXPECT_EQ(r.collisions, 0u);
  }
}

TEST(ReservationPops, AcceptsTheOfferedLoadBelowSaturation) {
  // POPS(4,8), d < g: hardware bound 1; at 0.6 every labelled packet is delivered once.
  expect_accepts_the_offered_load(4, 8, 0.6, 2);
}

TEST(ReservationPops, NoSourceStarvesAtSaturation) {
  // POPS(4,4) uniform at rate 1 (above what it carries): every source gets at least 0.8 of the
  // mean accepted load.
  PopsExperimentConfig c = test::short_open_loop(pops_config(4, 4), 1.0, 8000);
  PopsExperiment e(c);
  const PopsRunResult r = e.run(3);
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  EXPECT_GT(r.open_loop->accepted, 0.8);
  EXPECT_GE(r.open_loop->accepted_node_min, 0.8 * r.open_loop->accepted_per_sender);
}

TEST(ReservationOcpc, NeverGarblesAndAcceptsTheOfferedLoad) {
  OcpcExperiment e(ocpc_config(ocpc::Topology::kOcpc, 16, 0.7));
  const OcpcRunResult r = e.run(2);
  test::expect_drained(r);  // a garbled receiver would be a run error
  EXPECT_EQ(r.collisions, 0u);
  EXPECT_NEAR(r.open_loop->accepted, r.open_loop->offered, 0.01);
  ASSERT_EQ(r.control.size(), 2u);  // the request and the grant channel beside the bus
  for (const ControlCounters& k : r.control) EXPECT_EQ(k.collisions, 0u);
}

TEST(ReservationOcpc, NoSourceStarvesAtSaturation) {
  OcpcExperiment e(ocpc_config(ocpc::Topology::kOcpc, 16, 1.0, 8000));
  const OcpcRunResult r = e.run(3);
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  EXPECT_EQ(r.collisions, 0u);
  EXPECT_GE(r.open_loop->accepted_node_min, 0.8 * r.open_loop->accepted_per_sender);
}

TEST(ReservationMob, NeverGarblesAndAcceptsTheOfferedLoad) {
  // MOB-PC p = 4: hardware bound 0.625 (relays); at 0.45 everything drains.
  OcpcExperiment e(ocpc_config(ocpc::Topology::kMob, 4, 0.45));
  const OcpcRunResult r = e.run(3);
  test::expect_drained(r);
  EXPECT_EQ(r.collisions, 0u);
  EXPECT_EQ(r.cross_bus_collisions, 0u);
  EXPECT_NEAR(r.open_loop->accepted, r.open_loop->offered, 0.015);
  EXPECT_EQ(r.control.size(), 16u);  // request and grant beside 4 row and 4 column buses
}

TEST(ReservationMob, DeliversEveryHRelationPacketOnce) {
  OcpcExperimentConfig c;
  c.shape = ocpc::OcpcShape{ocpc::Topology::kMob, 4};
  c.protocol = "reservation";
  c.h = 3;
  OcpcExperiment e(c);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const OcpcRunResult r = e.run(seed);
    ASSERT_TRUE(r.errors.empty()) << r.errors.front();
    EXPECT_EQ(r.delivered, r.packets);
    EXPECT_GT(r.packets, 0u);
  }
}

}  // namespace
