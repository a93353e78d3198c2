// A coupler with a planted bug, for the tests of lockstep: the ports of optical_passive_star,
// but two or more lit sources raise no collision and the lowest-numbered one is broadcast.
module star_drops_collisions #(
    parameter int D = 4,   // source ports
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
  always_comb begin
    out_valid = 1'b0;
    out_frame = '0;
    for (int i = D - 1; i >= 0; i--) begin
      if (valid[i]) begin
        out_valid = 1'b1;
        out_frame = frame[i];
      end
    end
  end
  assign collision = 1'b0;
  assign busy = |valid;
endmodule
