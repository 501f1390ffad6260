"""Fixtures of the serializer tests."""

import pytest

from serializer_test_objects import DEVICES


@pytest.fixture(params=DEVICES)
def device(request):
    """The device of the arrays of the objects: '@numpy' or 'native:0'."""
    return request.param
