"""Entry point of pytest_test targets: runs pytest on the given files inside Bazel's test runner."""

import os
import sys

import pytest

# pytest's "no tests were collected": a target whose files contain no tests is a mistake.
_NO_TESTS_COLLECTED = 5


def main(argv):
    args = ["-p", "no:cacheprovider", "-q"]
    xml_output = os.environ.get("XML_OUTPUT_FILE")
    if xml_output:
        args += ["--junitxml", xml_output]
    code = pytest.main(args + argv)
    if code == _NO_TESTS_COLLECTED:
        print("pytest_main: no tests were collected", file=sys.stderr)
        return 1
    return int(code)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
