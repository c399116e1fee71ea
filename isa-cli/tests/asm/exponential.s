; Exponential: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0x30  Exponential  opcode=exponential sync={wait_mode=194,wait_index=47,update_mode=115,update_index=172,value=3505704229} accumulator_cmd=zero input={addr=0x9ca43987,strides=[20323,-14326,20640],nums=[42717,36834,31640]} in_dtype=uint32 out_dtype=float8e3 num_active_channels=3 imm0_src=register_ap op0=abs_min op1=pow reverse=none imm1_src=register_ap imm0=3458146162 imm1=2354783909 out={addr=0xfa603238,strides=[18904,26994,18204],nums=[63390,50233,44193]}
; CHECK: 30 10 00 00 c2 2f 73 ac 25 cd f4 d0 01 00 00 00
; CHECK: 87 39 a4 9c 63 4f 0a c8 a0 50 dd a6 e2 8f 98 7b
; CHECK: 09 0d 03 02 21 1a 00 02 72 1f 1f ce a5 26 5b 8c
; CHECK: 38 32 60 fa d8 49 72 69 1c 47 9e f7 39 c4 a1 ac
0x00000040  0x30  Exponential  opcode=exponential sync={wait_mode=56,wait_index=72,update_mode=181,update_index=250,value=3944131446} accumulator_cmd=zero input={addr=0xa651fd2f,strides=[-60,17724,-2355],nums=[42439,8494,22947]} in_dtype=float8e4|float8_e4m3fn|float8_e4m3fn_x4 out_dtype=uint8|float8_e8m0fnu num_active_channels=28 imm0_src=immediate op0=arith_shift_left op1=is_le reverse=both imm1_src=physical_ap imm0=648362615 imm1=3363856588 out={addr=0x70b87e39,strides=[5891,-29588,-27070],nums=[29668,47197,26372]}
; CHECK: 30 10 00 00 38 48 b5 fa 76 ab 16 eb 01 00 00 00
; CHECK: 2f fd 51 a6 c4 ff 3c 45 cd f6 c7 a5 2e 21 a3 59
; CHECK: 0e 03 1c 00 02 15 03 01 77 3a a5 26 cc 60 80 c8
; CHECK: 39 7e b8 70 03 17 6c 8c 42 96 e4 73 5d b8 04 67
Exponential  out={addr=0xfa603238,strides=[18904,26994,18204],nums=[63390,50233,44193]} imm1=2354783909 imm0=3458146162 imm1_src=register_ap reverse=none op1=pow op0=abs_min imm0_src=register_ap num_active_channels=3 out_dtype=float8e3 in_dtype=uint32 input={addr=0x9ca43987,strides=[20323,-14326,20640],nums=[42717,36834,31640]} accumulator_cmd=zero opcode=exponential
; CHECK: 30 10 00 00 00 00 00 00 00 00 00 00 01 00 00 00
; CHECK: 87 39 a4 9c 63 4f 0a c8 a0 50 dd a6 e2 8f 98 7b
; CHECK: 09 0d 03 02 21 1a 00 02 72 1f 1f ce a5 26 5b 8c
; CHECK: 38 32 60 fa d8 49 72 69 1c 47 9e f7 39 c4 a1 ac
