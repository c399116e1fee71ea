; A block in assembly text with a data type TSHUF does not have.
BSTART.SFU TSHUF, U99; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP
