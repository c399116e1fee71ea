; CopyPredicatedScalar: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0xe8  CopyPredicatedScalar  sync={wait_mode=186,wait_index=14,update_mode=245,update_index=245,value=2236364112} out={addr=0x8faf2f04,strides=[29567,9827,15063],nums=[14671,10700,17803]} mask_dtype=float32r out_dtype=int16 num_active_partitions=2 byte_0x29=2 mask_num_active_partitions=7 scalar=1018971452 mask={addr=0x27d2bfec,strides=[-22476,-1872,-25508],nums=[38706,29967,35389]}
; CHECK: e8 10 00 00 ba 0e f5 f5 50 35 4c 85 00 00 00 00
; CHECK: 04 2f af 8f 7f 73 63 26 d7 3a 4f 39 cc 29 8b 45
; CHECK: 0b 04 02 00 00 00 00 00 00 02 07 3c 45 bc 3c 00
; CHECK: ec bf d2 27 34 a8 b0 f8 5c 9c 32 97 0f 75 3d 8a
0x00000040  0xe8  CopyPredicatedScalar  sync={wait_mode=159,wait_index=217,update_mode=117,update_index=117,value=732080963} out={addr=0x5e44b798,strides=[27555,6306,-9432],nums=[700,3394,47285]} mask_dtype=int8 out_dtype=float8e4|float8_e4m3fn|float8_e4m3fn_x4 num_active_partitions=3 byte_0x29=2 mask_num_active_partitions=1 scalar=3261258194 mask={addr=0x3b1453fc,strides=[-24021,-21897,-6162],nums=[12425,44959,40904]}
; CHECK: e8 10 00 00 9f d9 75 75 43 ab a2 2b 00 00 00 00
; CHECK: 98 b7 44 5e a3 6b a2 18 28 db bc 02 42 0d b5 b8
; CHECK: 02 0e 03 00 00 00 00 00 00 02 01 d2 d9 62 c2 00
; CHECK: fc 53 14 3b 2b a2 77 aa ee e7 89 30 9f af c8 9f
CopyPredicatedScalar  mask={addr=0x27d2bfec,strides=[-22476,-1872,-25508],nums=[38706,29967,35389]} scalar=1018971452 mask_num_active_partitions=7 byte_0x29=2 num_active_partitions=2 out_dtype=int16 mask_dtype=float32r out={addr=0x8faf2f04,strides=[29567,9827,15063],nums=[14671,10700,17803]}
; CHECK: e8 10 00 00 00 00 00 00 00 00 00 00 00 00 00 00
; CHECK: 04 2f af 8f 7f 73 63 26 d7 3a 4f 39 cc 29 8b 45
; CHECK: 0b 04 02 00 00 00 00 00 00 02 07 3c 45 bc 3c 00
; CHECK: ec bf d2 27 34 a8 b0 f8 5c 9c 32 97 0f 75 3d 8a
