// A link stage with the ports and registers of sf_link_stage and a planted bug: the packet's
// source field (bits 127:96, the fourth 32-bit word) is registered as zero. The design that
// `--rtl link:U:V=sf_link_drops_source:lockstep` catches in the tests and in
// docs/cosimulation.md: the first slot in which the link carries a packet from a source other
// than node 0.
module sf_link_drops_source #(
    parameter int W = 224
) (
    input  logic         clk,
    input  logic         in_valid,
    input  logic [W-1:0] in_data,
    output logic         in_ready,
    output logic         out_valid,
    output logic [W-1:0] out_data,
    input  logic         out_ready
);
  localparam logic [W-1:0] SourceMask = ~({{(W - 32) {1'b0}}, 32'hffffffff} << 96);
  always_ff @(posedge clk) begin
    out_valid <= in_valid;
    out_data  <= in_data & SourceMask;
    in_ready  <= out_ready;
  end
endmodule
