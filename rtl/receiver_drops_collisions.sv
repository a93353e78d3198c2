// A receiver stage with a planted bug, for the tests of lockstep: the ports of
// ocpc_bus_receiver and registered outputs (captured at the rising edge of clk), but two or
// more transmitters addressing it raise no collision and the lowest-numbered one's frame is
// received.
module receiver_drops_collisions #(
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
  logic          first_valid;
  logic [W-1:0]  first_frame;
  always_comb begin
    first_valid = 1'b0;
    first_frame = '0;
    for (int k = K - 1; k >= 0; k--) begin
      if (valid[k] && dest[k] == my_addr) begin
        first_valid = 1'b1;
        first_frame = frame[k];
      end
    end
  end

  always_ff @(posedge clk) begin
    out_valid <= first_valid;
    out_frame <= first_frame;
    addressed <= first_valid;
  end
  assign collision = 1'b0;
endmodule
