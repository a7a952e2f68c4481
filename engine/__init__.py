"""UO Studio engine: file formats, validation, battlefield and rules. Never imports Qt."""

__version__ = "0.1.0"
