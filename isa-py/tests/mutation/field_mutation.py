"""Field mutation of the differential tests: draws cases from the differential strategies,
perturbs every field of every record they build (`mutants`), runs each mutant on the simulator
and compares it with the reference of the unmutated records (`verdict`), then prints per
strategy and per kind of perturbation how many were caught, equivalent or survived, and every
survivor with its record.

    python isa-py/tests/mutation/field_mutation.py [--cases N] [--seed S] [--only NAME ...]

score = caught / (mutants - equivalent), over the fields that carry meaning; the meaning-free
fields (`mutants.MEANING_FREE`) are counted apart. Exit status 1 when a survivor remains.
"""

import argparse
import json
import os
import random
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mutation import sources, verdict  # noqa: E402
from mutation.mutants import code_names, mutants  # noqa: E402


@dataclass
class Result:
    """One judged mutant: the strategy that built its case, the record's op, the mutant and
    its verdict, and the core the case ran on."""

    strategy: str
    op: str
    mutant: object
    verdict: verdict.Verdict
    core: str


@dataclass
class Report:
    results: list = field(default_factory=list)
    cases: Counter = field(default_factory=Counter)
    unstated: Counter = field(default_factory=Counter)

    def scored(self) -> list:
        return [r for r in self.results if not r.mutant.meaning_free and r.verdict.outcome != verdict.VOID]

    def survivors(self) -> list:
        return [r for r in self.scored() if r.verdict.outcome == verdict.SURVIVOR]

    def disagreements(self) -> list:
        return [r for r in self.results if r.verdict.disagreement]

    def score(self, strict: bool = False) -> float:
        return _score(Counter(r.verdict.outcome for r in self.scored()), strict)


def _score(counts: Counter, strict: bool = False) -> float:
    """caught / (mutants - equivalent - unjudged); `strict` counts the unjudged as survivors."""
    judged = counts[verdict.CAUGHT] + counts[verdict.SURVIVOR] + (counts[verdict.UNJUDGED] if strict else 0)
    return counts[verdict.CAUGHT] / judged if judged else 1.0


def mutate(count: int, at: int, only=None, sample=None) -> Report:
    """Draws `count` cases of each strategy (all, or those named in `only`) with seed `at` and
    judges every mutant of every record, or `sample` of each case's mutants drawn with seed
    `at`."""
    report = Report()
    pick = random.Random(at)
    for name in sources.STRATEGIES:
        if only and name not in only:
            continue
        for case in sources.draw(name, count, at):
            base = verdict.baseline(case)
            if base is None:
                report.unstated[name] += 1
                continue
            report.cases[name] += 1
            found = _mutants(base)
            if sample is not None and sample < len(found):
                found = pick.sample(found, sample)
            for index, mutant in found:
                judged = verdict.judge(base, index, mutant.record)
                report.results.append(Result(name, mutant.record["op"], mutant, judged, base.case.core))
    return report


def _mutants(base: verdict.Baseline) -> list:
    """(record index, mutant) of every perturbation of every record of the case."""
    found = []
    for index, record in enumerate(base.case.records):
        names = code_names(record["op"], base.stream[64 * index : 64 * index + 64])
        found += [(index, mutant) for mutant in mutants(record, names)]
    return found


def _table(title: str, groups: dict) -> list:
    lines = [f"| {title} | mutants | caught | equivalent | unjudged | survivors | score |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    total = Counter()
    for key in sorted(groups):
        counts = Counter(r.verdict.outcome for r in groups[key])
        total += counts
        lines.append(_row(key, counts))
    lines.append(_row("**all**", total))
    return lines


def _row(key: str, counts: Counter) -> str:
    mutants_ = sum(counts[k] for k in (verdict.CAUGHT, verdict.EQUIVALENT, verdict.UNJUDGED, verdict.SURVIVOR))
    return (
        f"| {key} | {mutants_} | {counts[verdict.CAUGHT]} | {counts[verdict.EQUIVALENT]} | "
        f"{counts[verdict.UNJUDGED]} | {counts[verdict.SURVIVOR]} | {100 * _score(counts):.1f}% |"
    )


def _group(results: list, key) -> dict:
    groups = defaultdict(list)
    for r in results:
        groups[key(r)].append(r)
    return groups


def render(report: Report, by_field: bool = False) -> str:
    """The report as Markdown: the tables (by strategy, by op, by kind of perturbation and, with
    `by_field`, by field), how mutants were caught, the meaning-free fields, the survivors, the
    unjudged mutants and the disagreements."""
    scored = report.scored()
    cases = ", ".join(f"{k} {v}" for k, v in report.cases.items())
    lines = [f"cases judged: {sum(report.cases.values())} ({cases}); cases the reference leaves unstated: {sum(report.unstated.values())}", ""]
    lines += _table("strategy", _group(scored, lambda r: r.strategy)) + [""]
    lines += _table("op", _group(scored, lambda r: r.op)) + [""]
    lines += _table("kind of perturbation", _group(scored, lambda r: r.mutant.kind)) + [""]
    if by_field:
        lines += _table("op.field", _group(scored, lambda r: f"{r.op}.{r.mutant.field.split('.')[0]}")) + [""]
    hows = Counter(r.verdict.how.split(":")[0] for r in scored if r.verdict.outcome == verdict.CAUGHT)
    lines += ["| caught by | mutants |", "| --- | ---: |"] + [f"| {k} | {v} |" for k, v in hows.most_common()] + [""]
    free = [r for r in report.results if r.mutant.meaning_free and r.verdict.outcome != verdict.VOID]
    lines += _table("meaning-free field type", _group(free, lambda r: r.mutant.type)) + [""]
    void = sum(1 for r in report.results if r.verdict.outcome == verdict.VOID)
    lines += [f"void (the same bytes as the original, not counted): {void}", ""]
    lines += [
        f"score {100 * report.score():.2f}% ({len(report.survivors())} survivors); "
        f"{100 * report.score(strict=True):.2f}% if every unjudged mutant counted as a survivor",
        "",
    ]
    lines += _listing("survivors", report.survivors())
    lines += _unjudged(report)
    lines += _listing("disagreements (caught, yet the mutated record's reference equals the original's)", report.disagreements())
    return "\n".join(lines)


def _unjudged(report: Report) -> list:
    """The unjudged mutants by field, kind and the reference's reason, with a count each."""
    groups = Counter(
        (r.strategy, r.mutant.field, r.mutant.change.split(" (")[0], r.verdict.how)
        for r in report.scored()
        if r.verdict.outcome == verdict.UNJUDGED
    )
    lines = [f"unjudged (not caught; no page states the mutated record's meaning): {sum(groups.values())}"]
    lines += [f"- {n}x [{s}] {f}: {c}; {how}" for (s, f, c, how), n in sorted(groups.items())]
    return lines + [""]


def _listing(title: str, results: list) -> list:
    lines = [f"{title}: {len(results)}"]
    for r in results:
        lines.append(f"- [{r.strategy}, core {r.core}] {r.mutant.field} ({r.mutant.kind}): {r.mutant.change}; {r.verdict.how}")
        lines.append(f"  record: {json.dumps(r.mutant.record)}")
    return lines + [""]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10, help="cases drawn per strategy (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="the Hypothesis seed of the draws (default 0)")
    parser.add_argument("--sample", type=int, help="judge this many mutants a case, drawn with the seed (default all)")
    parser.add_argument("--by-field", action="store_true", help="also print the table by op and field")
    parser.add_argument("--only", nargs="*", choices=sorted(sources.STRATEGIES), help="strategies to run (default all)")
    args = parser.parse_args(argv)
    report = mutate(args.cases, args.seed, args.only, args.sample)
    print(render(report, args.by_field))
    return 1 if report.survivors() else 0


if __name__ == "__main__":
    sys.exit(main())
