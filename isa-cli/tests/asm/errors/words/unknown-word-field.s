; A B.IOR field misspelt.
B.IOR  reg_src2=zero reg_src1=zero reg_src=a0 reg_dst=zero
