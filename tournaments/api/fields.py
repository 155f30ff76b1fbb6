"""Serializer fields for a result's typed values, read by the engine's own readers
(``scoring.engine.entry``), so the API and the pages read a result the same way."""
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.engine import ScoringError
from scoring.engine.entry import TRICKS, read_adjusted, read_tricks

ADJUSTED_PATTERN = r"^(|A\+|A|A-|table|100%|[1-9]?[0-9](\.[0-9]{1,2})?%)$"


@extend_schema_field({"type": "integer", "minimum": 0, "maximum": TRICKS, "nullable": True,
                      "description": "0-13; null (or blank) when not given: a passed-out board or an adjusted score."})
class TricksField(serializers.Field):
    """A number of tricks, an int from 0 to 13, or None (not given)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("allow_null", True)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        try:
            return read_tricks(data)
        except ScoringError as exc:
            raise serializers.ValidationError(str(exc)) from None

    def to_representation(self, value):
        return value


@extend_schema_field({"type": "string", "pattern": ADJUSTED_PATTERN, "nullable": True, "example": "A+",
                      "description": "An arbitral score (Law 12C2): A+, A, A- or a percentage such as 60%; "
                                     '"table" keeps the table result for this side (a split score); blank: none.'})
class AdjustedField(serializers.Field):
    """An ``Adjustment``, ``KEEP_TABLE`` or None."""

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("allow_null", True)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, (str, int, float)) or isinstance(data, bool):
            raise serializers.ValidationError("Give the adjusted score as text, e.g. A+ or 60%.")
        try:
            return read_adjusted(data)
        except ScoringError as exc:
            raise serializers.ValidationError(str(exc)) from None

    def to_representation(self, value):
        return getattr(value, "label", value)
