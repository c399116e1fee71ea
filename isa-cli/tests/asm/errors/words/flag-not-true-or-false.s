; A flag written as yes.
B.IOT  src_tile1=2 src_tile0=1 last=yes size=4KB pe_mode=1 dst_tile=0
