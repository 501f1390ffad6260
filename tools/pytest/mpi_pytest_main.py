"""Entry point of mpi_pytest_test targets: runs pytest on the given files in N MPI processes.

    mpi_pytest_main.py --np N [--timeout SECONDS] FILES...
    mpi_pytest_main.py --np N [--timeout SECONDS] --script PROGRAM [ARGS...]

The second form runs a Python program instead of pytest (the chainermn example's test).

Each rank runs pytest on the same files (the tests themselves communicate through chainermn); the
target passes when mpiexec exits 0, that is when every rank passed. A failing rank aborts the whole
job (tests/chainermn_tests/conftest.py), and the whole run is killed after --timeout seconds, so a
hang becomes a failure instead of blocking the test runner. Only rank 0 writes Bazel's XML report.
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys


def _mpi_environment():
    env = dict(os.environ)
    if os.geteuid() == 0:  # CI runs as root; Open MPI refuses that unless told it is intended
        env['OMPI_ALLOW_RUN_AS_ROOT'] = '1'
        env['OMPI_ALLOW_RUN_AS_ROOT_CONFIRM'] = '1'
    # more ranks than cores is fine for tests; ranks then yield the CPU while they wait
    env['OMPI_MCA_rmaps_base_oversubscribe'] = '1'
    env.setdefault('OMPI_MCA_btl', 'self,vader')  # one machine: shared memory, no network probing
    return env


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument('--np', type=int, required=True)
    parser.add_argument('--timeout', type=float, default=240)
    parser.add_argument('--script')
    args, files = parser.parse_known_args(argv)
    mpiexec = shutil.which('mpiexec')
    if mpiexec is None:
        print('mpi_pytest_main: mpiexec not found (tools/setup.sh installs Open MPI)', file=sys.stderr)
        return 1
    # Open MPI derives its installation prefix from mpiexec's path; /bin/mpiexec (a PATH with /bin
    # first, as under Bazel) gives "/", which it refuses. The real path gives /usr.
    mpiexec = os.path.realpath(mpiexec)
    cwd = None
    if args.script:
        program = [os.path.abspath(args.script)] + files
        cwd = os.environ.get('TEST_TMPDIR')  # under Bazel, what the program writes goes there
    else:
        pytest_main = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'pytest_main.py')
        # one line per test and rank (tagged by mpiexec), instead of interleaved progress dots
        program = [pytest_main, '--color=no', '-v', '-v'] + files
    command = [mpiexec, '-n', str(args.np), '--tag-output', sys.executable] + program
    process = subprocess.Popen(command, env=_mpi_environment(), cwd=cwd, start_new_session=True)
    try:
        return process.wait(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        print('mpi_pytest_main: killed after {} s (a hang?)'.format(args.timeout), file=sys.stderr)
        return 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
