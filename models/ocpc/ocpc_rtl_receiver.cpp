#include "models/ocpc/ocpc_rtl_receiver.h"

#include "models/core/rtl_models.h"
#include "models/ocpc/ocpc_rtl_receiver_models.h"

namespace optinet::ocpc {

namespace {

std::uint32_t low(std::uint64_t v) { return static_cast<std::uint32_t>(v); }
std::uint32_t high(std::uint64_t v) { return static_cast<std::uint32_t>(v >> 32); }
std::uint64_t join(std::uint32_t lo, std::uint32_t hi) { return (std::uint64_t{hi} << 32) | lo; }

}  // namespace

OcpcRtlReceiver::OcpcRtlReceiver(const std::string& model, std::uint32_t address)
    : my_addr_("rtl_my_addr", address) {
  rtl_ = bind_rtl_model(model, RtlReceiverSignals{clk_, my_addr_, valid_, dest_, frame_, out_valid_,
                                                  out_frame_, collision_, addressed_});
}

const std::vector<std::string>& rtl_receiver_models() {
  static const std::vector<std::string> models = rtl_model_names("receiver");
  return models;
}

std::string describe_outcome(const ReceiverOutcome& o) {
  std::string s = "valid " + std::to_string(o.valid) + " collision " + std::to_string(o.collision);
  if (o.valid) s += " frame of packet " + std::to_string(o.message.packet.id);
  return s;
}

bool same_outcome(const ReceiverOutcome& x, const ReceiverOutcome& y) {
  if (x.valid != y.valid || x.collision != y.collision) return false;
  const Message& a = x.message;
  const Message& b = y.message;
  return !x.valid || (a.kind == b.kind && a.sender == b.sender && a.packet == b.packet &&
                      a.control[0] == b.control[0] && a.control[1] == b.control[1]);
}

void OcpcRtlReceiver::present(const std::vector<std::unique_ptr<TransmitterPins<In>>>& lanes) {
  std::uint64_t valid = 0;
  for (std::uint32_t k = 0; k < lanes.size(); ++k) {
    const TransmitterPins<In>& lane = *lanes[k];
    if (!lane.valid.read()) continue;
    valid |= std::uint64_t{1} << k;
    staged_dest_.range(16 * k + 15, 16 * k) = lane.line.read();
    const Message m = lane.message.read();
    const std::uint32_t words[kRtlMessageWords] = {low(m.packet.payload),
                                                   high(m.packet.payload),
                                                   m.packet.destination,
                                                   m.packet.source,
                                                   m.packet.id,
                                                   static_cast<std::uint32_t>(m.kind),
                                                   m.sender,
                                                   low(m.control[0]),
                                                   high(m.control[0]),
                                                   low(m.control[1]),
                                                   high(m.control[1])};
    for (unsigned w = 0; w < kRtlMessageWords; ++w) {
      staged_frame_.set_word(k * kRtlMessageWords + w, words[w]);
    }
  }
  valid_.write(valid);
  dest_.write(staged_dest_);
  frame_.write(staged_frame_);
}

ReceiverOutcome OcpcRtlReceiver::outcome() {
  ReceiverOutcome o;
  o.valid = out_valid_.read();
  o.collision = collision_.read();
  if (!o.valid) return o;
  const sc_dt::sc_bv<kRtlMessageWords* 32>& f = out_frame_.read();
  Message& m = o.message;
  m.packet.payload = join(f.get_word(0), f.get_word(1));
  m.packet.destination = f.get_word(2);
  m.packet.source = f.get_word(3);
  m.packet.id = f.get_word(4);
  m.kind = static_cast<Message::Kind>(f.get_word(5));
  m.sender = f.get_word(6);
  m.control[0] = join(f.get_word(7), f.get_word(8));
  m.control[1] = join(f.get_word(9), f.get_word(10));
  return o;
}

}  // namespace optinet::ocpc
