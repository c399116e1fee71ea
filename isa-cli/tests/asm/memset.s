; Memset: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0x49  Memset  opcode=memset_const sync={wait_mode=108,wait_index=213,update_mode=109,update_index=79,value=4025604663} mode=1428228664 dtype=uint16|float4_e2m1fn_x4 num_active_partitions=58 fill=3810459376 dst={addr=0x65264955,strides=[31257,-3596,-7747,-1863],nums=[26575,34265,56646,46823]}
; CHECK: 49 10 00 00 6c d5 6d 4f 37 da f1 ef 00 00 00 00
; CHECK: 00 00 00 00 00 00 00 00 00 00 00 00 38 0a 21 55
; CHECK: 05 00 3a 00 00 00 00 00 f0 fe 1e e3 55 49 26 65
; CHECK: 19 7a f4 f1 bd e1 b9 f8 cf 67 d9 85 46 dd e7 b6
0x00000040  0x49  Memset  opcode=memset_const sync={wait_mode=175,wait_index=33,update_mode=100,update_index=44,value=1328697206} mode=3047871386 dtype=float8e5|float8_e5m2_x4 num_active_partitions=14 fill=1617620864 dst={addr=0x9e484970,strides=[-2613,14230,-24254,-2352],nums=[62648,23602,5994,50191]}
; CHECK: 49 10 00 00 af 21 64 2c 76 4f 32 4f 00 00 00 00
; CHECK: 00 00 00 00 00 00 00 00 00 00 00 00 9a d3 aa b5
; CHECK: 0f 00 0e 00 00 00 00 00 80 ef 6a 60 70 49 48 9e
; CHECK: cb f5 96 37 42 a1 d0 f6 b8 f4 32 5c 6a 17 0f c4
Memset  dst={addr=0x65264955,strides=[31257,-3596,-7747,-1863],nums=[26575,34265,56646,46823]} fill=3810459376 num_active_partitions=58 dtype=uint16|float4_e2m1fn_x4 mode=1428228664 opcode=memset_const
; CHECK: 49 10 00 00 00 00 00 00 00 00 00 00 00 00 00 00
; CHECK: 00 00 00 00 00 00 00 00 00 00 00 00 38 0a 21 55
; CHECK: 05 00 3a 00 00 00 00 00 f0 fe 1e e3 55 49 26 65
; CHECK: 19 7a f4 f1 bd e1 b9 f8 cf 67 d9 85 46 dd e7 b6
