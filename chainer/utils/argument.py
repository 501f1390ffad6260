"""Helpers for functions that take some arguments through `**kwargs`.

Chainer functions accept arguments removed from their signature (e.g. `train` before
`chainer.config.train`) through `**kwargs`, so that passing one gives a message saying what to do.
"""

import sys
from typing import Any, Dict, Tuple


def check_unexpected_kwargs(kwargs: Dict[str, Any], **unexpected: str) -> None:
    """Raises ValueError with the given message if `kwargs` holds one of the names in `unexpected`.

    Args:
        kwargs (dict): The keyword arguments received.
        unexpected: Maps each retired argument name to the message explaining what replaced it.

    Raises:
        ValueError: One of the names is in `kwargs`.

    Example:
        >>> argument.check_unexpected_kwargs(
        ...     kwargs, train='train argument is not supported anymore. '
        ...     'Use chainer.using_config')
    """
    for name, message in unexpected.items():
        if name in kwargs:
            raise ValueError(message)


def parse_kwargs(kwargs: Dict[str, Any], *name_and_values: Tuple[str, Any],
                 **unexpected: str) -> Tuple[Any, ...]:
    """Pops the given arguments from `kwargs` and rejects whatever is left.

    Args:
        kwargs (dict): The keyword arguments received; the parsed entries are removed from it.
        name_and_values: `(name, default)` pairs, one per accepted argument.
        unexpected: Retired names with their messages, as in `check_unexpected_kwargs`.

    Returns:
        tuple: The value of each accepted argument (its default when absent), in the given order.

    Raises:
        ValueError: A retired argument was passed.
        TypeError: Any other unknown argument was passed; the message names the calling function
            and the arguments, like Python's own error.

    Example:
        >>> def dropout(x, ratio=.5, **kwargs):
        ...     mask, return_mask = argument.parse_kwargs(
        ...         kwargs, ('mask', None), ('return_mask', False))
    """
    values = tuple(kwargs.pop(name, default) for name, default in name_and_values)
    if kwargs:
        check_unexpected_kwargs(kwargs, **unexpected)
        caller = sys._getframe(1).f_code.co_name
        if caller == 'assert_kwargs_empty':
            caller = sys._getframe(2).f_code.co_name
        names = ', '.join(repr(name) for name in sorted(kwargs))
        raise TypeError('{}() got unexpected keyword argument(s) {}'.format(caller, names))
    return values


def assert_kwargs_empty(kwargs: Dict[str, Any]) -> None:
    """Raises TypeError naming the calling function if `kwargs` is not empty."""
    parse_kwargs(kwargs)
