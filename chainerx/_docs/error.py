"""Docstrings of the exception classes (chainerx/python/error.cc). Each derives from its C++ base's
Python class, so ``except chainerx.ChainerxError`` catches every one of them."""

DOCS = {
    'ChainerxError': 'Base class of the errors raised by chainerx.',
    'ContextError': 'No default context is set, or a context mismatch.',
    'BackendError': 'A backend cannot be found or loaded, or lacks a kernel.',
    'DeviceError': 'Arrays on incompatible devices, or an invalid device index.',
    'DimensionError': 'Shapes, ranks or axes that do not fit the operation.',
    'DtypeError': 'A dtype the operation does not accept, or an unknown dtype.',
    'NotImplementedError': 'A feature that chainerx does not implement (shadows the builtin inside chainerx).',
    'GradientError': 'A gradient whose shape, dtype or device does not match its array.',
    'GradientCheckError': 'Raised by :func:`check_backward` when analytic and numerical gradients differ.',
}
