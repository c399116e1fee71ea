; BSTART.TEPL: samples of every field as `isa decode --word32` lists them, then written by hand (no columns, fields reversed).
0x00000000    0xd7c19181  BSTART.TEPL  data_type=U16 mode=3 function=28
; CHECK: 81 91 c1 d7
0x00000004    0xe2719181  BSTART.TEPL  data_type=U4X2 mode=1 function=7
; CHECK: 81 91 71 e2
BSTART.TEPL  function=28 mode=3 data_type=U16
; CHECK: 81 91 c1 d7
