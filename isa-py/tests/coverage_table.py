"""Writes the differential tests' coverage table (op × ALU function × dtypes) as Markdown.

    target/isa-py-venv/bin/python isa-py/tests/coverage_table.py [--profile ci|dev|deep] [-o FILE] [--readme]

runs the differential property tests (test_differential_*.py, and examples/custom-isa's) under the Hypothesis profile
(`ci` by default: fixed seed, the tests' example counts) with ISA_DIFFERENTIAL_COVERAGE set, so
that the run writes one row per op and ALU function: the dtypes and cores its examples used,
how many examples ran, how many output elements and registers were compared, and how many
examples the reference found unstated. The table goes to FILE, or to standard output; with
--readme it replaces the table between the README's coverage markers.
"""

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
README = HERE.parents[1] / "README.md"
#: The user's ISA's differential tests (examples/custom-isa's module must be installed).
USER = HERE.parents[1] / "examples" / "custom-isa" / "python" / "tests"
BEGIN, END = "<!-- coverage:begin -->", "<!-- coverage:end -->"


def into_readme(table: str) -> None:
    """Replaces what lies between the README's coverage markers with `table`."""
    text = README.read_text()
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    README.write_text(f"{head}{BEGIN}\n\n{table}\n{END}{tail}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci", choices=["ci", "dev", "deep"])
    parser.add_argument("-o", "--output", type=pathlib.Path)
    parser.add_argument("--readme", action="store_true", help="write the table into README.md")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        table = pathlib.Path(folder) / "coverage.md"
        env = dict(os.environ, ISA_HYPOTHESIS_PROFILE=args.profile, ISA_DIFFERENTIAL_COVERAGE=str(table))
        tests = [str(p) for d in (HERE, USER) for p in sorted(d.glob("test_differential_*.py"))]
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests], env=env, cwd=HERE)
        if not table.exists():
            print("the differential tests wrote no coverage table", file=sys.stderr)
            return run.returncode or 1
        text = table.read_text()
    if args.readme:
        into_readme(text)
    if args.output:
        args.output.write_text(text)
    elif not args.readme:
        sys.stdout.write(text)
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
