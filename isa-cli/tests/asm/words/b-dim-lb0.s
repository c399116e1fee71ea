; B.DIM LB0: samples of every field as `isa decode --word32` lists them, then written by hand (no columns, fields reversed).
0x00000000  (stray)  0x4c208643  B.DIM LB0    imm=50370 reg=sp
; CHECK: 43 86 20 4c
0x00000004  (stray)  0x954007c3  B.DIM LB0    imm=63828 reg=zero
; CHECK: c3 07 40 95
B.DIM LB0  reg=sp imm=50370
; CHECK: 43 86 20 4c
