"""Where a load's bytes come from: disk or git revision, which files PATHS mean, the reader."""
