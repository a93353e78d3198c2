// The OCPC bus receiver stage with registered outputs: ocpc_bus_receiver's combinational
// outcome, captured at the rising edge of clk. Under the receiver's pin contract
// (docs/cosimulation.md) clk rises once in a slot after the slot's inputs are stable, and the
// outputs are read after that edge: the same runs as the combinational stage.
module ocpc_bus_receiver_registered #(
    parameter int K = 4,   // transmitters on the bus
    parameter int A = 16,  // address width
    parameter int W = 192  // frame width in bits
) (
    input  logic                clk,
    input  logic [A-1:0]        my_addr,
    input  logic [K-1:0]        valid,
    input  logic [K-1:0][A-1:0] dest,
    input  logic [K-1:0][W-1:0] frame,
    output logic                out_valid,
    output logic [W-1:0]        out_frame,
    output logic                collision,
    output logic                addressed
);
  logic          next_valid, next_collision, next_addressed;
  logic [W-1:0]  next_frame;

  /* verilator lint_off PINCONNECTEMPTY */
  ocpc_bus_receiver #(
      .K(K),
      .A(A),
      .W(W)
  ) stage (
      .clk(clk),
      .my_addr(my_addr),
      .valid(valid),
      .dest(dest),
      .frame(frame),
      .out_valid(next_valid),
      .out_frame(next_frame),
      .collision(next_collision),
      .addressed(next_addressed)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  always_ff @(posedge clk) begin
    out_valid <= next_valid;
    out_frame <= next_frame;
    collision <= next_collision;
    addressed <= next_addressed;
  end
endmodule
