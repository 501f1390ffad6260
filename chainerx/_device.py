"""Device pickling support: a pickled Device unpickles to the same device object."""

import chainerx


def _recover_device(backend_name, index):
    return chainerx.get_device(backend_name, index)
