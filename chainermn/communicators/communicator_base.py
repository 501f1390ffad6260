"""The interface every chainermn communicator implements."""

import abc

import numpy


def check_communicator(comm, what='communicator'):
    """Raises TypeError unless `comm` is a chainermn communicator."""
    if not isinstance(comm, CommunicatorBase):
        raise TypeError('{} must be a chainermn communicator, got {}'.format(
            what, type(comm).__name__))


def check_rank(rank, size, what):
    """`rank` as an int after checking that it is a rank of a communicator of `size` processes.

    Raises:
        TypeError: `rank` is not an integer (bools and arrays included).
        ValueError: `rank` is out of range.
    """
    if isinstance(rank, bool) or not isinstance(rank, (int, numpy.integer)):
        raise TypeError('{} must be an int rank, got {}'.format(what, type(rank).__name__))
    if not 0 <= rank < size:
        raise ValueError('{} {} is out of range for a communicator of size {}'.format(
            what, rank, size))
    return int(rank)


class CommunicatorBase(abc.ABC):
    """A group of processes that train one model together.

    ``rank`` is this process's index among ``size`` processes; ``intra_rank``/``intra_size``
    count the processes on this machine (use ``intra_rank`` to pick the GPU),
    ``inter_rank``/``inter_size`` the machines. Array collectives take and return NumPy arrays,
    chainerx arrays or CuPy arrays (the kind of array sent is the kind received); ``*_obj``
    methods move picklable objects.
    """

    @property
    @abc.abstractmethod
    def rank(self):
        """The rank of this process in the communicator."""

    @property
    @abc.abstractmethod
    def size(self):
        """The number of processes."""

    @property
    @abc.abstractmethod
    def intra_rank(self):
        """The rank of this process among the processes of its machine."""

    @property
    @abc.abstractmethod
    def intra_size(self):
        """The number of processes on this machine."""

    @property
    @abc.abstractmethod
    def inter_rank(self):
        """The index of this process's machine."""

    @property
    @abc.abstractmethod
    def inter_size(self):
        """The number of machines."""

    @abc.abstractmethod
    def split(self, color, key):
        """A new communicator of the processes with the same `color`, ranked by `key`."""

    @abc.abstractmethod
    def send(self, data, dest, tag=0):
        """Sends an array (or a tuple/list of arrays) to rank `dest`."""

    @abc.abstractmethod
    def recv(self, source, tag=0):
        """Receives what :meth:`send` sent from rank `source`: an array or a tuple of arrays."""

    @abc.abstractmethod
    def bcast(self, data, max_buf_len=None, root=0):
        """Returns the array `data` of rank `root` on every rank (`data` is ignored elsewhere)."""

    @abc.abstractmethod
    def gather(self, data, root=0):
        """Returns, on rank `root`, the tuple of every rank's array (``None`` elsewhere)."""

    @abc.abstractmethod
    def allgather(self, x):
        """Returns the tuple of every rank's array on every rank."""

    @abc.abstractmethod
    def scatter(self, xs, root=0):
        """Rank `root` gives one array per rank (`xs` of length ``size``); each gets its own."""

    @abc.abstractmethod
    def alltoall(self, xs):
        """Each rank gives one array per rank and receives, in rank order, the one meant for it."""

    @abc.abstractmethod
    def allreduce(self, data):
        """Returns the elementwise sum over ranks of the array `data` (same shape and dtype)."""

    @abc.abstractmethod
    def send_obj(self, obj, dest, tag=0):
        """Sends a picklable object to rank `dest`."""

    @abc.abstractmethod
    def recv_obj(self, source, status=None, tag=None):
        """Receives an object sent by :meth:`send_obj`."""

    @abc.abstractmethod
    def bcast_obj(self, obj, max_buf_len=None, root=0):
        """Returns rank `root`'s object on every rank."""

    @abc.abstractmethod
    def gather_obj(self, obj, root=0):
        """Returns, on rank `root`, the list of every rank's object (``None`` elsewhere)."""

    @abc.abstractmethod
    def allreduce_obj(self, obj):
        """Returns the sum over ranks (in rank order) of a summable object on every rank."""

    @abc.abstractmethod
    def bcast_data(self, model):
        """Copies the parameters (and persistent arrays) of rank 0's `model` into every rank's."""

    @abc.abstractmethod
    def multi_node_mean_grad(self, model, zero_fill=False):
        """Replaces every parameter gradient of `model` by its mean over ranks."""

    def allreduce_grad(self, model, zero_fill=False):
        """The original's older name of :meth:`multi_node_mean_grad`."""
        self.multi_node_mean_grad(model, zero_fill)

    def finalize(self):
        """Releases the communicator's resources (the MPI library itself stays initialised)."""
