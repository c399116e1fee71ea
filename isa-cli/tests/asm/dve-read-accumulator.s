; DveReadAccumulator: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0x9b  DveReadAccumulator  body=445f3491db237ba29135e28b8b52982af3a639cc4dd341c8066e053bc79b43b92efadb721deda7b800d451f7b578f5cc4c2780048743d36c26162d24
; CHECK: 9b 10 00 00 44 5f 34 91 db 23 7b a2 91 35 e2 8b
; CHECK: 8b 52 98 2a f3 a6 39 cc 4d d3 41 c8 06 6e 05 3b
; CHECK: c7 9b 43 b9 2e fa db 72 1d ed a7 b8 00 d4 51 f7
; CHECK: b5 78 f5 cc 4c 27 80 04 87 43 d3 6c 26 16 2d 24
0x00000040  0x9b  DveReadAccumulator  body=2815b5509aeb3e824cf2b40b7c106cd7200bc11468e768463dc348b6028e79905a94372c3a67ba7ae5ed4d38568237214d0ebcd27f8e1898268f0e81
; CHECK: 9b 10 00 00 28 15 b5 50 9a eb 3e 82 4c f2 b4 0b
; CHECK: 7c 10 6c d7 20 0b c1 14 68 e7 68 46 3d c3 48 b6
; CHECK: 02 8e 79 90 5a 94 37 2c 3a 67 ba 7a e5 ed 4d 38
; CHECK: 56 82 37 21 4d 0e bc d2 7f 8e 18 98 26 8f 0e 81
DveReadAccumulator  body=445f3491db237ba29135e28b8b52982af3a639cc4dd341c8066e053bc79b43b92efadb721deda7b800d451f7b578f5cc4c2780048743d36c26162d24
; CHECK: 9b 10 00 00 44 5f 34 91 db 23 7b a2 91 35 e2 8b
; CHECK: 8b 52 98 2a f3 a6 39 cc 4d d3 41 c8 06 6e 05 3b
; CHECK: c7 9b 43 b9 2e fa db 72 1d ed a7 b8 00 d4 51 f7
; CHECK: b5 78 f5 cc 4c 27 80 04 87 43 d3 6c 26 16 2d 24
