"""Fixtures shared by all chainer tests."""

import pytest

import chainer
import chainerx

from mode_utils import mode  # NOQA  (the fixture, for every test module)


@pytest.fixture(autouse=True)
def restore_configuration_and_default_device():
    """Every test starts and ends with the default configuration and native:0 as chainerx's default device."""
    device = chainerx.get_default_device()
    saved = dict(chainer.config.__dict__)
    yield
    chainerx.set_default_device(device)
    chainer.config.__dict__.clear()
    chainer.config.__dict__.update(saved)
