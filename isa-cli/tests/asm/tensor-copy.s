; TensorCopy: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0x46  TensorCopy  opcode=tensor_copy sync={wait_mode=84,wait_index=115,update_mode=199,update_index=82,value=3182933919} src={addr=0x66bac46b,strides=[-9492,-7470,22728,3167],nums=[23845,15963,55085,22406]} src_dtype=uint8|float8_e8m0fnu dst_dtype=int8 num_active_partitions=69 dst={addr=0xc5e64f1f,strides=[10925,495,-18177,-28146],nums=[56938,54557,24676,42861]}
; CHECK: 46 10 00 00 54 73 c7 52 9f b7 b7 bd 6b c4 ba 66
; CHECK: ec da d2 e2 c8 58 5f 0c 25 5d 5b 3e 2d d7 86 57
; CHECK: 03 02 45 00 00 00 00 00 00 00 00 00 1f 4f e6 c5
; CHECK: ad 2a ef 01 ff b8 0e 92 6a de 1d d5 64 60 6d a7
0x00000040  0x47  TensorCopy  opcode=tensor_copy_cast sync={wait_mode=192,wait_index=12,update_mode=30,update_index=144,value=1237767856} src={addr=0xce2bf135,strides=[-14431,-22471,-11624,1143],nums=[35033,40951,9622,45199]} src_dtype=uint32 dst_dtype=uint64 num_active_partitions=156 dst={addr=0x65edd274,strides=[-11227,-4710,-24329,4866],nums=[36535,1261,9362,16620]}
; CHECK: 47 10 00 00 c0 0c 1e 90 b0 d6 c6 49 35 f1 2b ce
; CHECK: a1 c7 39 a8 98 d2 77 04 d9 88 f7 9f 96 25 8f b0
; CHECK: 09 01 9c 00 00 00 00 00 00 00 00 00 74 d2 ed 65
; CHECK: 25 d4 9a ed f7 a0 02 13 b7 8e ed 04 92 24 ec 40
TensorCopy  dst={addr=0xc5e64f1f,strides=[10925,495,-18177,-28146],nums=[56938,54557,24676,42861]} num_active_partitions=69 dst_dtype=int8 src_dtype=uint8|float8_e8m0fnu src={addr=0x66bac46b,strides=[-9492,-7470,22728,3167],nums=[23845,15963,55085,22406]} opcode=tensor_copy
; CHECK: 46 10 00 00 00 00 00 00 00 00 00 00 6b c4 ba 66
; CHECK: ec da d2 e2 c8 58 5f 0c 25 5d 5b 3e 2d d7 86 57
; CHECK: 03 02 45 00 00 00 00 00 00 00 00 00 1f 4f e6 c5
; CHECK: ad 2a ef 01 ff b8 0e 92 6a de 1d d5 64 60 6d a7
