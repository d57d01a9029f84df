"""Classic and system crontab files, their user column, and the invoking user's `crontab -l`."""
