"""Tests of the test runners' helpers: split_test_files.py (pytest_staged.sh --jobs) and pytest_main.py."""

import os
import subprocess
import sys

import pytest

import pytest_main
import split_test_files

_HERE = os.path.dirname(os.path.abspath(__file__))


def _write(path, text=''):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)
    return str(path)


@pytest.fixture
def two_suites(tmp_path):
    """Two test trees, each with its pytest.ini, holding test files of various sizes and a non-test module."""
    files = []
    for suite, count in (('a_tests', 7), ('b_tests', 3)):
        _write(tmp_path / suite / 'pytest.ini', '[pytest]\n')
        _write(tmp_path / suite / 'helper.py', 'x = 1\n')
        for i in range(count):
            subdirectory = 'sub' if i % 2 else ''
            files.append(_write(tmp_path / suite / subdirectory / 'test_{}.py'.format(i), '#' * (100 * (i + 1))))
    return tmp_path, sorted(files)


def test_split_puts_every_file_in_one_group_of_its_suite(two_suites):
    root, files = two_suites
    groups = split_test_files.split([str(root / 'a_tests'), str(root / 'b_tests')], 3)
    assert sorted(f for group in groups for f in group) == files
    for group in groups:
        assert len({f[len(str(root)):].split(os.sep)[1] for f in group}) == 1  # one suite per group
    assert len(groups) == 6  # three per suite, each suite having at least three files
    sizes = [sum(os.path.getsize(f) for f in group) for group in groups]
    assert sizes == sorted(sizes, reverse=True)


def test_split_balances_the_groups_by_size(two_suites):
    root, _ = two_suites
    groups = split_test_files.split([str(root / 'a_tests')], 2)
    sizes = [sum(os.path.getsize(f) for f in group) for group in groups]
    assert sizes == [1400, 1400]  # 100..700 bytes, largest first into the smaller group


def test_split_takes_files_and_fewer_groups_than_asked(two_suites):
    root, _ = two_suites
    single = str(root / 'b_tests' / 'test_0.py')
    assert split_test_files.split([single], 4) == [[single]]


def test_split_rejects_paths_with_white_space(tmp_path):
    _write(tmp_path / 'pytest.ini')
    path = _write(tmp_path / 'a dir' / 'test_x.py')
    with pytest.raises(ValueError):
        split_test_files.split([path], 2)


def test_the_script_prints_one_group_per_line(two_suites):
    root, files = two_suites
    out = subprocess.run(
        [sys.executable, os.path.join(_HERE, 'split_test_files.py'), '--groups-per-suite', '2',
         str(root / 'a_tests'), str(root / 'b_tests')],
        check=True, capture_output=True, text=True).stdout
    lines = out.splitlines()
    assert len(lines) == 4
    assert sorted(f for line in lines for f in line.split(' ')) == files


def test_shards_split_the_files_and_keep_the_options(tmp_path, monkeypatch):
    argv = ['-x', 'a/test_1.py', 'a/test_2.py', '--tb=short', 'a/test_3.py', 'a/test_4.py', 'a/test_5.py']
    monkeypatch.delenv('TEST_TOTAL_SHARDS', raising=False)
    assert pytest_main._this_shards_arguments(argv) == argv
    seen = []
    for index in range(2):
        status = tmp_path / 'status{}'.format(index)
        monkeypatch.setenv('TEST_TOTAL_SHARDS', '2')
        monkeypatch.setenv('TEST_SHARD_INDEX', str(index))
        monkeypatch.setenv('TEST_SHARD_STATUS_FILE', str(status))
        mine = pytest_main._this_shards_arguments(argv)
        assert status.exists()
        assert [a for a in mine if not a.endswith('.py')] == ['-x', '--tb=short']
        seen += [a for a in mine if a.endswith('.py')]
    assert sorted(seen) == sorted(a for a in argv if a.endswith('.py'))


def test_more_shards_than_files_is_an_error(monkeypatch):
    monkeypatch.setenv('TEST_TOTAL_SHARDS', '3')
    monkeypatch.setenv('TEST_SHARD_INDEX', '0')
    monkeypatch.delenv('TEST_SHARD_STATUS_FILE', raising=False)
    with pytest.raises(SystemExit):
        pytest_main._this_shards_arguments(['a/test_1.py', 'a/test_2.py'])


def _run_pytest_main(directory, test_file, test_filter=None):
    """pytest_main.py on one file, outside any Bazel test of its own (no shards, no report file)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ('TESTBRIDGE_TEST_ONLY', 'TEST_TOTAL_SHARDS', 'XML_OUTPUT_FILE')}
    if test_filter:
        env['TESTBRIDGE_TEST_ONLY'] = test_filter
    return subprocess.run([sys.executable, os.path.join(_HERE, 'pytest_main.py'), test_file],
                          cwd=str(directory), env=env, capture_output=True, text=True)


@pytest.mark.parametrize('test_filter, expected_output', [
    (None, '2 passed'),
    ('test_two', '1 passed, 1 deselected'),
    ('no_such_test', '2 deselected'),  # a filter may leave a target nothing to run
])
def test_main_maps_the_test_filter_to_k(tmp_path, test_filter, expected_output):
    _write(tmp_path / 'pytest.ini', '[pytest]\n')
    test_file = _write(tmp_path / 'test_sample.py', 'def test_one():\n    pass\n\n\ndef test_two():\n    pass\n')
    result = _run_pytest_main(tmp_path, test_file, test_filter)
    assert result.returncode == 0, result.stdout + result.stderr
    assert expected_output in result.stdout


def test_main_fails_when_no_test_is_collected(tmp_path):
    _write(tmp_path / 'pytest.ini', '[pytest]\n')
    empty = _write(tmp_path / 'test_empty.py', 'x = 1\n')
    result = _run_pytest_main(tmp_path, empty)
    assert result.returncode == 1
    assert 'no tests were collected' in result.stderr
