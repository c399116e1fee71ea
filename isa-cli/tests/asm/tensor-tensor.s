; TensorTensor: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0x8a  TensorTensor  opcode=tensor_tensor_int32_eng4 sync={wait_mode=253,wait_index=177,update_mode=53,update_index=46,value=2586589918} in0_dtype=float8e5|float8_e5m2_x4 in1_dtype=float8e4|float8_e4m3fn|float8_e4m3fn_x4 out_dtype=bfloat16 alu=logical_shift_right num_active_partitions=3 out={addr=0x82f1eff7,strides=[22531,-19713,14018],nums=[51986,9679,43789]} in0={addr=0xd68d9020,strides=[-15354,-11703,-22190],nums=[35616,14605,64710]} in1={addr=0x436d978b,strides=[9273,16688,16219],nums=[25457,17076,49951]}
; CHECK: 8a 10 00 00 fd b1 35 2e de 3a 2c 9a ef 06 11 03
; CHECK: f7 ef f1 82 03 58 ff b2 c2 36 12 cb cf 25 0d ab
; CHECK: 20 90 8d d6 06 c4 49 d2 52 a9 20 8b 0d 39 c6 fc
; CHECK: 8b 97 6d 43 39 24 30 41 5b 3f 71 63 b4 42 1f c3
0x00000040  0x41  TensorTensor  opcode=tensor_tensor sync={wait_mode=33,wait_index=235,update_mode=201,update_index=218,value=3169905109} in0_dtype=uint16|float4_e2m1fn_x4 in1_dtype=float8e4|float8_e4m3fn|float8_e4m3fn_x4 out_dtype=float16 alu=min num_active_partitions=4 out={addr=0x7b2e9be7,strides=[-19818,30630,1909],nums=[35881,15354,65330]} in0={addr=0x5d8b9fb8,strides=[3188,9704,27557],nums=[36953,56052,4531]} in1={addr=0xed85dceb,strides=[-19573,22312,-25019],nums=[11618,26317,50416]}
; CHECK: 41 10 00 00 21 eb c9 da d5 e9 f0 bc e5 07 09 04
; CHECK: e7 9b 2e 7b 96 b2 a6 77 75 07 29 8c fa 3b 32 ff
; CHECK: b8 9f 8b 5d 74 0c e8 25 a5 6b 59 90 f4 da b3 11
; CHECK: eb dc 85 ed 8b b3 28 57 45 9e 62 2d cd 66 f0 c4
TensorTensor  in1={addr=0x436d978b,strides=[9273,16688,16219],nums=[25457,17076,49951]} in0={addr=0xd68d9020,strides=[-15354,-11703,-22190],nums=[35616,14605,64710]} out={addr=0x82f1eff7,strides=[22531,-19713,14018],nums=[51986,9679,43789]} num_active_partitions=3 alu=logical_shift_right out_dtype=bfloat16 in1_dtype=float8e4|float8_e4m3fn|float8_e4m3fn_x4 in0_dtype=float8e5|float8_e5m2_x4 opcode=tensor_tensor_int32_eng4
; CHECK: 8a 10 00 00 00 00 00 00 00 00 00 00 ef 06 11 03
; CHECK: f7 ef f1 82 03 58 ff b2 c2 36 12 cb cf 25 0d ab
; CHECK: 20 90 8d d6 06 c4 49 d2 52 a9 20 8b 0d 39 c6 fc
; CHECK: 8b 97 6d 43 39 24 30 41 5b 3f 71 63 b4 42 1f c3
