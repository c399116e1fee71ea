; num_active_partitions is one byte.
Memset  opcode=memset_const mode=0 dtype=bfloat16 num_active_partitions=300 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
