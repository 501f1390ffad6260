"""`chainer.links.BinaryHierarchicalSoftmax`: a softmax over words factored along a binary tree.

Each word (a leaf of the tree) is reached from the root by a path of internal nodes, each turning
left (code +1) or right (code -1). With one weight vector per internal node, the probability of a
word given x is the product along its path of sigmoid(code * W[node] . x); the probabilities of all
words sum to one, and a word costs depth-many dot products instead of vocabulary-many.
"""

import heapq
import numbers

import numpy

import chainer
from chainer import backend
from chainer import functions
from chainer import link
from chainer import variable
from chainer.links.connection import _util as _connection_util
from chainer.utils import type_check


def _check_leaf(leaf, paths):
    """Raises unless `leaf` is a word ID (a non-negative int) not seen yet in the tree."""
    if isinstance(leaf, bool) or not isinstance(leaf, numbers.Integral):
        raise TypeError('the leaves of the tree must be word IDs (ints), not {!r}'.format(leaf))
    if leaf < 0:
        raise ValueError('the word IDs of the tree must not be negative, got {}'.format(leaf))
    if leaf in paths:
        raise ValueError('the word ID {} appears twice in the tree'.format(leaf))


def _compile_tree(tree):
    """The number of internal nodes of `tree` and the path of each of its words.

    Internal nodes (2-tuples) are numbered in pre-order, left subtree first, as the original does;
    the path of a word is a tuple of (node, code) pairs from the root, code +1 for a left turn and
    -1 for a right one. An explicit stack rather than recursion: a skewed Huffman tree (counts
    growing geometrically) is as deep as the vocabulary is large.

    Raises:
        ValueError: The tree is a single leaf, an internal node is not a pair, or a word ID is
            negative or repeated.
        TypeError: A leaf is not an int.
    """
    if not isinstance(tree, tuple):
        raise ValueError('the tree must have an internal node (a pair of subtrees); a single leaf '
                         '{!r} has no word to tell apart'.format(tree))
    paths = {}
    n_nodes = 0
    stack = [(tree, ())]
    while stack:
        node, path = stack.pop()
        if not isinstance(node, tuple):
            _check_leaf(node, paths)
            paths[node] = path
            continue
        if len(node) != 2:
            raise ValueError('All internal nodes must have two child nodes')
        left, right = node
        stack.append((right, path + ((n_nodes, -1),)))
        stack.append((left, path + ((n_nodes, 1),)))  # popped first: the left subtree numbers first
        n_nodes += 1
    return n_nodes, paths


def _path_tables(paths, dtype):
    """The (n_vocab, depth) tables of the nodes (int32) and codes (`dtype`) of each word's path.

    Note [Padded path tables]: the original keeps the paths of all words end to end (CSR-like)
    and walks them in a loop or a CUDA kernel. Here the loss is composed of chainer functions that
    gather whole rows, so each word's path is padded to the depth of the tree with node 0 and code
    0; a code of 0 marks the padding, whose terms are masked out. The IDs in [0, n_vocab) that are
    no leaf get an empty path (a loss of 0), as in the original. The tables hold n_vocab * depth
    entries and a forward gathers (B, depth, in_size) weights: small for the Huffman tree of a
    natural vocabulary (a depth of a few tens), large only for a tree as skewed as a list.
    """
    n_vocab = max(paths) + 1
    depth = max(len(path) for path in paths.values())
    nodes = numpy.zeros((n_vocab, depth), numpy.int32)
    codes = numpy.zeros((n_vocab, depth), dtype)
    for word, path in paths.items():
        nodes[word, :len(path)] = [node for node, _ in path]
        codes[word, :len(path)] = [code for _, code in path]
    return nodes, codes


class BinaryHierarchicalSoftmax(link.Link):
    """Hierarchical softmax over a binary tree of words (Morin and Bengio, 2005).

    The loss of a word t given a vector x is ``-log P(t | x)`` with
    ``P(t | x) = prod_{(n, c) on the path of t} sigmoid(c * W[n] . x)``: ``n`` runs over the
    internal nodes from the root to the leaf t and ``c`` is +1 where the path goes to the left
    child, -1 where it goes to the right one.

    Args:
        in_size (int): The size of the input vectors.
        tree: A binary tree of nested 2-tuples whose leaves are the word IDs (non-negative ints),
            e.g. ``((0, 1), 2)`` or the output of :meth:`create_huffman_tree`. The vocabulary is
            ``range(max ID + 1)``; IDs that are no leaf have probability 1 (a loss of 0), as in
            the original.
        dtype: The dtype of ``W`` (None: ``chainer.config.dtype``).

    Attributes:
        W (~chainer.Parameter): The weights of the internal nodes, of shape
            ``(number of internal nodes, in_size)``, numbered in pre-order (the root is 0),
            initialised uniformly in [-1, 1] (``Uniform(1)``) as in the original.

    Raises:
        ValueError: The tree is a single leaf, has an internal node that is not a pair, or has a
            negative or repeated word ID; ``in_size`` is negative.
        TypeError: A leaf is not an int, or ``in_size`` is not an int.

    Example:
        >>> tree = L.BinaryHierarchicalSoftmax.create_huffman_tree({0: 8, 1: 5, 2: 6, 3: 4})
        >>> hsm = L.BinaryHierarchicalSoftmax(3, tree)   # W.shape == (3, 3)
        >>> loss = hsm(numpy.ones((2, 3), numpy.float32), numpy.array([0, 3], numpy.int32))
    """

    def __init__(self, in_size, tree, dtype=None):
        super().__init__()
        from chainer import initializers
        _connection_util.check_size('in_size', in_size)
        dtype = chainer.get_dtype(dtype)
        n_nodes, paths = _compile_tree(tree)
        self._nodes, self._codes = _path_tables(paths, dtype)
        with self.init_scope():
            self.W = variable.Parameter(initializers.Uniform(1, dtype), (n_nodes, in_size))

    def device_resident_accept(self, visitor):
        """Moves ``W`` and the path tables (which are not serialized, as in the original)."""
        super().device_resident_accept(visitor)
        self._nodes = visitor.visit_array(self._nodes)
        self._codes = visitor.visit_array(self._codes)

    @staticmethod
    def create_huffman_tree(word_counts):
        """Makes a Huffman tree from the counts of words.

        The two least frequent subtrees are merged, the first taken as the left child, until one
        tree is left. Ties between counts go to the subtree whose earliest word comes first in the
        iteration order of `word_counts` (the insertion order of a dict), so the tree is
        deterministic.

        Args:
            word_counts (dict): The count (int or float) of each word (any hashable but a tuple;
                ints for :class:`BinaryHierarchicalSoftmax`).

        Returns:
            The tree: nested 2-tuples whose leaves are the keys of `word_counts` (a single key by
            itself if there is one word).

        Raises:
            ValueError: `word_counts` is empty.

        Example:
            >>> L.BinaryHierarchicalSoftmax.create_huffman_tree({0: 8, 1: 5, 2: 6, 3: 4})
            ((3, 1), (2, 0))
        """
        if not word_counts:
            raise ValueError('Empty vocabulary')
        # (count, order, subtree): a merged subtree keeps the smaller order of its two parts, so
        # two entries never tie on (count, order) and the subtrees are never compared.
        heap = [(count, order, word) for order, (word, count) in enumerate(word_counts.items())]
        heapq.heapify(heap)
        while len(heap) > 1:
            count1, order1, tree1 = heapq.heappop(heap)
            count2, order2, tree2 = heapq.heappop(heap)
            heapq.heappush(heap, (count1 + count2, min(order1, order2), (tree1, tree2)))
        return heap[0][2]

    def _check_inputs(self, x, t):
        in_types = type_check.get_types((x, t, self.W.array), 'in_types', False)
        with type_check.get_function_check_context(self):
            type_check.argname(in_types, ('x', 't', 'W'))
            x_type, t_type, w_type = in_types
            type_check.expect(
                x_type.dtype.kind == 'f',
                x_type.ndim == 2,
                t_type.dtype == numpy.int32,
                t_type.ndim == 1,
                x_type.shape[0] == t_type.shape[0],
                w_type.dtype == x_type.dtype,
                w_type.shape[1] == x_type.shape[1],
            )
        n_vocab = len(self._nodes)
        # As F.embed_id does, the IDs are read back only where that makes no GPU wait.
        if t.size and backend._checks_values(t) and (int(t.min()) < 0 or int(t.max()) >= n_vocab):
            raise ValueError('each t must satisfy 0 <= t < {} (the number of word IDs of the '
                             'tree)'.format(n_vocab))

    def forward(self, x, t):
        """The sum over the batch of ``-log P(t[i] | x[i])``.

        Args:
            x (~chainer.Variable or array): Input vectors of shape ``(B, in_size)``, of the dtype
                of ``W``.
            t (~chainer.Variable or array): Word IDs of shape ``(B,)``, int32.

        Returns:
            ~chainer.Variable: The loss, a 0-d array of x's dtype. It is differentiable (twice)
            in ``x`` and ``W``.

        Raises:
            ~chainer.utils.type_check.InvalidType: The dtypes or shapes are invalid.
            ValueError: A word ID is outside the vocabulary (on a GPU, checked in debug mode
                only).
        """
        x = variable.as_variable(x)
        if isinstance(t, variable.Variable):
            t = t.array
        self._check_inputs(x.array, t)
        nodes = self._nodes.take(t, axis=0)  # (B, depth)
        codes = self._codes.take(t, axis=0)
        if codes.dtype != x.dtype:
            codes = codes.astype(x.dtype)
        on_path = (codes != 0).astype(codes.dtype)  # 0 on the padding (Note [Padded path tables])
        w = functions.embed_id(nodes, self.W)  # (B, depth, in_size)
        scores = functions.sum(w * functions.expand_dims(x, 1), axis=2)
        # -log sigmoid(c s) = softplus(-c s): finite for any score, unlike log(sigmoid(c s)).
        return functions.sum(functions.softplus(scores * -codes) * on_path)
