; B.DATR: samples of every field as `isa decode --word32` lists them, then written by hand (no columns, fields reversed).
0x00000000  (stray)  0x64011ea3  B.DATR       cmode=3 pad_value_or_byte_id=0 sat=true canonicalize=false data_type=FP64 rmode=2 layout=CUBE_M32
; CHECK: a3 1e 01 64
0x00000004  (stray)  0x5c029ea3  B.DATR       cmode=2 pad_value_or_byte_id=3 sat=true canonicalize=false data_type=FP64 rmode=5 layout=CUBE_M32
; CHECK: a3 9e 02 5c
B.DATR  layout=CUBE_M32 rmode=2 data_type=FP64 canonicalize=false sat=true pad_value_or_byte_id=0 cmode=3
; CHECK: a3 1e 01 64
