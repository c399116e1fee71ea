; A member of the sync band misspelt.
Memset  opcode=memset_const sync={wait_mod=1,wait_index=0,update_mode=0,update_index=0,value=0} mode=0 dtype=bfloat16 num_active_partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
