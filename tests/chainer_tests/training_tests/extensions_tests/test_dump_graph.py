"""DumpGraph: the graph of a reported loss written once through a real Trainer run, in both modes."""

import os
import re
import warnings

import numpy
import pytest

import chainer
from chainer import computational_graph
from chainer import serializers
from chainer import training
from chainer.training import extension
from chainer.training.extensions.computational_graph import DumpGraph, dump_graph

NODE_RE = re.compile(r'(\d+) \[([^\]]*)\];')
EDGE_RE = re.compile(r'(\d+) -> (\d+);')
ATTR_RE = re.compile(r'(\w+)="([^"]*)"')


def parse_dot(text):
    """{node id: attributes} and the edges of a dot text, checking that nothing else is in it."""
    match = re.fullmatch(r'digraph graphname\{rankdir=TB;(.*)\}', text)
    assert match, text
    body = match.group(1)
    assert EDGE_RE.sub('', NODE_RE.sub('', body)) == ''
    nodes = {int(i): dict(ATTR_RE.findall(attrs)) for i, attrs in NODE_RE.findall(body)}
    return nodes, [(int(h), int(t)) for h, t in EDGE_RE.findall(body)]


def _labels_and_edges(nodes, edges):
    """The multiset of labels and the edges as (head label, tail label) pairs: ids differ per run."""
    labels = sorted(attrs['label'] for attrs in nodes.values())
    return labels, sorted((nodes[h]['label'], nodes[t]['label']) for h, t in edges)


def _expected_graph(tiny, batch_size=4):
    """The labels and edges of the graph of one TinyRegression loss, built here directly."""
    x, t = chainer.dataset.concat_examples(tiny.dataset()[:batch_size])
    loss = tiny.Model()(x, t)
    nodes, edges = parse_dot(computational_graph.build_computational_graph(loss).dump())
    return _labels_and_edges(nodes, edges)


def _spy(trainer, priority):
    """Records, at each call, the flag keep_graph_on_report and whether cg.dot exists."""
    seen = []

    def record(t):
        seen.append((t.updater.iteration, chainer.config.keep_graph_on_report,
                     os.path.exists(os.path.join(t.out, 'cg.dot'))))

    trainer.extend(record, name='spy{}'.format(priority), priority=priority, trigger=(1, 'iteration'))
    return seen


def test_writes_the_graph_once_after_the_first_iteration(tiny, tmp_path, monkeypatch):
    builds = []
    original = computational_graph.build_computational_graph
    monkeypatch.setattr(computational_graph, 'build_computational_graph',
                        lambda *args, **kwargs: builds.append(1) or original(*args, **kwargs))
    trainer = training.Trainer(tiny.updater(), (3, 'iteration'), out=str(tmp_path))
    trainer.extend(DumpGraph('main/loss'))
    before = _spy(trainer, extension.PRIORITY_WRITER)
    after = _spy(trainer, extension.PRIORITY_READER - 10)
    trainer.run()
    assert builds == [1]
    # The flag is on until the dump of iteration 1 and back off afterwards.
    assert before == [(1, True, False), (2, False, True), (3, False, True)]
    assert after == [(1, False, True), (2, False, True), (3, False, True)]
    assert chainer.config.keep_graph_on_report is False
    with open(tmp_path / 'cg.dot') as f:
        nodes, edges = parse_dot(f.read())
    assert _labels_and_edges(nodes, edges) == _expected_graph(tiny)
    styles = {attrs['label']: (attrs['shape'], attrs['fillcolor'], attrs['style']) for attrs in nodes.values()}
    assert styles['MeanSquaredError'] == ('record', '#6495ED', 'filled')
    assert styles['W: (1, 3), float32'] == ('octagon', '#E0E0E0', 'filled')
    assert os.listdir(tmp_path) == ['cg.dot']


def test_a_flag_that_was_on_stays_on(tiny, tmp_path):
    chainer.config.keep_graph_on_report = True
    trainer = training.Trainer(tiny.updater(), (2, 'iteration'), out=str(tmp_path))
    trainer.extend(DumpGraph('main/loss'))
    trainer.run()
    assert chainer.config.keep_graph_on_report is True
    assert (tmp_path / 'cg.dot').exists()


@pytest.mark.parametrize('make', [
    lambda styles: DumpGraph('main/loss', 'graph.dot', *styles),
    lambda styles: DumpGraph('main/loss', out_name='graph.dot', variable_style=styles[0],
                             function_style=styles[1]),
    lambda styles: dump_graph('main/loss', filename='graph.dot', variable_style=styles[0],
                              function_style=styles[1]),
])
def test_filename_and_styles(tiny, tmp_path, make):
    styles = ({'shape': 'box', 'color': 'red'}, {'shape': 'diamond'})
    ext = make(styles)
    assert isinstance(ext, DumpGraph)
    trainer = training.Trainer(tiny.updater(), (1, 'iteration'), out=str(tmp_path))
    trainer.extend(ext)
    trainer.run()
    assert os.listdir(tmp_path) == ['graph.dot']
    nodes, _ = parse_dot((tmp_path / 'graph.dot').read_text())
    shapes = {attrs['label']: (attrs['shape'], attrs.get('color')) for attrs in nodes.values()}
    assert shapes['LinearFunction'] == ('diamond', None)
    b_label = 'b: ' + chainer.Variable(numpy.zeros(1, numpy.float32)).node.label   # the project's 1-d label
    assert shapes[b_label] == ('box', 'red')


def test_defaults():
    ext = DumpGraph('main/loss')
    assert ext.default_name == 'dump_graph'
    assert ext.trigger == (1, 'iteration')
    assert ext._filename == 'cg.dot'
    assert dump_graph('main/loss')._filename == 'cg.dot'
    with pytest.raises(TypeError):
        DumpGraph('main/loss', outname='typo.dot')


def test_chainerx_root_is_drawn_from_the_core_graph(tiny, tmp_path):
    # Not in the original (no graph for chainerx Variables there): the ops of the chainerx core.
    trainer = training.Trainer(tiny.updater(device='native:0'), (3, 'iteration'), out=str(tmp_path))
    trainer.extend(DumpGraph('main/loss'))
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        trainer.run()
    assert trainer.updater.iteration == 3
    assert os.listdir(tmp_path) == ['cg.dot']
    nodes, edges = parse_dot((tmp_path / 'cg.dot').read_text())
    labels = [attrs['label'] for attrs in nodes.values()]
    assert 'linear' in labels and any(label.endswith('(), float32') for label in labels)
    assert edges and all(head in nodes and tail in nodes for head, tail in edges)
    assert chainer.config.keep_graph_on_report is False


def test_call_before_training_waits_for_the_first_update(tiny, tmp_path):
    trainer = training.Trainer(tiny.updater(), (2, 'iteration'), out=str(tmp_path))
    trainer.extend(DumpGraph('main/loss'), call_before_training=True)
    seen = _spy(trainer, extension.PRIORITY_WRITER)
    trainer.run()
    assert seen[0] == (1, True, False)
    assert (tmp_path / 'cg.dot').exists()


def test_missing_key_and_non_variable_root(tiny, tmp_path):
    trainer = training.Trainer(tiny.updater(), (2, 'iteration'), out=str(tmp_path))
    trainer.extend(DumpGraph('main/accuracy'))
    with pytest.raises(KeyError, match='main/accuracy'):
        trainer.run(show_loop_exception_msg=False)
    assert chainer.config.keep_graph_on_report is False

    trainer = training.Trainer(tiny.updater(), (2, 'iteration'), out=str(tmp_path))
    trainer.extend(lambda t: chainer.report({'number': 1.5}), name='reporter',
                   priority=extension.PRIORITY_WRITER)
    trainer.extend(DumpGraph('number'))
    with pytest.raises(TypeError, match='not a Variable'):
        trainer.run(show_loop_exception_msg=False)
    assert chainer.config.keep_graph_on_report is False


def test_serialize_remembers_the_dump(tiny, tmp_path):
    trainer = training.Trainer(tiny.updater(), (1, 'iteration'), out=str(tmp_path))
    ext = DumpGraph('main/loss')
    trainer.extend(ext)
    trainer.run()
    saved = serializers.DictionarySerializer()
    ext.serialize(saved)
    os.remove(tmp_path / 'cg.dot')

    resumed = DumpGraph('main/loss')
    resumed.serialize(serializers.NpzDeserializer(saved.target))
    trainer = training.Trainer(tiny.updater(), (2, 'iteration'), out=str(tmp_path))
    trainer.extend(resumed)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        trainer.run()
    assert os.listdir(tmp_path) == []   # dumped before the snapshot: not again
    assert chainer.config.keep_graph_on_report is False


def test_training_that_ends_before_the_dump_restores_the_flag(tiny, tmp_path):
    trainer = training.Trainer(tiny.updater(), (2, 'iteration'), out=str(tmp_path))
    trainer.extend(DumpGraph('main/loss'), trigger=(5, 'iteration'))
    trainer.run()
    assert chainer.config.keep_graph_on_report is False
    assert not (tmp_path / 'cg.dot').exists()
    assert numpy.isfinite(float(trainer.observation['main/loss'].array))
