"""The language server's tests; they need the `[lsp]` extra (pygls, lsprotocol)."""

import pytest

# Imported before any module here, so without the extra every one of them skips, saying why.
pytest.importorskip("pygls", reason="the [lsp] extra (pygls) is not installed")
pytest.importorskip("lsprotocol", reason="the [lsp] extra (lsprotocol) is not installed")
