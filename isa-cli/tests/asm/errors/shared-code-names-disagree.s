; uint8|float8_e8m0fnu is one code of dtype_v2; uint8|bfloat16 names two.
Memset  opcode=memset_const mode=0 dtype=uint8|bfloat16 num_active_partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
