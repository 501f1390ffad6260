"""The serializer protocol: the objects that save (:class:`Serializer`) or load
(:class:`Deserializer`) the state of links, optimizers, iterators and trainers.

An object with state defines ``serialize(serializer)`` and calls ``serializer(key, value)`` for each
value and ``serializer[name]`` for a child's serializer, without knowing the direction:

    def serialize(self, serializer):
        self.count = serializer('count', self.count)     # saves, or loads and returns the value
        self.child.serialize(serializer['child'])
"""


class AbstractSerializer:
    """The protocol shared by serializers and deserializers.

    Keys form a hierarchy: ``serializer['a']['b']('c', value)`` handles the value at ``a/b/c``.
    """

    def __getitem__(self, key):
        """Returns the serializer of the child named `key` (the hierarchy's next level).

        Args:
            key (str): The name of the child.
        """
        raise NotImplementedError(
            '{} does not implement __getitem__'.format(type(self).__name__))

    def __call__(self, key, value):
        """Saves or loads one value.

        A serializer records `value` (an array, a Variable, a scalar, a string or ``None``) under
        `key` and returns it unchanged. A deserializer reads the value stored under `key`: it
        copies an array into `value` in place (`value` keeps its identity, dtype and device) and
        returns `value`; for a scalar it returns the loaded value converted to ``type(value)``;
        for ``value=None`` it returns what was stored (``None`` if that was ``None``).

        Args:
            key (str): The name of the value.
            value: The value to save, or the value to load into.

        Returns:
            The saved value, or the loaded one.
        """
        raise NotImplementedError(
            '{} does not implement __call__'.format(type(self).__name__))


class Serializer(AbstractSerializer):
    """Base of the serializers, which save values."""

    def save(self, obj):
        """Saves the state of `obj` by calling ``obj.serialize(self)``.

        Args:
            obj: An object with a ``serialize(serializer)`` method (a Link, an Optimizer, ...).
        """
        obj.serialize(self)


class Deserializer(AbstractSerializer):
    """Base of the deserializers, which load values."""

    def load(self, obj):
        """Loads the state of `obj` by calling ``obj.serialize(self)``.

        Args:
            obj: An object with a ``serialize(serializer)`` method (a Link, an Optimizer, ...).
        """
        obj.serialize(self)
