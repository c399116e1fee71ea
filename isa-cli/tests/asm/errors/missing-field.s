; Memset without its dtype: the field has no default.
Memset  opcode=memset_const mode=0 num_active_partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
