"""`cronstable` on the command line: options parsed, analyses run, reports rendered."""
