; Raw bytes with a letter that is not a hex digit.
0x00000000  (trailing)  bytes=0g  ; a hand-written tail
