"""Reads a stream of bundles (or, with --word32, of 32-bit words, each on its own) through the
exported module alone, prints every record it decodes to as one JSON line (a member's
dictionary, or a raw record for bytes the decoder refuses and for trailing bytes), and checks
that encoding each record gives back the very bytes it came from, and the records together the
whole stream."""
import json
import sys

import isa_export

words = len(sys.argv) > 2 and sys.argv[1] == "--word32"
data = open(sys.argv[-1], "rb").read()
walk = isa_export.iter_words if words else isa_export.iter_bundles
encode = isa_export.encode_word if words else isa_export.encode_bundle
encode_all = isa_export.encode_words if words else isa_export.encode_bundles
records = list(walk(data))
for record in records:
    print(json.dumps(record, separators=(",", ":"), ensure_ascii=False))
    again = encode(record)
    start = record["offset"]
    if again != data[start:start + len(again)] or not again:
        sys.exit(f"offset {start}: encode gives {again.hex()}, not {data[start:start + len(again)].hex()}")
if encode_all(records) != data:
    sys.exit("the records do not encode back to the stream")
