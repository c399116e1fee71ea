; CopyPredicated: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0x99  CopyPredicated  opcode=cast_predicated sync={wait_mode=184,wait_index=48,update_mode=48,update_index=68,value=2821452170} src_dtype=float8e3 mask_dtype=uint16|float4_e2m1fn_x4 out_dtype=float16 alu=29 num_active_partitions=1 out={addr=0x982a9c45,strides=[25687,-1606,-17270],nums=[26735,57137,41797]} src={addr=0xe124635d,strides=[-23092,-562,11878],nums=[32155,61617,41877]} mask={addr=0xe201c8bc,strides=[1164,14583,-17508],nums=[38763,46155,13245]}
; CHECK: 99 10 00 00 b8 30 30 44 8a f1 2b a8 5d 07 1d 01
; CHECK: 45 9c 2a 98 57 64 ba f9 8a bc 6f 68 31 df 45 a3
; CHECK: 5d 63 24 e1 cc a5 ce fd 66 2e 9b 7d b1 f0 95 a3
; CHECK: bc c8 01 e2 8c 04 f7 38 9c bb 6b 97 4b b4 bd 33
0x00000040  0x72  CopyPredicated  opcode=copy_predicated sync={wait_mode=244,wait_index=27,update_mode=71,update_index=12,value=1878602070} src_dtype=uint64 mask_dtype=uint32 out_dtype=int8 alu=25 num_active_partitions=3 out={addr=0x32fdef12,strides=[3579,-23644,-3567],nums=[52240,23920,38148]} src={addr=0x83e1595c,strides=[19202,30212,-10479],nums=[40111,41049,48327]} mask={addr=0x538947e5,strides=[11333,13861,22747],nums=[38453,2315,41170]}
; CHECK: 72 10 00 00 f4 1b 47 0c 56 31 f9 6f 91 02 19 03
; CHECK: 12 ef fd 32 fb 0d a4 a3 11 f2 10 cc 70 5d 04 95
; CHECK: 5c 59 e1 83 02 4b 04 76 11 d7 af 9c 59 a0 c7 bc
; CHECK: e5 47 89 53 45 2c 25 36 db 58 35 96 0b 09 d2 a0
CopyPredicated  mask={addr=0xe201c8bc,strides=[1164,14583,-17508],nums=[38763,46155,13245]} src={addr=0xe124635d,strides=[-23092,-562,11878],nums=[32155,61617,41877]} out={addr=0x982a9c45,strides=[25687,-1606,-17270],nums=[26735,57137,41797]} num_active_partitions=1 alu=29 out_dtype=float16 mask_dtype=uint16|float4_e2m1fn_x4 src_dtype=float8e3 opcode=cast_predicated
; CHECK: 99 10 00 00 00 00 00 00 00 00 00 00 5d 07 1d 01
; CHECK: 45 9c 2a 98 57 64 ba f9 8a bc 6f 68 31 df 45 a3
; CHECK: 5d 63 24 e1 cc a5 ce fd 66 2e 9b 7d b1 f0 95 a3
; CHECK: bc c8 01 e2 8c 04 f7 38 9c bb 6b 97 4b b4 bd 33
