; A field name near no declared one: every field of the op is listed.
Memset  opcode=memset_const mode=0 dtype=bfloat16 partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
