"""The daemon's config schema as tables, and the checks it runs at load (jobs, configs, DAGs)."""
