"""A rank that raises, exits or is killed ends the whole job with an error, never a hang."""

import os
import shutil
import subprocess
import sys
import textwrap
import time

import pytest

pytest.importorskip('mpi4py')

_LIMIT_SECONDS = 60

_PRELUDE = '''
import os, signal, sys, time
import numpy
import chainermn
comm = chainermn.create_communicator('flat')
'''


def _run_job(tmp_path, body, n=2):
    mpiexec = shutil.which('mpiexec')
    if mpiexec is None:
        pytest.skip('mpiexec is not installed')
    script = tmp_path / 'job.py'
    script.write_text(_PRELUDE + textwrap.dedent(body))
    env = dict(os.environ)
    if os.geteuid() == 0:
        env.update(OMPI_ALLOW_RUN_AS_ROOT='1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM='1')
    env['OMPI_MCA_rmaps_base_oversubscribe'] = '1'
    start = time.monotonic()
    result = subprocess.run([os.path.realpath(mpiexec), '-n', str(n), sys.executable, str(script)],
                            env=env, capture_output=True, text=True, timeout=_LIMIT_SECONDS * 2)
    return result, time.monotonic() - start


def test_a_rank_that_raises_aborts_the_others_waiting_in_a_collective(tmp_path):
    result, seconds = _run_job(tmp_path, '''
        if comm.rank == 1:
            raise ValueError('bad batch on rank 1')
        comm.allreduce(numpy.ones(4, numpy.float32))  # rank 1 never comes
        print('unreachable')
    ''')
    assert result.returncode != 0
    assert seconds < _LIMIT_SECONDS
    assert 'ValueError: bad batch on rank 1' in result.stderr
    assert 'rank 1 raised ValueError; aborting the MPI job' in result.stderr
    assert 'unreachable' not in result.stdout


@pytest.mark.parametrize('death', ['os._exit(3)', 'os.kill(os.getpid(), signal.SIGKILL)'])
def test_a_rank_that_dies_ends_the_job(tmp_path, death):
    result, seconds = _run_job(tmp_path, '''
        if comm.rank == 1:
            {}
        comm.allreduce(numpy.ones(4, numpy.float32))
        time.sleep(120)  # a surviving rank never finishes on its own
    '''.format(death))
    assert result.returncode != 0
    assert seconds < _LIMIT_SECONDS


def test_mismatched_shapes_fail_on_every_rank_instead_of_corrupting(tmp_path):
    result, seconds = _run_job(tmp_path, '''
        comm.allreduce(numpy.ones(comm.rank + 2, numpy.float32))
    ''', n=3)
    assert result.returncode != 0
    assert seconds < _LIMIT_SECONDS
    assert 'allreduce: shape and dtype: the ranks disagree' in result.stderr


def test_a_clean_job_exits_zero(tmp_path):
    result, _ = _run_job(tmp_path, '''
        total = comm.allreduce(numpy.ones(3, numpy.float32))
        assert float(total[0]) == comm.size
        ranks = comm.gather_obj(comm.rank)
        if comm.rank == 0:
            print('ok', ranks)
    ''')
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == 'ok [0, 1]'
