; SelectReduce: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0xea  SelectReduce  sync={wait_mode=4,wait_index=212,update_mode=38,update_index=3,value=3779724041} src={addr=0x657f6c73,strides=[22790,27189],nums=[50796,4920]} out={addr=0xc3e2d48b,strides=[-23614,-2792],nums=[16722,16465]} op0=logical_xor reduce_op=arith_shift_left byte_0x26=101 false_fill=0 mask_dtype=float32r src_dtype=uint64 out_dtype=uint64 fill_dtype=uint16|float4_e2m1fn_x4 accumulate=zero mask={addr=0x3e86543a,strides=[-23790,24350],nums=[16239,418]}
; CHECK: ea 10 00 00 04 d4 26 03 09 03 4a e1 73 6c 7f 65
; CHECK: 06 59 35 6a 6c c6 38 13 8b d4 e2 c3 c2 a3 18 f5
; CHECK: 52 41 51 40 0f 02 65 00 1b 01 00 05 01 00 00 00
; CHECK: 3a 54 86 3e 12 a3 1e 5f 6f 3f a2 01 00 00 00 00
0x00000040  0xea  SelectReduce  sync={wait_mode=11,wait_index=31,update_mode=37,update_index=49,value=3464384509} src={addr=0x6218929c,strides=[-27210,-6391],nums=[55701,39846]} out={addr=0x2e82b108,strides=[-28168,-30245],nums=[55277,56369]} op0=is_equal reduce_op=rsqrt byte_0x26=30 false_fill=1 mask_dtype=uint64 src_dtype=uint16|float4_e2m1fn_x4 out_dtype=float8e4|float8_e4m3fn|float8_e4m3fn_x4 fill_dtype=uint64 accumulate=add_accumulate mask={addr=0x01196334,strides=[-9057,22439],nums=[13671,33081]}
; CHECK: ea 10 00 00 0b 1f 25 31 fd 4f 7e ce 9c 92 18 62
; CHECK: b6 95 09 e7 95 d9 a6 9b 08 b1 82 2e f8 91 db 89
; CHECK: ed d7 31 dc 12 1d 1e 01 51 0e 00 01 02 00 00 00
; CHECK: 34 63 19 01 9f dc a7 57 67 35 39 81 00 00 00 00
SelectReduce  mask={addr=0x3e86543a,strides=[-23790,24350],nums=[16239,418]} accumulate=zero fill_dtype=uint16|float4_e2m1fn_x4 out_dtype=uint64 src_dtype=uint64 mask_dtype=float32r false_fill=0 byte_0x26=101 reduce_op=arith_shift_left op0=logical_xor out={addr=0xc3e2d48b,strides=[-23614,-2792],nums=[16722,16465]} src={addr=0x657f6c73,strides=[22790,27189],nums=[50796,4920]}
; CHECK: ea 10 00 00 00 00 00 00 00 00 00 00 73 6c 7f 65
; CHECK: 06 59 35 6a 6c c6 38 13 8b d4 e2 c3 c2 a3 18 f5
; CHECK: 52 41 51 40 0f 02 65 00 1b 01 00 05 01 00 00 00
; CHECK: 3a 54 86 3e 12 a3 1e 5f 6f 3f a2 01 00 00 00 00
