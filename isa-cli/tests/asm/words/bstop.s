; BSTOP: samples of every field as `isa decode --word32` lists them, then written by hand (no columns, fields reversed).
0x00000000  (stray)  0x00000001  BSTOP
; CHECK: 01 00 00 00
0x00000004  (stray)  0x00000001  BSTOP
; CHECK: 01 00 00 00
BSTOP  
; CHECK: 01 00 00 00
