"""The one error the engine raises for text it cannot accept."""

from __future__ import annotations


class ScheduleError(ValueError):
    """A schedule that cannot be parsed.

    Carries the field it failed in, the offending item, the 1-based column of
    that item within the expression, and a hint when the text looks like
    another cron dialect.
    """

    def __init__(
        self,
        reason: str,
        *,
        field: str | None = None,
        item: str | None = None,
        column: int = 0,
        hint: str | None = None,
    ) -> None:
        self.reason = reason
        self.field = field
        self.item = item
        self.column = column
        self.hint = hint
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The one-line reason, with the field and the hint when there are any."""
        text = f"{self.field}: {self.reason}" if self.field else self.reason
        if self.hint:
            text = f"{text} ({self.hint})"
        return text
