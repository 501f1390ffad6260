"""TabularDataset through tabular.from_data: modes, batch reads, slices, concat, join, transforms
and converters."""

import numpy
import pytest

from chainer import dataset
from chainer.dataset import tabular

X = numpy.arange(10, 16)
Y = ['a', 'b', 'c', 'd', 'e', 'f']


def _dict_dataset():
    return tabular.from_data({'x': X, 'y': Y})


def test_from_data_modes_and_keys():
    unary = tabular.from_data(X)
    assert (unary.keys, unary.mode, unary[2], len(unary)) == (('_0',), None, 12, 6)
    assert tabular.from_data(('v', Y)).keys == ('v',)
    pair = tabular.from_data((X, ('y', Y), ('sq', lambda i: i * i)))
    assert (pair.keys, pair.mode) == (('_0', 'y', 'sq'), tuple)
    assert pair[3] == (13, 'd', 9)
    named = _dict_dataset()
    assert (named.keys, named.mode) == (('x', 'y'), dict)
    assert named[-1] == {'x': 15, 'y': 'f'}
    assert isinstance(named, dataset.TabularDataset) and isinstance(named, dataset.DatasetMixin)
    assert list(tabular.from_data(('k', lambda i: -i), size=3)) == [0, -1, -2]


def test_from_data_size_errors():
    with pytest.raises(ValueError, match='rows'):
        tabular.from_data((X, Y[:2]))
    with pytest.raises(ValueError, match='size'):
        tabular.from_data(lambda i: i)
    with pytest.raises(ValueError, match='rows'):
        tabular.from_data(X, size=3)


def test_fetch_convert_and_batch_indexing():
    named = _dict_dataset()
    fetched = named.fetch()
    assert fetched['y'] == Y
    converted = named.convert(fetched)
    assert isinstance(converted['y'], numpy.ndarray) and converted['y'].tolist() == Y
    assert named[1:3] == [{'x': 11, 'y': 'b'}, {'x': 12, 'y': 'c'}]
    assert named.astuple()[0] == (10, 'a')
    assert named.astuple().asdict()[0] == {'x': 10, 'y': 'a'}
    assert tabular.from_data(X).convert([1, 2]).dtype.kind == 'i'
    columns = named.get_examples([4, -6], (1,))
    assert columns == (['e', 'a'],)


@pytest.mark.parametrize('rows', [
    slice(None), slice(1, 5), slice(None, None, -1), slice(4, None, -2), slice(5, 2),
    [0, 5, 2, 2], numpy.array([-1, 0]), [True, False, True, False, False, True], [],
])
def test_slice_rows_match_numpy(rows):
    view = _dict_dataset().slice[rows]
    index = rows if isinstance(rows, slice) else numpy.asarray(rows)
    expected = X[index if isinstance(rows, slice) or index.size else index.astype(int)]
    assert len(view) == len(expected)
    numpy.testing.assert_array_equal(view.fetch()['x'], expected)
    # a slice of a slice composes
    inner = view.slice[::-1, 'x']
    assert inner.mode is None
    numpy.testing.assert_array_equal(inner.fetch(), expected[::-1])


def test_slice_keys():
    named = _dict_dataset()
    assert named.slice[:2, 'y'].fetch() == ['a', 'b']
    assert named.slice[:2, ('y', 0)].keys == ('y', 'x')
    assert named.slice[:2, ('y', 0)][1] == {'y': 'b', 'x': 11}
    assert tabular.from_data(X).slice[:2, ('_0',)].mode is tuple
    with pytest.raises(KeyError, match='z'):
        named.slice[:, 'z']
    with pytest.raises(IndexError):
        named.slice[:, 2]
    with pytest.raises(IndexError):
        named.slice[[6]]
    with pytest.raises(ValueError, match='boolean'):
        named.slice[[True, False]]
    with pytest.raises(TypeError, match='integers'):
        named.slice[[1.5]]


def test_concat():
    named = _dict_dataset()
    both = named.concat(named.slice[:2])
    assert len(both) == 8 and both.keys == ('x', 'y')
    numpy.testing.assert_array_equal(both.fetch()['x'], numpy.concatenate([X, X[:2]]))
    assert both.get_examples([7, 0, 6], (1,)) == (['b', 'a', 'a'],)
    assert both[6] == {'x': 10, 'y': 'a'}
    with pytest.raises(ValueError, match='different keys'):
        named.concat(tabular.from_data(X))


def test_join():
    joined = tabular.from_data(X).join(tabular.from_data(('y', Y)))
    assert (joined.keys, joined.mode) == (('_0', 'y'), tuple)
    assert joined[2] == (12, 'c')
    assert joined.slice[1:3, 'y'].fetch() == ['b', 'c']
    assert _dict_dataset().join(tabular.from_data(('z', X)))[0] == {'x': 10, 'y': 'a', 'z': 10}
    with pytest.raises(ValueError, match='duplicated'):
        _dict_dataset().join(tabular.from_data(('x', X)))
    with pytest.raises(ValueError, match='lengths'):
        _dict_dataset().join(tabular.from_data(('z', X[:2])))


def test_transform():
    named = _dict_dataset()
    doubled = named.transform(('x2', 'y'), lambda x, y: (2 * x, y.upper()))
    assert (doubled.keys, doubled.mode) == (('x2', 'y'), tuple)
    assert doubled[1] == (22, 'B')
    assert doubled.slice[:2, 'y'].fetch() == ['A', 'B']
    as_dict = tabular.from_data((X,)).transform(('a', 'b'), lambda v: {'b': v, 'a': -v})
    assert as_dict.mode is dict and as_dict[0] == {'a': -10, 'b': 10}
    single = named.transform('s', lambda x, y: y * 2)
    assert single.mode is None and single[2] == 'cc'
    flipping = tabular.from_data(X).transform(('a',), lambda v: (v,) if v < 12 else v)
    with pytest.raises(ValueError, match='returned'):
        flipping.fetch()
    with pytest.raises(ValueError, match='values'):
        named.transform(('a', 'b'), lambda x, y: (x,))[0]


def test_transform_batch():
    named = _dict_dataset()
    summed = named.transform_batch(('s', 'n'), lambda x, y: (numpy.asarray(x) + 1, len(y) * [0]))
    numpy.testing.assert_array_equal(summed.slice[2:4, 's'].fetch(), X[2:4] + 1)
    assert summed[0] == (11, 0)


def test_with_converter():
    named = _dict_dataset().with_converter(lambda x, y: (len(x), ''.join(y)))
    assert named.convert(named.fetch()) == (6, 'abcdef')
    assert named[0] == {'x': 10, 'y': 'a'}
    unary = tabular.from_data(X).with_converter(lambda x: x.sum())
    assert unary.convert(unary.fetch()) == X.sum()


def test_delegate_dataset_subclass():
    class Renamed(tabular.DelegateDataset):
        @property
        def keys(self):
            return ('image', 'label')

    renamed = Renamed(_dict_dataset())
    assert (len(renamed), renamed.mode, renamed.keys) == (6, dict, ('image', 'label'))
    assert renamed[0] == {'image': 10, 'label': 'a'}
    assert renamed.slice[1:2, 'label'].fetch() == ['b']
