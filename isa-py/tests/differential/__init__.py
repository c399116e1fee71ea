"""Differential property tests: random bundles run on the simulator (through `isa_bundles`) and
on the independent reference (`reference`), compared element by element.

- `values`: random element values of every dtype, special values included.
- `layout`: operands (dtype, memory, partitions, access pattern) placed in disjoint spans.
- `harness`: loads a case into a fresh `Machine` and into the reference's memory, runs both and
  compares every output walk, printing a reproducer on a mismatch.
- `coverage`: what the examples exercised, as the Markdown table `coverage_table.py` writes.
"""
