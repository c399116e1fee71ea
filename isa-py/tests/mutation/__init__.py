"""Field mutation of the differential tests: every record the differential strategies build is
perturbed one field at a time through the op's field table (`isa_bundles.fields`), run on the
simulator and compared with the reference of the unmutated record. A perturbation that changes
the meaning must be caught.

- `sources`: the differential strategies, drawn deterministically.
- `mutants`: the perturbations of one record, read off the field table.
- `verdict`: runs a mutant and classifies it (caught, equivalent, survivor).
- `field_mutation`: the command and its tables.
"""
