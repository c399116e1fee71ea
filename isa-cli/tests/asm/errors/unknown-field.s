; A field name with a letter missing: the nearest declared name is offered.
Memset  opcode=memset_const mode=0 dtyp=bfloat16 num_active_partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
