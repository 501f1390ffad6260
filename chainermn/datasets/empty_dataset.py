"""create_empty_dataset: a dataset of the same length with no data (for model-parallel ranks)."""


def create_empty_dataset(dataset):
    """Returns a dataset as long as `dataset` whose examples are empty tuples.

    Ranks of a model-parallel job that receive their inputs from other ranks still iterate over
    "their" dataset to keep step with the others; this one costs no memory per example.
    """
    return [()] * len(dataset)
