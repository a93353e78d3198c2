// The rule shared by every optical medium: of N lit sources, exactly one gets through; two or
// more garble each other. Purely combinational.
module single_source_select #(
    parameter int N = 4,   // sources
    parameter int W = 192  // frame width in bits
) (
    input  logic [N-1:0]        lit,
    input  logic [N-1:0][W-1:0] frame,
    output logic                out_valid,
    output logic [W-1:0]        out_frame,
    output logic                collision,
    output logic                any_lit
);
  // Scan once, remembering whether a lit source was already seen.
  logic seen;
  logic multiple;
  logic [W-1:0] selected;
  always_comb begin
    seen = 1'b0;
    multiple = 1'b0;
    selected = '0;
    for (int k = 0; k < N; k++) begin
      if (lit[k]) begin
        multiple = multiple | seen;
        seen = 1'b1;
        selected = frame[k];
      end
    end
  end

  assign any_lit = seen;
  assign collision = multiple;
  assign out_valid = seen & ~multiple;
  assign out_frame = out_valid ? selected : '0;
endmodule
