"""Writes the differential tests' coverage table (op × ALU function × dtypes) as Markdown.

    target/isa-py-venv/bin/python isa-py/tests/coverage_table.py [--profile ci|dev|deep] [-o FILE]

runs the differential property tests (test_differential_*.py) under the Hypothesis profile
(`ci` by default: fixed seed, the tests' example counts) with ISA_DIFFERENTIAL_COVERAGE set, so
that the run writes one row per op and ALU function: the dtypes and cores its examples used,
how many examples ran, how many output elements and registers were compared, and how many
examples the reference found unstated. The table goes to FILE, or to standard output.
"""

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci", choices=["ci", "dev", "deep"])
    parser.add_argument("-o", "--output", type=pathlib.Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        table = pathlib.Path(folder) / "coverage.md"
        env = dict(os.environ, ISA_HYPOTHESIS_PROFILE=args.profile, ISA_DIFFERENTIAL_COVERAGE=str(table))
        tests = sorted(str(p) for p in HERE.glob("test_differential_*.py"))
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests], env=env, cwd=HERE)
        if not table.exists():
            print("the differential tests wrote no coverage table", file=sys.stderr)
            return run.returncode or 1
        text = table.read_text()
    if args.output:
        args.output.write_text(text)
    else:
        sys.stdout.write(text)
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
