"""OnceTrigger: fires once, at the first call (and optionally again after resuming)."""


class OnceTrigger:
    """Trigger that fires only at its first call.

    Args:
        call_on_resume (bool): Also fire at the first call after the trainer is resumed from a snapshot.
    """

    def __init__(self, call_on_resume=False):
        self._flag_first = True
        self._flag_resumed = call_on_resume

    @property
    def finished(self):
        """True once the trigger will not fire any more."""
        return not (self._flag_first or self._flag_resumed)

    def __call__(self, trainer):
        """True at the first call, False afterwards."""
        fire = not self.finished
        self._flag_resumed = False
        self._flag_first = False
        return fire

    def serialize(self, serializer):
        """Saves or loads whether the trigger has fired."""
        self._flag_first = bool(serializer('_flag_first', self._flag_first))
