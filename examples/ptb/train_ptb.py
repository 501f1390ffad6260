#!/usr/bin/env python
"""Trains a recurrent (LSTM) language model with truncated backpropagation through time, on ChainerX.

Written the way Chainer's own PTB example is: an ``EmbedID`` - ``LSTM`` - ``LSTM`` - ``Linear`` network
under ``L.Classifier``, an iterator that walks ``batchsize`` positions of the corpus in parallel, an
updater that accumulates the loss over ``--bproplen`` steps before each backward and then cuts the
graph (``loss.unchain_backward()``, on chainerx Variables too), and a Trainer reporting perplexity.

Corpus: ``--ptb DIR`` reads the Penn Treebank files (``ptb.train.txt``, ``ptb.valid.txt``); by default,
so that the example runs offline on a fresh machine, the dataset descriptions that ship inside
scikit-learn (a few thousand words of English prose) are split 90/10 into training and validation.

    python train_ptb.py --device native:0 --epoch 20
"""

import argparse
import glob
import os
import re
import sys

import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions


class RNNLM(chainer.Chain):
    """Embedding, two LSTM layers with dropout, and the output projection."""

    def __init__(self, n_vocab, n_units, dropout=0.3):
        super().__init__()
        with self.init_scope():
            self.embed = L.EmbedID(n_vocab, n_units)
            self.l1 = L.LSTM(n_units, n_units)
            self.l2 = L.LSTM(n_units, n_units)
            self.l3 = L.Linear(n_units, n_vocab)
        for param in self.params():
            param.array[...] = numpy.random.uniform(-0.1, 0.1, param.shape)
        self.dropout = dropout

    def reset_state(self):
        self.l1.reset_state()
        self.l2.reset_state()

    def forward(self, x):
        h = self.embed(x)
        h = self.l1(F.dropout(h, self.dropout))
        h = self.l2(F.dropout(h, self.dropout))
        return self.l3(F.dropout(h, self.dropout))


class ParallelSequentialIterator(chainer.dataset.Iterator):
    """Yields (word, next word) pairs at ``batch_size`` positions spread evenly over the corpus."""

    def __init__(self, dataset, batch_size, repeat=True):
        self.dataset = dataset
        self.batch_size = batch_size
        self.repeat = repeat
        self.epoch = 0
        self.is_new_epoch = False
        self.iteration = 0
        length = len(dataset)
        self.offsets = [i * length // batch_size for i in range(batch_size)]

    def __next__(self):
        length = len(self.dataset)
        if not self.repeat and self.iteration * self.batch_size >= length:
            raise StopIteration
        words = self.dataset[[(offset + self.iteration) % length for offset in self.offsets]]
        self.iteration += 1
        nexts = self.dataset[[(offset + self.iteration) % length for offset in self.offsets]]
        epoch = self.iteration * self.batch_size // length
        self.is_new_epoch = self.epoch < epoch
        self.epoch = epoch
        return list(zip(words, nexts))

    @property
    def epoch_detail(self):
        return self.iteration * self.batch_size / len(self.dataset)

    @property
    def previous_epoch_detail(self):
        if self.iteration == 0:
            return None
        return (self.iteration - 1) * self.batch_size / len(self.dataset)

    def reset(self):
        self.epoch = 0
        self.is_new_epoch = False
        self.iteration = 0

    def serialize(self, serializer):
        self.iteration = serializer('iteration', self.iteration)
        self.epoch = serializer('epoch', self.epoch)


class BPTTUpdater(training.updaters.StandardUpdater):
    """Accumulates the loss over ``bprop_len`` steps, then backward, cut the graph, and update."""

    def __init__(self, train_iter, optimizer, bprop_len, device):
        super().__init__(train_iter, optimizer, device=device)
        self.bprop_len = bprop_len

    def update_core(self):
        train_iter = self.get_iterator('main')
        optimizer = self.get_optimizer('main')
        model = optimizer.target
        loss = 0
        for _ in range(self.bprop_len):
            x, t = self.converter(train_iter.__next__(), self.device)
            loss += model(x, t)
        model.cleargrads()
        loss.backward()
        loss.unchain_backward()  # truncated BPTT: the next backward stops at the LSTM states
        optimizer.update()


def compute_perplexity(result):
    """LogReport postprocess: perplexities from the mean losses."""
    result['perplexity'] = numpy.exp(result['main/loss'])
    if 'validation/main/loss' in result:
        result['val_perplexity'] = numpy.exp(result['validation/main/loss'])


def _tokenize(text):
    """Lower-case words and punctuation marks; '<eos>' at the end of each non-empty line."""
    words = []
    for line in text.splitlines():
        tokens = re.findall(r"[a-z]+|[0-9]+|[.,;:()]", line.lower())
        if tokens:
            words.extend(tokens + ['<eos>'])
    return words


def load_corpus(ptb_dir):
    """(name, train ids, valid ids, vocabulary size)."""
    if ptb_dir:
        with open(os.path.join(ptb_dir, 'ptb.train.txt')) as f:
            train_words = f.read().replace('\n', ' <eos> ').split()
        with open(os.path.join(ptb_dir, 'ptb.valid.txt')) as f:
            valid_words = f.read().replace('\n', ' <eos> ').split()
        name = 'Penn Treebank'
    else:
        import sklearn.datasets
        pattern = os.path.join(os.path.dirname(sklearn.datasets.__file__), 'descr', '*.rst')
        words = []
        for path in sorted(glob.glob(pattern)):
            with open(path, encoding='utf-8') as f:
                words.extend(_tokenize(f.read()))
        split = len(words) * 9 // 10
        train_words, valid_words = words[:split], words[split:]
        name = "scikit-learn's dataset descriptions"
    vocab = {}
    for w in train_words + valid_words:
        vocab.setdefault(w, len(vocab))
    train = numpy.array([vocab[w] for w in train_words], numpy.int32)
    valid = numpy.array([vocab[w] for w in valid_words], numpy.int32)
    return name, train, valid, len(vocab)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[1])
    parser.add_argument('--batchsize', '-b', type=int, default=20)
    parser.add_argument('--bproplen', '-l', type=int, default=20, help='BPTT length')
    parser.add_argument('--epoch', '-e', type=int, default=20)
    parser.add_argument('--device', '-d', default='native:0')
    parser.add_argument('--gradclip', '-c', type=float, default=5, help='gradient norm threshold')
    parser.add_argument('--out', '-o', default='result_ptb')
    parser.add_argument('--resume', '-r', default='')
    parser.add_argument('--unit', '-u', type=int, default=100)
    parser.add_argument('--ptb', help='directory with ptb.train.txt and ptb.valid.txt')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--max-perplexity', type=float, default=0.0,
                        help='exit with status 1 if the final validation perplexity is higher')
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    device = chainer.get_device(args.device)
    device.use()
    numpy.random.seed(args.seed)
    name, train, valid, n_vocab = load_corpus(args.ptb)
    print('Corpus: {} ({} training, {} validation words, vocabulary {})'.format(
        name, len(train), len(valid), n_vocab))

    rnn = RNNLM(n_vocab, args.unit)
    model = L.Classifier(rnn)
    model.compute_accuracy = False
    model.to_device(device)
    optimizer = chainer.optimizers.SGD(lr=1.0)
    optimizer.setup(model)
    optimizer.add_hook(chainer.optimizer_hooks.GradientClipping(args.gradclip))

    train_iter = ParallelSequentialIterator(train, args.batchsize)
    valid_iter = ParallelSequentialIterator(valid, 1, repeat=False)
    updater = BPTTUpdater(train_iter, optimizer, args.bproplen, device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)

    eval_model = model.copy()
    eval_rnn = eval_model.predictor
    trainer.extend(extensions.Evaluator(valid_iter, eval_model, device=device,
                                        eval_hook=lambda _: eval_rnn.reset_state()))
    trainer.extend(extensions.LogReport(postprocess=compute_perplexity))
    trainer.extend(extensions.PrintReport(
        ['epoch', 'iteration', 'perplexity', 'val_perplexity', 'elapsed_time']))
    trainer.extend(extensions.snapshot(n_retains=1))
    if args.resume:
        chainer.serializers.load_npz(args.resume, trainer)
    trainer.run()

    log = trainer.get_extension('LogReport').log
    perplexity = float(log[-1]['val_perplexity'])
    print('Final validation perplexity: {:.2f} (vocabulary {})'.format(perplexity, n_vocab))
    if args.max_perplexity and perplexity > args.max_perplexity:
        print('perplexity {:.2f} is above the allowed {:.2f}'.format(perplexity, args.max_perplexity))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
