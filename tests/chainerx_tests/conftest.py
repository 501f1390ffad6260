"""Fixtures shared by all chainerx tests."""

import pytest

import chainerx as chx

import array_utils


@pytest.fixture(autouse=True)
def restore_default_context_and_device():
    """Every test starts and ends with the global context and native:0 as the default device."""
    device = chx.get_default_device()
    yield
    chx.set_global_default_context(chx._global_context)
    chx.set_default_context(None)
    chx.set_default_device(device)


@pytest.fixture(params=array_utils.DEVICES)
def device(request):
    """Each device of the shared device list, as a Device object."""
    return chx.get_device(request.param)
