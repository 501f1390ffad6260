"""mpi4py, imported on first use, and the MPI facts the communicators share."""

import os
import sys
import threading

import numpy

_lock = threading.Lock()
_except_hook_installed = False


def mpi():
    """Returns ``mpi4py.MPI``, raising an ImportError that says what to install if it is missing."""
    try:
        from mpi4py import MPI
    except ImportError as error:
        raise ImportError(
            'chainermn needs mpi4py and an MPI library (Debian: openmpi-bin libopenmpi-dev, then '
            '`pip install mpi4py`); tools/setup.sh installs both') from error
    return MPI


# Note [MPI reduction types]
# MPI has no float16 and no reduction over C bool that means "sum". Reductions run on float16
# data in float32 (converted on the way in and out) and on bool data with logical or (what NumPy's
# + does on bool arrays). Every other transfer (send, bcast, gather, alltoall, ...) moves raw
# bytes, so any numeric dtype travels as it is.
_REDUCTION_DTYPES = {
    'float32': 'FLOAT', 'float64': 'DOUBLE', 'int8': 'INT8_T', 'int16': 'INT16_T',
    'int32': 'INT32_T', 'int64': 'INT64_T', 'uint8': 'UINT8_T', 'bool': 'C_BOOL'}


def reduction_dtype(dtype):
    """The dtype in which a sum of `dtype` data runs over MPI (float16 sums in float32)."""
    dtype = numpy.dtype(dtype)
    if dtype == numpy.float16:
        return numpy.dtype(numpy.float32)
    if dtype.name not in _REDUCTION_DTYPES:
        raise TypeError('chainermn cannot sum arrays of dtype {} over MPI'.format(dtype))
    return dtype


def sum_op_and_type(dtype):
    """``(MPI op, MPI datatype)`` summing data of `dtype` (after :func:`reduction_dtype`)."""
    MPI = mpi()
    dtype = numpy.dtype(dtype)
    datatype = getattr(MPI, _REDUCTION_DTYPES[dtype.name])
    return (MPI.LOR if dtype == numpy.bool_ else MPI.SUM), datatype


def install_abort_on_exception():
    """Makes an uncaught exception in any rank abort the whole MPI job (once per process).

    Note [Abort on exception]: a rank that raises would otherwise exit while the others wait for it
    in a collective forever. The hook prints the traceback as usual, then calls ``MPI_Abort`` on
    COMM_WORLD, so mpiexec ends every rank with an error. CHAINERMN_FORCE_ABORT_ON_EXCEPTION=0
    leaves sys.excepthook alone.
    """
    global _except_hook_installed
    if os.environ.get('CHAINERMN_FORCE_ABORT_ON_EXCEPTION', '1') == '0':
        return
    with _lock:
        if _except_hook_installed:
            return
        previous = sys.excepthook

        def abort_on_exception(exc_type, value, traceback):
            previous(exc_type, value, traceback)
            MPI = mpi()
            if MPI.Is_initialized() and not MPI.Is_finalized() and MPI.COMM_WORLD.Get_size() > 1:
                sys.stderr.write('chainermn: rank {} raised {}; aborting the MPI job\n'.format(
                    MPI.COMM_WORLD.Get_rank(), exc_type.__name__))
                sys.stderr.flush()
                MPI.COMM_WORLD.Abort(1)

        sys.excepthook = abort_on_exception
        _except_hook_installed = True
