"""The analyses: jobs in, plain answers out (lint, fires, pressure, owners, diff...); no I/O."""
