"""The toolkit's own files, not job files: project settings, lint baseline, run lengths."""
