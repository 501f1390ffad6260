"""Entry point of pytest_test targets: runs pytest on the given files inside Bazel's test runner.

Bazel's --test_filter=EXPR becomes pytest's -k EXPR. A sharded target (shard_count, Note [One test target per
package] in pytest.bzl) runs every Nth of its files in each shard.
"""

import os
import sys

import pytest

# pytest's "no tests were collected": a target whose files contain no tests is a mistake.
_NO_TESTS_COLLECTED = 5


def _is_test_file(arg):
    return arg.endswith('.py') and not arg.startswith('-')


def _this_shards_arguments(argv):
    """The arguments with the test files of the other shards left out (all of them if the target is not sharded)."""
    total = int(os.environ.get('TEST_TOTAL_SHARDS', '1'))
    if total <= 1:
        return argv
    index = int(os.environ['TEST_SHARD_INDEX'])
    # Bazel's sharding protocol: touching this file says the runner understood the shard variables.
    status_file = os.environ.get('TEST_SHARD_STATUS_FILE')
    if status_file:
        open(status_file, 'a').close()
    files = [arg for arg in argv if _is_test_file(arg)]
    if len(files) < total:
        raise SystemExit('pytest_main: {} shards for {} test files'.format(total, len(files)))
    mine = set(files[index::total])
    return [arg for arg in argv if not _is_test_file(arg) or arg in mine]


def main(argv):
    args = ["-p", "no:cacheprovider", "-q"]
    xml_output = os.environ.get("XML_OUTPUT_FILE")
    # Under mpiexec (mpi_pytest_main.py) every rank runs this; rank 0 alone writes the report.
    if xml_output and os.environ.get("OMPI_COMM_WORLD_RANK", "0") == "0":
        args += ["--junitxml", xml_output]
    test_filter = os.environ.get("TESTBRIDGE_TEST_ONLY")
    if test_filter:
        args += ["-k", test_filter]
    code = pytest.main(args + _this_shards_arguments(argv))
    if code == _NO_TESTS_COLLECTED:
        if test_filter:
            return 0  # the filter may select nothing in this target or shard
        print("pytest_main: no tests were collected", file=sys.stderr)
        return 1
    return int(code)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
