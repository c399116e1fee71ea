"""What the differential examples exercised: per op, ALU function and dtypes, how many examples
ran, how many values (output elements and drained registers) were compared and how many
examples the reference left unstated. The
pytest run writes it as Markdown when `ISA_DIFFERENTIAL_COVERAGE` names a file (see
`coverage_table.py`)."""

from collections import defaultdict

#: (op, alu) -> {"dtypes": set, "cores": set, "examples": int, "elements": int, "unstated": int}
SEEN: dict = defaultdict(lambda: {"dtypes": set(), "cores": set(), "examples": 0, "elements": 0, "unstated": 0})


def record(op: str, alus, dtypes, core: str, elements: int = 0, unstated: bool = False) -> None:
    """One example of `op` using the ALU functions `alus` over `dtypes` (any operand's)."""
    for alu in alus:
        row = SEEN[(op, alu)]
        row["dtypes"].update(dtypes)
        row["cores"].add(core)
        row["examples"] += 1
        row["elements"] += elements
        row["unstated"] += int(unstated)


def markdown() -> str:
    """The table, one row per op and ALU function, sorted."""
    lines = [
        "| op | ALU function | dtypes | cores | examples | values compared | examples unstated |",
        "| --- | --- | --- | --- | ---: | ---: | ---: |",
    ]
    for (op, alu), row in sorted(SEEN.items()):
        cores = ", ".join(sorted(row["cores"]))
        dtypes = ", ".join(sorted(row["dtypes"]))
        lines.append(f"| {op} | {alu} | {dtypes} | {cores} | {row['examples']} | {row['elements']} | {row['unstated']} |")
    return "\n".join(lines) + "\n"
