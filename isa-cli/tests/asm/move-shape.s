; MoveShape: samples of every field as `isa decode` lists them, then written by hand (no columns, fields reversed, the sync band left out: zero).
0x00000000  0xb2  MoveShape  sync={wait_mode=122,wait_index=4,update_mode=235,update_index=252,value=4043639767} ap_mode=234 step0=-575307851 step1=620404139 step2=2015832451 step3=-223624699 num0=3691377339 num1=2266502999 num2=3830430160 num3=3621134727
; CHECK: b2 10 00 00 7a 04 eb fc d7 0b 05 f1 00 01 01 00
; CHECK: ea 00 00 00 b5 7f b5 dd ab 9d fa 24 83 29 27 78
; CHECK: 05 c2 ab f2 bb f2 05 dc 57 17 18 87 d0 b9 4f e4
; CHECK: 87 21 d6 d7 00 00 00 00 00 00 00 00 00 00 00 00
0x00000040  0xb2  MoveShape  sync={wait_mode=70,wait_index=224,update_mode=238,update_index=249,value=2249199287} ap_mode=4 step0=-2010009519 step1=-108007060 step2=1392351374 step3=-1725792440 num0=942943159 num1=1087641792 num2=3693933949 num3=2564465428
; CHECK: b2 10 00 00 46 e0 ee f9 b7 0e 10 86 00 01 01 00
; CHECK: 04 00 00 00 51 b0 31 88 6c f1 8f f9 8e 98 fd 52
; CHECK: 48 7f 22 99 b7 2b 34 38 c0 18 d4 40 7d f5 2c dc
; CHECK: 14 a3 da 98 00 00 00 00 00 00 00 00 00 00 00 00
MoveShape  num3=3621134727 num2=3830430160 num1=2266502999 num0=3691377339 step3=-223624699 step2=2015832451 step1=620404139 step0=-575307851 ap_mode=234
; CHECK: b2 10 00 00 00 00 00 00 00 00 00 00 00 01 01 00
; CHECK: ea 00 00 00 b5 7f b5 dd ab 9d fa 24 83 29 27 78
; CHECK: 05 c2 ab f2 bb f2 05 dc 57 17 18 87 d0 b9 4f e4
; CHECK: 87 21 d6 d7 00 00 00 00 00 00 00 00 00 00 00 00
