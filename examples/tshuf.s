# TSHUF blocks of the PTO tile ISA (seed 004) in assembly text, one block a line.
# examples/tshuf.words is `isa encode --word32 examples/tshuf.s -o examples/tshuf.words`.
#
# Seed 004's example, `BSTART.SFU TSHUF, U32; B.DATR Layout; B.IOT source, controls,
# ->destination; B.IOR a0; BSTOP`: the words of tile t1 shuffled into t0, one U32 row operand
# per row in the controls tile t2, the mode/segment/boundary control in a0.
BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP
# An FP32 tile on the CUBE_M32 layout (the only one that allows segment width 32), with a loop
# bound of 64 in LB0.
BSTART.SFU TSHUF, FP32; B.DATR CUBE_M32; B.DIM zero, 64, ->LB0; B.IOT t4, t5, pe=1, last, ->t3<8KB>; B.IOR a1; BSTOP
# The shortest block: the optional B.DATR and B.DIM left out.
BSTART.SFU TSHUF, BF16; B.IOT t6, t5, pe=1, last, ->t2<2KB>; B.IOR a2; BSTOP
