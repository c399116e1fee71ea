; ScalarTensorTensor: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0xe5  ScalarTensorTensor  opcode=tensor_tensor_scan_arith sync={wait_mode=99,wait_index=255,update_mode=227,update_index=83,value=1097730771} tensor1={addr=0xa5658e32,strides=[30598,-29338],nums=[23737,44041]} tensor0={addr=0x30dca5d9,strides=[18208,-4263],nums=[47222,61586]} op0=pow op1=bitwise_xor reverse=first scalar_src=register_ap tensor0_dtype=int64 tensor1_dtype=uint64 out_dtype=float32r num_active_channels=22 scalar_dtype=float8e5|float8_e5m2_x4 accumulator_cmd=idle out={addr=0xa74425b8,strides=[-29645,18746],nums=[6814,52907]} scalar=699040502
; CHECK: e5 10 00 00 63 ff e3 53 d3 0a 6e 41 32 8e 65 a5
; CHECK: 86 77 66 8d b9 5c 09 ac d9 a5 dc 30 20 47 59 ef
; CHECK: 76 b8 92 f0 1a 0c 01 02 1c 0b 16 0f 00 00 00 00
; CHECK: b8 25 44 a7 33 8c 3a 49 9e 1a ab ce f6 82 aa 29
0x00000040  0x9e  ScalarTensorTensor  opcode=scalar_tensor_tensor_bitvec sync={wait_mode=81,wait_index=176,update_mode=174,update_index=218,value=591746511} tensor1={addr=0xd00323fa,strides=[8994,-10890],nums=[22563,45523]} tensor0={addr=0xef3a5889,strides=[15769,21624],nums=[60932,46110]} op0=logical_or op1=subtract reverse=second scalar_src=register_ap tensor0_dtype=float8e4|float8_e4m3fn|float8_e4m3fn_x4 tensor1_dtype=int8 out_dtype=int16 num_active_channels=7 scalar_dtype=float8e3 accumulator_cmd=idle out={addr=0xd7582217,strides=[-7104,-23890],nums=[27788,63722]} scalar=172627503
; CHECK: 9e 10 00 00 51 b0 ae da cf 55 45 23 fa 23 03 d0
; CHECK: 22 23 76 d5 23 58 d3 b1 89 58 3a ef 99 3d 78 54
; CHECK: 04 ee 1e b4 0e 05 02 02 2e 04 07 0d 00 00 00 00
; CHECK: 17 22 58 d7 40 e4 ae a2 8c 6c ea f8 2f 16 4a 0a
ScalarTensorTensor  scalar=699040502 out={addr=0xa74425b8,strides=[-29645,18746],nums=[6814,52907]} accumulator_cmd=idle scalar_dtype=float8e5|float8_e5m2_x4 num_active_channels=22 out_dtype=float32r tensor1_dtype=uint64 tensor0_dtype=int64 scalar_src=register_ap reverse=first op1=bitwise_xor op0=pow tensor0={addr=0x30dca5d9,strides=[18208,-4263],nums=[47222,61586]} tensor1={addr=0xa5658e32,strides=[30598,-29338],nums=[23737,44041]} opcode=tensor_tensor_scan_arith
; CHECK: e5 10 00 00 00 00 00 00 00 00 00 00 32 8e 65 a5
; CHECK: 86 77 66 8d b9 5c 09 ac d9 a5 dc 30 20 47 59 ef
; CHECK: 76 b8 92 f0 1a 0c 01 02 1c 0b 16 0f 00 00 00 00
; CHECK: b8 25 44 a7 33 8c 3a 49 9e 1a ab ce f6 82 aa 29
