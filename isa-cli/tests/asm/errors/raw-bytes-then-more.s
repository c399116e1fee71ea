; Raw bytes followed by more than a comment.
0x00000000  (trailing)  bytes=0102 0304
