; pe_mode is three bits wide.
B.IOT  src_tile1=2 src_tile0=1 last=true size=4KB pe_mode=9 dst_tile=0
