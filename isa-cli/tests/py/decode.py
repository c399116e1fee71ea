"""Reads streams of bundles (or, with --word32, of 32-bit words, each on its own) through the
exported module alone and prints, for each FILE in turn, a line `# FILE` and then every record
it decodes to as one JSON line (a member's dictionary, or a raw record for bytes the decoder
refuses and for trailing bytes); checks that encoding each record gives back the very bytes it
came from, and the records together the whole stream."""
import json
import sys

import isa_export

words = len(sys.argv) > 1 and sys.argv[1] == "--word32"
walk = isa_export.iter_words if words else isa_export.iter_bundles
encode = isa_export.encode_word if words else isa_export.encode_bundle
encode_all = isa_export.encode_words if words else isa_export.encode_bundles
for path in sys.argv[2 if words else 1:]:
    data = open(path, "rb").read()
    records = list(walk(data))
    print(f"# {path}")
    for record in records:
        print(json.dumps(record, separators=(",", ":"), ensure_ascii=False))
        again = encode(record)
        start = record["offset"]
        if not again or again != data[start:start + len(again)]:
            sys.exit(f"{path}@{start}: encode gives {again.hex()}, not {data[start:start + len(again)].hex()}")
    if encode_all(records) != data:
        sys.exit(f"{path}: the records do not encode back to the stream")
