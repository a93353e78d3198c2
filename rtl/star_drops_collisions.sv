// A coupler with a planted bug, for the tests of lockstep: the ports of optical_passive_star and
// registered outputs (captured at the rising edge of clk, as the pins view's per-instance RTL
// contract allows), but two or more lit sources raise no collision and the lowest-numbered one
// is broadcast.
module star_drops_collisions #(
    parameter int D = 4,   // source ports
    parameter int W = 192  // frame width in bits
) (
    input  logic                clk,
    input  logic [D-1:0]        valid,
    input  logic [D-1:0][W-1:0] frame,
    output logic                out_valid,
    output logic [W-1:0]        out_frame,
    output logic                collision,
    output logic                busy
);
  logic          first_valid;
  logic [W-1:0]  first_frame;
  always_comb begin
    first_valid = 1'b0;
    first_frame = '0;
    for (int i = D - 1; i >= 0; i--) begin
      if (valid[i]) begin
        first_valid = 1'b1;
        first_frame = frame[i];
      end
    end
  end

  always_ff @(posedge clk) begin
    out_valid <= first_valid;
    out_frame <= first_frame;
    busy <= |valid;
  end
  assign collision = 1'b0;
endmodule
