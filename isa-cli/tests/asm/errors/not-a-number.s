; A count written as a word.
Memset  opcode=memset_const mode=0 dtype=bfloat16 num_active_partitions=all fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
