; The second line says 0x80: one bundle is missing before it.
0x00000000  0x49  Memset  opcode=memset_const mode=0 dtype=bfloat16 num_active_partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
0x00000080  0x49  Memset  opcode=memset_const mode=0 dtype=bfloat16 num_active_partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
