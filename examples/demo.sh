#!/bin/sh
# `make demo`: run cronstable on the bundled example fleet.
set -u
CRONSTABLE=${1:-cronstable}
FLEET=examples
# Print an argument so that pasting it into a shell gives the same argument back:
# anything beyond plain word characters is single-quoted (so `*` is never expanded).
quote() {
    case $1 in
        '' | *[!A-Za-z0-9_./:=,@%+-]*)
            printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
        *) printf '%s' "$1" ;;
    esac
}
run() {
    printf '\n$ cronstable'
    for arg in "$@"; do
        printf ' '
        quote "$arg"
    done
    printf '\n'
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
run stagger $(seq -f 'db-backup-%02g' 1 31) --window 02:00/50
