"""L.NStepRNNTanh, L.NStepRNNReLU and their bidirectional variants; the base of every NStep link.

Note [NStep link parameters]: an NStep link is a ChainList with one child Link per layer and
direction (index ``layer * n_directions + direction``), each holding the parameters ``w0``, ...,
``w{n-1}`` and ``b0``, ..., ``b{n-1}`` (n = n_weights: 2 for plain RNNs, 6 for GRUs, 8 for LSTMs),
so saved models name their arrays ``0/w0``, ``0/b0``, ... as the original's do. The first half of
the weights act on the layer's input (shape (out_size, in_size) for layer 0, (out_size,
n_directions * out_size) above), the second half on the hidden state (out_size, out_size). ``ws``
and ``bs`` list them per child in the order the chainer.functions.n_step_* functions take.

Note [NStep link sequences]: the links take a list of sequences in any order (xs[i] of shape
(L_i, in_size)); the functions want time-major batches of sequences sorted by decreasing length.
The link sorts the sequences (a stable sort, so equal lengths keep their order), permutes the
batch axis of the initial states likewise, transposes with F.transpose_sequence, and undoes all of
it on the results, so ys[i] and hy[:, i] belong to xs[i].
"""

import numpy

from chainer import link
from chainer import variable
from chainer.functions.array.permutate import permutate
from chainer.functions.array.transpose_sequence import transpose_sequence
from chainer.functions.rnn.n_step_rnn import n_step_birnn
from chainer.functions.rnn.n_step_rnn import n_step_rnn
from chainer.utils import argument

_TRAIN_RETIRED = 'train argument is not supported anymore. Use chainer.using_config'


def argsort_list_descent(lst):
    """The indices that sort the sequences of `lst` by decreasing length (stable), as int32."""
    return numpy.argsort([-len(x) for x in lst], kind='stable').astype(numpy.int32)


def permutate_list(lst, indices, inv):
    """`lst` permuted: ``ret[i] = lst[indices[i]]``, or inversely ``ret[indices[i]] = lst[i]``."""
    ret = [None] * len(lst)
    for i, index in enumerate(indices):
        if inv:
            ret[index] = lst[i]
        else:
            ret[i] = lst[index]
    return ret


class NStepRNNBase(link.ChainList):
    """The base of the NStep links (Note [NStep link parameters]).

    Subclasses set ``n_weights`` (weights per layer and direction), ``use_bi_direction`` and
    ``n_cells`` (1, or 2 for LSTMs with their cell state) and define ``rnn(*args)``, the
    chainer.functions.n_step_* call.

    Args:
        n_layers (int): The number of layers.
        in_size (int): The size of the input vectors.
        out_size (int): The size of the hidden states.
        dropout (float): The dropout ratio of the inputs of the layers after the first.
        initialW: Initializer of the weights (default LeCunNormal).
        initial_bias: Initializer of the biases (default 0).

    Raises:
        ValueError: A retired argument (use_cudnn, use_bi_direction, activation) is given, or
            `n_layers` is not positive.
        TypeError: Another unknown argument is given.

    Attributes:
        n_layers (int), dropout (float), out_size (int): The arguments.
        direction (int): 2 if bidirectional, else 1.
    """

    n_weights = None
    use_bi_direction = False
    n_cells = 1

    def __init__(self, n_layers, in_size, out_size, dropout, initialW=None, initial_bias=None,
                 **kwargs):
        argument.parse_kwargs(
            kwargs,
            use_cudnn='use_cudnn argument is not supported anymore. Use chainer.using_config',
            use_bi_direction='use_bi_direction is not supported anymore',
            activation='activation is not supported anymore')
        if not isinstance(n_layers, (int, numpy.integer)) or n_layers < 1:
            raise ValueError('n_layers must be a positive integer, got {}'.format(n_layers))
        from chainer import initializers
        initialW = initializers._get_initializer(initialW)
        initial_bias = initializers._get_initializer(0 if initial_bias is None else initial_bias)
        direction = 2 if self.use_bi_direction else 1
        weights = []
        for layer in range(n_layers):
            for _ in range(direction):
                weights.append(self._layer_link(
                    in_size if layer == 0 else out_size * direction, out_size, initialW,
                    initial_bias))
        super().__init__(*weights)
        self.n_layers = n_layers
        self.dropout = dropout
        self.out_size = out_size
        self.direction = direction

    def _layer_link(self, in_size, out_size, initialW, initial_bias):
        weight = link.Link()
        with weight.init_scope():
            for j in range(self.n_weights):
                w_in = in_size if j < self.n_weights // 2 else out_size
                setattr(weight, 'w{}'.format(j), variable.Parameter(initialW, (out_size, w_in)))
                setattr(weight, 'b{}'.format(j), variable.Parameter(initial_bias, (out_size,)))
        return weight

    @property
    def ws(self):
        """The weights: a list per layer and direction of the ``n_weights`` Parameters."""
        return [[getattr(child, 'w{}'.format(j)) for j in range(self.n_weights)]
                for child in self]

    @property
    def bs(self):
        """The biases, laid out like :attr:`ws`."""
        return [[getattr(child, 'b{}'.format(j)) for j in range(self.n_weights)]
                for child in self]

    def init_hx(self, xs):
        """Zero initial states (n_layers * direction, len(xs), out_size) of xs's dtype."""
        shape = (self.n_layers * self.direction, len(xs), self.out_size)
        return variable.Variable(self.device.send(numpy.zeros(shape, dtype=xs[0].dtype)))

    def rnn(self, *args):
        """Calls the network function (n_layers, dropout, *states, ws, bs, xs)."""
        raise NotImplementedError

    def _call(self, hs, xs, **kwargs):
        """Runs the network on the sequences `xs` (Note [NStep link sequences]).

        Returns:
            list: The final states (one per cell kind) followed by the list of outputs.
        """
        argument.parse_kwargs(kwargs, train=_TRAIN_RETIRED)
        if not isinstance(xs, (list, tuple)):
            raise TypeError('xs must be a list of sequences, not {}'.format(type(xs).__name__))
        if not xs:
            raise ValueError('xs must hold at least one sequence')
        indices = argsort_list_descent(xs)
        indices_array = self.device.send(indices)
        xs = permutate_list(xs, indices, inv=False)
        hxs = []
        for hx in hs:
            if hx is None:
                hx = self.init_hx(xs)
            else:
                hx = permutate(hx, indices_array, axis=1, inv=False)
            hxs.append(hx)
        trans_x = transpose_sequence(xs)
        result = self.rnn(*([self.n_layers, self.dropout] + hxs + [self.ws, self.bs, trans_x]))
        hys = [permutate(h, indices_array, axis=1, inv=True) for h in result[:-1]]
        ys = list(transpose_sequence(result[-1]))
        # Empty sequences (last in the sorted order) have no element in any time step.
        width = self.direction * self.out_size
        ys += [variable.Variable(self.device.send(numpy.zeros((0, width), hys[0].dtype)))
               for _ in range(len(xs) - len(ys))]
        return hys + [permutate_list(ys, indices, inv=True)]

    def forward(self, hx, xs, **kwargs):
        """Runs the network.

        Args:
            hx (~chainer.Variable or array): The initial hidden states
                (n_layers * direction, len(xs), out_size), or None (zeros).
            xs (list of ~chainer.Variable or arrays): The input sequences, xs[i] of shape
                (L_i, in_size), in any order of lengths.

        Returns:
            tuple: hy, the final hidden states (hx's shape), and ys, the list of output
            sequences (ys[i] of shape (L_i, direction * out_size)).
        """
        hy, ys = self._call([hx], xs, **kwargs)
        return hy, ys


class NStepRNNTanh(NStepRNNBase):
    """Stacked Elman RNN with tanh, over sequences (see :func:`chainer.functions.n_step_rnn`).

    Takes the arguments of :class:`NStepRNNBase`.
    """

    n_weights = 2
    activation = 'tanh'

    def rnn(self, *args):
        return n_step_rnn(*args, activation=self.activation)


class NStepRNNReLU(NStepRNNTanh):
    """Stacked Elman RNN with ReLU, over sequences."""

    activation = 'relu'


class NStepBiRNNTanh(NStepRNNTanh):
    """Stacked bidirectional Elman RNN with tanh (see :func:`chainer.functions.n_step_birnn`)."""

    use_bi_direction = True

    def rnn(self, *args):
        return n_step_birnn(*args, activation=self.activation)


class NStepBiRNNReLU(NStepBiRNNTanh):
    """Stacked bidirectional Elman RNN with ReLU."""

    activation = 'relu'
