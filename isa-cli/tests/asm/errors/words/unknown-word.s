; A word line (it has the word column) whose name no word has.
0x00000000  0x00010013  B.IORR  reg_src2=zero reg_src1=zero reg_src0=a0 reg_dst=zero
