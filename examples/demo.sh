#!/bin/sh
# `make demo`: run cronstable on the bundled example fleet.
set -u
CRONSTABLE=${1:-cronstable}
FLEET=examples
run() {
    printf '\n\033[1m$ cronstable %s\033[0m\n' "$*"
    "$CRONSTABLE" "$@"
    return 0
}
run jobs "$FLEET" --from 2026-12-01T00:00
run lint "$FLEET"
run preview "H/15 9-17 * * mon-fri" --seed refresh-cache --tz Europe/Berlin -n 6 --from 2026-12-01T00:00
run preview --job nightly-report "$FLEET" -n 4 --from 2027-03-12T00:00
run explain "0 12 13 * 5"
run why "0 12 13 * 5" --at 2026-11-13T12:00
run pressure "$FLEET" --from 2026-12-01T00:00
run suggest "$FLEET" --from 2026-12-01T00:00
run duplicates "$FLEET"
run owners "$FLEET" --nodes a,b,c --down b
run stagger db-backup-01 db-backup-02 db-backup-03 db-backup-04 db-backup-05 --window 02:00/50
