; B.IOR: samples of every field as `isa decode --word32` lists them, then written by hand (no columns, fields reversed).
0x00000000  (stray)  0xa0400593  B.IOR        reg_src2=x0 reg_src1=a2 reg_src0=zero reg_dst=s0
; CHECK: 93 05 40 a0
0x00000004  (stray)  0x71278813  B.IOR        reg_src2=s3 reg_src1=s7 reg_src0=s4 reg_dst=s5
; CHECK: 13 88 27 71
B.IOR  reg_dst=s0 reg_src0=zero reg_src1=a2 reg_src2=x0
; CHECK: 93 05 40 a0
