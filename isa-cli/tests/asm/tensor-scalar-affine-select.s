; TensorScalarAffineSelect: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0x92  TensorScalarAffineSelect  body=288186cffe8cc5e48034f0c00ff476b81b6c2065831a8ec28698ff47ac2dfd04d28f1599c1b62f9606f24c49dac360c8309ae6e6d4d98c82f3687687
; CHECK: 92 10 00 00 28 81 86 cf fe 8c c5 e4 80 34 f0 c0
; CHECK: 0f f4 76 b8 1b 6c 20 65 83 1a 8e c2 86 98 ff 47
; CHECK: ac 2d fd 04 d2 8f 15 99 c1 b6 2f 96 06 f2 4c 49
; CHECK: da c3 60 c8 30 9a e6 e6 d4 d9 8c 82 f3 68 76 87
0x00000040  0x92  TensorScalarAffineSelect  body=c1660821b9a8378578779b17150f60aff3727ec769c86c30f8cec3385ce28ba61ebb6b5159b4be22b4692e31bdf6387b5202e1f7b9ca16cb421c1774
; CHECK: 92 10 00 00 c1 66 08 21 b9 a8 37 85 78 77 9b 17
; CHECK: 15 0f 60 af f3 72 7e c7 69 c8 6c 30 f8 ce c3 38
; CHECK: 5c e2 8b a6 1e bb 6b 51 59 b4 be 22 b4 69 2e 31
; CHECK: bd f6 38 7b 52 02 e1 f7 b9 ca 16 cb 42 1c 17 74
TensorScalarAffineSelect  body=288186cffe8cc5e48034f0c00ff476b81b6c2065831a8ec28698ff47ac2dfd04d28f1599c1b62f9606f24c49dac360c8309ae6e6d4d98c82f3687687
; CHECK: 92 10 00 00 28 81 86 cf fe 8c c5 e4 80 34 f0 c0
; CHECK: 0f f4 76 b8 1b 6c 20 65 83 1a 8e c2 86 98 ff 47
; CHECK: ac 2d fd 04 d2 8f 15 99 c1 b6 2f 96 06 f2 4c 49
; CHECK: da c3 60 c8 30 9a e6 e6 d4 d9 8c 82 f3 68 76 87
