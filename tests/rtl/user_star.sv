// A user's coupler written apart from the shipped one, for the test of OPTINET_RTL_MODELS: the
// coupler's ports and parameters, registered outputs, and the one-source rule computed from
// a population count (v & (v - 1) is zero for at most one lit source).
module user_star #(
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
  logic          one;
  logic [W-1:0]  lone;
  always_comb begin
    one = valid != '0 && (valid & (valid - 1'b1)) == '0;
    lone = '0;
    for (int k = 0; k < D; k++) begin
      if (valid[k]) lone = lone | frame[k];
    end
  end

  always_ff @(posedge clk) begin
    busy <= valid != '0;
    collision <= valid != '0 && !one;
    out_valid <= one;
    out_frame <= one ? lone : '0;
  end
endmodule
