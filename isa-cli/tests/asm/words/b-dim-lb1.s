; B.DIM LB1: samples of every field as `isa decode --word32` lists them, then written by hand (no columns, fields reversed).
0x00000000  (stray)  0x36051bc3  B.DIM LB1    imm=95072 reg=ra
; CHECK: c3 1b 05 36
0x00000004  (stray)  0x27089d43  B.DIM LB1    imm=107120 reg=s6
; CHECK: 43 9d 08 27
B.DIM LB1  reg=ra imm=95072
; CHECK: c3 1b 05 36
