; A value left empty.
Memset  opcode=memset_const mode= dtype=bfloat16 num_active_partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
