"""The released daemon as a test oracle, asked through its own virtual environment."""
