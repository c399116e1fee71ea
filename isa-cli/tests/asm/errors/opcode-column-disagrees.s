; The opcode column says 0x4d (memset_random); the fields say memset_const.
0x00000000  0x4d  Memset  opcode=memset_const mode=0 dtype=bfloat16 num_active_partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
