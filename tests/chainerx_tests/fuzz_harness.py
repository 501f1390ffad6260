"""A fuzz harness for chainerx's public callables: random bad and edge arguments, in batches of calls that each
run in a child process, so that a call that crashes or hangs the process is caught and reduced to one call.

    python fuzz_harness.py --calls 100000 --seed 0 --jobs 2 --timeout 10

chainerx must be importable (tools/fuzz.sh stages the built package). A call may raise any exception: the
report counts them by class, and counts on their own the RuntimeErrors of pybind11's failed casts ("Unable to
cast ..."), which should be TypeErrors. A child that dies (a signal, an exit) or whose call makes no progress
for --timeout seconds is a crash or a hang: the parent replays the call alone in a fresh child to confirm it,
widening to the calls before it when it needs them, and prints a one-line reproducer for each distinct
(callable, signal) (or (value, signal) when building or dropping an argument crashed; --replay reruns calls).
The exit status is 1 when there is one. Children run in a temporary directory, with their address space
limited (--memory), and the values touch no file outside it and no network.
"""

import argparse
import collections
import dataclasses
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import typing as tp

import fuzz_calls

_HERE = os.path.abspath(__file__)
_STARTUP_TIMEOUT = 120.0  # seconds for a child to import chainerx
_PHASES = {'a': 'arg', 'c': 'call', 'd': 'drop', '=': 'after'}  # the child's progress records


@dataclasses.dataclass
class Death:
    """Where and how a child ended other than by finishing: the call; the phase, 'arg' (building a value),
    'call', 'drop' (a value, after the call), 'after' (restoring state) or 'exit' (garbage collection after the
    last call); the value's position; and the cause ('SIGSEGV', 'exit 1', 'hang')."""
    index: tp.Optional[int]
    phase: str
    position: tp.Optional[int]
    cause: str


class Ended(tp.NamedTuple):
    """What a child left: its progress records, its death (None when it finished) and its stderr."""
    records: tp.List[tp.List[str]]
    death: tp.Optional[Death]
    stderr: str


@dataclasses.dataclass
class Incident:
    """The crashes or hangs of one key (callable, cause): the first of them, reduced to a reproducer."""
    death: Death
    ran: tp.List[int]  # the indices the child had run up to the death, the death's included
    count: int = 0
    stderr: str = ''
    reproducer: str = ''
    confirmed: str = ''  # 'alone', 'with N earlier calls', 'neither alone nor ...' or 'after these calls'


@dataclasses.dataclass
class Report:
    calls: int = 0
    outcomes: tp.Counter[str] = dataclasses.field(default_factory=collections.Counter)
    casts: tp.Counter[str] = dataclasses.field(default_factory=collections.Counter)
    cast_examples: tp.Dict[str, int] = dataclasses.field(default_factory=dict)
    incidents: tp.Dict[tp.Tuple[str, str], Incident] = dataclasses.field(default_factory=dict)
    avoided: tp.List[str] = dataclasses.field(default_factory=list)  # see Options.avoid
    uses: tp.Counter[str] = dataclasses.field(default_factory=collections.Counter)  # calls using each value
    fatal: tp.Counter[str] = dataclasses.field(default_factory=collections.Counter)  # of them, crashes or hangs


@dataclasses.dataclass
class Options:
    seed: int = 0
    jobs: int = 2
    timeout: float = 10.0
    memory_gib: float = 4.0
    table: str = 'fuzz_calls:build_table'
    workdir: str = ''
    # Values that crashed or hung in AVOID_AFTER calls and in 1/4 of the calls that used them (building or
    # dropping them, or in a call they were passed to): the calls still to come that use them are skipped,
    # because each hang costs `timeout` seconds and each crash a new child.
    avoid: tp.List[str] = dataclasses.field(default_factory=list)
    verbose: bool = False  # print the progress to stderr every tenth of the run


AVOID_AFTER = 3


class ChildProcess:
    """A child running some calls; `poll` returns None while it runs, and kills it once it hangs."""

    def __init__(self, indices: tp.Sequence[int], options: Options) -> None:
        self.indices = list(indices)
        self.options = options
        fd, self.progress = tempfile.mkstemp(dir=options.workdir, suffix='.progress')
        os.close(fd)
        self.stderr_path = self.progress[:-len('.progress')] + '.stderr'
        command = [sys.executable, _HERE, '--child', '--seed', str(options.seed), '--table', options.table,
                   '--memory', str(options.memory_gib), '--progress', self.progress,
                   '--run', fuzz_calls.format_indices(self.indices)]
        if options.avoid:
            with open(self.progress[:-len('.progress')] + '.avoid', 'w') as avoid:
                json.dump(options.avoid, avoid)
            command += ['--avoid', avoid.name]
        with open(self.stderr_path, 'wb') as stderr:
            self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                            stderr=stderr, cwd=options.workdir, env=_child_env())
        self.size, self.since, self.hung = 0, time.monotonic(), False

    def poll(self) -> tp.Optional[Ended]:
        """None while the child runs; once it has ended, what it left."""
        if self.process.poll() is None:
            size, now = os.path.getsize(self.progress), time.monotonic()
            if size != self.size:
                self.size, self.since = size, now
                return None
            if now - self.since <= (self.options.timeout if size else _STARTUP_TIMEOUT):
                return None
            self.process.kill()
            self.process.wait()
            self.hung = True
        with open(self.progress) as progress:
            records = [line.split() for line in progress if line.endswith('\n')]
        with open(self.stderr_path, errors='replace') as stderr:
            stderr_text = stderr.read()
        for path in (self.progress, self.stderr_path, self.progress[:-len('.progress')] + '.avoid'):
            if os.path.exists(path):
                os.unlink(path)
        return Ended(records, self._death(records, stderr_text), stderr_text)

    def _death(self, records: tp.List[tp.List[str]], stderr_text: str) -> tp.Optional[Death]:
        code = self.process.returncode
        if not self.hung and code == 0 and records and records[-1] == ['gc']:
            return None
        if not records:
            raise RuntimeError(f'fuzz child failed to start (exit {code}):\n{stderr_text[-3000:]}')
        cause = 'hang' if self.hung else (signal.Signals(-code).name if code < 0 else f'exit {code}')
        last = records[-1]
        if last[0] in _PHASES:
            return Death(int(last[1]), _PHASES[last[0]], int(last[2]) if len(last) == 3 else None, cause)
        return Death(None, 'exit', None, cause)

    def wait(self) -> Ended:
        while True:
            result = self.poll()
            if result is not None:
                return result
            time.sleep(0.02)


def _child_env() -> tp.Dict[str, str]:
    """This process's environment, with its module search path: chainerx may have come from PYTHONPATH, a
    staging directory that is the working directory, or Bazel's runfiles."""
    path = [os.path.abspath(entry or '.') for entry in sys.path]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(path), PYTHONDONTWRITEBYTECODE='1',
                PYTHONFAULTHANDLER='1')


def _calls(table: tp.Sequence[fuzz_calls.Entry]) -> tp.Any:
    """The module that makes a table's calls (make_call, with_imports, child_main): fuzz_calls, or the one a table
    names as its `calls` (tests/chainer_tests/fuzz_chainer_calls.py's, whose calls take chainer's values)."""
    return getattr(table, 'calls', fuzz_calls)


def _key(table: tp.Sequence[fuzz_calls.Entry], seed: int, death: Death) -> tp.Tuple[str, str]:
    if death.index is None:
        return '<garbage collection after the last call>', death.cause
    call = _calls(table).make_call(table, seed, death.index)
    if death.phase in ('arg', 'drop'):
        return f"<{'building' if death.phase == 'arg' else 'dropping'} {_crashing_value(call, death)}>", death.cause
    return call.entry.name, death.cause


def _crashing_value(call: fuzz_calls.Call, death: Death) -> str:
    return ([call.receiver] + list(call.args) + [recipe for _, recipe in call.kwargs])[death.position or 0] or ''


def _tally(report: Report, table: tp.Sequence[fuzz_calls.Entry], options: Options, batch: tp.Sequence[int],
           ended: Ended) -> tp.List[int]:
    """Adds an ended child's calls to the report; returns the indices of the batch it did not reach."""
    death = ended.death
    for record in ended.records:
        if record[0] == '=':
            report.calls += 1
            report.outcomes[record[2]] += 1
            if record[2] == '!cast':
                report.casts[record[3]] += 1
                report.cast_examples.setdefault(record[3], int(record[1]))
            if record[2] != 'skipped':
                report.uses.update(_values(_calls(table).make_call(table, options.seed, int(record[1]))))
    if death is None:
        return []
    ran = [index for index in batch if death.index is None or index <= death.index]
    if death.index is not None:
        report.calls += death.phase != 'after'
        _suspect(report, options, _calls(table).make_call(table, options.seed, death.index), death)
    incident = report.incidents.setdefault(_key(table, options.seed, death),
                                           Incident(death, ran, stderr=_gist(ended.stderr)))
    incident.count += 1
    return list(batch[len(ran):])


def _values(call: fuzz_calls.Call) -> tp.List[str]:
    return [recipe for recipe in [call.receiver, *call.args, *(recipe for _, recipe in call.kwargs)] if recipe]


def _suspect(report: Report, options: Options, call: fuzz_calls.Call, death: Death) -> None:
    """Counts the values that a crash or hang may be due to (the one being built or dropped, else all of the
    call's), and adds to `options.avoid` those that crash or hang in a quarter of the calls that use them."""
    suspects = [_crashing_value(call, death)] if death.phase in ('arg', 'drop') else _values(call)
    report.uses.update(_values(call))
    report.fatal.update(suspects)
    for value in suspects:
        if report.fatal[value] >= AVOID_AFTER and report.fatal[value] * 4 >= report.uses[value] \
                and value not in options.avoid:
            options.avoid.append(value)


def _gist(stderr_text: str) -> str:
    """The lines of a dead child's stderr that say why (std::terminate's, faulthandler's first line)."""
    lines = [line.strip() for line in stderr_text.splitlines() if line.strip()]
    wanted = [line for line in lines if not line.startswith(('File ', 'Current thread', 'Thread 0x', 'Extension'))]
    return ' | '.join(wanted[:3])[:300]


def _run_all(batches: tp.Iterable[tp.Sequence[int]], options: Options,
             on_end: tp.Callable[[tp.Sequence[int], Ended], tp.Sequence[int]]) -> None:
    """Runs each batch of calls in a child, `options.jobs` children at a time; `on_end(batch, ended)` returns
    the calls of the batch still to run (those after a crash), which go on first, in a new child."""
    pending = collections.deque(list(batch) for batch in batches)
    running: tp.List[ChildProcess] = []
    while pending or running:
        while pending and len(running) < options.jobs:
            running.append(ChildProcess(pending.popleft(), options))
        time.sleep(0.02)
        for child in list(running):
            ended = child.poll()
            if ended is not None:
                running.remove(child)
                rest = on_end(child.indices, ended)
                if rest:
                    pending.appendleft(list(rest))


def _same(again: tp.Optional[Death], death: Death) -> bool:
    return again is not None and (again.index, again.phase, again.cause) == (death.index, death.phase, death.cause)


def _reproduces(indices: tp.Sequence[int], death: Death, options: Options) -> bool:
    return _same(ChildProcess(indices, options).wait()[1], death)


def _replay_alone(incidents: tp.Sequence[Incident], options: Options) -> tp.List[bool]:
    """Whether each incident's call reproduces it alone, `options.jobs` replays at a time."""
    deaths = {incident.death.index or 0: incident.death for incident in incidents}
    alone: tp.Dict[int, bool] = {}

    def on_end(batch: tp.Sequence[int], ended: Ended) -> tp.Sequence[int]:
        alone[batch[0]] = _same(ended.death, deaths[batch[0]])
        return []

    _run_all([[index] for index in deaths], options, on_end)
    return [alone[incident.death.index or 0] for incident in incidents]


def reduce_incident(incident: Incident, table: tp.Sequence[fuzz_calls.Entry], options: Options,
                    alone: bool) -> None:
    """Finds the fewest calls that reproduce the incident: the call alone, else the shortest run of the calls
    before it in its child that ends in it, else the first of that run and the call."""
    death, ran, seed, index = incident.death, incident.ran, options.seed, incident.death.index
    table_option = '' if options.table == Options.table else f' --table {options.table}'
    replay = f'tools/fuzz.sh --seed {seed}{table_option} --replay '
    ran_text = fuzz_calls.format_indices(ran)
    if index is None:  # the garbage collection after the last call
        incident.reproducer, incident.confirmed = replay + ran_text, 'after these calls'
        return
    call = _calls(table).make_call(table, seed, index)
    source = _crashing_value(call, death) if death.phase == 'arg' else call.source()
    incident.reproducer = _calls(table).with_imports(source)
    if alone:
        incident.confirmed = 'alone'
        return
    if len(ran) == 1 or not _reproduces(ran, death, options):
        incident.confirmed = f'neither alone nor after the calls before it ({replay}{ran_text})'
        return
    low, high = 0, len(ran) - 1  # ran[low:] reproduces, ran[high:] does not
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if _reproduces(ran[middle:], death, options) else (low, middle)
    needed = ran[low:]
    if len(needed) > 2 and _reproduces([ran[low], index], death, options):
        needed = [ran[low], index]
    incident.confirmed = f"with {len(needed) - 1} earlier call{'s' if len(needed) > 2 else ''}"
    if len(needed) > 6:
        incident.reproducer = replay + fuzz_calls.format_indices(needed)
    else:
        sources = [_calls(table).make_call(table, seed, index).source() for index in needed[:-1]] + [source]
        incident.reproducer = _calls(table).with_imports('; '.join(sources))


def fuzz(calls: int, options: Options, batch_size: int = 500) -> Report:
    """Makes calls 0 to `calls` - 1 of the seed, and reduces the first incident of each key."""
    table = fuzz_calls.load_table(options.table)
    with tempfile.TemporaryDirectory(prefix='chainerx-fuzz-') as workdir:
        options = dataclasses.replace(options, workdir=workdir, avoid=list(options.avoid))
        batches = [range(start, min(start + batch_size, calls)) for start in range(0, calls, batch_size)]
        report, started, shown = Report(), time.monotonic(), [0]

        def on_end(batch: tp.Sequence[int], ended: Ended) -> tp.Sequence[int]:
            rest = _tally(report, table, options, batch, ended)
            if options.verbose and report.calls >= shown[0] + calls / 10:  # every tenth of the run
                shown[0] = report.calls
                print(f'fuzz: {report.calls} of {calls} calls, {len(report.incidents)} distinct crashes or hangs, '
                      f'{time.monotonic() - started:.0f} s', file=sys.stderr, flush=True)
            return rest

        _run_all(batches, options, on_end)
        report.avoided = list(options.avoid)
        options = dataclasses.replace(options, avoid=[])
        reducible = [incident for incident in report.incidents.values() if incident.death.index is not None]
        for incident, alone in zip(reducible, _replay_alone(reducible, options)):
            reduce_incident(incident, table, options, alone)
        for incident in report.incidents.values():
            if incident.death.index is None:
                reduce_incident(incident, table, options, False)
    return report


def format_report(report: Report, table: tp.Sequence[fuzz_calls.Entry], seed: int) -> str:
    crashes = sum(incident.count for incident in report.incidents.values())
    lines = [f'fuzz: {report.calls} calls (seed {seed}, {len(table)} callables), {crashes} crashes or hangs, '
             f'{len(report.incidents)} distinct by callable and signal']
    lines.append('outcomes: ' + ', '.join(f'{name} {count}' for name, count in report.outcomes.most_common()))
    lines.append(f'"Unable to cast" RuntimeErrors: {sum(report.casts.values())}')
    for name, count in report.casts.most_common():
        example = _calls(table).make_call(table, seed, report.cast_examples[name]).source()
        lines.append(f'  {count:6d}  {name}    e.g. {example}')
    if report.avoided:
        lines.append('values left out after crashing or hanging in a quarter of the calls that used them: ' + ', '.join(
            f'{value} ({report.fatal[value]} of {report.uses[value]})' for value in report.avoided))
    for (name, cause), incident in sorted(report.incidents.items()):
        lines.append(f'{cause}  {name}  ({incident.count}x, first call #{incident.death.index}, reproduced '
                     f'{incident.confirmed})')
        lines.append(f'    {incident.reproducer}')
        if incident.stderr:
            lines.append(f'    stderr: {incident.stderr}')
    return '\n'.join(lines)


def _parse_args(argv: tp.Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--calls', type=int, default=100000, help='number of calls (default 100000)')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--jobs', type=int, default=os.cpu_count() or 1, help='children at a time')
    parser.add_argument('--timeout', type=float, default=10.0, help='seconds a call may run (default 10)')
    parser.add_argument('--batch', type=int, default=500, help='calls per child (default 500)')
    parser.add_argument('--memory', type=float, default=4.0, help='address space of a child, GiB (default 4)')
    parser.add_argument('--table', default='fuzz_calls:build_table', help='MODULE:FUNCTION returning the table')
    parser.add_argument('--replay', metavar='INDICES', help='print these calls (START:STOP or I,J,...), run them '
                        'in one child and say how it ended')
    parser.add_argument('--child', action='store_true', help=argparse.SUPPRESS)
    parser.add_argument('--progress', help=argparse.SUPPRESS)
    parser.add_argument('--run', help=argparse.SUPPRESS)
    parser.add_argument('--avoid', help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def _replay(args: argparse.Namespace, options: Options) -> int:
    table = fuzz_calls.load_table(args.table)
    indices = fuzz_calls.parse_indices(args.replay)
    for index in indices:
        print(f'#{index}: {_calls(table).with_imports(_calls(table).make_call(table, args.seed, index).source())}')
    with tempfile.TemporaryDirectory(prefix='chainerx-fuzz-') as workdir:
        ended = ChildProcess(indices, dataclasses.replace(options, workdir=workdir)).wait()
    print(f'outcomes: {[record[2] for record in ended.records if record[0] == "="]}')
    print('finished' if ended.death is None else f'died: {ended.death} {_gist(ended.stderr)}')
    return 0 if ended.death is None else 1


def main(argv: tp.Sequence[str]) -> int:
    args = _parse_args(argv)
    options = Options(args.seed, args.jobs, args.timeout, args.memory, args.table, verbose=True)
    if args.child:
        avoid = []
        if args.avoid:
            with open(args.avoid) as avoid_file:
                avoid = json.load(avoid_file)
        indices = fuzz_calls.parse_indices(args.run)
        memory = int(args.memory * 2**30)
        table = fuzz_calls.load_table(args.table)
        _calls(table).child_main(table, args.seed, indices, args.progress, memory, avoid)
    if args.replay:
        return _replay(args, options)
    started = time.monotonic()
    report = fuzz(args.calls, options, args.batch)
    print(format_report(report, fuzz_calls.load_table(args.table), args.seed))
    print(f'{time.monotonic() - started:.1f} s')
    return 1 if report.incidents else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
