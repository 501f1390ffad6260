"""`chainer.links.Classifier`: wraps a predictor with a loss and an accuracy, reported each call."""

from chainer import functions
from chainer import link


class Classifier(link.Chain):
    """Computes the loss (and accuracy) of a predictor's output against the labels.

    ``model(*args, **kwargs)`` takes the labels out of the arguments (by `label_key`), calls
    ``predictor`` on the rest, and returns ``lossfun(y, t)``. The loss and, while
    ``compute_accuracy`` is true, ``accfun(y, t)`` are reported as ``'loss'`` and
    ``'accuracy'`` through :func:`chainer.reporter.report` with the classifier as observer.

    Args:
        predictor (~chainer.Link): The predictor, registered as the child ``predictor``.
        lossfun (callable): ``lossfun(y, t)``.
        accfun (callable): ``accfun(y, t)``.
        label_key (int or str): The position of the labels among the positional arguments, or
            their keyword.

    Attributes:
        y, loss, accuracy: The results of the last call (None before).
        compute_accuracy (bool): Compute and report the accuracy.

    Raises:
        TypeError: If `label_key` is neither an int nor a str.
    """

    def __init__(self, predictor, lossfun=functions.softmax_cross_entropy,
                 accfun=functions.accuracy, label_key=-1):
        if isinstance(label_key, bool) or not isinstance(label_key, (int, str)):
            raise TypeError('label_key must be int or str, but is {}'.format(type(label_key)))
        super().__init__()
        self.lossfun = lossfun
        self.accfun = accfun
        self.y = None
        self.loss = None
        self.accuracy = None
        self.compute_accuracy = True
        self.label_key = label_key
        with self.init_scope():
            self.predictor = predictor

    def _split_label(self, args, kwargs):
        key = self.label_key
        if isinstance(key, int):
            if not -len(args) <= key < len(args):
                raise ValueError('Label key {} is out of bounds'.format(key))
            t = args[key]
            key %= len(args)
            return args[:key] + args[key + 1:], kwargs, t
        if key not in kwargs:
            raise ValueError('Label key "{}" is not found'.format(key))
        kwargs = dict(kwargs)
        t = kwargs.pop(key)
        return args, kwargs, t

    def forward(self, *args, **kwargs):
        """Returns the loss of the predictor's output on the arguments against the labels.

        Raises:
            ValueError: If the labels are not among the arguments.
        """
        from chainer import reporter
        args, kwargs, t = self._split_label(args, kwargs)
        self.y = None
        self.loss = None
        self.accuracy = None
        self.y = self.predictor(*args, **kwargs)
        self.loss = self.lossfun(self.y, t)
        reporter.report({'loss': self.loss}, self)
        if self.compute_accuracy:
            self.accuracy = self.accfun(self.y, t)
            reporter.report({'accuracy': self.accuracy}, self)
        return self.loss
