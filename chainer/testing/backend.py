"""Running one test on several backends: `BackendConfig` and `inject_backend_tests`.

A backend configuration names a device (NumPy, CuPy, iDeep or a ChainerX device) and the
configuration entries of `chainer.config` that select implementations (cuDNN, autotuning, ...).
`inject_backend_tests` turns each `test_*(self, backend_config)` method into one method per
configuration; a configuration whose device does not exist on this machine skips.
"""

import contextlib
import unittest

import numpy

import chainer
import chainerx
from chainer.backends import cuda
from chainer.backends import intel64
from chainer.testing import attr

# Every property of a configuration with its default, in the order shown by repr.
_DEFAULTS = (
    ('use_chainerx', False),
    ('chainerx_device', None),
    ('use_cuda', False),
    ('cuda_device', None),
    ('use_cudnn', 'never'),
    ('cudnn_deterministic', False),
    ('autotune', False),
    ('cudnn_fast_batch_normalization', False),
    ('use_ideep', 'never'),
)
# The properties that are entries of chainer.config, set by `with backend_config:`.
_CONFIG_KEYS = ('use_cudnn', 'cudnn_deterministic', 'autotune',
                'cudnn_fast_batch_normalization', 'use_ideep')


class BackendConfig:
    """A backend a test runs on: a device and the configuration entries that go with it.

    Args:
        params (dict): Any of `use_chainerx` (bool), `chainerx_device` (str, e.g. `'native:0'`,
            required with `use_chainerx`), `use_cuda` (bool), `cuda_device` (int, default 0 with
            `use_cuda`), `use_cudnn` (`'never'`, `'auto'` or `'always'`),
            `cudnn_deterministic`, `autotune`, `cudnn_fast_batch_normalization` (bool) and
            `use_ideep` (`'never'`, `'auto'` or `'always'`). The rest keep their defaults.

    Raises:
        ValueError: For an unknown key, `use_chainerx` without `chainerx_device`, or both
            `use_chainerx` and `use_cuda`.

    Example:
        >>> config = BackendConfig({'use_chainerx': True, 'chainerx_device': 'native:0'})
        >>> config.get_array(numpy.ones(2)).device.name
        'native:0'
    """

    def __init__(self, params):
        unknown = sorted(set(params) - {key for key, _ in _DEFAULTS})
        if unknown:
            raise ValueError('unknown BackendConfig keys: {}'.format(', '.join(unknown)))
        for key, default in _DEFAULTS:
            setattr(self, key, params.get(key, default))
        if self.use_chainerx and not isinstance(self.chainerx_device, str):
            raise ValueError('use_chainerx needs chainerx_device, a device name such as '
                             "'native:0'")
        if self.use_chainerx and self.use_cuda:
            raise ValueError('use_chainerx and use_cuda are exclusive: name a ChainerX CUDA '
                             "device with chainerx_device='cuda:N' instead")
        if self.use_cuda and self.cuda_device is None:
            self.cuda_device = 0
        self._scopes = []
        self._device = None

    def _non_defaults(self):
        return [(key, getattr(self, key)) for key, default in _DEFAULTS
                if getattr(self, key) != default]

    def __repr__(self):
        return '<BackendConfig {}>'.format(' '.join(
            '{}={!r}'.format(key, value) for key, value in self._non_defaults()) or 'numpy')

    @property
    def xp(self):
        """The array module of the device: :mod:`chainerx`, :mod:`cupy` or :mod:`numpy`."""
        if self.use_chainerx:
            return chainerx
        if self.use_cuda:
            return cuda.cupy
        return numpy

    @property
    def device(self):
        """The :class:`chainer.backend.Device` that the configuration runs on."""
        if self._device is None:
            if self.use_chainerx:
                spec = self.chainerx_device
            elif self.use_cuda:
                spec = '@cupy:{}'.format(self.cuda_device)
            elif self.use_ideep == 'always':
                spec = '@intel64'
            else:
                spec = '@numpy'
            self._device = chainer.get_device(spec)
        return self._device

    def get_array(self, np_array):
        """Sends an array, or a (nested) list or tuple of arrays, to the device."""
        return self.device.send(np_array)

    def using_config(self):
        """Returns a context manager that sets the configuration entries within its block."""
        stack = contextlib.ExitStack()
        for key in _CONFIG_KEYS:
            stack.enter_context(chainer.using_config(key, getattr(self, key)))
        return stack

    def __enter__(self):
        scope = self.using_config()
        scope.__enter__()
        self._scopes.append(scope)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self._scopes.pop().__exit__(exc_type, exc_value, traceback)

    def get_pytest_marks(self):
        """Returns the pytest marks of the hardware that the configuration needs (`gpu`, ...)."""
        marks = []
        if self.use_cuda:
            marks.append(attr.multi_gpu(self.cuda_device + 1) if self.cuda_device
                         else attr.gpu)
            if self.use_cudnn != 'never':
                marks.append(attr.cudnn)
        elif self.use_chainerx and self.chainerx_device.startswith('cuda'):
            index = _chainerx_device_index(self.chainerx_device)
            marks.append(attr.multi_gpu(index + 1) if index else attr.gpu)
        if self.use_ideep == 'always':
            marks.append(attr.ideep)
        return marks

    def unavailable_reason(self):
        """Returns why the device cannot be used on this machine, or None if it can."""
        if self.use_chainerx:
            try:
                chainerx.get_device(self.chainerx_device)
            except (chainerx.BackendError, chainerx.DeviceError, chainerx.ChainerxError) as e:
                return 'ChainerX device {} is not available ({})'.format(
                    self.chainerx_device, type(e).__name__)
        if self.use_cuda:
            if not cuda.available:  # use_cuda is CuPy's; chainerx's own CUDA devices are use_chainerx configs
                return 'CUDA (CuPy) is not available'
            if attr.gpu_count() <= self.cuda_device:
                return 'CUDA device {} is not available'.format(self.cuda_device)
            if self.use_cudnn == 'always' and not cuda.cudnn_enabled:
                return 'cuDNN is not available'
        if self.use_ideep == 'always' and not intel64.is_ideep_available():
            return 'iDeep is not available'
        return None

    def _method_suffix(self):
        # A readable identifier of the configuration for the names of injected test methods.
        parts = []
        for key, value in self._non_defaults():
            if key in ('use_chainerx', 'use_cuda'):
                continue
            if key == 'chainerx_device':
                parts.append('chainerx_' + value.replace(':', '_'))
            elif key == 'cuda_device':
                parts.append('cuda_{}'.format(value))
            elif isinstance(value, bool):
                parts.append(key)
            else:
                parts.append('{}_{}'.format(key, value))
        return '__'.join(parts) or 'numpy'


def _chainerx_device_index(name):
    """Returns the index in a ChainerX device name (`'cuda:1'` -> 1; a bare backend name -> 0)."""
    _, _, index = name.partition(':')
    return int(index) if index else 0


def inject_backend_tests(method_names, params):
    """Replaces test methods taking `backend_config` with one method per backend configuration.

    Each generated method is named `<method>__<configuration>` (e.g.
    `test_forward__chainerx_native_0`), carries the configuration's pytest marks, skips where
    the device is unavailable, and calls the original method with the :class:`BackendConfig`.

    Args:
        method_names (list of str or None): The methods to replace; None for every attribute of
            the class whose name starts with `test_`.
        params (list of dict): The configurations, as :class:`BackendConfig` parameters (e.g. from
            :func:`chainer.testing.product`).

    Returns:
        A class decorator (the class is changed in place).

    Raises:
        TypeError: If `method_names` is neither a list nor None, or `params` is not a list.
        ValueError: For an invalid configuration.

    Example:
        >>> @chainer.testing.inject_backend_tests(None, [
        ...     {}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
        ... class TestAdd(unittest.TestCase):
        ...     def test_add(self, backend_config):
        ...         x = backend_config.get_array(numpy.ones(2))
        ...         assert backend_config.xp.all(x + x == 2)
    """
    if method_names is not None and not isinstance(method_names, (list, tuple)):
        raise TypeError('method_names must be a list of names or None, got {!r}'.format(
            type(method_names)))
    if not isinstance(params, (list, tuple)):
        raise TypeError('params must be a list of dicts, got {!r}'.format(type(params)))
    configs = [p if isinstance(p, BackendConfig) else BackendConfig(p) for p in params]
    suffixes = _unique_suffixes(configs)

    def decorator(cls):
        names = method_names
        if names is None:
            names = [name for name in dir(cls)
                     if name.startswith('test_') and callable(getattr(cls, name))]
        for name in names:
            method = getattr(cls, name)
            if name in cls.__dict__:
                delattr(cls, name)
            if hasattr(cls, name):
                setattr(cls, name, None)  # inherited: hide it from the test collectors
            for suffix, config in zip(suffixes, configs):
                new_name = '{}__{}'.format(name, suffix)
                setattr(cls, new_name, _backend_test(method, config, cls, new_name))
        return cls

    return decorator


def _unique_suffixes(configs):
    suffixes = [config._method_suffix() for config in configs]
    return [s if suffixes.count(s) == 1 else '{}_{}'.format(s, i)
            for i, s in enumerate(suffixes)]


def _backend_test(method, config, cls, name):
    # Not functools.wraps: pytest would follow __wrapped__ and ask for a `backend_config` fixture.
    def test(self):
        reason = config.unavailable_reason()
        if reason is not None:
            raise unittest.SkipTest(reason)
        method(self, config)

    test.__name__ = name
    test.__qualname__ = '{}.{}'.format(cls.__qualname__, name)
    test.__doc__ = method.__doc__
    test.__module__ = method.__module__
    for mark in config.get_pytest_marks():
        test = mark(test)
    return test
