; TSHUF blocks: in assembly text (all its words from one line), and as `isa decode --word32`
; lists one: a header line, which gives no bytes, over its words. The CHECK words are seed 004's
; example block (isa-ops/src/pto's doc example; examples/tshuf.words).
BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP
; CHECK: 81 91 61 cf a3 1f 00 00 13 42 1b 08 13 00 01 00
; CHECK: 01 00 00 00
0x00000014  block  BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP
; CHECK:
0x00000014    0xcf619181  BSTART.TEPL  data_type=U32 mode=3 function=22
; CHECK: 81 91 61 cf
0x00000018    0x00001fa3  B.DATR       cmode=0 pad_value_or_byte_id=0 sat=false canonicalize=false data_type=FP64 rmode=0 layout=CUBE_M16
; CHECK: a3 1f 00 00
0x0000001c    0x081b4213  B.IOT        src_tile1=2 src_tile0=1 last=true size=4KB pe_mode=1 dst_tile=0
; CHECK: 13 42 1b 08
0x00000020    0x00010013  B.IOR        reg_src2=zero reg_src1=zero reg_src0=a0 reg_dst=zero
; CHECK: 13 00 01 00
0x00000024    0x00000001  BSTOP
; CHECK: 01 00 00 00
; A word no identity matches, and bytes after the last whole word.
0x00000028  (stray)  0xdeadbeef  (unknown)  bytes=efbeadde  ; word 0xdeadbeef is not a declared word
; CHECK: ef be ad de
0x0000002c  (trailing)  bytes=abcd
; CHECK: ab cd
