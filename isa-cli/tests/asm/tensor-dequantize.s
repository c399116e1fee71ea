; TensorDequantize: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0x7b  TensorDequantize  body=f178479d0c54a2c82975ba416a1df68114db04e8484afb1a47f9ad835c00e5ffd2b06949f99b35eebdd045556ac36e4cb8c12414316dd2fdd2b54f61
; CHECK: 7b 10 00 00 f1 78 47 9d 0c 54 a2 c8 29 75 ba 41
; CHECK: 6a 1d f6 81 14 db 04 e8 48 4a fb 1a 47 f9 ad 83
; CHECK: 5c 00 e5 ff d2 b0 69 49 f9 9b 35 ee bd d0 45 55
; CHECK: 6a c3 6e 4c b8 c1 24 14 31 6d d2 fd d2 b5 4f 61
0x00000040  0x7b  TensorDequantize  body=09d6cc5c1f5f6a299028f13cb1020cde61451538cc3b84d6036a61fdc2ae60ae8e933e851d149acb6146862e9f354537aeb88cfed26eb832f9d0b6f4
; CHECK: 7b 10 00 00 09 d6 cc 5c 1f 5f 6a 29 90 28 f1 3c
; CHECK: b1 02 0c de 61 45 15 38 cc 3b 84 d6 03 6a 61 fd
; CHECK: c2 ae 60 ae 8e 93 3e 85 1d 14 9a cb 61 46 86 2e
; CHECK: 9f 35 45 37 ae b8 8c fe d2 6e b8 32 f9 d0 b6 f4
TensorDequantize  body=f178479d0c54a2c82975ba416a1df68114db04e8484afb1a47f9ad835c00e5ffd2b06949f99b35eebdd045556ac36e4cb8c12414316dd2fdd2b54f61
; CHECK: 7b 10 00 00 f1 78 47 9d 0c 54 a2 c8 29 75 ba 41
; CHECK: 6a 1d f6 81 14 db 04 e8 48 4a fb 1a 47 f9 ad 83
; CHECK: 5c 00 e5 ff d2 b0 69 49 f9 9b 35 ee bd d0 45 55
; CHECK: 6a c3 6e 4c b8 c1 24 14 31 6d d2 fd d2 b5 4f 61
