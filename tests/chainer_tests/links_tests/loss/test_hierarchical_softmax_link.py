"""L.BinaryHierarchicalSoftmax: Huffman trees, paths, forward against NumPy, gradients, devices, errors."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import gradient_check
from chainer import serializers
from chainer.links.loss.hierarchical_softmax import BinaryHierarchicalSoftmax
from chainer.utils import type_check

import function_test_utils
from mode_utils import make_array
from mode_utils import to_numpy

# ((0, 1), (2, (3, 4))): the internal nodes in pre-order are the root 0, (0, 1) 1, (2, (3, 4)) 2 and
# (3, 4) 3; each word's path as (node, code) pairs, +1 to the left child and -1 to the right one.
TREE = ((0, 1), (2, (3, 4)))
TREE_PATHS = {
    0: [(0, 1), (1, 1)],
    1: [(0, 1), (1, -1)],
    2: [(0, -1), (2, 1)],
    3: [(0, -1), (2, -1), (3, 1)],
    4: [(0, -1), (2, -1), (3, -1)],
}


def _device(mode):
    return '@numpy' if mode == 'numpy' else 'native:0'


def _sigmoid(z):
    return 1 / (1 + numpy.exp(-z))


def _reference(W, x, t, paths):
    """The sum over the batch of -log prod sigmoid(code * W[node] . x), in float64 loops."""
    W, x = W.astype(numpy.float64), x.astype(numpy.float64)
    loss = 0.0
    for i, word in enumerate(t):
        for node, code in paths.get(int(word), []):
            loss -= numpy.log(_sigmoid(code * W[node].dot(x[i])))
    return loss


def _huffman_reference(word_counts):
    """Merges the two least (count, first-seen order) subtrees by scanning a list, until one is left."""
    entries = [[count, order, word] for order, (word, count) in enumerate(word_counts.items())]
    while len(entries) > 1:
        merged = []
        for _ in range(2):
            smallest = min(range(len(entries)), key=lambda i: (entries[i][0], entries[i][1]))
            merged.append(entries.pop(smallest))
        (c1, o1, t1), (c2, o2, t2) = merged
        entries.append([c1 + c2, min(o1, o2), (t1, t2)])
    return entries[0][2]


def _paths_of(tree):
    """The (node, code) paths of a tree's leaves, numbering internal nodes in pre-order (recursive)."""
    paths, counter = {}, [0]

    def walk(node, path):
        if not isinstance(node, tuple):
            paths[node] = path
            return
        index = counter[0]
        counter[0] += 1
        walk(node[0], path + [(index, 1)])
        walk(node[1], path + [(index, -1)])
    walk(tree, [])
    return paths, counter[0]


def _link(mode, tree=TREE, in_size=3, dtype=numpy.float64, seed=0):
    numpy.random.seed(seed)
    return BinaryHierarchicalSoftmax(in_size, tree, dtype=dtype).to_device(_device(mode))


# -- create_huffman_tree ----------------------------------------------------------------------------

@pytest.mark.parametrize('counts, tree', [
    ({0: 8, 1: 5, 2: 6, 3: 4}, ((3, 1), (2, 0))),
    ({'a': 1, 'b': 1, 'c': 1}, ('c', ('a', 'b'))),  # ties: the earlier word first
    ({'x': 2, 'y': 1}, ('y', 'x')),
    ({'a': 0.5, 'b': 0.25, 'c': 0.125, 'd': 0.125}, ('a', ('b', ('c', 'd')))),
    ({'w': 3}, 'w'),
])
def test_huffman_tree_by_hand(counts, tree):
    assert BinaryHierarchicalSoftmax.create_huffman_tree(counts) == tree


@pytest.mark.parametrize('seed', range(5))
def test_huffman_tree_against_a_plain_reference(seed):
    rng = numpy.random.RandomState(seed)
    counts = {int(w): int(c) for w, c in zip(rng.permutation(20), rng.randint(1, 6, 20))}
    tree = BinaryHierarchicalSoftmax.create_huffman_tree(counts)
    assert tree == _huffman_reference(counts)
    paths, n_nodes = _paths_of(tree)
    assert sorted(paths) == sorted(counts) and n_nodes == len(counts) - 1


def test_huffman_tree_of_no_words():
    with pytest.raises(ValueError):
        BinaryHierarchicalSoftmax.create_huffman_tree({})


# -- the compiled tree ------------------------------------------------------------------------------

def test_w_has_a_row_per_internal_node_and_is_uniform_in_minus_one_one():
    link = BinaryHierarchicalSoftmax(4, TREE)
    assert link.W.shape == (4, 4) and link.W.dtype == numpy.float32
    numpy.random.seed(0)
    big = BinaryHierarchicalSoftmax(1000, ((0, 1), 2), dtype=numpy.float64).W.array
    assert big.dtype == numpy.float64 and numpy.abs(big).max() <= 1
    assert abs(big.std() - 1 / numpy.sqrt(3)) < 0.03 and abs(big.mean()) < 0.05
    with chainer.using_config('dtype', numpy.float16):
        assert BinaryHierarchicalSoftmax(2, TREE).W.dtype == numpy.float16


def test_paths_and_codes_of_a_hand_made_tree(mode):
    # W = identity: W[node] . x is x[node], so the loss of a word reveals its path and codes.
    link = _link(mode, in_size=4)
    link.W.array[...] = make_array(mode, numpy.eye(4))
    x = numpy.array([[0.3, -1.2, 0.7, 2.0]])
    for word, path in TREE_PATHS.items():
        loss = link(make_array(mode, x), make_array(mode, [word], numpy.int32))
        expected = -sum(numpy.log(_sigmoid(code * x[0, node])) for node, code in path)
        numpy.testing.assert_allclose(to_numpy(loss.array), expected, rtol=1e-12)
    assert _paths_of(TREE) == (TREE_PATHS, 4)


@pytest.mark.parametrize('tree', [
    TREE,
    BinaryHierarchicalSoftmax.create_huffman_tree({0: 9, 1: 1, 2: 3, 3: 3, 4: 2, 5: 7, 6: 1}),
    (5, ((0, 3), 1)),  # IDs 2 and 4 are no leaf: probability 1, as in the original
])
def test_probabilities_of_all_words_sum_to_one(mode, tree):
    link = _link(mode, tree, in_size=3)
    paths, _ = _paths_of(tree)
    x = numpy.random.RandomState(1).uniform(-2, 2, (1, 3))
    with chainer.no_backprop_mode():
        losses = [float(to_numpy(link(make_array(mode, x), make_array(mode, [w], numpy.int32)).array))
                  for w in range(max(paths) + 1)]
    probabilities = numpy.exp(-numpy.array(losses))
    numpy.testing.assert_allclose(probabilities[sorted(paths)].sum(), 1, rtol=1e-12)
    assert all(losses[w] == 0 for w in range(max(paths) + 1) if w not in paths)


def test_a_tree_deeper_than_the_recursion_limit(mode):
    depth = 1200
    tree = 0
    for word in range(1, depth + 1):
        tree = (word, tree)  # word `depth` is the root's left child, word 0 the deepest leaf
    link = _link(mode, tree, in_size=2)
    assert link.W.shape == (depth, 2)
    x = numpy.array([[0.5, -0.25], [0.5, -0.25]])
    loss = link(make_array(mode, x), make_array(mode, [0, depth], numpy.int32))
    scores = to_numpy(link.W.array).dot(x[0])
    expected = -numpy.log(_sigmoid(-scores)).sum() - numpy.log(_sigmoid(scores[0]))
    numpy.testing.assert_allclose(to_numpy(loss.array), expected, rtol=1e-12)


# -- forward and gradients --------------------------------------------------------------------------

FORWARD_TOLERANCES = {numpy.float16: 1e-2, numpy.float32: 1e-5, numpy.float64: 1e-12}


@pytest.mark.parametrize('dtype', function_test_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('batch', [5, 1, 0])
def test_forward_against_numpy(mode, dtype, batch):
    tree = BinaryHierarchicalSoftmax.create_huffman_tree({0: 5, 1: 1, 2: 2, 3: 8, 4: 3, 5: 1})
    link = _link(mode, tree, in_size=4, dtype=dtype)
    rng = numpy.random.RandomState(2)
    x = rng.uniform(-1, 1, (batch, 4)).astype(dtype)
    t = rng.randint(0, 6, batch).astype(numpy.int32)
    loss = link(make_array(mode, x, dtype), make_array(mode, t, numpy.int32))
    assert loss.shape == () and loss.dtype == dtype
    expected = _reference(to_numpy(link.W.array), x, t, _paths_of(tree)[0])
    numpy.testing.assert_allclose(to_numpy(loss.array), expected, rtol=FORWARD_TOLERANCES[dtype],
                                  atol=FORWARD_TOLERANCES[dtype])


def test_t_as_a_variable(mode):
    link = _link(mode)
    x = make_array(mode, numpy.ones((2, 3)))
    t = make_array(mode, [4, 0], numpy.int32)
    assert float(link(x, chainer.Variable(t)).array) == float(link(x, t).array)


@pytest.mark.parametrize('dtype', function_test_utils.FLOAT_DTYPES)
def test_gradients(mode, dtype):
    link = _link(mode, dtype=dtype)
    rng = numpy.random.RandomState(3)
    x = make_array(mode, rng.uniform(-1, 1, (4, 3)), dtype)
    t = make_array(mode, [0, 4, 3, 2], numpy.int32)
    gy = make_array(mode, rng.uniform(-1, 1, ()), dtype)
    ggx = make_array(mode, rng.uniform(-1, 1, (4, 3)), dtype)
    ggW = make_array(mode, rng.uniform(-1, 1, link.W.shape), dtype)
    atol, rtol = function_test_utils.GRADIENT_TOLERANCES[dtype]
    options = {'atol': atol, 'rtol': rtol, 'dtype': numpy.float64, 'eps': 1e-3 if dtype == numpy.float64 else 2e-2}

    def loss(x):
        return link(x, t)
    gradient_check.check_backward(loss, x, gy, params=(link.W,), **options)
    gradient_check.check_double_backward(loss, x, gy, ggx, params=(link.W,), params_grad_grad=(ggW,),
                                         **options)


def test_zero_size_batch_has_zero_gradients(mode):
    link = _link(mode)
    x = chainer.Variable(make_array(mode, numpy.zeros((0, 3))))
    loss = link(x, make_array(mode, numpy.zeros(0), numpy.int32))
    assert float(loss.array) == 0
    loss.backward()
    assert x.grad.shape == (0, 3) and not to_numpy(link.W.grad).any()


def test_stays_native():
    link = _link('chainerx')
    t = chainerx.array(numpy.array([0, 4, 3, 1, 2], numpy.int32))
    x = chainer.Variable(function_test_utils.seeded_arrays('chainerx', (5, 3))[0])
    before = chainer.function_node.fallback_count
    loss = link(x, t)
    gx, gW = chainer.grad([loss], [x, link.W], enable_double_backprop=True)
    chainer.grad([F.sum(gx * gx) + F.sum(gW * gW)], [x, link.W])
    assert chainer.function_node.fallback_count == before


# -- devices and serialization ----------------------------------------------------------------------

def test_to_device_moves_w_and_the_path_tables():
    link = _link('numpy')
    x = numpy.random.RandomState(4).uniform(-1, 1, (3, 3))
    t = numpy.array([1, 3, 4], numpy.int32)
    expected = float(link(x, t).array)
    link.to_device('native:0')
    assert link.W.device.name == 'native:0'
    assert isinstance(link._nodes, chainerx.ndarray) and isinstance(link._codes, chainerx.ndarray)
    assert link._nodes.device.name == 'native:0'
    assert float(link(chainerx.array(x), chainerx.array(t)).array) == pytest.approx(expected, rel=1e-12)
    link.to_device('@numpy')
    assert isinstance(link._nodes, numpy.ndarray) and isinstance(link.W.array, numpy.ndarray)
    assert float(link(x, t).array) == pytest.approx(expected, rel=1e-12)
    link.to_chx()
    assert isinstance(link._codes, chainerx.ndarray)
    link.from_chx()
    assert isinstance(link._codes, numpy.ndarray)


def test_serializes_w_only():
    link = _link('numpy')
    serializer = serializers.DictionarySerializer()
    link.serialize(serializer)
    assert sorted(serializer.target) == ['W']
    other = _link('numpy', seed=1)
    other.serialize(serializers.NpzDeserializer(serializer.target))
    numpy.testing.assert_array_equal(other.W.array, link.W.array)


# -- errors -----------------------------------------------------------------------------------------

@pytest.mark.parametrize('tree, error', [
    (3, ValueError),  # a single leaf
    (((0, 1, 2), 3), ValueError),  # an internal node of three children
    ((0, ()), ValueError),  # of none
    ((0, 'a'), TypeError),
    ((0, 1.0), TypeError),
    ((0, [1, 2]), TypeError),
    ((0, True), TypeError),
    ((0, -1), ValueError),
    ((0, (1, 0)), ValueError),  # a word twice
])
def test_invalid_trees(tree, error):
    with pytest.raises(error):
        BinaryHierarchicalSoftmax(3, tree)


@pytest.mark.parametrize('in_size, error', [(-1, ValueError), (2.0, TypeError), (None, TypeError)])
def test_invalid_in_size(in_size, error):
    with pytest.raises(error):
        BinaryHierarchicalSoftmax(in_size, TREE)


@pytest.mark.parametrize('t', [[0, 5], [-1, 0], [0, 100]])
def test_word_ids_outside_the_vocabulary(mode, t):
    link = _link(mode)
    with pytest.raises(ValueError):
        link(make_array(mode, numpy.zeros((2, 3))), make_array(mode, t, numpy.int32))


@pytest.mark.parametrize('x, t', [
    (numpy.zeros((2, 3)), numpy.zeros(2, numpy.int64)),  # t is not int32
    (numpy.zeros((2, 3)), numpy.zeros(2)),  # float t
    (numpy.zeros((2, 3)), numpy.zeros((2, 1), numpy.int32)),
    (numpy.zeros((2, 3)), numpy.zeros(3, numpy.int32)),  # batch sizes differ
    (numpy.zeros((2, 4)), numpy.zeros(2, numpy.int32)),  # not in_size
    (numpy.zeros((2, 3), numpy.float32), numpy.zeros(2, numpy.int32)),  # not W's dtype
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros(2, numpy.int32)),
    (numpy.zeros(3), numpy.zeros(1, numpy.int32)),
    (numpy.zeros((2, 3, 1)), numpy.zeros(2, numpy.int32)),
])
def test_invalid_inputs(mode, x, t):
    link = _link(mode)
    with pytest.raises(type_check.InvalidType):
        link(make_array(mode, x, x.dtype), make_array(mode, t, t.dtype))
