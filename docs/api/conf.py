"""Sphinx configuration of the API reference, built from the docstrings (reStructuredText).

Build it from the repository with the project installed (``scripts/test.sh``'s ``.venv``):
``python -m sphinx -W --keep-going -b html docs/api build/api``; ``tests/test_api_docs.py``
builds it in the test run, where a warning (a broken docstring) fails the test."""

project = "Paper Tales Lab"
author = "Paper Tales Lab contributors"
release = "0.1.0"
extensions = ["sphinx.ext.autodoc"]
# members in the order of the source, which groups them by purpose; annotations are shown in
# the description, where the engine's long type names do not bury the signature
autodoc_member_order = "bysource"
autodoc_typehints = "description"
html_theme = "alabaster"
