; A dtype near no name of the table: every name of dtype_v2 is listed.
Memset  opcode=memset_const mode=0 dtype=complex128 num_active_partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
