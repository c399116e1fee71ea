; TensorReduceRangeCheck: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0x9c  TensorReduceRangeCheck  body=5a2d948e3a6fcdad9b5b41798e42794966071ea5277b9638fa76b536ce5d91ac326fcdbc81bd32e48a7693fdd6f4fb696dd63b19bd7d236e3383d3c0
; CHECK: 9c 10 00 00 5a 2d 94 8e 3a 6f cd ad 9b 5b 41 79
; CHECK: 8e 42 79 49 66 07 1e a5 27 7b 96 38 fa 76 b5 36
; CHECK: ce 5d 91 ac 32 6f cd bc 81 bd 32 e4 8a 76 93 fd
; CHECK: d6 f4 fb 69 6d d6 3b 19 bd 7d 23 6e 33 83 d3 c0
0x00000040  0x9c  TensorReduceRangeCheck  body=3684754972db615447f2c6e5f3621a7012b086b387001426a9ac69aad09b7ab0c610bdb5eb3c76b42f6efbb54d470551c40defd7a605e3f6e789ca1a
; CHECK: 9c 10 00 00 36 84 75 49 72 db 61 54 47 f2 c6 e5
; CHECK: f3 62 1a 70 12 b0 86 b3 87 00 14 26 a9 ac 69 aa
; CHECK: d0 9b 7a b0 c6 10 bd b5 eb 3c 76 b4 2f 6e fb b5
; CHECK: 4d 47 05 51 c4 0d ef d7 a6 05 e3 f6 e7 89 ca 1a
TensorReduceRangeCheck  body=5a2d948e3a6fcdad9b5b41798e42794966071ea5277b9638fa76b536ce5d91ac326fcdbc81bd32e48a7693fdd6f4fb696dd63b19bd7d236e3383d3c0
; CHECK: 9c 10 00 00 5a 2d 94 8e 3a 6f cd ad 9b 5b 41 79
; CHECK: 8e 42 79 49 66 07 1e a5 27 7b 96 38 fa 76 b5 36
; CHECK: ce 5d 91 ac 32 6f cd bc 81 bd 32 e4 8a 76 93 fd
; CHECK: d6 f4 fb 69 6d d6 3b 19 bd 7d 23 6e 33 83 d3 c0
