; The listing's syntax, written by hand; the CHECK bytes are those of examples/kernel.bin.
#
# The first bundle of the kernel: a decimal offset, no opcode column, the sync band left out
# (the kernel's is zero), numbers in hex and decimal, blanks around `,` and the brackets and
# inside a nested value around `=`.
0   Memset  opcode=memset_const  mode=0 dtype=bfloat16 num_active_partitions=0x80 fill=0 dst={ addr = 9216, strides=[1, 1, 1, 1], nums=[0x200,1,1,1] }  ; fill
; CHECK: 49 10 00 00 00 00 00 00 00 00 00 00 00 00 00 00
; CHECK: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
; CHECK: 06 00 80 00 00 00 00 00 00 00 00 00 00 24 00 00
; CHECK: 01 00 01 00 01 00 01 00 00 02 01 00 01 00 01 00

; A JSON Lines record among listing lines: the kernel's second bundle.
{"op":"TensorCopy","opcode":"tensor_copy","sync":{"wait_mode":1,"wait_index":0,"update_mode":0,"update_index":0,"value":1},"src":{"addr":0,"strides":[1,1,1,1],"nums":[512,1,1,1]},"src_dtype":"float32","dst_dtype":"float32","num_active_partitions":128,"dst":{"addr":5120,"strides":[1,1,1,1],"nums":[512,1,1,1]}}
; CHECK: 46 10 00 00 01 00 00 00 01 00 00 00 00 00 00 00
; CHECK: 01 00 01 00 01 00 01 00 00 02 01 00 01 00 01 00
; CHECK: 0a 0a 80 00 00 00 00 00 00 00 00 00 00 14 00 00
; CHECK: 01 00 01 00 01 00 01 00 00 02 01 00 01 00 01 00

; The third bundle written as raw bytes, with the opcode column.
0x80  0xe8  (bad)  bytes=e8100000010000000100000000000000001400000100010001000002010001000a0a800000000000000080000080ff0000080000010001000100000201000100  ; written whole
; CHECK: e8 10 00 00 01 00 00 00 01 00 00 00 00 00 00 00
; CHECK: 00 14 00 00 01 00 01 00 01 00 00 02 01 00 01 00
; CHECK: 0a 0a 80 00 00 00 00 00 00 00 80 00 00 80 ff 00
; CHECK: 00 08 00 00 01 00 01 00 01 00 00 02 01 00 01 00

; A shared code of dtype_v2 by its second name: float8_e8m0fnu is 0x03, as uint8 is.
Memset opcode=memset_const mode=0 dtype=float8_e8m0fnu num_active_partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
; CHECK: 49 10 00 00 00 00 00 00 00 00 00 00 00 00 00 00
; CHECK: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
; CHECK: 03 00 80 00 00 00 00 00 00 00 00 00 00 24 00 00
; CHECK: 01 00 01 00 01 00 01 00 00 02 01 00 01 00 01 00

; The same code by both its names, canonical first, as the listing writes it.
Memset opcode=memset_const mode=0 dtype=uint8|float8_e8m0fnu num_active_partitions=128 fill=0 dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}
; CHECK: 49 10 00 00 00 00 00 00 00 00 00 00 00 00 00 00
; CHECK: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
; CHECK: 03 00 80 00 00 00 00 00 00 00 00 00 00 24 00 00
; CHECK: 01 00 01 00 01 00 01 00 00 02 01 00 01 00 01 00

; Bytes after the last bundle.
0x140  (trailing)  bytes=0102
; CHECK: 01 02
