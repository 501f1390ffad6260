"""chainerx's type stubs (chainerx/*.pyi) against the runtime: same names both ways, same parameter
names, kinds and defaults, valid Python; and mypy accepts typed code using chainerx (when mypy is
installed)."""

import ast
import builtins
import inspect
import os
import subprocess
import sys
import textwrap

import pytest

import chainerx
import pybind_signatures as sigs

_PACKAGE_DIR = os.path.dirname(chainerx.__file__)
# The stub of each submodule that `import chainerx` imports, by attribute name.
_SUBMODULE_STUBS = {name: name + '.pyi' for name in ('linalg', 'random', 'creation', 'math', 'manipulation')}
_STUB_FILES = ('__init__.pyi', '_core.pyi') + tuple(_SUBMODULE_STUBS.values())
# Public submodules that `import chainerx` does not import (chainerx.testing needs pytest): not in
# __init__.pyi, though they are attributes of chainerx once something has imported them.
_ON_DEMAND_SUBMODULES = frozenset(['testing'])
_KINDS = {'posonlyargs': inspect.Parameter.POSITIONAL_ONLY, 'args': inspect.Parameter.POSITIONAL_OR_KEYWORD,
          'kwonlyargs': inspect.Parameter.KEYWORD_ONLY}


def _parse(filename):
    with open(os.path.join(_PACKAGE_DIR, filename)) as f:
        return ast.parse(f.read(), filename)


def _stub_default(node):
    if isinstance(node, ast.Constant) and node.value is Ellipsis:
        return sigs.UNKNOWN_DEFAULT
    if isinstance(node, ast.Name) and hasattr(builtins, node.id):
        return getattr(builtins, node.id)  # e.g. dtype=float
    try:
        return ast.literal_eval(node)
    except ValueError:
        return sigs.UNKNOWN_DEFAULT


def _stub_params(func):
    args = func.args
    params = []
    positional = [(a, _KINDS['posonlyargs']) for a in args.posonlyargs] + [
        (a, _KINDS['args']) for a in args.args]
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for (arg, kind), default in zip(positional, defaults):
        params.append(sigs.Param(arg.arg, kind, sigs.NO_DEFAULT if default is None else _stub_default(default)))
    if args.vararg:
        params.append(sigs.Param(args.vararg.arg, inspect.Parameter.VAR_POSITIONAL))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        params.append(sigs.Param(arg.arg, _KINDS['kwonlyargs'],
                                 sigs.NO_DEFAULT if default is None else _stub_default(default)))
    if args.kwarg:
        params.append(sigs.Param(args.kwarg.arg, inspect.Parameter.VAR_KEYWORD))
    return params


def _is_property(func):
    return any(isinstance(d, ast.Name) and d.id == 'property' or isinstance(d, ast.Attribute) and d.attr == 'setter'
               for d in func.decorator_list)


def _stub_scope(body):
    """{name: [overload parameter lists] or None for a non-function name} of a module or class body."""
    names = {}
    for node in body:
        if isinstance(node, ast.FunctionDef):
            entry = names.setdefault(node.name, [])
            if entry is not None and not _is_property(node):
                entry.append(_stub_params(node))
            elif _is_property(node):
                names[node.name] = None
        elif isinstance(node, ast.ClassDef):
            names[node.name] = None
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                names[target.id] = None
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = None
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.asname == alias.name:  # `import x as x` re-exports x
                    names[alias.name] = None
    return names


_MODULE_STUB = _parse('__init__.pyi')
_MODULE_SCOPE = _stub_scope(_MODULE_STUB.body)
_SUBMODULE_SCOPES = {name: _stub_scope(_parse(filename).body) for name, filename in _SUBMODULE_STUBS.items()}
_CLASS_SCOPES = {node.name: _stub_scope(node.body) for node in _MODULE_STUB.body if isinstance(node, ast.ClassDef)}


@pytest.mark.parametrize('filename', _STUB_FILES)
def test_stub_is_valid_python(filename):
    assert _parse(filename).body


def test_py_typed_marker_is_shipped():
    assert os.path.isfile(os.path.join(_PACKAGE_DIR, 'py.typed'))


def _public(names):
    return {name for name in names if not name.startswith('_')}


def test_module_names_match():
    runtime = sigs.public_names(chainerx) - _ON_DEMAND_SUBMODULES
    stub = _public(_MODULE_SCOPE)
    assert sorted(runtime - stub) == [], 'missing from __init__.pyi'
    assert sorted(stub - runtime) == [], 'in __init__.pyi but not at run time'


@pytest.mark.parametrize('module_name', sorted(_SUBMODULE_STUBS))
def test_submodule_names_match(module_name):
    module = getattr(chainerx, module_name)
    runtime = sigs.public_names(module) | ({'_is_lapack_available'} if module_name == 'linalg' else set())
    assert set(_SUBMODULE_SCOPES[module_name]) == runtime


@pytest.mark.parametrize('module_name', ['creation', 'math', 'manipulation'])
def test_reexporting_submodules_hold_chainerx_functions(module_name):
    # Their stubs re-export chainerx's typed names, which is right only while they are the same objects.
    module = getattr(chainerx, module_name)
    for name in sigs.public_names(module):
        assert getattr(module, name) is getattr(chainerx, name), name


def test_on_demand_submodules_are_not_imported_by_chainerx():
    code = 'import sys, chainerx; print(sorted(m for m in sys.modules if m.startswith("chainerx.")))'
    result = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True,
                            env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    imported = {name.split('.')[1] for name in ast.literal_eval(result.stdout)}
    assert imported & _ON_DEMAND_SUBMODULES == set()
    assert set(_SUBMODULE_STUBS) <= imported


@pytest.mark.parametrize('class_name', sorted(sigs.public_classes()))
def test_class_members_match(class_name):
    runtime = sigs.class_member_names(getattr(chainerx, class_name))
    stub = {name for name in _CLASS_SCOPES[class_name] if not name.startswith('_') or name.endswith('__')}
    assert sorted(runtime - stub) == [], 'missing from the stub of ' + class_name
    assert sorted(stub - runtime) == [], 'in the stub of {} but not at run time'.format(class_name)


def _same_default(stub, runtime, overloaded):
    if sigs.UNKNOWN_DEFAULT in (stub, runtime):
        return True
    # An overload may make an optional parameter required to select a return type (qr's mode='r').
    if overloaded and stub is sigs.NO_DEFAULT:
        return True
    return stub is runtime if isinstance(stub, type) else (stub == runtime and type(stub) is type(runtime))


_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)


def _matches(stub, runtime, overloaded=False):
    """Whether a stub overload can describe a runtime overload (names, kinds, defaults). pybind11's
    `*args`/`**kwargs` accept any extra positional/keyword parameters the stub spells out; a stub's own
    `*args`/`**kwargs` need the runtime's."""
    var_positional = any(p.kind == inspect.Parameter.VAR_POSITIONAL for p in runtime)
    var_keyword = any(p.kind == inspect.Parameter.VAR_KEYWORD for p in runtime)
    named = [p for p in runtime if p.kind not in _VARIADIC]
    stub_named = [p for p in stub if p.kind not in _VARIADIC]
    for param in stub:
        if param.kind == inspect.Parameter.VAR_POSITIONAL and not var_positional:
            return False
        if param.kind == inspect.Parameter.VAR_KEYWORD and not var_keyword:
            return False
    for i, param in enumerate(stub_named):
        if i < len(named):
            expected = named[i]
            if expected.kind != param.kind or not _same_default(param.default, expected.default, overloaded):
                return False
            if expected.kind != inspect.Parameter.POSITIONAL_ONLY and expected.name != param.name:
                return False
        elif param.kind == inspect.Parameter.POSITIONAL_ONLY:
            if not var_positional:
                return False
        elif param.kind == inspect.Parameter.KEYWORD_ONLY:
            if not var_keyword:
                return False
        else:
            return False
    return len(stub_named) >= len(named) or all(p.default is not sigs.NO_DEFAULT for p in named[len(stub_named):])


def _function_cases():
    cases = []
    for name, overloads in sorted(_MODULE_SCOPE.items()):
        if overloads and not name.startswith('_'):
            cases.append((name, getattr(chainerx, name), overloads, False))
    for module_name, scope in sorted(_SUBMODULE_SCOPES.items()):
        for name, overloads in sorted(scope.items()):
            if overloads:
                module = getattr(chainerx, module_name)
                cases.append((module_name + '.' + name, getattr(module, name), overloads, False))
    for class_name, scope in sorted(_CLASS_SCOPES.items()):
        for name, overloads in sorted(scope.items()):
            member = vars(getattr(chainerx, class_name)).get(name)
            if overloads and member is not None and (sigs.is_pybind_function(member) or inspect.isfunction(member)):
                cases.append((class_name + '.' + name, member, overloads, True))
    return cases


_FUNCTION_CASES = _function_cases()


def test_function_cases_cover_the_api():
    assert len(_FUNCTION_CASES) > 250


@pytest.mark.parametrize('name,func,stub_overloads,is_method', _FUNCTION_CASES,
                         ids=[case[0] for case in _FUNCTION_CASES])
def test_signature_matches(name, func, stub_overloads, is_method):
    runtime_overloads = sigs.signatures(func)
    assert runtime_overloads, 'no signature found for ' + name
    if is_method:  # `self`: pybind11 types it, Python fallbacks may name it differently
        runtime_overloads = [r[1:] for r in runtime_overloads]
        stub_overloads = [s[1:] for s in stub_overloads]
    for stub in stub_overloads:
        assert any(_matches(stub, r, len(stub_overloads) > 1) for r in runtime_overloads), \
            '{}: stub overload {} fits no runtime signature {}'.format(name, stub, runtime_overloads)
    for runtime in runtime_overloads:
        assert any(_matches(s, runtime, len(stub_overloads) > 1) for s in stub_overloads), \
            '{}: runtime signature {} has no stub overload'.format(name, runtime)


_TYPED_EXAMPLE = '''
    import chainerx
    import chainerx.linalg

    x: chainerx.ndarray = chainerx.ones((2, 3), dtype='float32').require_grad()
    y = chainerx.sum(chainerx.exp(x) * 2 + 1.5, axis=1)
    y.backward()
    g = x.grad
    assert g is not None
    u, s, vt = chainerx.linalg.svd(chainerx.eye(3))
    sv: chainerx.ndarray = chainerx.linalg.svd(chainerx.eye(3), compute_uv=False)
    with chainerx.using_device('native:1') as scope:
        d: chainerx.Device = scope.device
    z = chainerx.add(1, x) + chainerx.maximum(x, 0.5) - chainerx.mod(x, 2)
    r = x.reshape(3, 2).reshape((6,)).T
    n = chainerx.to_numpy(r)
    h, c = chainerx.lstm(chainerx.zeros((1, 2)), chainerx.zeros((1, 8)))
    with chainerx.backprop_scope('g') as bp:
        x.require_grad(bp)
    noise: chainerx.ndarray = chainerx.random.normal(0.0, 1.0, (2, 3), device='native:0')
    clipped = chainerx.math.clip(noise, -1.0, 1.0) + chainerx.manipulation.broadcast_arrays(x, noise)[0]
'''

_BAD_EXAMPLE = '''
    import chainerx

    a = chainerx.ones((2,))
    b: int = chainerx.exp(a)
    chainerx.zeros((2,), 'float32', 'native:0')
    a.no_such_method()
    s: str = chainerx.random.uniform()
'''


@pytest.fixture(scope='module')
def mypy_errors(tmp_path_factory):
    """mypy --strict on the two examples in one run (each run spends seconds reading NumPy's stubs):
    {file name: [line numbers with errors]}, plus the whole output under None."""
    pytest.importorskip('mypy', reason='mypy is not installed (tools/setup.sh installs it)')
    directory = tmp_path_factory.mktemp('mypy')
    for name, source in (('good.py', _TYPED_EXAMPLE), ('bad.py', _BAD_EXAMPLE)):
        (directory / name).write_text(textwrap.dedent(source))
    env = dict(os.environ, MYPYPATH=os.path.dirname(_PACKAGE_DIR))
    command = [sys.executable, '-m', 'mypy', '--strict', '--no-incremental', '--cache-dir', os.devnull,
               '--no-error-summary', 'good.py', 'bad.py']
    result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=str(directory))
    errors = {'good.py': [], 'bad.py': [], None: result.stdout + result.stderr}
    for line in result.stdout.splitlines():
        parts = line.split(':')
        if len(parts) > 2 and parts[2].strip() == 'error':
            errors.setdefault(parts[0], []).append(int(parts[1]))
    return errors


def test_mypy_accepts_typed_code(mypy_errors):
    assert mypy_errors['good.py'] == [], mypy_errors[None]
    assert set(mypy_errors) == {'good.py', 'bad.py', None}, mypy_errors[None]  # no error in the stubs


def test_mypy_rejects_wrong_code(mypy_errors):
    assert mypy_errors['bad.py'] == [5, 6, 7, 8], mypy_errors[None]
