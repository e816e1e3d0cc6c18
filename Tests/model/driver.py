#!/usr/bin/env python3
"""The differential driver (docs/TESTING-MODEL.md): seeded random configurations and API
sequences run on the library and on the reference model, every query compared and every
invariant checked after every step.

    driver.py [--seed S] [--cases N] [--steps K] [--seconds T]   a bounded run (make test-model)
    driver.py --soak SECONDS                                     random seeds until time is up
    driver.py --replay 'seed=S;case=C'                           one generated case, verbose
    driver.py --case FILE.json                                   one case file (a regression)
    driver.py --emit-cases DIR --cases N                         cases with measured cells for
                                                                 the TSan readers (model_readers.c)

Failures are reduced to a small case (shrink.py) and printed with a replay line; a failure the
issue already lists (known.py) is counted, not fatal, until its fix lands.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import sys
import time
import traceback
from typing import Dict, List, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import known  # noqa: E402
import checks  # noqa: E402
from checks import Failure  # noqa: E402
from gen import Gen  # noqa: E402
from runner import CHANGING, Run  # noqa: E402
from steps import StepGen  # noqa: E402

REGRESSIONS = os.path.join(HERE, "regressions")


def case_seed(seed: int, case: int) -> int:
    return seed * 1_000_003 + case


def isolated(body, *args):
    """Runs body(emit, *args) in a child process, so that a crash of the library (a Swift trap
    is SIGILL) is a failure with the case that caused it rather than the end of the run. The
    child emits ("config", c), ("step", s) and ("failure", f) records as it goes; returns them
    and the signal that ended the child (0 if none)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        checks.COMPARED[0] = 0
        out = os.fdopen(write, "wb")
        code = 0
        try:
            body(lambda kind, value: (pickle.dump((kind, value), out), out.flush()), *args)
        except BaseException:  # noqa: BLE001 - reported to the parent as a driver exception
            pickle.dump(
                ("failure", Failure("driver-exception", traceback.format_exc(limit=8))), out
            )
            code = 1
        out.close()
        os._exit(code)
    os.close(write)
    records = []
    with os.fdopen(read, "rb") as stream:
        while True:
            try:
                records.append(pickle.load(stream))
            except EOFError:
                break
    _, status = os.waitpid(pid, 0)
    return records, os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0


def collect(records, signal: int):
    """(config, steps, failures) from a child's records; a crash is a failure of its last step."""
    config = None
    made: List[dict] = []
    failures: List[Failure] = []
    for kind, value in records:
        if kind == "config":
            config = value
        elif kind == "step":
            made.append(value)
        elif kind == "compared":
            checks.COMPARED[0] += value
        elif kind == "failure":
            failures.append(value)
    if signal:
        last = made[-1] if made else {"op": "create"}
        failures.append(
            Failure(
                "crash",
                f"the library died with signal {signal} during {last['op']}",
                {"op": last["op"], "call": last.get("call")},
                len(made) - 1,
            )
        )
    return config, made, failures


def generate_and_run(seed: int, case: int, steps: int, full: bool = True):
    """Generates case `case` of run `seed` while running it (in a child process): the steps
    depend on the state, which the model knows. Returns (config, steps, failures)."""
    return collect(*isolated(_generate, seed, case, steps, full))


def _generate(emit, seed: int, case: int, steps: int, full: bool) -> None:
    rng = random.Random(case_seed(seed, case))
    gen = Gen(rng)
    config = gen.config()
    emit("config", config)
    run = Run(config, check_seed=case_seed(seed, case), full=full)
    reported = 0
    if run.alive:
        stepgen = StepGen(rng, gen)
        for index in range(steps):
            if not run.alive:
                break
            step = stepgen.next(run.model)
            emit("step", step)
            run.step_index = index
            try:
                run.step(step)
            except Exception as e:  # noqa: BLE001 - a crash of the driver is a finding too
                run.fail(
                    "driver-exception",
                    f"{step['op']}: {type(e).__name__}: {e}",
                    traceback=traceback.format_exc(limit=6),
                )
                break
            for f in run.failures[reported:]:
                emit("failure", f)
            reported = len(run.failures)
            if any(not known.match(f) for f in run.failures):
                break
        run.close()
    for f in run.failures[reported:]:
        emit("failure", f)
    emit("compared", checks.COMPARED[0])


#: Steps a C program replays (model_readers.c); the others only check.
REPLAYED = CHANGING | {"undo"}


def emit_cases(directory: str, seed: int, cases: int, steps: int) -> int:
    """Writes the generated cases that end with measured cells, for the thread readers."""
    os.makedirs(directory, exist_ok=True)
    written = 0
    for case in range(cases):
        records, _ = isolated(_emit_case, seed, case, steps, directory)
        written += sum(1 for kind, _ in records if kind == "written")
    return written


def _emit_case(emit, seed: int, case: int, steps: int, directory: str) -> None:
    rng = random.Random(case_seed(seed, case))
    gen = Gen(rng)
    config = gen.config()
    run = Run(config)
    if not run.alive:
        return
    run.checking = False
    stepgen = StepGen(rng, gen)
    made = []
    for index in range(steps):
        step = stepgen.next(run.model)
        if step["op"] not in REPLAYED:
            continue
        run.step_index = index
        try:
            run.step(step)
        except Exception:  # noqa: BLE001 - the checked run reports it; here the case just ends
            break
        made.append(step)
    M = run.model
    if M.container is not None and M.desc.flow is None:
        # Measured cells on several pages of the measured sizes (128 cells a page), where the
        # lookups keep what they found last (SELF-SIZING.md, "How it stays logarithmic").
        for s, section in enumerate(M.sections):
            if int(section["itemCount"]) == 0 or rng.random() < 0.3:
                continue
            for step in [
                {"op": "count", "section": s, "count": max(int(section["itemCount"]), 700)}
            ] + [
                {
                    "op": "report",
                    "section": s,
                    "item": item,
                    "size": [rng.uniform(10, 300), rng.uniform(10, 300)],
                }
                for item in range(rng.randrange(3), 700, rng.choice([97, 131, 173]))
            ]:
                try:
                    run.step(step)
                except Exception:  # noqa: BLE001
                    break
                made.append(step)
    if M.container is not None and (
        any(M.measured) or any(f is not None and f.measured for f in M.flow)
    ):
        save_case(
            os.path.join(directory, f"seed{seed}-case{case}.json"),
            config,
            made,
            f"readers on a layout with measured cells (seed={seed};case={case})",
        )
        emit("written", 1)
    run.close()


def run_case(
    config: dict, steps: List[dict], check_seed: int = 0, full: bool = True
) -> List[Failure]:
    """Runs a case (in a child process); a crash is a failure of the step it happened in."""
    return collect(*isolated(_run_case, config, steps, check_seed, full))[2]


def _run_case(emit, config: dict, steps: List[dict], check_seed: int, full: bool) -> None:
    run = Run(config, check_seed=check_seed, full=full)
    if run.alive:
        for index, step in enumerate(steps):
            if not run.alive:
                break
            run.step_index = index
            emit("step", step)
            try:
                run.step(step)
            except Exception as e:  # noqa: BLE001
                run.fail(
                    "driver-exception",
                    f"{step['op']}: {type(e).__name__}: {e}",
                    traceback=traceback.format_exc(limit=6),
                )
                break
        run.close()
    for f in run.failures:
        emit("failure", f)


def run_regressions(verbose: bool = False) -> List[str]:
    """Every case kept in regressions/: failures must all be known, and each known entry's cases
    must still show it (a fix that lands makes its entry fail until it is removed)."""
    problems: List[str] = []
    files = sorted(f for f in os.listdir(REGRESSIONS) if f.endswith(".json"))
    showing = {name: set() for name in files}
    for name in files:
        with open(os.path.join(REGRESSIONS, name)) as file:
            case = json.load(file)
        failures = run_case(case["config"], case["steps"], case.get("checkSeed", 0))
        for f in failures:
            entry = known.match(f)
            if entry is None:
                problems.append(f"regression {name}: {f}")
            else:
                showing[name].add(entry.name)
        if verbose:
            print(
                f"  {name}: {len(case['steps'])} steps, "
                f"{', '.join(sorted(showing[name])) or 'passes'}"
            )
    for entry in known.KNOWN:
        for name in entry.cases:
            if name not in showing:
                problems.append(
                    f"known.py: {entry.name} names {name}, which is not in regressions/"
                )
            elif entry.name not in showing[name]:
                problems.append(
                    f"known bug fixed, remove it from the list: defect {entry.defect} "
                    f"'{entry.name}' ({entry.what}) no longer fails in {name}"
                )
    return problems


def save_case(path: str, config: dict, steps: List[dict], note: str, check_seed: int = 0) -> None:
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as file:
        json.dump(
            {"description": note, "checkSeed": check_seed, "config": config, "steps": steps},
            file,
            indent=1,
        )
        file.write("\n")


def reduce(config, steps, failure: Failure, seconds: float, check_seed: int = 0):
    from shrink import shrink

    return shrink(config, steps, failure, lambda c, s: run_case(c, s, check_seed), seconds)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--cases", type=int, default=400)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument(
        "--seconds", type=float, default=0, help="stop starting cases after this long"
    )
    parser.add_argument("--soak", type=float, default=0, metavar="SECONDS")
    parser.add_argument("--replay", metavar="'seed=S;case=C'")
    parser.add_argument("--case", metavar="FILE")
    parser.add_argument("--no-shrink", action="store_true")
    parser.add_argument("--shrink-seconds", type=float, default=30)
    parser.add_argument(
        "--save", metavar="FILE", help="with --replay: shrink its first failure into FILE"
    )
    parser.add_argument(
        "--failures",
        default=os.path.join(HERE, "..", "..", "build", "model", "failures"),
        help="where shrunk failing cases are written",
    )
    parser.add_argument("--no-regressions", action="store_true")
    parser.add_argument("--emit-cases", metavar="DIR")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args()

    if args.replay:
        fields = dict(part.split("=") for part in args.replay.split(";") if part)
        config, steps, failures = generate_and_run(
            int(fields["seed"]), int(fields["case"]), int(fields.get("steps", args.steps))
        )
        if args.verbose:
            print(json.dumps({"config": config, "steps": steps}, indent=1))
        for f in failures:
            print(f, "(known: defect %s)" % known.match(f).defect if known.match(f) else "")
        if args.save and failures:
            check_seed = case_seed(int(fields["seed"]), int(fields["case"]))
            small, few, trials = reduce(config, steps, failures[0], args.shrink_seconds, check_seed)
            save_case(
                args.save,
                small,
                few,
                f"{failures[0].check}: {failures[0].detail}"
                f" (from seed={fields['seed']};case={fields['case']}, shrunk in {trials} runs)",
                check_seed,
            )
            print(f"saved {args.save}: {len(few)} steps")
        return 1 if any(not known.match(f) for f in failures) else 0
    if args.emit_cases:
        written = emit_cases(args.emit_cases, args.seed, args.cases, args.steps)
        print(f"model: {written} cases with measured cells in {args.emit_cases}")
        return 0
    if args.case:
        with open(args.case) as file:
            case = json.load(file)
        failures = run_case(case["config"], case["steps"], case.get("checkSeed", 0))
        for f in failures:
            entry = known.match(f)
            print(f, f"(known: {entry.name})" if entry else "")
        return 1 if any(not known.match(f) for f in failures) else 0

    start = time.monotonic()
    problems: List[str] = []
    if not args.no_regressions:
        import fixtures

        problems = fixtures.check_all()
        for problem in problems:
            print(f"FAIL the model against the fixtures: {problem}", flush=True)
        problems += run_regressions(args.verbose)
        for problem in problems:
            print(f"FAIL {problem}", flush=True)
        count = len([f for f in os.listdir(REGRESSIONS) if f.endswith(".json")])
        print(
            f"model: the fixture corpus, then {count} regression cases in Tests/model/regressions/, "
            f"{'all as expected' if not problems else f'{len(problems)} problems'}",
            flush=True,
        )
    # A soak starts from a random seed (printed with every failure); a bounded run from --seed.
    seed = random.randrange(1 << 30) if args.soak else args.seed
    stats = {"cases": 0, "steps": 0, "unsolvable": 0}
    seen: Dict[str, int] = {}
    unknown: List[Tuple[int, int, Failure]] = []
    case = 0
    budget = args.soak or args.seconds
    while True:
        if args.soak:
            if time.monotonic() - start > args.soak:
                break
            if case >= args.cases:
                seed, case = random.randrange(1 << 30), 0
        else:
            if case >= args.cases or (budget and time.monotonic() - start > budget):
                break
        config, steps, failures = generate_and_run(seed, case, args.steps)
        stats["cases"] += 1
        stats["steps"] += len(steps)
        if not steps and not failures:
            stats["unsolvable"] += 1
        first_unknown = None
        for f in failures:
            entry = known.match(f)
            if entry is not None:
                seen[entry.name] = seen.get(entry.name, 0) + 1
            else:
                unknown.append((seed, case, f))
                first_unknown = first_unknown or f
                print(f"FAIL seed={seed};case={case} {f}", flush=True)
                if args.verbose and "traceback" in f.info:
                    print(f.info["traceback"])
        if first_unknown is not None:
            print(
                f"  replay: Tests/model/driver.py --replay 'seed={seed};case={case};steps={args.steps}'"
            )
            if not args.no_shrink:
                small, few, trials = reduce(
                    config, steps, first_unknown, args.shrink_seconds, case_seed(seed, case)
                )
                path = os.path.normpath(os.path.join(args.failures, f"seed{seed}-case{case}.json"))
                save_case(
                    path,
                    small,
                    few,
                    f"{first_unknown.check}: {first_unknown.detail}"
                    f" (from seed={seed};case={case}, shrunk in {trials} runs)",
                    case_seed(seed, case),
                )
                print(
                    f"  shrunk to {len(few)} steps: Tests/model/driver.py --case {path}"
                    f" (keep it in Tests/model/regressions/ once understood)",
                    flush=True,
                )
        case += 1
    elapsed = time.monotonic() - start
    print(
        f"model: {stats['cases']} configurations, {stats['steps']} steps, "
        f"{checks.COMPARED[0]:,} answers compared in {elapsed:.0f} s "
        f"({stats['unsolvable']} configurations unsolvable at creation)"
    )
    for name, count in sorted(seen.items()):
        entry = next(e for e in known.KNOWN if e.name == name)
        print(
            f"  known failure ({'defect %d' % entry.defect if entry.defect else 'found here'}): "
            f"{name}: {count}"
        )
    return 1 if unknown or problems else 0


if __name__ == "__main__":
    sys.exit(main())
