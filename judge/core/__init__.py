"""What every product shares: the entry and citation types, errors, paths, text folding,
YAML loading with lines, and the interface labels."""

from judge.core import methods

# Before any of judge's types is made (each module that makes one imports judge.core first):
# the code of their dataclass methods comes from the user cache.
methods.install()
