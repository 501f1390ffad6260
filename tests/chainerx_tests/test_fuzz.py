"""The fuzz harness (fuzz_harness.py): a fixed-seed quick run over every public callable finds no crash and no
hang, and the harness itself catches a crash or a hang and reduces it to the calls that cause it.

The harness's own tests use fake tables of callables (the functions below, named by --table in the children).
"""

import pytest

import fuzz_calls
import fuzz_harness

QUICK_SEED = 13
QUICK_CALLS = 10000


def abort_table():
    """os.abort() aborts; called with arguments, or abs called with anything, it raises."""
    return [fuzz_calls.Entry('abs', 'abs', overloads=((('x', 'posonly', False),),)),
            fuzz_calls.Entry('os.abort', 'os.abort')]


def hang_table():
    return [fuzz_calls.Entry('sleep', '(lambda *args, **kwargs: time.sleep(60))')]


def armed_abort_table():
    """`trigger` aborts only after `arm` ran in the same process: a crash that needs an earlier call."""
    return [fuzz_calls.Entry('arm', "(lambda *args, **kwargs: os.environ.update(FUZZ_ARMED='1'))"),
            fuzz_calls.Entry('trigger', "(lambda *args, **kwargs: os.environ.get('FUZZ_ARMED') and os.abort())")]


def _calls(table, seed, count):
    return [fuzz_calls.make_call(table, seed, index) for index in range(count)]


def test_quick_run_finds_no_crash_or_hang():
    table = fuzz_calls.build_table()
    report = fuzz_harness.fuzz(QUICK_CALLS, fuzz_harness.Options(seed=QUICK_SEED, jobs=2, timeout=10.0))
    text = fuzz_harness.format_report(report, table, QUICK_SEED)
    if report.incidents:
        pytest.fail('the fuzz harness found crashes or hangs (reproducers below)\n' + text, pytrace=False)
    assert report.calls == QUICK_CALLS, text
    # The calls reach the library: some succeed, and bad arguments raise typed errors.
    assert report.outcomes['ok'] > QUICK_CALLS // 10, text
    assert report.outcomes['TypeError'] > 0 and report.outcomes['chainerx.DimensionError'] > 0, text


def test_crash_is_caught_and_reduced_to_its_call():
    seed, count = 1, 40
    table = abort_table()
    aborting = [call.index for call in _calls(table, seed, count)
                if call.entry.name == 'os.abort' and not call.args and not call.kwargs]
    assert len(aborting) >= 2  # the seed makes several aborting calls among others
    report = fuzz_harness.fuzz(count, fuzz_harness.Options(seed=seed, table='test_fuzz:abort_table'), count)
    assert list(report.incidents) == [('os.abort', 'SIGABRT')]
    incident = report.incidents['os.abort', 'SIGABRT']
    assert incident.count == len(aborting)
    assert incident.death.index == aborting[0]
    assert (incident.reproducer, incident.confirmed) == ('import os; os.abort()', 'alone')
    # Every call was made: the batch went on after each crash, in a new child.
    assert report.calls == count
    assert sum(report.outcomes.values()) == count - len(aborting)


def test_hang_is_caught_and_reduced_to_its_call():
    report = fuzz_harness.fuzz(2, fuzz_harness.Options(timeout=1.0, table='test_fuzz:hang_table'))
    assert list(report.incidents) == [('sleep', 'hang')]
    incident = report.incidents['sleep', 'hang']
    assert (incident.count, incident.death.index, incident.confirmed) == (2, 0, 'alone')
    call = fuzz_calls.make_call(hang_table(), 0, 0)
    assert incident.reproducer == fuzz_calls.with_imports(call.source())
    assert 'time.sleep(60))(' in incident.reproducer


def test_crash_that_needs_an_earlier_call_is_reduced_to_both():
    seed, count = 3, 12
    table = armed_abort_table()
    calls = _calls(table, seed, count)
    names = [call.entry.name for call in calls]
    trigger = names.index('trigger', names.index('arm'))  # the first trigger after an arm aborts
    arm = max(index for index in range(trigger) if names[index] == 'arm')
    report = fuzz_harness.fuzz(count, fuzz_harness.Options(seed=seed, table='test_fuzz:armed_abort_table'), count)
    incident = report.incidents['trigger', 'SIGABRT']
    assert incident.death.index == trigger
    assert incident.confirmed == 'with 1 earlier call'
    assert incident.reproducer == fuzz_calls.with_imports(calls[arm].source() + '; ' + calls[trigger].source())


def test_failed_casts_are_counted_apart_from_other_errors():
    assert fuzz_calls.outcome_of(RuntimeError('Unable to cast Python instance to C++ type')) == '!cast'
    assert fuzz_calls.outcome_of(RuntimeError('out of range')) == 'RuntimeError'
    assert fuzz_calls.outcome_of(KeyError('x')) == 'KeyError'


def test_calls_are_rebuilt_from_seed_and_index_alone():
    table = fuzz_calls.build_table()
    first, again, other = _calls(table, 5, 200), _calls(table, 5, 200), _calls(table, 6, 200)
    assert [call.source() for call in first] == [call.source() for call in again]
    assert [call.source() for call in first] != [call.source() for call in other]
    for call in first:  # every reproducer is valid Python
        compile(fuzz_calls.with_imports(call.source()), '<reproducer>', 'exec')


def test_table_covers_the_public_api():
    names = {entry.name for entry in fuzz_calls.build_table()}
    expected = {'chx.max_pool', 'chx.n_step_lstm', 'chx.linalg.svd', 'chx.random.normal', 'chx.tri', 'chx.ndarray',
                'chx.testing.assert_allclose', 'chx.check_double_backward', 'chx._core._function_node_forward',
                'ndarray.reshape', 'ndarray.__add__', 'ndarray.shape', 'ndarray.grad=', 'ndarray._setitem_advanced',
                'Device.synchronize', 'Backend.get_device', 'Context.make_backprop_id', 'BackpropId.name',
                'pickle.dumps', 'memoryview'}
    assert expected <= names, expected - names
    assert not names & set(fuzz_calls.SKIP)
