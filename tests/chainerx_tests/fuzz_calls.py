"""The callables the fuzz harness (fuzz_harness.py) calls, the calls it makes, and the child process that
makes them.

A call is rebuilt from (seed, index) alone, as Python source (fuzz_values.py), so that the parent can print
any call of a child that died as a one-line reproducer, and replay it in a fresh process.

The child writes one line per step to a progress file, unbuffered, before the step runs: when the child dies
or hangs, the file's last line names the call (``c INDEX``), or the value being built (``a INDEX POS``) or
dropped after the call (``d INDEX POS``; POS 0 is the receiver, then the arguments).
"""

import builtins
import copy
import dataclasses
import gc
import inspect
import operator
import os
import pickle
import random
import re
import resource
import time
import typing as tp
import warnings

import numpy

import chainerx
import chainerx.testing  # NOQA: its helpers are fuzzed too

import fuzz_values
import pybind_signatures

# The modules a recipe may use, and the import line a reproducer needs for each.
NAMESPACE = {'chx': chainerx, 'numpy': numpy, 'pickle': pickle, 'copy': copy, 'operator': operator, 'os': os,
             'time': time, '__builtins__': builtins}
IMPORTS = {'chx': 'chainerx as chx', 'numpy': 'numpy', 'pickle': 'pickle', 'copy': 'copy', 'operator': 'operator',
           'os': 'os', 'time': 'time'}
MODULES = ('chx', 'chx.linalg', 'chx.random', 'chx.testing', 'chx.creation', 'chx.manipulation', 'chx.math')
# Classes whose methods and properties are called on the objects of fuzz_values.RECEIVERS[kind].
CLASSES = {'ndarray': 'array', 'Device': 'device', 'Backend': 'backend', 'Context': 'context',
           'BackpropId': 'backprop_id'}
# Private names that the binding's users call (chainer's Variable), and that an earlier fuzzer crashed.
PRIVATE = ('chx._core._function_node_forward', 'ndarray._setitem_advanced', 'chx._core._unchain',
           'chx._core._unchain_backward', 'chx._core._computational_graph', 'chx._core._clip_by_global_norm',
           'chx._core._scatter_add', 'chx._core._prod', 'chx._core._cumprod', 'chx._core._det',
           'chx._core._batch_inv',
           'chx._core._erfc', 'chx._core._erfcx', 'chx._core._erfinv', 'chx._core._erfcinv', 'chx._core._ndtr',
           'chx._core._ndtri', 'chx._core._log_ndtr', 'chx._core._lgamma', 'chx._core._digamma',
           'chx._core._polygamma', 'chx._core._zeta')
# Public names that are not called, each with the reason. The default device and contexts may be changed by a
# call (set_default_device, set_global_default_context, ...): the child restores them after every call.
SKIP = {
    'chx._fromrawpointer': 'reads memory at any address it is given, by design (private; listed for the record)',
    'chx.DeviceScope': 'its __enter__/__exit__ push and pop thread state that a call cannot restore',
    'chx.ContextScope': 'likewise', 'chx.BackpropScope': 'likewise', 'chx.NoBackpropMode': 'likewise',
    'chx.ForceBackpropMode': 'likewise',
}
# Python protocols that reach the binding's type slots: pickling, buffers, conversions.
PROTOCOLS = {
    'pickle.dumps': (('obj', 'positional', False), ('protocol', 'positional', True)),
    'copy.copy': (('obj', 'positional', False),), 'copy.deepcopy': (('obj', 'positional', False),),
    'memoryview': (('obj', 'positional', False),),
    'numpy.asarray': (('obj', 'positional', False), ('dtype', 'positional', True), ('copy', 'keyword', True)),
    'numpy.array': (('obj', 'positional', False), ('dtype', 'positional', True), ('copy', 'keyword', True)),
    'repr': (('obj', 'posonly', False),), 'str': (('obj', 'posonly', False),), 'len': (('obj', 'posonly', False),),
    'list': (('obj', 'posonly', False),), 'bool': (('obj', 'posonly', False),), 'int': (('obj', 'posonly', False),),
    'float': (('obj', 'posonly', False),), 'hash': (('obj', 'posonly', False),), 'dir': (('obj', 'posonly', False),),
    'operator.index': (('obj', 'posonly', False),),
}
_KINDS = {inspect.Parameter.POSITIONAL_ONLY: 'posonly', inspect.Parameter.POSITIONAL_OR_KEYWORD: 'positional',
          inspect.Parameter.KEYWORD_ONLY: 'keyword', inspect.Parameter.VAR_POSITIONAL: 'var'}


@dataclasses.dataclass(frozen=True)
class Entry:
    """A callable of the table: a function (``target`` is its source), or a method or property of an object
    drawn from fuzz_values.RECEIVERS[receiver] (``target`` is the attribute's name)."""
    name: str
    target: str
    kind: str = 'call'  # 'call', 'get' (read a property) or 'set' (assign it)
    receiver: tp.Optional[str] = None
    overloads: tp.Tuple[fuzz_values.Params, ...] = ((),)


@dataclasses.dataclass(frozen=True)
class Call:
    """One call: recipes for the receiver and the arguments, which the child evaluates one by one."""
    index: int
    entry: Entry
    receiver: tp.Optional[str]
    args: tp.Tuple[str, ...]
    kwargs: tp.Tuple[tp.Tuple[str, str], ...]

    def source(self) -> str:
        entry = self.entry
        head = f'{self.receiver}.{entry.target}' if self.receiver else entry.target
        if entry.kind == 'get':
            return head
        if entry.kind == 'set':
            return f'{head} = {self.args[0]}'
        return head + '(' + ', '.join(list(self.args) + [f'{k}={v}' for k, v in self.kwargs]) + ')'


def with_imports(source: str) -> str:
    """The source preceded by the imports it needs: a line that runs as it is in ``python -c``."""
    modules = [IMPORTS[name] for name in IMPORTS if re.search(rf'\b{name}\.', source)]
    if 'chx.testing.' in source:
        modules.append('chainerx.testing')
    return ('import ' + ', '.join(modules) + '; ' if modules else '') + source


def _params(func: tp.Any) -> tp.Tuple[fuzz_values.Params, ...]:
    """The parameter lists of each overload of a function (pybind11 docstrings or `inspect`), without self."""
    try:
        overloads = pybind_signatures.signatures(func)
    except (TypeError, ValueError):  # a builtin without a signature
        return ((),)
    result = tuple(tuple((p.name, _KINDS[p.kind], p.default is not pybind_signatures.NO_DEFAULT)
                         for p in params if p.kind in _KINDS and p.name != 'self') for params in overloads)
    return result or ((),)


def _module_entries() -> tp.List[Entry]:
    entries, seen = [], set()
    for module_name in MODULES:
        module = eval(module_name, NAMESPACE)
        for name in sorted(pybind_signatures.public_names(module)):
            value, full = getattr(module, name, None), f'{module_name}.{name}'
            if (not callable(value) or id(value) in seen or full in SKIP
                    or not getattr(value, '__module__', '').startswith('chainerx')
                    or isinstance(value, type) and issubclass(value, BaseException)):
                continue
            seen.add(id(value))
            entries.append(Entry(full, full, overloads=_params(value.__init__ if isinstance(value, type) else value)))
    return entries


def _class_entries() -> tp.List[Entry]:
    entries = []
    for class_name, receiver in CLASSES.items():
        cls = getattr(chainerx, class_name)
        private = {name.split('.')[1] for name in PRIVATE if name.startswith(class_name + '.')}
        for name in sorted(pybind_signatures.class_member_names(cls) | private):
            value, full = vars(cls).get(name), f'{class_name}.{name}'
            if isinstance(value, property):
                entries.append(Entry(full, name, 'get', receiver))
                if value.fset is not None:
                    entries.append(Entry(full + '=', name, 'set', receiver))
            elif callable(value) and full not in SKIP:
                entries.append(Entry(full, name, receiver=receiver, overloads=_params(getattr(cls, name))))
    return entries


def build_table() -> tp.List[Entry]:
    """Every public callable of chainerx, the private ones of PRIVATE, and the Python protocols."""
    private = [Entry(name, name, overloads=_params(eval(name, NAMESPACE)))
               for name in PRIVATE if name.startswith('chx.')]
    protocols = [Entry(name, name, overloads=(params,)) for name, params in PROTOCOLS.items()]
    return sorted(_module_entries() + private + _class_entries() + protocols, key=lambda entry: entry.name)


def load_table(spec: str) -> tp.List[Entry]:
    """The table named by 'module:function' (fake tables test the harness itself)."""
    module, _, function = spec.partition(':')
    return getattr(__import__(module), function)()


def make_call(table: tp.Sequence[Entry], seed: int, index: int) -> Call:
    """The call number `index` of the run with this seed: the same in every process."""
    rng = random.Random(f'{seed}/{index}')
    entry = table[rng.randrange(len(table))]
    receiver = rng.choice(fuzz_values.RECEIVERS[entry.receiver]) if entry.receiver else None
    args: tp.List[str] = []
    kwargs: tp.List[tp.Tuple[str, str]] = []
    if entry.kind == 'set':
        args = [fuzz_values.value_of_kind(rng, fuzz_values.kind_of(entry.target))]
    elif entry.kind == 'call':
        args, kwargs = fuzz_values.arguments(rng, rng.choice(entry.overloads))
    return Call(index, entry, receiver, tuple(args), tuple(kwargs))


def format_indices(indices: tp.Sequence[int]) -> str:
    """Call indices as the child's --run (and --replay) take them: 'START:STOP' when consecutive, else 'I,J,...'."""
    if len(indices) > 1 and list(indices) == list(range(indices[0], indices[-1] + 1)):
        return f'{indices[0]}:{indices[-1] + 1}'
    return ','.join(str(index) for index in indices)


def parse_indices(text: str) -> tp.List[int]:
    if ':' in text:
        start, stop = text.split(':')
        return list(range(int(start), int(stop)))
    return [int(index) for index in text.split(',') if index]


def outcome_of(error: BaseException) -> str:
    """How a call that raised is counted: pybind11's cast errors ("Unable to cast ...") on their own, as
    ``!cast``, because they are RuntimeErrors where a TypeError is due; any other exception by class."""
    if isinstance(error, RuntimeError) and str(error).startswith('Unable to cast'):
        return '!cast'
    module = type(error).__module__
    return type(error).__qualname__ if module == 'builtins' else f'{module}.{type(error).__qualname__}'


class Child:
    """Makes calls in this process (the child), writing each step to the progress file before taking it."""

    def __init__(self, progress_path: str) -> None:
        self._fd = os.open(progress_path, os.O_WRONLY | os.O_APPEND)
        self._compiled: tp.Dict[str, tp.Any] = {}
        # CHAINERX_FUZZ_DEVICE (tools/fuzz.sh --device) makes the arrays of the values live there, e.g. on cuda:0.
        if os.environ.get('CHAINERX_FUZZ_DEVICE'):
            chainerx.set_default_device(os.environ['CHAINERX_FUZZ_DEVICE'])
        self._device = chainerx.get_default_device()

    def note(self, *fields: tp.Any) -> None:
        os.write(self._fd, (' '.join(str(field) for field in fields) + '\n').encode())

    def evaluate(self, recipe: str) -> tp.Any:
        code = self._compiled.get(recipe)
        if code is None:
            code = self._compiled[recipe] = compile(recipe, '<fuzz value>', 'eval')
        return eval(code, NAMESPACE)

    def run(self, call: Call) -> str:
        """Makes the call and tells how it ended: 'ok', or the outcome_of the exception it raised. The values
        are dropped one by one after it, so that a crash in a destructor names the value."""
        recipes = [call.receiver] + list(call.args) + [recipe for _, recipe in call.kwargs]
        values: tp.List[tp.Any] = []
        try:
            for position, recipe in enumerate(recipes):
                self.note('a', call.index, position)
                values.append(self.evaluate(recipe) if recipe else None)
            outcome = self._invoke(call, values)
        except BaseException as error:  # pytest's outcomes and SystemExit are BaseExceptions
            outcome = outcome_of(error)
        for position in range(len(values)):
            self.note('d', call.index, position)
            values[position] = None
        return outcome

    def _invoke(self, call: Call, values: tp.List[tp.Any]) -> str:
        entry, receiver = call.entry, values[0]
        args = values[1:1 + len(call.args)]
        kwargs = {name: value for (name, _), value in zip(call.kwargs, values[1 + len(call.args):])}
        func = self.evaluate(entry.target) if call.receiver is None else None
        self.note('c', call.index)
        try:
            if entry.kind == 'get':
                getattr(receiver, entry.target)
            elif entry.kind == 'set':
                setattr(receiver, entry.target, args[0])
            else:
                (getattr(receiver, entry.target) if func is None else func)(*args, **kwargs)  # result dropped here
            return 'ok'
        except BaseException as error:
            return outcome_of(error)

    def restore(self, index: int) -> None:
        """Puts back what a call may have changed for the calls after it."""
        chainerx.set_global_default_context(chainerx._global_context)
        chainerx.set_default_context(None)
        chainerx.set_default_device(self._device)
        numpy.random.seed(index % 2**32)


def child_main(table: tp.Sequence[Entry], seed: int, indices: tp.Sequence[int], progress_path: str,
               memory_bytes: int, avoid: tp.Sequence[str] = ()) -> None:
    """The child's body: the calls, then garbage collection; os._exit skips the interpreter's teardown, whose
    crashes could not be told from the calls'. Calls using a value of `avoid` (one that crashed or hung
    already, whatever it was passed to) are skipped."""
    # AddressSanitizer (tools/pytest_asan.sh preloads it) maps terabytes of shadow memory and aborts when an
    # address-space limit refuses a mapping; there its own max_allocation_size_mb bounds allocations instead.
    if 'libasan' not in os.environ.get('LD_PRELOAD', ''):
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 20, 64 << 20))
    warnings.simplefilter('ignore')
    child = Child(progress_path)
    child.note('ready')
    for index in indices:
        child.restore(index)
        call = make_call(table, seed, index)
        source = call.source()
        outcome = 'skipped' if any(recipe in source for recipe in avoid) else child.run(call)
        child.note('=', index, outcome, call.entry.name)
    child.note('end')
    gc.collect()
    child.note('gc')
    os._exit(0)
