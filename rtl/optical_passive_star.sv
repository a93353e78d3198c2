// Optical passive star coupler c(b, a) of a POPS network, at the slot level.
// D source ports (valid + frame); one broadcast output towards the D destinations.
// Purely combinational: the outputs resolve the inputs of the current slot (see rtl/README.md).
// clk is part of the coupler's interface (the slot clock) but no state is kept.
module optical_passive_star #(
    parameter int D = 4,   // source ports (processors per group)
    parameter int W = 192  // frame width in bits
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic                clk,
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic [D-1:0]        valid,
    input  logic [D-1:0][W-1:0] frame,
    output logic                out_valid,
    output logic [W-1:0]        out_frame,
    output logic                collision,
    output logic                busy
);
  single_source_select #(
      .N(D),
      .W(W)
  ) select (
      .lit(valid),
      .frame(frame),
      .out_valid(out_valid),
      .out_frame(out_frame),
      .collision(collision),
      .any_lit(busy)
  );
endmodule
