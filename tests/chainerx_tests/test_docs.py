"""Every public chainerx name has a docstring that describes its parameters, and the examples in
those docstrings run (chainerx/_docs supplies the compiled names' docstrings at import)."""

import doctest
import re

import pytest

import chainerx
import chainerx.testing
from chainerx import _docs
import pybind_signatures as sigs

# Default-device mechanics and printed examples are about native:0 (see conftest.py).
pytestmark = pytest.mark.usefixtures('native_default_device')


def _is_chainerx_callable(obj):
    return callable(obj) and (getattr(obj, '__module__', None) or '').startswith('chainerx')


# The modules whose public names are checked. chainerx.creation, .math and .manipulation re-export
# module-level functions, checked as such; chainerx.testing is imported on demand (it needs pytest).
_MODULES = ((chainerx, ''), (chainerx.linalg, 'linalg.'), (chainerx.random, 'random.'),
            (chainerx.testing, 'testing.'))


def _documented_objects():
    """(qualified name, object) of the public callables and classes of the modules above, and of the
    methods and properties of chainerx's classes."""
    found = []
    for module, prefix in _MODULES:
        for name in sorted(sigs.public_names(module)):
            obj = getattr(module, name)
            if _is_chainerx_callable(obj) or (isinstance(obj, type) and obj.__module__ == 'chainerx'):
                found.append((prefix + name, obj))
    for class_name, cls in sorted(sigs.public_classes().items()):
        for member in sorted(sigs.class_member_names(cls)):
            value = vars(cls)[member]
            if value is not None:
                found.append((class_name + '.' + member, value))
    return found


_OBJECTS = _documented_objects()


def _body(doc):
    """The docstring without pybind11's signature lines."""
    lines = doc.split('\n')
    while lines and (re.match(r'^(\d+\. )?[\w.]+\(.*\)( -> .*)?$', lines[0]) or lines[0] in (
            '', 'Overloaded function.')):
        lines.pop(0)
    return '\n'.join(lines)


def _mentions(doc, name):
    # An Args entry (`name:` or `name (`), or the name in backquotes.
    pattern = r'(^\s+{0}\s*[:(])|(`{0}`)'.format(re.escape(name))
    return re.search(pattern, doc, re.MULTILINE) is not None


def _documentable_params(obj, is_method):
    names = []
    for overload in sigs.signatures(obj):
        params = overload[1:] if is_method else overload
        for param in params:
            # arg0... are pybind11's names for positional-only values; *args/**kwargs of pybind11
            # functions are how it spells a variadic form that the docstring describes in words.
            if re.fullmatch(r'arg\d+', param.name) or param.name in ('self', 'args', 'kwargs'):
                continue
            names.append(param.name)
    return names


def test_public_names_are_found():
    names = {name for name, _ in _OBJECTS}
    assert {'exp', 'linalg.svd', 'ndarray.reshape', 'ndarray.shape', 'Device.name', 'clip'} <= names
    assert len(_OBJECTS) > 300


@pytest.mark.parametrize('name,obj', _OBJECTS, ids=[name for name, _ in _OBJECTS])
def test_docstring_is_present(name, obj):
    doc = obj.__doc__ or ''
    assert len(_body(doc).strip()) > 10, '{} has no docstring'.format(name)


_CALLABLES = [(name, obj) for name, obj in _OBJECTS
              if not isinstance(obj, (type, property)) and (sigs.is_pybind_function(obj) or callable(obj))]


@pytest.mark.parametrize('name,obj', _CALLABLES, ids=[name for name, _ in _CALLABLES])
def test_docstring_mentions_parameters(name, obj):
    is_method = '.' in name and not name.startswith('linalg.')
    doc = _body(obj.__doc__ or '')
    missing = [p for p in _documentable_params(obj, is_method) if not _mentions(doc, p)]
    assert not missing, '{} does not describe {}'.format(name, missing)


def test_every_documented_path_exists():
    stale = []
    for path in _docs.all_docs():
        try:
            _docs._resolve(path)
        except AttributeError:
            stale.append(path)
    assert not stale


def test_signature_line_stays_first():
    assert chainerx.exp.__doc__.startswith('exp(x: ')
    assert chainerx.get_device.__doc__.startswith('get_device(*args, **kwargs)\nOverloaded function.')
    assert chainerx.ndarray.reshape.__doc__.startswith('reshape(self: chainerx.ndarray')


def test_aliases_share_docstrings():
    assert chainerx.mod.__doc__ == chainerx.remainder.__doc__
    assert 'chainerx.mod' in chainerx.remainder.__doc__


def test_set_docs_is_idempotent():
    before = chainerx.exp.__doc__
    _docs.set_docs()
    assert chainerx.exp.__doc__ == before


def test_set_pybind_doc_rejects_other_builtins():
    with pytest.raises(TypeError):
        chainerx._core._set_pybind_doc(len, 'not ours')
    with pytest.raises(TypeError):
        chainerx._core._set_pybind_doc(lambda: None, 'not a builtin')


def _private_documented_objects():
    """The private names that chainerx/_docs documents (``_core._fromrawpointer``, ...), for their examples."""
    found = []
    for path in sorted(_docs.all_docs()):
        if any(part.startswith('_') and not part.endswith('__') for part in path.split('.')):
            try:
                found.append((path, _docs._resolve(path)[2]))
            except AttributeError:  # reported by test_every_documented_path_exists
                pass
    return found


def _examples():
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests = []
    for name, obj in _OBJECTS + _private_documented_objects():
        if isinstance(obj, property):
            continue
        for test in finder.find(obj, name, globs={'chainerx': chainerx}):
            if test.examples:
                tests.append(test)
    return tests


_DOCTESTS = _examples()


def test_examples_are_found():
    assert len(_DOCTESTS) > 30


@pytest.mark.parametrize('test', _DOCTESTS, ids=[t.name for t in _DOCTESTS])
def test_docstring_example_runs(test):
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=lambda text: pytest.fail(text))
    assert runner.failures == 0
