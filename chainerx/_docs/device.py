"""Docstrings of contexts, backends and devices (chainerx/python/device.cc)."""

from chainerx._docs._format import doc, scope_methods

_CONTEXT = ('context', 'A :class:`~chainerx.Context`.')
_BACKEND_NAME = ('backend_name', 'A backend name such as ``\'native\'`` or ``\'cuda\'``.')
_INDEX = ('index', 'The device index within the backend.')
_NO_CONTEXT = ('chainerx.ContextError', 'If no default context is set.')
_BAD_BACKEND = ('chainerx.BackendError', 'If the backend is neither built in nor loadable as a plug-in.')
_BAD_DEVICE = ('chainerx.DeviceError', 'If the index is out of range.')
_GET_DEVICE_NOTES = ('Called as ``get_device(device=None)`` (a :class:`~chainerx.Device`, a name such as '
                     '``\'native:1\'``, a bare backend name meaning index 0, or ``None`` for the default '
                     'device) or ``get_device(backend_name, index)``. Devices are singletons per context, '
                     'backend and index, so ``is`` compares them.')
_GET_DEVICE_ARGS = [('device', 'A device or a device name (first form).'), _BACKEND_NAME, _INDEX]

DOCS = {
    'Context': doc(
        'Owns the backends and the backprop ids (graphs); a global default one is created at import.',
        notes='Backends are created on first use: ``native`` and (in CUDA builds) ``cuda`` are built in, '
              'others are loaded from ``$CHAINERX_PATH/backends/<name>.so`` (default ``~/.chainerx``) and '
              'from nowhere else: a backend name must consist of letters, digits and ``_``. A context made '
              'from Python lives until the process exits, so that its arrays, devices and backprop ids stay '
              'valid after the object is dropped.'),
    'Context.__reduce_ex__': doc('Contexts cannot be pickled.', args=[('protocol', 'The pickle protocol.')],
                                 raises=[('TypeError', 'Always.')]),
    'Backend.__reduce_ex__': doc('Backends cannot be pickled.', args=[('protocol', 'The pickle protocol.')],
                                 raises=[('TypeError', 'Always.')]),
    'Context.get_backend': doc('Returns the backend of the given name, creating it on first use.',
                               args=[_BACKEND_NAME], returns='A :class:`~chainerx.Backend`.',
                               raises=[_BAD_BACKEND]),
    'Context.get_device': doc('Returns a device of this context.',
                              notes=_GET_DEVICE_NOTES.replace('(device=None)', '(device_name)'),
                              args=[('device_name', 'A device or a device name (first form).')]
                              + _GET_DEVICE_ARGS[1:], returns='A :class:`~chainerx.Device`.',
                              raises=[_BAD_BACKEND, _BAD_DEVICE]),
    'Context.make_backprop_id': doc('Creates a new graph identifier, inner to (after) all existing ones.',
                                    args=[('backprop_name', 'A name, shown by ``repr``.')],
                                    returns='A :class:`~chainerx.BackpropId`.'),
    'Context.release_backprop_id': doc('Releases a graph identifier; arrays drop their nodes on that graph.',
                                       args=[('backprop_id', 'A :class:`~chainerx.BackpropId` of this '
                                                             'context (not the default graph).')],
                                       raises=[('chainerx.ChainerxError', 'For the default graph or an '
                                                                          'expired id.')]),
    'Context._check_valid_backprop_id': doc(
        'Raises unless ``backprop_id`` is a live graph of this context.',
        args=[('backprop_id', 'A :class:`~chainerx.BackpropId`.')],
        raises=[('chainerx.ChainerxError', 'If the id is released or belongs to another context.')]),
    'Backend': doc('A family of devices (``native``, ``cuda`` or a plug-in) within a context.'),
    'Backend.name': 'The backend name, e.g. ``\'native\'``.',
    'Backend.context': 'The :class:`~chainerx.Context` that owns this backend.',
    'Backend.get_device': doc('Returns the device of the given index.', args=[_INDEX],
                              returns='A :class:`~chainerx.Device`.', raises=[_BAD_DEVICE]),
    'Backend.get_device_count': doc('The number of devices of this backend (4 for ``native``).',
                                    returns='int.'),
    'Device': doc('A device on which arrays live, such as ``native:0``.',
                  notes='Devices are singletons: copying or unpickling gives back the same object.'),
    'Device.name': 'The device name, ``\'<backend>:<index>\'``.',
    'Device.backend': 'The :class:`~chainerx.Backend` of this device.',
    'Device.context': 'The :class:`~chainerx.Context` of this device.',
    'Device.index': 'The index of this device within its backend.',
    'Device.synchronize': doc('Waits until all work queued on this device has finished.'),
    'DeviceScope': doc('A context manager that makes a device the default one while it is entered '
                       '(returned by :func:`using_device`).'),
    'DeviceScope.device': 'The device this scope makes the default one.',
    'ContextScope': doc('A context manager that makes a context the default one while it is entered, '
                        'restoring the previous default context and device on exit.'),
    'get_backend': doc('Returns a backend of the default context.', args=[_BACKEND_NAME],
                       returns='A :class:`~chainerx.Backend`.', raises=[_BAD_BACKEND, _NO_CONTEXT]),
    'get_device': doc('Returns a device of the default context.', notes=_GET_DEVICE_NOTES,
                      args=_GET_DEVICE_ARGS, returns='A :class:`~chainerx.Device`.',
                      raises=[_BAD_BACKEND, _BAD_DEVICE, ('TypeError', 'For another type of ``device``.')],
                      example='''
                          >>> chainerx.get_device('native', 1).name
                          'native:1\''''),
    'get_default_context': doc('Returns the thread\'s default context (else the global default one).',
                               returns='A :class:`~chainerx.Context`.', raises=[_NO_CONTEXT]),
    'set_default_context': doc('Sets the thread\'s default context.',
                               args=[('context', 'A :class:`~chainerx.Context`, or ``None`` to unset it.')]),
    'get_global_default_context': doc('Returns the default context of all threads that set none.',
                                      returns='A :class:`~chainerx.Context`.', raises=[_NO_CONTEXT]),
    'set_global_default_context': doc('Sets the default context of all threads that set none.',
                                      args=[('context', 'A :class:`~chainerx.Context`, or ``None``.')]),
    'context_scope': doc('Returns a context manager that makes ``context`` the default context while '
                         'entered.', args=[_CONTEXT], returns='A :class:`~chainerx.ContextScope`.'),
    'get_default_device': doc('Returns the thread\'s default device (initially ``native:0`` of the default '
                              'context).', returns='A :class:`~chainerx.Device`.'),
    'set_default_device': doc('Sets the thread\'s default device.',
                              args=[('device', 'A device or a device name.')],
                              raises=[_BAD_BACKEND, _BAD_DEVICE]),
    'using_device': doc(
        'Returns a context manager that makes a device the default one while entered.',
        notes='Called as ``using_device(device)`` or ``using_device(backend_name, index)``; nothing changes '
              'until the scope is entered.',
        args=[('device', 'A device or a device name.'), _BACKEND_NAME, _INDEX],
        returns='A :class:`~chainerx.DeviceScope`; ``__enter__`` returns the scope itself.',
        raises=[_BAD_BACKEND, _BAD_DEVICE]),
}
DOCS.update(scope_methods('DeviceScope', 'the device becomes the default one.', returns='The scope itself.'))
DOCS.update(scope_methods('ContextScope', 'the context becomes the default one.'))
DOCS.update({
    'Context.__init__': doc('Creates a context with no backends loaded yet.'),
    'Device.__copy__': doc('Returns the device itself (devices are singletons).'),
    'Device.__deepcopy__': doc('Returns the device itself (devices are singletons).',
                               args=[('memo', 'The deepcopy memo (``arg0``, unused).')]),
    'Device.__reduce__': doc('Pickling support: unpickling calls ``chainerx._device._recover_device(backend_name, '
                             'index)``, which returns the same device object.'),
    'Device.__repr__': doc('The device name, e.g. ``native:0``.'),
})
