"""For translators: the consistency checks (`checks`), the aligned comparison of two languages
(`compare`), spelling, and the term base with its exports."""
