
#include "testbenches/cli/driver.h"

namespace optinet {

using namespace driver;

namespace {

/// The family's parameters, and why its view was chosen where the job chose it.
Json parameters_of(const NetworkCommand& command, const CommonOptions& common) {
  Json p = command.parameters();
  if (!common.view_choice.empty()) p["view_choice"] = common.view_choice;
  return p;
}

}  // namespace

Json check_report(const NetworkCommand& command, const CommonOptions& common) {
  const std::uint64_t estimate = memory_estimate(command, common);
  const std::uint64_t available = common.max_memory != 0 ? common.max_memory : memory_available();
  Json report{{"network", common.network},
              {"parameters", parameters_of(command, common)},
              {"protocol", common.protocol},
              {"traffic", common.traffic},
              {"processors", command.processors()},
              {"threads", command.resources().threads},
              {"memory_estimate_bytes", estimate},
              {"memory_available_bytes", available},
              {"fits", available == 0 || estimate <= available},
              {"version", OPTINET_VERSION}};
  // The optics are priced without a run: the budget, the parts, and at an offered load the
  // energy of a collision-free schedule.
  if (const OpticalFamily* optical = command.optical()) {
    report["power_budget"] = optical->power_budget(common.device);
    if (common.open_loop) {
      report["energy_at_offered_load"] = offered_load_energy_json(
          common.device, optical->optics(), command.processors(), common.open_loop->rate);
    }
  }
  return report;
}

OpenLoopBounds open_loop_bounds(const NetworkCommand& command, const CommonOptions& common) {
  const OpenLoopFamily& family = *command.open_loop();
  return OpenLoopBounds{family.hardware_bound(common.bound_lp_variables), family.routing_bound(),
                        family.protocol_capacity()};
}

Json json_report(const NetworkCommand& command, const CommonOptions& common,
                 const std::vector<RunRecord>& runs, double elaboration, double simulation,
                 const OpenLoopBounds* bounds) {
  Json report;
  report["network"] = common.network;
  report["parameters"] = parameters_of(command, common);
  report["protocol"] = common.protocol;
  report["traffic"] = common.traffic;
  report["seed"] = common.seed;
  report["memory_estimate_bytes"] = memory_estimate(command, common);
  if (common.open_loop) {
    const OpenLoopConfig& o = *common.open_loop;
    const OpenLoopBounds b = bounds != nullptr ? *bounds : open_loop_bounds(command, common);
    report["open_loop"] = Json{
        {"process", o.bursty ? "bursty" : "bernoulli"},
        {"rate", o.rate},
        {"mean_burst", o.mean_burst},
        {"pattern", pattern_name(o)},
        {"hotspot", o.hotspot},
        {"fraction", o.fraction},
        {"warmup", o.steady.fixed_warmup ? Json(o.steady.warmup) : Json("measured")},
        {"measure", o.steady.fixed_window ? Json(o.steady.measure) : Json("measured")},
        {"confidence", o.steady.confidence},
        {"precision", o.steady.precision},
        {"injection_queue", o.queue_limit},
        {"max_backlog", o.max_backlog_per_node()},
        {"hardware_bound", Json{{"value", b.hardware.value},
                                {"bottleneck", b.hardware.bottleneck},
                                {"method", b.hardware.method},
                                {"lp_variables", b.hardware.lp_variables}}},
        {"routing_bound", Json{{"value", b.routing.rate}, {"bottleneck", b.routing.bottleneck}}},
        {"protocol_capacity", Json{{"value", b.protocol.value ? Json(*b.protocol.value) : Json()},
                                   {"how", b.protocol.how}}}};
    if (o.request_reply) {
      report["open_loop"]["outstanding"] = o.request_reply->outstanding;
      report["open_loop"]["reply_frames"] = o.request_reply->reply_frames;
      report["open_loop"]["service_slots"] = RequestReplyConfig::kServiceSlots;
    }
    if (!o.message.single_frame()) {
      report["open_loop"]["message_frames"] = o.message.describe();
      report["open_loop"]["message_frames_mean"] = o.message.mean();
    }
  }
  const Json budget = command_power_budget(command, common.device);
  if (!budget.empty()) report["power_budget"] = budget;
  Json& list = report["runs"] = Json::array();
  for (const RunRecord& r : runs) {
    Json run = r.fields;
    run["hit_limit"] = r.hit_limit;
    if (!r.deadlock.empty()) run["deadlock"] = r.deadlock;
    run["ok"] = r.ok();
    run["wall_seconds"] = r.wall_seconds;
    run["errors"] = r.errors;
    list.push_back(std::move(run));
  }
  Json& summary = report["summary"] = Json::object();
  for (const std::string& field : command.summary_fields()) {
    const std::optional<Summary> s = summarize_field(runs, field);
    summary[field] =
        s ? Json{{"mean", s->mean}, {"sd", s->sd}, {"max", s->max}, {"min", s->min}} : Json();
  }
  summary["ok"] = all_ok(runs);
  report["timing_seconds"] = Json{{"elaboration", elaboration}, {"simulation", simulation}};
  return report;
}

}  // namespace optinet
