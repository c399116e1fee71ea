; TensorScalarAddr: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0x74  TensorScalarAddr  sync={wait_mode=54,wait_index=23,update_mode=40,update_index=182,value=742849520} input={addr=0x711aaea2,strides=[-523,-1305],nums=[7166,63780]} in_dtype=int32 out_dtype=bfloat16 scalar0_src=immediate op0=logical_and op1=logical_shift_right reverse=first scalar1_src=register_ap scalar0=3582939055 num_active_channels=57 out={addr=0x514a2846,strides=[-31064,-6144],nums=[65188,63871]} scalar1=2926573353
; CHECK: 74 10 00 00 36 17 28 b6 f0 fb 46 2c 00 00 00 00
; CHECK: a2 ae 1a 71 f5 fd e7 fa fe 1b 24 f9 00 00 00 00
; CHECK: 08 06 00 00 0d 11 01 02 af 4f 8f d5 00 00 39 00
; CHECK: 46 28 4a 51 a8 86 00 e8 a4 fe 7f f9 29 f7 6f ae
0x00000040  0x74  TensorScalarAddr  sync={wait_mode=204,wait_index=18,update_mode=128,update_index=234,value=1762086282} input={addr=0xf50a2dd7,strides=[-2984,-31105],nums=[47302,8087]} in_dtype=float32r out_dtype=float8e4|float8_e4m3fn|float8_e4m3fn_x4 scalar0_src=register_ap op0=is_ge op1=arith_shift_right reverse=none scalar1_src=immediate scalar0=1600577336 num_active_channels=1 out={addr=0x15e8e5d8,strides=[-23928,22177],nums=[16039,33319]} scalar1=588506364
; CHECK: 74 10 00 00 cc 12 80 ea 8a 4d 07 69 00 00 00 00
; CHECK: d7 2d 0a f5 58 f4 7f 86 c6 b8 97 1f 00 00 00 00
; CHECK: 0b 0e 00 02 14 03 00 00 38 df 66 5f 00 00 01 00
; CHECK: d8 e5 e8 15 88 a2 a1 56 a7 3e 27 82 fc e4 13 23
TensorScalarAddr  scalar1=2926573353 out={addr=0x514a2846,strides=[-31064,-6144],nums=[65188,63871]} num_active_channels=57 scalar0=3582939055 scalar1_src=register_ap reverse=first op1=logical_shift_right op0=logical_and scalar0_src=immediate out_dtype=bfloat16 in_dtype=int32 input={addr=0x711aaea2,strides=[-523,-1305],nums=[7166,63780]}
; CHECK: 74 10 00 00 00 00 00 00 00 00 00 00 00 00 00 00
; CHECK: a2 ae 1a 71 f5 fd e7 fa fe 1b 24 f9 00 00 00 00
; CHECK: 08 06 00 00 0d 11 01 02 af 4f 8f d5 00 00 39 00
; CHECK: 46 28 4a 51 a8 86 00 e8 a4 fe 7f f9 29 f7 6f ae
