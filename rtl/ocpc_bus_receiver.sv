// Receiver stage of one processor on an OCPC optical bus (for a MOB-PC processor: its row bus and
// column bus side by side, K = 2p). K transmitters share the bus; each drives valid, the address
// of the processor it sends to, and a frame. The stage whose address is my_addr takes a frame only
// if exactly one transmitter addresses it in the slot; two or more garble it (collision).
// Purely combinational, like the coupler: outputs resolve the current slot (see rtl/README.md).
// my_addr is a port, not a parameter, so one verilated model serves every receiver.
module ocpc_bus_receiver #(
    parameter int K = 4,   // transmitters on the bus
    parameter int A = 16,  // address width
    parameter int W = 192  // frame width in bits
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic                clk,
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic [A-1:0]        my_addr,
    input  logic [K-1:0]        valid,
    input  logic [K-1:0][A-1:0] dest,
    input  logic [K-1:0][W-1:0] frame,
    output logic                out_valid,
    output logic [W-1:0]        out_frame,
    output logic                collision,
    output logic                addressed
);
  logic [K-1:0] addressed_by;
  always_comb begin
    for (int k = 0; k < K; k++) addressed_by[k] = valid[k] && dest[k] == my_addr;
  end

  single_source_select #(
      .N(K),
      .W(W)
  ) select (
      .lit(addressed_by),
      .frame(frame),
      .out_valid(out_valid),
      .out_frame(out_frame),
      .collision(collision),
      .any_lit(addressed)
  );
endmodule
