"""What every product shares: the entry and citation types, errors, paths, text folding,
YAML loading with lines, and the interface labels."""
