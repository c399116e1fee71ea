; A raw line without its bytes= key.
0x00000000  (trailing)  0102
