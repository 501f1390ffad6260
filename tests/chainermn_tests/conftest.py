"""Fixtures and safety nets of the chainermn tests, which run in several MPI processes at once.

Every rank runs the same tests in the same order, and the tests communicate. A test that fails on
one rank would leave the others waiting in a collective forever, so a failure (or error) on any rank
prints its report and aborts the whole MPI job, and a test that runs longer than the watchdog's
limit dumps every thread's stack and exits, which makes mpiexec end the other ranks.
"""

import faulthandler
import shutil
import sys
import tempfile

import pytest

import chainer
import chainerx

mpi4py = pytest.importorskip('mpi4py')

import chainermn  # NOQA: E402 (after the skip)
from chainermn import _mpi  # NOQA: E402

_WATCHDOG_SECONDS = 120

COMMUNICATOR_NAMES = ('naive', 'flat', 'non_cuda_aware')

# The kinds of host arrays the tests send: name -> a function making one from a NumPy array.
ARRAY_MAKERS = {
    'numpy': lambda a: a,
    'chainerx': lambda a: chainerx.array(a, device='native:0'),
}


_OWN_BASETEMP = pytest.StashKey[str]()


def pytest_configure(config):
    # Ranks run pytest at the same time as the same user: each gets its own temporary base, or they
    # would race cleaning up pytest's shared one.
    if config.option.basetemp is None:
        rank = _mpi.mpi().COMM_WORLD.Get_rank()
        config.option.basetemp = tempfile.mkdtemp(prefix='chainermn-tests-rank{}-'.format(rank))
        config.stash[_OWN_BASETEMP] = config.option.basetemp


def pytest_unconfigure(config):
    # The base made above is this run's alone (pytest keeps the bases it makes itself, but not this one).
    own = config.stash.get(_OWN_BASETEMP, None)
    if own is not None:
        shutil.rmtree(own, ignore_errors=True)


@pytest.fixture(autouse=True)
def watchdog_and_defaults():
    faulthandler.dump_traceback_later(_WATCHDOG_SECONDS, exit=True)
    device = chainerx.get_default_device()
    saved = dict(chainer.config.__dict__)
    yield
    faulthandler.cancel_dump_traceback_later()
    chainerx.set_default_device(device)
    chainer.config.__dict__.clear()
    chainer.config.__dict__.update(saved)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    MPI = _mpi.mpi()
    if report.failed and MPI.COMM_WORLD.Get_size() > 1:
        rank = MPI.COMM_WORLD.Get_rank()
        sys.stderr.write('\n[rank {}] FAILED {} ({})\n{}\n'.format(
            rank, item.nodeid, report.when, report.longreprtext))
        sys.stderr.write('[rank {}] aborting the MPI job\n'.format(rank))
        sys.stderr.flush()
        MPI.COMM_WORLD.Abort(1)


@pytest.fixture(params=COMMUNICATOR_NAMES)
def comm(request):
    """Each MPI communicator over COMM_WORLD."""
    return chainermn.create_communicator(request.param)


@pytest.fixture(params=sorted(ARRAY_MAKERS))
def kind(request):
    """The name of each kind of host array (a key of ARRAY_MAKERS)."""
    return request.param


@pytest.fixture
def make_array(kind):
    """Makes an array of the test's kind from a NumPy array."""
    return ARRAY_MAKERS[kind]


@pytest.fixture
def flat_comm():
    return chainermn.create_communicator('flat')
