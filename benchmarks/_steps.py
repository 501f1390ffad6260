"""Step functions shared by the benchmark modules."""


def fwd_bwd(fw, forward, inputs):
    """A step that clears the inputs' gradients, backpropagates the sum of forward(*inputs) and returns the first
    input's gradient (the result the frameworks are compared on)."""
    def step():
        fw.cleargrads(*inputs)
        forward(*inputs).sum().backward()
        return inputs[0].grad

    return step
