; The opcode column of a (bad) line is its first byte.
0x00000000  0x41  (bad)  bytes=421000
