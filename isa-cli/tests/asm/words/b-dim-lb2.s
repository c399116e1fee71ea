; B.DIM LB2: samples of every field as `isa decode --word32` lists them, then written by hand (no columns, fields reversed).
0x00000000  (stray)  0x7f42a843  B.DIM LB2    imm=67572 reg=a3
; CHECK: 43 a8 42 7f
0x00000004  (stray)  0x81f3a6c3  B.DIM LB2    imm=55327 reg=a5
; CHECK: c3 a6 f3 81
B.DIM LB2  reg=a3 imm=67572
; CHECK: 43 a8 42 7f
