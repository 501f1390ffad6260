"""Fixtures shared by all chainerx tests.

CHAINERX_TEST_DEFAULT_DEVICE=cuda:0 runs every test with cuda:0 as the default device, so that the arrays a test
makes without naming a device live there: the whole suite on a GPU. (native:1 checks the suite itself: a test
that fails only then assumes native:0 where it should not.)
"""

import os

import pytest

import chainerx as chx

import array_utils


_DEFAULT_DEVICE = os.environ.get('CHAINERX_TEST_DEFAULT_DEVICE', 'native:0')


@pytest.fixture(autouse=True)
def restore_default_context_and_device():
    """Every test starts and ends with the global context and the suite's default device."""
    chx.set_default_device(_DEFAULT_DEVICE)
    yield
    chx.set_global_default_context(chx._global_context)
    chx.set_default_context(None)
    chx.set_default_device(_DEFAULT_DEVICE)


@pytest.fixture
def native_default_device():
    """native:0 as the default device whatever the suite's: for tests of the default-device mechanics themselves
    and of printed output (`pytestmark = pytest.mark.usefixtures('native_default_device')`)."""
    chx.set_default_device('native:0')


@pytest.fixture(params=array_utils.DEVICES)
def device(request):
    """Each device of the shared device list, as a Device object."""
    return chx.get_device(request.param)
