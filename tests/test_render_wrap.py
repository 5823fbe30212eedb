"""render.wrap: a line that fits is returned as is, exactly what textwrap would give."""

from __future__ import annotations

import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.render import wrap

_TEXT = st.text(alphabet=st.sampled_from(list("ab ¶-\t\n\u00a0\u2003.")), max_size=40)
_INDENT = st.sampled_from(["", "  ", "    · ", " \t"])


def _textwrap(text: str, width: int, first: str, rest: str) -> list[str]:
    wrapper = textwrap.TextWrapper(width=width, initial_indent=first, subsequent_indent=rest,
                                   break_on_hyphens=False, break_long_words=True)
    return wrapper.wrap(text) or [first.rstrip()]


@settings(max_examples=2000, deadline=None)
@given(_TEXT, st.integers(min_value=8, max_value=60), _INDENT, _INDENT)
def test_wrap_is_textwrap(text: str, width: int, first: str, rest: str) -> None:
    assert wrap(text, width, first, rest) == _textwrap(text, width, first, rest)


def test_a_line_that_fits_is_kept_whole_and_a_longer_one_wrapped() -> None:
    assert wrap("Ana usa Escudo ¶3", 1000, "  ") == ["  Ana usa Escudo ¶3"]
    assert wrap("Ana usa Escudo ¶3", 10, "", "  ") == ["Ana usa", "  Escudo", "  ¶3"]
