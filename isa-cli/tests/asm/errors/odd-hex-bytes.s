; Raw bytes with half a byte.
0x00000000  (trailing)  bytes=abc
