"""The abstract collection classes of `collections.abc`, under the name Chainer code imports.

The original module papered over the Python 2/3 difference; it is kept so that
`from chainer.utils import collections_abc` keeps working.
"""

from collections.abc import AsyncGenerator  # NOQA
from collections.abc import AsyncIterable  # NOQA
from collections.abc import AsyncIterator  # NOQA
from collections.abc import Awaitable  # NOQA
from collections.abc import Callable  # NOQA
from collections.abc import Collection  # NOQA
from collections.abc import Container  # NOQA
from collections.abc import Coroutine  # NOQA
from collections.abc import Generator  # NOQA
from collections.abc import Hashable  # NOQA
from collections.abc import ItemsView  # NOQA
from collections.abc import Iterable  # NOQA
from collections.abc import Iterator  # NOQA
from collections.abc import KeysView  # NOQA
from collections.abc import Mapping  # NOQA
from collections.abc import MappingView  # NOQA
from collections.abc import MutableMapping  # NOQA
from collections.abc import MutableSequence  # NOQA
from collections.abc import MutableSet  # NOQA
from collections.abc import Reversible  # NOQA
from collections.abc import Sequence  # NOQA
from collections.abc import Set  # NOQA
from collections.abc import Sized  # NOQA
from collections.abc import ValuesView  # NOQA
