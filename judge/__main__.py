"""`python -m judge`."""

from judge.cli import main

main()
