// A store-and-forward link as one register stage: the offer from the source node (valid and
// a W-bit packet) is registered towards the far end, and the far end's ready is registered back
// towards the source, at each rising edge of clk. Under the link's pin contract
// (docs/cosimulation.md) clk rises twice in a slot, a quarter slot after each edge of the slot
// clock: the first edge carries the slot's offer (sampled by the far end at the falling edge),
// the second the far end's ready (sampled by the source at the next rising edge).
module sf_link_stage #(
    parameter int W = 224  // packet bits: payload (2 words), destination, source, id, kind, handle
) (
    input  logic         clk,
    input  logic         in_valid,
    input  logic [W-1:0] in_data,
    output logic         in_ready,
    output logic         out_valid,
    output logic [W-1:0] out_data,
    input  logic         out_ready
);
  always_ff @(posedge clk) begin
    out_valid <= in_valid;
    out_data  <= in_data;
    in_ready  <= out_ready;
  end
endmodule
