; A marker the listing does not write.
0x00000000  (junk)  bytes=00
