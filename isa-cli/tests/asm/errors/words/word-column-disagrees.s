; The word column disagrees with the fields.
0x00000000  0x00010014  B.IOR  reg_src2=zero reg_src1=zero reg_src0=a0 reg_dst=zero
