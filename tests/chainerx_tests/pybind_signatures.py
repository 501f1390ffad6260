"""Reads the signatures of chainerx's public callables: pybind11 writes them as the first docstring
lines (one per overload), Python functions give them to `inspect`. Used by test_docs.py and
test_stubs.py."""

import dataclasses
import inspect
import re
import typing as tp

import chainerx

# Attributes that every pybind11 class or module has, not part of chainerx's API.
PYBIND_INTERNALS = frozenset(['__module__', '__doc__', '__dict__', '__weakref__', '_pybind11_conduit_v1_'])
NO_DEFAULT = inspect.Parameter.empty
UNKNOWN_DEFAULT = object()  # a default written as `...` or that is not a literal


@dataclasses.dataclass(frozen=True)
class Param:
    name: str
    kind: inspect._ParameterKind
    default: tp.Any = NO_DEFAULT


def _split_top_level(text: str) -> tp.List[str]:
    """Splits at the commas outside brackets and quotes."""
    parts, depth, current, quote = [], 0, '', None
    for char in text:
        if quote:
            quote = None if char == quote else quote
        elif char in '\'"':
            quote = char
        elif char in '([{':
            depth += 1
        elif char in ')]}':
            depth -= 1
        if char == ',' and depth == 0 and not quote:
            parts.append(current.strip())
            current = ''
        else:
            current += char
    return parts + ([current.strip()] if current.strip() else [])


def literal(text: str) -> tp.Any:
    try:
        return eval(text, {'__builtins__': {}}, {'None': None, 'True': True, 'False': False})  # NOQA
    except Exception:
        return UNKNOWN_DEFAULT


def _parse_params(text: str) -> tp.List[Param]:
    params: tp.List[Param] = []
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    for part in _split_top_level(text):
        if part == '/':
            params = [dataclasses.replace(p, kind=inspect.Parameter.POSITIONAL_ONLY) for p in params]
        elif part == '*':
            kind = inspect.Parameter.KEYWORD_ONLY
        elif part.startswith('**'):
            params.append(Param(part[2:].split(':')[0], inspect.Parameter.VAR_KEYWORD))
        elif part.startswith('*'):
            params.append(Param(part[1:].split(':')[0], inspect.Parameter.VAR_POSITIONAL))
            kind = inspect.Parameter.KEYWORD_ONLY
        else:
            name, _, rest = part.partition(':')
            _, has_default, default = rest.partition(' = ')
            # pybind11 names unnamed parameters arg0, arg1, ...: they cannot be passed by keyword.
            param_kind = inspect.Parameter.POSITIONAL_ONLY if re.fullmatch(r'arg\d+', name) else kind
            params.append(Param(name.strip(), param_kind, literal(default) if has_default else NO_DEFAULT))
    return params


def is_pybind_function(obj: tp.Any) -> bool:
    # method_descriptor: an ndarray method with a fast path, which keeps the pybind11 signature lines.
    kind = type(getattr(obj, '__func__', obj)).__name__
    return kind in ('builtin_function_or_method', 'method_descriptor')


def pybind_signatures(func: tp.Any) -> tp.List[tp.List[Param]]:
    """The parameter lists of each overload, from the signature lines of the docstring."""
    doc = func.__doc__ or ''
    name = re.escape(func.__name__)
    lines = re.findall(r'^(?:\d+\. )?' + name + r'\((.*)\)(?: -> .*)?$', doc, re.MULTILINE)
    if len(lines) > 1 and 'Overloaded function.' in doc:
        lines = lines[1:]  # the first line is the generic `name(*args, **kwargs)`
    else:
        lines = lines[:1]
    return [_parse_params(line) for line in lines]


def signatures(func: tp.Any) -> tp.List[tp.List[Param]]:
    """Overload parameter lists of a pybind11 function or of a Python function."""
    if is_pybind_function(func):
        return pybind_signatures(func)
    signature = inspect.signature(func)
    return [[Param(p.name, p.kind, p.default) for p in signature.parameters.values()]]


def public_names(module: tp.Any) -> tp.Set[str]:
    """The names a module declares in ``__all__`` (chainerx.random imports numpy, ...), or else those without
    a leading underscore."""
    if hasattr(module, '__all__'):
        return set(module.__all__)
    return {name for name in dir(module) if not name.startswith('_')}


def class_member_names(cls: type) -> tp.Set[str]:
    """Public names and dunders defined by a chainerx class (not inherited from object or pybind11)."""
    names = set()
    for name, value in vars(cls).items():
        if name in PYBIND_INTERNALS or (name.startswith('_') and not name.endswith('__')):
            continue
        # pybind11 gives classes without a constructor an __init__ that raises; Python 3.12+ gives every type with
        # the buffer protocol __buffer__/__release_buffer__ slot wrappers (PEP 688). Neither is chainerx's API.
        if name in ('__init__', '__buffer__', '__release_buffer__') and type(value).__name__ == 'wrapper_descriptor':
            continue
        names.add(name)
    return names


def public_classes() -> tp.Dict[str, type]:
    return {name: getattr(chainerx, name) for name in public_names(chainerx)
            if isinstance(getattr(chainerx, name), type) and getattr(chainerx, name).__module__ == 'chainerx'
            and not issubclass(getattr(chainerx, name), BaseException)}
