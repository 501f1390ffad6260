"""Entry point of pytest_test targets: runs pytest on the given files inside Bazel's test runner."""

import os
import sys

import pytest

# pytest's "no tests were collected": a target whose files contain no tests is a mistake.
_NO_TESTS_COLLECTED = 5


def main(argv):
    args = ["-p", "no:cacheprovider", "-q"]
    xml_output = os.environ.get("XML_OUTPUT_FILE")
    # Under mpiexec (mpi_pytest_main.py) every rank runs this; rank 0 alone writes the report.
    if xml_output and os.environ.get("OMPI_COMM_WORLD_RANK", "0") == "0":
        args += ["--junitxml", xml_output]
    code = pytest.main(args + argv)
    if code == _NO_TESTS_COLLECTED:
        print("pytest_main: no tests were collected", file=sys.stderr)
        return 1
    return int(code)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
