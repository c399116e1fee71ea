"""Reads a stream of bundles (or, with --word32, of 32-bit words) through the exported module
alone, prints each member as one JSON line (the dictionary the module decodes it to), and checks
that encoding each dictionary gives back the very bytes it came from."""
import json
import sys

import isa_export

words = len(sys.argv) > 2 and sys.argv[1] == "--word32"
data = open(sys.argv[-1], "rb").read()
walk = isa_export.iter_words if words else isa_export.iter_bundles
encode = isa_export.encode_word if words else isa_export.encode_bundle
width = 4 if words else 64
for i, record in enumerate(walk(data)):
    if record is None:
        print(json.dumps({"offset": i * width, "unknown": True}))
        continue
    try:
        print(json.dumps(record, separators=(",", ":")))
    except ValueError as e:
        print(json.dumps({"offset": i * width, "error": str(e)}))
        continue
    again = encode(record)
    start = record["offset"]
    if again != data[start:start + width]:
        sys.exit(f"offset {start}: encode gives {again.hex()}, not {data[start:start + width].hex()}")
