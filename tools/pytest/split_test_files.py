"""Splits test files into groups for tools/pytest_staged.sh --jobs (Note [Parallel pytest runs] there).

    python split_test_files.py --groups-per-suite G PATH...

PATHs are test files or directories (searched for test_*.py). A file belongs to the suite of the nearest pytest.ini
above it; each suite's files go into at most G groups of about equal size in bytes (largest file first, into the
smallest group). Prints one group per line, its absolute paths separated by spaces, largest group first.
"""

import argparse
import os
import sys


def _test_files(path):
    if os.path.isfile(path):
        return [path]
    found = []
    for directory, subdirectories, names in os.walk(path):
        subdirectories[:] = sorted(d for d in subdirectories if d != '__pycache__')
        found.extend(os.path.join(directory, name) for name in sorted(names)
                     if name.startswith('test_') and name.endswith('.py'))
    return found


def _suite_root(path):
    directory = os.path.dirname(path)
    while not os.path.isfile(os.path.join(directory, 'pytest.ini')):
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent
    return directory


def split(paths, groups_per_suite):
    suites = {}
    for path in paths:
        for test_file in _test_files(os.path.abspath(path)):
            if any(c.isspace() for c in test_file):
                raise ValueError('a test path with white space: {!r}'.format(test_file))
            suites.setdefault(_suite_root(test_file), {})[test_file] = os.path.getsize(test_file)
    groups = []
    for files in suites.values():
        suite_groups = [[0, []] for _ in range(min(groups_per_suite, len(files)))]
        for test_file in sorted(files, key=lambda f: (-files[f], f)):
            smallest = min(suite_groups, key=lambda g: g[0])
            smallest[0] += files[test_file]
            smallest[1].append(test_file)
        groups.extend(suite_groups)
    groups.sort(key=lambda g: -g[0])
    return [sorted(files) for _, files in groups]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--groups-per-suite', type=int, required=True)
    parser.add_argument('paths', nargs='+')
    args = parser.parse_args()
    if args.groups_per_suite < 1:
        parser.error('--groups-per-suite must be positive')
    for files in split(args.paths, args.groups_per_suite):
        print(' '.join(files))


if __name__ == '__main__':
    sys.exit(main())
