; The header of a block checks its assembly text, though its words are written by the lines under it.
0x00000000  block  BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=9, last, ->t0<4KB>; B.IOR a0; BSTOP
