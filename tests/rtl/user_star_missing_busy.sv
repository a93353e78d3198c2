// A coupler without its busy output: OPTINET_RTL_MODELS refuses it before verilating.
module user_star_missing_busy #(
    parameter int D = 4,   // source ports
    parameter int W = 192  // frame width in bits
) (
    input  logic                clk,
    input  logic [D-1:0]        valid,
    input  logic [D-1:0][W-1:0] frame,
    output logic                out_valid,
    output logic [W-1:0]        out_frame,
    output logic                collision
);
  assign out_valid = 1'b0;
  assign out_frame = '0;
  assign collision = |valid & clk & frame[0][0];
endmodule
