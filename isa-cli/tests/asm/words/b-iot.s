; B.IOT: samples of every field as `isa decode --word32` lists them, then written by hand (no columns, fields reversed).
0x00000000  (stray)  0xff31cf93  B.IOT        src_tile1=63 src_tile0=51 last=false size=512B pe_mode=7 dst_tile=3
; CHECK: 93 cf 31 ff
0x00000004  (stray)  0x8373c213  B.IOT        src_tile1=32 src_tile0=55 last=false size=8KB pe_mode=1 dst_tile=0
; CHECK: 13 c2 73 83
B.IOT  dst_tile=3 pe_mode=7 size=512B last=false src_tile0=51 src_tile1=63
; CHECK: 93 cf 31 ff
