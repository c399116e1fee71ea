; TensorScalar: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0x93  TensorScalar  opcode=transpose_tensor_scalar_arith sync={wait_mode=238,wait_index=99,update_mode=217,update_index=141,value=270649120} accumulator_cmd=idle input={addr=0xcdb2136c,strides=[-20100,-13227,18458],nums=[39422,40261,24508]} in_dtype=int8 out_dtype=int16 num_active_channels=28 imm0_src=register_ap op0=logical_shift_left op1=is_gt reverse=both imm1_src=register_ap imm0=1154746954 imm1=1254674582 out={addr=0x7b1ff8e7,strides=[31133,83,-20857],nums=[4496,30910,15295]}
; CHECK: 93 10 00 00 ee 63 d9 8d 20 c7 21 10 00 00 00 00
; CHECK: 6c 13 b2 cd 7c b1 55 cc 1a 48 fe 99 45 9d bc 5f
; CHECK: 02 04 1c 02 10 13 03 02 4a 0a d4 44 96 d0 c8 4a
; CHECK: e7 f8 1f 7b 9d 79 53 00 87 ae 90 11 be 78 bf 3b
0x00000040  0x43  TensorScalar  opcode=tensor_scalar_arith sync={wait_mode=69,wait_index=52,update_mode=206,update_index=8,value=2520157101} accumulator_cmd=load_accumulate input={addr=0x13095b40,strides=[16183,20253,28895],nums=[46887,3794,29271]} in_dtype=uint8|float8_e8m0fnu out_dtype=uint64 num_active_channels=90 imm0_src=physical_ap op0=subtract op1=subtract reverse=second imm1_src=immediate imm0=286126894 imm1=691921819 out={addr=0x4bdff002,strides=[-9514,-21399,-15788],nums=[13786,18191,23757]}
; CHECK: 43 10 00 00 45 34 ce 08 ad 8b 36 96 04 00 00 00
; CHECK: 40 5b 09 13 37 3f 1d 4f df 70 27 b7 d2 0e 57 72
; CHECK: 03 01 5a 01 05 05 02 00 2e f3 0d 11 9b e3 3d 29
; CHECK: 02 f0 df 4b d6 da 69 ac 54 c2 da 35 0f 47 cd 5c
TensorScalar  out={addr=0x7b1ff8e7,strides=[31133,83,-20857],nums=[4496,30910,15295]} imm1=1254674582 imm0=1154746954 imm1_src=register_ap reverse=both op1=is_gt op0=logical_shift_left imm0_src=register_ap num_active_channels=28 out_dtype=int16 in_dtype=int8 input={addr=0xcdb2136c,strides=[-20100,-13227,18458],nums=[39422,40261,24508]} accumulator_cmd=idle opcode=transpose_tensor_scalar_arith
; CHECK: 93 10 00 00 00 00 00 00 00 00 00 00 00 00 00 00
; CHECK: 6c 13 b2 cd 7c b1 55 cc 1a 48 fe 99 45 9d bc 5f
; CHECK: 02 04 1c 02 10 13 03 02 4a 0a d4 44 96 d0 c8 4a
; CHECK: e7 f8 1f 7b 9d 79 53 00 87 ae 90 11 be 78 bf 3b
