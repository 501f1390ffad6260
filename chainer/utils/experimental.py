"""`experimental(api_name)`: the warning that marks an API as experimental."""

import warnings

import chainer


def experimental(api_name: str) -> None:
    """Warns (FutureWarning) that `api_name` is experimental and may change without notice.

    Call it at the entry of the experimental API. Setting
    `chainer.disable_experimental_feature_warning = True` silences every such warning.

    Args:
        api_name (str): The API's name as users write it, e.g. `'chainer.functions.foo'`.

    Example:
        >>> def foo(x):
        ...     chainer.utils.experimental('chainer.functions.foo')
        ...     return x
    """
    if getattr(chainer, 'disable_experimental_feature_warning', False):
        return
    warnings.warn(
        '{} is experimental. Its signature and behaviour may change in future releases without '
        'a deprecation period.'.format(api_name), FutureWarning, stacklevel=3)
