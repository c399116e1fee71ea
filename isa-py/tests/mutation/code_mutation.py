"""Code mutation: cargo-mutants' mutants of the lowerings and of the simulator's meanings, each
built into the Python module and judged by the differential suite.

    cargo mutants --list --workspace --json -f 'isa-ops/src/*.rs' -f 'isa-sim/src/ops/*.rs' \\
        -f isa-sim/src/alu.rs -f isa-sim/src/step.rs > mutants.json
    git worktree add --detach /tmp/mutated HEAD
    CI=true target/isa-py-venv/bin/python isa-py/tests/mutation/code_mutation.py mutants.json \\
        --tree /tmp/mutated [--sample N --seed S] [--only REGEX] [--report FILE]

cargo-mutants writes each mutant as a replacement of a span of one function (a body replaced
by a default value, an operator swapped, a match arm deleted, a condition forced). The unmutated
tree must pass the suite first (a baseline, as cargo-mutants runs one). For each
mutant this script writes the replacement into the scratch tree `--tree` (a checkout of the
same sources), builds the module there (`cargo build --release -p isa-bundles`), puts the
built library in place of the installed one and runs the differential tests and the kernel
calls' tests against it (`pytest -x`, the `quick` Hypothesis profile: the `ci` seed at a
quarter of the examples, so a mutant it misses may still be caught by the full suite; the
score is a lower bound). A mutant is

- **caught** when a test fails;
- **unviable** when it does not build (cargo-mutants counts these apart too);
- a **survivor** when every test passes; each is listed with its function and replacement, to
  be killed by a new case or explained as equivalent (TESTING.md).

`--user-isa` builds examples/custom-isa's module from the same tree as well and runs its tests
beside the suite: a user's op reaches the simulator's ALU and step code through the same
functions (`alu::f32`, say) as the built-in ops, and some of it only a user's op reaches.

The installed modules are put back at the end. The tree's file is restored after each mutant.

`--command CMD` judges the mutants by a shell command run in the tree instead (caught when it
fails): the survivors of the suite are run that way through the Rust tests of the crates
(`cargo test -p isa-ops -p isa-sim -p isa-host`), which hold the validators and the refusals the
suite's valid calls never reach.
"""

import argparse
import json
import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import time
from typing import NamedTuple, Optional

HERE = pathlib.Path(__file__).resolve().parent
TESTS = HERE.parent
#: The tests a mutant runs against: the differential suite and the kernel calls. The
#: disagreements' strict expected failures count too: a mutant that makes one pass changed what
#: the simulator computes.
SUITE = sorted(str(p) for p in TESTS.glob("test_differential_*.py")) + [str(TESTS / "test_kernel_calls.py")]
CAUGHT, SURVIVOR, UNVIABLE, TIMEOUT = "caught", "survivor", "unviable", "timeout"


def installed_module(name: str) -> pathlib.Path:
    """The installed extension file of module `name`, found without importing it here."""
    code = f"import importlib.util as u; print(u.find_spec('{name}').origin)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return pathlib.Path(out.stdout.strip())


def apply(tree: pathlib.Path, mutant: dict) -> str:
    """Writes the mutant's replacement over its span; returns the file's original text."""
    path = tree / mutant["file"]
    text = path.read_text()
    lines = text.splitlines(keepends=True)
    span = mutant["span"]
    start = sum(len(l) for l in lines[: span["start"]["line"] - 1]) + span["start"]["column"] - 1
    end = sum(len(l) for l in lines[: span["end"]["line"] - 1]) + span["end"]["column"] - 1
    path.write_text(text[:start] + mutant["replacement"] + text[end:])
    return text


#: The build a mutant is judged with: the release profile, made quick to rebuild (incremental,
#: opt-level 1); the suite's verdicts do not depend on the optimisation level.
QUICK_RELEASE = {
    "CARGO_PROFILE_RELEASE_INCREMENTAL": "true",
    "CARGO_PROFILE_RELEASE_OPT_LEVEL": "1",
    "CARGO_PROFILE_RELEASE_CODEGEN_UNITS": "64",
}


#: A user's ISA of its own (examples/custom-isa): its Python module and the tests that hold its
#: op to its meaning, judged beside the built-in suite with `--user-isa`. The mutants of `alu.rs`
#: and `step.rs` reach a user's op through the same code (TensorMax's `alu::f32`, say).
USER_ISA = "examples/custom-isa/python"
USER_SUITE = sorted(str(p) for p in (TESTS.parents[1] / USER_ISA / "tests").glob("test_*.py"))
class Module(NamedTuple):
    """A Python module the driver builds from the mutated tree and installs."""

    #: The cargo package.
    package: str
    #: Its manifest in the tree (None: the workspace's).
    manifest: Optional[str]
    #: The library cargo writes.
    library: str
    #: The extension module the built library replaces.
    extension: str


MODULES = {
    "built-in": Module("isa-bundles", None, "libisa_bundles.so", "isa_bundles.isa_bundles"),
    "user": Module("custom-isa-py", f"{USER_ISA}/Cargo.toml", "libcustom_isa.so", "custom_isa.custom_isa"),
}


def build(tree: pathlib.Path, target: pathlib.Path, timeout: int, module: Module) -> bool:
    env = dict(os.environ, CARGO_TARGET_DIR=str(target), **QUICK_RELEASE)
    command = ["cargo", "build", "--quiet", "--release", "-p", module.package, "--features", "pyo3/extension-module"]
    if module.manifest:
        command += ["--manifest-path", str(tree / module.manifest)]
    try:
        return subprocess.run(command, cwd=tree, env=env, capture_output=True, timeout=timeout).returncode == 0
    except subprocess.TimeoutExpired:
        return False


def install(target: pathlib.Path, module: pathlib.Path, library: str) -> None:
    """The built library in place of the installed one, by an atomic rename."""
    staged = module.with_suffix(".staged")
    shutil.copyfile(target / "release" / library, staged)
    os.replace(staged, module)


#: The Hypothesis profile the suite judges with (`--profile`).
PROFILE = {"name": "quick"}


def run_suite(timeout: int, user: bool = False) -> tuple[str, str]:
    """The verdict, and the test that caught the mutant; `user`: the user's ISA's tests too."""
    tests = SUITE + (USER_SUITE if user else [])
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    env = dict(os.environ, CI="true", ISA_HYPOTHESIS_PROFILE=PROFILE["name"])
    try:
        done = subprocess.run(command, cwd=TESTS, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return TIMEOUT, ""
    if done.returncode == 0:
        return SURVIVOR, ""
    failed = [line for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
    return CAUGHT, (failed or [done.stdout.strip().splitlines()[-1:] or ""])[0]


def judge(mutant, tree: pathlib.Path, target: pathlib.Path, modules: dict, timeout: int, command=None) -> tuple[str, str]:
    """Builds the tree with `mutant` applied (None: the baseline, unmutated) into each of
    `modules` (per entry of `MODULES`, its installed extension file) and runs the suite, or runs
    `command` (a shell command) in the tree instead."""
    original = apply(tree, mutant) if mutant else None
    try:
        if command:
            return run_command(command, tree, target, timeout)
        for kind, installed in modules.items():
            if not build(tree, target, timeout, MODULES[kind]):
                return UNVIABLE, ""
            install(target, installed, MODULES[kind].library)
        return run_suite(timeout, "user" in modules)
    finally:
        if mutant:
            (tree / mutant["file"]).write_text(original)


def run_command(command: str, tree: pathlib.Path, target: pathlib.Path, timeout: int) -> tuple[str, str]:
    """`command` in the tree (the Rust tests of the crates, say): caught when it fails."""
    env = dict(os.environ, CARGO_TARGET_DIR=str(target), **QUICK_RELEASE)
    try:
        done = subprocess.run(command, shell=True, cwd=tree, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return TIMEOUT, ""
    if done.returncode == 0:
        return SURVIVOR, ""
    lines = done.stdout.splitlines()
    # cargo test's summary: the failed tests, indented, under a line "failures:".
    failed = [l.strip() for i, l in enumerate(lines) if l.startswith("    ") and "failures:" in lines[max(0, i - 1)]]
    return CAUGHT, (failed or [f"`{command}` exits {done.returncode}"])[0]


#: The mutants of isa-ops that are not lowering, left out by `--lowerings`: the validators and
#: the rules only they call (`Validate::check`, findings, descriptor and scalar rules), the serde and
#: lookup-table codecs and the compile-time tables (a mutant of a `const` item has no function),
#: decoding (`dispatch.rs`) and the code generator's file writer (`emit.rs`).
NOT_LOWERING = re.compile(
    r"Validate for|serde::|hex_body::|Lut for tt_alu|TtAlu::(from_name|name|is_decode_only)"
    r"|isa-ops/src/(dispatch|emit)\.rs"
    r"| in (finding|descriptor_rule|same_tag|tag_differs|element_counts|element_count_finding"
    r"|TensorScalarAddr::scalar_checks|ScalarCheck::push|start_partition|partition_band|is_bitvec_op"
    r"|MoveShape::pairs)$"
)
#: The calls the reference does not model, whose lowerings and meanings are judged apart
#: (TESTING.md): left out by `--lowerings`, and the only ones `--unmodeled` selects.
UNMODELED = re.compile(r"/(tensor_scalar_addr|tensor_scalar_cache|move_shape)\.rs$")


def lowering(mutant: dict, unmodeled: bool = False) -> bool:
    """Whether a mutant lies in a lowering function of isa-ops or in a meaning of a call, of
    the calls the reference models (or, with `unmodeled`, of those it does not)."""
    if bool(UNMODELED.search(mutant["file"])) != unmodeled:
        return False
    if not mutant["file"].startswith("isa-ops/"):
        return True
    function = mutant.get("function")
    return function is not None and not NOT_LOWERING.search(f"{mutant['name']} in {function['function_name']}")


def select(mutants: list, only: str, sample: int, seed: int, lowerings: bool = False, unmodeled: bool = False) -> list:
    picked = [m for m in mutants if re.search(only, m["name"])] if only else list(mutants)
    if lowerings or unmodeled:
        picked = [m for m in picked if lowering(m, unmodeled)]
    if sample and sample < len(picked):
        picked = random.Random(seed).sample(picked, sample)
    return sorted(picked, key=lambda m: m["name"])


def report(results: list) -> str:
    by_file: dict = {}
    for mutant, verdict, _ in results:
        row = by_file.setdefault(mutant["file"], {CAUGHT: 0, SURVIVOR: 0, UNVIABLE: 0, TIMEOUT: 0})
        row[verdict] += 1
    lines = ["| file | mutants | caught | survivors | unviable | timeouts | score |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    total = {CAUGHT: 0, SURVIVOR: 0, UNVIABLE: 0, TIMEOUT: 0}
    for name, row in sorted(by_file.items()):
        for k in total:
            total[k] += row[k]
        lines.append(_row(name, row))
    lines.append(_row("**all**", total))
    survivors = [f"- `{m['name']}`" for m, v, _ in results if v == SURVIVOR]
    return "\n".join(lines + ["", "Survivors:", ""] + (survivors or ["- none"])) + "\n"


def _row(name: str, row: dict) -> str:
    viable = row[CAUGHT] + row[SURVIVOR] + row[TIMEOUT]
    score = f"{100 * (row[CAUGHT] + row[TIMEOUT]) / viable:.1f}%" if viable else "-"
    count = sum(row.values())
    return f"| {name} | {count} | {row[CAUGHT]} | {row[SURVIVOR]} | {row[UNVIABLE]} | {row[TIMEOUT]} | {score} |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mutants", type=pathlib.Path, help="cargo mutants --list --json output")
    parser.add_argument("--tree", type=pathlib.Path, required=True, help="a scratch checkout of the same sources")
    parser.add_argument("--target", type=pathlib.Path, help="its target directory (default TREE/target)")
    parser.add_argument("--only", default="", help="a regex the mutants' names must match")
    parser.add_argument("--lowerings", action="store_true", help="of isa-ops, the lowering functions only (NOT_LOWERING), of the calls the reference models")
    parser.add_argument("--unmodeled", action="store_true", help="the same, of the calls the reference does not model (UNMODELED)")
    parser.add_argument("--sample", type=int, default=0, help="judge this many mutants, drawn with --seed")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=int, default=900, help="seconds for a build or a test run")
    parser.add_argument("--report", type=pathlib.Path, help="write the Markdown table here")
    parser.add_argument("--log", type=pathlib.Path, help="append one JSON line a judged mutant here")
    parser.add_argument("--command", help="judge by this shell command in the tree instead of the module and the suite")
    parser.add_argument("--user-isa", action="store_true", help="build examples/custom-isa's module too and run its tests beside the suite")
    parser.add_argument("--profile", default="quick", choices=["quick", "ci"], help="the suite's Hypothesis profile")
    args = parser.parse_args()
    PROFILE["name"] = args.profile
    target = args.target or args.tree / "target"
    mutants = select(json.loads(args.mutants.read_text()), args.only, args.sample, args.seed, args.lowerings, args.unmodeled)
    kinds = ["built-in"] + (["user"] if args.user_isa else [])
    modules = {} if args.command else {k: installed_module(MODULES[k].extension) for k in kinds}
    saved = {k: path.read_bytes() for k, path in modules.items()}
    results = []
    try:
        baseline, by = judge(None, args.tree, target, modules, args.timeout, args.command)
        if baseline != SURVIVOR:
            print(f"the unmutated tree does not pass the suite ({baseline}): {by}", file=sys.stderr)
            return 1
        for i, mutant in enumerate(mutants, 1):
            began = time.monotonic()
            verdict, by = judge(mutant, args.tree, target, modules, args.timeout, args.command)
            seconds = time.monotonic() - began
            results.append((mutant, verdict, seconds))
            print(f"[{i}/{len(mutants)}] {verdict:9} {seconds:5.0f} s  {mutant['name']}  {by}", flush=True)
            if args.log:
                with args.log.open("a") as log:
                    entry = {"name": mutant["name"], "verdict": verdict, "seconds": round(seconds), "by": by}
                    log.write(json.dumps(entry) + "\n")
    finally:
        for kind, path in modules.items():
            staged = path.with_suffix(".staged")
            staged.write_bytes(saved[kind])
            os.replace(staged, path)
    text = report(results)
    if args.report:
        args.report.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
