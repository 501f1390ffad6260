"""The chainer table of the chainerx fuzz harness (tests/chainerx_tests/fuzz_harness.py): every
public callable of chainer.functions, the construction, methods, properties and operators of
chainer.Variable and chainer.Parameter, chainer.grad and chainer.backward, and chainer.backend's
device functions, called with good and bad values (fuzz_chainer_values.py).

    tools/fuzz.sh --chainer --calls 30000 --seed 1     (crashes and hangs, reduced to reproducers)
    python fuzz_chainer_calls.py --seed 1 --calls 0:5000     (suspicious exceptions, see judge)

The harness asks a table for its `calls`, this module for this table: make_call rebuilds a call
from the seed and index alone, with_imports makes its source a one-line reproducer, and child_main
makes calls in a child. Half the calls of functions, methods and operators run in fz.backprop(f,
order): f, then a backward pass from the Variables it returns (order 2: a double backward), so a
reproducer that says `fz.` needs this directory on PYTHONPATH, with the staged packages.
"""

import argparse
import dataclasses
import functools
import gc
import inspect
import os
import random
import re
import resource
import sys
import traceback
import typing as tp
import warnings

import fuzz_chainer_values as values  # first: it puts the chainerx suite's harness on sys.path
import fuzz_calls
import chainer
import chainer.functions as F
from chainer.utils import type_check
import chainerx

NAMESPACE = dict(fuzz_calls.NAMESPACE, chainer=chainer, F=F, fz=sys.modules[__name__])
IMPORTS = {'chainer': 'chainer', 'F': 'chainer.functions as F', 'fz': 'fuzz_chainer_calls as fz'}
FAMILIES = ('activation', 'array', 'connection', 'evaluation', 'loss', 'math', 'noise',
            'normalization', 'pooling', 'rnn', 'util')
CORE_FUNCTIONS = ('add', 'broadcast', 'broadcast_to', 'identity', 'sum_to')
# Keyword arguments that functions take through **kwargs.
EXTRA_KWARGS = {
    'batch_normalization': ('eps', 'running_mean', 'running_var', 'decay', 'axis'),
    'convolution_2d': ('dilate', 'groups'), 'deconvolution_2d': ('dilate', 'groups'),
    'dropout': ('mask', 'return_mask'), 'gaussian': ('eps', 'return_eps'),
    'rrelu': ('r', 'return_r'), 'spatial_pyramid_pooling_2d': ('pooling_class',),
    'pad': ('constant_values',), 'n_step_lstm': ('train',), 'n_step_gru': ('train',)}
# Operators and protocols, with their number of operands (the first a Variable, mostly).
OPERATORS = {**{'operator.' + name: 2 for name in (
    'add', 'sub', 'mul', 'truediv', 'floordiv', 'pow', 'matmul', 'mod', 'getitem', 'lt', 'le', 'eq',
    'ne', 'gt', 'ge', 'iadd', 'imul')}, **{name: 1 for name in (
        'operator.neg', 'operator.pos', 'operator.abs', 'operator.index', 'bool', 'len', 'repr',
        'str', 'hash', 'float', 'int', 'list', 'pickle.dumps', 'copy.copy', 'copy.deepcopy',
        'numpy.asarray', 'chx.asarray')}}
_GRAD = ('grad_outputs=None, grad_inputs=None, set_grad=False, retain_grad=False, '
         'enable_double_backprop=False, loss_scale=None')
_BACKWARD = 'retain_grad=False, enable_double_backprop=False, loss_scale=None'
# Callables given as source: (name, target, the parameters the fuzz passes them).
LAMBDAS = [
    ('chainer.grad[connected]',
     '(lambda x, *a, **k: chainer.grad([F.sin(x) * x], [x], *a, **k))', 'x, ' + _GRAD),
    ('chainer.backward[connected]',
     '(lambda x, *a, **k: chainer.backward([F.sin(x) * x], *a, **k))',
     'x, grad_outputs=None, *, ' + _BACKWARD),
    ('Variable.backward[connected]', '(lambda x, *a, **k: F.sum(F.sin(x) * x).backward(*a, **k))',
     'x, ' + _BACKWARD),
    ('Device.send', '(lambda d, x: chainer.backend.get_device(d).send(x))', 'device, obj'),
    ('Device.use', '(lambda d: chainer.backend.get_device(d).use())', 'device'),
    ('Device.is_array_supported',
     '(lambda d, x: chainer.backend.get_device(d).is_array_supported(x))', 'device, obj'),
    ('chainer.backend.get_array_module', 'chainer.backend.get_array_module', '*obj'),
    ('chainer.backend.copyto', 'chainer.backend.copyto', 'dst_array, src'),
]
BACKEND = ('get_device', 'to_chx', 'from_chx', 'get_device_from_array')
_NOT_FUZZED = ('__init__', '__init_subclass__', '__subclasshook__', '__new__', '__class__')


@dataclasses.dataclass(frozen=True)
class Entry(fuzz_calls.Entry):
    """A callable of the table; `maker` names what makes its arguments (_MAKERS), `params` the
    parameters of a callable given as source."""
    maker: str = 'signature'
    params: str = ''


class Table(list):
    """The entries, and the module that makes their calls (the harness asks for `calls`)."""
    calls = sys.modules[__name__]


@functools.lru_cache(maxsize=None)
def _parameters(entry: Entry) -> tp.Tuple[inspect.Parameter, ...]:
    func = eval(f'lambda {entry.params}: 0' if entry.params else entry.target, NAMESPACE)
    try:
        parameters = tuple(inspect.signature(func).parameters.values())
    except (TypeError, ValueError):  # a builtin without a signature
        return ()
    return parameters[1:] if entry.maker == 'method' else parameters


def _signature_arguments(rng, entry, theme):
    """Arguments following the signature: the required ones, some optional ones, and now and then
    one too many or a keyword that is not a parameter."""
    parameters = _parameters(entry)
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = sum(p.default is p.empty for p in positional)
    count = required if rng.random() < 0.5 else rng.randint(required, len(positional))
    args = [values.value(rng, values.kind_of(p), theme, p.name) for p in positional[:count]]
    variadic = [p for p in parameters if p.kind == p.VAR_POSITIONAL]
    if variadic and count == len(positional):
        kind = _slot_kind(variadic[0])
        args += [values.value(rng, kind, theme) for _ in range(rng.randint(0, 4))]
    elif rng.random() < 0.05:
        args.append(values.bad(rng))
    names = [p.name for p in positional[count:] if p.kind != p.POSITIONAL_ONLY]
    names += [p.name for p in parameters if p.kind == p.KEYWORD_ONLY]
    if entry.maker == 'function':
        names += EXTRA_KWARGS.get(entry.target[len('F.'):], ())
    kwargs = [(name, _keyword_value(rng, parameters, name, theme))
              for name in names if rng.random() < 0.2]
    if rng.random() < 0.02:
        kwargs.append(('nosuch', values.bad(rng)))
    return args, kwargs


def _slot_kind(parameter):
    """The kind of one positional argument: one Variable for each of *xs."""
    kind = values.kind_of(parameter)
    return 'var' if kind == 'vars' and parameter.kind == parameter.VAR_POSITIONAL else kind


def _keyword_value(rng, parameters, name, theme):
    parameter = next((p for p in parameters if p.name == name),
                     inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY))
    return values.value(rng, values.kind_of(parameter), theme, name)


def _function_arguments(rng, entry, theme):
    """A chainer.functions call: its template's arguments (mostly) or the signature's."""
    template = values.TEMPLATES.get(entry.target[len('F.'):])
    if template is None or rng.random() < 0.15:
        return _signature_arguments(rng, entry, theme)
    parameters = _parameters(entry)
    args = [values.render(rng, spec, theme) for spec in template[0]]
    kwargs = [(name, values.render(rng, spec, theme)) for name, spec in template[1].items()]
    for position in range(len(args)):
        if rng.random() < min(0.125, 0.5 / len(args)):  # Note [Plausible calls]
            parameter = parameters[min(position, len(parameters) - 1)]
            args[position] = values.value(rng, _slot_kind(parameter), theme, parameter.name)
    if rng.random() < 0.1:
        args = args[:rng.randint(1, len(args))]
    given = {p.name for p in parameters[:len(args)]} | {name for name, _ in kwargs}
    _, extra = _signature_arguments(rng, entry, theme)
    return args, kwargs + [(name, recipe) for name, recipe in extra if name not in given]


def _receiver(rng, entry, theme):
    """A Variable (or Parameter) for a method: plain, an inner node of a graph, with a grad, odd."""
    recipe = values.array(rng, theme, ('v', theme.shape, 'lin'))
    if entry.name.startswith('Parameter.'):
        return rng.choice([f'chainer.Parameter({recipe})', 'chainer.Parameter()',
                           'chainer.Parameter(1.5, (2, 3))',
                           "chainer.Parameter(numpy.ones, (2, 0), name='p')"])
    draw = rng.random()
    if draw < 0.6:
        return f'chainer.Variable({recipe})'
    if draw < 0.75:
        return rng.choice(['(chainer.Variable({}) * 2)', 'F.sin(chainer.Variable({}))']).format(
            recipe)
    if draw < 0.82:
        return f'chainer.Variable({recipe}, grad={recipe})'
    if draw < 0.87:
        return f'chainer.Parameter({recipe})'
    # Odd instances only: setting a property of the class itself would change the later calls.
    return rng.choice([bad for bad in values.BAD
                       if bad.startswith(('chainer.Variable(', 'chainer.Parameter('))])


def _method_arguments(rng, entry, theme):
    args, kwargs = _signature_arguments(rng, entry, theme)
    return [_receiver(rng, entry, theme)] + args, kwargs


def _operator_arguments(rng, entry, theme):
    operands = [values.value(rng, 'operand', theme) for _ in range(OPERATORS[entry.name] - 1)]
    args = [_receiver(rng, entry, theme)] + operands
    return (args[::-1] if rng.random() < 0.4 else args), []  # reversed: the reflected operators


_MAKERS = {'signature': _signature_arguments, 'function': _function_arguments,
           'method': _method_arguments, 'operator': _operator_arguments}


def make_call(table: tp.Sequence[Entry], seed: int, index: int) -> fuzz_calls.Call:
    """The call number `index` of the run with this seed: the same in every process."""
    rng = random.Random(f'chainer/{seed}/{index}')
    entry = table[rng.randrange(len(table))]
    theme = values.Theme(rng.choice(('numpy', 'chx')), rng.choice(values.DTYPES),
                         rng.choice(values.SHAPES))
    if entry.kind in ('get', 'set'):
        args = () if entry.kind == 'get' else (
            values.value(rng, values.KIND_OF_NAME.get(entry.target, 'array'), theme, entry.target),)
        return fuzz_calls.Call(index, entry, _receiver(rng, entry, theme), args, ())
    args, kwargs = _MAKERS[entry.maker](rng, entry, theme)
    if entry.maker != 'signature' and rng.random() < 0.5:
        order = 2 if rng.random() < 0.33 else 1
        entry = dataclasses.replace(entry, target=f'fz.backprop({entry.target}, {order})')
    return fuzz_calls.Call(index, entry, None, tuple(args), tuple(kwargs))


def _variables(value, depth=0):
    if isinstance(value, chainer.Variable):
        return [value]
    if depth < 3 and isinstance(value, (list, tuple, dict)):
        items = value.values() if isinstance(value, dict) else value
        return [found for item in items for found in _variables(item, depth + 1)]
    return []


def backprop(func, order):
    """`func`, then a backward pass from the floating Variables it returns; order 2 takes their
    gradients with respect to the Variables it was given, with enable_double_backprop, and makes
    a backward pass from those."""
    def call(*args, **kwargs):
        result = func(*args, **kwargs)
        outputs = [y for y in _variables(result) if y.array is not None and y.dtype.kind == 'f']
        if not outputs:
            return result
        grads = [y.xp.ones_like(y.array) for y in outputs]
        if order == 1:
            chainer.backward(outputs, grads)
            return result
        inputs = [x for x in _variables((args, kwargs)) if x.requires_grad]
        gxs = chainer.grad(outputs, inputs, grads, enable_double_backprop=True)
        second = [gx for gx in gxs if gx is not None and gx.dtype.kind == 'f']
        if second:
            chainer.backward(second, [gx.xp.ones_like(gx.array) for gx in second])
        return result
    return call


def _class_entries(cls) -> tp.List[Entry]:
    entries = []
    for name, member in sorted(vars(cls).items()):
        if name.startswith('_') and not name.endswith('__') or name in _NOT_FUZZED:
            continue
        full = f'{cls.__name__}.{name}'
        if isinstance(member, property):
            entries.append(Entry(full, name, 'get'))
            if member.fset is not None:
                entries.append(Entry(full + '=', name, 'set'))
        elif callable(member):
            entries.append(Entry(full, f'chainer.{cls.__name__}.{name}', maker='method'))
    return entries


def function_names() -> tp.List[str]:
    """Every public name of chainer.functions: the families' __all__ and the core's functions."""
    names = {name for family in FAMILIES for name in getattr(F, family).__all__}
    return sorted(names | set(CORE_FUNCTIONS))


def build_table() -> Table:
    """Every public callable of chainer.functions, Variable, Parameter, grad, backward, backend."""
    entries = [Entry(f'F.{name}', f'F.{name}', maker='function') for name in function_names()]
    entries += _class_entries(chainer.Variable) + _class_entries(chainer.Parameter)
    entries += [Entry(name, name, maker='operator') for name in OPERATORS]
    entries += [Entry(name, name) for name in (
        'chainer.Variable', 'chainer.Parameter', 'chainer.as_variable', 'chainer.as_array',
        'chainer.grad', 'chainer.backward')]
    entries += [Entry(f'chainer.backend.{name}', f'chainer.backend.{name}') for name in BACKEND]
    entries += [Entry(name, target, params=params) for name, target, params in LAMBDAS]
    return Table(sorted(entries, key=lambda entry: entry.name))


def with_imports(source: str) -> str:
    """The source preceded by the imports it needs: a line that runs as it is in `python -c`."""
    modules = [IMPORTS[name] for name in IMPORTS if re.search(rf'\b{name}\.', source)]
    line = fuzz_calls.with_imports(source)
    return ('import ' + ', '.join(modules) + '; ' if modules else '') + line


class Child(fuzz_calls.Child):
    """fuzz_calls's child, with chainer's names in the recipes."""

    def evaluate(self, recipe: str) -> tp.Any:
        """The value of a recipe."""
        return eval(recipe, NAMESPACE)  # uncached: compiling takes microseconds, a call more


def _limit(memory_bytes: int) -> None:
    # AddressSanitizer maps terabytes of shadow memory: under it, its own limits apply instead.
    if 'libasan' not in os.environ.get('LD_PRELOAD', ''):
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 20, 64 << 20))
    warnings.simplefilter('ignore')


def child_main(table: tp.Sequence[Entry], seed: int, indices: tp.Sequence[int], progress_path: str,
               memory_bytes: int, avoid: tp.Sequence[str] = ()) -> None:
    """The child's body, as fuzz_calls.child_main's (which see), with this module's calls."""
    _limit(memory_bytes)
    child = Child(progress_path)
    child.note('ready')
    for index in indices:
        child.restore(index)
        call = make_call(table, seed, index)
        skipped = any(recipe in call.source() for recipe in avoid)
        child.note('=', index, 'skipped' if skipped else child.run(call), call.entry.name)
    child.note('end')
    gc.collect()
    child.note('gc')
    os._exit(0)


# The exceptions a bad argument may raise; the others are findings (judge).
EXPECTED = (TypeError, ValueError, IndexError, NotImplementedError, OverflowError,
            chainerx.ChainerxError, type_check.InvalidType)
_PACKAGE_FILE = re.compile(r'[/\\]chainerx?[/\\]')


def judge(error: BaseException) -> tp.Optional[str]:
    """None when an exception is of a kind a bad argument may raise (EXPECTED; a RuntimeError
    raised by chainer's Python code; any raised by the fuzz's own callables); else its class and
    its innermost frame in chainer/ or chainerx/ ('AttributeError at chainer/x.py:12')."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [frame for frame in frames if _PACKAGE_FILE.search(frame.filename)]
    innermost = frames[-1] if frames else None
    outcome = fuzz_calls.outcome_of(error)
    if isinstance(error, EXPECTED) and outcome != '!cast':
        return None
    if isinstance(error, RuntimeError) and ours and innermost is ours[-1] and (
            innermost.line or '').startswith('raise'):
        return None
    if innermost and innermost.filename == '<string>':  # a recipe's lambda raised, not chainer
        return None
    where = ours[-1] if ours else innermost
    if where is None:
        return outcome
    match = _PACKAGE_FILE.search(where.filename)
    return f'{outcome} at {where.filename[match.start() + 1 if match else 0:]}:{where.lineno}'


def _invoke(child: Child, call: fuzz_calls.Call) -> None:
    """Makes a call in this process, letting its exception out."""
    receiver = child.evaluate(call.receiver) if call.receiver else None
    args = [child.evaluate(recipe) for recipe in call.args]
    kwargs = {name: child.evaluate(recipe) for name, recipe in call.kwargs}
    if call.entry.kind == 'get':
        getattr(receiver, call.entry.target)
    elif call.entry.kind == 'set':
        setattr(receiver, call.entry.target, args[0])
    else:
        child.evaluate(call.entry.target)(*args, **kwargs)


def triage(seed: int, indices: tp.Iterable[int],
           skip: tp.Container[int] = ()) -> tp.Dict[tp.Tuple[str, str], int]:
    """Makes the calls in this process (but those of `skip`, which crash or hang) and returns the
    first call of each (callable, judge's verdict) that judge finds suspicious."""
    table, found = build_table(), {}
    child = Child(os.devnull)
    for index in indices:
        if index in skip:
            continue
        child.restore(index)
        call = make_call(table, seed, index)
        try:
            _invoke(child, call)
        except BaseException as error:  # SystemExit and the like are findings too
            verdict = judge(error)
            if verdict:
                found.setdefault((call.entry.name, verdict), index)
    return found


def main(argv: tp.Sequence[str]) -> int:
    """The triage command line: prints a reproducer per suspicious exception; 1 if any."""
    parser = argparse.ArgumentParser(description='Lists the suspicious exceptions of chainer '
                                     'fuzz calls, made in this process.')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--calls', default='0:1000', help='START:STOP or I,J,... (default 0:1000)')
    parser.add_argument('--skip', default='', help='calls not to make (I,J,...): crashes, hangs')
    parser.add_argument('--memory', type=float, default=4.0, help='address space, GiB (default 4)')
    args = parser.parse_args(argv)
    _limit(int(args.memory * 2**30))
    table = build_table()
    skip = set(fuzz_calls.parse_indices(args.skip))
    found = triage(args.seed, fuzz_calls.parse_indices(args.calls), skip)
    for (name, verdict), index in sorted(found.items()):
        source = with_imports(make_call(table, args.seed, index).source())
        print(f'{name}  {verdict}  #{index}: {source}')
    return 1 if found else 0


if __name__ == '__main__':
    import fuzz_chainer_calls  # this module by its name: the one that recipes call `fz`
    sys.exit(fuzz_chainer_calls.main(sys.argv[1:]))
